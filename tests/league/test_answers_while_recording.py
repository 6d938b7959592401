"""A league's kept answers while its clubs record, on a real PostgreSQL server: a club's season, a
player's page, the league's ranking and a person's page are read back while what is stored does not
touch what they read (a move at a table still playing, anything at another club's tables, a name
said of a player for the pages that read none), and made again the moment it does (a match ended, a
night closed, a retract, the league's stream for the answers that read it), with the figures the
new events give, worked by hand and written as literals."""

from __future__ import annotations

import pytest

from replay.app import kept_answers
from replay.app.application import Application
from tests.helpers import Cli
from tests.league.test_league_ranking import _night

pytestmark = pytest.mark.postgres

ASKED = {
    "season": ("season", "--game", "riichi", "--club", "kyoto", "--json"),
    "osaka": ("season", "--game", "riichi", "--club", "osaka", "--json"),
    "player": ("player", "Aki", "--json"),
    "league ranking": ("league", "ranking", "--game", "riichi", "--json"),
    "person": ("league", "player", "p1", "--json"),
}


def _ask(cli: Cli) -> tuple[dict[str, str], dict[str, int]]:
    """Every answer's text, and how many of each kind were made (not read back) to give them."""
    before = dict(kept_answers.MADE)
    found = {}
    for what, argv in ASKED.items():
        done = cli(*argv)
        assert done.code == 0, done.err
        found[what] = done.out
    made = {k: kept_answers.MADE[k] - before.get(k, 0) for k in ("season", "player", "league ranking", "person")}
    return found, {k: n for k, n in made.items() if n}


def test_answers_are_read_back_while_the_league_records_elsewhere_and_made_again_when_touched(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plants: an answer read back past any change at all (the Osaka season of one match after its
    second ended; the ranking without the night just closed); a page read back after a retract
    (its match's end taken back); a night's close read as seating; a player's page read back when
    the hand at their own table tonight moves; an answer made again for a move at a table still
    playing, for a claim of a stream begun since, or for a key (the counts of answers made); a claim
    of a stream that was there read as one begun since (Kyoto's season without m-free)."""
    cli = Cli(pg_url, capsys)
    assert cli("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert cli("club", "add", "osaka", "--name", "Osaka Bay").code == 0
    _night(cli, "kyoto", "night-kyoto-1", ["Aki", "Beni", "Chie", "Dai"], "S")
    _night(cli, "osaka", "night-osaka-1", ["Eri", "Fumi", "Gen", "Hana"], "E")
    # A match with no club: Beni's mangan from Dai ends it, as at Kyoto 1.
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "m-free").code == 0
    assert cli("round", "m-free", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "m-free", "ron", "S", "mangan", "from", "N").code == 0
    assert cli("league", "adopt", "--json").json()["made"] == ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]
    first, made = _ask(cli)
    assert made == {"season": 2, "player": 1, "league ranking": 1, "person": 1}

    assert cli("player", "Eri", "--json").json()["tonight"] == []
    # Osaka opens a second night (claimed for Osaka in the league's stream) and makes a key: Eri's
    # page says where she plays tonight; nothing else moves.
    opened = cli("night", "open", "riichi", *[a for p in ("Eri", "Fumi", "Gen", "Hana") for a in ("-p", p)],
                 "--club", "osaka", "--id", "night-osaka-2", "--seed", "1")  # fmt: skip
    assert opened.code == 0, opened.err
    assert cli("club", "key", "osaka", "--role", "referee").code == 0
    claimed, made = _ask(cli)
    assert made == {} and claimed == first  # a claim of a stream begun since: nothing any of these read
    unseated = cli("player", "Eri", "--json").json()["tonight"]  # a night she is of, opened
    assert [(t["night_id"], t["table"]) for t in unseated] == [("night-osaka-2", None)]
    # Eri said absent, then present again, before the seating: her page follows each.
    assert cli("night", "players", "night-osaka-2", "-p", "Fumi", "-p", "Gen", "-p", "Hana", "-p", "Ivo").code == 0
    assert cli("player", "Eri", "--json").json()["tonight"] == []
    assert cli("night", "players", "night-osaka-2", "-p", "Eri", "-p", "Fumi", "-p", "Gen", "-p", "Hana").code == 0
    assert [t["night_id"] for t in cli("player", "Eri", "--json").json()["tonight"]] == ["night-osaka-2"]
    said, made = _ask(cli)  # Aki was never of it: his page is read back
    assert made == {} and said == first
    # It is seated and its table plays its first hand: nothing any answer reads.
    seated = cli("night", "seat", "night-osaka-2", "--json").json()
    assert seated["sessions"][0]["tables"][0]["players"] == ["Eri", "Fumi", "Gen", "Hana"]
    seated_eri = cli("player", "Eri", "--json").json()["tonight"]
    assert cli("round", "night-osaka-2-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    again, made = _ask(cli)
    assert again == first and made == {}
    # Eri's own page reads where she sits tonight: her table's hand moves it.
    tonight = cli("player", "Eri", "--json").json()["tonight"]
    assert [(t["table"]["match_id"], t["place"], t["of"]) for t in seated_eri] == [("night-osaka-2-t1", None, 0)]
    assert [(t["table"]["match_id"], t["place"], t["of"]) for t in tonight] == [("night-osaka-2-t1", 1, 4)]  # 34,000

    # The hand ends the match (North below zero): Fumi's mangan (37,000); Eri 34,000; Gen 30,000;
    # Hana -1,000. A match ended: the seasons that read Osaka's tables and the pages that rate every
    # match are made again; Kyoto's season and the ranking (the night is open) are read back.
    assert cli("result", "night-osaka-2-t1", "ron", "S", "mangan", "from", "N").code == 0
    ended, made = _ask(cli)
    assert made == {"season": 1, "player": 1, "person": 1}
    assert ended["season"] == first["season"] and ended["league ranking"] == first["league ranking"]
    osaka = cli(*ASKED["osaka"]).json()
    assert osaka["matches"] == 2
    assert sorted((r["player"], r["games"], r["places"]) for r in osaka["standings"]) == [
        ("Eri", 2, {"1": 1, "2": 1}), ("Fumi", 2, {"1": 1, "3": 1}), ("Gen", 2, {"2": 1, "3": 1}),
        ("Hana", 2, {"4": 2}),
    ]  # fmt: skip

    # The night closes: the ranking reads it now. Base ranks at Osaka 1 and 2: Eri 1000 and 667:
    # A = 1667/5 = 333.4, B = 1667/4 = 416.75, 375.075 shown 375.08; Fumi 333 and 1000: 266.6 and
    # 333.25, 299.93; Gen 667 and 333: 200 and 250, 225.00; Hana 0 and 0. Kyoto's players have one
    # result each: unranked.
    assert cli("night", "close", "night-osaka-2").code == 0
    closed, made = _ask(cli)
    assert made == {"season": 1, "league ranking": 1, "player": 1, "person": 1}  # Osaka's season, not Kyoto's
    assert closed["season"] == first["season"]
    ranked = cli(*ASKED["league ranking"]).json()["players"]
    assert [(r["place"], r["player"], r["figure"], len(r["events"])) for r in ranked][:5] == [
        (1, "Eri", "375.08", 2), (2, "Fumi", "299.93", 2), (3, "Gen", "225.00", 2), (4, "Hana", "0.00", 2),
        (None, "Aki", None, 1),
    ]  # fmt: skip

    # A name said of Aki: the person's page reads his names; the ranking reads a name only where a
    # ranked result bears it (no table has seen "Aki Tanaka"); the seasons and the page by the
    # typed name do not.
    assert cli("league", "name", "p1", "Aki Tanaka").code == 0
    named, made = _ask(cli)
    assert made == {"person": 1}
    assert named["player"] == closed["player"] and named["osaka"] == closed["osaka"]
    assert named["league ranking"] == closed["league ranking"]

    # A retract at the closed night's table (its end taken back): the ranking reads that table.
    last = cli("log", "night-osaka-2-t1", "--json").json()[-1]
    assert cli("retract", "night-osaka-2-t1", str(last["seq"]), "--reason", "scored wrong").code == 0
    _, made = _ask(cli)
    assert made == {"season": 1, "league ranking": 1, "player": 1, "person": 1}

    # A match played before, with no club, claimed for Kyoto (its history moved into the club): the
    # seasons (whose streams the clubs hold), the ranking and the person's page read the claims of
    # streams that were there; the page by the typed name does not.
    Application(pg_url).claim("kyoto", ["m-free"])
    _, made = _ask(cli)
    assert made == {"season": 2, "league ranking": 1, "person": 1}
    assert cli(*ASKED["season"]).json()["matches"] == 2
