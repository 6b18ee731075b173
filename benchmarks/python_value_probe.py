#!/usr/bin/env python3
"""The cost of reading values from Python: Database.value, one call per
position (timeit, as a search program probing at each node calls it), and
Database.values_many on a batch given as text and in the binary form, on
random boards of the 9-seed oware book. Checks that all three agree and
prints ns a call, positions a second and the load.

usage: python_value_probe.py [--retro PATH] [--db FILE] [--positions N]
                             [--seed S] [--plies-left T] [--repeat R]

Without --db, solves the 9-seed oware book into a temporary folder with
--retro (default: `retro` on PATH). docs/benchmarks.md shows a run (pinned
with `taskset -c 1`).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import timeit

import numpy
import retro
from python_probe_many import board_text, random_boards


def best(function, repeat):
    """The shortest wall and CPU seconds (this process's) of `repeat` runs
    of function(), each the minimum over the runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--retro", default="retro")
    parser.add_argument("--db")
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies-left", default=None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db
        if path is None:
            path = os.path.join(folder, "oware-9.retro")
            subprocess.run([args.retro, "solve", "--game", "oware", "--seeds", "9", "--out", path],
                           check=True, stdout=subprocess.DEVNULL)
        options = {} if args.plies_left is None else {"plies_left": args.plies_left}
        db = retro.open(path)
        boards = random_boards(args.positions, 9, args.seed)
        texts = [board_text(b) for b in boards]
        cells = numpy.array(boards, dtype=numpy.int32)

        # values_many, warm (the first call reads the slices' stores).
        from_text = db.values_many(texts, **options)
        from_cells = db.values_many(cells, **options)
        assert numpy.array_equal(from_text, from_cells)
        text_seconds = best(lambda: db.values_many(texts, **options), args.repeat)
        cells_seconds = best(lambda: db.values_many(cells, **options), args.repeat)

        # value, one call at a time, on the first 100,000 positions.
        sample = texts[:100_000]
        got = [db.value(p, **options) for p in sample]
        assert got == from_text[:len(sample)].tolist()
        value = db.value
        value_seconds = best(lambda: [value(p, **options) for p in sample], args.repeat)
        loop_seconds = best(lambda: [len(p) for p in sample], args.repeat)
        one = sample[0]
        timer_one = timeit.Timer(lambda: value(one, **options))
        one_seconds = min(timer_one.repeat(repeat=args.repeat, number=200_000)) / 200_000

    print(f"python {sys.version.split()[0]}, {args.positions:,} positions, options {options}")
    n = len(sample)
    print(f"db.value: {value_seconds[0] / n * 1e9:.0f} ns wall, {value_seconds[1] / n * 1e9:.0f} "
          f"ns CPU a call in a list comprehension (the loop alone {loop_seconds[0] / n * 1e9:.0f} "
          f"ns), {one_seconds * 1e9:.0f} ns wall a call of one position in timeit")
    for name, (wall, cpu) in [("list of str", text_seconds), ("int32 array", cells_seconds)]:
        print(f"db.values_many({name}): {args.positions / wall:,.0f} positions/s wall "
              f"({wall:.3f} s), {args.positions / cpu:,.0f} positions/s CPU ({cpu:.3f} s)")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
