#!/usr/bin/env bash
# Times `retro solve --game oware --seeds N` against the seed-method baseline
# (benchmarks/oware_seed_baseline.h, `oware_seed_baseline --seeds N`) as
# whole processes, the two alternated run by run, and prints each one's
# median wall and CPU (user + system) time and the median of the per-pair
# ratios retro / baseline. Plain bash (its `time` keyword): nothing to
# install.
#
#   benchmarks/run_seed_ratio.sh [--build DIR] [--seeds N] [--runs R] [--recompute]
#                                [-- RETRO_OPTIONS...]
#
# --recompute times the baseline that sows every move again at every layer
# (oware_seed_baseline --recompute). Options after `--` go to `retro solve`
# (e.g. -- --threads 1).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
seeds=9
runs=21
recompute=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --seeds) seeds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --recompute) recompute=(--recompute); shift ;;
    --) shift; break ;;
    *) echo "usage: $0 [--build DIR] [--seeds N] [--runs R] [--recompute] [-- RETRO_OPTIONS...]" >&2
       exit 2 ;;
  esac
done
retro="$(realpath "$build/bin/retro")"
baseline="$(realpath "$build/bin/oware_seed_baseline")"
for f in "$retro" "$baseline"; do
  [ -x "$f" ] || { echo "missing $f: build first (scripts/build.sh)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

retro_cmd=("$retro" solve --game oware --seeds "$seeds" --out "$work/oware.retro" "$@")
baseline_cmd=("$baseline" --seeds "$seeds" --quiet "${recompute[@]}")

# Appends "wall cpu" of one run of the command to the file $1.
TIMEFORMAT='%R %U %S'
time_run() {
  local out="$1"
  shift
  { time "$@" > /dev/null 2>&1; } 2> "$work/t"
  awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }' "$work/t" >> "$out"
}

echo "retro:    ${retro_cmd[*]}"
echo "baseline: ${baseline_cmd[*]}"
echo "machine:  $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# One unmeasured run of each (page cache, plugin files).
time_run "$work/warm" "${retro_cmd[@]}"
time_run "$work/warm" "${baseline_cmd[@]}"
for ((i = 0; i < runs; i++)); do
  if ((i % 2 == 0)); then
    time_run "$work/a" "${retro_cmd[@]}"
    time_run "$work/b" "${baseline_cmd[@]}"
  else
    time_run "$work/b" "${baseline_cmd[@]}"
    time_run "$work/a" "${retro_cmd[@]}"
  fi
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$2" '{ print $c }' "$1"; }
ratios() { paste -d' ' "$work/a" "$work/b" | awk -v c="$1" '{ print $c / $(c + 2) }'; }
printf '%d runs each, medians (seconds):\n' "$runs"
printf '  %-10s wall %.3f  cpu %.3f\n' retro "$(col "$work/a" 1 | median)" "$(col "$work/a" 2 | median)"
printf '  %-10s wall %.3f  cpu %.3f\n' baseline "$(col "$work/b" 1 | median)" "$(col "$work/b" 2 | median)"
printf 'median of the per-pair ratios retro / baseline: wall %.4f  cpu %.4f\n' \
  "$(ratios 1 | median)" "$(ratios 2 | median)"
