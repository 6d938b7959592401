"""The league's players and ranking across two clubs on one PostgreSQL server: the names typed at
each club's tables made players, a player who plays at both clubs under two names merged into one
and seen once in the ranking, the merge undone. Every figure is worked by hand from the hands
recorded and the published MERS method, and written as a literal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import Server

pytestmark = pytest.mark.postgres


def _night(cli: Cli, club: str, night: str, players: list[str], winner: str) -> None:
    """A closed night of one table: the first hand ends the match, ``winner`` (E or S) taking a
    mangan from North, who falls below zero."""
    assert cli("night", "open", "riichi", *[a for p in players for a in ("-p", p)], "--club", club, "--id", night,
               "--seed", "1").code == 0  # fmt: skip
    seated = cli("night", "seat", night, "--json").json()
    assert seated["sessions"][0]["tables"][0]["players"] == players  # one table: the players as given
    table = f"{night}-t1"
    assert cli("round", table, "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", table, "ron", winner, "mangan", "from", "N").code == 0
    assert cli("night", "close", night).code == 0


def _two_clubs_three_nights(cli: Cli) -> Cli:
    """Kyoto and Osaka, and three closed nights of one table each."""
    assert cli("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert cli("club", "add", "osaka", "--name", "Osaka Bay").code == 0
    # Kyoto 1: Beni's mangan (37,000), Aki 34,000, Chie 30,000, Dai -1,000: base ranks 1000, 667, 333, 0.
    _night(cli, "kyoto", "night-kyoto-1", ["Aki", "Beni", "Chie", "Dai"], "S")
    # Kyoto 2: Aki, the dealer, takes 12,000 (46,000); Chie 30,000, Beni 29,000, Dai -5,000.
    _night(cli, "kyoto", "night-kyoto-2", ["Aki", "Beni", "Chie", "Dai"], "E")
    # Osaka: the same hand, Aki playing as "Aki T.": 1000 for him, then Fumi, Eri, Gen.
    _night(cli, "osaka", "night-osaka-1", ["Aki T.", "Eri", "Fumi", "Gen"], "E")
    return cli


def _ranking(cli: Cli, *args: str) -> list[tuple[object, str, object, int]]:
    found = cli("league", "ranking", "--game", "riichi", "--json", *args)
    assert found.code == 0, found.err
    return [(r["place"], r["player"], r["figure"], len(r["events"])) for r in found.json()["players"]]


def _player(cli: Cli, name: str) -> dict[str, Any]:
    found = cli("league", "ranking", "--game", "riichi", "--json").json()["players"]
    return next(r for r in found if r["player"] == name)


def test_a_player_at_two_clubs_is_seen_once_and_a_merge_is_undone(pg_url: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """Plants: names matched across clubs by their text alone (Aki at Osaka would be Kyoto's Aki
    without a word); a merge that cannot be undone; part B over every result instead of the best
    four; results padded to four instead of five; a night's qualification not read."""
    cli = _two_clubs_three_nights(Cli(pg_url, capsys))
    adopted = cli("league", "adopt", "--json").json()
    assert adopted == {"made": ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"], "asked": []}
    players = {p["name"]: (p["person"], p["clubs"]) for p in cli("league", "players", "--json").json()}
    assert players["Aki"] == ("p1", ["kyoto"]) and players["Aki T."] == ("p5", ["osaka"])
    # Apart: Aki (1000, 667, made up with three zeros of weight 1): A = 1667/5 = 333.4, B = 1667/4
    # = 416.75; 375.075, shown 375.08. Beni (1000, 333): 266.6 and 333.25, 299.93. Chie (333, 667):
    # 200 and 250. Dai: 0. One result is too few: Aki T., Eri, Fumi, Gen are unranked.
    apart = [(1, "Aki", "375.08", 2), (2, "Beni", "299.93", 2), (3, "Chie", "225.00", 2), (4, "Dai", "0.00", 2),
             (None, "Aki T.", None, 1), (None, "Eri", None, 1), (None, "Fumi", None, 1), (None, "Gen", None, 1)]  # fmt: skip
    assert _ranking(cli) == apart
    merged = cli("league", "merge", "p1", "p5", "--reason", "the same man: EMA 04010001")
    assert merged.code == 0 and merged.out == "p5 merged into p1 (merge 22)\n"
    # One: Aki's 1000, 1000, 667 and two zeros: A = 2667/5 = 533.4, B = 2667/4 = 666.75: 600.08.
    together = _ranking(cli)
    assert together == [(1, "Aki", "600.08", 3), (2, "Beni", "299.93", 2), (3, "Chie", "225.00", 2),
                        (4, "Dai", "0.00", 2), (None, "Eri", None, 1), (None, "Fumi", None, 1),
                        (None, "Gen", None, 1)]  # fmt: skip
    aki = _player(cli, "Aki")
    assert [(e["event_id"], e["club"], e["base_rank"], e["part_a"], e["part_b"]) for e in aki["events"]] == [
        ("night-kyoto-1", "kyoto", 667, True, True), ("night-kyoto-2", "kyoto", 1000, True, True),
        ("night-osaka-1", "osaka", 1000, True, True)]  # fmt: skip
    assert {p["name"]: p["clubs"] for p in cli("league", "players", "--json").json()}["Aki"] == ["kyoto", "osaka"]
    # Aki's page across the clubs: both names, both clubs, his three tables as one player's (Osaka's
    # under the name the league knows him by), and his place in the league's ranking.
    page = cli("league", "player", "p5", "--json").json()  # a merged record: the page of the one it is in
    assert (page["person"], page["player"], page["merged_from"], page["clubs"]) == (
        "p1",
        "Aki",
        ["p5"],
        ["kyoto", "osaka"],
    )
    assert page["names"] == [{"club": "kyoto", "name": "Aki"}, {"club": "osaka", "name": "Aki T."}]
    assert [(m["match_id"], m["club"], m["place"], m["result"], m["players"]) for m in page["matches"]] == [
        ("night-kyoto-1-t1", "kyoto", 2, 14.0, ["Aki", "Beni", "Chie", "Dai"]),
        ("night-kyoto-2-t1", "kyoto", 1, 56.0, ["Aki", "Beni", "Chie", "Dai"]),
        ("night-osaka-1-t1", "osaka", 1, 56.0, ["Aki", "Eri", "Fumi", "Gen"])]  # fmt: skip
    riichi = page["games"]["riichi"]
    assert (riichi["games"], riichi["average_place"], riichi["average_result"]) == (3, 1.33, 42.0)
    assert page["ranking"] == {"riichi": {"method": "mers", "on": page["ranking"]["riichi"]["on"], "place": 1,
                                          "figure": "600.08", "events": 3}}  # fmt: skip
    said = cli("league", "player", "p1")
    assert said.out.splitlines() == [
        "p1  Aki", "typed as Aki at kyoto, Aki T. at osaka; plays at kyoto, osaka",
        "riichi: 3 games, average place 1.33, average result +42; the league's mers ranking: 1. with 600.08"]  # fmt: skip
    # The totals across the clubs (thousands, oka and uma): Aki 14 + 56 + 56.
    assert _ranking(cli, "--method", "totals") == [
        (1, "Aki", "126.00", 3), (2, "Beni", "36.00", 2), (3, "Fumi", "10.00", 1), (4, "Chie", "0.00", 2),
        (5, "Eri", "-11.00", 1), (6, "Gen", "-55.00", 1), (7, "Dai", "-106.00", 2)]  # fmt: skip
    # Undone: apart again, as before the merge.
    undone = cli("league", "unmerge", "22", "--reason", "two men after all")
    assert undone.code == 0 and undone.out == "p5 and p1 are apart again\n"
    assert _ranking(cli) == apart
    # Kyoto 2 qualifying: its weight 2 (one day, +1). Aki (2 x 1000, 667, three zeros of weight 1):
    # A = 2667/6 = 444.5, B (the best four results, of weight 5) = 2667/5 = 533.4: 488.95. Chie
    # (2 x 667, 333): A = 1667/6 = 277.83, B = 1667/5 = 333.4: 305.62. Beni (1000, 2 x 333): A =
    # 1666/6 = 277.67, B = 1666/5 = 333.2: 305.43, now below Chie.
    qualified = cli("league", "qualify", "night-kyoto-2", "--reason", "the city's qualifier")
    assert (qualified.code, qualified.out) == (0, "night-kyoto-2: qualifying (MERS weight +1)\n")
    assert _ranking(cli)[:4] == [(1, "Aki", "488.95", 2), (2, "Chie", "305.62", 2), (3, "Beni", "305.43", 2),
                                 (4, "Dai", "0.00", 2)]  # fmt: skip
    weights = {e["event_id"]: e["mers"] for e in _player(cli, "Aki")["events"]}
    assert weights == {"night-kyoto-1": "1", "night-kyoto-2": "2"}
    taken_back = cli("league", "qualify", "night-kyoto-2", "--not", "--reason", "not a qualifier after all")
    assert (taken_back.code, taken_back.out) == (0, "night-kyoto-2: not qualifying\n")
    assert _ranking(cli) == apart
    # Bad input: one line each, nothing written.
    for args, said in (
        (("league", "merge", "p1", "p1", "--reason", "x"), "p1 and p1 are one player already"),
        (
            ("league", "merge", "p1", "p99", "--reason", "x"),
            "no player 'p99' on record; `taikyoku league players` lists them",
        ),
        (
            ("league", "unmerge", "22", "--reason", "x"),
            "no merge stands at seq 22; `taikyoku league players` lists them",
        ),
        (("league", "ranking", "--method", "elo"), "unknown ranking 'elo'; use one of: mers, glicko, totals, tenhou_r"),
        (("league", "player", "p99"), "no player 'p99' on record; `taikyoku league players` lists them"),
        (
            ("league", "qualify", "night-kyoto-9", "--reason", "x"),
            "no night 'night-kyoto-9' in this store; `taikyoku night list` lists them",
        ),
        (("league", "qualify", "night-kyoto-2", "--not", "--reason", "x"), "night-kyoto-2 is already not qualifying"),
        (
            ("league", "qualify", "night-kyoto-2", "--reason", " "),
            "say how the night's players qualified, or why they did not (--reason)",
        ),
    ):
        refused = cli(*args)
        assert refused.code == 2 and refused.err.endswith(said + "\n") and refused.err.count("\n") == 1, refused.err


def test_the_league_ranking_served_as_a_page_csv_and_json(pg_url: str, capsys: pytest.CaptureFixture[str],
                                                          secret: Path) -> None:  # fmt: skip
    """The ranking on the league's page, its CSV and its JSON agree with the command's; the merge
    and its undo through the API with the league's key; a club's key refused them."""
    cli = _two_clubs_three_nights(Cli(pg_url, capsys))
    league_key = cli("club", "key", "league").out.strip()
    kyoto_host = cli("club", "key", "kyoto").out.strip()
    server = Server(pg_url, secret)
    try:
        status, adopted = server.call("POST", f"/api/league/adopt?key={kyoto_host}", {"club": "kyoto"})
        assert (status, adopted) == (200, {"made": ["p1", "p2", "p3", "p4"], "asked": []})
        assert server.call("POST", f"/api/league/adopt?key={kyoto_host}", {"club": "osaka"}) == (403, {
            "error": "a club's host matches its own club's names; the league's key, every club's", "code": "auth.league"})  # fmt: skip
        assert server.call("POST", f"/api/league/adopt?key={league_key}", {"club": "osaka"})[1]["made"] == [
            "p5", "p6", "p7", "p8"]  # fmt: skip
        refused = server.call(
            "POST", f"/api/league/merges?key={kyoto_host}", {"into": "p1", "merged": "p5", "reason": "x"}
        )
        assert refused == (403, {"error": "only a league key administers the clubs: send it in the "
                                          "X-Taikyoku-Host-Key header", "code": "auth.league"})  # fmt: skip
        status, merged = server.call("POST", f"/api/league/merges?key={league_key}",
                                     {"into": "p1", "merged": "p5", "reason": "one man"})  # fmt: skip
        assert status == 201 and merged["merged_into"] == "p1"
        status, found = server.call("GET", "/api/league/ranking?game=riichi")
        assert [(r["place"], r["player"], r["figure"]) for r in found["players"][:2]] == [
            (1, "Aki", "600.08"), (2, "Beni", "299.93")]  # fmt: skip
        # The API's answer is the command's, to the byte (the kept answer's text, as --json lays it out).
        status, headers, served_text = server.raw("GET", "/api/league/ranking?game=riichi")
        assert (status, headers["content-type"]) == (200, "application/json")
        printed = cli("league", "ranking", "--game", "riichi", "--json").out
        assert served_text.decode() + "\n" == printed and printed.startswith(
            '{\n  "game": "riichi",\n  "method": "mers",'
        )
        status, _headers, page = server.raw("GET", "/league?game=riichi")
        assert status == 200 and b"600.08" in page and b"Aki T." not in page
        assert b'<td><a href="/league/players/p1">p1</a></td>' in page
        status, headers, csv_text = server.raw("GET", "/league?game=riichi&format=csv")
        lines = csv_text.decode().splitlines()
        assert status == 200 and headers["content-type"] == "text/csv; charset=utf-8"
        assert lines[0] == "place,player,person,figure,event,club,day,base_rank,weight,counted"
        assert [line.split(",")[:6] for line in lines[1:4]] == [
            ["1", "Aki", "p1", "600.08", "night-kyoto-1", "kyoto"], ["1", "Aki", "p1", "600.08", "night-kyoto-2", "kyoto"],
            ["1", "Aki", "p1", "600.08", "night-osaka-1", "osaka"]]  # fmt: skip
        status, _headers, listed = server.raw("GET", "/league/players")
        assert status == 200 and b'<td><a href="/league/players/p1">p1</a></td><td>Aki</td>' in listed
        status, _headers, csv_text = server.raw("GET", "/league/players?format=csv")
        assert csv_text.decode().splitlines()[0] == "person,player,ema_number,country,typed_as,clubs,merged_into"
        # A merged record's clubs are the record's it is merged into.
        assert csv_text.decode().splitlines()[1:6:4] == [
            "p1,Aki,,,Aki at kyoto,kyoto osaka,",
            "p5,Aki T.,,,Aki T. at osaka,,p1",
        ]
        status, _headers, page = server.raw("GET", "/league/players/p1")
        text = page.decode()
        assert status == 200 and "p1. Typed as Aki at kyoto, Aki T. at osaka; plays at kyoto, osaka." in text
        assert "<li>riichi: 1st with 600.08 by mers (" in text and text.count("<td>night-") == 3
        status, _headers, csv_text = server.raw("GET", "/league/players/p5?format=csv")
        assert status == 200 and [line.split(",")[1:3] for line in csv_text.decode().splitlines()] == [
            ["match", "club"], ["night-kyoto-1-t1", "kyoto"], ["night-kyoto-2-t1", "kyoto"],
            ["night-osaka-1-t1", "osaka"]]  # fmt: skip
        assert server.call("GET", "/api/league/players/p99") == (422, {
            "error": "no player 'p99' on record; `taikyoku league players` lists them", "code": "league.person.unknown"})  # fmt: skip
        status, undone = server.call("POST", f"/api/league/merges/{merged['merge_seq']}/undo?key={league_key}",
                                     {"reason": "two men"})  # fmt: skip
        assert status == 200 and undone == {"merge": merged["merge_seq"], "into": "p1", "merged": "p5"}
        assert server.call("GET", "/api/league/ranking?game=riichi")[1]["players"][0]["figure"] == "375.08"
        said = {"qualified": True, "reason": "the city's qualifier"}
        assert server.call("POST", f"/api/league/nights/night-kyoto-2/qualified?key={kyoto_host}", said) == (403, {
            "error": "only a league key administers the clubs: send it in the X-Taikyoku-Host-Key header",
            "code": "auth.league"})  # fmt: skip
        assert server.call("POST", f"/api/league/nights/night-kyoto-2/qualified?key={league_key}", said) == (
            200, {"night": "night-kyoto-2", "qualified": True})  # fmt: skip
        assert server.call("GET", "/api/league/ranking?game=riichi")[1]["players"][0]["figure"] == "488.95"
        assert server.call("GET", "/api/league/ranking?game=riichi&method=elo") == (422, {
            "error": "unknown ranking 'elo'; use one of: mers, glicko, totals, tenhou_r", "code": "league.ranking"})  # fmt: skip
    finally:
        server.stop()
