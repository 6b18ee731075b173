#!/usr/bin/env bash
# Installs the dependencies and builds retro (Release) into ./build.
#
#   scripts/build.sh [GAME...] [-DOPTION=VALUE...]
#
# With GAME names (e.g. oware), builds only the `retro` command and those
# games' plugins: what solving and probing them needs, a fraction of the
# whole build. Without, builds `retro` and every game's plugin. With --all,
# builds everything: tests, benchmarks and examples too (scripts/test.sh
# does). -D options are passed to the CMake configure step and kept in
# build/CMakeCache.txt for later builds.
set -euo pipefail
cd "$(dirname "$0")/.."
games=()
configure=()
all=false
for arg in "$@"; do
  case "$arg" in
    --all) all=true ;;
    -*) configure+=("$arg") ;;
    *) games+=("$arg") ;;
  esac
done
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${configure[@]}" >/dev/null
if $all; then
  cmake --build build --parallel "$(nproc)"
  exit 0
fi
if [ ${#games[@]} -eq 0 ]; then
  # Every game the build was configured with (RETRO_GAMES).
  games_list="$(sed -n 's/^RETRO_GAMES:STRING=//p' build/CMakeCache.txt)"
  IFS=';' read -r -a games <<<"$games_list"
fi
targets=(retro)
for game in "${games[@]}"; do
  if [ ! -d "plugins/$game" ]; then
    echo "unknown game '$game'; games: $(ls plugins | grep -v CMakeLists | tr '\n' ' ')" >&2
    exit 2
  fi
  targets+=("retro_plugin_$game")
done
cmake --build build --parallel "$(nproc)" --target "${targets[@]}"
