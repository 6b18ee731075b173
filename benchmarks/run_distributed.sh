#!/usr/bin/env bash
# Memory, traffic and time of a distributed solve against the number of
# ranks: solves `retro solve ARGS` once as a single process (1 thread, peak
# memory from /usr/bin/time), then under `mpirun -np R` for each R given (1
# thread a rank, oversubscribed when R exceeds the cores), checks each file
# is byte-identical to the single-process one, and prints one markdown row
# per run from the ranks' own reports (retro solve --json: rank_reports):
# the peak memory of rank 0 (which gathers and codes each finished slice)
# and the largest of the other ranks', the mean and largest bytes and
# messages a rank sent, the wall time and the CPU time of all ranks
# together.
#   benchmarks/run_distributed.sh [RETRO] [RANKS...] -- game args...
# e.g. benchmarks/run_distributed.sh build/bin/retro 1 2 4 -- --game oware --seeds 12
set -euo pipefail
retro="$(realpath "${1:-build/bin/retro}")"
shift || true
ranks=()
while [[ $# -gt 0 && "$1" != "--" ]]; do ranks+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
args=("$@")
[[ ${#ranks[@]} -gt 0 ]] || ranks=(1 2 4)
[[ ${#args[@]} -gt 0 ]] || args=(--game oware --seeds 12)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
# The values of one field of the JSON summary, one per line.
field() { grep -o "\"$1\":[0-9.e+-]*" "$2" | cut -d: -f2; }
stat() {  # stat FIELD FILE max|mean|sum
  field "$1" "$2" | awk -v how="$3" '{ s += $1; if ($1 > m) m = $1; n++ }
    END { if (how == "max") printf "%.0f", m; else if (how == "mean") printf "%.0f", s / n;
          else printf "%.2f", s }'
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "%e %U %S %M" -o single.time \
  "$retro" solve "${args[@]}" --threads 1 --no-checkpoint --json --out single.retro >single.json
read -r wall user sys kib <single.time
echo "| ranks | peak memory, rank 0 / others (MiB) | sent / rank, mean (max) MiB | messages / rank, mean (max) | wall (s) | CPU, all ranks (s) | file |"
echo "|---|---|---|---|---|---|---|"
printf '| single process | %s | - | - | %s | %.2f | %s |\n' "$(mib $((kib * 1024)))" "$wall" \
  "$(echo "$user + $sys" | bc)" "$(mib "$(stat file_bytes single.json max)") MiB"
for r in "${ranks[@]}"; do
  start=$(date +%s.%N)
  mpirun --oversubscribe --bind-to none -np "$r" \
    "$retro" solve "${args[@]}" --threads 1 --json --out "np$r.retro" >"np$r.json"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  same=identical
  cmp -s single.retro "np$r.retro" || same=DIFFERENT
  peaks=$(field peak_memory_bytes "np$r.json")
  others=-
  [[ "$r" -gt 1 ]] && others=$(mib "$(echo "$peaks" | tail -n +2 | sort -n | tail -1)")
  printf '| %s | %s / %s | %s (%s) | %s (%s) | %.2f | %s | %s |\n' "$r" \
    "$(mib "$(echo "$peaks" | head -1)")" "$others" \
    "$(mib "$(stat bytes_sent "np$r.json" mean)")" "$(mib "$(stat bytes_sent "np$r.json" max)")" \
    "$(stat messages_sent "np$r.json" mean)" "$(stat messages_sent "np$r.json" max)" \
    "$wall" "$(stat cpu_seconds "np$r.json" sum)" "$same"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
