#!/usr/bin/env bash
# usage: plan_test.sh MPIRUN RETRO WORKDIR
# The plan under mpirun checks the memory per rank: with the machine's
# memory capped (RETRO_MEMORY_LIMIT_MB) below what 3 ranks of an oware
# solve need, the job is refused before any work, saying the memory per
# rank and how many ranks would fit, and leaves no file; with enough memory
# the summary reports the memory per rank.
set -uo pipefail
mpirun=$1 retro=$2 work=$3
. "$(dirname "$0")/mpi_env.sh" "$work.session"
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }
# shellcheck disable=SC2086
RETRO_MEMORY_LIMIT_MB=3 timeout 120 "$mpirun" $MPIRUN_FLAGS -x RETRO_MEMORY_LIMIT_MB -np 3 \
  "$retro" solve --game oware --seeds 8 --threads 1 --out "$work/out.retro" \
  >"$work/stdout" 2>"$work/stderr"
status=$?
cat "$work/stderr"
[ "$status" -ne 0 ] && [ "$status" -ne 124 ] || fail "status $status"
grep -q "per rank over 3 ranks; .* ranks would fit" "$work/stderr" || fail "no per-rank refusal"
[ "$(grep -c '^retro: error' "$work/stderr")" -eq 1 ] || fail "not exactly one error line"
[ -z "$(ls -A "$work" | grep -v '^stdout$\|^stderr$')" ] || fail "files left behind"
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np 3 "$retro" solve --game oware --seeds 8 --threads 1 \
  --out "$work/out.retro" >"$work/stdout" || fail "the solve with enough memory failed"
cat "$work/stdout"
grep -q "^memory: about .* per rank" "$work/stdout" || fail "no memory per rank in the summary"
echo "memory per rank checked"
