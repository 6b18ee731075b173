#!/usr/bin/env bash
# usage: fault_test.sh MPIRUN RETRO WORKDIR MODE
# Makes rank 1 of 3 fail in the middle of a distributed oware solve
# (RETRO_TEST_FAULT, mpi_communicator.h; MODE kill: the rank dies of
# SIGKILL, abort: it meets an error of its own) and checks that the whole
# job fails, that the error names rank 1 and its cause, and that neither
# the output file nor a temporary is left.
set -uo pipefail
mpirun=$1 retro=$2 work=$3 mode=$4
. "$(dirname "$0")/mpi_env.sh"
rm -rf "$work" && mkdir -p "$work"
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np 3 -x RETRO_TEST_FAULT="1:100:$mode" "$retro" solve --game oware \
  --seeds 8 --threads 1 --out "$work/out.retro" >"$work/stdout" 2>"$work/stderr"
status=$?
cat "$work/stderr"
fail() { echo "FAILED: $*" >&2; exit 1; }
[ "$status" -ne 0 ] || fail "the job exited with status 0"
case $mode in
  kill) grep -q "rank 1 .*signal 9" "$work/stderr" || fail "no error naming rank 1 and signal 9" ;;
  abort) grep -q "rank 1 of 3: induced failure" "$work/stderr" || fail "no error naming rank 1" ;;
esac
leftovers=$(ls -A "$work" | grep -v '^stdout$\|^stderr$' || true)
[ -z "$leftovers" ] || fail "left behind: $leftovers"
echo "job failed as expected ($mode), nothing left behind"
