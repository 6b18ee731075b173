#!/usr/bin/env bash
# A plugin's mistakes give a clean error, never a crash: the coins and dice
# race examples solved with their own plugins, then solve, probe, verify and
# stats run with a copy that has one mistake planted (tests/fixture_plugins/
# faulty_*_plugin.cc, given first with --plugin-dir), each of which must
# exit 1 (not 2, not a signal) with a message naming the member at fault,
# and a solve must leave no file.
#
#   plugin_mistakes_test.sh RETRO FAULTY_PLUGIN_DIR
set -uo pipefail
retro="$1"
faulty_root="$2"  # retro_coins.so (mistake by RETRO_PLANTED_MISTAKE), retro_dice_race.so
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
params=(--coins 31415926 --plies 6)
failures=0

"$retro" solve --game coins "${params[@]}" --out "$work/coins.retro" > /dev/null 2>&1 ||
  { echo "FAIL: the example's own solve failed"; exit 1; }

# expect MISTAKE PATTERN ARGS...: `retro ARGS --plugin-dir <faulty plugins>`
# with mistake MISTAKE planted exits 1 with PATTERN in its error.
expect() {
  local mistake="$1" pattern="$2"
  shift 2
  RETRO_PLANTED_MISTAKE="$mistake" "$retro" "$@" --plugin-dir "$faulty_root" \
    > "$work/out" 2> "$work/err"
  local rc=$?
  # (`retro check` reports on stdout. grep reads the files itself: `cat |
  # grep -q` under pipefail fails whenever grep stops before cat is done.)
  if [ "$rc" -ne 1 ] || ! grep -q -- "$pattern" "$work/err" "$work/out"; then
    echo "FAIL (mistake $mistake): retro $* exited $rc, expected 1 with '$pattern'; stderr:"
    sed 's/^/  /' "$work/err"
    failures=$((failures + 1))
  else
    echo "ok (mistake $mistake): retro $1 -> $(head -c 160 "$work/err" | head -n 1)"
  fi
}

# expect_solve MISTAKE PATTERN [OPTION]: the solve fails so, and writes no
# file. Without --no-check the contract check before the solve finds the
# mistake; with it, the kit's own checks while solving.
expect_solve() {
  rm -f "$work/faulty.retro"
  expect "$1" "$2" solve --game coins "${params[@]}" --no-checkpoint \
    --out "$work/faulty.retro" "${@:3}"
  if [ -e "$work/faulty.retro" ]; then
    echo "FAIL (mistake $1): the failed solve left $work/faulty.retro"
    failures=$((failures + 1))
  fi
}

# 1. Rank one too high.
expect_solve 1 "contract check failed.*Unrank"
expect_solve 1 "Rank is at fault" --no-check
expect 1 "Rank.* is at fault" probe --db "$work/coins.retro" --position 31415926
expect 1 "Rank or Unrank is at fault" verify --db "$work/coins.retro"
expect 1 "Rank or Unrank is at fault" stats --db "$work/coins.retro"

# 2. A move that adds a coin.
expect_solve 2 "contract check failed.*may not reach"
expect_solve 2 "ForEachMove" --no-check
expect 2 "ForEachMove" probe --db "$work/coins.retro" --position ..4159..
expect 2 "ForEachMove" verify --db "$work/coins.retro"
expect 2 "ForEachMove" stats --db "$work/coins.retro"

# 3. MaxValue too small: retro check finds a move whose value, the child
#    anywhere in its slice's bounds, may leave the bounds; solve stops at
#    the first value outside them.
expect 3 "outside this slice's MinValue..MaxValue" check --game coins "${params[@]}"
expect_solve 3 "MinValue..MaxValue"
expect_solve 3 "MinValue..MaxValue" --no-check
expect 3 "MaxValue" probe --db "$work/coins.retro" --position 31415926
expect 3 "MaxValue" verify --db "$work/coins.retro"
expect 3 "MaxValue" stats --db "$work/coins.retro"

# 4. Dice weights summing to 7/6 (the chance kit's dice race).
"$retro" solve --game dice_race --out "$work/dice.retro" > /dev/null 2>&1 ||
  { echo "FAIL: the dice race's own solve failed"; exit 1; }
rm -f "$work/faulty.retro"
for check in "" --no-check; do
  expect weights "OutcomeWeight sums to" solve --game dice_race --no-checkpoint \
    --out "$work/faulty.retro" $check
  [ -e "$work/faulty.retro" ] && { echo "FAIL: the failed solve left a file"; failures=$((failures + 1)); }
done
expect weights "OutcomeWeight sums to" check --game dice_race
expect weights "OutcomeWeight sums to" probe --db "$work/dice.retro" --position "7 3"
expect weights "OutcomeWeight sums to" verify --db "$work/dice.retro"
expect weights "OutcomeWeight sums to" stats --db "$work/dice.retro"

# 5. A value range (labels()' greatest_value) the solve does not meet (E > 5 refused).
for check in "" --no-check; do
  expect value "greatest_value" solve --game dice_race --no-checkpoint --out "$work/faulty.retro" $check
  [ -e "$work/faulty.retro" ] && { echo "FAIL: the failed solve left a file"; failures=$((failures + 1)); }
done
expect value "E is a finite number from 1 to 5" probe --db "$work/dice.retro" --position "7 3"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "every planted mistake was refused cleanly"
