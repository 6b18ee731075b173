#!/usr/bin/env bash
# usage: fault_test.sh MPIRUN RETRO WORKDIR MODE
# Makes rank 1 of 3 fail in the middle of a distributed oware solve
# (RETRO_TEST_FAULT, mpi_communicator.h; MODE kill: the rank dies of
# SIGKILL, abort: it meets an error of its own), or before it starts (MODE
# setup: rank 1 is asked for a game that does not exist while the others
# are asked for oware; the ranks' agreement on their command line stops
# them all), and checks that the whole job fails (within a time limit: no
# rank may be left waiting), that the error names rank 1 and its cause,
# and that neither the output file nor a temporary is left (the checkpoint
# folder may be).
set -uo pipefail
mpirun=$1 retro=$2 work=$3 mode=$4
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
solve=(solve --seeds 8 --threads 1 --out "$work/out.retro")
if [ "$mode" = setup ]; then
  # shellcheck disable=SC2086
  timeout 120 "$mpirun" $MPIRUN_FLAGS -np 1 "$retro" "${solve[@]}" --game oware : \
    -np 1 "$retro" "${solve[@]}" --game no-such-game : -np 1 "$retro" "${solve[@]}" --game oware \
    >"$work/stdout" 2>"$work/stderr"
else
  # shellcheck disable=SC2086
  timeout 120 "$mpirun" $MPIRUN_FLAGS -np 3 -x RETRO_TEST_FAULT="1:100:$mode" "$retro" \
    "${solve[@]}" --game oware >"$work/stdout" 2>"$work/stderr"
fi
status=$?
cat "$work/stderr"
fail() { echo "FAILED: $*" >&2; exit 1; }
[ "$status" -ne 0 ] || fail "the job exited with status 0"
[ "$status" -ne 124 ] || fail "the job hung"
case $mode in
  setup) grep -q "rank 1 of 3: .*no-such-game" "$work/stderr" || fail "no error naming rank 1" ;;
  kill) grep -q "rank 1 .*signal 9" "$work/stderr" || fail "no error naming rank 1 and signal 9" ;;
  abort) grep -q "rank 1 of 3: induced failure" "$work/stderr" || fail "no error naming rank 1" ;;
esac
# The checkpoint folder may stay (finished slices, for --resume:
# resume_test.sh); the output and its temporaries may not.
leftovers=$(ls -A "$work" | grep -v '^stdout$\|^stderr$\|^out\.retro\.checkpoint$' || true)
[ -z "$leftovers" ] || fail "left behind: $leftovers"
echo "job failed as expected ($mode), nothing left behind"
