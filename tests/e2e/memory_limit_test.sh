#!/usr/bin/env bash
# `retro solve` refuses, before any work, a solve that needs more memory
# than a cgroup leaves, and names the cgroup's limit: a simulated system
# (RETRO_SYSTEM_ROOT) with 64 GiB available but a cgroup v2 limit of
# 256 MiB of which 56 MiB are used, then the same with a cgroup v1 limit.
#
# usage: memory_limit_test.sh RETRO WORKDIR
set -uo pipefail
retro="$1" work="$2"
rm -rf "$work"
mkdir -p "$work/v2/proc/self" "$work/v2/sys/fs/cgroup/job" \
         "$work/v1/proc/self" "$work/v1/sys/fs/cgroup/memory/job"
fail() { echo "FAIL: $*" >&2; exit 1; }

echo "MemAvailable: 67108864 kB" >"$work/v2/proc/meminfo"
echo "0::/job" >"$work/v2/proc/self/cgroup"
echo 268435456 >"$work/v2/sys/fs/cgroup/job/memory.max"
echo 58720256 >"$work/v2/sys/fs/cgroup/job/memory.current"
cp "$work/v2/proc/meminfo" "$work/v1/proc/meminfo"
echo "7:memory:/job" >"$work/v1/proc/self/cgroup"
echo 268435456 >"$work/v1/sys/fs/cgroup/memory/job/memory.limit_in_bytes"
echo 58720256 >"$work/v1/sys/fs/cgroup/memory/job/memory.usage_in_bytes"

for version in v2 v1; do
  file=memory.max
  [ "$version" = v1 ] && file=memory.limit_in_bytes
  status=0
  RETRO_SYSTEM_ROOT="$work/$version" "$retro" solve --game oware --seeds 20 \
    --out "$work/big.retro" >"$work/out.txt" 2>&1 || status=$?
  [ "$status" -eq 1 ] || fail "$version: exit status $status, expected 1: $(cat "$work/out.txt")"
  grep -q "only 200.0 MiB is available (the cgroup's $file)" "$work/out.txt" ||
    fail "$version: the refusal does not name the cgroup's $file: $(cat "$work/out.txt")"
  [ ! -e "$work/big.retro" ] || fail "$version: an output was written"
  echo "$version: $(cat "$work/out.txt")"
done
# A small solve fits under the same cgroup.
RETRO_SYSTEM_ROOT="$work/v2" "$retro" solve --game oware --seeds 6 --out "$work/small.retro" \
  >"$work/out.txt" 2>&1 || fail "a small solve under the cgroup failed: $(cat "$work/out.txt")"
