#!/usr/bin/env bash
# Prints the N slowest tests (default 20) of a build folder's ctest runs,
# from ctest's cost data (BUILD/Testing/Temporary/CTestCostData.txt: each
# test's mean seconds over the runs of that folder; one run on a fresh
# clone), and the sum over every test. scripts/test.sh prints it after each
# run, so that every CI log says where the test time goes.
#
#   scripts/slowest_tests.sh BUILD [N]
set -euo pipefail
build=$1
count=${2:-20}
costs="$build/Testing/Temporary/CTestCostData.txt"
if [ ! -f "$costs" ]; then
  echo "no ctest cost data in $costs" >&2
  exit 1
fi
# Lines "name runs seconds" up to the "---" line (the failed tests follow),
# sorted by seconds, slowest first.
sorted=$(sed '/^---$/,$d' "$costs" | awk '{ print $3 "\t" $1 }' | sort -t$'\t' -k1,1 -g -r)
awk -F'\t' -v n="$count" '
  NR == 1 { print "The " n " slowest tests (mean seconds over this build folder'"'"'s runs):" }
  NR <= n { printf "  %8.2f  %s\n", $1, $2 }
  { total += $1 }
  END { printf "  %8.2f  in all, %d tests\n", total, NR }
' <<<"$sorted"
