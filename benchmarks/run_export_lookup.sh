#!/usr/bin/env bash
# The exported oware book header's lookup, as a bot compiles it: solves the
# book of SEEDS seeds (default 9), exports it with `retro export --format
# cpp`, compiles benchmarks/export_lookup_timing.cc against it with
# `g++ -std=c++17 -O2` and prints the time a lookup (docs/benchmarks.md).
#
#   benchmarks/run_export_lookup.sh [SEEDS] [--build DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seeds=9
build="$root/build"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) build="$(realpath "$2")"; shift 2 ;;
    [0-9]*) seeds="$1"; shift ;;
    *) echo "usage: $0 [SEEDS] [--build DIR]" >&2; exit 2 ;;
  esac
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$build/bin/retro" solve --game oware --seeds "$seeds" --out "$work/book.retro" >/dev/null
"$build/bin/retro" export --db "$work/book.retro" --format cpp --out "$work/book.h" >/dev/null
g++ -std=c++17 -O2 -include "$work/book.h" "$root/benchmarks/export_lookup_timing.cc" \
  -o "$work/timing"
"$work/timing" "$seeds"
