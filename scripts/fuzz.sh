#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, with AddressSanitizer
# and UndefinedBehaviorSanitizer) into ./build-fuzz and runs each for
# SECONDS (default 30) on a scratch copy of its seed corpus
# (tests/fuzz/corpus/<target>), so that a run never grows the repository.
# Prints executions, coverage and findings per target; exits 1 when any
# target found a crash, a sanitizer report, a leak or a timeout (the input
# is kept in build-fuzz/fuzz-artifacts/, the log in build-fuzz/fuzz-logs/).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 600 position
#
# Targets: position cli_arguments database_open plugin_open probe_batch c_api
# compressed_slice checkpoint explore_api.
# RETRO_FUZZ_BUILD_DIR changes the build folder; RETRO_FUZZ_JOBS (default 1)
# runs that many targets at once. docs/fuzzing.md describes the targets.
set -euo pipefail
cd "$(dirname "$0")/.."
all_targets=(position cli_arguments database_open plugin_open probe_batch c_api
  compressed_slice checkpoint explore_api)
seconds="${1:-30}"
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: $0 [SECONDS] [TARGET...]; targets: ${all_targets[*]}" >&2
  exit 2
fi
for target in "${targets[@]}"; do
  if [[ " ${all_targets[*]} " != *" $target "* ]]; then
    echo "unknown target '$target'; valid: ${all_targets[*]}" >&2
    exit 2
  fi
done

./scripts/install-deps.sh --fuzz
build="${RETRO_FUZZ_BUILD_DIR:-build-fuzz}"
[[ "$build" == /* ]] || build="$PWD/$build"
# Without MPI: the targets never run under mpirun, and Open MPI is not
# built with the sanitizers (its module would not link). Line tables only
# (-g1): file and line in the reports, at less compile time than full -g.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_CXX_COMPILER=clang++ -DRETRO_FUZZ=ON -DRETRO_MPI=OFF \
  -DRETRO_BUILD_TESTS=OFF -DRETRO_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" --parallel "$(nproc)" \
  --target "${targets[@]/%/_fuzzer}"

# The sanitized retro itself must start and exit cleanly (a leak at plugin
# unload fails here), and the seed databases must still be current.
"$build/bin/retro" games >/dev/null
for db in tests/fuzz/corpus/plugin_open/*.retro; do
  "$build/bin/retro" verify --db "$db" --threads 1 >/dev/null
done

logs="$build/fuzz-logs"
artifacts="$build/fuzz-artifacts"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/retro-fuzz.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$logs" "$artifacts"

# Runs one target; its result line goes to $scratch/<target>.result.
run_target() {
  local target="$1" max_len=4096
  case "$target" in database_open | plugin_open | compressed_slice | checkpoint) max_len=81920 ;; esac
  local corpus="$scratch/$target-corpus" log="$logs/$target.log"
  mkdir -p "$corpus" "$artifacts/$target"
  touch "$scratch/$target.start"
  cp tests/fuzz/corpus/"$target"/* "$corpus"/
  local status=0
  TMPDIR="$scratch" UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/bin/${target}_fuzzer" -max_total_time="$seconds" -max_len="$max_len" \
    -timeout=25 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target/" "$corpus" >"$log" 2>&1 || status=$?
  local execs cov ft findings
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  ft="$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  # libFuzzer also keeps inputs slower than 10 s (slow-unit-*): not findings,
  # as a stalled machine makes them; one over the 25 s timeout is.
  findings="$(find "$artifacts/$target" -type f -newer "$scratch/$target.start" \
    ! -name 'slow-unit-*' | wc -l)"
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ]; then findings=1; fi
  printf '%-16s %8s %12s %8s %8s %9s  %s\n' "$target" "$seconds" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "$findings" "$log" >"$scratch/$target.result"
}

jobs="${RETRO_FUZZ_JOBS:-1}"
running=0
for target in "${targets[@]}"; do
  echo "fuzzing $target for ${seconds}s" >&2
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

printf '%-16s %8s %12s %8s %8s %9s  %s\n' target seconds executions cov ft findings log
failed=0
for target in "${targets[@]}"; do
  cat "$scratch/$target.result"
  findings="$(awk '{print $6}' "$scratch/$target.result")"
  [ "$findings" = "0" ] || failed=1
done
if [ "$failed" -ne 0 ]; then
  echo "fuzzing found problems: see the logs and $artifacts" >&2
fi
exit "$failed"
