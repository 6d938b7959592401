"""A referee's penalties on a club night: given with points and why (at a table or not), counted in
the night's standings and on the room's screen, and taken back; the night's fold refuses one it
cannot hold. From the command line and from the host's page in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import host_and_room

FOUR = ["Aki", "Beni", "Chie", "Dai"]


def _night(cli: Cli) -> tuple[str, list[str]]:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-p").code == 0
    table = cli("night", "seat", "night-p", "--json").json()["sessions"][0]["tables"][0]
    seats = table["players"]
    # Seat 1 takes a mangan (8,000) from seat 3: 26,000, 37,000, 30,000, 7,000; the match plays on.
    assert cli("round", table["match_id"], "--scores", "26000,29000,30000,15000", "--dealer", "0").code == 0
    assert cli("result", table["match_id"], "ron", "S", "mangan", "from", "N").code == 0
    return str(table["match_id"]), list(seats)


def test_a_penalty_counts_in_the_nights_standings_until_it_is_taken_back(cli: Cli) -> None:
    """Plant: the penalty kept beside the standings, not in them."""
    match, seats = _night(cli)
    # In play after one hand: seat 1 37,000, seat 2 30,000, seat 0 26,000, seat 3 7,000 (30,000
    # returned, oka 20 to first, uma 20/10/-10/-20): +47.0, +10.0, -14.0, -43.0.
    before = {r["player"]: r["shown"] for r in cli("night", "show", "night-p", "--json").json()["standings"]["riichi"]}
    assert before == {seats[1]: "+47.0", seats[2]: "+10.0", seats[0]: "-14.0", seats[3]: "-43.0"}
    given = cli("night", "penalty", "night-p", seats[1], "--points", "-60", "--reason", "a mobile phone at the table",
                "--table", match, "--json")  # fmt: skip
    assert given.code == 0, given.err
    sheet = given.json()
    rows = {r["player"]: r["shown"] for r in sheet["standings"]["riichi"]}
    assert rows == {seats[1]: "-13.0", seats[2]: "+10.0", seats[0]: "-14.0", seats[3]: "-43.0"}
    assert [r["player"] for r in sheet["standings"]["riichi"]][:2] == [seats[2], seats[1]]  # Beni falls to second
    (penalty,) = sheet["penalties"]
    assert (penalty["player"], penalty["points"], penalty["reason"], penalty["match_id"]) == (
        seats[1], -60, "a mobile phone at the table", match)  # fmt: skip
    shown = cli("night", "show", "night-p").out
    assert f"penalty (seq {penalty['seq']}): {seats[1]} -60 at {match}" in shown
    assert f"2. {seats[1]} * -13.0 (1 table)" in shown  # one table: said as one (* while it plays on)
    back = cli("night", "cancel-penalty", "night-p", str(penalty["seq"]), "--json").json()
    assert {r["player"]: r["shown"] for r in back["standings"]["riichi"]} == before and back["penalties"] == []
    for args, said in (
        (("penalty", "night-p", "Nobody", "--points", "-5", "--reason", "x"), "Nobody is not a player of this night"),
        (
            ("penalty", "night-p", seats[0], "--points", "0", "--reason", "x"),
            "a penalty is -1000 to 1000 points, and not 0",
        ),
        (("penalty", "night-p", seats[0], "--points", "-5", "--reason", " "), "say why the penalty is given"),
        (("cancel-penalty", "night-p", str(penalty["seq"])), f"no penalty at seq {penalty['seq']} to take back"),
    ):
        refused = cli("night", *args)
        assert refused.code == 2 and said in refused.err and refused.err.count("\n") == 1, refused.err


def test_a_penalty_counts_in_the_season_and_only_in_its_nights_game(cli: Cli) -> None:
    """The night's table ends by a bust: seat 1 rons seat 3's 5,000 for a mangan (8,000): 26,000,
    47,000, 30,000, -3,000 (Tenhou: 30,000 returned, oka +20 to first, uma +20/+10/-10/-20): +57.0,
    +10.0, -14.0, -53.0. Seat 1's -60 for a phone at the table makes it -3.0 in the season: seat 2
    leads. A koi-koi match played beside it the same night gets nothing of it on the room's screen.
    Plants: the season reading only the matches; a night's penalty added to every game's standing."""
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-s").code == 0
    table = cli("night", "seat", "night-s", "--json").json()["sessions"][0]["tables"][0]
    match, seats = table["match_id"], table["players"]
    assert cli("round", match, "--scores", "26000,39000,30000,5000", "--dealer", "0").code == 0
    assert cli("result", match, "ron", "S", "mangan", "from", "N").code == 0
    assert cli("night", "penalty", "night-s", seats[1], "--points", "-60", "--reason", "a phone at the table").code == 0
    standings = cli("season", "--json").json()["standings"]
    assert [(r["player"], r["total"], r["penalties"]) for r in standings] == [
        (seats[2], 10.0, 0), (seats[1], -3.0, -60), (seats[0], -14.0, 0), (seats[3], -53.0, 0)]  # fmt: skip
    shown = cli("season").out
    assert f"2. {seats[1]}: -3.0 over 1 games, average place 1.0, rating 1530, penalties -60" in shown
    assert cli("new", "koikoi", "-p", seats[1], "-p", "Eri", "--id", "koi-s").code == 0
    assert cli("round", "koi-s").code == 0
    assert (
        cli("result", "koi-s", "pine-poetry", "plum-poetry", "cherry-poetry", "/", "plum-chaff-1", "stop", "0").code
        == 0
    )
    from replay.app.application import Application

    room = Application(str(cli.db)).room()["standings"]
    assert [(r["player"], r["total"]) for r in room["Koi-koi"]] == [(seats[1], 5), ("Eri", -5)]


def test_the_referee_gives_and_takes_back_a_penalty_from_the_host_page(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    _, seats = _night(cli)
    with host_and_room(browser, db, secret) as (host, room, _server):
        room.wait_for_selector(f'#standings tr[data-player="{seats[1]}"]:has-text("+47.0")')
        host.wait_for_selector("#penalty-player option", state="attached")
        host.select_option("#penalty-player", seats[1])
        host.fill("#penalty-points", "-60")
        host.fill("#penalty-reason", "a mobile phone at the table")
        host.click("#penalty-give")
        assert "tap again" in host.inner_text("#penalty-give")
        host.click("#penalty-give")
        host.wait_for_selector("[data-penalty]")
        room.wait_for_selector(f'#standings tr[data-player="{seats[1]}"]:has-text("-13.0")')  # the room's too
        host.click("[data-cancel-penalty]")
        host.click("[data-cancel-penalty]")
        host.wait_for_selector("[data-penalty]", state="detached")
        room.wait_for_selector(f'#standings tr[data-player="{seats[1]}"]:has-text("+47.0")')


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"cancels": 2, "player": "Aki"}, "night.penalty.cancel"),
        ({"player": "Aki", "points": -5}, "night.penalty.incomplete"),
    ],
)
def test_the_nights_fold_refuses_a_penalty_it_cannot_hold(fields: dict[str, Any], code: str) -> None:
    from events.match import MatchLength, Ruleset
    from events.night import NightOpened, NightPenalty, NightPlayers
    from replay.app import nights
    from replay.engine.fold import IllegalEvent, Step

    opened = NightOpened(game="tensho", ruleset=Ruleset(id="tensho-standard", options={}), per_table=2,
                         length=MatchLength(unit="rounds", count=1), seed=1, sessions=1, title="t")  # fmt: skip
    night = nights.Night(night_id="night-x")
    for seq, event in enumerate((opened, NightPlayers(players=("Aki", "Beni"))), 1):
        night = nights.apply(night, Step(seq, event.EVENT_TYPE, event))
    wrong = NightPenalty(**fields)
    with pytest.raises(IllegalEvent) as refused:
        nights.apply(night, Step(3, wrong.EVENT_TYPE, wrong))
    assert refused.value.code == code
