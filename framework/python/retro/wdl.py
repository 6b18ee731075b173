"""The byte codec of win/draw/loss tables (retro/format/wdl/wdl.h), decoded
with NumPy: what Database.values returns (dtype uint8) for a game solved
by the loopy win/draw/loss kit (Surakarta, tic-tac-toe).

    byte 0          draw
    byte 1 .. 127   win in byte - 1 plies
    byte 128 .. 254 loss in byte - 128 plies
    byte 255        the index is no position

NumPy is imported by decode_wdl, not with the package.
"""
WDL_NO_POSITION = 255


def decode_wdl(values):
    """Decodes WDL bytes into a dict of three arrays of their shape:

    result    int8: 1 win, 0 draw, -1 loss (0 where no position)
    distance  int16: plies to the end for wins and losses, 0 for draws,
              -1 where no position
    position  bool: False where the index is no position
    """
    import numpy  # pylint: disable=import-outside-toplevel

    values = numpy.asarray(values, dtype=numpy.uint8)
    position = values != WDL_NO_POSITION
    win = (values >= 1) & (values <= 127)
    loss = (values >= 128) & position
    result = numpy.zeros(values.shape, dtype=numpy.int8)
    result[win] = 1
    result[loss] = -1
    distance = numpy.zeros(values.shape, dtype=numpy.int16)
    distance[win] = values[win].astype(numpy.int16) - 1
    distance[loss] = values[loss].astype(numpy.int16) - 128
    distance[~position] = -1
    return {"result": result, "distance": distance, "position": position}
