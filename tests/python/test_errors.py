"""Errors: retro.Error for files that cannot be opened, ValueError for bad
positions and options, each with the message `retro` prints."""
import shutil

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
        with pytest.raises(ValueError) as error:
            db.probe(position, plies_left=value)
        assert str(error.value) == message
        with pytest.raises(ValueError) as error:
            db.probe_many([position], plies_left=value)
        assert str(error.value) == message
    with pytest.raises(ValueError, match="unknown parameter --depth .*valid: --plies-left"):
        db.probe(position, depth=3)
    with pytest.raises(ValueError, match="invalid errors 'ignore'"):
        db.probe_many([position], errors="ignore")


def test_bad_verify_and_stats_options(databases):
    db = retro.open(databases["tictactoe"])
    for option, value in [("sample", 0), ("seed", -1), ("threads", 0)]:
        message, status = cli_error(["verify", "--db", databases["tictactoe"],
                                     f"--{option}", str(value)])
        assert status == 2
        with pytest.raises(ValueError) as error:
            db.verify(**{option: value})
        assert str(error.value) == message
    message, _ = cli_error(["stats", "--db", databases["tictactoe"], "--threads", "2000"])
    with pytest.raises(ValueError) as error:
        db.stats(threads=2000)
    assert str(error.value) == message


def test_a_closed_database(databases):
    with retro.open(databases["tictactoe"]) as db:
        assert not db.closed
    assert db.closed and "closed" in repr(db)
    with pytest.raises(retro.Error, match="is closed"):
        db.probe(".../.../...")
    with pytest.raises(retro.Error, match="is closed"):
        db.game
