#!/usr/bin/env bash
# usage: compare_solve.sh MPIRUN RETRO WORKDIR RANKS SOLVE-ARGS...
# Solves once in a single process and once under `mpirun -np RANKS`, and
# fails unless the two database files are byte-identical (and the MPI one
# passes retro verify).
set -euo pipefail
mpirun=$1 retro=$2 work=$3 ranks=$4
shift 4
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
"$retro" solve "$@" --no-checkpoint --out "$work/single.retro" >"$work/single.log"
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np "$ranks" "$retro" solve "$@" --threads 1 \
  --out "$work/mpi.retro" >"$work/mpi.log"
cat "$work/mpi.log"
grep -q "wrote $work/mpi.retro" "$work/mpi.log"
cmp "$work/single.retro" "$work/mpi.retro"
"$retro" verify --db "$work/mpi.retro" --sample 2000 >/dev/null
echo "identical: $* with $ranks rank(s)"
