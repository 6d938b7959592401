"""A player's page reads the whole league (their rating moves with everyone's; the achievements are
the season's): it is made from the league's ended matches kept in columns and each game's tally,
grown by each match that ends, not added up again from every digest. Real SQLite files; the
figures worked by hand from Tenhou's R and the achievements' definitions, and the grown page
checked against one made from nothing but the events."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from replay.app import kept_answers
from tests.helpers import Cli

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def _begun(cli: Cli, match: str, players: list[str]) -> None:
    assert cli("new", "riichi", *[a for p in players for a in ("-p", p)], "--id", match).code == 0


def _ended(cli: Cli, match: str, winner: str) -> None:
    """The first hand ends the match: ``winner`` (E, the dealer, or S) takes a mangan from North,
    who falls below zero."""
    assert cli("round", match, "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    done = cli("result", match, "ron", winner, "mangan", "from", "N")
    assert done.code == 0, done.err


def _from_the_events(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], *asked: str) -> str:
    """The page as a copy of the store with no kept answer makes it: from every match's digest."""
    copy = tmp_path / "copy.db"
    shutil.copy(db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM read_models WHERE model = ?", [kept_answers.MODEL])
    page = Cli(copy, capsys)(*(asked if len(asked) > 1 else ("player", *asked)), "--json")
    assert page.code == 0, page.err
    return page.out


def test_a_match_begun_earlier_and_ended_later_is_rated_where_it_began(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """m-x begins, then m-y; m-y ends first and the pages are asked; then m-x ends. Tenhou's R rates
    in the order the matches began: m-x (Ann the dealer's mangan from Dee: Ann 1st, Cy 30,000 2nd,
    Bob 29,000 3rd, Dee 4th), everyone at 1500: +30, -10, +10, -30. Then m-y (Cy's mangan from
    Ann, seated Dee, Cy, Bob, Ann: Cy 1st, Dee 2nd, Bob 3rd, Ann 4th): the table's average is 1500,
    Ann's adjustment 1 - 0.002 = 0.998, her change 0.998 x (-30 + (1500 - 1530) / 40) = -30.6885:
    1499.31. Ended matches added in the order they end would rate m-y first (Ann 1470, then
    +30.69: 1500.69). Plants: m-x added after m-y; the kept matches made again for each match
    ended (the count); a game's tally not grown (Best Dealer and Dee's share of Brave Sapper
    missing)."""
    _begun(cli, "m-x", FOUR)
    _begun(cli, "m-y", ["Dee", "Cy", "Bob", "Ann"])
    _ended(cli, "m-y", "S")
    made = kept_answers.MADE["ended matches"]
    before = cli("player", "Ann", "--json").json()["games"]["riichi"]
    assert [(r["match_id"], r["rating"], r["change"]) for r in before["rating"]] == [("m-y", 1470.0, -30.0)]
    assert [(a["achievement"], a["players"]) for a in before["achievements"] if a["achievement"] == "Brave Sapper"] \
        == [("Brave Sapper", ["Ann"])]  # fmt: skip
    assert kept_answers.MADE["ended matches"] == made + 1
    _ended(cli, "m-x", "E")
    page = cli("player", "Ann", "--json")
    assert kept_answers.MADE["ended matches"] == made + 1, "grown by m-x, not made again"
    riichi = page.json()["games"]["riichi"]
    assert [(r["match_id"], r["rating"], r["change"]) for r in riichi["rating"]] == [
        ("m-x", 1530.0, 30.0), ("m-y", 1499.31, -30.69),
    ]  # fmt: skip
    assert [m["match_id"] for m in page.json()["matches"]] == ["m-x", "m-y"]
    held = {a["achievement"]: (a["value"], a["players"]) for a in riichi["achievements"]}
    assert held["Brave Sapper"] == (1, ["Ann", "Dee"])  # each dealt in once: Dee in m-x, Ann in m-y
    assert held["Best Dealer"] == (1, ["Ann"])  # her win in m-x, as dealer
    dee = cli("player", "Dee", "--json").json()["games"]["riichi"]["rating"]
    # Dee: m-x 4th, 1470; m-y 2nd: 0.998 x (10 + (1500 - 1470) / 40) = 10.7285, 1480.73.
    assert [(r["rating"], r["change"]) for r in dee] == [(1470.0, -30.0), (1480.73, 10.73)]
    assert page.out == _from_the_events(db, tmp_path, capsys, "Ann")


def test_the_kept_matches_are_made_again_after_a_retract_and_grow_in_every_game(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A retract may take back an end: the kept matches are made again (Ann's page loses m-2). A
    hanafuda game's tally (rounds won, kinds of yaku) grows as riichi's does: the page, grown
    past a second game's matches, is the page made from the events. Plants: a retract read as a
    match ended (m-2 still shown); hanafuda's tally not added to the kept one."""
    for match, seed in (("t-1", 1), ("t-2", 2)):
        done = cli("simulate", "tensho", "--seed", str(seed), "--rounds", "2", "--id", match, "-p", "Ann", "-p", "Bob")
        assert done.code == 0, done.err
    made = kept_answers.MADE["ended matches"]
    assert [m["match_id"] for m in cli("player", "Ann", "--json").json()["matches"]] == ["t-1", "t-2"]
    done = cli("simulate", "tensho", "--seed", "3", "--rounds", "2", "--id", "t-3", "-p", "Bob", "-p", "Ann")
    assert done.code == 0, done.err
    _begun(cli, "m-1", FOUR)
    _ended(cli, "m-1", "E")
    grown = cli("player", "Ann", "--json")
    assert [m["match_id"] for m in grown.json()["matches"]] == ["t-1", "t-2", "t-3", "m-1"]
    assert kept_answers.MADE["ended matches"] == made + 1
    assert grown.out == _from_the_events(db, tmp_path, capsys, "Ann")
    bob = cli("player", "Bob", "--json")
    held = [(a["achievement"], a["players"]) for a in bob.json()["games"]["tensho"]["achievements"]]
    assert held == [("Most Rounds Won", ["Bob"]), ("Catch Them All", ["Bob"])]
    assert bob.out == _from_the_events(db, tmp_path, capsys, "Bob")  # his rounds won over the three, not t-3's
    last = cli("log", "m-1", "--json").json()[-1]
    assert cli("retract", "m-1", str(last["seq"]), "--reason", "scored wrong").code == 0
    made = kept_answers.MADE["ended matches"]  # (the copy's page made its own)
    after = cli("player", "Ann", "--json").json()
    assert [m["match_id"] for m in after["matches"]] == ["t-1", "t-2", "t-3"]
    assert kept_answers.MADE["ended matches"] == made + 1


def test_a_persons_page_rates_them_once_across_the_clubs_and_grows_with_their_next_match(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aki plays at Kyoto twice, and at Osaka as "Aki T."; the two records merged, his rating over
    time is one player's across the clubs. Kyoto 1 (Beni's mangan from Dai: Aki 2nd), everyone at
    1500: +10, 1510. Kyoto 2 (Aki, the dealer, 1st): ratings Aki 1510, Beni 1530, Chie 1490, Dai
    1470, average 1500; 0.998 x (30 + (1500 - 1510) / 40) = 29.6905: 1539.69. Osaka 1 (Aki T., the
    dealer, 1st, against three at 1500): average 1509.922625; 0.996 x (30 + (1509.922625 -
    1539.6905) / 40) = 29.13878: 1568.83 (apart, Aki T. would start at 1500). His next match at
    Osaka grows the kept matches; the page is the one made from the events. Plants: the seats read
    by the name alone (Aki T. a player of his own); the tallies by name, not by the person at each
    club; the kept matches made again for a night opened, a match ended or a night closed; a claim
    of a match that was there read as one begun since (m-free not Aki's)."""
    from replay.app.application import Application
    from tests.league.test_league_ranking import _night, _two_clubs_three_nights

    _two_clubs_three_nights(cli)
    assert cli("league", "adopt", "--json").json()["made"] == ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]
    assert cli("league", "merge", "p1", "p5", "--reason", "the same man").code == 0
    made = kept_answers.MADE["ended matches"]
    page = cli("league", "player", "p1", "--json").json()
    assert [(r["match_id"], r["rating"], r["change"]) for r in page["games"]["riichi"]["rating"]] == [
        ("night-kyoto-1-t1", 1510.0, 10.0), ("night-kyoto-2-t1", 1539.69, 29.69),
        ("night-osaka-1-t1", 1568.83, 29.14),
    ]  # fmt: skip
    held = {a["achievement"]: (a["value"], a["players"]) for a in page["games"]["riichi"]["achievements"]}
    assert held["Best Dealer"] == (2, ["Aki"])  # his dealer's wins at both clubs, one person's
    _night(cli, "osaka", "night-osaka-2", ["Aki T.", "Eri", "Fumi", "Gen"], "S")
    grown = cli("league", "player", "p1", "--json")
    assert kept_answers.MADE["ended matches"] == made + 1, "grown by the night and its table, not made again"
    assert [m["match_id"] for m in grown.json()["matches"]][-1] == "night-osaka-2-t1"
    assert grown.out == _from_the_events(db, tmp_path, capsys, "league", "player", "p1")
    # A match played with no club ("Aki" there is no record's name), then claimed for Kyoto: now
    # Kyoto's Aki's. The kept matches say each match's club: made again.
    _begun(cli, "m-free", ["Aki", "Beni", "Chie", "Dai"])
    _ended(cli, "m-free", "E")
    assert "m-free" not in [m["match_id"] for m in cli("league", "player", "p1", "--json").json()["matches"]]
    made = kept_answers.MADE["ended matches"]
    Application(str(db)).claim("kyoto", ["m-free"])
    claimed = cli("league", "player", "p1", "--json").json()
    assert [(m["match_id"], m["club"], m["place"]) for m in claimed["matches"]][-1] == ("m-free", "kyoto", 1)
    assert kept_answers.MADE["ended matches"] == made + 1
