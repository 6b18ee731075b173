"""An independent reader of the container's slice table (docs/file-format.md,
sections 3 and 4), so that tests can compare Database.values with the
bytes the file holds."""
import struct


def read_slices(path):
    """name -> the slice's bytes, read from the file as the format says."""
    data = open(path, "rb").read()
    assert data[:8] == b"RETRODB\x1a"
    at = 40

    def take(fmt):
        nonlocal at
        (value,) = struct.unpack_from("<" + fmt, data, at)
        at += struct.calcsize(fmt)
        return value

    def string():
        nonlocal at
        length = take("I")
        text = data[at:at + length].decode()
        at += length
        return text

    string(), string()  # game, codec
    for _ in range(take("I")):
        string(), string()
    slices = {}
    for _ in range(take("I")):
        name = string()
        offset, size, _checksum = take("Q"), take("Q"), take("Q")
        slices[name] = data[offset:offset + size]
    return slices
