#!/usr/bin/env bash
# usage: compare_verify.sh MPIRUN RETRO WORKDIR RANKS VERIFY-ARGS -- SOLVE-ARGS...
# Solves a database in one process, then verifies it in one process and
# under `mpirun -np RANKS` (records split across the ranks): both must pass
# and report the same number of records checked. With VERIFY-ARGS
# "--sample N" only a sample is checked.
set -euo pipefail
mpirun=$1 retro=$2 work=$3 ranks=$4
shift 4
verify_args=()
while [ "$1" != "--" ]; do verify_args+=("$1"); shift; done
shift
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
"$retro" solve "$@" --no-checkpoint --out "$work/db.retro" >/dev/null
records() { sed -n 's/.*"records_checked":\([0-9]*\),"mismatches":\([0-9]*\).*/\1 \2/p'; }
single=$("$retro" verify --db "$work/db.retro" "${verify_args[@]}" --json | records)
# shellcheck disable=SC2086
distributed=$("$mpirun" $MPIRUN_FLAGS -np "$ranks" "$retro" verify --db "$work/db.retro" \
  "${verify_args[@]}" --threads 1 --json | records)
echo "single process: $single; $ranks rank(s): $distributed (records checked, mismatches)"
[ -n "$single" ] && [ "$single" = "$distributed" ] && [ "${single#* }" = 0 ]
