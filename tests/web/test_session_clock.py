"""The session's clock: the host starts it (its minutes from the event's time), the room's screen
and each table's phone count it down by the server's time and say "last hand" when it is over; a
clock for a session not seated last is refused by the night's fold; 0 stops it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import Server, token_of

EIGHT = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]


def test_the_clock_is_the_last_sessions_from_the_hosts_word(cli: Cli) -> None:
    assert cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-c").code == 0
    refused = cli("night", "clock", "night-c", "90")
    assert refused.code == 2 and refused.err == (
        "taikyoku: error: no session is seated yet: seat one, then start its clock\n")  # fmt: skip
    assert cli("night", "seat", "night-c").code == 0
    sheet = cli("night", "clock", "night-c", "90", "--json").json()
    clock = sheet["clock"]
    started = datetime.fromisoformat(clock["started_at"].replace("Z", "+00:00"))
    assert (clock["session"], clock["minutes"]) == (1, 90)
    assert clock["ends_at"] == (started + timedelta(minutes=90)).isoformat().replace("+00:00", "Z")
    assert abs(datetime.now(UTC) - started) < timedelta(hours=1)
    assert "session 1's clock: 90 minutes, until" in cli("night", "show", "night-c").out
    assert cli("night", "clock", "night-c", "0", "--json").json()["clock"] is None  # stopped
    assert cli("night", "clock", "night-c", "601").code == 2


def test_a_sessions_clock_goes_from_the_room_when_the_next_session_is_seated(cli: Cli) -> None:
    """Plant: the clock shown whatever session it was started for (session 1's clock stayed on the
    room, counting down over session 2)."""
    assert cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-d").code == 0
    assert cli("night", "seat", "night-d").code == 0
    assert cli("night", "clock", "night-d", "60", "--json").json()["clock"]["session"] == 1
    seated = cli("night", "seat", "night-d", "--json").json()  # session 2: its clock not started yet
    assert len(seated["sessions"]) == 2 and seated["clock"] is None
    assert "clock" not in cli("night", "show", "night-d").out
    from replay.app.application import Application

    app = Application(str(cli.db))
    try:
        assert app.room()["clock"] is None
        assert cli("night", "clock", "night-d", "45", "--json").json()["clock"]["session"] == 2
        assert (app.room()["clock"] or {}).get("minutes") == 45
    finally:
        app.close()


def test_the_nights_fold_refuses_a_clock_of_another_session() -> None:
    from events.match import MatchLength, Ruleset
    from events.night import NightClock, NightOpened, NightPlayers, NightSeated, NightTable
    from replay.app import night_state, nights
    from replay.engine.fold import IllegalEvent, Step

    opened = NightOpened(game="tensho", ruleset=Ruleset(id="tensho-standard", options={}), per_table=2,
                         length=MatchLength(unit="rounds", count=1), seed=1, sessions=2, title="t")  # fmt: skip
    night = nights.Night(night_id="night-x")
    for seq, event in enumerate((opened, NightPlayers(players=("A", "B")),
                                 NightSeated(session=1, tables=(NightTable(match_id="night-x-t1", players=("A", "B")),))),
                                1):  # fmt: skip
        night = nights.apply(night, Step(seq, event.EVENT_TYPE, event))
    wrong = NightClock(minutes=60, session=2)
    with pytest.raises(IllegalEvent) as refused:
        nights.apply(night, Step(4, wrong.EVENT_TYPE, wrong))
    assert (refused.value.code, refused.value.reason) == ("night.clock.session",
                                                          "session 2 is not the one seated last (1)")  # fmt: skip
    right = NightClock(minutes=60, session=1)
    after = nights.apply(night, Step(4, right.EVENT_TYPE, right, recorded_at="2026-12-03T19:00:00.000000Z"))
    assert night_state.clock_of(after) == {"session": 1, "minutes": 60, "started_at": "2026-12-03T19:00:00.000000Z",
                                      "ends_at": "2026-12-03T20:00:00Z"}  # fmt: skip


def test_the_room_and_a_tables_phone_count_the_clock_down_and_say_last_hand(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Plant: the clock counted by the page's own time (a screen whose clock is off by minutes)."""
    assert cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-t").code == 0
    table = cli("night", "seat", "night-t", "--json").json()["sessions"][0]["tables"][0]["match_id"]
    assert cli("night", "clock", "night-t", "45").code == 0
    server = Server(str(db), secret)
    contexts = []
    try:
        room_context = browser.new_context(viewport={"width": 1920, "height": 1080})
        phone_context = browser.new_context(viewport={"width": 390, "height": 844})
        contexts += [room_context, phone_context]
        room, phone = room_context.new_page(), phone_context.new_page()
        # Each page's own clock set 30 minutes wrong: the count is the server's all the same.
        room.clock.install(time=datetime.now(UTC) + timedelta(minutes=30))
        phone.clock.install(time=datetime.now(UTC) - timedelta(minutes=30))
        room.goto(f"{server.base}/")
        phone.goto(f"{server.base}/tables/{table}?token={token_of(cli, secret, table)}")
        room.clock.run_for(2000)
        phone.clock.run_for(2000)
        room.wait_for_selector("#clock:has-text('left')")
        phone.wait_for_selector("#clock:has-text('left in the session')")
        minutes = int(room.inner_text("#clock").split(": ")[1].split(":")[0])
        assert 40 <= minutes <= 44, room.inner_text("#clock")  # 45 minutes from the host's word, less the setting up
        assert 40 <= int(phone.inner_text("#clock").split(":")[0]) <= 44, phone.inner_text("#clock")
        room.clock.run_for(46 * 60 * 1000)  # the pages' own time runs on past the end
        phone.clock.run_for(46 * 60 * 1000)
        room.wait_for_selector("#clock[data-over='true']:has-text('time is up, last hand')")
        phone.wait_for_selector("#clock[data-over='true']:has-text('this hand is the last')")
    finally:
        for context in contexts:
            context.close()
        server.stop()
