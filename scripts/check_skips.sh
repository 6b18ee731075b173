#!/usr/bin/env bash
# Fails when a ctest log lists a skipped test (exit 77, GTEST_SKIP) that
# tests/skip_allowlist.txt does not name; prints each skipped test and why.
# scripts/test.sh and scripts/sanitize.sh (the sweep) call it under CI=true,
# so that a part that silently stopped running (a missing browser, a plugin
# not built) fails CI instead of passing unseen.
#
#   scripts/check_skips.sh CTEST_LOG
set -euo pipefail
cd "$(dirname "$0")/.."
log=$1
allowlist=tests/skip_allowlist.txt
status=0
while IFS= read -r name; do
  [ -n "$name" ] || continue
  reason=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$allowlist")
  if [ -n "$reason" ]; then
    echo "skipped, as allowed: $name ($reason)"
  else
    echo "skipped, not allowed in CI: $name (add it to $allowlist with a reason, or make it run)" >&2
    status=1
  fi
done < <(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$log")
exit "$status"
