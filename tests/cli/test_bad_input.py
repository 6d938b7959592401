"""Every kind of bad input: one line on stderr naming the problem, a non-zero exit, nothing stored."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from tests.helpers import Cli, rows


def started(cli: Cli) -> str:
    result = cli("new", "tensho", "-p", "Alice", "-p", "Bob", "--id", "m-1")
    assert result.code == 0, result.err
    return "m-1"


def digest(path: Path) -> str:
    """Contents of the database and its WAL, so 'nothing written' is checked to the byte."""
    data = b""
    for suffix in ("", "-wal"):
        part = Path(str(path) + suffix)
        if part.exists():
            data += part.read_bytes()
    return hashlib.sha256(data).hexdigest()


def assert_one_line_error(result: object, code: int, *needles: str) -> None:
    assert result.code == code, (result.code, result.err)  # type: ignore[attr-defined]
    err: str = result.err  # type: ignore[attr-defined]
    assert err.count("\n") == 1 and err.startswith("taikyoku: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err


def event(**over: object) -> str:
    value: dict[str, object] = {"type": "round_started", "payload": {"round": 1, "dealer": 0}}
    value.update(over)
    return json.dumps(value)


BAD_EVENTS = {
    "unknown type": (event(type="round_begun"), ["unknown event type 'round_begun'", "round_started"]),
    "missing type": ('{"payload": {"round": 1, "dealer": 0}}', ["missing field 'type'"]),
    "missing payload field": (event(payload={"round": 1}), ["payload", "missing field 'dealer'"]),
    "extra payload field": (event(payload={"round": 1, "dealer": 0, "wind": 1}), ["unexpected field 'wind'"]),
    "extra envelope field": (event(colour="red"), ["unexpected field 'colour'"]),
    "wrong type": (event(payload={"round": "one", "dealer": 0}), ["payload.round", "not of type integer"]),
    "bool for int": (event(payload={"round": True, "dealer": 0}), ["payload.round"]),
    "float": ('{"type":"round_started","payload":{"round":1.0,"dealer":0}}', ["not an integer"]),
    "wrong seq": (event(seq=7), ["seq 7 is wrong", "next seq of match m-1 is 2"]),
    "other match": (event(match_id="m-2"), ["match_id 'm-2' is not the match being recorded"]),
    "bad event id": (event(event_id="not-a-uuid"), ["event_id"]),
    "bad schema version": (event(schema_version=9), ["has no schema version 9"]),
    "illegal: round out of order": (event(payload={"round": 2, "dealer": 0}), ["next round is 1, not 2"]),
    "illegal: dealer not a seat": (event(payload={"round": 1, "dealer": 3}), ["dealer 3 is not a seat (0 to 1)"]),
    "malformed JSON": ('{"type": "round_started", "payload": {', ["malformed JSON at line 1"]),
    "duplicate key": ('{"type":"round_started","type":"x","payload":{}}', ["appears twice"]),
    "not an object": ("[1, 2]", ["must be a JSON object"]),
    "empty input": ("   \n", ["no events found"]),
    "payload over 64 KiB": (
        json.dumps({"type": "annotation", "payload": {"seq": 1, "kind": "note", "text": "x" * 70000}}),
        ["limit is 65536"],
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_EVENTS))
def test_bad_event_is_refused_and_nothing_is_stored(cli: Cli, db: Path, case: str) -> None:
    match = started(cli)
    before = digest(db)
    text, needles = BAD_EVENTS[case]
    result = cli("record", match, stdin=text)
    assert_one_line_error(result, 2, *needles)
    assert digest(db) == before
    assert len(rows(db)) == 1


def test_a_bad_event_late_in_a_batch_stores_none_of_the_batch(cli: Cli, db: Path) -> None:
    match = started(cli)
    lines = "\n".join(
        [
            event(),
            event(type="annotation", payload={"seq": 2, "kind": "note", "text": "ok"}),
            event(payload={"round": 2, "dealer": 9}),
        ]
    )
    result = cli("record", match, stdin=lines)
    assert_one_line_error(result, 2, "line 3")
    assert len(rows(db)) == 1


def test_invalid_utf8(cli: Cli, db: Path) -> None:
    match = started(cli)
    result = cli("record", match, stdin=b'{"type": "annotation", "payload": {"text": "\xff"}}')
    assert_one_line_error(result, 2, "invalid UTF-8 at byte")
    assert len(rows(db)) == 1


def test_unknown_match(cli: Cli, db: Path) -> None:
    started(cli)
    before = digest(db)
    assert_one_line_error(cli("record", "m-9", stdin=event()), 2, "no match 'm-9'")
    assert_one_line_error(cli("log", "m-9"), 2, "no match 'm-9'", "taikyoku matches")
    assert digest(db) == before


def test_missing_file_argument(cli: Cli, db: Path) -> None:
    match = started(cli)
    assert_one_line_error(cli("record", match, "/nonexistent/events.jsonl"), 2, "does not exist")


def test_missing_database_is_not_created(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "nope.db"
    for args in (["log", "m-1"], ["matches"], ["verify"]):
        assert_one_line_error(cli(*args, "--db", str(missing)), 2, "does not exist", "taikyoku new")
    assert_one_line_error(cli("record", "m-1", "--db", str(missing), stdin=event()), 2, "no match")
    assert not missing.exists()


def test_database_folder_missing(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "x.db"
    assert_one_line_error(cli("new", "tensho", "-p", "A", "-p", "B", "--db", str(target)), 2, "does not exist")


def test_corrupt_database(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not sqlite at all" * 100)
    before = bad.read_bytes()
    for args in (["log", "m-1"], ["matches"], ["verify"]):
        assert_one_line_error(cli(*args, "--db", str(bad)), 4, "corrupt or not an SQLite file")
    assert bad.read_bytes() == before


def test_foreign_sqlite_database(cli: Cli, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    assert_one_line_error(cli("matches", "--db", str(other)), 2, "not a taikyoku store")
    assert_one_line_error(cli("new", "tensho", "-p", "A", "-p", "B", "--db", str(other)), 2, "not a taikyoku store")


def test_locked_database(cli: Cli, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import store.connection

    match = started(cli)
    monkeypatch.setattr(store.connection, "BUSY_TIMEOUT_MS", 200)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process is writing
    try:
        result = cli("record", match, stdin=event())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert_one_line_error(result, 3, "locked by another process", "retry")
    assert len(rows(db)) == 1


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["new", "chess", "-p", "A", "-p", "B"], ["unknown game 'chess'"]),
        (["new", "tensho", "-p", "A"], ["played by 2 players"]),
        (["new", "tensho", "-p", "A", "-p", "A"], ["same name"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--ruleset", "tenhou"], ["unknown tensho ruleset 'tenhou'"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--option", "nope=1"], ["no option 'nope'"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--option", "tensho.compoundYaku"], ["name=value"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--option", "tensho.instantWinValue=lots"], ["whole number"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--option", "tensho.dealerTripleOption=maybe"], ["true or false"]),
        (["new", "tensho", "-p", "A", "-p", "B", "-o", "tensho.compoundYaku=stack"], ["-o means --output", "--option"]),
        (["new", "tensho", "-p", "A", "-p", "B", "-O", "tensho.compoundYaku"], ["name=value"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--dealer", "Carol"], ["dealer 'Carol'"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--id", "Bad Id!"], ["match id 'Bad Id!' is not valid"]),
        (["new", "tensho", "-p", "A", "-p", "B", "--length", "0"], ["--length"]),
        (["new", "sendai", "-p", "A", "-p", "B", "-p", "C"], ["sendai.teyakuMode has no default"]),
        (["lgo"], ["No such command 'lgo'"]),
        (["log"], ["Missing argument"]),
    ],
)
def test_bad_command_lines(cli: Cli, db: Path, args: list[str], needles: list[str]) -> None:
    assert_one_line_error(cli(*args), 2, *needles)
    assert rows(db) == []


def test_new_with_an_existing_id(cli: Cli, db: Path) -> None:
    started(cli)
    assert_one_line_error(cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1"), 2, "already exists")
    assert len(rows(db)) == 1


def test_record_into_a_new_database_with_bad_input_leaves_no_file(cli: Cli, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.db"
    start = {
        "type": "match_started",
        "payload": {
            "game": "tensho",
            "ruleset": {"id": "tensho-fudawiki", "options": {}},
            "players": [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}],
            "length": {"unit": "rounds", "count": 3},
            "first_dealer": 0,
        },
    }
    result = cli("record", "m-new", "--db", str(fresh), stdin=json.dumps(start))
    assert_one_line_error(result, 2, "option tensho.back2Card is missing")
    assert not fresh.exists()
