#!/usr/bin/env bash
# Installs the dependencies, builds retro and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh "$@"
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
