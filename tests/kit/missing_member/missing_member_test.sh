#!/bin/bash
# Rules that lack a required member fail to compile with the kit's own
# message naming it, and with no other error (no page of notes on a failed
# constraint first).
#   missing_member_test.sh CXX INCLUDE_DIR SOURCE MESSAGE
# MESSAGE: the text the one error must hold (the member, as the kit names it).
set -u
cxx=$1 include=$2 source=$3 message=$4
if output=$("$cxx" -std=c++20 -fsyntax-only -I"$include" "$source" 2>&1); then
  echo "FAIL: $source compiled, but its rules lack a member" >&2
  exit 1
fi
errors=$(grep "error:" <<< "$output")
if [ "$(grep -c "error:" <<< "$output")" -ne 1 ]; then
  echo "FAIL: expected one error, naming the member; got:" >&2
  echo "$errors" >&2
  exit 1
fi
if ! grep -qE "static.?assert(ion)? failed" <<< "$errors" ||
   ! grep -qF -- "$message" <<< "$errors"; then
  echo "FAIL: the error is not the static_assert saying '$message':" >&2
  echo "$output" | head -20 >&2
  exit 1
fi
echo "ok: one error: $message"
