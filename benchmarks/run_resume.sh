#!/usr/bin/env bash
# How much work a kill costs: solves `retro solve ARGS` once uninterrupted
# with --checkpoint-interval I, then again killed with SIGKILL after about
# half that time and resumed with --resume, and prints the wall times, the
# work lost (killed run + resumed run - uninterrupted run) and whether the
# two files are byte-identical.
#   benchmarks/run_resume.sh [RETRO] [INTERVAL] -- game args...
# e.g. benchmarks/run_resume.sh build/bin/retro 2 -- --game surakarta --pieces 6
set -euo pipefail
retro="${1:-build/bin/retro}"
interval="${2:-2}"
shift 2 || true
[[ "${1:-}" == "--" ]] && shift
args=("$@")
[[ ${#args[@]} -gt 0 ]] || args=(--game surakarta --pieces 6)
retro="$(realpath "$retro")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
now() { date +%s.%N; }

start=$(now)
"$retro" solve "${args[@]}" --checkpoint-interval "$interval" --out plain.retro >/dev/null
plain=$(echo "$(now) - $start" | bc)

start=$(now)
"$retro" solve "${args[@]}" --checkpoint-interval "$interval" --out killed.retro >/dev/null &
pid=$!
sleep "$(echo "$plain / 2" | bc -l)"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
killed=$(echo "$(now) - $start" | bc)
kept=$(ls killed.retro.checkpoint 2>/dev/null | tr '\n' ' ')

start=$(now)
"$retro" solve "${args[@]}" --checkpoint-interval "$interval" --out killed.retro --resume \
  | grep resumed || true
resumed=$(echo "$(now) - $start" | bc)

printf 'uninterrupted: %.2f s\nkilled after:  %.2f s (checkpoint held: %s)\nresumed in:    %.2f s\nwork lost:     %.2f s (interval %s s)\n' \
  "$plain" "$killed" "$kept" "$resumed" "$(echo "$killed + $resumed - $plain" | bc)" "$interval"
if cmp -s plain.retro killed.retro; then echo "files: byte-identical"; else echo "files: DIFFER"; exit 1; fi
