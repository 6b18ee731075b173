#!/bin/sh
# Installs the current build of retro into a temporary prefix and uses its C
# API from outside CMake: a C program built by a plain Makefile with
# `pkg-config --cflags --libs retro` opens an oware book, a Surakarta table
# and a Plakoto database (small ones, solved by the installed retro) and
# must print exactly the result `retro probe --json` prints, and the documented
# values; the example of docs/probing.md is built and run the same way.
#
# usage: c_api_test.sh CMAKE RETRO_SOURCE RETRO_BUILD
set -eu

if [ $# -ne 3 ]; then
  echo "usage: $0 CMAKE RETRO_SOURCE RETRO_BUILD" >&2
  exit 2
fi
CMAKE=$1
SOURCE=$(cd "$2" && pwd)
RETRO_BUILD=$(cd "$3" && pwd)
unset RETRO_PLUGIN_PATH CMAKE_PREFIX_PATH LD_LIBRARY_PATH PKG_CONFIG_PATH || true

TEST_NAME=c-api
. "$(dirname "$0")/test_work.sh"

PREFIX=$WORK/retro
echo "== install $RETRO_BUILD into $PREFIX"
"$CMAKE" --install "$RETRO_BUILD" --prefix "$PREFIX" > "$WORK/install.log"
for f in include/retro/c/retro.h lib/pkgconfig/retro.pc lib/cmake/retro/retroTargets.cmake; do
  [ -e "$PREFIX/$f" ] || fail "not installed: $f"
done
ls "$PREFIX"/lib/libretro_c.so.* > /dev/null 2>&1 || fail "not installed: lib/libretro_c.so.*"
grep -q "retro::c" "$PREFIX/lib/cmake/retro/retroTargets.cmake" ||
  fail "retroTargets.cmake does not export retro::c"

echo "== build the C programs with make and pkg-config"
PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
export PKG_CONFIG_PATH
pkg-config --exists retro || fail "pkg-config does not find retro in $PKG_CONFIG_PATH"
pkg-config --cflags retro | grep -q -- "-I$PREFIX/lib/pkgconfig/../../include" ||
  fail "pkg-config --cflags retro does not point into $PREFIX: $(pkg-config --cflags retro)"
BUILD=$WORK/c
mkdir "$BUILD"
cp "$SOURCE/tests/install/c_api/probe_check.c" "$SOURCE/tests/install/c_api/Makefile" "$BUILD/"
# The example of docs/probing.md: its first C code block.
awk '/^```c$/ {on = 1; next} /^```$/ {on = 0} on' "$SOURCE/docs/probing.md" > "$BUILD/example.c"
[ -s "$BUILD/example.c" ] || fail "no C example in docs/probing.md"
make -C "$BUILD" > "$WORK/make.log" 2>&1 || {
  cat "$WORK/make.log" >&2
  fail "make failed"
}
# Nothing of the build tree: headers and library come from the prefix.
if grep -F -q -- "$RETRO_BUILD" "$WORK/make.log"; then fail "make used $RETRO_BUILD"; fi
ldd "$BUILD/probe_check" | grep -q "$PREFIX/lib/pkgconfig/../../lib/libretro_c.so" ||
  ldd "$BUILD/probe_check" | grep -q "$PREFIX/lib/libretro_c.so" ||
  fail "probe_check does not use the installed libretro_c: $(ldd "$BUILD/probe_check")"

echo "== solve small databases with the installed retro"
RUN=$WORK/run
mkdir "$RUN"
cd "$RUN"
RETRO=$PREFIX/bin/retro
"$RETRO" solve --game oware --seeds 5 --threads 2 --out oware.retro > /dev/null
"$RETRO" solve --game surakarta --pieces 3 --threads 2 --out surakarta.retro > /dev/null
"$RETRO" solve --game plakoto --points 6 --pin 2 --threads 2 --out plakoto.retro > /dev/null

# check DB POSITION VALUE [OPTIONS [RETRO_OPTIONS...]]: the C API's JSON is
# the result of retro probe --json (its envelope's "result" member, as
# printed: docs/json.md), and its value is VALUE.
check() {
  db=$1 position=$2 value=$3
  shift 3
  options=${1:-}
  [ $# -gt 0 ] && shift
  if [ -n "$options" ]; then
    "$BUILD/probe_check" "$db" "$position" "$options" > api.txt || fail "probe_check $db '$position'"
  else
    "$BUILD/probe_check" "$db" "$position" > api.txt || fail "probe_check $db '$position'"
  fi
  "$RETRO" probe --db "$db" --position "$position" --json "$@" > envelope.txt
  grep -q '^{"retro":.*,"ok":true,"result":{.*}}$' envelope.txt ||
    fail "retro probe --json on $db '$position' printed no result: $(cat envelope.txt)"
  sed -e 's/^.*,"ok":true,"result"://' -e 's/}$//' envelope.txt > cli.txt
  head -n 1 api.txt > api.json
  cmp -s api.json cli.txt || {
    diff cli.txt api.json >&2 || true
    fail "C API and retro probe --json differ on $db '$position'"
  }
  [ "$(sed -n 2p api.txt)" = "$value" ] ||
    fail "value of $db '$position' is $(sed -n 2p api.txt), expected $value"
}

echo "== probe through the C API and compare with retro probe --json"
check oware.retro "0 0 0 1 0 0 | 0 0 0 0 0 1" 2
check oware.retro "1 1 1 1 1 0 | 0 0 0 0 0 0" 0 "plies-left=0" --plies-left 0
check oware.retro "2 0 0 0 0 1 | 0 1 0 0 1 0" 5
check surakarta.retro "....../.X.X../.O..../....../....../...... X" 999999
check surakarta.retro "XX..../....../....../....../....../.....O O" -999998
check plakoto.retro "p=2 13 1 0 0 0 0" 3.2727272727272729  # 36/11, %.17g
check plakoto.retro "p=2 0 14 0 0 0 0" 37.10206352957438 "roll=6-5" --roll 6-5

echo "== errors through the C API"
status=0
"$BUILD/probe_check" oware.retro "0 0 0 1 0 | 0 0 0 0 0 1" > /dev/null 2> err.txt || status=$?
[ "$status" -eq 3 ] || fail "a malformed position gave status $status, not 3 (RETRO_ERROR_BAD_POSITION)"
grep -q "^probe_check: '|' after 5 number" err.txt || fail "unexpected message: $(cat err.txt)"
status=0
"$BUILD/probe_check" oware.retro "0 0 0 1 0 0 | 0 0 0 0 0 1" "depth=2" > /dev/null 2> err.txt ||
  status=$?
[ "$status" -eq 4 ] || fail "an unknown option gave status $status, not 4 (RETRO_ERROR_BAD_OPTION)"
status=0
"$BUILD/probe_check" missing.retro "x" > /dev/null 2> err.txt || status=$?
[ "$status" -eq 1 ] && grep -q "missing.retro" err.txt || fail "a missing file: $(cat err.txt)"

echo "== the example of docs/probing.md"
"$BUILD/example" oware.retro "0 0 0 1 0 0 | 0 0 0 0 0 1" > example.txt ||
  fail "the docs/probing.md example failed: $(cat example.txt)"
grep -q '"value":2' example.txt || fail "unexpected example output: $(cat example.txt)"
grep -q '^value: 2$' example.txt || fail "unexpected example output: $(cat example.txt)"
echo "OK"
