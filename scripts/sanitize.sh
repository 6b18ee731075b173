#!/usr/bin/env bash
# Builds retro with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-asan (RelWithDebInfo with line tables only, -g1: optimised, with
# file and line in the reports, and cheaper to compile than full -g)
# and runs tests through ctest; any sanitizer report fails its test.
#
#   scripts/sanitize.sh          the mutation sweep (tests/sweep): damaged
#                                databases of every game must be refused
#                                cleanly or read back unchanged; prints each
#                                game's table of counts, passing or not.
#   scripts/sanitize.sh --all    the whole test suite (every ctest test).
#
# Other arguments are passed to the CMake configure step; the build folder
# can be changed with RETRO_ASAN_BUILD_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
all=false
if [ "${1:-}" = "--all" ]; then
  all=true
  shift
fi
build="${RETRO_ASAN_BUILD_DIR:-build-asan}"
[[ "$build" == /* ]] || build="$PWD/$build"
# Without MPI: Open MPI itself is not built with the sanitizers, so the
# distributed tests (docs/distributed.md) run in the plain build only.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DRETRO_SANITIZE=address,undefined -DRETRO_MPI=OFF "$@" >/dev/null
if $all; then
  cmake --build "$build" --parallel "$(nproc)"
  ctest --test-dir "$build" --output-on-failure --no-tests=error --parallel "$(nproc)"
  exit 0
fi
# The sweep's test binary depends on retro and every game plugin.
cmake --build "$build" --parallel "$(nproc)" --target mutation_sweep_test
reports="$build/sweep-reports"
rm -rf "$reports"
mkdir -p "$reports"
status=0
log="$reports/ctest.log"
RETRO_SWEEP_REPORT_DIR="$reports" ctest --test-dir "$build" --output-on-failure \
  --no-tests=error --parallel "$(nproc)" --tests-regex '^MutationSweepTest\.' 2>&1 |
  tee "$log" || status=$?
cat "$reports"/*.txt 2>/dev/null || true
# Under CI=true no sweep may be skipped unless tests/skip_allowlist.txt
# names it (scripts/check_skips.sh).
if [ "${CI:-}" = true ]; then ./scripts/check_skips.sh "$log" || status=1; fi
exit "$status"
