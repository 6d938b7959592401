"""A tournament's seating modes, as a director chooses them per session: swiss from the standings
(repeat meetings avoided), interval (places n, n+k, n+2k, n+3k), a prescripted schedule checked on
load, winds random or as prescripted, and a player left out of a session. Tables worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.errors import InputError
from replay.app import intents, seating
from replay.app.application import Application
from tests.helpers import Cli

EIGHT = [f"P{n:02d}" for n in range(8)]


def test_interval_seats_places_n_n_plus_k_n_plus_2k_and_n_plus_3k_together() -> None:
    order = [f"{n}" for n in range(1, 17)]
    assert seating.interval(order, 4, 4) == [["1", "5", "9", "13"], ["2", "6", "10", "14"], ["3", "7", "11", "15"],
                                             ["4", "8", "12", "16"]]  # fmt: skip
    # k = 2: blocks of eight, each split two ways; the four below the last whole block sit in order.
    assert seating.interval(order[:12], 4, 2) == [["1", "3", "5", "7"], ["2", "4", "6", "8"], ["9", "10", "11", "12"]]
    with pytest.raises(ValueError, match="the interval is at least 1, not 0"):
        seating.interval(order, 4, 0)


def test_swiss_puts_the_top_together_unless_they_have_met() -> None:
    order = ["A", "B", "C", "D", "E", "F", "G", "H"]
    assert seating.swiss(order, 4, []) == [["A", "B", "C", "D"], ["E", "F", "G", "H"]]
    # A met B, C and G before: A's table takes D (unmet), then the best placed of those who have met
    # the table once: B, then E (C and G have met two of A, D, B).
    met = ((("A", "B", "C", "G"), ("D", "E", "F", "H")),)
    assert seating.swiss(order, 4, met) == [["A", "D", "B", "E"], ["C", "F", "G", "H"]]


def test_a_schedule_is_read_whole_and_each_mistake_named_by_its_line() -> None:
    text = "session,table,east,south,west,north\n1,1,A,B,C,D\n1,2,E,F,G,H\n\n# session two\n2,1,A,E,B,F\n2,2,C,G,D,H\n"
    assert seating.read_schedule(text, 4) == {1: [("A", "B", "C", "D"), ("E", "F", "G", "H")],
                                              2: [("A", "E", "B", "F"), ("C", "G", "D", "H")]}  # fmt: skip
    wrong = {
        "1,1,A,B,C\n": "line 1: a table is session, table and 4 players, not 5 values",
        "1,1,A,B,C,D\n1,2,E,A,G,H\n": "line 2: A sits twice in session 1",
        "1,1,A,B,C,A\n": "line 1: A sits twice in session 1",
        "1,1,A,B,C,D\n1,1,E,F,G,H\n": "line 2: session 1 has a table 1 already",
        "1,2,A,B,C,D\n": "session 1's tables are not numbered 1 to 1",
        "one,1,A,B,C,D\n": "line 1: the session and the table are numbers from 1, not 'one' and '1'",
        "1,1,A,,C,D\n": "line 1: a seat has no player",
        "# nothing\n": "the schedule has no tables",
    }
    for bad, said in wrong.items():
        with pytest.raises(ValueError) as caught:
            seating.read_schedule(bad, 4)
        assert str(caught.value) == said


def _played_one_hand(app: Application, night: str, session: int) -> list[list[str]]:
    """Each table of the session records one hand: its first seat wins a mangan from its second."""
    tables = app.night_sheet(night)["sessions"][session - 1]["tables"]
    for table in tables:
        app.record(table["match_id"], intents.result(["ron", "0", "mangan", "from", "1"]), recorded_by="test")
    return [t["players"] for t in tables]


def test_swiss_and_interval_seat_from_the_standings(app: Application) -> None:
    app.open_night("riichi", EIGHT, sessions=3, seed=4, night_id="night-cup", title="Cup")
    app.seat_session("night-cup")
    first = _played_one_hand(app, "night-cup", 1)
    assert first == [["P01", "P04", "P05", "P06"], ["P00", "P02", "P03", "P07"]]
    # Standings: the East seats won a mangan (+47 each: P01, P00), the South seats dealt in (-37).
    ranked = [row["player"] for row in app.night_sheet("night-cup")["standings"]["riichi"]]
    assert ranked == ["P00", "P01", "P03", "P05", "P06", "P07", "P02", "P04"]
    sheet = app.seat_session("night-cup", mode="swiss")
    # P00 then P01 (unmet); then each of the rest has met one of them: the best placed, P03, P05.
    assert [sorted(t["players"]) for t in sheet["sessions"][1]["tables"]] == [
        ["P00", "P01", "P03", "P05"], ["P02", "P04", "P06", "P07"],
    ]  # fmt: skip
    sheet = app.seat_session("night-cup", mode="interval", step=2, again=True)
    # k = 2 over the eight: places 1, 3, 5, 7 (P00, P03, P06, P02) and 2, 4, 6, 8 (P01, P05, P07, P04).
    assert [sorted(t["players"]) for t in sheet["sessions"][1]["tables"]] == [
        ["P00", "P02", "P03", "P06"], ["P01", "P04", "P05", "P07"],
    ]  # fmt: skip


def test_a_player_sits_a_session_out_and_winds_may_be_random(app: Application) -> None:
    app.open_night("riichi", [*EIGHT, "Q08", "Q09", "Q10", "Q11"], sessions=2, seed=4, night_id="night-bye")
    sheet = app.seat_session("night-bye", leave_out=["Q08", "Q09", "Q10", "Q11"], winds="random")
    assert sorted(n for t in sheet["sessions"][0]["tables"] for n in t["players"]) == EIGHT
    with pytest.raises(InputError) as caught:
        app.seat_session("night-bye", leave_out=["Zed"], again=True)
    assert caught.value.message == "Zed is not among the players present; only a present player sits out"
    with pytest.raises(InputError) as caught:
        app.seat_session("night-bye", mode="swiss", winds="prescripted", again=True)
    assert caught.value.message == "winds come from a schedule only with --mode prescripted; choose balanced or random"
    with pytest.raises(InputError) as caught:
        app.seat_session("night-bye", mode="round-robin", again=True)
    assert caught.value.message == "the seating is one of random, swiss, interval, prescripted, not 'round-robin'"


SCHEDULE = """session,table,east,south,west,north
1,1,P07,P06,P05,P04
1,2,P03,P02,P01,P00
2,1,P00,P04,P01,P05
"""


def test_a_prescripted_session_from_the_directors_file(cli: Cli, tmp_path: Path) -> None:
    schedule = tmp_path / "schedule.csv"
    schedule.write_text(SCHEDULE, encoding="utf-8")
    opened = cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-pre",
                 "--sessions", "2")  # fmt: skip
    assert opened.code == 0, opened.err
    seated = cli("night", "seat", "night-pre", "--mode", "prescripted", "--schedule", str(schedule), "--json")
    assert seated.code == 0, seated.err
    tables = seated.json()["sessions"][0]["tables"]
    assert [t["players"] for t in tables] == [["P07", "P06", "P05", "P04"], ["P03", "P02", "P01", "P00"]]
    before = cli("night", "show", "night-pre", "--json").json()["head_seq"]
    # Session 2 of the file seats four of eight: P02, P03, P06 and P07 are present and unseated.
    short = cli("night", "seat", "night-pre", "--mode", "prescripted", "--schedule", str(schedule))
    assert short.code == 2 and short.err.count("\n") == 1
    assert short.err == ("taikyoku: error: the schedule seats 4 of the 8 players present in session 2; "
                         "seat P02, P03, P06, P07 too, or let them sit out (--out)\n")  # fmt: skip
    bad = tmp_path / "bad.csv"
    bad.write_text("1,1,P07,P06,P05,Nobody\n1,2,P03,P02,P01,P00\n", encoding="utf-8")
    absent = cli("night", "seat", "night-pre", "--mode", "prescripted", "--schedule", str(bad), "--again")
    assert absent.err == ("taikyoku: error: the schedule seats Nobody in session 1, who is not present (or sits "
                          "out): add them to the night, or seat a substitute after\n")  # fmt: skip
    twice = tmp_path / "twice.csv"
    twice.write_text("1,1,P07,P06,P05,P04\n1,2,P03,P02,P01,P07\n", encoding="utf-8")
    refused = cli("night", "seat", "night-pre", "--mode", "prescripted", "--schedule", str(twice), "--again")
    assert refused.err == "taikyoku: error: the schedule: line 2: P07 sits twice in session 1\n"
    unnamed = cli("night", "seat", "night-pre", "--mode", "prescripted")
    assert unnamed.err == ("taikyoku: error: seating from a schedule needs the schedule: --schedule FILE (on the "
                           "host's page, choose its file)\n")  # fmt: skip
    missing = cli("night", "seat", "night-pre", "--mode", "prescripted", "--schedule", str(tmp_path / "no.csv"))
    assert (
        missing.err
        == f"taikyoku: error: no file {tmp_path / 'no.csv'} for the schedule; give the CSV file the director wrote\n"
    )
    assert cli("night", "show", "night-pre", "--json").json()["head_seq"] == before  # nothing written
