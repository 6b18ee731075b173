#!/usr/bin/env python3
"""The command line of `retro explore`: --help, a missing --db, bad options,
a port in use, unreadable and damaged databases (each with its exit status
and a message naming the problem), and a clean exit 0 on SIGINT and SIGTERM;
and the pictures of /api/render read back against the position's notation
(what each game draws where, parsed from the SVG).

usage: explore_cli_test.py --retro BUILD/bin/retro --work SCRATCH
"""

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.parse
import urllib.request

from explore_common import Server, solve_all


def run(retro, args, cwd):
    out = subprocess.run([retro, "explore"] + args, capture_output=True, text=True,
                         timeout=60, cwd=cwd)
    return out.returncode, out.stdout, out.stderr


def picture(server, db_id, position):
    query = urllib.parse.urlencode({"db": db_id, "position": position})
    with urllib.request.urlopen(f"{server.url}api/render?{query}", timeout=10) as answer:
        return json.loads(answer.read())["result"]["svg"]


def picture_problems(server):
    """What each game's picture shows, read from its SVG, against the notation."""
    problems = []
    bold_counts = re.compile(r'font-weight="bold"[^>]*>(\d+)</text>')
    # Oware: the counts in drawing order are houses 0..11.
    board = "2 0 1 0 0 0 | 0 1 0 0 1 1"
    counts = [int(c) for c in bold_counts.findall(picture(server, "oware-6", board))]
    if counts != [int(c) for c in board.replace("|", " ").split()]:
        problems.append(f"oware picture of {board!r} shows counts {counts}")
    # Surakarta: each piece's title names its colour and square.
    position = "X...../.X..../....../...O../....../...... O"
    pieces = re.findall(r"<title>([XO]) ([a-f][1-6])</title>",
                        picture(server, "surakarta-3", position))
    expected = []
    for rank, row in enumerate(position.split()[0].split("/")):
        for file, cell in enumerate(row):
            if cell in "XO":
                expected.append((cell, "abcdef"[file] + str(rank + 1)))
    if sorted(pieces) != sorted(expected):
        problems.append(f"surakarta picture of {position!r} shows {pieces}")
    # Plakoto: the counts of points P..1, drawn left to right, empty points
    # without a count.
    position = "p=2 11 1 0 0 0 2"
    counts = [int(c) for c in bold_counts.findall(picture(server, "plakoto-6", position))]
    expected = [int(c) for c in reversed(position.split()[1:]) if c != "0"]
    if counts != expected:
        problems.append(f"plakoto picture of {position!r} shows counts {counts}")
    # Tic-tac-toe (the stock grid picture): an x per x, an o per o, a number
    # per empty cell.
    position = "x.o/.x./..o"
    svg = picture(server, "tictactoe", position)
    shown = tuple(len(re.findall(pattern, svg)) for pattern in (r">x</text>", r">o</text>",
                                                                 r">\d</text>"))
    if shown != (position.count("x"), position.count("o"), position.count(".")):
        problems.append(f"tic-tac-toe picture of {position!r} shows {shown}")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    paths = solve_all(args.retro, args.work)
    tictactoe = paths[-1]
    failures = []

    def expect(name, argv, status, needle, stream="stderr"):
        code, out, err = run(args.retro, argv, args.work)
        text = out if stream == "stdout" else err
        if code != status or needle not in text:
            failures.append(f"{name}: exit {code} (want {status}), {stream} {text!r} "
                            f"(want {needle!r})")

    # 1. Help and usage errors.
    expect("--help", ["--help"], 0, "usage: retro explore --db FILE", "stdout")
    expect("no --db", [], 2, "retro explore needs --db FILE")
    expect("--db without a value", ["--db"], 2, "option --db needs a value")
    expect("unknown option", ["--db", tictactoe, "--json"], 2, "unknown option --json")
    expect("port out of range", ["--db", tictactoe, "--port", "70000"], 2, "--port")
    expect("empty host", ["--db", tictactoe, "--host", ""], 2, "--host is empty")
    # 2. Files: missing, a folder, not a database, damaged.
    expect("missing database", ["--db", "no-such.retro"], 2, "no-such.retro")
    expect("a folder", ["--db", args.work], 2, args.work)
    junk = os.path.join(args.work, "junk.retro")
    with open(junk, "wb") as f:
        f.write(b"not a database" * 100)
    expect("not a database", ["--db", junk], 2, "junk.retro")
    damaged = os.path.join(args.work, "damaged.retro")
    with open(tictactoe, "rb") as f:
        data = bytearray(f.read())
    data[-100] ^= 0xFF  # a slice byte: its checksum no longer matches
    with open(damaged, "wb") as f:
        f.write(data)
    expect("damaged database", ["--db", damaged], 1, "damaged.retro")
    expect("one bad among good", ["--db", tictactoe, "--db", "no-such.retro"], 2, "no-such.retro")
    # 3. A port in use.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        expect("port in use", ["--db", tictactoe, "--port", str(port)], 2, "in use")
    # 4. The pictures against the notation.
    server = Server(args.retro, paths)
    failures += picture_problems(server)
    server.stop()
    # 5. Serving, then SIGINT and SIGTERM: exit 0.
    for sig in (signal.SIGINT, signal.SIGTERM):
        server = Server(args.retro, [tictactoe])
        with urllib.request.urlopen(f"{server.url}api/databases", timeout=10) as answer:
            if answer.status != 200:
                failures.append(f"serving: /api/databases answered {answer.status}")
        server.process.send_signal(sig)
        try:
            code = server.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.process.kill()
            code = "no exit within 20 s"
        if code != 0:
            failures.append(f"{signal.Signals(sig).name}: exit {code}, not 0")
    for failure in failures:
        print("FAIL:", failure)
    print(f"explore command line: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
