#!/usr/bin/env bash
# Installs the dependencies, builds everything (tests and benchmarks on,
# whatever an earlier scripts/build.sh configured) and runs every test
# through ctest (under CI=true, a skipped test the allowlist does not name
# fails: scripts/check_skips.sh). Extra arguments are passed to the CMake
# configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh --all -DRETRO_BUILD_TESTS=ON -DRETRO_BUILD_BENCHMARKS=ON "$@"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
ctest --test-dir build --output-on-failure --no-tests=error --parallel "$(nproc)" 2>&1 |
  tee "$log"
# Under CI=true a skipped test fails the run unless tests/skip_allowlist.txt
# names it with a reason.
if [ "${CI:-}" = true ]; then ./scripts/check_skips.sh "$log"; fi
