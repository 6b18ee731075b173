#!/usr/bin/env python3
"""Checks every `retro` command's --json output against docs/json.md.

Runs each command with --json on every shipped game, in success and in each
class of error (bad option, bad position, unknown game, missing, damaged and
foreign file), and checks that every output line parses, fits the envelope
schema and the command's result schema written in docs/json.md, uses
snake_case keys, and, for errors, that "exit" equals the process's exit
status.

usage: json_schema_test.py --retro BUILD/bin/retro --docs docs/json.md
                           --work SCRATCH_DIR
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import jsonschema

# A fenced block of docs/json.md that holds a schema: ```json schema=NAME
SCHEMA_BLOCK = re.compile(r"^```json schema=([a-z_]+)\n(.*?)^```", re.M | re.S)
SNAKE_CASE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


def load_schemas(docs_path):
    with open(docs_path, encoding="utf-8") as docs:
        text = docs.read()
    schemas = {}
    for name, body in SCHEMA_BLOCK.findall(text):
        if name in schemas:
            raise SystemExit(f"{docs_path}: schema {name} is defined twice")
        schemas[name] = json.loads(body)
    return schemas


def validate(instance, schemas, name):
    """Validates against schema `name`, which may refer to the others as
    {"$ref": "#/definitions/OTHER"}."""
    jsonschema.validate(instance, {"$ref": f"#/definitions/{name}", "definitions": schemas},
                        cls=jsonschema.Draft7Validator)


def snake_case_problems(value, path="$"):
    """Keys that are not snake_case, anywhere in `value`, as JSON paths."""
    problems = []
    if isinstance(value, dict):
        for key, item in value.items():
            if not SNAKE_CASE.match(key):
                problems.append(f"{path}.{key}")
            problems += snake_case_problems(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            problems += snake_case_problems(item, f"{path}[{i}]")
    return problems


class Checker:
    def __init__(self, retro, schemas, work):
        self.retro = retro
        self.schemas = schemas
        self.work = work
        self.failures = []
        self.cases = 0
        # Which result schemas and error classes the cases covered.
        self.seen = set()

    def fail(self, case, message):
        self.failures.append(f"{case}: {message}")

    def run(self, name, args, expect_exit, result_schema=None, stdin=None):
        """Runs `retro ARGS --json` and checks every line it prints."""
        self.cases += 1
        argv = [self.retro] + args + ["--json"]
        process = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                                 cwd=self.work, timeout=600)
        case = f"{name} ({' '.join(args)})"
        if process.returncode != expect_exit:
            self.fail(case, f"exit {process.returncode}, expected {expect_exit}; "
                      f"stderr: {process.stderr.strip()[:300]}")
        lines = process.stdout.splitlines()
        if not lines:
            self.fail(case, "printed nothing on stdout")
        outputs = []
        for line in lines:
            try:
                output = json.loads(line)
            except json.JSONDecodeError as error:
                self.fail(case, f"a line is not JSON ({error}): {line[:200]}")
                continue
            outputs.append(output)
            self.check_output(case, args[0], output, process.returncode, result_schema,
                              batch=stdin is not None)
        return outputs

    def check_output(self, case, command, output, exit_status, result_schema, batch):
        try:
            validate(output, self.schemas, "envelope")
        except jsonschema.ValidationError as error:
            self.fail(case, f"envelope: {error.message} at {list(error.absolute_path)}")
            return
        for problem in snake_case_problems(output):
            self.fail(case, f"key not in snake_case: {problem}")
        if output["command"] != command:
            self.fail(case, f"command is {output['command']!r}, expected {command!r}")
        if not output["ok"]:
            self.seen.add(f"error exit {output['exit']}")
            # A batch's bad line says exit 2, the status the whole batch ends with.
            if output["exit"] != exit_status:
                self.fail(case, f"exit member {output['exit']} but the process exited "
                          f"{exit_status}")
        if "result" in output and result_schema is not None:
            self.seen.add(result_schema)
            try:
                validate(output["result"], self.schemas, result_schema)
            except jsonschema.ValidationError as error:
                self.fail(case, f"result ({result_schema}): {error.message} at "
                          f"{list(error.absolute_path)}")
        elif output["ok"] and result_schema is None:
            self.fail(case, "succeeded where it should fail")


# The small databases of every shipped game, and a position of each.
GAMES = {
    "oware": {"solve": ["--seeds", "3", "--turn-limit", "20"],
              "position": "0 0 0 1 0 0 | 0 0 0 0 0 1", "bad": "0 0 0 1 0 0"},
    "plakoto": {"solve": ["--points", "6", "--pin", "2"],
                "position": "p=2 13 1 0 0 0 0", "bad": "p=9 1"},
    "surakarta": {"solve": ["--pieces", "3"],
                  "position": "....../.X.X../.O..../....../....../...... X",
                  "bad": "....../...... X"},
    "tictactoe": {"solve": [], "position": "x.o/.x./..o", "bad": "x.o/.x."},
    "kalah": {"solve": ["--seeds", "4", "--plies", "8"], "position": "101/011",
              "bad": "101/01"},
    "coins": {"solve": ["--plies", "4"], "position": "31415926", "bad": ".14"},
    "dice_race": {"solve": [], "position": "7 3", "bad": "13"},
    "bearoff": {"solve": ["--points", "3", "--checkers", "2"], "position": "11/2", "bad": "11"},
}


def check_database_commands(checker, game, spec, db):
    """probe (one position, batch, options), stats, verify: success and errors."""
    position, bad = spec["position"], spec["bad"]
    checker.run(f"{game} probe", ["probe", "--db", db, "--position", position], 0, "probe")
    checker.run(f"{game} probe batch", ["probe", "--db", db], 2, "probe",
                stdin=f"{position}\n{bad}\n{position}\n")
    checker.run(f"{game} probe bad position", ["probe", "--db", db, "--position", bad], 2)
    checker.run(f"{game} probe bad option", ["probe", "--db", db, "--position", position,
                                             "--frobnicate", "1"], 2)
    checker.run(f"{game} stats", ["stats", "--db", db, "--progress", "none"], 0, "stats")
    checker.run(f"{game} verify", ["verify", "--db", db, "--progress", "none"], 0, "verify")
    checker.run(f"{game} verify sample", ["verify", "--db", db, "--sample", "100",
                                          "--progress", "none"], 0, "verify")
    # A damaged copy: one byte of the last slice flipped (the checksum fails).
    damaged = os.path.join(checker.work, f"{game}-damaged.retro")
    shutil.copyfile(os.path.join(checker.work, db), damaged)
    with open(damaged, "r+b") as f:
        f.seek(-1, os.SEEK_END)
        last = f.read(1)
        f.seek(-1, os.SEEK_END)
        f.write(bytes([last[0] ^ 0xFF]))
    for command in ("probe", "stats", "verify"):
        args = [command, "--db", damaged] + (["--position", position] if command == "probe"
                                             else ["--progress", "none"])
        checker.run(f"{game} {command} damaged", args, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--docs", required=True)
    parser.add_argument("--work", required=True)
    options = parser.parse_args()
    retro = os.path.abspath(options.retro)
    shutil.rmtree(options.work, ignore_errors=True)
    os.makedirs(options.work)
    checker = Checker(retro, load_schemas(options.docs), options.work)

    # 1. Commands without a database.
    checker.run("games", ["games"], 0, "games")
    checker.run("games bad option", ["games", "--frobnicate"], 2)
    checker.run("unknown command", ["frobnicate"], 2)
    checker.run("solve unknown game", ["solve", "--game", "nosuchgame"], 2)
    checker.run("solve bad parameter", ["solve", "--game", "oware", "--seeds", "99"], 2)
    checker.run("probe missing file", ["probe", "--db", "missing.retro", "--position", "x"], 2)
    with open(os.path.join(options.work, "foreign.retro"), "w") as foreign:
        foreign.write("not a database\n" * 100)
    checker.run("probe foreign file", ["probe", "--db", "foreign.retro", "--position", "x"], 2)
    checker.run("stats without --db", ["stats"], 2)

    # 2. Every shipped game: solve, then its database commands, perft and check.
    for game, spec in GAMES.items():
        db = f"{game}.retro"
        checker.run(f"{game} solve", ["solve", "--game", game, "--out", db, "--progress",
                                      "none"] + spec["solve"], 0, "solve")
        checker.run(f"{game} solve into a missing folder",
                    ["solve", "--game", game, "--out", "no/such/folder.retro", "--progress",
                     "none"] + spec["solve"], 1)
        check_database_commands(checker, game, spec, db)
        checker.run(f"{game} check", ["check", "--game", game, "--progress", "none",
                                      "--sample", "200"] + spec["solve"], 0, "check")
        perft = subprocess.run([retro, "games", "--json"], capture_output=True, text=True)
        offers_perft = any(g["name"] == game and g["perft"]
                           for g in json.loads(perft.stdout)["result"]["games"])
        if offers_perft:
            checker.run(f"{game} perft", ["perft", "--game", game, "--position",
                                          spec["position"], "--depth", "2"], 0, "perft")
            checker.run(f"{game} perft bad position", ["perft", "--game", game, "--position",
                                                       spec["bad"], "--depth", "2"], 2)
        else:
            checker.run(f"{game} perft not offered", ["perft", "--game", game, "--position",
                                                      spec["position"], "--depth", "2"], 2)

    # 3. Play and match (the games that offer play: oware).
    checker.run("oware play", ["play", "--game", "oware", "--position",
                               GAMES["oware"]["position"], "--depth", "4"], 0, "play")
    checker.run("oware play with a book", ["play", "--game", "oware", "--db", "oware.retro",
                                           "--position", GAMES["oware"]["position"],
                                           "--depth", "4"], 0, "play")
    checker.run("oware play bad key", ["play", "--game", "oware", "--depth", "0"], 2)
    checker.run("tictactoe play not offered", ["play", "--game", "tictactoe"], 2)
    checker.run("oware match", ["match", "--game", "oware", "--a", "depth=2", "--b", "depth=1",
                                "--games", "2", "--progress", "none"], 0, "match")
    checker.run("oware match bad games", ["match", "--game", "oware", "--a", "depth=2",
                                          "--b", "depth=1", "--games", "0"], 2)

    # 4. Export (the games that offer it: oware's books).
    checker.run("oware export", ["export", "--db", "oware.retro", "--format", "cpp", "--out",
                                 "book.h"], 0, "export")
    checker.run("oware export bad format", ["export", "--db", "oware.retro", "--format", "png",
                                            "--out", "book.png"], 2)
    checker.run("tictactoe export not offered", ["export", "--db", "tictactoe.retro",
                                                 "--format", "cpp", "--out", "t.h"], 2)

    # 5. Compare against a reference listing: agreeing, disagreeing, none.
    for name, expected in (("agrees", "draw 5"), ("disagrees", "loss 5")):
        with open(os.path.join(options.work, f"{name}.txt"), "w") as listing:
            listing.write(f"x.o/.x./..o\t{expected}\n")
    checker.run("tictactoe compare", ["compare", "--db", "tictactoe.retro", "--expected",
                                      "agrees.txt"], 0, "compare")
    checker.run("tictactoe compare mismatch", ["compare", "--db", "tictactoe.retro",
                                               "--expected", "disagrees.txt"], 1, "compare")
    checker.run("tictactoe compare without a listing", ["compare", "--db", "tictactoe.retro"], 2)

    # 6. Every command's result schema of docs/json.md was used, and every
    #    error class seen.
    for name in ("games", "solve", "probe", "stats", "verify", "compare", "perft", "check",
                 "play", "match", "export"):
        if name not in checker.seen:
            checker.fail("coverage", f"no case checked the result of {name}")
    for status in ("error exit 1", "error exit 2"):
        if status not in checker.seen:
            checker.fail("coverage", f"no case produced an {status}")

    for failure in checker.failures:
        print("FAIL", failure)
    print(f"{checker.cases} cases, {len(checker.failures)} failures")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
