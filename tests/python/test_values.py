"""Database.values: the numbers of one slice as a NumPy array, compared
with the file's bytes (an independent reader of the container) and with
`retro probe --json`'s values."""
import gc
import itertools

import numpy
import pytest
import retro

from conftest import cli_batch, cli_error, cli_result
from container import read_slices


@pytest.mark.parametrize("name", ["surakarta", "tictactoe"])
def test_wdl_slices_are_views_of_the_file(databases, name):
    stored = read_slices(databases[name])
    db = retro.open(databases[name])
    assert [s["name"] for s in db.slices] == list(stored)
    assert [s["bytes"] for s in db.slices] == [len(b) for b in stored.values()]
    arrays = []
    for index, (slice_name, data) in enumerate(stored.items()):
        values = db.values(slice_name)
        assert values.dtype == numpy.uint8 and not values.flags.writeable
        assert numpy.array_equal(values, numpy.frombuffer(data, dtype=numpy.uint8))
        assert numpy.array_equal(db.values(index), values)
        arrays.append((values, data))
    # The arrays keep the mapped file alive after the database is gone.
    db.close()
    del db
    gc.collect()
    for values, data in arrays:
        assert values.tobytes() == data
        with pytest.raises(ValueError):
            values[0] = 1


def test_decode_wdl_follows_the_byte_codec():
    decoded = retro.decode_wdl(numpy.array([0, 1, 5, 127, 128, 130, 254, 255], dtype=numpy.uint8))
    assert decoded["result"].tolist() == [0, 1, 1, 1, -1, -1, -1, 0]
    assert decoded["distance"].tolist() == [0, 0, 4, 126, 0, 2, 126, -1]
    assert decoded["position"].tolist() == [True] * 7 + [False]


def test_chance_values_are_the_stored_doubles(databases):
    path = databases["plakoto"]
    stored = read_slices(path)
    db = retro.open(path)
    name = db.slices[0]["name"]
    values = db.values(name)
    assert values.dtype == numpy.float64 and not values.flags.writeable
    assert numpy.array_equal(values, numpy.frombuffer(stored[name], dtype="<f8"))
    # The values probe reports are among them.
    for position in ["p=2 13 1 0 0 0 0", "p=2 0 14 0 0 0 0"]:
        value = cli_result(["probe", "--db", path, "--position", position])
        number = [v for k, v in value.items() if isinstance(v, float)][0]
        assert number in values


def oware_positions(seeds):
    """Every oware position of `seeds` seeds (both rows)."""
    for cut in itertools.combinations(range(seeds + 11), 11):
        pits, last = [], -1
        for c in cut + (seeds + 11,):
            pits.append(c - last - 1)
            last = c
        yield " ".join(map(str, pits[:6])) + " | " + " ".join(map(str, pits[6:]))


@pytest.mark.parametrize("plies_left", [0, 3, "book"])
def test_finite_horizon_values_are_the_probed_ones(databases, plies_left):
    """The values of slice seeds-4 at some plies left are, as a multiset,
    the values retro probe gives every position of 4 seeds in the book."""
    path = databases["oware"]
    db = retro.open(path)
    values = db.values("seeds-4", plies_left=plies_left)
    assert values.dtype == numpy.int8
    answers = cli_batch(path, list(oware_positions(4)), ["--plies-left", str(plies_left)])
    probed = sorted(a["value"] for a in answers if "value" in a)
    assert len(probed) == len(values)
    assert probed == sorted(values.tolist())


def test_values_errors(databases):
    db = retro.open(databases["oware"])
    with pytest.raises(ValueError, match="no slice 'seeds-9'.*seeds-0, seeds-1"):
        db.values("seeds-9")
    # Every index outside the table, however large, is an IndexError.
    for index in [len(db.slices), -1, 2**63, 10**30, -10**30]:
        with pytest.raises(IndexError, match=f"slice index {index} out of range"):
            db.values(index)
    with pytest.raises(TypeError):
        db.values(1.5)
    message, _ = cli_error(["probe", "--db", databases["oware"], "--position",
                            "0 0 0 1 0 0 | 0 0 0 0 0 1", "--plies-left", "999"])
    with pytest.raises(ValueError) as error:
        db.values("seeds-2", plies_left=999)
    assert str(error.value) == message.replace("--plies-left", "plies_left")
    assert "--plies-left" not in str(error.value)
