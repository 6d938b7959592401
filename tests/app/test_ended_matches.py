"""A player's page reads the whole league (their rating moves with everyone's; the achievements are
the season's): it is made from the league's ended matches kept in columns and each game's tally,
grown by each match that ends, not added up again from every digest. Real SQLite files; the
figures worked by hand from Tenhou's R and the achievements' definitions, and the grown page
checked against one made from nothing but the events."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from replay.app import kept_answers
from tests.helpers import Cli, copy_store

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
    copy_store(db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM read_models WHERE model = ?", [kept_answers.MODEL])
    page = Cli(copy, capsys)(*(asked if len(asked) > 1 else ("player", *asked)), "--json")
    assert page.code == 0, page.err
    return page.out


def _every_digest_says(db: Path, page: str, name: str) -> None:
    """``page`` (a player's page as ``--json`` printed it) is what every match's digest says,
    added up the way a page is when nothing is kept (``seasons.player``, each seat credited as
    its night says), but for where they sit tonight."""
    from replay.app import night_summaries, seasons, stats
    from store import EventStore

    with EventStore.open(str(db)) as store:
        nights = night_summaries.summaries(store)
        credits = {m: names for value in nights.values() for m, names in value["credits"].items()}
        expected = seasons.player(seasons.credited(stats.digests(store), credits), name)
    shown = json.loads(page)
    del shown["tonight"]
    assert shown == json.loads(json.dumps(expected))


def _every_digest_says_of(db: Path, page: str, person: str) -> None:
    """``page`` (a person's page as ``--json`` printed it) is what every match's digest says, each
    seat read as the person it is at its match's club (``persons.as_persons``), but for their place
    in the league's ranking."""
    from replay.app import persons, seasons, stats
    from replay.app.application import Application
    from store import EventStore

    league = Application(str(db)).league()
    with EventStore.open(str(db)) as store:
        digests = stats.digests(store)
    renamed, shown = persons.as_persons(league, digests)
    expected = persons.page_of(league, person, seasons.player(renamed, persons.key_of(person)), shown,
                               {d["match_id"]: league.owner(d["match_id"]) for d in digests})  # fmt: skip
    found = json.loads(page)
    del found["ranking"]
    assert found == json.loads(json.dumps(expected))


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
    for name in FOUR:
        _every_digest_says(db, cli("player", name, "--json").out, name)
    # Three more begun, and ended out of their order before a page is asked: each goes where its
    # start puts it, the two begun first before m-y.
    for match in ("m-1", "m-2", "m-3"):
        _begun(cli, match, FOUR)
    _ended(cli, "m-3", "S")
    assert [m["match_id"] for m in cli("player", "Bob", "--json").json()["matches"]] == ["m-x", "m-y", "m-3"]
    for match in ("m-2", "m-1"):
        _ended(cli, match, "E")
    bob = cli("player", "Bob", "--json")
    assert [m["match_id"] for m in bob.json()["matches"]] == ["m-x", "m-y", "m-1", "m-2", "m-3"]
    assert kept_answers.MADE["ended matches"] == made + 2  # (the copy's made its own)
    for name in FOUR:
        _every_digest_says(db, cli("player", name, "--json").out, name)


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
    nobody = cli("player", "Zed", "--json")  # a name no ended match has: one line, nothing made up
    assert (nobody.code, nobody.out, nobody.err.count("\n")) == (2, "", 1) and "'Zed'" in nobody.err
    bob = cli("player", "Bob", "--json")
    held = [(a["achievement"], a["players"]) for a in bob.json()["games"]["tensho"]["achievements"]]
    assert held == [("Most Rounds Won", ["Bob"]), ("Catch Them All", ["Bob"])]
    assert bob.out == _from_the_events(db, tmp_path, capsys, "Bob")  # his rounds won over the three, not t-3's
    for name in FOUR:  # Cy and Dee played riichi alone: the game after one they did not play
        _every_digest_says(db, cli("player", name, "--json").out, name)
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
    for person in ("p1", "p2", "p6"):  # Aki; Beni, of Kyoto alone; Eri, of Osaka alone
        _every_digest_says_of(db, cli("league", "player", person, "--json").out, person)
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
    for person in ("p1", "p2"):  # m-free's players at no club held nothing of Kyoto's before
        _every_digest_says_of(db, cli("league", "player", person, "--json").out, person)
    # Zoë plays one game of tensho (a game after riichi in the kept matches) with Beni, at Kyoto:
    # her page has that game alone.
    done = cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "t-z", "-p", "Beni", "-p", "Zoë")
    assert done.code == 0, done.err
    Application(str(db)).claim("kyoto", ["t-z"])
    assert cli("league", "person", "Zoë", "--club", "kyoto", "--json").json()["person"] == "p9"
    zoe = cli("league", "player", "p9", "--json")
    assert [(m["match_id"], m["game"]) for m in zoe.json()["matches"]] == [("t-z", "tensho")]
    _every_digest_says_of(db, zoe.out, "p9")
    # Osaka's next night hides its results from the room: the person's page the room sees leaves
    # its table out (added up again from every digest without it); the host's shows it.
    four = ["Aki T.", "Eri", "Fumi", "Gen"]
    assert cli("night", "open", "riichi", *[a for p in four for a in ("-p", p)], "--club", "osaka", "--id",
               "night-osaka-3", "--seed", "1").code == 0  # fmt: skip
    assert cli("night", "seat", "night-osaka-3").code == 0
    app = Application(str(db))
    app.hide_results("night-osaka-3", 1)
    _ended(cli, "night-osaka-3-t1", "E")
    before = ["night-kyoto-1-t1", "night-kyoto-2-t1", "night-osaka-1-t1", "night-osaka-2-t1", "m-free"]
    public = app.person_page("p1", public=True)
    assert [m["match_id"] for m in public["matches"]] == before and public["games"]["riichi"]["games"] == 5
    host = app.person_page("p1")
    assert [m["match_id"] for m in host["matches"]] == [*before, "night-osaka-3-t1"]
    assert [(m["club"], m["players"]) for m in public["matches"]][2] == ("osaka", ["Aki", "Eri", "Fumi", "Gen"])


def test_a_substitutes_seat_counts_for_whom_the_night_says_once_the_match_ends(cli: Cli, db: Path) -> None:
    """Dee leaves a night's table, and Sub finishes it for himself (``--counts-for substitute``):
    the kept matches, grown by the substitution and then the end, count North's seat (4th, the
    mangan paid) as Sub's, not Dee's. Plants: the night's credits not read when it moves; a new
    match counted to the names its start gave."""
    _begun(cli, "m-0", FOUR)
    _ended(cli, "m-0", "E")
    assert [m["match_id"] for m in cli("player", "Dee", "--json").json()["matches"]] == ["m-0"]
    made = kept_answers.MADE["ended matches"]
    opened = cli("night", "open", "riichi", *[a for p in FOUR for a in ("-p", p)], "--id", "night-s", "--seed", "1")
    assert opened.code == 0, opened.err
    assert cli("night", "seat", "night-s", "--json").json()["sessions"][0]["tables"][0]["players"] == FOUR
    subbed = cli("night", "substitute", "night-s", "night-s-t1", "Dee", "Sub", "--reason", "ill",
                 "--counts-for", "substitute")  # fmt: skip
    assert subbed.code == 0, subbed.err
    _ended(cli, "night-s-t1", "S")
    sub = cli("player", "Sub", "--json")
    assert [(m["match_id"], m["place"], m["players"]) for m in sub.json()["matches"]] == [
        ("night-s-t1", 4, ["Ann", "Bob", "Cy", "Sub"])]  # fmt: skip
    assert [m["match_id"] for m in cli("player", "Dee", "--json").json()["matches"]] == ["m-0"]
    assert kept_answers.MADE["ended matches"] == made
    for name in [*FOUR, "Sub"]:
        _every_digest_says(db, cli("player", name, "--json").out, name)
    # The night's results hidden from the room: Ann's page as the room sees it leaves the table
    # out (added up again from every digest, each seat still credited as the night says).
    from replay.app.application import Application

    app = Application(str(db))
    app.hide_results("night-s", 1)
    assert [m["match_id"] for m in app.player_page("Ann", public=True)["matches"]] == ["m-0"]
    assert [m["match_id"] for m in app.player_page("Ann")["matches"]] == ["m-0", "night-s-t1"]
