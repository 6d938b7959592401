"""What no event may hold is refused at the door, before anything is written, on SQLite and on
PostgreSQL alike: a match id with a final newline, names with control characters or bidi
overrides (they fake table rows, or reorder a terminal line), NUL anywhere (PostgreSQL cannot
store it, so such a match could never be synced), and times that are not real times."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import Cli, rows


def _refused(result: object, says: str) -> None:
    code, err = result.code, result.err  # type: ignore[attr-defined]
    assert code == 2, err
    assert err.startswith("taikyoku: error: ") and says in err, err
    assert err.count("\n") == 1


def test_a_match_id_with_a_final_newline_is_not_valid(cli: Cli, db: Path) -> None:
    for args in (
        ("new", "tensho", "-p", "A", "-p", "B", "--id", "abc\n"),
        ("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "abc\n"),
    ):
        _refused(cli(*args), "match id 'abc\\n' is not valid; use 3-64 lower-case letters, digits and dashes")
    assert rows(db) == []
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "abc").code == 0
    _refused(cli("note", "abc\n", "1", "x"), "no match 'abc\\n'")
    assert len(rows(db)) == 1


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Aki\n│ 1 │ Mallory", "U+000A"),  # a second table row on the terminal
        ("Aki\r", "U+000D"),
        ("Ak\u202eik", "U+202E"),  # right-to-left override
        ("Ak\u2066i", "U+2066"),  # left-to-right isolate
        ("Aki\x1b[2J", "U+001B"),  # an escape sequence
        ("Aki\u2028", "U+2028"),
        ("A\x00ki", "U+0000"),
    ],
    ids=["newline", "return", "rlo", "isolate", "escape", "line-separator", "nul"],
)
def test_a_player_name_that_is_not_one_line_of_plain_text_is_refused(cli: Cli, db: Path, name: str, shown: str) -> None:
    _refused(
        cli("new", "tensho", "-p", name, "-p", "Bob", "--id", "m-1"),
        f"player 0's name {name[:40]!r} holds the control character {shown}; a name is one line of plain text",
    )
    assert rows(db) == []


def test_a_recorder_name_that_is_not_plain_text_is_refused_from_the_option_and_from_json(cli: Cli, db: Path) -> None:
    _refused(cli("new", "tensho", "-p", "A", "-p", "B", "--by", "ref\x00"), "recorded_by 'ref\\x00' holds the control")
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1").code == 0
    before = rows(db)
    event = {"type": "annotation", "recorded_by": "ref\u202e", "payload": {"seq": 1, "kind": "note", "text": "x"}}
    _refused(cli("record", "m-1", stdin=json.dumps(event)), "holds the control character U+202E")
    assert rows(db) == before


def test_a_nul_in_a_note_is_refused_but_a_written_backslash_u_0000_is_text(cli: Cli, db: Path) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1").code == 0
    before = rows(db)
    nul = {"type": "annotation", "payload": {"seq": 1, "kind": "note", "text": "paid\u0000 300"}}
    _refused(cli("record", "m-1", stdin=json.dumps(nul)), "annotation holds a NUL character, which no store can keep")
    _refused(cli("note", "m-1", "1", "paid\x00 300"), "annotation holds a NUL character")
    _refused(cli("dispute", "m-1", "1", "x\x00"), "annotation holds a NUL character")
    assert rows(db) == before
    written = {"type": "annotation", "payload": {"seq": 1, "kind": "note", "text": "C:\\u0000 is a path"}}
    assert cli("record", "m-1", stdin=json.dumps(written)).code == 0
    assert cli("log", "m-1", "--json").json()[-1]["payload"]["text"] == "C:\\u0000 is a path"


@pytest.mark.postgres
def test_on_postgresql_the_same_refusals_and_nothing_written(cli: Cli, pg_url: str) -> None:
    _refused(cli("new", "tensho", "-p", "A\x00", "-p", "B", "--id", "m-1", "--db", pg_url), "U+0000")
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1", "--db", pg_url).code == 0
    _refused(cli("note", "m-1", "1", "x\x00", "--db", pg_url), "annotation holds a NUL character")
    assert len(cli("log", "m-1", "--json", "--db", pg_url).json()) == 1
    assert cli("verify", "--db", pg_url).code == 0


def test_a_time_that_is_not_a_real_time_is_refused(cli: Cli, db: Path) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1").code == 0
    before = rows(db)
    for when in ("9999-99-99T99:99:99Z", "2026-02-30T12:00:00Z", "2026-11-29T24:00:00Z"):
        event = {"type": "annotation", "recorded_at": when, "payload": {"seq": 1, "kind": "note", "text": "x"}}
        _refused(cli("record", "m-1", stdin=json.dumps(event)), f"recorded_at {when!r} is not a UTC time")
    assert rows(db) == before


def test_a_note_cannot_be_retracted_and_the_refusal_reads_as_english(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1").code == 0
    assert cli("note", "m-1", "1", "a note").code == 0
    _refused(
        cli("retract", "m-1", "2", "--reason", "mistake"),
        "cannot retract an annotation; record the voided event again, or add a note [match.retract.meta]",
    )
