"""The events of a game read from a log get the same ids at every import: two people who import the
same Tenhou game hold the same record of it, and sync finds nothing to copy."""

from __future__ import annotations

import uuid
from pathlib import Path

from events.envelope import log_event_ids, new_event_id
from store import EventStore
from tests.helpers import Cli
from tests.paths import ROOT

GAME = ROOT / "tests" / "data" / "tenhou6-more" / "2013112515gm-00a9-0000-baa070ad.json"


def _rows(db: Path, match_id: str) -> list[tuple[int, str, str, str]]:
    with EventStore.open(db) as store:
        return [(e.seq, e.event_id, e.type, e.hash) for e in store.read(match_id)]


def test_the_same_log_imported_into_two_stores_is_the_same_record(cli: Cli, tmp_path: Path) -> None:
    table, club = tmp_path / "table.db", tmp_path / "club.db"
    for db in (table, club):
        assert cli("import", str(GAME), "--by", "league", "--db", str(db)).code == 0
    match = "2013112515gm-00a9-0000-baa070ad"
    rows = _rows(table, match)
    assert len(rows) > 500 and rows == _rows(club, match)  # the same ids, so the same chain
    synced = cli("sync", "--to", str(club), "--db", str(table), "--json")
    assert synced.code == 0, synced.err
    assert [(m["match_id"], m["outcome"]) for m in synced.json()[0]["matches"]] == [(match, "up to date")]


def test_an_id_is_when_the_game_began_a_digest_of_its_match_and_its_seq(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(GAME), "--db", str(tmp_path / "a.db")).code == 0
    rows = _rows(tmp_path / "a.db", "2013112515gm-00a9-0000-baa070ad")
    ids = [event_id for _, event_id, _, _ in rows]
    # The ref's 2013-11-25 15:00 in Japan is 06:00 UTC, 1385359200 seconds after 1970: 0x5292e760.
    assert {i[:8] for i in ids} == {"5292e760"}
    assert {i[:30] for i in ids} == {ids[0][:30]}  # one game: all but the seq alike
    assert [int(i[-6:], 16) for i in ids] == [seq for seq, _, _, _ in rows] == list(range(1, len(rows) + 1))
    assert ids == sorted(ids)  # in seq order, so the unique index takes the game in one place
    assert {uuid.UUID(i).version for i in ids} == {8} and {uuid.UUID(i).variant for i in ids} == {uuid.RFC_4122}


def test_ids_of_different_matches_differ_and_never_meet_a_recorded_events() -> None:
    one, other = log_event_ids("game-one", 3), log_event_ids("game-two", 3)
    assert one == log_event_ids("game-one", 3) and set(one).isdisjoint(other)
    assert one[0][:8] != other[0][:8]  # with no time said, the digest fills the first bits too
    assert uuid.UUID(new_event_id()).version == 7  # a recorded event's id: another version
    assert log_event_ids("game-one", 0) == []
