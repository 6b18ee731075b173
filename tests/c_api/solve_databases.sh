#!/usr/bin/env bash
# The C API tests' databases (tests/c_api/c_api_fixture.h): oware (5 and 9
# seeds), Surakarta (3 pieces; 5 in both layouts) and Plakoto (6 points,
# pin 2 and every pin), solved into DIR with
# the real `retro`. ctest runs it once before every C API test (the fixture
# c_api_databases); a test binary run by hand runs it into a scratch folder.
#
# usage: solve_databases.sh RETRO DIR
set -euo pipefail
retro=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
unset RETRO_PLUGIN_PATH
"$retro" solve --game oware --seeds 5 --threads 2 --out oware-5.retro
"$retro" solve --game surakarta --pieces 3 --threads 2 --out surakarta-3.retro
"$retro" solve --game plakoto --points 6 --pin 2 --threads 2 --out plakoto-6-pin2.retro
# The typed probes' comparison with JSON on every record (c_api_value_test.cc).
"$retro" solve --game oware --seeds 9 --threads 2 --out oware-9.retro
"$retro" solve --game surakarta --pieces 5 --threads 2 --out surakarta-5.retro
"$retro" solve --game surakarta --pieces 5 --indexer symmetric --threads 2 \
  --out surakarta-5-symmetric.retro
"$retro" solve --game plakoto --points 6 --threads 2 --out plakoto-6.retro
