#!/usr/bin/env bash
# Installs the dependencies, builds everything (tests and benchmarks on,
# whatever an earlier scripts/build.sh configured) and runs every test
# through ctest, then prints the 20 slowest tests (scripts/slowest_tests.sh).
# Extra arguments are passed to the CMake configure step.
#
# Under CI=true (.ci/run):
#   - the configure step has -DRETRO_REQUIRE_ALL=ON: MPI, the Python module,
#     the browser test's tools, every game and the tests are required, and a
#     missing or cached-OFF part fails the configure step;
#   - the benchmark executables are built as the README's command builds
#     them (no test runs them, but a benchmark that no longer compiles
#     fails the run);
#   - the framework, games, plugins and multi-file tests are unity builds
#     (-DRETRO_UNITY_BUILD=ON: less compile time from scratch);
#   - a skipped test (exit 77, GTEST_SKIP) that tests/skip_allowlist.txt does
#     not name fails the run (scripts/check_skips.sh);
#   - RETRO_CTEST_EXCLUDE, if set, is a regular expression of tests not to
#     run here (.ci/run: the mutation sweep, which it runs sanitized).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${CI:-}" = true ]; then
  mode=(-DRETRO_REQUIRE_ALL=ON -DRETRO_BUILD_BENCHMARKS=ON -DRETRO_UNITY_BUILD=ON)
else
  mode=(-DRETRO_REQUIRE_ALL=OFF -DRETRO_BUILD_BENCHMARKS=ON)
fi
build_start=$SECONDS
./scripts/build.sh --all -DRETRO_BUILD_TESTS=ON "${mode[@]}" "$@"
echo "build: $((SECONDS - build_start)) s (wall)"
exclude=()
if [ -n "${RETRO_CTEST_EXCLUDE:-}" ]; then exclude=(--exclude-regex "$RETRO_CTEST_EXCLUDE"); fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --test-dir build --output-on-failure --no-tests=error --parallel "$(nproc)" \
  "${exclude[@]}" 2>&1 | tee "$log" || status=$?
./scripts/slowest_tests.sh build 20 || true
# Under CI=true a skipped test fails the run unless tests/skip_allowlist.txt
# names it with a reason.
if [ "${CI:-}" = true ]; then ./scripts/check_skips.sh "$log" || status=1; fi
exit "$status"
