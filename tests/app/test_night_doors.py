"""The night's use cases at their doors, against a real SQLite store: each refusal's whole line and
each limit from both sides (a penalty's points, the clock's minutes), a night's id on a day that
has some, the players present as typed, a table seated again only before it starts, an abandon
that is said once, and the penalties and substitutes a season reads, night after night."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.errors import InputError
from replay.app import night_state, night_summaries, nights
from store import EventStore, Store
from tests.helpers import Cli

FOUR = ["Aki", "Beni", "Chie", "Dai"]


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with EventStore.open(db, create=True) as opened:
        yield opened


def _open(cli: Cli, night_id: str, game: str = "riichi", players: list[str] = FOUR) -> None:
    """A night opened as the host opens it (its ruleset's every option recorded)."""
    assert cli("night", "open", game, *[a for n in players for a in ("-p", n)], "--id", night_id).code == 0


def _said(error: pytest.ExceptionInfo[InputError]) -> str:
    return error.value.message


def test_a_nights_id_on_a_day_that_has_some_takes_the_next_number(cli: Cli, store: Store) -> None:
    assert nights.fresh_id(store, "2026-12-03") == "night-2026-12-03"
    _open(cli, "night-2026-12-03")
    assert nights.fresh_id(store, "2026-12-03") == "night-2026-12-03-2"
    _open(cli, "night-2026-12-03-2")
    assert nights.fresh_id(store, "2026-12-03") == "night-2026-12-03-3"
    assert nights.fresh_id(store, "2026-12-04") == "night-2026-12-04"
    opened = nights.read(store, "night-2026-12-03").opened
    assert opened is not None
    with pytest.raises(InputError) as again:
        nights.open_night(store, opened, FOUR, recorded_by="host", night_id="night-2026-12-03")
    assert _said(again) == "night-2026-12-03 already exists; choose another id"
    with pytest.raises(InputError) as wrong:
        nights.open_night(store, opened, FOUR, recorded_by="host", night_id="club-december")
    assert _said(wrong) == "a night's id starts with night-, e.g. night-club-december"


def test_the_players_present_are_kept_as_typed_without_blanks(cli: Cli, store: Store) -> None:
    _open(cli, "night-p")
    night = nights.set_players(store, "night-p", [" Aki ", "", "Beni", "  ", "Eri"], recorded_by="host")
    assert night.players == ("Aki", "Beni", "Eri")
    assert nights.read(store, "night-p").players == ("Aki", "Beni", "Eri")


def test_the_sessions_clock_runs_0_to_600_minutes_of_the_last_session_seated(cli: Cli, store: Store) -> None:
    _open(cli, "night-c")
    with pytest.raises(InputError) as early:
        nights.start_clock(store, "night-c", 90, recorded_by="host")
    assert _said(early) == "no session is seated yet: seat one, then start its clock"
    nights.seat_next(store, "night-c", recorded_by="host")
    for minutes in (-1, 601):
        with pytest.raises(InputError) as wrong:
            nights.start_clock(store, "night-c", minutes, recorded_by="host")
        assert _said(wrong) == f"a session's clock runs 1 to 600 minutes (0 stops it), not {minutes}"
    for minutes in (0, 600, 90):
        night = nights.start_clock(store, "night-c", minutes, recorded_by="host")
    clock = night_state.clock_of(night)
    assert clock is not None and (clock["session"], clock["minutes"]) == (1, 90)
    started = clock["started_at"]
    # 90 minutes on from when it started, to the second, in UTC.
    from datetime import datetime, timedelta

    begun = datetime.fromisoformat(started.replace("Z", "+00:00"))
    assert clock["ends_at"] == (begun + timedelta(minutes=90)).isoformat().replace("+00:00", "Z")
    assert night_state.clock_of(nights.Night()) is None


def test_the_clock_of_a_closed_night_is_over(cli: Cli) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-k").code == 0
    assert cli("night", "close", "night-k").code == 0
    refused = cli("night", "clock", "night-k", "30")
    assert (refused.code, refused.err) == (2, "taikyoku: error: night-k is closed; its clock is over\n")


@pytest.mark.parametrize("points", [-1000, 1000, -1, 1])
def test_a_penalty_of_1_to_1000_points_either_way_is_given(cli: Cli, points: int) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-g").code == 0
    given = cli("night", "penalty", "night-g", "Aki", "--points", str(points), "--reason", " late ", "--json")
    assert given.code == 0, given.err
    [penalty] = given.json()["penalties"]
    assert (penalty["points"], penalty["reason"]) == (points, "late")


@pytest.mark.parametrize(
    ("points", "reason", "said"),
    [
        ("-1001", "late", "a penalty is -1000 to 1000 points, and not 0; not -1001"),
        ("1001", "late", "a penalty is -1000 to 1000 points, and not 0; not 1001"),
        ("0", "late", "a penalty is -1000 to 1000 points, and not 0; not 0"),
        ("-5", "  ", "say why the penalty is given (--reason)"),
    ],
)
def test_a_penalty_out_of_bounds_or_without_a_reason_is_refused_whole(
    cli: Cli, points: str, reason: str, said: str
) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-g").code == 0
    refused = cli("night", "penalty", "night-g", "Aki", "--points", points, "--reason", reason)
    assert (refused.code, refused.err) == (2, f"taikyoku: error: {said}\n")
    assert cli("night", "show", "night-g", "--json").json()["penalties"] == []


def test_a_long_reason_is_kept_to_4000_characters_and_a_match_note_to_200(cli: Cli) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-l").code == 0
    table = cli("night", "seat", "night-l", "--json").json()["sessions"][0]["tables"][0]["match_id"]
    long = "x" * 4100
    [penalty] = cli("night", "penalty", "night-l", "Aki", "--points", "-1", "--reason", long, "--json").json()[
        "penalties"
    ]
    assert len(penalty["reason"]) == 4000
    assert cli("night", "abandon", "night-l", table, "--reason", "y" * 250).code == 0
    assert cli("log", table, "--json").json()[-1]["payload"] == {"reason": "abandoned", "note": "y" * 200}


def test_a_table_is_abandoned_once_and_only_a_table_of_the_night(cli: Cli) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-a").code == 0
    table = cli("night", "seat", "night-a", "--json").json()["sessions"][0]["tables"][0]["match_id"]
    refused = cli("night", "abandon", "night-a", "night-a-t9", "--reason", "x")
    assert refused.err == "taikyoku: error: night-a-t9 is not a table of night-a\n"
    assert cli("night", "abandon", "night-a", table, "--reason", "x").code == 0
    twice = cli("night", "abandon", "night-a", table, "--reason", "x")
    assert (twice.code, twice.err) == (2, f"taikyoku: error: {table} is abandoned already\n")
    # Its end taken back, the table plays on, and may be abandoned again.
    assert cli("retract", table, "2", "--reason", "abandoned by mistake").code == 0
    assert cli("night", "abandon", "night-a", table, "--reason", "again").code == 0
    sheet = cli("night", "show", "night-a", "--json").json()
    assert [t["status"] for t in sheet["sessions"][0]["tables"]] == ["abandoned"]


def test_a_session_is_seated_again_only_before_any_table_of_it_starts(cli: Cli) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-s").code == 0
    table = cli("night", "seat", "night-s", "--json").json()["sessions"][0]["tables"][0]["match_id"]
    assert cli("round", table).code == 0  # one event after its first: started
    refused = cli("night", "seat", "night-s", "--again")
    assert refused.err == (f"taikyoku: error: {table} has started; a session is seated again only before any table "
                           "of it starts (abandon that table instead)\n")  # fmt: skip


def test_a_season_reads_the_penalties_and_substitutes_of_every_night_of_its_game(cli: Cli, store: Store) -> None:
    """A riichi night, then a Tensho night (listed first, the newer): the riichi season still finds
    the riichi night's penalty and substitute behind it."""
    _open(cli, "night-r")
    night = nights.seat_next(store, "night-r", recorded_by="host")
    match = night.tables[0].match_id
    nights.give_penalty(store, "night-r", "Aki", -5, "late", recorded_by="host")
    nights.substitute(store, "night-r", match, night.tables[0].players[3], "Ren", reason="ill",
                      counts_for="substitute", recorded_by="host", playing={match})  # fmt: skip
    _open(cli, "night-t", "tensho", ["Eri", "Fumi"])
    nights.give_penalty(store, "night-t", "Eri", -7, "phone", recorded_by="host")
    assert [n["night_id"] for n in nights.nights(store)] == ["night-t", "night-r"]
    read = night_summaries.summaries(store)
    [riichi] = night_summaries.penalties_given(read, "riichi")
    assert {k: riichi[k] for k in ("night_id", "player", "points", "reason", "match_id")} == {
        "night_id": "night-r", "player": "Aki", "points": -5, "reason": "late", "match_id": None}  # fmt: skip
    assert riichi["date"] == nights.nights(store)[1]["opened_at"][:10]
    assert [p["player"] for p in night_summaries.penalties_given(read, "tensho")] == ["Eri"]
    assert night_summaries.credits(read, "riichi") == {match: (*night.tables[0].players[:3], "Ren")}
    assert night_summaries.credits(read, "tensho") == {} and list(night_summaries.credits(read)) == [match]


def test_seating_again_needs_a_session_and_ends_the_last_sessions_tables_at_their_first_event(cli: Cli) -> None:
    _open(cli, "night-e", players=[*FOUR, "Eri", "Fumi", "Gen", "Hana"])
    refused = cli("night", "seat", "night-e", "--again")
    assert refused.err == "taikyoku: error: no session is seated yet: seat the first\n"
    first = [t["match_id"] for t in cli("night", "seat", "night-e", "--json").json()["sessions"][0]["tables"]]
    assert first == ["night-e-t1", "night-e-t2"]
    again = cli("night", "seat", "night-e", "--again", "--json").json()["sessions"]
    assert [t["match_id"] for t in again[0]["tables"]] == ["night-e-t3", "night-e-t4"] and len(again) == 1
    for match in first:
        ended = cli("log", match, "--json").json()
        assert [(e["seq"], e["type"], e["payload"]) for e in ended[1:]] == [
            (2, "match_ended", {"reason": "abandoned", "note": "the session was seated again"})]  # fmt: skip
    # The second session keeps apart the pairs the first (as seated again) put together.
    second = cli("night", "seat", "night-e", "--json").json()["sessions"]
    assert [t["match_id"] for t in second[1]["tables"]] == ["night-e-t5", "night-e-t6"]


def test_a_table_an_unfinished_seating_left_outside_the_night_is_ended_and_never_reused(cli: Cli) -> None:
    """night-o-t2 was made by a seating of an older version that stopped before the night named it:
    the next seating ends it at its head (in the same transaction) and numbers its tables after it."""
    _open(cli, "night-o")
    assert cli("new", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-o-t2").code == 0
    assert cli("round", "night-o-t2").code == 0  # a hand begun there: ended where it stands
    sheet = cli("night", "seat", "night-o", "--json").json()
    assert [t["match_id"] for t in sheet["sessions"][0]["tables"]] == ["night-o-t3"]
    log = cli("log", "night-o-t2", "--json").json()
    assert [(e["seq"], e["type"], e["payload"]) for e in log[2:]] == [
        (3, "match_ended", {"reason": "abandoned", "note": "made by a seating that did not finish"})]  # fmt: skip
    # Seated again, it is not ended twice; the next tables follow the last made.
    again = cli("night", "seat", "night-o", "--again", "--json").json()
    assert [t["match_id"] for t in again["sessions"][0]["tables"]] == ["night-o-t4"]
    assert len(cli("log", "night-o-t2", "--json").json()) == 3


def test_a_session_of_more_tables_than_a_night_seats_is_refused_before_anything_is_written(
    cli: Cli, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _open(cli, "night-big", players=[*FOUR, "Eri", "Fumi", "Gen", "Hana"])
    monkeypatch.setattr(nights, "SEATED_LIMIT", 1)
    with pytest.raises(InputError) as refused:
        nights.seat_next(store, "night-big", recorded_by="host")
    assert _said(refused) == "2 tables are more than a session seats (at most 1); split the players into two nights"
    assert not store.exists("night-big-t1") and nights.read(store, "night-big").sessions == ()
    monkeypatch.setattr(nights, "SEATED_LIMIT", 2)
    assert len(nights.seat_next(store, "night-big", recorded_by="host").sessions[0]) == 2


def test_a_table_that_moves_on_while_the_session_is_seated_again_leaves_everything_as_it_was(
    cli: Cli, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone stores a hand at the table between the check and the write: the whole seating is a
    conflict, said in words, and nothing of it is stored."""
    _open(cli, "night-r")
    nights.seat_next(store, "night-r", recorded_by="host")
    real_append_together = store.append_together

    def a_hand_first(batches: Any) -> Any:
        assert cli("round", "night-r-t1").code == 0  # the phone's hand, stored first
        return real_append_together(batches)

    monkeypatch.setattr(store, "append_together", a_hand_first)
    from store import ConcurrencyError

    with pytest.raises(ConcurrencyError) as moved:
        nights.seat_next(store, "night-r", recorded_by="host", again=True)
    assert moved.value.message == ("a table of the night moved on while the session was seated (a hand stored, or "
                                   "another host seated it); nothing was changed: look at the night again")  # fmt: skip
    # The night's head when it was read (opened, players, session 1): the seating's expected seq.
    assert (moved.value.match_id, moved.value.expected_seq, moved.value.actual_seq) == ("night-r", 3, 3)
    assert [t.match_id for t in nights.read(store, "night-r").tables] == ["night-r-t1"]
    assert [e.type for e in store.read("night-r-t1")] == ["match_started", "riichi.round_started"]


def test_a_night_opened_without_an_id_is_named_by_its_day_in_utc(
    cli: Cli, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a machine whose local day is not UTC's (14 hours ahead from UTC's noon, 12 behind before
    it), the id is UTC's day."""
    import time
    from datetime import UTC, datetime

    _open(cli, "night-model")
    opened = nights.read(store, "night-model").opened
    assert opened is not None
    monkeypatch.setenv("TZ", "Etc/GMT-14" if datetime.now(UTC).hour >= 12 else "Etc/GMT+12")  # POSIX signs
    time.tzset()
    try:
        days = {datetime.now(UTC).date().isoformat()}
        night = nights.open_night(store, opened, FOUR, recorded_by="host")
        days.add(datetime.now(UTC).date().isoformat())  # the day may turn while it opens
    finally:
        monkeypatch.undo()
        time.tzset()
    assert night.night_id in {f"night-{day}" for day in days}
    assert next(row["night_id"] for row in nights.nights(store)) == night.night_id


def test_the_nights_list_says_each_nights_title_and_last_event(cli: Cli, store: Store) -> None:
    assert cli("night", "open", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-t",
               "--title", "December club").code == 0  # fmt: skip
    [row] = nights.nights(store)
    assert (row["night_id"], row["title"], row["game"], row["last_seq"]) == ("night-t", "December club", "riichi", 2)


def test_reading_what_is_not_a_night_says_what_a_nights_id_is(store: Store) -> None:
    with pytest.raises(InputError) as wrong:
        nights.read(store, "club-december")
    assert _said(wrong) == "'club-december' is not a night; a night's id starts with night-"
    from store import UnknownMatchError

    with pytest.raises(UnknownMatchError) as unknown:
        nights.read(store, "night-none")
    assert (unknown.value.match_id, unknown.value.message) == (
        "night-none", "no night 'night-none' here; list the nights with `taikyoku night list`")  # fmt: skip


def test_a_closed_night_takes_no_penalty_and_closes_only_when_no_table_plays(cli: Cli, store: Store) -> None:
    _open(cli, "night-c", players=[*FOUR, "Eri", "Fumi", "Gen", "Hana"])
    with pytest.raises(InputError) as playing:
        nights.close(store, "night-c", recorded_by="host", playing=["night-c-t1", "night-c-t2"])
    assert _said(playing) == "night-c-t1, night-c-t2 plays on; record its end or abandon it, then close the night"
    nights.close(store, "night-c", recorded_by="host", playing=[])
    with pytest.raises(InputError) as closed:
        nights.give_penalty(store, "night-c", "Aki", -5, "late", recorded_by="host")
    assert _said(closed) == "night-c is closed; a penalty is given during the night"


def test_the_clock_read_back_runs_from_its_events_stored_time(cli: Cli, store: Store) -> None:
    _open(cli, "night-k")
    nights.seat_next(store, "night-k", recorded_by="host")
    nights.start_clock(store, "night-k", 90, recorded_by="host")
    stored_at = store.read_rows("night-k")[-1].recorded_at
    clock = night_state.clock_of(nights.read(store, "night-k"))
    assert clock is not None and clock["started_at"] == stored_at and clock["minutes"] == 90
    from datetime import datetime, timedelta

    assert datetime.fromisoformat(clock["ends_at"]) - datetime.fromisoformat(stored_at) == timedelta(minutes=90)


def test_a_substitutes_reason_is_kept_to_4000_characters(cli: Cli, store: Store) -> None:
    _open(cli, "night-s", players=[*FOUR, "Eri"])
    night = nights.seat_next(store, "night-s", recorded_by="host")
    table = night.tables[0]
    leaving = table.players[0]
    sitting_out = next(p for p in night.players if p not in table.players)
    after = nights.substitute(store, "night-s", table.match_id, leaving, sitting_out, reason="x" * 4001,
                              counts_for=None, recorded_by="host", playing={table.match_id})  # fmt: skip
    assert len(after.substitutions[0].reason) == 4000 and after.substitutions[0].counts_for == "player"


def test_seating_again_passes_over_an_abandoned_table_and_ends_the_rest(cli: Cli, store: Store) -> None:
    """Session 1's first table abandoned, the second not started: seated again, the second is
    ended at its first event, the first left as it was."""
    _open(cli, "night-a", players=[*FOUR, "Eri", "Fumi", "Gen", "Hana"])
    nights.seat_next(store, "night-a", recorded_by="host")
    nights.abandon(store, "night-a", "night-a-t1", recorded_by="host", reason="a player left")
    again = nights.seat_next(store, "night-a", recorded_by="host", again=True)
    assert [t.match_id for t in again.sessions[0]] == ["night-a-t3", "night-a-t4"]
    assert [e.type for e in store.read("night-a-t1")] == ["match_started", "match_ended"]
    assert [(e.type, e.payload) for e in store.read("night-a-t2")][1:] == [
        ("match_ended", {"reason": "abandoned", "note": "the session was seated again"})]  # fmt: skip


def test_a_table_made_outside_the_night_with_its_first_event_alone_is_ended_too(cli: Cli, store: Store) -> None:
    _open(cli, "night-f")
    assert cli("new", "riichi", *[a for n in FOUR for a in ("-p", n)], "--id", "night-f-t1").code == 0
    night = nights.seat_next(store, "night-f", recorded_by="host")
    assert [t.match_id for t in night.tables] == ["night-f-t2"]
    assert [e.type for e in store.read("night-f-t1")] == ["match_started", "match_ended"]
