#!/usr/bin/env bash
# Reruns the figures of docs/benchmarks.md: runs each command of its
# tables under /usr/bin/time and prints one markdown row per command (the
# command, wall, CPU = user + sys, peak memory, the size of the file it
# wrote, the machine, the 1-minute load average before the run and the
# date), grouped under the headings of docs/benchmarks.md. Everything it
# writes goes to a scratch folder (mktemp -d, removed at exit) and stdout,
# so it can be run again at any time.
#
#   benchmarks/run_benchmarks.sh [--quick | --full] [--build DIR]
#
# --quick (the default): the small instances, a few minutes in all.
# --full: the large runs as well (oware up to 20 seeds, Surakarta up to 8
#   pieces, the indexing schemes): hours, and about 8 GiB of memory.
# The specialised measurements are the scripts beside this one, which it
# calls: run_seed_ratio.sh (retro against the seed method),
# run_distributed.sh (ranks), run_resume.sh (a killed solve resumed),
# run_indexing.sh (indexing schemes), python_probe_many.py and
# python_value_probe.py.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode=quick
build="$root/build"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) mode=quick; shift ;;
    --full) mode=full; shift ;;
    --build) build="$(realpath "$2")"; shift 2 ;;
    *) echo "usage: $0 [--quick | --full] [--build DIR]" >&2; exit 2 ;;
  esac
done
retro="$build/bin/retro"
for f in "$retro" /usr/bin/time; do
  [[ -x "$f" ]] || { echo "missing $f (build first: scripts/build.sh; /usr/bin/time: apt-get install time)" >&2; exit 1; }
done
# Debian's python3 has the packages the Python parts need (numpy), which
# a python3 earlier on PATH (pyenv) may lack.
python="${PYTHON:-$(command -v /usr/bin/python3 || command -v python3)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# 1. The machine, once; the load and the date, per row.
model="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
machine="$(nproc) × ${model}"
load() { cut -d' ' -f1 /proc/loadavg; }
today() { date -u +%Y-%m-%d; }
echo "Machine: ${machine}, $(free -g | awk '/^Mem:/ { print $2 }') GB; mode ${mode}; load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u '+%Y-%m-%d %H:%M UTC')."

heading() {
  printf '\n### %s\n\n' "$1"
  echo "| command | wall | CPU (user + sys) | peak memory | size | machine | load | date |"
  echo "|---|---:|---:|---:|---:|---|---:|---|"
}

# 2. One row: `row FILE -- COMMAND...` runs COMMAND (in the scratch folder)
# and prints its row; FILE is the file whose size goes in the row ("-" for
# none); with `input=FILE` set, COMMAND reads FILE on stdin. The command
# shown is the one to type, with the scratch paths and the build folder
# left out.
input=/dev/null
row() {
  local file="$1"; shift 2
  local before
  before="$(load)"
  /usr/bin/time -f '%e %U %S %M' -o time.txt "$@" <"$input" >out.txt 2>err.txt ||
    { echo "failed: $*" >&2; cat err.txt >&2; exit 1; }
  local wall user sys kib size=-
  read -r wall user sys kib <time.txt
  [[ "$file" != - ]] && size="$(stat -c %s "$file" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta') B"
  local shown="" arg
  for arg in "$@"; do
    arg="${arg/#$retro/retro}"
    arg="${arg/#$build\/bin\//}"
    arg="${arg/#$work\//}"
    [[ "$arg" == *" "* ]] && arg="\"$arg\""
    shown+="${shown:+ }$arg"
  done
  [[ "$input" != /dev/null ]] && shown+=" < ${input##*/}"
  shown="${shown//|/\\|}"
  printf '| `%s` | %.2f s | %.2f s | %.1f MiB | %s | %s | %s | %s |\n' "$shown" "$wall" \
    "$(echo "$user + $sys" | bc)" "$(echo "$kib / 1024" | bc -l)" "$size" "$machine" \
    "$before" "$(today)"
}

# Random positions of each game, one a line (input of `retro probe`).
positions() {  # game count max
  "$python" - "$@" <<'PY'
import random, sys
game, count, most = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(7)
for _ in range(count):
    if game == "oware":
        pits = [0] * 12
        for _ in range(rng.randint(0, most)):
            pits[rng.randrange(12)] += 1
        print(" ".join(map(str, pits[:6])), "|", " ".join(map(str, pits[6:])))
    elif game == "surakarta":
        cells = ["."] * 36
        squares = rng.sample(range(36), rng.randint(2, most))
        for i, square in enumerate(squares):
            cells[square] = "XO"[i % 2] if i < 2 else rng.choice("XO")
        rows = ["".join(cells[r * 6:r * 6 + 6]) for r in range(6)]
        print("/".join(rows), rng.choice("XO"))
    else:  # plakoto, P = most
        pin = rng.randint(2, 6)
        counts = [0] * most
        counts[pin - 1] = 1
        for _ in range(13):
            counts[rng.randrange(most)] += 1
        print(f"p={pin}", " ".join(map(str, counts)))
PY
}

# 3. The instances of each mode.
if [[ "$mode" == quick ]]; then
  oware_seeds=(9 12); surakarta_fuchou=(5); surakarta_symmetric=(5 6); plakoto_points=(6 12)
  seed_runs=5; resume=(2 -- --game surakarta --pieces 6 --indexer symmetric)
  distributed=(1 2 -- --game oware --seeds 12)
  probe_many=(--positions 100000 --lockstep 10000); explore=(--seconds 5 --threads 4)
else
  oware_seeds=(9 12 14 16 20); surakarta_fuchou=(5 6 7); surakarta_symmetric=(5 6 7 8)
  plakoto_points=(6 12)
  seed_runs=21; resume=(180 -- --game surakarta --pieces 6 --threads 2)
  distributed=(1 2 4 -- --game oware --seeds 14)
  probe_many=(--positions 1000000 --lockstep 100000); explore=(--seconds 20 --threads 8)
fi

heading "Solve"
for n in "${oware_seeds[@]}"; do
  row "oware-$n.retro" -- "$retro" solve --game oware --seeds "$n" --out "$work/oware-$n.retro"
done
row oware-9-fast.retro -- "$retro" solve --game oware --seeds 9 --layout fast --out "$work/oware-9-fast.retro"
for n in "${surakarta_fuchou[@]}"; do
  row "surakarta-$n.retro" -- "$retro" solve --game surakarta --pieces "$n" --out "$work/surakarta-$n.retro"
done
for n in "${surakarta_symmetric[@]}"; do
  row "surakarta-$n-symmetric.retro" -- "$retro" solve --game surakarta --pieces "$n" \
    --indexer symmetric --out "$work/surakarta-$n-symmetric.retro"
done
for p in "${plakoto_points[@]}"; do
  row "plakoto-$p.retro" -- "$retro" solve --game plakoto --points "$p" --out "$work/plakoto-$p.retro"
done
row tictactoe.retro -- "$retro" solve --game tictactoe --out "$work/tictactoe.retro"

heading "Compressed slices (--layout small)"
for n in "${surakarta_symmetric[@]}"; do
  row "surakarta-$n-small.retro" -- "$retro" solve --game surakarta --pieces "$n" \
    --indexer symmetric --layout small --out "$work/surakarta-$n-small.retro"
done
row tictactoe-small.retro -- "$retro" solve --game tictactoe --layout small --out "$work/tictactoe-small.retro"

heading "Probe"
positions oware 10000 9 >oware.txt
positions surakarta 10000 "${surakarta_fuchou[0]}" >surakarta.txt
positions plakoto 10000 12 >plakoto.txt
row - -- "$retro" probe --db "$work/oware-9.retro" --position "0 0 0 1 0 0 | 0 0 0 0 0 1"
input=oware.txt row - -- "$retro" probe --db "$work/oware-9.retro"
input=surakarta.txt row - -- "$retro" probe --db "$work/surakarta-${surakarta_fuchou[0]}.retro"
input=plakoto.txt row - -- "$retro" probe --db "$work/plakoto-12.retro"

heading "Stats and verify"
row - -- "$retro" stats --db "$work/oware-${oware_seeds[-1]}.retro"
# The largest books are verified on a sample (a full verify of 20 seeds
# or 8 pieces takes hours).
for n in "${oware_seeds[@]}"; do
  sample=(); ((n >= 16)) && sample=(--sample 200000 --seed 7)
  row - -- "$retro" verify --db "$work/oware-$n.retro" "${sample[@]}" --progress none
done
row - -- "$retro" verify --db "$work/surakarta-${surakarta_fuchou[-1]}.retro" --progress none
for n in "${surakarta_symmetric[@]}"; do
  sample=(); ((n >= 8)) && sample=(--sample 10000000 --seed 7)
  row - -- "$retro" verify --db "$work/surakarta-$n-symmetric.retro" "${sample[@]}" --progress none
done
for p in "${plakoto_points[@]}"; do
  row - -- "$retro" verify --db "$work/plakoto-$p.retro" --progress none
done
if [[ "$mode" == full ]]; then
  # 4. The in-process figures of the full tables: the solvers side by side,
  # the method's floor, the engine's probes and the compressed lookups.
  bin="$build/bin"
  printf '\n### In process\n\n(load %s, %s)\n```\n' "$(load)" "$(today)"
  "$bin/oware_benchmark" --benchmark_filter='BM_SolveRetro/seeds:9/threads:1|BM_SolveRetroUncoded/seeds:9|BM_SolveChangeFloor/seeds:9|BM_SolveSeedBaseline/seeds:9' \
    --benchmark_repetitions=11 --benchmark_enable_random_interleaving=true \
    --benchmark_report_aggregates_only=true 2>/dev/null | grep -E '_median|^Benchmark'
  "$bin/oware_benchmark" --benchmark_filter=BM_OpenBook 2>/dev/null | grep BM_
  "$bin/oware_change_floor" --seeds 9
  for n in 9 14; do "$bin/oware_engine_bench" "$work/oware-$n.retro" 200000; done
  "$bin/compressed_probe_benchmark" --benchmark_min_time=0.2 2>/dev/null | grep BM_
  echo '```'
  heading "The method's floor at 16 seeds"
  row - -- "$bin/oware_change_floor" --seeds 16
  row - -- "$retro" solve --game oware --seeds 16 --threads 1 --no-checkpoint --layout fast \
    --out "$work/oware-16-fast.retro"
fi
rm -f ./*.retro

if [[ -x "$build/bin/oware_benchmark" ]]; then
  printf '\n### Oware lookups\n\n'
  echo "\`oware_benchmark --benchmark_filter=BM_ProbeValue --benchmark_min_time=0.2 --benchmark_repetitions=3\`, medians of CPU time; load $(load), $(today):"
  echo
  echo "| benchmark | CPU time |"
  echo "|---|---:|"
  "$build/bin/oware_benchmark" --benchmark_filter=BM_ProbeValue --benchmark_min_time=0.2 \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>/dev/null |
    awk '/_median/ { sub(/_median/, "", $1); printf "| `%s` | %s %s |\n", $1, $4, $5 }'
fi

printf '\n### Oware 9 seeds against the seed method\n\n'
echo "\`benchmarks/run_seed_ratio.sh --runs $seed_runs\` (load $(load), $(today)):"
echo '```'
"$root/benchmarks/run_seed_ratio.sh" --build "$build" --runs "$seed_runs"
echo '```'

printf '\n### Resuming a killed solve\n\n'
echo "\`benchmarks/run_resume.sh build/bin/retro ${resume[*]}\` (load $(load), $(today)):"
echo '```'
"$root/benchmarks/run_resume.sh" "$retro" "${resume[@]}"
echo '```'

if command -v mpirun >/dev/null; then
  printf '\n### Distributed\n\n'
  echo "\`benchmarks/run_distributed.sh build/bin/retro ${distributed[*]}\` ($(today)):"
  echo
  "$root/benchmarks/run_distributed.sh" "$retro" "${distributed[@]}"
fi

printf '\n### Python probe_many\n\n'
echo "\`benchmarks/python_probe_many.py --retro build/bin/retro ${probe_many[*]}\` (load $(load), $(today)):"
echo '```'
PYTHONPATH="$build/python" "$python" "$root/benchmarks/python_probe_many.py" --retro "$retro" \
  "${probe_many[@]}"
echo '```'

printf '\n### Python value and values_many\n\n'
echo "\`taskset -c 1 benchmarks/python_value_probe.py --retro build/bin/retro --positions 1000000\` (load $(load), $(today)):"
echo '```'
PYTHONPATH="$build/python" taskset -c 1 "$python" "$root/benchmarks/python_value_probe.py" \
  --retro "$retro" --positions 1000000
echo '```'

printf '\n### retro explore under load\n\n'
echo "\`tests/e2e/explore_load_test.py --retro build/bin/retro ${explore[*]}\` (load $(load), $(today)):"
echo '```'
mkdir explore
"$python" "$root/tests/e2e/explore_load_test.py" --retro "$retro" --work "$work/explore" "${explore[@]}"
echo '```'

if [[ "$mode" == full ]]; then
  printf '\n### Indexing schemes\n\n'
  RESULTS="$work/indexing" "$root/benchmarks/run_indexing.sh" "$build"
fi
