#!/bin/sh
# Installs the current build of retro into a temporary prefix and builds
# every example installed under share/retro/examples/ (tictactoe, and the
# other kits' examples when they are in the tree) as a separate CMake
# project against that prefix only, from an empty folder: exactly the
# commands of "Building out of tree" in docs/writing-a-plugin.md, plus
# checks of what they print and of the installed tree. Each example's own
# tests (the contract check and the comparison with its brute force, from
# retro_add_game_tests) run with the installed retro, and the installed
# retro solves, probes and verifies each example through RETRO_PLUGIN_PATH.
#
# usage: out_of_tree_test.sh CMAKE RETRO_SOURCE RETRO_BUILD EXAMPLE...
# (EXAMPLE...: the examples the build installs, plugins/CMakeLists.txt)
set -eu

if [ $# -lt 4 ]; then
  echo "usage: $0 CMAKE RETRO_SOURCE RETRO_BUILD EXAMPLE..." >&2
  exit 2
fi
CMAKE=$1
SOURCE=$(cd "$2" && pwd)
RETRO_BUILD=$(cd "$3" && pwd)
shift 3
INSTALLED_EXAMPLES=$(printf '%s\n' "$@" | sort)
# The tutorial says `cmake`: make it the one that configured this build.
PATH=$(dirname "$CMAKE"):$PATH
export PATH
unset RETRO_PLUGIN_PATH CMAKE_PREFIX_PATH LD_LIBRARY_PATH || true

TEST_NAME=install
. "$(dirname "$0")/test_work.sh"
# Every project this test builds lives under $WORK, a new folder each run:
# a compiler cache given through the environment (CI's ccache) sees the
# same relative paths every time, and serves the builds from its cache.
export CCACHE_BASEDIR="$WORK"

# Fails unless file $1 contains the fixed string $2.
expect() {
  grep -F -q -- "$2" "$1" || {
    echo "--- $1 ---" >&2
    cat "$1" >&2
    fail "expected '$2' in $1"
  }
}

# Fails unless the example build folder $1 refers to nothing of the retro
# build tree, found retro in the prefix, kept its empty build type and
# optimised the plugin ($2: its configure log, unused).
expect_against_prefix_only() {
  if grep -F -q -- "$RETRO_BUILD" "$1/CMakeCache.txt" "$1/build.ninja"; then
    fail "the out-of-tree build $1 refers to $RETRO_BUILD"
  fi
  expect "$1/CMakeCache.txt" "retro_DIR:PATH=$RETRO_PREFIX/lib/cmake/retro"
  # No build type given: the package leaves the build type alone and
  # optimises the plugin alone.
  if grep -q '^CMAKE_BUILD_TYPE:STRING=.' "$1/CMakeCache.txt"; then
    fail "the package set the consumer's build type in $1"
  fi
  expect "$1/build.ninja" "-O2"
}

# Fails unless the ctest log $1 of example $2 shows its contract check and
# its brute-force comparison (retro_add_game_tests), and nothing else, passed.
expect_example_tests_passed() {
  expect "$1" "$2_check ....."
  expect "$1" "$2_brute_force ....."
  expect "$1" "100% tests passed, 0 tests failed out of 2"
}

# The value of -D$2=... in the brute-force test that retro_add_game_tests
# registered in the example build $1 (a list's separators, written \;,
# as spaces).
brute_force_test_define() {
  ctest --test-dir "$1" -N -V -R "_brute_force\$" |
    sed -n "s/.*\"-D$2=\([^\"]*\)\".*/\1/p" | sed 's/\\;/ /g'
}

# The tutorial's variables, here in the scratch directory (RETRO_BUILD is
# the build this test belongs to, already configured and built by ctest's
# caller: the tutorial's first two commands).
RETRO_PREFIX=$WORK/retro
EXAMPLES=$RETRO_PREFIX/share/retro/examples
PLUGINS=$WORK/my-plugins
PLUGIN_BUILD=$PLUGINS/build-tictactoe

echo "== install $RETRO_BUILD into $RETRO_PREFIX"
cd "$SOURCE"
# --- tutorial step 1 (last command): install retro ---
cmake --install "$RETRO_BUILD" --prefix "$RETRO_PREFIX" > "$WORK/install.log"

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
for f in include/retro/host include/retro/plugin_loader.h include/retro/match.h \
         include/retro/internal/mapping_fault_guard.h; do
  [ ! -e "$RETRO_PREFIX/$f" ] || fail "installed, but the host's own: $f"
done

# The examples: those the build installs, tictactoe always among them,
# sources only, each file as in the retro tree.
[ -f "$EXAMPLES/tictactoe/CMakeLists.txt" ] || fail "not installed: the example tictactoe"
[ "$(ls "$EXAMPLES" | sort)" = "$INSTALLED_EXAMPLES" ] ||
  fail "installed examples: $(ls "$EXAMPLES" | tr '\n' ' ')expected: $*"
(cd "$EXAMPLES" && find . -type f) > "$WORK/example-files.txt"
while read -r f; do
  case $f in
    *.h|*.cc|*/CMakeLists.txt|*.md) ;;
    *) fail "installed with the examples, but not a source: $f" ;;
  esac
  cmp -s "$EXAMPLES/$f" "$SOURCE/plugins/$f" || fail "the installed example $f differs from plugins/$f"
done < "$WORK/example-files.txt"

echo "== build the example tictactoe out of tree in $PLUGIN_BUILD"
# --- tutorial step 2: in an empty folder, start from a copy of the example ---
mkdir -p "$PLUGINS"
cd "$PLUGINS"
cp -r "$RETRO_PREFIX/share/retro/examples/tictactoe" tictactoe
# --- tutorial step 3: configure and build against the installed retro ---
cmake -S tictactoe -B build-tictactoe -G Ninja -DCMAKE_PREFIX_PATH="$RETRO_PREFIX" \
  > "$WORK/configure.log"
cmake --build build-tictactoe > "$WORK/build.log"
[ -f "$PLUGIN_BUILD/retro_tictactoe.so" ] || fail "no $PLUGIN_BUILD/retro_tictactoe.so"
# Against the prefix only: nothing of the retro build tree is used.
expect_against_prefix_only "$PLUGIN_BUILD" "$WORK/configure.log"

echo "== run the example's tests out of tree (retro_add_game_tests)"
# --- tutorial step 5: the plugin's own tests, with the installed retro ---
ctest --test-dir build-tictactoe --output-on-failure --no-tests=error > "$WORK/ctest.log" 2>&1 || {
  cat "$WORK/ctest.log" >&2
  fail "the out-of-tree plugin's tests failed"
}
expect_example_tests_passed "$WORK/ctest.log" tictactoe
for f in lib/cmake/retro/retroCompareWithBruteForce.cmake include/retro/kit/loopy_wdl_module.h; do
  [ -e "$RETRO_PREFIX/$f" ] || fail "not installed: $f"
done

echo "== run the installed retro with the out-of-tree plugin"
# --- tutorial step 4: solve and probe ---
export RETRO_PLUGIN_PATH="$PWD/build-tictactoe"
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

echo "== build the other installed examples out of tree, from the same folder"
cd "$PLUGINS"
for example in $(ls "$EXAMPLES"); do
  [ "$example" != tictactoe ] || continue
  # --- tutorial step 6: every other example, built and tested the same way ---
  cp -r "$RETRO_PREFIX/share/retro/examples/$example" "$example"
  cmake -S "$example" -B "build-$example" -G Ninja -DCMAKE_PREFIX_PATH="$RETRO_PREFIX" \
    > "$WORK/configure-$example.log"
  cmake --build "build-$example" > "$WORK/build-$example.log"
  ctest --test-dir "build-$example" --output-on-failure --no-tests=error > "$WORK/ctest-$example.log" 2>&1 || {
    cat "$WORK/ctest-$example.log" >&2
    fail "the out-of-tree tests of the example $example failed"
  }
  export RETRO_PLUGIN_PATH="$RETRO_PLUGIN_PATH:$PWD/build-$example"
  expect_against_prefix_only "$PWD/build-$example" "$WORK/configure-$example.log"
  expect_example_tests_passed "$WORK/ctest-$example.log" "$example"
done
"$RETRO_PREFIX/bin/retro" games > "$WORK/games-all.txt"
# --- end of step 6; more checks of the same setup ---

echo "== run the installed retro with every example (RETRO_PLUGIN_PATH)"
"$RETRO_PREFIX/bin/retro" games --json > "$WORK/games-all.json"
for example in $(ls "$EXAMPLES"); do
  expect "$WORK/games-all.txt" "$example "
  # The plugin of the out-of-tree build, solved with the parameters of its
  # brute-force test and compared with that test's listing (left in the
  # example's build folder by its ctest run above).
  expect "$WORK/games-all.json" "\"plugin\":\"$PLUGINS/build-$example/retro_$example.so\""
  parameters=$(brute_force_test_define "$PLUGINS/build-$example" PARAMETERS)
  tolerance=$(brute_force_test_define "$PLUGINS/build-$example" RELATIVE_TOLERANCE)
  listing=$(brute_force_test_define "$PLUGINS/build-$example" WORK_DIR)/expected.txt
  [ -s "$listing" ] || fail "no brute-force listing $listing for the example $example"
  # A finite-horizon listing gives every plies left: its lines at the
  # largest (the horizon, probe's default) are compared here.
  if grep -q "$(printf '\tt=')" "$listing"; then
    horizon=$(sed -n "s/.*$(printf '\t')t=\([0-9]*\) .*/\1/p" "$listing" | sort -n | tail -n 1)
    grep "$(printf '\tt=')$horizon " "$listing" > "$WORK/listing-$example.txt"
    listing="$WORK/listing-$example.txt"
  fi
  position=$(head -n 1 "$listing" | cut -f 1)
  mkdir "$WORK/run-$example"
  cd "$WORK/run-$example"
  # shellcheck disable=SC2086  # the parameters are separate words
  "$RETRO_PREFIX/bin/retro" solve --game "$example" $parameters --out "$example.retro" > solve.txt
  expect solve.txt "wrote $example.retro"
  "$RETRO_PREFIX/bin/retro" probe --db "$example.retro" --position "$position" > probe.txt
  printf '%s\n' "$position" | "$RETRO_PREFIX/bin/retro" probe --db "$example.retro" > batch.txt
  expect batch.txt "$position "
  "$RETRO_PREFIX/bin/retro" verify --db "$example.retro" > verify.txt
  "$RETRO_PREFIX/bin/retro" compare --db "$example.retro" --expected "$listing" \
    ${tolerance:+--relative-tolerance "$tolerance"} > compare.txt || {
    cat compare.txt >&2
    fail "the example $example, solved through RETRO_PLUGIN_PATH, disagrees with its brute force"
  }
done

echo "== build an engine against the installed reader library (retro::reader)"
mkdir "$WORK/run"
cd "$WORK/run"
READER_BUILD=$WORK/build-reader
cp -r "$SOURCE/tests/install/reader_consumer" "$WORK/reader_consumer"
cmake -S "$WORK/reader_consumer" -B "$READER_BUILD" -G Ninja \
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
