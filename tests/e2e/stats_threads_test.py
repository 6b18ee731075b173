#!/usr/bin/env python3
"""`retro stats --json` counts the same on 1, 2 and 3 threads, for a small
database of every shipped game in each of its layouts, and agrees with
counts that do not come from retro: the positions of each Surakarta slice
(C(36, n) x 2^n boards of n pieces) and the wins, draws and losses of the
tic-tac-toe brute force (plugins/tictactoe/brute_force.cc).

A Surakarta slice of 4 pieces spans many blocks in either layout, so a
count that reads only part of a slice on some number of threads shows.

usage: stats_threads_test.py --retro BUILD/bin/retro --brute-force
       BUILD/bin/tictactoe_brute_force --work SCRATCH
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys

# name -> solve options: every shipped game, each layout it offers.
SOLVES = {
    "oware-small": ["--game", "oware", "--seeds", "7", "--layout", "small"],
    "oware-fast": ["--game", "oware", "--seeds", "7", "--layout", "fast"],
    "surakarta-fast": ["--game", "surakarta", "--pieces", "4", "--layout", "fast"],
    "surakarta-small": ["--game", "surakarta", "--pieces", "4", "--layout", "small"],
    "plakoto": ["--game", "plakoto", "--points", "6"],
    "tictactoe-fast": ["--game", "tictactoe", "--layout", "fast"],
    "tictactoe-small": ["--game", "tictactoe", "--layout", "small"],
    "coins-small": ["--game", "coins", "--layout", "small"],
    "coins-fast": ["--game", "coins", "--layout", "fast"],
    "dice_race": ["--game", "dice_race"],
}


def run(args):
    process = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if process.returncode != 0:
        raise AssertionError(f"{' '.join(args)} failed ({process.returncode}): "
                             f"{process.stderr}")
    return process.stdout


def stats(retro, db, threads):
    out = json.loads(run([retro, "stats", "--db", db, "--threads", str(threads), "--json",
                          "--progress", "none"]))
    assert out["ok"], out
    return out["result"]


def brute_force_counts(program):
    """Wins, draws and losses of the brute force's positions."""
    counts = {"win": 0, "draw": 0, "loss": 0}
    for line in run([program]).splitlines():
        result = line.split("\t")[1].split()[0]
        counts[result] += 1
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--brute-force", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    failures = []
    results = {}
    for name, options in SOLVES.items():
        db = os.path.join(args.work, name + ".retro")
        run([args.retro, "solve"] + options + ["--out", db, "--progress", "none"])
        by_threads = {t: stats(args.retro, db, t) for t in (1, 2, 3)}
        for threads in (2, 3):
            if by_threads[threads] != by_threads[1]:
                failures.append(f"{name}: stats on {threads} threads differ from 1 thread: "
                                f"{json.dumps(by_threads[threads])[:400]} against "
                                f"{json.dumps(by_threads[1])[:400]}")
        results[name] = by_threads
    # Surakarta: every board of n pieces, each X or O, is a position.
    for name in ("surakarta-fast", "surakarta-small"):
        for threads, result in results[name].items():
            for entry in result["slices"]:
                n = int(entry["name"].split("-")[1])
                want = math.comb(36, n) * 2**n
                wdl = entry["wdl"]
                if entry["positions"] != want or \
                        wdl["wins"] + wdl["draws"] + wdl["losses"] != want:
                    failures.append(f"{name} on {threads} threads: {entry['name']} counts "
                                    f"{entry['positions']} positions, {wdl}; {want} boards")
    # Tic-tac-toe: the brute force's results, position by position counted.
    want = brute_force_counts(args.brute_force)
    for name in ("tictactoe-fast", "tictactoe-small"):
        for threads, result in results[name].items():
            total = result["total"]
            got = {"win": total["wdl"]["wins"], "draw": total["wdl"]["draws"],
                   "loss": total["wdl"]["losses"]}
            if got != want or total["positions"] != sum(want.values()):
                failures.append(f"{name} on {threads} threads: {total} against the brute "
                                f"force's {want}")
    for failure in failures:
        print("FAILED:", failure)
    if failures:
        return 1
    print(f"stats agree on 1, 2 and 3 threads for {len(SOLVES)} databases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
