#!/bin/sh
# Installs the current build of retro into a temporary prefix, builds the
# example plugin (plugins/tictactoe) as a separate CMake project against
# that prefix only, and runs the installed `retro` on it: exactly the
# commands of "Building out of tree" in docs/writing-a-plugin.md, plus checks
# of what they print and of the installed tree.
#
# usage: out_of_tree_test.sh CMAKE RETRO_SOURCE RETRO_BUILD
set -eu

if [ $# -ne 3 ]; then
  echo "usage: $0 CMAKE RETRO_SOURCE RETRO_BUILD" >&2
  exit 2
fi
CMAKE=$1
SOURCE=$(cd "$2" && pwd)
RETRO_BUILD=$(cd "$3" && pwd)
# The tutorial says `cmake`: make it the one that configured this build.
PATH=$(dirname "$CMAKE"):$PATH
export PATH
unset RETRO_PLUGIN_PATH CMAKE_PREFIX_PATH LD_LIBRARY_PATH || true

TEST_NAME=install
. "$(dirname "$0")/test_work.sh"

# Fails unless file $1 contains the fixed string $2.
expect() {
  grep -F -q -- "$2" "$1" || {
    echo "--- $1 ---" >&2
    cat "$1" >&2
    fail "expected '$2' in $1"
  }
}

# The tutorial's variables, here in the scratch directory (RETRO_BUILD is
# the build this test belongs to, already configured and built by ctest's
# caller: the tutorial's first two commands).
RETRO_PREFIX=$WORK/retro
PLUGIN_SRC=$WORK/tictactoe
PLUGIN_BUILD=$WORK/build-tictactoe

echo "== install $RETRO_BUILD into $RETRO_PREFIX"
cd "$SOURCE"
# --- tutorial step 1 (last command): install retro ---
cmake --install "$RETRO_BUILD" --prefix "$RETRO_PREFIX" > "$WORK/install.log"
# --- tutorial step 2: start from a copy of the example ---
cp -r plugins/tictactoe "$PLUGIN_SRC"

for f in bin/retro include/retro/plugin.h \
         include/retro/game_module.h include/retro/status_macros.h \
         include/retro/solver/loopy_wdl.h include/retro/solver/finite_horizon.h \
         include/retro/solver/chance.h \
         lib/cmake/retro/retroConfig.cmake lib/cmake/retro/retroConfigVersion.cmake \
         lib/cmake/retro/retroTargets.cmake lib/cmake/retro/retroPluginHelpers.cmake; do
  [ -e "$RETRO_PREFIX/$f" ] || fail "not installed: $f"
done
ls "$RETRO_PREFIX"/lib/libretro_framework.so.* > /dev/null 2>&1 ||
  fail "not installed: lib/libretro_framework.so.*"
# The installed retro runs on its own RPATH, with its own library.
ldd "$RETRO_PREFIX/bin/retro" > "$WORK/ldd.txt"
expect "$WORK/ldd.txt" "$RETRO_PREFIX/bin/../lib/libretro_framework.so"
# The installed headers are whole: every retro header one of them includes
# is installed too. The host's own headers (framework/host/include) are not.
(cd "$RETRO_PREFIX/include" && grep -rhoE '#include "retro/[^"]+"' retro) |
  sed -E 's/#include "(.*)"/\1/' | sort -u > "$WORK/included.txt"
while read -r header; do
  [ -e "$RETRO_PREFIX/include/$header" ] || fail "an installed header includes $header, not installed"
done < "$WORK/included.txt"
for f in include/retro/host include/retro/plugin_loader.h include/retro/match.h; do
  [ ! -e "$RETRO_PREFIX/$f" ] || fail "installed, but the host's own: $f"
done

echo "== build the plugin out of tree in $PLUGIN_BUILD"
# --- tutorial step 3: configure and build against the installed retro ---
cmake -S "$PLUGIN_SRC" -B "$PLUGIN_BUILD" -G Ninja -DCMAKE_PREFIX_PATH="$RETRO_PREFIX" \
  > "$WORK/configure.log"
cmake --build "$PLUGIN_BUILD" > "$WORK/build.log"
[ -f "$PLUGIN_BUILD/retro_tictactoe.so" ] || fail "no $PLUGIN_BUILD/retro_tictactoe.so"
# Against the prefix only: nothing of the retro build tree is used.
if grep -F -q -- "$RETRO_BUILD" "$PLUGIN_BUILD/CMakeCache.txt" "$PLUGIN_BUILD/build.ninja"; then
  fail "the out-of-tree build refers to $RETRO_BUILD"
fi
expect "$PLUGIN_BUILD/CMakeCache.txt" "retro_DIR:PATH=$RETRO_PREFIX/lib/cmake/retro"

echo "== run the example's tests out of tree (retro_add_game_tests)"
# --- tutorial step 5: the plugin's own tests, with the installed retro ---
ctest --test-dir "$PLUGIN_BUILD" --output-on-failure > "$WORK/ctest.log" 2>&1 || {
  cat "$WORK/ctest.log" >&2
  fail "the out-of-tree plugin's tests failed"
}
expect "$WORK/ctest.log" "tictactoe_check ....."
expect "$WORK/ctest.log" "tictactoe_brute_force ....."
expect "$WORK/ctest.log" "100% tests passed, 0 tests failed out of 2"
for f in lib/cmake/retro/retroCompareWithBruteForce.cmake include/retro/kit/loopy_wdl_module.h; do
  [ -e "$RETRO_PREFIX/$f" ] || fail "not installed: $f"
done

echo "== run the installed retro with the out-of-tree plugin"
mkdir "$WORK/run"
cd "$WORK/run"
# --- tutorial step 4: solve and probe ---
export RETRO_PLUGIN_PATH="$PLUGIN_BUILD"
"$RETRO_PREFIX/bin/retro" games > games.txt
"$RETRO_PREFIX/bin/retro" solve --game tictactoe > solve.txt
"$RETRO_PREFIX/bin/retro" probe --db tictactoe.retro --position "x.o/.x./..o" > probe.txt
"$RETRO_PREFIX/bin/retro" verify --db tictactoe.retro > verify.txt
# --- end of the tutorial's commands; more checks of the same setup ---
"$RETRO_PREFIX/bin/retro" games --json > games.json
"$RETRO_PREFIX/bin/retro" probe --db tictactoe.retro --position ".../.../..." --json > probe.json
printf '.../.../...\nxxx/oo./...\n' |
  "$RETRO_PREFIX/bin/retro" probe --db tictactoe.retro > batch.txt
"$RETRO_PREFIX/bin/retro" perft --game tictactoe --position ".../.../..." --depth 9 > perft.txt

expect games.txt "tictactoe   tic-tac-toe"
# The out-of-tree plugin was the one used (RETRO_PLUGIN_PATH comes first).
expect games.json "\"plugin\":\"$PLUGIN_BUILD/retro_tictactoe.so\""
expect solve.txt "solved tictactoe: 5,478 positions"
expect solve.txt "wrote tictactoe.retro"
cat > probe.expected <<'END'
x.o/.x./..o  (x to move)
result: draw in 5 plies
move  position     result  plies
   6  x.o/.xx/..o  draw        5  best
   2  xxo/.x./..o  loss        2
   4  x.o/xx./..o  loss        2
   7  x.o/.x./x.o  loss        2
   8  x.o/.x./.xo  loss        2
END
diff probe.expected probe.txt >&2 || fail "unexpected probe output"
expect verify.txt "consistency: ok (19,683 records checked"
expect probe.json '"position":".../.../...","to_move":"x","result":"draw","distance":9'
expect batch.txt ".../.../... draw 9 best 1,2,3,4,5,6,7,8,9"
expect batch.txt "xxx/oo./... loss 0 game-over"
expect perft.txt "127872"

echo "== build an engine against the installed reader library (retro::reader)"
READER_BUILD=$WORK/build-reader
cmake -S "$SOURCE/tests/install/reader_consumer" -B "$READER_BUILD" -G Ninja \
  -DCMAKE_PREFIX_PATH="$RETRO_PREFIX" > "$WORK/reader-configure.log"
cmake --build "$READER_BUILD" > "$WORK/reader-build.log"
unset RETRO_PLUGIN_PATH
"$RETRO_PREFIX/bin/retro" solve --game oware --seeds 4 --out book.retro > /dev/null
"$RETRO_PREFIX/bin/retro" solve --game surakarta --pieces 3 --out tables.retro > /dev/null
"$RETRO_PREFIX/bin/retro" solve --game plakoto --points 6 --pin 2 --out pins.retro > /dev/null
OWARE="0 0 0 1 0 0 | 0 0 0 0 0 1"
SURAKARTA="....../.X.X../.O..../....../....../...... X"
PLAKOTO="p=2 13 1 0 0 0 0"
"$READER_BUILD/probe_all" book.retro tables.retro pins.retro "$OWARE" 3 "$SURAKARTA" \
  "$PLAKOTO" > reader.txt
# Each answer as `retro probe --json` gives it.
"$RETRO_PREFIX/bin/retro" probe --db book.retro --position "$OWARE" --plies-left 3 --json \
  > probe-oware.json
"$RETRO_PREFIX/bin/retro" probe --db tables.retro --position "$SURAKARTA" --json \
  > probe-surakarta.json
"$RETRO_PREFIX/bin/retro" probe --db pins.retro --position "$PLAKOTO" --json > probe-plakoto.json
for game in oware surakarta plakoto; do
  fields=$(sed -n "s/^$game //p" reader.txt)
  [ -n "$fields" ] || { echo "FAILED: the reader printed nothing for $game" >&2; exit 1; }
  grep -qF "$fields" "probe-$game.json" || {
    echo "FAILED: the reader's $game answer $fields is not in retro probe --json:" >&2
    cat "probe-$game.json" >&2
    exit 1
  }
done
echo "OK"
