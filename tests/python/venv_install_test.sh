#!/bin/sh
# `pip install` of the package retro into a fresh virtual environment
# without NumPy, offline (docs/python.md, "Installing with pip"):
#   venv_install_test.sh PYTHON SOURCE_DIR BUILD_DIR WORK_DIR RETRO
# makes WORK_DIR/venv with `PYTHON -m venv` (no system site packages),
# installs SOURCE_DIR into it with pip from no index and without build
# isolation, the build backend reusing BUILD_DIR (RETRO_BUILD_DIR: the
# module, library and plugins already built there), then, from another
# folder and with no PYTHONPATH or RETRO_PLUGIN_PATH, checks that the
# installed package imports without NumPy, loads its own library and
# plugins, answers value() for oware, Surakarta and Plakoto databases, says
# that values_many needs NumPy, and uninstalls cleanly.
set -eu
python=$1 source=$2 build=$3 work=$4 retro=$5
if ! "$python" -c "import ensurepip, venv" 2>/dev/null; then
  echo "$python -m venv needs ensurepip: install python3-venv (scripts/install-deps.sh does)" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work/run"
"$python" -m venv "$work/venv"
venv_python="$work/venv/bin/python"
RETRO_BUILD_DIR="$build" "$venv_python" -m pip install --no-index --no-build-isolation \
  --disable-pip-version-check --no-cache-dir -q "$source"
# No installed library points back into the build folder (RUNPATH $ORIGIN).
if grep -l -F "$build/bin" "$work/venv/lib/"python3*/site-packages/retro/*.so*; then
  echo "these installed files name the build folder $build/bin" >&2
  exit 1
fi
"$retro" solve --game oware --seeds 4 --out "$work/run/oware.retro" >/dev/null
"$retro" solve --game surakarta --pieces 3 --out "$work/run/surakarta.retro" >/dev/null
"$retro" solve --game plakoto --points 6 --pin 2 --out "$work/run/plakoto.retro" >/dev/null
cd "$work/run"
env -u PYTHONPATH -u RETRO_PLUGIN_PATH "$venv_python" - "$work/venv" <<'EOF'
import os
import sys

venv = os.path.realpath(sys.argv[1])
try:
    import numpy  # noqa: F401
    raise SystemExit("the venv has NumPy: the test needs one without")
except ImportError:
    pass
import retro

assert "numpy" not in sys.modules
assert os.path.realpath(retro.__file__).startswith(venv), retro.__file__
assert retro.__version__, retro.__version__
db = retro.open("oware.retro")
assert db.value("0 0 0 1 0 0 | 0 0 0 0 0 1", plies_left=3) == 2.0
assert db.value([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1], plies_left=3) == 2.0
assert retro.open("surakarta.retro").value("....../.X.X../.O..../....../....../...... X") \
    == 1e6 - 1
assert abs(retro.open("plakoto.retro").value("p=2 13 1 0 0 0 0") - 3.2727272727) < 1e-9
# The framework library and the plugins are the package's own.
with open("/proc/self/maps") as maps:
    loaded = {line.split()[-1] for line in maps if ".so" in line}
for name in ["libretro_framework.so", "retro_oware.so", "retro_surakarta.so",
             "retro_plakoto.so"]:
    paths = [p for p in loaded if os.path.basename(p).startswith(name)]
    assert paths and all(os.path.realpath(p).startswith(venv) for p in paths), (name, paths)
try:
    db.values_many(["0 0 0 1 0 0 | 0 0 0 0 0 1"])
    raise SystemExit("values_many without NumPy did not raise")
except ImportError as error:
    assert "needs NumPy" in str(error), error
assert "numpy" not in sys.modules or sys.modules["numpy"] is None
# The stubs are installed with the package.
folder = os.path.dirname(retro.__file__)
assert os.path.exists(os.path.join(folder, "_retro.pyi"))
assert os.path.exists(os.path.join(folder, "py.typed"))
print("venv install: ok", retro.__version__, folder)
EOF
"$venv_python" -m pip uninstall -y -q retro
if [ -e "$work/venv/lib/"python3*/site-packages/retro ]; then
  echo "pip uninstall left the package folder" >&2
  exit 1
fi
echo "venv uninstall: ok"
