"""What a director does on a tournament day, on SQLite and PostgreSQL: the last session's results
hidden from the room and the public sheet, then revealed; a cut after a session (the best go on,
the results so far halved); figures worked out by hand under EMA 2025."""

from __future__ import annotations

import pytest

from events.errors import InputError
from replay.app import intents
from replay.app.application import Application
from replay.engine.fold import IllegalEvent

PLAYERS = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]
FIRST = "1,1,Aki,Beni,Chie,Dai\n1,2,Eri,Fumi,Gen,Hana\n2,1,Aki,Eri,Chie,Gen\n2,2,Beni,Fumi,Dai,Hana\n"


def _session(app: Application, session: int) -> None:
    """At each table East wins a mangan from South (EMA 2025): +27.0, -27.0, and 0.0 for West and North."""
    app.seat_session("night-day", mode="prescripted", schedule=FIRST)
    for table in app.night_sheet("night-day")["sessions"][session - 1]["tables"]:
        app.record(table["match_id"], intents.result(["ron", "0", "mangan", "from", "1"]), recorded_by="test")


def _totals(sheet: dict[str, object]) -> list[tuple[str, str]]:
    return [(r["player"], r["shown"]) for r in sheet["standings"]["riichi"]]  # type: ignore[index]


def test_the_last_sessions_results_are_hidden_until_revealed(app: Application) -> None:
    app.open_night("riichi", PLAYERS, ruleset_id="ema2025", sessions=2, seed=1, night_id="night-day")
    _session(app, 1)
    app.hide_results("night-day", 2)
    _session(app, 2)
    # Session 2: Aki +27 again, Eri -27, Beni +27, Fumi -27.
    host = app.night_sheet("night-day")
    # Places: Chie, Dai, Gen, Hana 2nd twice (average 2); Beni and Eri 1st and 4th (2.5).
    assert _totals(host) == [("Aki", "+54.0"), ("Chie", "0.0"), ("Dai", "0.0"), ("Gen", "0.0"), ("Hana", "0.0"),
                             ("Beni", "0.0"), ("Eri", "0.0"), ("Fumi", "-54.0")]  # fmt: skip
    public = app.night_sheet("night-day", public=True)
    assert _totals(public) == [("Aki", "+27.0"), ("Eri", "+27.0"), ("Chie", "0.0"), ("Dai", "0.0"), ("Gen", "0.0"),
                               ("Hana", "0.0"), ("Beni", "-27.0"), ("Fumi", "-27.0")]  # fmt: skip
    hidden = public["sessions"][1]["tables"][0]
    assert (hidden["hidden"], hidden["scores"], hidden["places"]) == (True, [None] * 4, [None] * 4)
    room = app.room()
    assert [r["player"] for r in room["standings"]["riichi"]][:2] == ["Aki", "Eri"]
    assert all(t.get("hidden") for t in room["tables"])
    app.hide_results("night-day", None)
    assert _totals(app.night_sheet("night-day", public=True)) == _totals(app.night_sheet("night-day"))
    assert _totals(app.night_sheet("night-day", public=True))[0] == ("Aki", "+54.0")
    # Hidden again, then the night closed: a closed night's results are everyone's.
    app.hide_results("night-day", 2)
    for table in ("night-day-t3", "night-day-t4"):
        app.abandon_table("night-day", table, reason="time")
    for table in ("night-day-t1", "night-day-t2"):
        app.abandon_table("night-day", table, reason="time")
    closed = app.close_night("night-day")
    public = app.night_sheet("night-day", public=True)
    assert closed["closed"] and public["results_hidden_from"] is None
    assert not any(t.get("hidden") for session in public["sessions"] for t in session["tables"])


def test_a_cut_keeps_the_best_and_halves_what_came_before(app: Application) -> None:
    """Tenhou's rules: East's yakuman ron from South (48,000) busts South and ends each table:
    East 73,000 (43 + 20 + oka 20 = +83), West 25,000 (-5 + 10 = +5, 2nd on the tie by seat), North
    (-5 - 10 = -15), South -23,000 (-53 - 20 = -73)."""
    app.open_night("riichi", PLAYERS, ruleset_id="tenhou", sessions=3, seed=1, night_id="night-day")
    app.seat_session("night-day", mode="prescripted", schedule=FIRST)
    for table in ("night-day-t1", "night-day-t2"):
        app.record(table, intents.result(["ron", "0", "yakuman", "from", "1"]), recorded_by="test")
    with pytest.raises(InputError) as caught:
        app.cut("night-day", 4, "doubled")
    assert caught.value.message == "the results so far are kept, halved, cleared at a cut, not 'doubled'"
    sheet = app.cut("night-day", 4, "halved")
    # The best four (Aki, Eri at +83; Chie, Gen at +5) go on with half of it; the rest stand below.
    assert sheet["players"] == ["Aki", "Eri", "Chie", "Gen"]
    assert _totals(sheet) == [("Aki", "+41.5"), ("Eri", "+41.5"), ("Chie", "+2.5"), ("Gen", "+2.5"),
                              ("Dai", "-7.5"), ("Hana", "-7.5"), ("Beni", "-36.5"), ("Fumi", "-36.5")]  # fmt: skip
    assert [r.get("cut", False) for r in sheet["standings"]["riichi"]] == [False] * 4 + [True] * 4
    seated = app.seat_session("night-day")  # only the four who went on
    assert [sorted(t["players"]) for t in seated["sessions"][1]["tables"]] == [["Aki", "Chie", "Eri", "Gen"]]
    with pytest.raises(InputError, match="night-day-t3 plays on; a cut follows the session's last table"):
        app.cut("night-day", 2, "kept")


def _one_table(app: Application, ruleset: str) -> str:
    night = f"night-{ruleset}"
    app.open_night("riichi", PLAYERS[:4], ruleset_id=ruleset, sessions=1, seed=1, night_id=night)
    app.seat_session(night)
    return f"{night}-t1"


def _status(app: Application, table: str) -> str:
    night = table.rpartition("-t")[0]
    return str(app.night_sheet(night)["sessions"][0]["tables"][0]["status"])


def _hand(app: Application, table: str, line: str) -> None:
    app.record(table, intents.result(line.split()), recorded_by="test")


def test_time_up_ends_each_table_as_its_ruleset_says(app: Application) -> None:
    # WRC: the hand in play is the last; called between hands, the hand just played was.
    wrc = _one_table(app, "wrc")
    _hand(app, wrc, "ron 0 mangan from 1")
    assert _status(app, wrc) == "in play"
    app.call_time("night-wrc")
    assert _status(app, wrc) == "complete"
    # EMA 2025: one more hand after the one in play (here: after the last one played).
    ema = _one_table(app, "ema2025")
    _hand(app, ema, "ron 0 mangan from 1")
    app.call_time("night-ema2025", ema)
    assert _status(app, ema) == "in play"
    _hand(app, ema, "ron 2 mangan from 3")
    assert _status(app, ema) == "complete"
    with pytest.raises(InputError, match="the match is over: time was up"):
        _hand(app, ema, "ron 1 mangan from 2")
    with pytest.raises(InputError, match=f"{ema} has ended; time is called at a table in play"):
        app.call_time("night-ema2025", ema)


def test_a_chombo_after_time_ends_the_match_only_where_the_ruleset_says(app: Application) -> None:
    # Time called before any hand: the first hand is the last (JPML A) or the one after it counts
    # (EMA 2025: one more hand, and there none was in play: the first).
    jpml = _one_table(app, "jpml-a")
    app.call_time("night-jpml-a")
    with pytest.raises(InputError, match="time was called at this table already"):
        app.call_time("night-jpml-a")
    _hand(app, jpml, "chombo 1")  # JPML A: a chombo after time is played again
    assert _status(app, jpml) == "in play"
    _hand(app, jpml, "ron 0 mangan from 1")
    assert _status(app, jpml) == "complete"
    ema = _one_table(app, "ema2025")
    app.call_time("night-ema2025")
    _hand(app, ema, "chombo 1")  # EMA 2025: a chombo after time ends the match
    assert _status(app, ema) == "complete"
    with pytest.raises(InputError, match="night-ema2025-t9 is not a table of night-ema2025"):
        app.call_time("night-ema2025", "night-ema2025-t9")


def test_a_players_page_says_where_they_sit_and_hides_what_the_director_hides(app: Application) -> None:
    """WRC: each table's East wins a mangan from South, then time is called (the match is over)."""
    app.open_night("riichi", PLAYERS, ruleset_id="wrc", sessions=2, seed=1, night_id="night-day", title="Day")
    _session(app, 1)
    app.call_time("night-day")
    page = app.player_page("Eri", public=True)
    # Eri sat East at table 2 of session 1 (Eri, Fumi, Gen, Hana): +27.0, second of eight (Aki, by name).
    assert page["tonight"] == [{"night_id": "night-day", "title": "Day", "session": 1,
                                "table": {"match_id": "night-day-t2", "status": "complete", "seat": 0,
                                          "players": ["Eri", "Fumi", "Gen", "Hana"], "wind": "East"},
                                "place": 2, "of": 8, "shown": "+27.0"}]  # fmt: skip
    app.hide_results("night-day", 2)
    _session(app, 2)  # session 2: Eri sits South at table 1 (Aki, Eri, Chie, Gen): -27.0
    app.call_time("night-day")
    public, host = app.player_page("Eri", public=True), app.player_page("Eri")
    assert public["tonight"][0]["table"] == {"match_id": "night-day-t3", "status": "complete", "seat": 1,
                                             "players": ["Aki", "Eri", "Chie", "Gen"], "wind": "South"}  # fmt: skip
    assert (public["tonight"][0]["shown"], host["tonight"][0]["shown"]) == ("+27.0", "0.0")
    assert [m["match_id"] for m in public["matches"]] == ["night-day-t2"]
    assert sorted(m["match_id"] for m in host["matches"]) == ["night-day-t2", "night-day-t3"]
    shown = {row["player"]: row["total"] for row in app.season("riichi", public=True)["standings"]}
    everything = {row["player"]: row["total"] for row in app.season("riichi")["standings"]}
    assert (shown["Eri"], everything["Eri"]) == (27.0, 0.0)
    app.hide_results("night-day", None)
    assert [m["match_id"] for m in app.player_page("Eri", public=True)["matches"]] == [
        m["match_id"] for m in host["matches"]
    ]


def test_one_table_given_more_time_has_its_own_clock(app: Application) -> None:
    app.open_night("riichi", PLAYERS, ruleset_id="wrc", sessions=2, seed=1, night_id="night-day")
    app.seat_session("night-day", mode="prescripted", schedule=FIRST)
    app.start_clock("night-day", 90)
    sheet = app.start_clock("night-day", 20, match="night-day-t2")  # a late start at table 2
    session, own = app.clock_of_table("night-day-t1"), app.clock_of_table("night-day-t2")
    assert session is not None and own is not None
    assert (session["minutes"], session.get("table"), own["minutes"], own["table"], own["session"]) == (
        90, None, 20, True, 1,
    )  # fmt: skip
    assert [t["own_clock"] is not None for t in sheet["sessions"][0]["tables"]] == [False, True]
    with pytest.raises(IllegalEvent) as caught:
        app.start_clock("night-day", 10, match="night-day-t9")
    assert caught.value.code == "night.clock.table"
    app.start_clock("night-day", 0, match="night-day-t2")  # back to the session's clock
    assert app.clock_of_table("night-day-t2") == session
