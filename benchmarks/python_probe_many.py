#!/usr/bin/env python3
"""Probing many oware positions from Python: the module's
Database.probe_many against `retro probe --json` run as a co-process
(positions written to its stdin, one JSON line read back per position and
parsed with json.loads), both giving the same list of dicts, which is
checked. Prints the wall and CPU time of each, their ratios and the load.

usage: python_probe_many.py [--retro PATH] [--db FILE] [--positions N]
                            [--seed S] [--plies-left T]

Without --db, solves the 9-seed oware book into a temporary folder with
--retro (default: `retro` on PATH). The positions are random boards of at
most the book's seeds, so every one is in the book. docs/python.md shows
a run; docs/benchmarks.md the measured figures.
"""
import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time

import retro


def random_boards(count, max_seeds, seed):
    """`count` random oware boards of at most `max_seeds` seeds (12 house
    counts each)."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        houses = [0] * 12
        for _ in range(rng.randint(0, max_seeds)):
            houses[rng.randrange(12)] += 1
        boards.append(houses)
    return boards


def board_text(houses):
    """A board in the notation: the mover's 6 houses | the opponent's."""
    return " ".join(map(str, houses[:6])) + " | " + " ".join(map(str, houses[6:]))


def random_positions(count, max_seeds, seed):
    """`count` random oware boards of at most `max_seeds` seeds, as text."""
    return [board_text(houses) for houses in random_boards(count, max_seeds, seed)]


def child_cpu():
    """CPU seconds (user + system) of the finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def probe_with_module(db_path, positions, options):
    """The answers of Database.probe_many, its wall and CPU seconds."""
    db = retro.open(db_path)
    wall, cpu = time.perf_counter(), time.process_time()
    answers = db.probe_many(positions, **options)
    return answers, time.perf_counter() - wall, time.process_time() - cpu


def probe_with_coprocess(retro_binary, db_path, positions, cli_options):
    """The answers of a `retro probe --json` co-process, its wall and CPU
    seconds (this process's and the co-process's)."""
    wall, cpu, children = time.perf_counter(), time.process_time(), child_cpu()
    process = subprocess.Popen([retro_binary, "probe", "--db", db_path, "--json"] + cli_options,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               bufsize=1 << 16)

    def feed():
        for position in positions:
            process.stdin.write(position + "\n")
        process.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    answers = []
    for line in process.stdout:
        out = json.loads(line)
        # The command's result, inside the JSON envelope when there is one.
        if isinstance(out, dict) and "ok" in out and "result" in out:
            out = out["result"]
        answers.append(out)
    writer.join()
    if process.wait() != 0:
        sys.exit(f"retro probe failed with status {process.returncode}")
    seconds = time.perf_counter() - wall
    return answers, seconds, time.process_time() - cpu + child_cpu() - children


def probe_lockstep(retro_binary, db_path, positions, cli_options):
    """The answers of a `retro probe --json` co-process driven one position
    at a time (write a line, read its answer: what a program choosing each
    position from the last answer does), its wall and CPU seconds."""
    wall, cpu, children = time.perf_counter(), time.process_time(), child_cpu()
    process = subprocess.Popen([retro_binary, "probe", "--db", db_path, "--json"] + cli_options,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    answers = []
    for position in positions:
        process.stdin.write(position + "\n")
        process.stdin.flush()
        out = json.loads(process.stdout.readline())
        if isinstance(out, dict) and "ok" in out and "result" in out:
            out = out["result"]
        answers.append(out)
    process.stdin.close()
    if process.wait() != 0:
        sys.exit(f"retro probe failed with status {process.returncode}")
    seconds = time.perf_counter() - wall
    return answers, seconds, time.process_time() - cpu + child_cpu() - children


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--retro", default="retro", help="the retro command")
    parser.add_argument("--db", help="an oware book (default: solve the 9-seed book)")
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies-left", default="book")
    parser.add_argument("--lockstep", type=int, default=100_000,
                        help="positions probed one at a time through the co-process (0: none)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        db_path = args.db
        if db_path is None:
            db_path = os.path.join(folder, "oware-9.retro")
            subprocess.run([args.retro, "solve", "--game", "oware", "--seeds", "9", "--out",
                            db_path], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        max_seeds = int(retro.open(db_path).parameters["seeds"])
        positions = random_positions(args.positions, max_seeds, args.seed)
        options = {"plies_left": args.plies_left}
        cli_options = ["--plies-left", args.plies_left]
        load = os.getloadavg()

        module, module_wall, module_cpu = probe_with_module(db_path, positions, options)
        cli, cli_wall, cli_cpu = probe_with_coprocess(args.retro, db_path, positions, cli_options)
        if module != cli:
            sys.exit("the module's answers differ from retro probe --json's")
        lockstep = positions[:args.lockstep]
        if lockstep:
            step, step_wall, step_cpu = probe_lockstep(args.retro, db_path, lockstep, cli_options)
            if step != module[:len(lockstep)]:
                sys.exit("the module's answers differ from retro probe --json's")

    print(f"{len(positions):,} oware positions of at most {max_seeds} seeds, "
          f"plies left {args.plies_left}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"{os.cpu_count()} CPUs")
    print(f"Database.probe_many:         wall {module_wall:8.3f} s  CPU {module_cpu:8.3f} s")
    print(f"retro probe --json (piped):  wall {cli_wall:8.3f} s  CPU {cli_cpu:8.3f} s")
    print(f"ratio (co-process / module): wall {cli_wall / module_wall:6.2f}x  "
          f"CPU {cli_cpu / module_cpu:6.2f}x")
    if lockstep:
        # Per position, against the module's per-position cost.
        scale = len(positions) / len(lockstep)
        print(f"retro probe --json, one position at a time ({len(lockstep):,} positions, "
              f"scaled to {len(positions):,}): wall {step_wall * scale:8.3f} s  "
              f"CPU {step_cpu * scale:8.3f} s")
        print(f"ratio (one at a time / module): wall {step_wall * scale / module_wall:6.2f}x  "
              f"CPU {step_cpu * scale / module_cpu:6.2f}x")


if __name__ == "__main__":
    main()
