#!/usr/bin/env bash
# Runs the command lines of the README's "Using retro" example block (the
# one after the comment naming readme_examples), in order, in an empty
# folder, with the built `retro` first on PATH; then checks that the
# README's "Example probe" prints what the README shows. Fails naming the
# first line that exits non-zero or the first output line that differs.
#
# usage: readme_test.sh RETRO_BIN_DIR README WORKDIR
set -uo pipefail
bin_dir="$1" readme="$2" work="$3"
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
export PATH="$bin_dir:$PATH"

# The lines of the first ```sh block after the marker comment.
examples="$(awk '/readme_examples/ {found = 1}
                 found && /^```sh/ {inside = 1; next}
                 inside && /^```/ {exit}
                 inside {print}' "$readme")"
if [ -z "$examples" ]; then
  echo "no example block found in $readme" >&2
  exit 1
fi
count=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  count=$((count + 1))
  if ! bash -c "set -o pipefail; $line" >"output.txt" 2>&1 </dev/null; then
    echo "README example failed: $line" >&2
    cat output.txt >&2
    exit 1
  fi
done <<<"$examples"
echo "ran $count README example lines"

# The "Example probe": the command after "$ " and the output shown below it.
expected="$(awk '/^Example probe/ {found = 1}
                 found && /^```/ {if (inside) exit; inside = 1; next}
                 inside {print}' "$readme")"
command="$(head -n 1 <<<"$expected")"
command="${command#\$ }"
shown="$(tail -n +2 <<<"$expected")"
actual="$(bash -c "$command" 2>&1)" || {
  echo "README example probe failed: $command" >&2
  echo "$actual" >&2
  exit 1
}
if [ "$actual" != "$shown" ]; then
  echo "README example probe prints something else: $command" >&2
  diff <(echo "$shown") <(echo "$actual") >&2
  exit 1
fi
echo "the example probe prints what the README shows"
