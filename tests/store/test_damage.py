"""Damage behind the store's back, as an adversary or an accident does it, and what verify says:
removed tails and matches, dropped tables, a file cut to nothing, flipped bytes; and the store's
fingerprint, published once and checked later (as Certificate Transparency publishes tree heads)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from store import EventStore
from tests.helpers import NO_DELETE_TRIGGER, Cli


@pytest.fixture
def night(cli: Cli, db: Path) -> Path:
    """A night's play: two matches."""
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "2", "--id", "table-1").code == 0
    assert cli("simulate", "sendai", "--seed", "2", "--rounds", "1", "--id", "table-2",
               "--option", "sendai.teyakuMode=claimAndContinue").code == 0  # fmt: skip
    assert cli("verify").code == 0
    return db


def _sql(db: Path, *statements: str) -> None:
    with sqlite3.connect(db) as conn:
        for statement in statements:
            conn.execute(statement)


def _codes(cli: Cli) -> list[str]:
    result = cli("verify", "--json")
    assert result.code == 4, result.out
    return [f["code"] for f in result.json()["findings"]]


def test_rows_removed_from_the_end_of_a_match_are_found(cli: Cli, night: Path) -> None:
    _sql(night, "DROP TRIGGER events_no_delete",
         "DELETE FROM events WHERE match_id = 'table-1' AND seq > 40",
         NO_DELETE_TRIGGER)  # fmt: skip
    assert _codes(cli) == ["store.head_mismatch"]


def test_a_whole_match_deleted_is_found(cli: Cli, night: Path) -> None:
    _sql(night, "DROP TRIGGER events_no_delete", "DELETE FROM events WHERE match_id = 'table-2'",
         NO_DELETE_TRIGGER)  # fmt: skip
    result = cli("verify", "--json")
    assert result.code == 4
    found = {f["code"]: f["message"] for f in result.json()["findings"]}
    assert sorted(found) == ["store.match_missing", "store.rows_removed"]  # table-2 held the last rows
    assert "table-2" in found["store.match_missing"]


def test_a_dropped_events_table_is_found(cli: Cli, night: Path) -> None:
    _sql(night, "DROP TABLE events")
    assert "store.table_missing" in _codes(cli)


def test_a_file_cut_to_nothing_is_found(cli: Cli, night: Path) -> None:
    for suffix in ("-wal", "-shm"):
        Path(f"{night}{suffix}").unlink(missing_ok=True)
    night.write_bytes(b"")
    assert _codes(cli) == ["store.empty"]


def test_random_byte_flips_are_found_or_refused(cli: Cli, night: Path) -> None:
    """Every flipped byte that SQLite's integrity check sees is reported, as is every one the chain
    sees; none leaves verify saying ok when the file differs in a page SQLite reads."""
    with EventStore.open(night) as store:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pristine = night.read_bytes()
    rng = random.Random(7)
    missed = []
    for trial in range(100):
        data = bytearray(pristine)
        place = rng.randrange(100, len(data))  # past the file header, whose damage SQLite refuses outright
        data[place] ^= 1 << rng.randrange(8)
        night.write_bytes(bytes(data))
        result = cli("verify", "--json")
        if result.code == 0:
            with sqlite3.connect(night) as conn:
                same = [r[0] for r in conn.execute("PRAGMA integrity_check")] == ["ok"]
            if not same:
                missed.append((trial, place))
        else:
            assert result.code in (2, 4), result.err
    night.write_bytes(pristine)
    assert missed == []


def test_a_published_fingerprint_checks_later_and_catches_a_rewrite(cli: Cli, night: Path) -> None:
    shown = cli("verify", "--heads", "--json").json()
    fingerprint = shown["fingerprint"]
    assert [h["match_id"] for h in shown["heads"]] == ["table-1", "table-2"]
    assert cli("simulate", "tensho", "--seed", "3", "--rounds", "1", "--id", "table-3").code == 0  # the next night
    later = cli("verify", "--against", fingerprint)
    assert later.code == 0, later.err
    assert "the first" in later.out and "still as published" in later.out
    # A consistent rewrite: the last event of table-1 dropped, its head rewritten to match. verify
    # alone cannot see it; the published fingerprint does.
    _sql(night, "DROP TRIGGER events_no_delete",
         "DELETE FROM events WHERE match_id = 'table-1' AND seq = (SELECT MAX(seq) FROM events WHERE match_id = 'table-1')",
         "UPDATE match_heads SET last_seq = last_seq - 1, events = events - 1, last_hash = "
         "(SELECT hash FROM events WHERE match_id = 'table-1' ORDER BY seq DESC LIMIT 1) WHERE match_id = 'table-1'",
         NO_DELETE_TRIGGER)  # fmt: skip
    assert cli("verify").code == 0  # consistent: undetectable without a published fingerprint
    caught = cli("verify", "--against", fingerprint)
    assert caught.code == 4 and "do not match the published fingerprint" in caught.out


def test_a_fingerprint_that_is_not_one_is_bad_input(cli: Cli, night: Path) -> None:
    for bad in ("abc", "12:xyz", "999999:" + "0" * 64):
        result = cli("verify", "--against", bad)
        assert result.code == 2, (bad, result.err)


def test_an_old_store_gains_its_heads_when_opened(cli: Cli, night: Path) -> None:
    _sql(night, "DROP TABLE match_heads", "DROP TABLE read_models", "DELETE FROM schema_migrations WHERE version >= 2")
    assert cli("verify").code == 0  # opening migrated it, and the heads were filled from the events
    with sqlite3.connect(night) as conn:
        heads = conn.execute("SELECT match_id, last_seq FROM match_heads ORDER BY match_id").fetchall()
        tops = conn.execute("SELECT match_id, MAX(seq) FROM events GROUP BY match_id ORDER BY match_id").fetchall()
    assert heads == tops and len(heads) == 2
