"""A stress run of the Python module retro on crafted files and random
arguments (issue 54: an extension raises, never crashes). For a time
budget it takes the fuzz seed databases (tests/fuzz/corpus/plugin_open),
mutates them (bytes flipped, runs overwritten, truncated, extended; and
slices or header parameters edited in place with their checksums
recomputed, so that the plugins' own checks are reached), and for each
file calls retro.open and, on what opens, every method with random
arguments: probe, probe_many, value, values_many (text and binary
positions), values, stats, verify, close and the calls after it. Every call must return or raise one of the expected exception
types; a crash kills the interpreter and fails the test (faulthandler
prints where), another exception type fails it with the input kept in
the work folder.

    python3 fuzz_module.py --corpus DIR --work DIR [--seconds S] [--seed N]
"""
import argparse
import faulthandler
import os
import random
import struct
import sys
import time

import numpy
import retro

# What a call may raise on bad input (docs/python.md).
EXPECTED = (retro.Error, ValueError, TypeError, IndexError, OverflowError)

MASK = (1 << 64) - 1
P1, P2, P3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK


def lane(acc, word):
    return (rotl((acc + word * P2) & MASK, 31) * P1) & MASK


def checksum64(data):
    """Checksum64 as docs/file-format.md, section 6, writes it."""
    n = len(data)
    a, b, c, d = (P1 + P2) & MASK, P2, 0, (-P1) & MASK
    blocks = n // 32
    for p in range(0, blocks * 32, 32):
        w = struct.unpack_from("<4Q", data, p)
        a, b, c, d = lane(a, w[0]), lane(b, w[1]), lane(c, w[2]), lane(d, w[3])
    h = (rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18)) & MASK
    h ^= (n * P3) & MASK
    p = blocks * 32
    while p + 8 <= n:
        (w,) = struct.unpack_from("<Q", data, p)
        h = (rotl(h ^ lane(0, w), 27) * P1 + P3) & MASK
        p += 8
    while p < n:
        h = (rotl(h ^ ((data[p] * P3) & MASK), 11) * P1) & MASK
        p += 1
    h ^= h >> 33
    h = (h * P2) & MASK
    h ^= h >> 29
    h = (h * P3) & MASK
    h ^= h >> 32
    return h


def layout(data):
    """The header size, where each parameter value lies, and each slice's
    table entry (offset of its fields), offset and size."""
    (header_size,) = struct.unpack_from("<I", data, 12)
    at = 40

    def string():
        nonlocal at
        (length,) = struct.unpack_from("<I", data, at)
        at += 4 + length
        return at - length, length

    string(), string()
    (count,) = struct.unpack_from("<I", data, at)
    at += 4
    values = []
    for _ in range(count):
        string()
        values.append(string())
    (count,) = struct.unpack_from("<I", data, at)
    at += 4
    slices = []
    for _ in range(count):
        string()
        offset, size, _ = struct.unpack_from("<3Q", data, at)
        slices.append((at, offset, size))
        at += 24
    return header_size, values, slices


def reseal(data):
    """`data` (a bytearray) with every slice checksum and the header
    checksum recomputed."""
    header_size, _, slices = layout(data)
    for entry, offset, size in slices:
        struct.pack_into("<Q", data, entry + 16, checksum64(bytes(data[offset:offset + size])))
    struct.pack_into("<Q", data, 24, 0)
    struct.pack_into("<Q", data, 24, checksum64(bytes(data[:header_size])))
    return data


def mutate(seed_bytes, rng):
    """A crafted file from a seed database, and what was done."""
    data = bytearray(seed_bytes)
    kind = rng.randrange(6)
    if kind == 0:  # bytes flipped anywhere
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data), "flipped"
    if kind == 1:  # truncated
        return bytes(data[:rng.randrange(len(data))]), "truncated"
    if kind == 2:  # extended
        return bytes(data) + os.urandom(rng.randint(1, 256)), "extended"
    header_size, values, slices = layout(data)
    if kind == 3 and values:  # a parameter value's bytes, resealed
        at, length = rng.choice(values)
        if length:
            for _ in range(rng.randint(1, length)):
                data[at + rng.randrange(length)] = rng.choice(b"0123456789-x\x00\xff")
        return bytes(reseal(data)), "parameter edited, resealed"
    slices = [s for s in slices if s[2] > 0]
    if not slices:
        return bytes(data), "unchanged"
    _, offset, size = rng.choice(slices)
    if kind == 4 and rng.random() < 0.5:  # bytes of a slice copied from others of it
        for _ in range(rng.randint(1, 16)):
            data[offset + rng.randrange(size)] = data[offset + rng.randrange(size)]
        return bytes(reseal(data)), "slice bytes copied, resealed"
    if kind == 4:  # bytes of a slice set to extremes or random, resealed
        for _ in range(rng.randint(1, 16)):
            data[offset + rng.randrange(size)] = rng.choice([0, 1, 127, 128, 254, 255,
                                                             rng.randrange(256)])
        return bytes(reseal(data)), "slice bytes edited, resealed"
    # A run of a slice overwritten with random bytes, resealed.
    start = offset + rng.randrange(size)
    end = min(offset + size, start + rng.randint(1, 64))
    data[start:end] = os.urandom(end - start)
    return bytes(reseal(data)), "slice run overwritten, resealed"


POSITIONS = {
    "oware": ["0 0 0 1 0 0 | 0 0 0 0 0 1", "1 0 0 0 0 0 | 0 0 0 0 0 2", "4 4 4 4 4 4 | 4 4 4 4 4 4"],
    "surakarta": ["....../.X..../.O..../....../....../...... X",
                  "....../.X..../.O..../....../....../...... O"],
    "plakoto": ["p=2 13 1 0 0 0 0", "p=2 12 1 1 0 0 0"],
    "tictactoe": ["x.o/.x./..o", ".../.../...", "xxx/ooo/..."],
}


def random_value(rng):
    return rng.choice([0, 1, -1, 3, 200, 201, 10**30, -(10**30), "5", "", "x", None, 2.5,
                       "\x00", b"1", [], float("nan")])


def random_position(game, rng):
    good = POSITIONS.get(game, ["x"])
    text = rng.choice(good)
    kind = rng.randrange(4)
    if kind == 0:
        return text
    if kind == 1:
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice("0123456789xoXO./|p= \x00\n-")
        return "".join(chars)
    if kind == 2:
        return text[:rng.randrange(len(text) + 1)]
    return rng.choice(["", " ", "\x00", "9" * 1000, text * 50, "é", text + "\n" + text])


def random_options(db, rng):
    keywords = []
    try:
        keywords = [p["keyword"] for p in db.probe_parameters]
    except EXPECTED:
        pass
    options = {}
    for _ in range(rng.randrange(3)):
        name = rng.choice(keywords + ["plies-left", "depth", "bogus"])
        options[name] = random_value(rng)
    return options


class Failure(Exception):
    pass


def call(record, what, function, *args, **kwargs):
    """Runs one call: returns its result, or None when it raised an
    expected exception; any other exception is a failure."""
    record.append(what)
    try:
        return function(*args, **kwargs)
    except EXPECTED:
        return None
    except Exception as error:  # noqa: BLE001: any other type is the finding
        raise Failure(f"{what} raised {type(error).__name__}: {error}") from error


def exercise(path, rng, record):
    """Opens `path` and calls everything on it with random arguments."""
    db = call(record, "open", retro.open, path)
    if db is None:
        return False
    game = call(record, "game", lambda: db.game) or ""
    call(record, "parameters", lambda: db.parameters)
    slices = call(record, "slices", lambda: db.slices) or []
    for _ in range(rng.randint(1, 4)):
        call(record, "probe", db.probe, random_position(game, rng), **random_options(db, rng))
    positions = [random_position(game, rng) for _ in range(rng.randint(0, 6))]
    call(record, "probe_many", db.probe_many, positions, threads=rng.choice([1, 2, None, 0]),
         errors=rng.choice(["raise", "report", "report", "bogus"]), **random_options(db, rng))
    for _ in range(rng.randint(1, 4)):
        call(record, "value", db.value, random_position(game, rng), **random_options(db, rng))
    call(record, "values_many", db.values_many, positions,
         errors=rng.choice(["raise", "nan", "nan", "bogus"]), **random_options(db, rng))
    cells = call(record, "position_cells", lambda: db.position_cells)
    if cells is not None:
        count = cells["count"] + rng.choice([0, 0, 0, -1, 1])
        rows = numpy.array([[rng.choice([0, 1, 2, 3, 9, 48, -1, 2**31 - 1, -2**31])
                             for _ in range(count)] for _ in range(rng.randint(0, 4))],
                           dtype=numpy.int64).astype(rng.choice([numpy.int32, numpy.int64,
                                                                 numpy.int8]))
        call(record, "values_many(cells)", db.values_many, rows.reshape(-1, count),
             errors=rng.choice(["raise", "nan"]), **random_options(db, rng))
        if len(rows):
            call(record, "value(cells)", db.value, rows[0].tolist(), **random_options(db, rng))
    for _ in range(rng.randint(1, 3)):
        which = rng.choice([s["name"] for s in slices] + [0, 1, -1, len(slices), 10**30, "none"])
        values = call(record, f"values({which!r})", db.values, which, **random_options(db, rng))
        if values is not None:
            # Every element read: a view must stay within the file.
            call(record, "values sum", lambda: float(numpy.sum(values.astype(numpy.float64))))
    if rng.random() < 0.3:
        call(record, "stats", db.stats, threads=rng.choice([1, 2, 0, 5000]))
    samples = [1, 16, 64, 0, -1] + ([None] if os.path.getsize(path) < 20000 else [])
    call(record, "verify", db.verify, sample=rng.choice(samples),
         seed=rng.choice([1, 7, -1, 10**30]), threads=rng.choice([1, 2]))
    call(record, "close", db.close)
    for method in ("stats", "verify", "position_cells"):
        record.append(f"{method} after close")
        try:
            attribute = getattr(db, method)
            if callable(attribute):
                attribute()
        except ValueError:
            pass
        else:
            raise Failure(f"{method} after close did not raise ValueError")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    faulthandler.enable()
    # The checksum as the format documents it, against its test vectors.
    assert checksum64(b"") == 0x9090306C6E91ED59
    assert checksum64(b"retro") == 0x162D06B676380E8B
    assert checksum64(bytes((i * 37 + 11) % 256 for i in range(100))) == 0x26BB439CAB9FB97B
    os.makedirs(args.work, exist_ok=True)
    seeds = {}
    for name in sorted(os.listdir(args.corpus)):
        if name.endswith(".retro"):
            with open(os.path.join(args.corpus, name), "rb") as f:
                seeds[name] = f.read()
    assert seeds, f"no seed databases in {args.corpus}"
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    files = opened = 0
    kinds = {}
    # First every seed as it is (all methods must work on a good file),
    # then mutants until the time is up.
    queue = [(name, data, "unchanged") for name, data in seeds.items()]
    while queue or time.monotonic() < deadline:
        if queue:
            name, data, kind = queue.pop(0)
        else:
            name = rng.choice(sorted(seeds))
            data, kind = mutate(seeds[name], rng)
        # A new name each time: arrays of earlier files may still map theirs.
        path = os.path.join(args.work, f"input-{files}.retro")
        with open(path, "wb") as f:
            f.write(data)
        record = []
        try:
            opened += exercise(path, rng, record)
        except Failure as failure:
            kept = os.path.join(args.work, f"failure-{files}.retro")
            os.replace(path, kept)
            print(f"FAILED on {kept} (from {name}, {kind}): {failure}; calls: {record}",
                  file=sys.stderr)
            return 1
        os.unlink(path)
        files += 1
        kinds[kind] = kinds.get(kind, 0) + 1
    print(f"{files} files ({opened} opened) in {args.seconds:.0f} s, no crash, only expected "
          f"exceptions; by kind: {kinds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
