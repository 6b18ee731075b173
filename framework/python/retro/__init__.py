"""Reading retro databases from Python (docs/python.md).

    import retro
    db = retro.open("oware-9.retro")
    db.probe("0 0 0 1 0 0 | 0 0 0 0 0 1", plies_left=3)   # retro probe --json
    db.value("0 0 0 1 0 0 | 0 0 0 0 0 1", plies_left=3)    # 2.0
    db.values_many(positions)                              # NumPy array
    db.values(db.slices[3]["name"])                        # NumPy array

retro.open and Database come from the compiled module retro._retro (typed
by _retro.pyi); the helpers to read the numbers of Database.values are
plain Python (retro.wdl). NumPy is imported only by the calls returning
arrays.
"""
from retro._retro import Database, Error, __version__, open  # noqa: A004 (retro.open is the API)
from retro.wdl import WDL_NO_POSITION, decode_wdl

__all__ = ["Database", "Error", "open", "decode_wdl", "WDL_NO_POSITION", "__version__"]
