#!/usr/bin/env bash
# The progress display of `retro solve` as a user sees it:
#   bar    under a pseudo-terminal (script(1)): no frame in the first half
#          second of a phase (its first five frames, drawn 100 ms apart)
#          shows a rate or an ETA, and later frames give the rate in
#          positions/s;
#   plain  off a terminal, with RETRO_PROGRESS_INTERVAL_SECONDS=0.3: a
#          progress line at least every couple of seconds (the interval
#          plus slack for a loaded machine), from the start to the end.
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
  phase != last { seen = 0; last = phase }
  { seen++ }
  seen <= 5 && (/\/s/ || /ETA/) { print "frame " NR " shows a rate in its phase'"'"'s first half second: " $0; bad = 1 }
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
  { if ($1 - last > 2.0) { print "a gap of " $1 - last " s before: " $0; bad = 1 } last = $1; lines++ }
  BEGIN { last = start }
  END {
    if (bad) exit 1
    if (end - last > 2.5) { print "no progress line in the last " end - last " s"; exit 1 }
    if (lines < 2) { print "only " lines " progress lines"; exit 1 }
    print lines " plain progress lines over " end - start " s"
  }' "$work/plain.txt" || fail "plain lines: see $work/plain.txt"
grep -q '^solved oware' "$work/plain-stdout.txt" || fail "the plain solve did not finish"
