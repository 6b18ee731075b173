#!/usr/bin/env bash
# usage: agreement_test.sh MPIRUN RETRO WORKDIR CASE
# Starts a 2-rank oware solve whose rank 1 was given another command line
# than rank 0 (an mpirun MPMD line), as CASE says: grand-slam (other
# rules), seeds (another size), layout (--layout fast), no-checkpoint,
# bogus (an unknown option), unknown-game. Checks that the job ends within
# a time limit (no rank left waiting) with status 2 and exactly one error
# line, which names rank 1 and the difference, and that nothing is left
# behind: no output, no temporary, no checkpoint folder.
set -uo pipefail
mpirun=$1 retro=$2 work=$3 case=$4
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }
game=(--game oware)
base=(--seeds 5 --threads 1 --out "$work/x.retro")
other=()
case $case in
  grand-slam)
    other=(--grand-slam capture)
    expected="rank 1's command differs from rank 0's: --grand-slam capture (rank 0: forfeit)$" ;;
  seeds)
    base=(--threads 1 --out "$work/x.retro")
    other=(--seeds 6)
    expected="rank 1's command differs from rank 0's: --seeds 6 (rank 0: 5)$" ;;
  layout)
    other=(--layout fast)
    expected="rank 1's command differs from rank 0's: --layout fast (rank 0: small)$" ;;
  no-checkpoint)
    other=(--no-checkpoint)
    expected="rank 1's command differs from rank 0's: --no-checkpoint (rank 0: without it)$" ;;
  bogus)
    other=(--bogus 1)
    expected="rank 1 of 2: unknown option --bogus for game oware" ;;
  unknown-game)
    expected="rank 1 of 2: unknown game 'no-such-game'" ;;
  *) fail "unknown case $case" ;;
esac
rank0=("$retro" solve "${game[@]}" "${base[@]}")
rank1=("$retro" solve "${game[@]}" "${base[@]}" "${other[@]}")
[ "$case" = seeds ] && rank0+=(--seeds 5)
[ "$case" = unknown-game ] && rank1=("$retro" solve --game no-such-game "${base[@]}")
# shellcheck disable=SC2086
timeout 120 "$mpirun" $MPIRUN_FLAGS -np 1 "${rank0[@]}" : -np 1 "${rank1[@]}" \
  >"$work/stdout" 2>"$work/stderr"
status=$?
cat "$work/stderr"
[ "$status" -ne 124 ] || fail "the job hung"
[ "$status" -eq 2 ] || fail "the job exited with status $status, not 2"
[ "$(grep -c '^retro: ' "$work/stderr")" -eq 1 ] || fail "not exactly one retro line"
grep -q "^retro: error: $expected" "$work/stderr" || fail "no error saying: $expected"
leftovers=$(ls -A "$work" | grep -v '^stdout$\|^stderr$' || true)
[ -z "$leftovers" ] || fail "left behind: $leftovers"
echo "the ranks disagreed as expected ($case), nothing left behind"
