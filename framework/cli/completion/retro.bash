# Bash completion of `retro`: its commands, each command's options (read
# from `retro <command> [--game G] --help`, so they match the installed
# version and the chosen game's parameters, with `retro play`'s player keys
# as --KEY), the installed games after --game (and those of every
# --plugin-dir on the line), the progress styles after --progress, file
# names after --db, --out and --expected, folders after --scratch and
# --plugin-dir. Checked by tests/e2e/completion_test.sh.
# Installed as share/bash-completion/completions/retro.

# The game names `retro games [ARGS]` lists, one a line: _retro_games RETRO ARGS...
_retro_games() {
  "$1" games "${@:2}" --json 2>/dev/null | grep -o '"name":"[^"]*","summary"' |
    sed 's/^"name":"//; s/",.*//'
}

_retro() {
  local cur prev retro command i
  local -a game=() plugin_dirs=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  retro="${COMP_WORDS[0]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "games solve probe stats verify compare perft check play match export explore help --help --version" -- "$cur"))
    return
  fi
  command="${COMP_WORDS[1]}"
  # The game and the plugin folders already on the line.
  for ((i = 2; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      --game) game=(--game "${COMP_WORDS[i+1]}") ;;
      --game=*) game=("${COMP_WORDS[i]}") ;;
      --plugin-dir) plugin_dirs+=(--plugin-dir "${COMP_WORDS[i+1]}") ;;
    esac
  done
  case "$prev" in
    --game) COMPREPLY=($(compgen -W "$(_retro_games "$retro" "${plugin_dirs[@]}")" -- "$cur")); return ;;
    --progress) COMPREPLY=($(compgen -W "bar plain none" -- "$cur")); return ;;
    --db | --out | --expected) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --scratch | --plugin-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
  esac
  if [[ "$cur" == --* ]]; then
    # Options as `--help` lists them (`--name ...`; a placeholder such as
    # `--KEY` is not one), and the player keys (`key=VALUE`) that `retro
    # play` also takes as --KEY.
    local keys='s/^ *\(--[a-z][a-z-]*\).*/\1/p'
    [ "$command" = play ] && keys="$keys; s/^ *\([a-z][a-z-]*\)=[A-Z].*/--\1/p"
    COMPREPLY=($(compgen -W "$("$retro" "$command" "${game[@]}" "${plugin_dirs[@]}" --help 2>/dev/null |
                               sed -n "$keys") --help" -- "$cur"))
  fi
}
complete -o default -F _retro retro
