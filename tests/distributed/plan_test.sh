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
# The measured table: one line per rank and a total.
for r in 0 1 2; do
  grep -q "^$r  *[0-9.]* [KMG]iB " "$work/stdout" || fail "no measured line for rank $r"
done
grep -q "^all  *max " "$work/stdout" || fail "no total line"
# --json: one report per rank; what the ranks sent is what they received.
# shellcheck disable=SC2086
"$mpirun" $MPIRUN_FLAGS -np 3 "$retro" solve --game oware --seeds 6 --threads 1 --json \
  --out "$work/json.retro" >"$work/json" || fail "the --json solve failed"
field() { grep -o "\"$1\":[0-9.]*" "$work/json" | cut -d: -f2; }
[ "$(field rank | tr '\n' ' ')" = "0 1 2 " ] || fail "rank_reports do not list ranks 0 1 2"
sum() { field "$1" | awk '{ s += $1 } END { printf "%.0f\n", s }'; }
[ "$(sum bytes_sent)" = "$(sum bytes_received)" ] && [ "$(sum bytes_sent)" -gt 0 ] ||
  fail "the ranks sent $(sum bytes_sent) bytes but received $(sum bytes_received)"
[ "$(sum messages_sent)" = "$(sum messages_received)" ] || fail "messages sent != received"
[ "$(field collectives | sort -u | wc -l)" -eq 1 ] || fail "ranks count different collectives"
for m in $(field peak_memory_bytes); do [ "$m" -gt 1048576 ] || fail "peak memory $m"; done
echo "memory per rank checked"
