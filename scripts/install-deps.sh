#!/usr/bin/env bash
# Installs the Debian 12 packages retro builds with. Idempotent: safe to run
# every time (about 2 s when everything is already installed). Needs root.
# With --fuzz, also clang and libFuzzer (libclang-rt-14-dev), which the fuzz
# targets need (scripts/fuzz.sh, docs/fuzzing.md); with --ci, those and
# ccache, the compiler cache .ci/run keeps between runs.
set -euo pipefail
# libopenmpi-dev and openmpi-bin: distributed solving (mpirun -np R retro
# solve ..., docs/distributed.md); the build turns RETRO_MPI on when found.
# make and pkg-config: programs built against the installed C API
# (docs/probing.md, tests/install/c_api_test.sh); pkg-config also finds
# libzstd-dev, which compresses the blocks of `--layout small` databases
# (retro/format/wdl/compressed_slice.h).
# nlohmann-json3-dev: a test dependency; the tests read --json output with it
# (tests/framework/json_output.h). python3-jsonschema: the test of every
# command's --json output against the schemas of docs/json.md.
# python3-pybind11, python3-dev: the Python module retro (docs/python.md);
# python3-venv: the test of `pip install` into a fresh virtual environment;
# python3-numpy, python3-pytest, python3-matplotlib: the module's arrays, tests and
# example.
# chromium, chromium-driver and python3-selenium: the test of the page of
# retro explore (docs/explore.md) in
# headless Chromium (tests/e2e/explore_page_test.py, skipped without them).
# gnubg: its makebearoff builds the two-sided bearoff databases the bearoff
# example is checked against (tests/kit/bearoff_gnubg_test.py).
packages=(cmake ninja-build g++ libabsl-dev libboost-dev libgtest-dev libgmock-dev libbenchmark-dev
          libopenmpi-dev openmpi-bin make pkg-config libzstd-dev nlohmann-json3-dev
          python3-jsonschema python3-pybind11 python3-dev python3-venv python3-numpy python3-pytest
          python3-matplotlib chromium chromium-driver python3-selenium gnubg)
case "${1:-}" in
  "") ;;
  --fuzz) packages+=(clang libclang-rt-14-dev) ;;
  --ci) packages+=(clang libclang-rt-14-dev ccache) ;;
  *)
    echo "usage: $0 [--fuzz | --ci]" >&2
    exit 2
    ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
