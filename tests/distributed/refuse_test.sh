#!/usr/bin/env bash
# usage: refuse_test.sh MPIRUN RETRO WORKDIR SOLVE-ARGS...
# A family that does not distribute yet must refuse under mpirun -np 2 with
# one clear error and leave no file.
set -uo pipefail
mpirun=$1 retro=$2 work=$3
shift 3
. "$(dirname "$0")/mpi_env.sh"
rm -rf "$work" && mkdir -p "$work"
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np 2 "$retro" solve "$@" --out "$work/out.retro" \
  >"$work/stdout" 2>"$work/stderr"
status=$?
cat "$work/stderr"
[ "$status" -ne 0 ] || { echo "FAILED: exit status 0" >&2; exit 1; }
[ "$(grep -c 'does not solve under mpirun' "$work/stderr")" -eq 1 ] ||
  { echo "FAILED: not exactly one refusal" >&2; exit 1; }
[ -z "$(ls -A "$work" | grep -v '^stdout$\|^stderr$')" ] ||
  { echo "FAILED: files left behind" >&2; exit 1; }
echo "refused as expected"
