"""A club night through the application, on a real SQLite file and a real PostgreSQL server: opened,
seated session by session (a match per table), seated again before it starts, a table abandoned,
closed; and its fold, which refuses what a night cannot hold, each with its stable code."""

from __future__ import annotations

import pytest

from events.errors import InputError
from events.match import MatchLength, Ruleset
from events.night import NightClosed, NightOpened, NightPlayers, NightSeated, NightTable
from replay.app import nights
from replay.app.application import Application
from replay.engine.fold import IllegalEvent, Step

EIGHT = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]


def test_a_night_of_two_riichi_tables_seated_twice_and_closed(app: Application) -> None:
    sheet = app.open_night("riichi", EIGHT, sessions=2, seed=4, night_id="night-thursday", title="Thursday")
    assert (sheet["night_id"], sheet["per_table"], sheet["players"], sheet["sessions"]) == (
        "night-thursday", 4, EIGHT, [],
    )  # fmt: skip
    sheet = app.seat_session("night-thursday")
    [first] = sheet["sessions"]
    assert [t["match_id"] for t in first["tables"]] == ["night-thursday-t1", "night-thursday-t2"]
    assert sorted(name for t in first["tables"] for name in t["players"]) == sorted(EIGHT)
    # Each table is a match of the night's ruleset, its players in seat order.
    kept = app.match("night-thursday-t1")
    assert list(kept.state.names) == first["tables"][0]["players"]
    assert kept.steps[0].payload.ruleset.id == "tenhou"  # type: ignore[attr-defined]
    # Seated again before any table started: new matches; the first ones end as abandoned.
    sheet = app.seat_session("night-thursday", again=True)
    assert [t["match_id"] for t in sheet["sessions"][0]["tables"]] == ["night-thursday-t3", "night-thursday-t4"]
    status = {row["match_id"]: row["status"] for row in app.matches()}
    assert (status["night-thursday-t1"], status["night-thursday-t3"]) == ("abandoned", "in play")
    # A table that has started cannot be seated again; it is abandoned instead.
    app.record("night-thursday-t3", _result("ron 0 mangan from 1"), recorded_by="test")
    with pytest.raises(InputError, match="has started"):
        app.seat_session("night-thursday", again=True)
    with pytest.raises(InputError, match="plays on"):
        app.close_night("night-thursday")
    sheet = app.abandon_table("night-thursday", "night-thursday-t3", reason="a player was called away")
    sheet = app.abandon_table("night-thursday", "night-thursday-t4", reason="the room closes")
    assert [t["status"] for t in sheet["sessions"][0]["tables"]] == ["abandoned", "abandoned"]
    closed = app.close_night("night-thursday")
    assert closed["closed"] is True
    with pytest.raises(InputError, match="closed"):
        app.seat_session("night-thursday")
    assert [n["night_id"] for n in app.nights()] == ["night-thursday"]
    assert "night-thursday" not in {row["match_id"] for row in app.matches()}  # a night is not a match


def test_too_few_players_and_a_second_night_of_the_same_id_are_refused(app: Application) -> None:
    app.open_night("tensho", ["Aki"], night_id="night-small")
    with pytest.raises(InputError, match="1 players are present; a table seats 2"):
        app.seat_session("night-small")
    with pytest.raises(InputError, match="already exists"):
        app.open_night("tensho", ["Aki", "Beni"], night_id="night-small")
    with pytest.raises(InputError, match="starts with night-"):
        app.open_night("tensho", ["Aki", "Beni"], night_id="club-small")


def _result(line: str) -> object:
    from replay.app import intents

    return intents.result(line.split())


OPENED = NightOpened(game="tensho", length=MatchLength(count=6, unit="rounds"), per_table=2, seed=1,
                     ruleset=Ruleset(id="tensho", options={}), sessions=2, title="club")  # fmt: skip


def _step(seq: int, payload: object) -> Step:
    return Step(seq, payload.EVENT_TYPE, payload)  # type: ignore[attr-defined,arg-type]


# Each refusal's words and the event it names, whole.
SAID = {
    "night.not_opened": ("a night's first event is night.opened", 1),
    "night.opened_twice": ("the night is already open", 2),
    "night.players.twice": ("Aki is listed twice; list each player once", 2),
    "night.session.order": ("session 2 cannot be seated now: the next is 1", 3),
    "night.table.size": ("a table seats 2, not 3", 3),
    "night.player.absent": ("Dai is not among the players present", 3),
    "night.player.twice": ("a player is seated at two tables of one session", 3),
    "night.closed": ("the night is closed; open another for more games", 3),
}


@pytest.mark.parametrize(
    ("events", "code"),
    [
        ([NightPlayers(players=("Aki",))], "night.not_opened"),
        ([OPENED, OPENED], "night.opened_twice"),
        ([OPENED, NightPlayers(players=("Aki", "Aki"))], "night.players.twice"),
        ([OPENED, NightPlayers(players=("Aki", "Beni")),
          NightSeated(session=2, tables=(NightTable(match_id="t-1", players=("Aki", "Beni")),))], "night.session.order"),
        ([OPENED, NightPlayers(players=("Aki", "Beni", "Chie")),
          NightSeated(session=1, tables=(NightTable(match_id="t-1", players=("Aki", "Beni", "Chie")),))],
         "night.table.size"),
        ([OPENED, NightPlayers(players=("Aki", "Beni")),
          NightSeated(session=1, tables=(NightTable(match_id="t-1", players=("Aki", "Dai")),))], "night.player.absent"),
        ([OPENED, NightPlayers(players=("Aki", "Beni")),
          NightSeated(session=1, tables=(NightTable(match_id="t-1", players=("Aki", "Aki")),))], "night.player.twice"),
        ([OPENED, NightClosed(), NightPlayers(players=("Aki",))], "night.closed"),
    ],
)  # fmt: skip
def test_the_night_fold_refuses_what_a_night_cannot_hold(events: list[object], code: str) -> None:
    night = nights.Night(night_id="night-x")
    with pytest.raises(IllegalEvent) as refused:
        for seq, payload in enumerate(events, start=1):
            night = nights.apply(night, _step(seq, payload))
    assert (refused.value.code, refused.value.reason, refused.value.seq) == (code, *SAID[code])
