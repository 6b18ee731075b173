#!/usr/bin/env python3
"""The chance kit's two-player solve against GNU Backgammon's two-sided bearoff
databases: for each size (points x checkers), gnubg's makebearoff builds its
exact database, bearoffdump prints every position of it (the board and the
cubeless equity of the player on roll), and retro's bearoff example
(plugins/bearoff) must give each position whose two sides both have checkers
a chance P of bearing off first with 2P - 1 within 2e-4 of gnubg's equity.
gnubg's tables hold rounded numbers and bearoffdump prints four decimals:
their largest difference from retro's exact values is 1.1e-4 on these sizes,
where a wrong rule (a higher die bearing off a checker below the highest)
moves some value of each size by 4.6e-3 to 0.34. Exit 77 (skipped) when gnubg's tools are
missing, unless --require (CI).
"""
import argparse
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

SIZES = [(6, 2), (3, 4), (4, 3)]  # points, checkers: 784, 1,225 and 1,225 dumps
TOLERANCE = 2e-4


def find_tool(name):
    return shutil.which(name) or shutil.which(name, path="/usr/games")


def parse_dump(text):
    """The player's and the opponent's checkers by point 1..6, and the equity."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(" +13"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith(" +12"))
    bar = next(i for i, line in enumerate(lines) if "BAR" in line)

    def column(border, label):  # the column of a point label's last character
        match = re.search(r"(?<=[-+])%d(?=[-+])" % label, lines[border])
        return match.end() - 1

    def count(rows, col, mark):
        return sum(1 for line in rows if len(line) > col and line[col] == mark)

    player = [count(lines[bar + 1:bottom], column(bottom, p), "X") for p in range(1, 7)]
    opponent = [count(lines[top + 1:bar], column(top, 25 - p), "O") for p in range(1, 7)]
    equity = float(re.search(r"Cubeless equity\s*:\s*([-+0-9.]+)", text).group(1))
    return player, opponent, equity


def notation(side):
    return "".join(str(p) * side[p - 1] for p in range(6, 0, -1))


def check_size(args, makebearoff, bearoffdump, points, checkers):
    work = Path(args.work) / f"{points}x{checkers}"
    work.mkdir(parents=True, exist_ok=True)
    table = work / "gnubg.bd"
    subprocess.run([makebearoff, "-t", f"{points}x{checkers}", "-f", str(table)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sides = math.comb(points + checkers, checkers)
    expected = {}
    for index in range(1, sides * sides):  # 0: both sides off (and -n 0 means no index)
        dump = subprocess.run([bearoffdump, str(table), "-n", str(index)], check=True,
                              capture_output=True, text=True).stdout
        player, opponent, equity = parse_dump(dump)
        if sum(player) and sum(opponent):
            expected[f"{notation(player)}/{notation(opponent)}"] = equity
    if len(expected) != (sides - 1) ** 2:
        sys.exit(f"{points}x{checkers}: {len(expected)} distinct positions read from gnubg, "
                 f"expected {(sides - 1) ** 2}")
    db = work / "bearoff.retro"
    db.unlink(missing_ok=True)
    subprocess.run([args.retro, "solve", "--game", "bearoff", "--points", str(points),
                    "--checkers", str(checkers), "--out", str(db), "--plugin-dir",
                    args.plugin_dir], check=True, stdout=subprocess.DEVNULL)
    positions = sorted(expected)
    answers = subprocess.run([args.retro, "probe", "--db", str(db), "--plugin-dir",
                              args.plugin_dir], input="\n".join(positions) + "\n",
                             check=True, capture_output=True, text=True).stdout.splitlines()
    if len(answers) != len(positions):
        sys.exit(f"{points}x{checkers}: {len(answers)} answers to {len(positions)} positions")
    worst, worst_at = 0.0, ""
    for position, answer in zip(positions, answers):
        chance = float(re.search(r"  P=(\S+)", answer).group(1))
        difference = abs(2 * chance - 1 - expected[position])
        if difference > worst:
            worst, worst_at = difference, position
    print(f"{points} points x {checkers} checkers: {len(positions)} positions, largest "
          f"|2P - 1 - gnubg equity| = {worst:.2g} (at {worst_at or '-'})")
    return worst <= TOLERANCE


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--retro", required=True)
    parser.add_argument("--plugin-dir", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--require", action="store_true",
                        help="fail, not skip, when gnubg's tools are missing")
    args = parser.parse_args()
    makebearoff, bearoffdump = find_tool("makebearoff"), find_tool("bearoffdump")
    if not (makebearoff and bearoffdump):
        print("gnubg's makebearoff and bearoffdump are missing (Debian: gnubg)")
        return 1 if args.require else 77
    ok = all([check_size(args, makebearoff, bearoffdump, p, c) for p, c in SIZES])
    if not ok:
        print(f"FAILED: a position differs from gnubg by more than {TOLERANCE}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
