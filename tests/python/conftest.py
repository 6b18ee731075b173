"""Fixtures of the Python module's tests (docs/python.md): small databases
solved by the build's `retro` into a temporary folder, and cli_result, the
reference every answer of the module is compared with.

Run by ctest (tests/python/CMakeLists.txt), which sets RETRO_BINARY to the
build's retro and PYTHONPATH to the build's package folder; the module
finds the plugins beside the build's libretro_framework.so.
"""
import json
import os
import subprocess

import pytest

RETRO = os.environ.get("RETRO_BINARY", "retro")

# The databases the tests read: name -> the solve command's options.
SOLVES = {
    "oware": ["--game", "oware", "--seeds", "5"],
    "surakarta": ["--game", "surakarta", "--pieces", "3"],
    "plakoto": ["--game", "plakoto", "--points", "6", "--pin", "2"],
    "tictactoe": ["--game", "tictactoe"],
}


def unwrap(out):
    """The command's result, out of its envelope (docs/json.md); a batch
    probe's error line as the module reports it (errors="report"):
    {"position": the input line, "error": the message}."""
    assert isinstance(out, dict) and "retro" in out and "ok" in out, out
    if out["ok"]:
        return out["result"]
    assert "input" in out, out
    return {"position": out["input"], "error": out["error"]}


def run_retro(args, stdin=None, check=True):
    """Runs the build's retro; the completed process."""
    process = subprocess.run([RETRO] + list(args), input=stdin, capture_output=True, text=True)
    if check and process.returncode not in (0,):
        raise AssertionError(f"retro {' '.join(args)} failed ({process.returncode}): "
                             f"{process.stderr}")
    return process


def cli_result(args):
    """What `retro ARGS --json` prints, parsed: its result."""
    return unwrap(json.loads(run_retro(list(args) + ["--json"]).stdout))


def cli_error(args):
    """The message of `retro ARGS`'s failure (its stderr line without the
    "retro: error: " prefix) and its exit status."""
    process = run_retro(args, check=False)
    assert process.returncode != 0, f"retro {' '.join(args)} did not fail"
    line = process.stderr.strip().splitlines()[-1]
    prefix = "retro: error: "
    assert line.startswith(prefix), line
    return line[len(prefix):], process.returncode


def cli_batch(db, positions, options=()):
    """`retro probe --db DB --json` with the positions on stdin: one parsed
    line per position."""
    process = run_retro(["probe", "--db", db, "--json"] + list(options),
                        stdin="".join(p + "\n" for p in positions), check=False)
    assert process.returncode in (0, 2), process.stderr
    lines = process.stdout.splitlines()
    assert len(lines) == len(positions)
    return [unwrap(json.loads(line)) for line in lines]


@pytest.fixture(scope="session")
def databases(tmp_path_factory):
    """The solved databases: name -> path."""
    folder = tmp_path_factory.mktemp("databases")
    paths = {}
    for name, options in SOLVES.items():
        path = str(folder / f"{name}.retro")
        run_retro(["solve"] + options + ["--threads", "2", "--out", path])
        paths[name] = path
    return paths
