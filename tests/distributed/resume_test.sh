#!/usr/bin/env bash
# usage: resume_test.sh MPIRUN RETRO WORKDIR RANKS SOLVE-ARGS...
# A distributed solve killed in the middle resumes from rank 0's
# checkpoint: rank 1 dies of SIGKILL at its K-th collective
# (RETRO_TEST_FAULT), for growing K until the job dies with at least one
# finished slice kept; then `mpirun ... --resume` restores them (its summary
# says how many), and the file is byte-identical to a single process's.
set -uo pipefail
mpirun=$1 retro=$2 work=$3 ranks=$4
shift 4
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }
"$retro" solve "$@" --no-checkpoint --out "$work/single.retro" >/dev/null || fail "single solve"
killed=
for k in 25 50 100 200 400 800 1600 3200; do
  rm -rf "$work/mpi.retro" "$work/mpi.retro.checkpoint"
  # shellcheck disable=SC2086
  timeout 300 "$mpirun" $MPIRUN_FLAGS -np "$ranks" -x RETRO_TEST_FAULT="1:$k:kill" "$retro" \
    solve "$@" --threads 1 --out "$work/mpi.retro" >/dev/null 2>"$work/killed.err"
  status=$?
  [ "$status" -ne 124 ] || fail "a killed job hung"
  if [ "$status" -ne 0 ] && compgen -G "$work/mpi.retro.checkpoint/*.slice" > /dev/null; then
    killed=$k
    break
  fi
done
[ -n "$killed" ] || fail "no kill left a checkpoint behind"
[ ! -e "$work/mpi.retro" ] || fail "the killed job left its output"
kept=$(ls "$work/mpi.retro.checkpoint" | grep -c '\.slice$')
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np "$ranks" "$retro" solve "$@" --threads 1 --out "$work/mpi.retro" \
  --resume >"$work/resume.log" || fail "the resumed solve failed"
cat "$work/resume.log"
grep -q "^resumed: $kept finished slice" "$work/resume.log" ||
  fail "expected $kept finished slices restored"
[ "$kept" -gt 0 ] || fail "nothing was restored"
cmp "$work/single.retro" "$work/mpi.retro" || fail "the resumed file differs"
[ ! -e "$work/mpi.retro.checkpoint" ] || fail "the checkpoint was not removed"
echo "killed at collective $killed with $kept slices kept; resumed identical: $*"
