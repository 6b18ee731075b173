"""Database.stats and verify give what `retro stats --json` and
`retro verify --json` print."""
import pytest
import retro

from conftest import SOLVES, cli_result


@pytest.mark.parametrize("name", sorted(SOLVES))
def test_stats_is_the_cli_json(databases, name):
    db = retro.open(databases[name])
    assert db.stats() == cli_result(["stats", "--db", databases[name]])
    assert db.stats(threads=1) == db.stats(threads=2)


def check_verify(got, expected):
    """The verify result, but for the time taken."""
    assert isinstance(got.pop("seconds"), float)
    expected = dict(expected)
    expected.pop("seconds")
    assert got == expected


@pytest.mark.parametrize("name", sorted(SOLVES))
def test_verify_is_the_cli_json(databases, name):
    db = retro.open(databases[name])
    got = db.verify()
    assert got["mismatches"] == 0 and got["first_mismatch"] is None
    assert got["checksums"] == "ok" and got["records_checked"] > 0
    check_verify(got, cli_result(["verify", "--db", databases[name]]))


def test_verify_sample_is_the_cli_json(databases):
    db = retro.open(databases["surakarta"])
    got = db.verify(sample=500, seed=3, threads=2)
    assert got["records_checked"] == 500
    check_verify(got, cli_result(["verify", "--db", databases["surakarta"], "--sample", "500",
                                  "--seed", "3"]))
