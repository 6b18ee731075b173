#!/usr/bin/env bash
# Runs the indexing-scheme benchmarks of every game that has them, with
# repetitions, and prints their medians as markdown tables (with DOC=FILE,
# writes them between the markers <!-- indexing:begin --> and
# <!-- indexing:end --> of FILE instead, leaving the rest alone; the file is
# created if missing). benchmarks/run_benchmarks.sh --full runs it; the
# summary is in docs/benchmarks.md and the conclusions in docs/indexing.md.
#
#   benchmarks/run_indexing.sh [BUILD_DIR]      # default: build
#   REPETITIONS=9 MIN_TIME=0.5 benchmarks/run_indexing.sh build-idx
#   GAMES="oware" benchmarks/run_indexing.sh    # run a subset of the games
#                                               # (the others' tables are
#                                               # redone from their last JSON)
#   RENDER_ONLY=1 benchmarks/run_indexing.sh    # redo the tables from the
#                                               # last run's JSON
#
# Adding a game: add "name:binary" to ALL_GAMES below. The renderer relies on
# the benchmark names only: "<Op>/<workload>/<Scheme>[/args]" for per-call
# benchmarks reporting items_per_second (shown as ns per call), and
# "<Op>/<Scheme>[/key:value...]" for the rest (shown in ms, wall clock and
# CPU time, with their counters table_bytes and book_bytes). One table per
# kind and game, schemes as rows. Defaults: 5 repetitions, 0.2 s each.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-build}"
[[ "$BUILD" = /* ]] || BUILD="$ROOT/$BUILD"
REPETITIONS="${REPETITIONS:-5}"
MIN_TIME="${MIN_TIME:-0.2}"
DOC="${DOC:-}"  # empty: print to stdout
RESULTS="${RESULTS:-$BUILD/indexing-results}"  # the JSON of each game's last run

# name:binary (in $BUILD/bin) per game.
ALL_GAMES=("oware:oware_indexing_benchmark" "surakarta:surakarta_indexing_benchmark"
           "plakoto:plakoto_indexing_benchmark")
SELECTED="${GAMES:-}"

mkdir -p "$RESULTS"
ran=()
for entry in "${ALL_GAMES[@]}"; do
  game="${entry%%:*}"
  binary="$BUILD/bin/${entry#*:}"
  # A game left out of GAMES keeps its tables from its last run (if any).
  if [[ -n "$SELECTED" && " $SELECTED " != *" $game "* ]] ||
     [[ -n "${RENDER_ONLY:-}" ]]; then
    [[ -f "$RESULTS/$game.json" ]] && ran+=("$game")
    continue
  fi
  if [[ ! -x "$binary" ]]; then
    echo "skipping $game: $binary not built" >&2
    continue
  fi
  echo "running $game ($REPETITIONS repetitions)..." >&2
  # Random interleaving spreads the repetitions of every benchmark over the
  # whole run, so that a busy spell of the shared machine does not fall on
  # one scheme only.
  "$binary" --benchmark_repetitions="$REPETITIONS" \
    --benchmark_enable_random_interleaving=true \
    --benchmark_report_aggregates_only=true \
    --benchmark_min_time="$MIN_TIME" \
    --benchmark_out="$RESULTS/$game.json" --benchmark_out_format=json \
    >/dev/null
  ran+=("$game")
done
if [[ ${#ran[@]} -eq 0 ]]; then
  echo "no indexing benchmark was run" >&2
  exit 1
fi

python3 - "$DOC" "$RESULTS" "$REPETITIONS" "${ran[@]}" <<'PY'
import datetime, json, os, re, sys

doc, results, games = sys.argv[1], sys.argv[2], sys.argv[4:]
BEGIN, END = "<!-- indexing:begin -->", "<!-- indexing:end -->"


def machine():
    model, cores, ids = "unknown CPU", 0, {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "model name" and model == "unknown CPU":
                model = value
            if key in ("cpu family", "model") and key not in ids:
                ids[key] = value
            if key == "processor":
                cores += 1
    if ids:
        model += f" (family {ids.get('cpu family', '?')}, model {ids.get('model', '?')})"
    load = open("/proc/loadavg").read().split()[:3]
    return model, cores, " ".join(load)


def parse(name):
    """(op, column, scheme) from a benchmark name; see the script header."""
    parts = [p for p in name.split("/")
             if p not in ("real_time", "process_time") and not p.startswith("iterations:")
             and not re.fullmatch(r"\d+", p)]
    params = [p for p in parts if ":" in p]
    plain = [p for p in parts if ":" not in p]
    if len(plain) >= 3:
        op, scheme = plain[0] + " " + plain[1], plain[2]
    else:
        op, scheme = plain[0], plain[-1]
    return op, " ".join([op] + params), scheme


def fmt(x):
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:.3g}"
    return f"{x:.4f}"


def tables(game, data):
    # Repetitions of the run that wrote the JSON (RENDER_ONLY may differ).
    repetitions = max(b.get("repetitions", 1) for b in data["benchmarks"])
    # Registration order, whatever order the (interleaved) run used.
    medians = sorted(
        (b for b in data["benchmarks"] if b.get("aggregate_name") == "median"),
        key=lambda b: (b.get("family_index", 0), b.get("per_family_instance_index", 0)))
    cvs = {b["run_name"]: b for b in data["benchmarks"] if b.get("aggregate_name") == "cv"}
    per_call, other, schemes = {}, {}, []
    counters = set()
    worst_cv = {"per call": 0.0, "other": 0.0}
    for b in medians:
        op, column, scheme = parse(b["run_name"])
        if scheme not in schemes:
            schemes.append(scheme)
        cv = cvs.get(b["run_name"])
        if "items_per_second" in b:
            per_call.setdefault(column, {})[scheme] = 1e9 / b["items_per_second"]
            if cv:
                worst_cv["per call"] = max(worst_cv["per call"], cv["cpu_time"])
        else:
            scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
            cell = {"ms": b["real_time"] * scale, "cpu": b["cpu_time"] * scale}
            for key in ("table_bytes", "book_bytes"):
                if key in b:
                    cell[key] = b[key]
                    counters.add((op, key))
            other.setdefault(column, {})[scheme] = cell
            if cv:
                worst_cv["other"] = max(worst_cv["other"], cv["real_time"])
    out = [f"### {game.capitalize()}", ""]
    if per_call:
        cols = list(per_call)
        out += [f"ns per call (median of {repetitions} repetitions, CPU time; "
                f"largest coefficient of variation {worst_cv['per call']:.1%}):", ""]
        out.append("| scheme | " + " | ".join(cols) + " |")
        out.append("|---|" + "---:|" * len(cols))
        for s in schemes:
            if any(s in per_call[c] for c in cols):
                out.append(f"| {s} | " + " | ".join(
                    fmt(per_call[c][s]) if s in per_call[c] else "–" for c in cols) + " |")
        out.append("")
    if other:
        cols = list(other)
        extra = sorted({key for (op, key) in counters})
        out += [f"Milliseconds, wall clock / CPU time of the process (median of "
                f"{repetitions} repetitions; largest coefficient of variation of the "
                f"wall clock {worst_cv['other']:.1%}), and bytes:", ""]
        out.append("| scheme | " + " | ".join(cols + extra) + " |")
        out.append("|---|" + "---:|" * (len(cols) + len(extra)))
        for s in schemes:
            if not any(s in other[c] for c in cols):
                continue
            cells = [f'{fmt(other[c][s]["ms"])} / {fmt(other[c][s]["cpu"])}'
                     if s in other[c] else "–" for c in cols]
            for key in extra:
                vals = [other[c][s][key] for c in cols if s in other[c] and key in other[c][s]]
                cells.append(f"{vals[0]:,.0f}" if vals else "–")
            out.append(f"| {s} | " + " | ".join(cells) + " |")
        out.append("")
    return out


model, cores, _ = machine()
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
section = [BEGIN, "## Indexing schemes", "",
           f"Generated by `benchmarks/run_indexing.sh` on {now}: {model}, {cores} "
           "cores (the machine is shared; every figure is a median of "
           "repetitions). Conclusions: [indexing.md](indexing.md).", ""]
for game in games:
    with open(os.path.join(results, game + ".json")) as f:
        data = json.load(f)
    context = data["context"]
    load = " ".join(f"{x:.2f}" for x in context.get("load_avg", []))
    body = tables(game, data)
    body[1:1] = ["", f"Run started {context['date']}, load average {load}."]
    section += body
section.append(END)

if not doc:
    print("\n".join(section[1:-1]))
    sys.exit(0)
text = open(doc).read() if os.path.exists(doc) else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
if BEGIN not in text or END not in text:
    text = text.rstrip("\n") + f"\n\n{BEGIN}\n{END}\n"
head, rest = text.split(BEGIN, 1)
_, tail = rest.split(END, 1)
with open(doc, "w") as f:
    f.write(head + "\n".join(section) + tail)
print(f"wrote the indexing section of {doc}")
PY
