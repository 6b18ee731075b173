#!/bin/bash
# Grid rules whose shape the notation cannot write fail to compile with
# CellsRules' own message saying what a shape needs as the first error (g++
# gives no other; clang++ goes on to miss the base's members).
#   bad_grid_shape_test.sh CXX INCLUDE_DIR SOURCE
set -u
cxx=$1 include=$2 source=$3
if output=$("$cxx" -std=c++20 -fsyntax-only -I"$include" "$source" 2>&1); then
  echo "FAIL: $source compiled, but its symbols include '/'" >&2
  exit 1
fi
first_error=$(grep -m1 "error:" <<< "$output")
if ! grep -qE "error: static.?assert(ion)? failed.*CellsRules: the grid needs" <<< "$first_error"; then
  echo "FAIL: the first error does not say what a grid needs:" >&2
  echo "$output" | head -20 >&2
  exit 1
fi
echo "ok: the first error says what a grid needs"
