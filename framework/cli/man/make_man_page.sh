#!/usr/bin/env bash
# Writes the manual page retro(1) from the help texts of the `retro` given:
# `retro --help` for the synopsis and the command list, then each
# command's `--help` as a section, so that the page says what the program
# says.
#
# usage: make_man_page.sh RETRO OUTPUT
set -euo pipefail
retro="$1" out="$2"
mkdir -p "$(dirname "$out")"
version="$("$retro" --version | awk '{print $2}')"
commands="$("$retro" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && /^$/ {on = 0}')"

# Help text as roff: escape backslashes and leading dots or quotes, keep
# the layout (no filling).
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" -e 's/-/\\-/g'; }

{
  echo ".TH RETRO 1 \"\" \"retro $version\" \"User Commands\""
  echo ".SH NAME"
  echo "retro \\- build and read endgame databases of board games"
  echo ".SH SYNOPSIS"
  echo ".B retro"
  echo ".I command"
  echo "[options]"
  echo ".SH DESCRIPTION"
  echo ".nf"
  "$retro" --help | roff
  echo ".fi"
  echo ".SH COMMANDS"
  for command in $commands; do
    echo ".SS $command"
    echo ".nf"
    "$retro" "$command" --help 2>&1 | roff
    echo ".fi"
  done
  echo ".SH ENVIRONMENT"
  echo ".TP"
  echo ".B RETRO_PLUGIN_PATH"
  echo "Colon-separated folders searched for game plugins."
  echo ".TP"
  echo ".B RETRO_PROGRESS_INTERVAL_SECONDS"
  echo "Seconds between plain progress lines (default 60)."
  echo ".TP"
  echo ".B RETRO_MEMORY_LIMIT_MB"
  echo "Caps the memory a solve may plan for."
  echo ".TP"
  echo ".B RETRO_DATABASE_READ_LIMIT_MB"
  echo "Database files up to this many MiB (default 256) are read into memory when opened; larger ones are mapped (0 maps every file)."
  echo ".SH EXIT STATUS"
  echo "0 on success, 2 for a bad command line or input, 1 for anything else."
} >"$out"
