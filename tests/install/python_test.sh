#!/bin/sh
# Installs the current build of retro into a temporary prefix and uses the
# installed Python module: python3 finds the package under
# <prefix>/<RETRO_PYTHON_INSTALL_DIR>, the module loads the prefix's
# libretro_framework.so and plugins (nothing of the build tree), and its
# probe equals the installed retro's `probe --json`.
#
# usage: python_test.sh CMAKE PYTHON RETRO_BUILD PYTHON_INSTALL_DIR
set -eu

if [ $# -ne 4 ]; then
  echo "usage: $0 CMAKE PYTHON RETRO_BUILD PYTHON_INSTALL_DIR" >&2
  exit 2
fi
CMAKE=$1
PYTHON=$2
RETRO_BUILD=$(cd "$3" && pwd)
PACKAGES=$4
unset RETRO_PLUGIN_PATH LD_LIBRARY_PATH PYTHONPATH || true

TEST_NAME=python
. "$(dirname "$0")/test_work.sh"

PREFIX=$WORK/retro
echo "== install $RETRO_BUILD into $PREFIX"
"$CMAKE" --install "$RETRO_BUILD" --prefix "$PREFIX" > "$WORK/install.log"
for f in "$PACKAGES/retro/__init__.py" "$PACKAGES/retro/wdl.py" "$PACKAGES/retro/_retro.pyi" \
         "$PACKAGES/retro/py.typed"; do
  [ -e "$PREFIX/$f" ] || fail "not installed: $f"
done
ls "$PREFIX/$PACKAGES"/retro/_retro*.so > /dev/null 2>&1 || fail "not installed: the module _retro"

echo "== solve with the installed retro, probe with the installed module"
cd "$WORK"
"$PREFIX/bin/retro" solve --game tictactoe --out t.retro > /dev/null
"$PREFIX/bin/retro" probe --db t.retro --position "x.o/.x./..o" --json > cli.json
PYTHONPATH=$PREFIX/$PACKAGES "$PYTHON" - "$PREFIX" "$RETRO_BUILD" > python.txt <<'PY' ||
import json, sys
import retro
prefix, build = sys.argv[1], sys.argv[2]
assert retro.__file__.startswith(prefix), retro.__file__
db = retro.open("t.retro")
got = db.probe("x.o/.x./..o")
out = json.load(open("cli.json"))
if "ok" in out and "result" in out:
    out = out["result"]
assert got == out, (got, out)
maps = open("/proc/self/maps").read()
assert build not in maps, "the module loaded something of the build tree"
assert prefix + "/lib" in maps and "libretro_framework" in maps
assert isinstance(db.value("x.o/.x./..o"), float)
print("ok", db.game, db.values(0).shape)
PY
  fail "the installed module: $(cat python.txt)"
grep -q "^ok tictactoe (19683,)" python.txt || fail "unexpected output: $(cat python.txt)"
echo "OK"
