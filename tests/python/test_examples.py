"""The example of docs/python.md and the benchmark script run and do what
they say (so that they stay true)."""
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import RETRO

SOURCE = pathlib.Path(os.environ.get("RETRO_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
EXAMPLE = SOURCE / "framework" / "python" / "examples" / "value_distribution.py"
BENCHMARK = SOURCE / "benchmarks" / "python_probe_many.py"


@pytest.mark.parametrize("name,options", [
    ("oware", ["plies_left=3"]), ("oware", []), ("surakarta", []), ("plakoto", []),
    ("tictactoe", [])])
def test_value_distribution_draws_a_png(databases, tmp_path, name, options):
    png = tmp_path / f"{name}.png"
    process = subprocess.run([sys.executable, str(EXAMPLE), databases[name], str(png)] + options,
                             capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 5000
    assert f"wrote {png}" in process.stdout


def test_value_distribution_refuses_a_bad_option(databases, tmp_path):
    process = subprocess.run([sys.executable, str(EXAMPLE), databases["oware"],
                              str(tmp_path / "x.png"), "plies_left=999"],
                             capture_output=True, text=True)
    assert process.returncode != 0
    assert not (tmp_path / "x.png").exists()


def test_the_benchmark_runs_and_agrees(databases):
    process = subprocess.run([sys.executable, str(BENCHMARK), "--retro", RETRO, "--db",
                              databases["oware"], "--positions", "3000", "--lockstep", "200"],
                             capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert "3,000 oware positions of at most 5 seeds" in process.stdout
    assert "ratio (co-process / module)" in process.stdout
    assert "ratio (one at a time / module)" in process.stdout
