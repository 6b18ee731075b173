#!/bin/sh
# The include closure of the readers: runs the compiler's dependency output
# (-MM) on each reader header and fails when any header it pulls in solves,
# writes or distributes (retro/solver/, a format's write/ folder,
# retro/distributed/), or
# is one of the host's own headers (retro/host/: the plugin loader, ...) or
# the CLI. Prints each header's count of project
# headers and their lines.
#
#   include_closure_test.sh CXX SOURCE_DIR HEADER... [-- -IDIR...]
set -eu
CXX=$1
SRC=$2
shift 2
HEADERS=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  HEADERS="$HEADERS $1"
  shift
done
[ $# -gt 0 ] && shift
EXTRA="$*"

status=0
for header in $HEADERS; do
  # The compiler's own status counts: a header that does not compile, or
  # lists nothing, fails (the host's include folder is on the path, so a
  # host header resolves and is reported below instead).
  if ! raw=$(cd "$SRC" && "$CXX" -std=c++20 -MM -I. -Iframework/include \
               -Iframework/host/include $EXTRA "$header"); then
    echo "$header: the compiler failed on it"
    status=1
    continue
  fi
  deps=$(printf '%s\n' "$raw" | tr ' \\' '\n\n' | sed -n '2,$p' | grep -v '^$' | sort -u)
  if [ -z "$deps" ]; then
    echo "$header: the compiler listed no dependency"
    status=1
    continue
  fi
  count=$(printf '%s\n' "$deps" | wc -l)
  lines=$(cd "$SRC" && cat $deps | wc -l)
  echo "$header: $count project headers, $lines lines"
  bad=$(printf '%s\n' "$deps" |
        grep -E '(^|/)retro/(solver|distributed)/|(^|/)retro/format/[a-z_]+/write/|(^|/)retro/host/|(^|/)framework/cli/' || true)
  if [ -n "$bad" ]; then
    echo "  includes what a reader must not:"
    printf '    %s\n' $bad
    status=1
  fi
done
exit $status
