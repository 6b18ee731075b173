#!/usr/bin/env bash
# The bash completion (framework/cli/completion/retro.bash), run as bash
# runs it: COMP_WORDS set, _retro called, COMPREPLY read. Commands, games
# (also those of a --plugin-dir on the line), each command's options from
# its --help with the game's parameters, play's player keys as --KEY, and
# no placeholder (--KEY) offered as an option.
#
#   completion_test.sh RETRO COMPLETION_SCRIPT TEST_PLUGIN_DIR
set -o pipefail  # (not -u: bash runs completions without it)
retro="$1"
# shellcheck source=/dev/null
source "$2"
plugins="$3"
failures=0

# completes WORDS...: what completing the last word offers, one a line.
completes() {
  COMP_WORDS=("$retro" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _retro
  printf '%s\n' "${COMPREPLY[@]}"
}

# expect "WORDS" offers|lacks CANDIDATE...
expect() {
  local words="$1" how="$2"
  shift 2
  local offered words_array
  read -ra words_array <<< "$words"
  # A trailing space: the word being completed is empty.
  [[ -z "$words" || "$words" == *" " ]] && words_array+=("")
  offered=$(completes "${words_array[@]}")
  for candidate in "$@"; do
    # (A here-string, not `printf | grep -q`: under pipefail that fails
    # whenever grep stops before printf is done.)
    if grep -qx -- "$candidate" <<< "$offered"; then
      [ "$how" = offers ] && continue
    else
      [ "$how" = lacks ] && continue
    fi
    echo "FAIL: completing 'retro $words' $how '$candidate'? it offers: $(echo $offered)"
    failures=$((failures + 1))
  done
}

expect "" offers solve probe play explore help --version
expect "solve --game " offers oware surakarta plakoto tictactoe
expect "solve --game " lacks no game seeds
expect "solve --plugin-dir $plugins --game " offers countdown oware
expect "solve --game oware --" offers --seeds --turn-limit --grand-slam --layout --out --help
expect "solve --game=oware --" offers --seeds --turn-limit
expect "solve --game oware --" lacks -- --KEY
expect "play --game oware --" offers --position --depth --book --hash-mb
expect "play --game oware --" lacks -- --KEY
expect "match --game oware --" offers --a --b
expect "match --game oware --" lacks --depth
expect "solve --progress " offers bar plain none
[ "$(completes solve --game oware --se)" = "--seeds" ] ||
  { echo "FAIL: 'retro solve --game oware --se' does not complete to --seeds alone"; failures=$((failures + 1)); }

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "bash completion: every case as expected"
