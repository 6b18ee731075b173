#!/bin/sh
# The installed reader archive (retro::reader) holds no solver code: no
# symbol it defines or needs lies in retro::solver, retro::distributed or
# the writers' retro::write namespaces.
#   archive_solver_free_test.sh NM ARCHIVE
set -eu
nm_tool=$1
archive=$2
symbols=$("$nm_tool" -C "$archive")
count=$(printf '%s\n' "$symbols" | grep -c ' [TtUuWwVv] ' || true)
if [ "$count" -eq 0 ]; then
  echo "no symbols read from $archive (nm failed?)" >&2
  exit 1
fi
found=$(printf '%s\n' "$symbols" | grep -E 'retro::(solver|distributed|write)::' || true)
if [ -n "$found" ]; then
  echo "$archive holds solver, distributed or writer code:" >&2
  printf '%s\n' "$found" | head -20 >&2
  exit 1
fi
echo "$archive: $count symbols, none of the solver, distributed or writers"
