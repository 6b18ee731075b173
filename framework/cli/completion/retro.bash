# Bash completion of `retro`: its commands, each command's options (read
# from `retro <command> [--game G] --help`, so they match the installed
# version and the chosen game's parameters), the installed games after
# --game, the progress styles after --progress, and file names after
# --db, --out, --scratch and --plugin-dir.
# Installed as share/bash-completion/completions/retro.

_retro_games() {
  "$1" games 2>/dev/null | awk '/^[^ ]/ {print $1}'
}

_retro() {
  local cur prev retro command game i
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  retro="${COMP_WORDS[0]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "games solve probe stats verify compare perft check play match export explore --help --version" -- "$cur"))
    return
  fi
  command="${COMP_WORDS[1]}"
  case "$prev" in
    --game) COMPREPLY=($(compgen -W "$(_retro_games "$retro")" -- "$cur")); return ;;
    --progress) COMPREPLY=($(compgen -W "bar plain none" -- "$cur")); return ;;
    --db | --out | --expected) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --scratch | --plugin-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
  esac
  if [[ "$cur" == --* ]]; then
    game=()
    for ((i = 2; i < COMP_CWORD; i++)); do
      if [ "${COMP_WORDS[i]}" = "--game" ]; then game=(--game "${COMP_WORDS[i+1]}"); fi
    done
    COMPREPLY=($(compgen -W "$("$retro" "$command" "${game[@]}" --help 2>/dev/null |
                               grep -o -- '^ *--[a-z-]*' | tr -d ' ') --help" -- "$cur"))
  fi
}
complete -o default -F _retro retro
