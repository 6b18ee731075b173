#!/usr/bin/env bash
# The progress display of `retro solve` as a user sees it:
#   bar    under a pseudo-terminal (script(1)): within each phase the
#          frames without a rate or ETA (the phase's first half second)
#          come first, and once a frame shows a rate every later frame of
#          the phase does; some frames give the rate in positions/s;
#   plain  off a terminal, with RETRO_PROGRESS_INTERVAL_SECONDS=0.3:
#          progress lines from the start to the end of the solve, none of
#          the gaps between them (or before the first, or after the last)
#          longer than a third of the whole run.
#
# No bound is in absolute wall-clock time, which a loaded machine stretches:
# the bar's timing is a relative order within each phase (the half second
# itself is checked with a given clock in ProgressDisplayTest), the plain
# lines' spacing is relative to the same run's length.
#
# usage: progress_test.sh RETRO WORKDIR
set -uo pipefail
retro="$1" work="$2"
rm -rf "$work"
mkdir -p "$work"
solve=("$retro" solve --game oware --seeds 12 --threads 1 --no-checkpoint)
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. The bar, under a pseudo-terminal.
script -qec "${solve[*]} --out $work/bar.retro --progress bar" /dev/null \
  </dev/null >"$work/bar.txt" 2>&1 || fail "solve under script failed: $(cat "$work/bar.txt")"
tr '\r' '\n' <"$work/bar.txt" | sed 's/\x1b\[K//g' | grep -v '^[[:space:]]*$' \
  | grep -v '^solved\|^wrote' >"$work/frames.txt"
awk '
  { phase = $1 }
  phase != last { timed = 0; last = phase }
  /\/s/ || /ETA/ { timed = 1 }
  !(/\/s/ || /ETA/) && timed { print "frame " NR " shows no rate after a frame of its phase did: " $0; bad = 1 }
  / positions\/s/ { rated++ }
  END {
    if (bad) exit 1
    if (rated == 0) { print "no frame shows a rate in positions/s"; exit 1 }
    print NR " frames, " rated " with a rate"
  }' "$work/frames.txt" || fail "bar frames: see $work/frames.txt"

# 2. Plain lines off a terminal, timed as they arrive.
start=$(date +%s.%N)
RETRO_PROGRESS_INTERVAL_SECONDS=0.3 "${solve[@]}" --out "$work/plain.retro" 2>&1 \
  >"$work/plain-stdout.txt" | while IFS= read -r line; do
    echo "$(date +%s.%N) $line"
  done >"$work/plain.txt"
end=$(date +%s.%N)
awk -v start="$start" -v end="$end" '
  $2 != "progress" { next }
  { if ($1 - last > most) { most = $1 - last; where = $0 } last = $1; lines++ }
  BEGIN { last = start; most = 0 }
  END {
    if (end - last > most) { most = end - last; where = "(the end)" }
    run = end - start
    if (lines < 3) { print "only " lines " progress lines over " run " s"; exit 1 }
    if (most > run / 3) { print "a gap of " most " s of a " run " s run before: " where; exit 1 }
    print lines " plain progress lines over " run " s, the longest gap " most " s"
  }' "$work/plain.txt" || fail "plain lines: see $work/plain.txt"
grep -q '^solved oware' "$work/plain-stdout.txt" || fail "the plain solve did not finish"
