"""The hash chain against a known answer: two events whose canonical bytes are written out here by
hand, as the README documents them (the envelope's keys sorted, no spaces, UTF-8 as it is, the
previous hash in front; 64 zeros before a match's first event), and their SHA-256 as literal hex.

A store that hashed anything else (a field left out, the previous hash dropped, another order or
escaping) fails here, on SQLite and on PostgreSQL alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.envelope import PendingEvent
from events.match import Annotation
from replay.app.service import build_match_started
from store import EventStore

STARTED = (
    '{"first_dealer":0,"game":"tensho","length":{"count":6,"unit":"rounds"},"players":[{"name":"Aki","seat":0},'
    '{"name":"Ben","seat":1}],"ruleset":{"id":"tensho-fudawiki","options":{"capture.mandatoryIfMatch":true,'
    '"capture.threeMatches":"takeAll","capture.twoMatches":"choose","tensho.back2Card":"swallow",'
    '"tensho.compoundYaku":"supersede","tensho.dealerTripleOption":true,"tensho.fourOfSuitOnField":"misdeal",'
    '"tensho.instantWinValue":300,"tensho.phoenixDealtToField":"uncapturable","tensho.roundScore":"roundsWon",'
    '"tensho.tenHorseKing":"peony","tensho.tieBreak":["yakuPoints","chaffCount","cardValueSum","draw"]}}}'
)
NOTE = '{"kind":"note","seq":1,"text":"Aki: ナカゾウ"}'
FIRST = (
    '{"event_id":"01930000-0000-7000-8000-000000000001","match_id":"club-7","payload":' + STARTED + ","
    '"recorded_at":"2026-11-30T19:00:00Z","recorded_by":"Aki","schema_version":2,"seq":1,"type":"match_started"}'
)
SECOND = (
    '{"event_id":"01930000-0000-7000-8000-000000000002","match_id":"club-7","payload":' + NOTE + ","
    '"recorded_at":"2026-11-30T19:00:05Z","recorded_by":"Ben","schema_version":1,"seq":2,"type":"annotation"}'
)
FIRST_HASH = "e1596d6056fa3e383f0a39f875331849016d677995cbada30ebbdce5187b9434"
SECOND_HASH = "a0320d8befb47a721f0ec1a72d09fea838adb8fa5ca5f1e98fd7f886a610ff10"


def test_the_literal_hashes_are_sha256_of_the_literal_bytes() -> None:
    """The known answer itself, from hashlib alone: no code of ours."""
    assert hashlib.sha256(("0" * 64 + FIRST).encode("utf-8")).hexdigest() == FIRST_HASH
    assert hashlib.sha256((FIRST_HASH + SECOND).encode("utf-8")).hexdigest() == SECOND_HASH


def _events() -> list[PendingEvent]:
    started = build_match_started("tensho", ["Aki", "Ben"])
    note = Annotation(seq=1, kind="note", text="Aki: ナカゾウ")
    assert (started.canonical_json(), note.canonical_json()) == (STARTED, NOTE)
    return [
        PendingEvent(started, "01930000-0000-7000-8000-000000000001", "2026-11-30T19:00:00Z", "Aki"),
        PendingEvent(note, "01930000-0000-7000-8000-000000000002", "2026-11-30T19:00:05Z", "Ben"),
    ]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        with EventStore.open(tmp_path / "chain.db", create=True) as opened:
            yield opened
        return
    from store.postgres import PostgresStore

    with PostgresStore.open(request.getfixturevalue("pg_url"), create=True) as opened:
        yield opened


def test_a_store_chains_two_events_to_the_known_hashes(store: Any) -> None:
    stored = store.append("club-7", 0, _events())
    assert [(e.prev_hash, e.hash) for e in stored] == [("0" * 64, FIRST_HASH), (FIRST_HASH, SECOND_HASH)]
    assert [e.envelope_text() for e in store.read("club-7")] == [FIRST, SECOND]
    assert store.heads() == [("club-7", 2, SECOND_HASH)]
    assert store.verify() == []


def test_each_way_a_link_breaks_has_its_code_and_words() -> None:
    from store.chain import chain_problem

    good = {"expected_seq": 2, "expected_prev": FIRST_HASH, "seq": 2, "prev_hash": FIRST_HASH,
            "payload_text": NOTE, "envelope_text": SECOND, "hash": SECOND_HASH}  # fmt: skip
    assert chain_problem(**good) is None  # type: ignore[arg-type]
    cases = [
        ({"seq": 3}, ("store.chain.gap", "expected seq 2 here; the chain has a gap")),
        ({"prev_hash": "f" * 64}, ("store.chain.prev_hash", "prev_hash does not match the previous event's hash")),
        ({"payload_text": '{"seq":1, "kind":"note"}'},
         ("store.chain.payload_not_canonical", "payload is not in canonical JSON: it was edited")),
        ({"hash": "0" * 64}, ("store.chain.hash", "hash does not match the event's content: it was altered")),
    ]  # fmt: skip
    for change, expected in cases:
        assert chain_problem(**(good | change)) == expected, change  # type: ignore[arg-type]
