"""Reading a match back: the batch decoder gives what decoding each row alone gives, and a
stored text that no longer fits its schema is named by its seq, never read as something else."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from events import registry
from replay.app import service
from replay.app.simulate import simulated_events
from store import EventStore
from tests.helpers import Cli
from tests.paths import CORPUS


def one_by_one(db: Path, match_id: str) -> list[object]:
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT type, schema_version, payload FROM events WHERE match_id = ? ORDER BY seq", [match_id])
    return [registry.decode(kind, version, text) for kind, version, text in rows]


@pytest.mark.parametrize("game", ["tensho", "sendai"])
def test_a_simulated_match_reads_back_as_each_row_decoded_alone(tmp_path: Path, game: str) -> None:
    db = tmp_path / "t.db"
    with EventStore.open(db, create=True) as store:
        options = ["sendai.teyakuMode=claimAndContinue"] if game == "sendai" else []
        store.append("m-1", 0, simulated_events(game, 3, 2, match_id="m-1", options=options))
        registry.clear_decode_cache()
        alone = one_by_one(db, "m-1")
        registry.clear_decode_cache()
        cold = [s.payload for s in service.read_steps(store, "m-1")]
        warm = [s.payload for s in service.read_steps(store, "m-1")]
    assert cold == alone
    assert warm == alone
    assert [type(p) for p in cold] == [type(p) for p in alone]


def test_a_real_riichi_game_reads_back_as_each_row_decoded_alone(cli: Cli, db: Path) -> None:
    log = sorted(CORPUS.glob("*.json"))[0]
    assert cli("import", str(log)).code == 0
    with EventStore.open(db) as store:
        (match_id,) = [m.match_id for m in store.matches()]
        registry.clear_decode_cache()
        steps = service.read_steps(store, match_id)
    registry.clear_decode_cache()  # decoded afresh, not found among what the batch decoded
    assert [s.payload for s in steps] == one_by_one(db, match_id)
    assert [s.seq for s in steps] == list(range(1, len(steps) + 1))
    assert len(steps) > 50


def forge(db: Path, seq: int, text: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET payload = ? WHERE seq = ?", [text, seq])


def recorded(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "Alice", "-p", "Bob", "--id", "m-1").code == 0
    lines = [
        '{"type":"round_started","payload":{"round":1,"dealer":0}}',
        '{"type":"annotation","payload":{"seq":2,"kind":"note","text":"one"}}',
        '{"type":"annotation","payload":{"seq":2,"kind":"note","text":"two"}}',
    ]
    assert cli("record", "m-1", stdin="\n".join(lines)).code == 0


@pytest.mark.parametrize(
    "text",
    [
        # Two texts' worth in one row: read in a list of texts joined by commas, it would pass for two events.
        '{"kind":"note","seq":2,"text":"one"},{"kind":"note","seq":2,"text":"two"}',
        '{"kind":"note","seq":2,"text":"one"',  # cut short
        '{"kind":"note","seq":"2","text":"one"}',  # a seq as text
    ],
)
def test_a_stored_text_that_no_longer_fits_is_named_by_its_seq(cli: Cli, db: Path, text: str) -> None:
    recorded(cli)
    forge(db, 3, text)
    registry.clear_decode_cache()
    result = cli("replay", "m-1")
    assert result.code == 4
    assert result.err.strip().splitlines() == [
        "taikyoku: error: match m-1 seq 3: the stored annotation event no longer fits its schema; "
        "run `taikyoku verify m-1` and restore the database from a backup"
    ]


def test_a_small_decode_memory_emptied_midway_still_gives_every_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A long-running process fills the memory and it is emptied: what was found in it before
    # must not go missing when it is emptied for the rest of the match.
    db = tmp_path / "t.db"
    with EventStore.open(db, create=True) as store:
        store.append("m-1", 0, simulated_events("tensho", 5, 2, match_id="m-1"))
        store.append("m-2", 0, simulated_events("tensho", 6, 2, match_id="m-2"))
        registry.clear_decode_cache()
        alone = {m: one_by_one(db, m) for m in ("m-1", "m-2")}
        registry.clear_decode_cache()
        monkeypatch.setattr(registry, "DECODE_CACHE_SIZE", 120)  # room for one match, not two
        for match_id in ("m-1", "m-2", "m-1", "m-2"):
            assert [s.payload for s in service.read_steps(store, match_id)] == alone[match_id]
            assert len(registry.DECODED) <= 120


def test_a_stored_row_of_a_schema_version_never_made_is_named_by_its_seq(cli: Cli, db: Path) -> None:
    recorded(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET schema_version = 7 WHERE seq = 3")
    registry.clear_decode_cache()
    result = cli("replay", "m-1")
    assert result.code == 4
    assert result.err == (
        "taikyoku: error: match m-1 seq 3: the stored annotation event no longer fits its schema; "
        "run `taikyoku verify m-1` and restore the database from a backup\n"
    )
