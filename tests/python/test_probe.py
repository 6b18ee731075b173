"""Database.probe and probe_many give what `retro probe --json` prints."""
import random

import pytest
import retro

from conftest import cli_batch, cli_result

# (database, position, python options, retro options)
PROBES = [
    ("oware", "0 0 0 1 0 0 | 0 0 0 0 0 1", {}, []),
    ("oware", "0 0 0 1 0 0 | 0 0 0 0 0 1", {"plies_left": 3}, ["--plies-left", "3"]),
    ("oware", "1 1 1 1 1 0 | 0 0 0 0 0 0", {"plies_left": "0"}, ["--plies-left", "0"]),
    ("oware", "2 0 0 0 0 1 | 0 1 0 0 1 0", {"plies_left": "book"}, ["--plies-left", "book"]),
    ("surakarta", "....../.X.X../.O..../....../....../...... X", {}, []),
    ("surakarta", "XX..../....../....../....../....../.....O O", {}, []),
    ("plakoto", "p=2 13 1 0 0 0 0", {}, []),
    ("plakoto", "p=2 0 14 0 0 0 0", {"roll": "6-5"}, ["--roll", "6-5"]),
    ("tictactoe", "x.o/.x./..o", {}, []),
    ("tictactoe", ".../.../...", {}, []),
    ("tictactoe", "xxx/oo./...", {}, []),
]


@pytest.mark.parametrize("name,position,options,cli_options", PROBES)
def test_probe_is_the_cli_json(databases, name, position, options, cli_options):
    with retro.open(databases[name]) as db:
        assert db.game == name
        got = db.probe(position, **options)
    assert got == cli_result(["probe", "--db", databases[name], "--position", position]
                             + cli_options)


def oware_positions(count, seed):
    """Random oware positions of at most 5 seeds (some not in the book)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        pits = [0] * 12
        for _ in range(rng.randint(0, 6)):
            pits[rng.randrange(12)] += 1
        positions.append(" ".join(map(str, pits[:6])) + " | " + " ".join(map(str, pits[6:])))
    return positions


def test_probe_many_is_the_cli_batch(databases):
    positions = oware_positions(2000, seed=7) + ["not a position", "0 0 0 1 0 0 | 0 0 0 0 0"]
    db = retro.open(databases["oware"])
    expected = cli_batch(databases["oware"], positions, ["--plies-left", "4"])
    assert db.probe_many(positions, errors="report", plies_left=4) == expected
    assert db.probe_many(positions, errors="report", plies_left=4, threads=2) == expected
    # Some positions are outside the book or malformed: both kinds occur.
    assert any("error" in answer for answer in expected)
    assert sum("value" in answer for answer in expected) > 1000


def test_probe_many_of_every_game(databases):
    for name, position, options, cli_options in PROBES:
        db = retro.open(databases[name])
        want = cli_batch(databases[name], [position, position], cli_options)
        assert db.probe_many([position, position], **options) == want
        assert db.probe_many(iter([position]), **options) == want[:1]
    assert retro.open(databases["tictactoe"]).probe_many([]) == []


def test_probe_many_raises_for_the_first_bad_position(databases):
    db = retro.open(databases["tictactoe"])
    bad = cli_batch(databases["tictactoe"], ["x.o/.x./..", "q"])
    with pytest.raises(ValueError) as error:
        db.probe_many([".../.../...", "x.o/.x./..", "q"])
    assert str(error.value) == bad[0]["error"]


def test_probe_many_wants_strings(databases):
    db = retro.open(databases["tictactoe"])
    with pytest.raises(TypeError, match="positions must be strings, not int"):
        db.probe_many([".../.../...", 3])
