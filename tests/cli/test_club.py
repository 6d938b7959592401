"""The club's commands on a real store: a night opened, seated and shown (JSON and CSV); an EMA match
recorded by declared results to its end; the season's standings, a player's page and the CSV of
each, with the figures worked out by hand."""

from __future__ import annotations

import csv
import io

from tests.helpers import Cli

NAMES = ("Aki", "Beni", "Chie", "Dai")


def record_an_ema_match(cli: Cli, match: str = "ema-1") -> None:
    """Eight hands, each a non-dealer's ron so the deal passes: in hand 1 (Aki deals) Beni rons
    Chie for a mangan (8,000); in each of the others the player after the dealer rons the one
    after him for 1 han 30 fu (1,000). Over the eight hands everyone wins two and pays two of those
    1,000s, so the mangan alone moves the scores: Aki 30,000, Beni 37,000, Chie 23,000, Dai 30,000."""
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--ruleset", "ema2016", "--id", match).code == 0
    for hand in range(8):
        dealer = hand % 4
        winner, loser = NAMES[(dealer + 1) % 4], NAMES[(dealer + 2) % 4]
        value = "mangan" if hand == 0 else "1han30fu"
        done = cli("result", match, "ron", winner, value, "from", loser)
        assert done.code == 0, done.err


def test_the_season_and_a_players_page_after_an_ema_match(cli: Cli) -> None:
    """Aki and Dai level at 30,000 share second place under EMA, and split its uma with third's:
    (5 - 5) / 2 = 0.0 each. No oka, uma 15/5/-5/-15, every hundred kept: Beni 37,000 -> 7.0 + 15 =
    +22.0, Chie 23,000 -> -7.0 - 15 = -22.0. Tenhou's R from 1500 with no games: +30 and -30 for first
    and last, the tied pair sharing +10 and -10: 0 each."""
    record_an_ema_match(cli)
    final = cli("replay", "ema-1", "--json").json()
    assert final["complete"] is True and final["results"][-1]["scores"] == [30000, 37000, 23000, 30000]
    assert final["final"]["ranks"] == [2, 1, 4, 2]
    found = cli("season", "--game", "riichi", "--json").json()
    assert [(r["rank"], r["player"], str(r["total"]), r["rating"]) for r in found["standings"]] == [
        (1, "Beni", "22.0", 1530), (2, "Aki", "0.0", 1500), (3, "Dai", "0.0", 1500), (4, "Chie", "-22.0", 1470),
    ]  # fmt: skip
    unranked = cli("season", "--game", "riichi", "--min-games", "2", "--json").json()
    assert [r["rank"] for r in unranked["standings"]] == [None] * 4
    rows = list(csv.DictReader(io.StringIO(cli("season", "--csv").out)))
    assert [(r["rank"], r["player"], r["total"], r["place_1"]) for r in rows[:1]] == [("1", "Beni", "22.0", "1")]
    page = cli("player", "Chie", "--json").json()
    assert [(m["match_id"], m["place"], str(m["result"])) for m in page["matches"]] == [("ema-1", 4, "-22.0")]
    assert [r["rating"] for r in page["games"]["riichi"]["rating"]] == [1470]
    assert "ema-1" in cli("player", "Chie", "--csv").out
    missing = cli("player", "Nobody")
    assert missing.code == 2 and missing.err.startswith("taikyoku: error: no ended match of 'Nobody'")
    assert cli("season", "--since", "December").code == 2


def test_a_night_from_the_command_line(cli: Cli) -> None:
    players = [a for n in (*NAMES, "Eri", "Fumi", "Gen", "Hana") for a in ("-p", n)]
    opened = cli("night", "open", "riichi", *players, "--sessions", "2", "--seed", "9", "--id", "night-club")
    assert opened.code == 0 and opened.out.strip() == "night-club"
    seated = cli("night", "seat", "night-club", "--json").json()
    tables = seated["sessions"][0]["tables"]
    assert [t["match_id"] for t in tables] == ["night-club-t1", "night-club-t2"]
    first = tables[0]["players"]
    assert cli("result", "night-club-t1", "ron", first[1], "mangan", "from", first[2]).code == 0
    shown = cli("night", "show", "night-club", "--json").json()
    assert shown["sessions"][0]["tables"][0]["scores"] == [25000, 33000, 17000, 25000]
    assert shown["standings"]["riichi"][0]["player"] == first[1] and shown["standings"]["riichi"][0]["provisional"]
    rows = list(csv.DictReader(io.StringIO(cli("night", "show", "night-club", "--csv").out)))
    assert len(rows) == 8 and rows[1]["player"] == first[1] and rows[1]["score"] == "33000"
    refused = cli("night", "close", "night-club")
    assert refused.code == 2 and "plays on" in refused.err
    assert cli("night", "seat", "night-club", "--again").code == 2  # a table of it has started
    listed = cli("night", "list", "--json").json()
    assert [n["night_id"] for n in listed] == ["night-club"]
    assert "night-club" not in [m["match_id"] for m in cli("matches", "--json").json()]


def test_a_tensho_night_of_four_players_recorded_by_results(cli: Cli) -> None:
    """Four players, tables of two, three sessions of one-round matches: each pair meets once (a
    round robin). At every table the player in seat 0 captures the Crane and the Curtain, the other
    the Deer: no yaku, no chaff, card values 15 + 3 = 18 against 10: seat 0 wins the round, the
    match's one point. The night's standings count those wins."""
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("night", "open", "tensho", *players, "--length", "1", "--sessions", "3", "--id", "night-hana").code == 0
    wins: dict[str, int] = dict.fromkeys(NAMES, 0)
    met: set[frozenset[str]] = set()
    for session in range(1, 4):
        sheet = cli("night", "seat", "night-hana", "--json").json()
        for table in sheet["sessions"][session - 1]["tables"]:
            match = table["match_id"]
            for args in (("round", match), ("yaku-set", match, "1"),
                         ("result", match, "pine-crane", "cherry-curtain", "/", "maple-deer")):  # fmt: skip
                done = cli(*args)
                assert done.code == 0, done.err
            wins[table["players"][0]] += 1
            met.add(frozenset(table["players"]))
    assert len(met) == 6  # every pair of the four, once
    sheet = cli("night", "show", "night-hana", "--json").json()
    assert all(t["status"] == "complete" for s in sheet["sessions"] for t in s["tables"])
    totals = {row["player"]: row["total"] for row in sheet["standings"]["Tensho"]}
    assert totals == wins and sum(totals.values()) == 6
    assert cli("night", "close", "night-hana").code == 0


def test_a_night_that_is_not_there_is_one_line(cli: Cli) -> None:
    assert cli("night", "open", "tensho", "-p", "Aki", "-p", "Beni", "--id", "night-real").code == 0
    for args in (("night", "seat", "night-nope"), ("night", "show", "night-nope"), ("night", "close", "night-nope")):
        missing = cli(*args)
        assert (missing.code, missing.err) == (
            2, "taikyoku: error: no night 'night-nope' here; list the nights with `taikyoku night list`\n",
        )  # fmt: skip
    assert cli("night", "show", "club-1").code == 2  # not a night's id
