"""A tournament's registration, team standing and the EMA's results, through the application on
SQLite and PostgreSQL and through the CLI: every figure worked out by hand under EMA 2025 (30,000
start and return, no oka, +15/+5/-5/-15, tied places sharing their uma)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from events.errors import InputError
from replay.app import intents
from replay.app.application import Application
from replay.engine.fold import IllegalEvent
from tests.helpers import Cli

PLAYERS = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]
SCHEDULE = "1,1,Aki,Beni,Chie,Dai\n1,2,Eri,Fumi,Gen,Hana\n"
REGISTRATION = """name,first_name,last_name,ema_number,country,team
Aki,Aki,Tanaka,01000001,jp,Red
Beni,Beni,Sato,,JP,Red
Chie,Chie,Ito,01000003,DE,Blue
Dai,,,,,Green
Eri,Eri,Kowalska,04000005,PL,Blue
Fumi,Fumi,Mori,,JP,Green
Gen,Gen,Weber,03000007,DE,Gold
Hana,Hana,Novak,,CZ,Gold
"""


def _tournament(app: Application) -> None:
    """One session from the schedule; at each table East wins a mangan (12,000) from South: East
    42,000 (+12 +15 = +27.0), West and North 30,000 tied for 2nd and 3rd ((5 - 5) / 2: 0.0), South
    18,000 (-12 - 15 = -27.0). Dai is given a penalty of -5."""
    app.open_night("riichi", PLAYERS, ruleset_id="ema2025", sessions=2, seed=1, night_id="night-cup", title="Cup")
    app.seat_session("night-cup", mode="prescripted", schedule=SCHEDULE)
    for table in ("night-cup-t1", "night-cup-t2"):
        app.record(table, intents.result(["ron", "0", "mangan", "from", "1"]), recorded_by="test")
    app.give_penalty("night-cup", "Dai", -5, "late to the table")
    app.register_players("night-cup", REGISTRATION)


def test_the_team_standing_and_the_emas_results(app: Application) -> None:
    _tournament(app)
    sheet = app.night_sheet("night-cup")
    assert [(row["player"], row["shown"]) for row in sheet["standings"]["riichi"]] == [
        ("Aki", "+27.0"), ("Eri", "+27.0"), ("Chie", "0.0"), ("Gen", "0.0"), ("Hana", "0.0"), ("Dai", "-5.0"),
        ("Beni", "-27.0"), ("Fumi", "-27.0"),
    ]  # fmt: skip
    # Blue: Chie 0 + Eri 27; Gold: 0 + 0 and Red: 27 - 27 tied for second; Green: -5 - 27.
    assert [(t["place"], t["team"], t["shown"], t["players"]) for t in sheet["teams"]] == [
        (1, "Blue", "+27.0", ["Eri", "Chie"]), (2, "Gold", "0.0", ["Gen", "Hana"]), (2, "Red", "0.0", ["Aki", "Beni"]),
        (4, "Green", "-32.0", ["Dai", "Fumi"]),
    ]  # fmt: skip
    found = app.ema_results("night-cup")
    # Base rank 1000 x (8 - place) / 7, tied players sharing the mean of the places they hold:
    # places 1-2: 6500 / 7 = 928.6; 3-5: 4000 / 7 = 571.4; 6: 2000 / 7 = 285.7; 7-8: 500 / 7 = 71.4.
    assert [(r["place"], r["ema_number"], r["last_name"], r["first_name"], r["country"], r["shown"], r["base_rank"])
            for r in found["results"]] == [
        (1, "01000001", "Tanaka", "Aki", "JP", "+27.0", 929),
        (1, "04000005", "Kowalska", "Eri", "PL", "+27.0", 929),
        (3, "01000003", "Ito", "Chie", "DE", "0.0", 571),
        (3, "03000007", "Weber", "Gen", "DE", "0.0", 571),
        (3, None, "Novak", "Hana", "CZ", "0.0", 571),
        (6, None, "Dai", None, None, "-5.0", 286),
        (7, None, "Sato", "Beni", "JP", "-27.0", 71),
        (7, None, "Mori", "Fumi", "JP", "-27.0", 71),
    ]  # fmt: skip
    event = found["event"]
    assert (event["title"], event["players"], event["countries"], event["country_codes"]) == (
        "Cup", 8, 4, ["CZ", "DE", "JP", "PL"],
    )  # fmt: skip
    assert event["first_day"] == event["last_day"] and len(event["first_day"]) == 10


def test_a_registration_that_names_a_stranger_or_a_bad_number_is_refused_whole(app: Application) -> None:
    _tournament(app)
    head = app.night_sheet("night-cup")["head_seq"]
    cases = {
        "name,team\nZed,Red\n": "Zed is not a player of this night; add them to the players present first",
        "name,ema_number\nAki,123\n": "the registration: line 2: the ema number '123' is not valid: 8 digits",
        "name,country\nAki,Japan\n": "the registration: line 2: the country 'JAPAN' is not valid: two letters "
        "(ISO 3166-1), e.g. DE",
        "name,ema_number\nAki,01000001\nBeni,01000001\n": "EMA number 01000001 is given to two players",
        "name,rank\nAki,1\n": "the registration: line 1: no column 'rank'; the columns are name, first_name, "
        "last_name, ema_number, country, team",
        "Aki,Red\n": "the registration: the first line names the columns: name, then any of first_name, "
        "last_name, ema_number, country, team",
    }
    for text, said in cases.items():
        with pytest.raises((InputError, IllegalEvent)) as caught:
            app.register_players("night-cup", text)
        # A refusal of the night's own fold names the event it would have been (seq 6).
        assert caught.value.message.removeprefix("seq 6 (registered): ") == said
    assert app.night_sheet("night-cup")["head_seq"] == head


def test_the_cli_writes_the_emas_csv_and_the_team_standing(cli: Cli, tmp_path: Path) -> None:
    schedule, registration = tmp_path / "schedule.csv", tmp_path / "players.csv"
    schedule.write_text(SCHEDULE, encoding="utf-8")
    registration.write_text(REGISTRATION, encoding="utf-8")
    assert cli("night", "open", "riichi", *[a for n in PLAYERS for a in ("-p", n)], "--id", "night-cup",
               "--ruleset", "ema2025", "--sessions", "2").code == 0  # fmt: skip
    assert cli("night", "seat", "night-cup", "--mode", "prescripted", "--schedule", str(schedule)).code == 0
    for table in ("night-cup-t1", "night-cup-t2"):
        assert cli("result", table, "ron", "0", "mangan", "from", "1").code == 0
    registered = cli("night", "register", "night-cup", str(registration))
    assert registered.code == 0, registered.err
    exported = cli("night", "ema", "night-cup", "--csv")
    assert exported.out.splitlines() == [
        "place,ema_number,last_name,first_name,country,score,base_rank",
        "1,01000001,Tanaka,Aki,JP,27.0,929",
        "1,04000005,Kowalska,Eri,PL,27.0,929",
        "3,01000003,Ito,Chie,DE,0.0,500",
        "3,,Dai,,,0.0,500",
        "3,03000007,Weber,Gen,DE,0.0,500",
        "3,,Novak,Hana,CZ,0.0,500",
        "7,,Sato,Beni,JP,-27.0,71",
        "7,,Mori,Fumi,JP,-27.0,71",
    ]
    teams = cli("night", "teams", "night-cup", "--csv")
    assert teams.out.splitlines() == ["place,team,total,players", "1,Blue,27.0,Eri Chie", "2,Gold,0.0,Gen Hana",
                                      "2,Red,0.0,Aki Beni", "4,Green,-27.0,Dai Fumi"]  # fmt: skip
    folder = cli("night", "register", "night-cup", str(tmp_path))
    assert folder.code == 2
    assert (
        folder.err
        == f"taikyoku: error: {tmp_path} is a folder; give the registration's CSV file, the one the director wrote\n"
    )
    missing = cli("night", "register", "night-cup", str(tmp_path / "none.csv"))
    assert missing.code == 2
    assert missing.err == (f"taikyoku: error: no file {tmp_path / 'none.csv'} for the registration; "
                           "give the CSV file the director wrote\n")  # fmt: skip


def test_a_tables_final_scores_are_checked_before_they_are_taken(cli: Cli) -> None:
    """WRC: East (Ton) wins a mangan from South (Nan), then time is called: 42,000, 18,000, 30,000,
    30,000 are the final scores, adding up to the 4 x 30,000 the table began with."""
    assert cli("night", "open", "riichi", "--ruleset", "wrc", *[a for n in PLAYERS[:4] for a in ("-p", n)],
               "--id", "night-fin", "--sessions", "1").code == 0  # fmt: skip
    assert cli("night", "seat", "night-fin").code == 0
    early = cli("claim", "night-fin-t1", "--round", "0", "--points", "30000,30000,30000,30000")
    assert early.err == ("taikyoku: error: match night-fin-t1 is not over; the table's final scores are claimed "
                         "after its last hand\n")  # fmt: skip
    assert cli("result", "night-fin-t1", "ron", "0", "mangan", "from", "1").code == 0
    assert cli("night", "time", "night-fin").code == 0
    short = cli("claim", "night-fin-t1", "--round", "0", "--points", "42000,18000,30000,29000")
    assert short.code == 2
    assert short.err == ("taikyoku: error: the table's final scores 42000, 18000, 30000, 29000 add up to 119,000, "
                         "not the 120,000 the table has (4 x 30,000 at the start); the wrc rules give 42000, 18000, "
                         "30000, 30000; check the score sheet, or record the disagreement (taikyoku dispute MATCH "
                         "SEQ TEXT)\n")  # fmt: skip
    swapped = cli("claim", "night-fin-t1", "--round", "0", "--points", "18000,42000,30000,30000")
    assert swapped.code == 2 and "the wrc rules give 42000 (+27.0), 18000 (-27.0)" in swapped.err
    taken = cli("claim", "night-fin-t1", "--round", "0", "--points", "42000,18000,30000,30000")
    assert taken.code == 0, taken.err
    assert cli("audit", "night-fin-t1").code == 0


ONLINE = "2014050315gm-0041-0000-6babc3e5"  # a real Tenhou game: いばらぎ, INCHIKI！, anox, sia


def test_a_game_played_online_counts_in_a_session_with_the_servers_own_results(cli: Cli) -> None:
    """Tenhou's own final results for the game (its `sc`): +13, +48, -37, -24, counted for the night's
    players who played it as those four nicknames."""
    log = Path(__file__).resolve().parent.parent / "data" / "tenhou6-more" / f"{ONLINE}.json"
    assert cli("import", str(log)).code == 0
    assert cli("night", "open", "riichi", "--ruleset", "tenhou", *[a for n in PLAYERS[:4] for a in ("-p", n)],
               "--id", "night-net", "--sessions", "2").code == 0  # fmt: skip
    head = cli("night", "show", "night-net", "--json").json()["head_seq"]
    refusals = {
        ("--as", "Aki,Beni,Chie"): f"taikyoku: error: {ONLINE} has 4 seats (いばらぎ, INCHIKI！, anox, sia): name the "
        "night's player for each, in seat order\n",
        ("--as", "Aki,Beni,Chie,Zed"): "Zed is not among the players present",
        ("--as", "Aki,Beni,Chie,Aki"): "a player is named for two seats of the match",
        ("--as", "Aki,Beni,Chie,Dai", "--session", "3"): "session 3 is not one of this night's (1 to 1, the next "
        "played online)",
    }
    for args, said in refusals.items():
        given = [*args, *([] if "--session" in args else ["--session", "1"])]
        refused = cli("night", "online", "night-net", ONLINE, *given)
        assert refused.code == 2 and said in refused.err and refused.err.count("\n") == 1, refused.err
    assert cli("night", "show", "night-net", "--json").json()["head_seq"] == head
    counted = cli("night", "online", "night-net", ONLINE, "--session", "1", "--as", "Aki,Beni,Chie,Dai", "--json")
    assert counted.code == 0, counted.err
    sheet = counted.json()
    assert [(r["player"], r["shown"]) for r in sheet["standings"]["riichi"]] == [
        ("Beni", "+48"), ("Aki", "+13"), ("Dai", "-24"), ("Chie", "-37")]  # fmt: skip
    assert sheet["sessions"][0]["tables"][0]["players"] == ["Aki", "Beni", "Chie", "Dai"]
    again = cli("night", "online", "night-net", ONLINE, "--session", "2", "--as", "Aki,Beni,Chie,Dai")
    assert again.code == 2 and f"{ONLINE} is a table of this night already" in again.err
    season = cli("season", "--json").json()["standings"]
    assert [(r["player"], r["total"]) for r in season] == [("Beni", 48), ("Aki", 13), ("Dai", -24), ("Chie", -37)]
    assert cli("new", "riichi", "-p", "W", "-p", "X", "-p", "Y", "-p", "Z", "--id", "open-1").code == 0
    playing = cli("night", "online", "night-net", "open-1", "--session", "2", "--as", "Aki,Beni,Chie,Dai")
    assert playing.err == "taikyoku: error: open-1 is in play; an online match counts once it is complete\n"


def _standing(*totals: str, cut_after: int | None = None) -> list[dict[str, object]]:
    """Standings rows as the night gives them, best first: P01, P02, ... with these totals."""
    rows: list[dict[str, object]] = []
    for at, total in enumerate(totals):
        row: dict[str, object] = {"player": f"P{at + 1:02d}", "total": Decimal(total), "shown": total}
        if cut_after is not None and at >= cut_after:
            row["cut"] = True
        rows.append(row)
    return rows


def test_the_emas_base_rank_by_hand_at_its_edges() -> None:
    from replay.app.tournament import ema_header, ema_results

    # Seventeen players, all apart: place 16 is 1000 x 1 / 16 = 62.5, which rounds half up to 63.
    found = ema_results(_standing(*[str(17 - n) for n in range(17)]), [])
    assert [r["base_rank"] for r in found][-3:] == [125, 63, 0]
    assert (found[0]["player"], found[0]["last_name"], found[0]["first_name"], found[0]["ema_number"],
            found[0]["country"]) == ("P01", "P01", None, None, None,
    )  # fmt: skip  # nobody registered: the name played under, as the last name
    assert [(r["place"], r["base_rank"]) for r in ema_results(_standing("5"), [])] == [(1, 1000)]  # one player
    assert [(r["place"], r["base_rank"]) for r in ema_results(_standing("5", "-5"), [])] == [(1, 1000), (2, 0)]
    # Equal totals either side of a cut do not share: the 2nd went on, the 3rd did not.
    across = ema_results(_standing("9", "0", "0", "-9", cut_after=2), [])
    assert [(r["place"], r["base_rank"]) for r in across] == [(1, 1000), (2, 667), (3, 333), (4, 0)]
    assert ema_header("Cup", [], []) == {"title": "Cup", "first_day": None, "last_day": None, "players": 0,
                                         "countries": 0, "country_codes": []}  # fmt: skip
    two_days = ema_header("Cup", ["2026-12-06", "2026-12-05", "2026-12-06"], [])
    assert (two_days["first_day"], two_days["last_day"]) == ("2026-12-05", "2026-12-06")


def test_a_registration_file_is_read_whole_and_each_mistake_named_by_its_line() -> None:
    from replay.app.tournament import read_registration, team_standing

    read = read_registration("name,team\nAki,Red\n\nBeni,Blue\n")  # a blank line between players
    assert [(r.name, r.team) for r in read] == [("Aki", "Red"), ("Beni", "Blue")]
    wrong = {
        "name,team\nAki\n": "line 2: 1 values for 2 columns",
        "name,team\nAki,Red,Blue\n": "line 2: 3 values for 2 columns",
        f"name,first_name\nAki,{'A' * 65}\n": f"line 2: the first name {'A' * 65!r} is not valid: at most 64 characters",
        f"name\n{'N' * 65}\n": f"line 2: the name {'N' * 65!r} is not valid: a name of 1 to 64 characters",
        "name,team\n\n": "no player is listed under the first line",
        "name,last_name\nAki,Tana\u202eka\n": "line 2: the last name 'Tana\\u202eka' holds the control character "
        "U+202E; a name is one line of plain text: remove it",
        "name,first_name\nAki,A\u202eki\n": "line 2: the first name 'A\\u202eki' holds the control character "
        "U+202E; a name is one line of plain text: remove it",
        "name,team\nAki,R\u202eed\n": "line 2: the team 'R\\u202eed' holds the control character U+202E; a name is "
        "one line of plain text: remove it",
        "name,team\nA\u202eki,Red\n": "line 2: the name 'A\\u202eki' holds the control character U+202E; a name is "
        "one line of plain text: remove it",
    }
    for text, said in wrong.items():
        with pytest.raises(ValueError) as caught:
            read_registration(text)
        assert str(caught.value) == said
    # P02 has no team: in no team's total, and the teams after it still counted.
    teams = team_standing(_standing("13.5", "9", "-2.5", "4"),
                          read_registration("name,team\nP01,Red\nP02,\nP03,Blue\nP04,Blue\n"))  # fmt: skip
    assert [(t["team"], t["total"], t["shown"]) for t in teams] == [("Red", 13.5, "+13.5"), ("Blue", 1.5, "+1.5")]
    assert json.dumps([t["total"] for t in teams]) == "[13.5, 1.5]"  # JSON numbers, as the sheet's JSON carries them
