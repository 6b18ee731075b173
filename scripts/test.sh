#!/usr/bin/env bash
# Installs the dependencies, builds everything (tests and benchmarks on,
# whatever an earlier scripts/build.sh configured) and runs every test
# through ctest. Extra arguments are passed to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh --all -DRETRO_BUILD_TESTS=ON -DRETRO_BUILD_BENCHMARKS=ON "$@"
ctest --test-dir build --output-on-failure --no-tests=error --parallel "$(nproc)"
