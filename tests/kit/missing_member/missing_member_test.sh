#!/bin/bash
# Rules that lack a required member fail to compile with the kit's own
# message naming it, and with no other error (no page of notes on a failed
# constraint first).
#   missing_member_test.sh CXX INCLUDE_DIR SOURCE
set -u
cxx=$1 include=$2 source=$3
if output=$("$cxx" -std=c++20 -fsyntax-only -I"$include" "$source" 2>&1); then
  echo "FAIL: $source compiled, but its rules lack Format" >&2
  exit 1
fi
errors=$(grep -c "error:" <<< "$output")
if ! grep -qE "error: static.?assert(ion)? failed.*loopy WDL kit: the rules need Format\(position\)" <<< "$output"; then
  echo "FAIL: no message naming Format(position):" >&2
  echo "$output" | head -20 >&2
  exit 1
fi
if [ "$errors" -ne 1 ]; then
  echo "FAIL: $errors errors, expected the one naming the member:" >&2
  echo "$output" | grep "error:" >&2
  exit 1
fi
echo "ok: one error, naming Format(position)"
