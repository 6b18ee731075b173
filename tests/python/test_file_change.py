"""A database file changed on disk while a Database has it open (docs/python.md):
read into memory (the default up to 256 MiB), the Database answers as it did
when opened; mapped (RETRO_DATABASE_READ_LIMIT_MB=0), a file truncated in
place makes every later call raise retro.Error naming the truncation. The
interpreter never gets a signal: each case runs in a child Python, whose
exit status is checked."""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

BOARD = "0 0 0 1 0 0 | 0 0 0 0 0 1"


def run_child(script, path, read_limit=None):
    """Runs `script` in a new interpreter with PATH set to `path`; the
    completed process."""
    env = dict(os.environ, DB=str(path))
    env.pop("RETRO_DATABASE_READ_LIMIT_MB", None)
    if read_limit is not None:
        env["RETRO_DATABASE_READ_LIMIT_MB"] = read_limit
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_file_read_into_memory_answers_as_opened(databases, tmp_path):
    path = tmp_path / "oware.retro"
    shutil.copy(databases["oware"], path)
    child = run_child("""
        import os, retro
        db = retro.open(os.environ["DB"])
        before = db.probe("%s", plies_left=7)
        with open(os.environ["DB"], "r+b") as f:
            size = f.seek(0, 2)
            f.seek(64)
            f.write(b"U" * (size - 64))
        assert db.probe("%s", plies_left=7) == before, "overwritten"
        os.truncate(os.environ["DB"], 0)
        assert db.probe("%s", plies_left=7) == before, "truncated"
        assert db.probe_many(["%s"] * 10, plies_left=7) == [before] * 10
        db.stats()
        print("same")
    """ % (BOARD, BOARD, BOARD, BOARD), path)
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "same"


@pytest.mark.parametrize("call", [
    'db.probe(BOARD, plies_left=7)',
    'db.probe_many([BOARD] * 100, plies_left=7)',
    'db.probe_many([BOARD] * 100, plies_left=7, errors="report")',
    'db.stats()',
    'db.verify(sample=10)',
    'db.values("seeds-5")',
])
def test_a_mapped_file_truncated_in_place_raises(databases, tmp_path, call):
    path = tmp_path / "oware.retro"
    shutil.copy(databases["oware"], path)
    child = run_child("""
        import os, retro
        BOARD = "%s"
        db = retro.open(os.environ["DB"])
        db.probe(BOARD, plies_left=7)
        os.truncate(os.environ["DB"], 0)
        for attempt in range(2):
            try:
                %s
            except retro.Error as error:
                assert "was truncated on disk while open" in str(error), error
                print("raised")
            else:
                print("answered")
    """ % (BOARD, call), path, read_limit="0")
    assert child.returncode == 0, (child.returncode, child.stderr)
    # The first call may have read nothing of the file (values computed
    # from nothing); once a read faulted, every call raises.
    lines = child.stdout.split()
    assert lines[-1] == "raised", (call, child.stdout)
