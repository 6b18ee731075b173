#!/usr/bin/env bash
# Times one retro command with two builds side by side, as whole processes:
# a warm-up of each, then RUNS runs of each in turn (A B A B ...), each under
# /usr/bin/time, and prints one markdown row: the median wall and CPU
# (user + sys) of each build and the median of the run-by-run ratios A/B,
# with the machine, the load average and the date. A solve writes into a
# scratch folder of its own (--out is added); --stdin feeds a file to each
# run (a batch probe).
#
#   benchmarks/compare_builds.sh [--runs N] [--stdin FILE] A_BIN B_BIN retro-args...
#
# A_BIN and B_BIN are folders holding a `retro` with its plugins (a build's
# bin/, or a copy of it with libretro_framework.so beside it), e.g. this
# tree's build against a baseline's:
#   benchmarks/compare_builds.sh build/bin /tmp/baseline/bin solve --game oware --seeds 14
set -euo pipefail
runs=5
stdin=/dev/null
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --stdin) stdin="$(realpath "$2")"; shift 2 ;;
    *) break ;;
  esac
done
if [[ $# -lt 3 ]]; then
  echo "usage: $0 [--runs N] [--stdin FILE] A_BIN B_BIN retro-args..." >&2
  exit 2
fi
a_bin="$(realpath "$1")"; b_bin="$(realpath "$2")"; shift 2
for bin in "$a_bin" "$b_bin"; do
  [[ -x "$bin/retro" ]] || { echo "$0: no retro in $bin" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One run of build $1: prints "wall cpu".
run_once() {
  local bin=$1 args=("${@:2}")
  if [[ "${args[0]}" == solve ]]; then
    rm -rf "$work/out"; mkdir "$work/out"
    args+=(--out "$work/out/db.retro" --progress none)
  fi
  LD_LIBRARY_PATH="$bin" /usr/bin/time -f "%e %U %S" -o "$work/time" \
    "$bin/retro" "${args[@]}" < "$stdin" > /dev/null 2>&1 ||
    { echo "$0: $bin/retro ${args[*]} failed" >&2; exit 1; }
  awk '{printf "%s %.3f\n", $1, $2 + $3}' "$work/time"
}

median() { sort -g | awk '{v[NR] = $1} END {if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

load="$(cut -d' ' -f1 /proc/loadavg)"
run_once "$a_bin" "$@" > /dev/null
run_once "$b_bin" "$@" > /dev/null
: > "$work/rows"
for ((i = 0; i < runs; i++)); do
  read -r a_wall a_cpu < <(run_once "$a_bin" "$@")
  read -r b_wall b_cpu < <(run_once "$b_bin" "$@")
  echo "$a_wall $a_cpu $b_wall $b_cpu" >> "$work/rows"
done
col() { awk "{print \$$1}" "$work/rows" | median; }
ratio() {  # the median ratio of columns $1 / $2, "-" when a time was 0
  local r
  r="$(awk "\$$2 > 0 {print \$$1 / \$$2}" "$work/rows" | median)"
  [[ -n "$r" ]] && printf '%.3f' "$r" || printf -- '-'
}
machine="$(nproc) × $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | awk '{print $1, $2}')"
printf '| `retro %s` | %s s | %s s | %s s | %s s | %s | %s | %s | %s | %s |\n' \
  "$*" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" "$(ratio 1 3)" "$(ratio 2 4)" \
  "$machine" "$load" "$(date -u +%F)"
