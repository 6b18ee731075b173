#!/bin/sh
# The headers crossing the plugin boundary, as the compiler sees them: the
# project headers that the boundary's own headers include (dependency output,
# -MM) must each be named in docs/writing-a-plugin.md's list of what breaks
# the plugin ABI, so that the list cannot fall behind the code. Fails when
# the compiler fails or lists nothing.
#
#   boundary_headers_test.sh CXX SOURCE_DIR
set -eu
CXX=$1
SRC=$2
cd "$SRC"
roots="plugin.h game_module.h play.h export.h checkpoint.h distributed/communicator.h"
closure=""
for root in $roots; do
  if ! raw=$("$CXX" -std=c++20 -MM -I. -Iframework/include -DBOOST_DLL_USE_STD_FS \
               "framework/include/retro/$root"); then
    echo "retro/$root: the compiler failed on it"
    exit 1
  fi
  closure="$closure $(printf '%s\n' "$raw" | tr ' \\' '\n\n' | grep '^framework/include/retro/' |
                      sed 's|^framework/include/||')"
done
closure=$(printf '%s\n' $closure | sort -u)
[ -n "$closure" ] || { echo "the compiler listed no boundary header"; exit 1; }
# The list: the bullet from "headers crossing the boundary" to its first ':'.
listed=$(awk '/headers crossing the boundary/ {on = 1} on {print} on && /: a member/ {exit}' \
           docs/writing-a-plugin.md | grep -o '`retro/[a-z_/]*\.h`' | tr -d '`' | sort -u)
[ -n "$listed" ] || { echo "docs/writing-a-plugin.md names no boundary header"; exit 1; }
missing=$(printf '%s\n' "$closure" | while read -r h; do
  printf '%s\n' "$listed" | grep -qx "$h" || echo "$h"
done)
echo "$(printf '%s\n' "$closure" | wc -l) headers cross the boundary"
if [ -n "$missing" ]; then
  echo "not in docs/writing-a-plugin.md's list of what breaks the plugin ABI:"
  printf '  %s\n' $missing
  exit 1
fi
