#!/usr/bin/env bash
# usage: damaged_checkpoint_test.sh MPIRUN RETRO WORKDIR
# A distributed solve resumed from a checkpoint whose second finished slice
# is damaged (the first one restored) stops with one error: the rank prefix
# once, printed once, exit status 1, the job not aborted.
set -uo pipefail
mpirun=$1 retro=$2 work=$3
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }
solve=(solve --game surakarta --pieces 4 --threads 1 --out "$work/mpi.retro")
# A killed job that kept at least two finished slices.
kept=0
for k in 50 100 200 400 800 1600 3200; do
  rm -rf "$work/mpi.retro" "$work/mpi.retro.checkpoint"
  # shellcheck disable=SC2086
  timeout 300 "$mpirun" $MPIRUN_FLAGS -np 2 -x RETRO_TEST_FAULT="1:$k:kill" "$retro" \
    "${solve[@]}" >/dev/null 2>&1
  kept=$(ls "$work/mpi.retro.checkpoint" 2>/dev/null | grep -c '\.slice$')
  [ "$kept" -ge 2 ] && break
done
[ "$kept" -ge 2 ] || fail "no kill left two finished slices behind"
# The second slice's bytes changed: its checksum no longer matches.
slice="$work/mpi.retro.checkpoint/pieces-2.slice"
[ -f "$slice" ] || fail "no $slice"
size=$(stat -c %s "$slice")
printf '\xff' | dd of="$slice" bs=1 seek=$((size - 5)) conv=notrunc status=none
# shellcheck disable=SC2086
timeout 300 "$mpirun" $MPIRUN_FLAGS -np 2 "$retro" "${solve[@]}" --resume \
  >"$work/resume.out" 2>"$work/resume.err"
status=$?
cat "$work/resume.err"
[ "$status" -eq 1 ] || fail "exit status $status, expected 1"
errors=$(grep -c '^retro: error: ' "$work/resume.err")
[ "$errors" -eq 1 ] || fail "$errors error lines, expected 1"
grep -q '^retro: error: rank 0 of 2: checkpoint .*pieces-2.slice is damaged' "$work/resume.err" ||
  fail "the error does not name rank 0 and the damaged slice"
! grep -q 'rank 0 of 2: rank 0 of 2' "$work/resume.err" || fail "the rank prefix is doubled"
! grep -q 'MPI_ABORT' "$work/resume.err" || fail "the job was aborted"
# The damage's own advice alone, not a note to resume from the folder.
! grep -q 'resume to continue' "$work/resume.err" || fail "a damaged slice says to resume"
echo "a damaged checkpoint slice is reported once, its rank named once"
