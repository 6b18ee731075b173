"""Errors: retro.Error for files that cannot be opened, ValueError for bad
positions and options, each with the message `retro` prints."""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
import retro

from conftest import cli_error

PROBE = ["probe", "--position", "x"]


def open_error(path):
    """The message `retro probe` gives for the file at `path`."""
    message, status = cli_error(["probe", "--db", str(path), "--position", "x"])
    return message


def test_a_missing_file(tmp_path):
    path = tmp_path / "missing.retro"
    with pytest.raises(retro.Error) as error:
        retro.open(path)
    assert str(error.value) == open_error(path)
    assert "missing.retro" in str(error.value)


def test_a_foreign_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a database\n" * 10)
    with pytest.raises(retro.Error) as error:
        retro.open(str(path))
    assert str(error.value) == open_error(path)
    assert "not a retro database" in str(error.value)


def test_a_damaged_file(databases, tmp_path):
    path = tmp_path / "damaged.retro"
    shutil.copy(databases["surakarta"], path)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x40
    path.write_bytes(bytes(data))
    with pytest.raises(retro.Error) as error:
        retro.open(path)
    assert str(error.value) == open_error(path)
    assert "checksum" in str(error.value)


@pytest.mark.parametrize("name,position", [
    ("oware", "0 0 0 1 0 | 0 0 0 0 0 1"),
    ("oware", "9 9 9 9 9 9 | 9 9 9 9 9 9"),
    ("surakarta", "....../.X.X../.O..../....../...... X"),
    ("plakoto", "p=2 13 1 0"),
    ("tictactoe", "xxx/xxx/xxx"),
    ("tictactoe", ""),
])
def test_a_bad_position(databases, name, position):
    db = retro.open(databases[name])
    with pytest.raises(ValueError) as error:
        db.probe(position)
    if position:
        message, status = cli_error(["probe", "--db", databases[name], "--position", position])
        assert status == 2
        assert str(error.value) == message


def test_bad_options(databases):
    db = retro.open(databases["oware"])
    position = "0 0 0 1 0 0 | 0 0 0 0 0 1"
    for value in ["999", "-1", "soon"]:
        message, status = cli_error(["probe", "--db", databases["oware"], "--position", position,
                                     "--plies-left", value])
        assert status == 2
        # retro's message, the option named by its Python keyword.
        expected = message.replace("--plies-left", "plies_left")
        assert expected != message
        with pytest.raises(ValueError) as error:
            db.probe(position, plies_left=value)
        assert str(error.value) == expected
        for errors in ["raise", "report"]:
            with pytest.raises(ValueError) as error:
                db.probe_many([position, "9 9 9 9 9 9 | 9 9 9 9 9 9", position],
                              errors=errors, plies_left=value)
            assert str(error.value) == expected
    with pytest.raises(ValueError, match="invalid errors 'ignore'"):
        db.probe_many([position], errors="ignore")
    # A bad position with errors="report" is reported, not raised, with a
    # good option as with none.
    answers = db.probe_many(["x", position], errors="report", plies_left=3)
    assert "error" in answers[0] and answers[1]["plies_left"] == 3


def test_one_spelling_per_option_and_no_unknown_keyword(databases):
    db = retro.open(databases["oware"])
    position = "0 0 0 1 0 0 | 0 0 0 0 0 1"
    assert db.probe(position, plies_left=3)["plies_left"] == 3
    for keyword in ["plies-left", "depth", "pliesleft", "Plies_left"]:
        expected = (f"unknown keyword '{keyword}' for probing oware; valid: plies_left")
        with pytest.raises(ValueError) as error:
            db.probe(position, **{keyword: 3})
        assert str(error.value) == expected
        with pytest.raises(ValueError) as error:
            db.values("seeds-2", **{keyword: 3})
        assert str(error.value) == expected
        for positions in [[position], []]:
            for errors in ["raise", "report"]:
                with pytest.raises(ValueError) as error:
                    db.probe_many(positions, errors=errors, **{keyword: 3})
                assert str(error.value) == (f"unknown keyword '{keyword}' for probing oware; "
                                            "valid: plies_left, threads, errors")
    # A game without probe options takes no keyword.
    tictactoe = retro.open(databases["tictactoe"])
    with pytest.raises(ValueError) as error:
        tictactoe.probe(".../.../...", plies_left=3)
    assert str(error.value) == "unknown keyword 'plies_left' for probing tictactoe; valid: none"
    # A choice the option does not take is named by its keyword.
    plakoto = retro.open(databases["plakoto"])
    keyword = plakoto.probe_parameters[0]["keyword"]
    with pytest.raises(ValueError) as error:
        plakoto.probe("p=2 13 1 0 0 0 0", **{keyword: "nonsense"})
    assert f"invalid {keyword} 'nonsense'" in str(error.value), str(error.value)
    assert "--" not in str(error.value)


def test_bad_verify_and_stats_options(databases):
    db = retro.open(databases["tictactoe"])
    for option, value in [("sample", 0), ("seed", -1), ("threads", 0), ("threads", 10**30)]:
        message, status = cli_error(["verify", "--db", databases["tictactoe"],
                                     f"--{option}", str(value)])
        assert status == 2
        with pytest.raises(ValueError) as error:
            db.verify(**{option: value})
        assert str(error.value) == message.replace(f"--{option}", option)
    message, _ = cli_error(["stats", "--db", databases["tictactoe"], "--threads", "2000"])
    with pytest.raises(ValueError) as error:
        db.stats(threads=2000)
    assert str(error.value) == message.replace("--threads", "threads")
    assert str(error.value).startswith("threads 2000 ")


def test_a_path_with_a_nul_character(tmp_path):
    for path in ["a\x00b", b"a\x00b", str(tmp_path) + "/x\x00.retro"]:
        with pytest.raises(ValueError) as error:
            retro.open(path)
        assert "NUL character" in str(error.value)
        assert "incompatible function arguments" not in str(error.value)
    with pytest.raises(TypeError):
        retro.open(3)


def test_a_path_as_bytes(databases):
    db = retro.open(databases["tictactoe"].encode())
    assert db.game == "tictactoe"


def run_python(script, databases, timeout=120):
    """Runs `script` in a Python of its own (a crash there fails the test
    instead of ending pytest), with DB set to the tic-tac-toe database and
    OWARE to the oware one; its completed process."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, timeout=timeout,
                          env=dict(os.environ, DB=databases["tictactoe"],
                                   OWARE=databases["oware"]))


def test_a_closed_database(databases):
    with retro.open(databases["tictactoe"]) as db:
        assert not db.closed
    assert db.closed and "closed" in repr(db)
    assert db.path == databases["tictactoe"]
    # Every call of a closed database raises ValueError, in a Python of its
    # own: they used to crash the interpreter (SIGSEGV).
    process = run_python("""
        import os, retro
        db = retro.open(os.environ["DB"])
        db.close()
        db.close()
        calls = {
            "probe": lambda: db.probe(".../.../..."),
            "probe_many": lambda: db.probe_many([".../.../..."]),
            "probe_many report": lambda: db.probe_many([".../.../..."], errors="report"),
            "stats": lambda: db.stats(),
            "stats threads": lambda: db.stats(threads=1),
            "verify": lambda: db.verify(sample=10),
            "verify all": lambda: db.verify(),
            "values": lambda: db.values(0),
            "values name": lambda: db.values("positions"),
            "game": lambda: db.game,
            "parameters": lambda: db.parameters,
            "slices": lambda: db.slices,
            "probe_parameters": lambda: db.probe_parameters,
        }
        for name, call in calls.items():
            try:
                call()
            except ValueError as error:
                assert str(error) == os.environ["DB"] + " is closed", (name, str(error))
            else:
                raise AssertionError(name + " did not raise")
        print("ok", len(calls))
    """, databases)
    assert process.returncode == 0, (process.returncode, process.stderr)
    assert process.stdout.strip() == "ok 13"


def test_close_while_other_threads_probe(databases):
    # Threads probe, take statistics and verify while the main thread
    # closes the database: the calls under way finish with their answers,
    # the later ones raise ValueError, nothing crashes. Bounded: a few
    # hundred calls per thread at most.
    process = run_python("""
        import os, threading, retro
        position = "0 0 0 1 0 0 | 0 0 0 0 0 1"
        answers = {"probe_many": 0, "stats": 0, "verify": 0, "closed": 0}
        lock = threading.Lock()
        started = threading.Barrier(4)
        def work(name, call):
            started.wait()
            for _ in range(300):
                try:
                    result = call()
                except ValueError as error:
                    assert str(error).endswith(" is closed"), str(error)
                    with lock:
                        answers["closed"] += 1
                    return
                with lock:
                    answers[name] += 1
        for round in range(5):
            db = retro.open(os.environ["OWARE"])
            positions = [position] * 20000
            def probe_many():
                answers = db.probe_many(positions, threads=2)
                assert len(answers) == len(positions) and answers[-1]["value"] == 2
            def stats():
                assert db.stats(threads=2)["slices"]
            def verify():
                assert db.verify(sample=200, threads=2)["mismatches"] == 0
            threads = [threading.Thread(target=work, args=(name, call))
                       for name, call in [("probe_many", probe_many), ("stats", stats),
                                          ("verify", verify)]]
            for thread in threads:
                thread.start()
            started.wait()
            db.close()
            for thread in threads:
                thread.join()
        assert answers["closed"] == 15, answers
        print("ok", answers)
    """, databases)
    assert process.returncode == 0, (process.returncode, process.stderr)
    assert process.stdout.startswith("ok")
