"""Bad input to the served night answers in one line with its code, never 500: a name past 64
characters or holding a control character at the host's door, and a match whose honba passed
what a record once held (a hundred: the game has no such limit)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import Cli
from tests.serving import Server


def test_the_hosts_door_refuses_a_bad_name_in_one_line(cli: Cli, db: Path, secret: Path) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret)
    try:
        answers = [
            server.call("POST", "/api/host/nights", {"game": "tensho", "players": ["Aki", "B" * 65]}),
            server.call("POST", "/api/host/nights", {"game": "tensho", "players": ["Aki", "A\x1b[2J"]}),
            server.call("POST", "/api/host/nights", {"game": "tensho", "players": ["aki", "Chie"]}),
        ]
        listed = server.call("GET", "/api/host/nights")
    finally:
        said = server.stop()
    assert [(status, body["code"]) for status, body in answers] == [(422, "input.name")] * 3, answers  # the CLI's code
    assert answers[0][1]["error"] == "a player's name 'BBBBBBBBBBBBBBBBBBBB'... is 65 characters long; use at most 64"
    assert "U+001B" in answers[1][1]["error"]
    assert answers[2][1]["error"].startswith("'aki' looks like 'Aki', a player already recorded here")
    assert listed[1]["nights"] == []  # nothing stored
    assert "Traceback" not in said


def test_a_match_past_a_hundred_honba_goes_on_from_the_table(cli: Cli, db: Path, secret: Path) -> None:
    """Plant: honba bounded at 100 (its moves page answered 500 for ever, and no next hand could be
    recorded)."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "hon-1").code == 0
    assert cli("round", "hon-1", "--honba", "100").code == 0
    assert cli("result", "hon-1", "draw", "tenpai", "Aki").code == 0  # the dealer tenpai: renchan, honba 101
    server = Server(str(db), secret)
    try:
        status, offered = server.call("GET", "/api/matches/hon-1/moves")
    finally:
        server.stop()
    assert status == 200 and offered["moves"] == ["next"], offered
    assert cli("round", "hon-1").code == 0
    assert cli("replay", "hon-1", "--json").json()["round"]["honba"] == 101


def test_a_count_past_what_a_record_holds_is_said_not_an_internal_error(cli: Cli, db: Path, secret: Path) -> None:
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "hon-2").code == 0
    assert cli("round", "hon-2", "--honba", "1000000").code == 0
    assert cli("result", "hon-2", "draw", "tenpai", "Aki").code == 0
    server = Server(str(db), secret)
    try:
        status, offered = server.call("GET", "/api/matches/hon-2/moves")
        page = server.raw("GET", "/tables/hon-2")
    finally:
        server.stop()
    assert status == 200 and offered["moves"] == [], offered
    assert page[0] == 200
    refused = cli("round", "hon-2")
    assert refused.code == 2
    assert refused.err == (
        "taikyoku: error: the next hand cannot be recorded: honba is 1000001; it may be at most 1000000\n"
    )


def test_the_hosts_numbers_are_taken_as_sent_and_a_cancel_names_only_its_penalty(
    cli: Cli, db: Path, secret: Path
) -> None:
    """A penalty of `true` or "-5", a clock of "90" minutes: each refused in one line, nothing
    stored; a body with `cancels` and a penalty's fields refused, not taken as a silent cancel.
    Plants: lax bodies (true stored as +1 point, "-5" and "90" coerced); `cancels` read first."""
    four = [a for name in ("Aki", "Beni", "Chie", "Dai") for a in ("-p", name)]
    assert cli("night", "open", "riichi", *four, "--id", "night-b").code == 0
    assert cli("night", "seat", "night-b").code == 0
    assert cli("night", "penalty", "night-b", "Aki", "--points", "-5", "--reason", "late").code == 0
    [given] = cli("night", "show", "night-b", "--json").json()["penalties"]
    server = Server(str(db), secret)
    base = "/api/host/nights/night-b"
    try:
        answers = [
            server.call("POST", f"{base}/penalty", {"player": "Beni", "points": True, "reason": "slow"}),
            server.call("POST", f"{base}/penalty", {"player": "Beni", "points": "-5", "reason": "slow"}),
            server.call("POST", f"{base}/clock", {"minutes": "90"}),
            server.call(
                "POST", f"{base}/penalty", {"cancels": given["seq"], "player": "Chie", "points": -10, "reason": "rude"}
            ),
        ]
    finally:
        said = server.stop()
    number = "is a whole number, sent as a JSON number (not text, not true or false)"
    send = 'send {"expected_seq": N, ...} as /api/openapi.json describes'
    assert answers == [
        (422, {"error": f"points {number}; {send}", "code": "request.invalid"}),
        (422, {"error": f"points {number}; {send}", "code": "request.invalid"}),
        (422, {"error": f"minutes {number}; {send}", "code": "request.invalid"}),
        (422, {"error": 'a cancel names only the penalty it takes back ({"cancels": SEQ}); give a penalty (player, '
                        "points, reason) without cancels", "code": "input.invalid"}),
    ]  # fmt: skip
    sheet = cli("night", "show", "night-b", "--json").json()
    assert [(p["player"], p["points"]) for p in sheet["penalties"]] == [("Aki", -5)]  # nothing else stored
    assert sheet["clock"] is None
    assert "Traceback" not in said


def test_a_night_seats_the_sessions_it_was_opened_for(cli: Cli) -> None:
    """Plant: a night opened for 2 sessions seating a third (and a fifteenth)."""
    four = [a for name in ("Aki", "Beni", "Chie", "Dai") for a in ("-p", name)]
    assert cli("night", "open", "riichi", *four, "--sessions", "2", "--id", "night-2").code == 0
    assert cli("night", "seat", "night-2").code == 0
    assert cli("night", "seat", "night-2").code == 0
    third = cli("night", "seat", "night-2")
    assert (third.code, third.err) == (
        2, "taikyoku: error: night-2 was opened for 2 sessions, and every one is seated; close the night, or open "
           "another for more games\n",
    )  # fmt: skip
    assert len(cli("night", "show", "night-2", "--json").json()["sessions"]) == 2
