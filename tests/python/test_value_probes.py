"""Database.value and values_many, the typed value probes, against the JSON
probe (probe_many, whose dicts are `retro probe --json`'s, test_probe.py)
on every record of small databases, and against the stored bytes of the
Surakarta tables; their errors; NumPy needed by the array calls only."""
import itertools
import os
import subprocess
import sys
import textwrap

import numpy
import pytest
import retro

from conftest import run_retro

WIN = 1e6  # a win in d plies is WIN - d (retro/value_probe.h)


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    """Databases of this file: name -> path."""
    folder = tmp_path_factory.mktemp("value_probes")
    solves = {
        "oware9": ["--game", "oware", "--seeds", "9"],
        "surakarta5": ["--game", "surakarta", "--pieces", "5"],
        "surakarta5s": ["--game", "surakarta", "--pieces", "5", "--indexer", "symmetric"],
        "plakoto6": ["--game", "plakoto", "--points", "6"],
    }
    paths = {}
    for name, options in solves.items():
        paths[name] = str(folder / f"{name}.retro")
        run_retro(["solve"] + options + ["--threads", "2", "--out", paths[name]])
    return paths


def oware_boards(max_seeds):
    """Every oware board of 0..max_seeds seeds, as the 12 house counts."""
    for seeds in range(max_seeds + 1):
        for cut in itertools.combinations(range(seeds + 11), 11):
            houses, last = [], -1
            for c in cut + (seeds + 11,):
                houses.append(c - last - 1)
                last = c
            yield houses


def oware_text(houses):
    return " ".join(map(str, houses[:6])) + " | " + " ".join(map(str, houses[6:]))


def expected_values(db, positions, key, **options):
    """The JSON probe's values of `positions` (NaN where it fails), read
    from each answer by `key`."""
    answers = db.probe_many(positions, errors="report", threads=2, **options)
    return numpy.array([key(a) if "error" not in a else numpy.nan for a in answers])


def check_values(db, positions, expected, **options):
    """value and values_many give `expected` (text positions); a position
    the JSON probe refuses is refused by value too."""
    ok = ~numpy.isnan(expected)
    good = [p for p, k in zip(positions, ok) if k]
    got = db.values_many(good, **options)
    assert got.dtype == numpy.float64
    numpy.testing.assert_array_equal(got, expected[ok])
    for position, value in itertools.islice(zip(good, expected[ok]), 0, None, 97):
        assert db.value(position, **options) == value
    for position in [p for p, k in zip(positions, ok) if not k][:50]:
        with pytest.raises(ValueError):
            db.value(position, **options)


@pytest.mark.parametrize("options", [{}, {"plies_left": 0}, {"plies_left": 3},
                                     {"plies_left": "book"}])
def test_oware_every_board(solved, options):
    db = retro.open(solved["oware9"])
    boards = list(oware_boards(9))
    texts = [oware_text(b) for b in boards]
    expected = expected_values(db, texts, lambda a: a["value"], **options)
    check_values(db, texts, expected, **options)
    # The binary form: the same values from the 12 house counts.
    assert db.position_cells["count"] == 12
    cells = numpy.array(boards, dtype=numpy.int32)
    ok = ~numpy.isnan(expected)
    numpy.testing.assert_array_equal(db.values_many(cells[ok], **options), expected[ok])
    numpy.testing.assert_array_equal(
        db.values_many(cells[ok].astype(numpy.uint8), **options), expected[ok])
    for row in numpy.flatnonzero(ok)[::997]:
        assert db.value(boards[row], **options) == expected[row]
        assert db.value(tuple(cells[row]), **options) == expected[row]


def fuchou_cells(pieces, sets):
    """The positions of `pieces` pieces, X to move, of the occupied `sets`
    (one a row), each set's 2**pieces colourings in FuChou order (bit i of
    the colouring: the i-th lowest point holds one of X's pieces), in the
    binary form (37 integers: the squares in the text's order, 0 empty,
    1 X, 2 O, then the side to move)."""
    colourings = 1 << pieces
    rows = numpy.arange(len(sets) * colourings)
    occupied = sets[rows >> pieces]
    colours = rows & (colourings - 1)
    cells = numpy.zeros((len(rows), 37), dtype=numpy.int8)
    for i in range(pieces):
        mine = (colours >> i) & 1
        cells[rows, occupied[:, i]] = numpy.where(mine == 1, 1, 2)
    cells[:, 36] = 1
    return cells


def surakarta_text(cells):
    symbols = ".XO"
    board = "".join(symbols[c] for c in cells[:36])
    rows = [board[r * 6:(r + 1) * 6] for r in range(6)]
    return "/".join(rows) + " " + symbols[cells[36]]


def wdl_value(answer):
    result = answer["result"]
    if result == "draw":
        return 0.0
    return (WIN - answer["distance"]) * (1 if result == "win" else -1)


@pytest.mark.parametrize("pieces", [1, 2, 3, 4, 5])
def test_surakarta_every_record(solved, pieces):
    """values_many of every position (X to move) of `pieces` pieces is the
    FuChou file's stored byte at the position's rank, and the symmetric
    file answers the same; on up to 3 pieces every position, on more a
    sample, value is the JSON probe's result and distance."""
    fuchou = retro.open(solved["surakarta5"])
    symmetric = retro.open(solved["surakarta5s"])
    stored = fuchou.values(f"pieces-{pieces}").astype(numpy.int64)
    decoded = numpy.where(stored == 0, 0.0,
                          numpy.where(stored < 128, WIN - (stored - 1), -(WIN - (stored - 128))))
    # The occupied sets in colex order (FuChou's combination rank).
    sets = numpy.array(sorted(itertools.combinations(range(36), pieces),
                              key=lambda s: s[::-1]), dtype=numpy.int64)
    chunk = 4096
    for begin in range(0, len(sets), chunk):
        cells = fuchou_cells(pieces, sets[begin:begin + chunk])
        first = begin << pieces
        want = decoded[first:first + len(cells)]
        numpy.testing.assert_array_equal(fuchou.values_many(cells), want)
        numpy.testing.assert_array_equal(symmetric.values_many(cells), want)
    assert (len(sets) << pieces) == len(decoded)
    # The JSON probe, on the texts.
    every = len(decoded) if pieces <= 3 else 4000
    rows = numpy.linspace(0, len(decoded) - 1, every).astype(numpy.int64)
    cells = numpy.concatenate([fuchou_cells(pieces, sets[r >> pieces:(r >> pieces) + 1])
                               [r & ((1 << pieces) - 1)][None, :] for r in rows]) \
        if pieces > 3 else fuchou_cells(pieces, sets)
    texts = [surakarta_text(c) for c in cells]
    for db in (fuchou, symmetric):
        expected = expected_values(db, texts, wdl_value)
        assert not numpy.isnan(expected).any()
        numpy.testing.assert_array_equal(expected, decoded[rows] if pieces > 3 else decoded)
        check_values(db, texts, expected)


def test_plakoto_every_record(solved):
    """Every position of the 6-point databases (pins 2..6): the expected
    turns of the JSON probe."""
    db = retro.open(solved["plakoto6"])
    assert db.position_cells is None
    positions = []
    for pin in range(2, 7):
        for cut in itertools.combinations(range(13 + 5), 5):
            counts, last = [], -1
            for c in cut + (18,):
                counts.append(c - last - 1)
                last = c
            counts[pin - 1] += 1
            positions.append(f"p={pin} " + " ".join(map(str, counts)))
    expected = expected_values(db, positions, lambda a: a["expected_turns"])
    assert not numpy.isnan(expected).any()
    check_values(db, positions, expected)


def test_errors(solved, databases):
    db = retro.open(solved["oware9"])
    good = "0 0 0 1 0 0 | 0 0 0 0 0 1"
    # A position of another game in a batch, an empty one, a bad one.
    with pytest.raises(ValueError, match="^position 1: "):
        db.values_many([good, "....../.X.X../.O..../....../....../...... X"])
    with pytest.raises(ValueError, match="^position 2: "):
        db.values_many([good, good, ""])
    with pytest.raises(ValueError):
        db.value("9 9 9 9 9 9 | 9 9 9 9 9 9")
    # One str where a sequence is expected; elements that are not str.
    for method in (db.values_many, db.probe_many):
        with pytest.raises(TypeError, match="not a str"):
            method(good)
        with pytest.raises(TypeError, match="not a bytes"):
            method(good.encode())
    with pytest.raises(TypeError, match="position 1 is int"):
        db.values_many([good, 7])
    with pytest.raises(TypeError):
        db.value(None)
    with pytest.raises(TypeError):
        db.value(3.5)
    # The binary form: wrong lengths, integers out of range, wrong arrays.
    for errors in ("raise", "nan"):
        with pytest.raises(ValueError, match="^an array of oware positions must have 12 columns "
                                             r"\(12 integers.*\), not 11$"):
            db.values_many(numpy.zeros((2, 11), dtype=numpy.int32), errors=errors)
    with pytest.raises(ValueError, match="12"):
        db.value([0] * 11)
    with pytest.raises(ValueError, match="^position 1: "):
        db.values_many(numpy.array([[0] * 11 + [1], [0] * 11 + [-1]]))
    with pytest.raises(ValueError, match="^position 1: "):
        db.values_many(numpy.array([[0] * 11 + [1], [0] * 11 + [100]]))
    with pytest.raises(ValueError, match="^position 1: cell 11 is 1099511627776"):
        db.values_many(numpy.array([[0] * 11 + [1], [0] * 11 + [2**40]]))
    with pytest.raises(ValueError, match="^position 0: cell 3 is 18446744073709551615"):
        db.values_many(numpy.array([[0, 0, 0, 2**64 - 1] + [0] * 8], dtype=numpy.uint64))
    with pytest.raises(ValueError, match="cell 2 of the position is 4294967296"):
        db.value([0, 0, 2**32] + [0] * 9)
    with pytest.raises(TypeError, match="cell 1 of the position must be an int"):
        db.value([0, "1"] + [0] * 10)
    with pytest.raises(ValueError, match="2 dimensions"):
        db.values_many(numpy.zeros(12, dtype=numpy.int32))
    with pytest.raises(ValueError, match="2 dimensions"):
        db.values_many(numpy.zeros((1, 2, 12), dtype=numpy.int32))
    with pytest.raises(TypeError, match="bool"):
        db.values_many(numpy.zeros((1, 12), dtype=bool))
    with pytest.raises(TypeError):
        db.values_many(numpy.zeros((1, 12)))  # floats: rows are no str
    # errors="nan": NaN for positions without a value.
    got = db.values_many([good, "9 9 9 9 9 9 | 9 9 9 9 9 9", "x", good], errors="nan")
    assert got[0] == got[3] == db.value(good) and numpy.isnan(got[1:3]).all()
    got = db.values_many(numpy.array([[0] * 11 + [1], [0] * 11 + [100]]), errors="nan")
    assert got[0] == db.value([0] * 11 + [1]) and numpy.isnan(got[1])
    with pytest.raises(ValueError, match="invalid errors 'skip'; valid: raise, nan"):
        db.values_many([good], errors="skip")
    with pytest.raises(ValueError, match="valid: plies_left, errors$"):
        db.values_many([good], depth=3)
    assert db.values_many([]).shape == (0,)
    assert db.values_many(numpy.zeros((0, 12), dtype=numpy.int32)).shape == (0,)
    # Options: keywords in the messages.
    with pytest.raises(ValueError, match="^plies_left 999 is out of range"):
        db.value(good, plies_left=999)
    with pytest.raises(ValueError, match="^plies_left 999 is out of range"):
        db.values_many([good], plies_left=999)
    with pytest.raises(ValueError, match="unknown keyword 'depth' for probing oware; "
                                         "valid: plies_left$"):
        db.value(good, depth=3)
    with pytest.raises(ValueError, match="unknown keyword 'plies-left'"):
        db.value(good, **{"plies-left": 3})
    # A game without a binary form.
    plakoto = retro.open(databases["plakoto"])
    with pytest.raises(TypeError, match="no binary form"):
        plakoto.value([1, 2, 3])
    with pytest.raises(TypeError, match="no binary form"):
        plakoto.values_many(numpy.zeros((1, 7), dtype=numpy.int32))
    # Closed.
    db.close()
    for call in (lambda: db.value(good), lambda: db.values_many([good]),
                 lambda: db.position_cells):
        with pytest.raises(ValueError, match="is closed"):
            call()


def test_options_are_cached_per_set(solved):
    """The same options in any spelling give the same values; many sets of
    options (more than the cache keeps) still answer right."""
    db = retro.open(solved["oware9"])
    position = "2 0 0 0 0 1 | 0 1 0 0 1 0"
    for plies in range(0, 30):
        want = db.probe(position, plies_left=plies)["value"]
        assert db.value(position, plies_left=plies) == want
        assert db.value(position, plies_left=str(plies)) == want
        assert db.values_many([position], plies_left=plies).tolist() == [want]
    # Equal values of other types are other options: their str decides.
    assert db.value(position, plies_left=1) == db.probe(position, plies_left=1)["value"]
    for other in (1.0, True):
        with pytest.raises(ValueError) as error:
            db.probe(position, plies_left=other)
        with pytest.raises(ValueError, match=str(error.value)):
            db.value(position, plies_left=other)
    assert db.value(position) == db.probe(position)["value"]


def test_numpy_is_imported_by_the_array_calls_only(databases):
    """Without NumPy (made unimportable), import retro, open and value
    work; values_many and values raise ImportError saying NumPy is
    needed."""
    script = textwrap.dedent(f"""
        import sys
        sys.modules["numpy"] = None  # import numpy raises ImportError
        import retro
        assert retro.__version__
        db = retro.open({databases["oware"]!r})
        assert db.value("0 0 0 1 0 0 | 0 0 0 0 0 1", plies_left=3) == 2.0
        assert db.value([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1], plies_left=3) == 2.0
        for call in (lambda: db.values_many(["0 0 0 1 0 0 | 0 0 0 0 0 1"]),
                     lambda: db.values("seeds-1")):
            try:
                call()
            except ImportError as error:
                assert "needs NumPy" in str(error) and "pip install numpy" in str(error), error
            else:
                raise AssertionError("no ImportError")
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=dict(os.environ))
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    # Nor does importing it, with NumPy there, import NumPy.
    out = subprocess.run([sys.executable, "-c",
                          "import sys, retro; print('numpy' in sys.modules)"],
                         capture_output=True, text=True, env=dict(os.environ))
    assert out.stdout.strip() == "False", out.stderr


def test_help_documents_the_parameters():
    for function, names in [(retro.open, ["path", "plugin_dirs"]),
                            (retro.Database.value, ["position", "kwargs"]),
                            (retro.Database.values_many, ["positions", "errors", "kwargs"]),
                            (retro.Database.probe_many, ["positions", "threads", "errors"]),
                            (retro.Database.verify, ["sample", "seed", "threads"])]:
        doc = function.__doc__
        for name in names:
            assert f"  {name}:" in doc or f"**{name}:" in doc, (function, name)


def test_closing_from_inside_a_call(solved):
    """Python code a call runs (a cell's __index__, an option's __str__)
    may close the database: the call finishes on it, later ones raise."""
    position = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]

    class ClosingCell:
        def __init__(self, db, value):
            self.db, self.value = db, value

        def __index__(self):
            self.db.close()
            return self.value

    class ClosingOption:
        def __init__(self, db, value):
            self.db, self.value = db, value

        def __str__(self):
            self.db.close()
            return str(self.value)

    db = retro.open(solved["oware9"])
    assert db.value([ClosingCell(db, 0)] + position[1:], plies_left=3) == 2.0
    with pytest.raises(ValueError, match="is closed"):
        db.value(position)
    db = retro.open(solved["oware9"])
    assert db.value(position, plies_left=ClosingOption(db, 3)) == 2.0
    with pytest.raises(ValueError, match="is closed"):
        db.value(position)
    db = retro.open(solved["oware9"])
    assert db.values_many(["0 0 0 1 0 0 | 0 0 0 0 0 1"], plies_left=ClosingOption(db, 3)) \
        .tolist() == [2.0]
    with pytest.raises(ValueError, match="is closed"):
        db.values_many(["0 0 0 1 0 0 | 0 0 0 0 0 1"])
