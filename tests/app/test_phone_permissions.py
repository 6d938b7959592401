"""What a table's phone may write, held by the application whatever the page shows, on a real SQLite
file and a real PostgreSQL server: once its match is over, the phone's undo alone, for five minutes
after the end, never over an abandon (the host's or a re-seating's) nor at a closed night; the
host's undo never at a closed night. Each refusal is matched whole, with its code."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events.envelope import new_event
from replay.app.application import Application
from replay.app.phones import PhoneRefused
from store.errors import ConcurrencyError

FOUR = ["Aki", "Beni", "Chie", "Dai"]
PHONE = "table phone"


def _ended_by_a_hand(app: Application, match: str) -> None:
    """A riichi table's first hand ends the match: Dai, at 7,000, deals a mangan to Beni (8,000)."""
    app.enter(match, "round --scores 34000,29000,30000,7000 --dealer 0", recorded_by="test")
    app.enter(match, "result ron S mangan from N", recorded_by="test")
    assert app.document(match)["status"] == "complete"


def _refused(call: object, code: str, said: str) -> None:
    with pytest.raises(PhoneRefused) as refused:
        call()  # type: ignore[operator]
    assert (refused.value.code, refused.value.message) == (code, said)


def test_the_phone_undoes_the_hand_that_ended_its_match_and_nothing_else(app: Application) -> None:
    """Plants: any write taken after the end (the phone recorded a note, a new hand's events); the
    undo refused as soon as the match ended."""
    app.new_match("riichi", FOUR, recorded_by="test", match_id="tbl-1")
    _ended_by_a_hand(app, "tbl-1")
    head = app.document("tbl-1")["head_seq"]
    _refused(lambda: app.enter("tbl-1", "note the dealer misdealt", recorded_by=PHONE, by_phone=True),
             "phone.match_over", "the match is over; this phone records nothing more in it (the host's page can "
             "undo its last hand)")  # fmt: skip
    _refused(lambda: app.enter_move("tbl-1", "round", {}, recorded_by=PHONE, expected_seq=head, by_phone=True),
             "phone.match_over", "the match is over; this phone records nothing more in it (the host's page can "
             "undo its last hand)")  # fmt: skip
    assert app.document("tbl-1")["head_seq"] == head  # nothing written
    undone = app.enter("tbl-1", "undo", recorded_by=PHONE, expected_seq=head, by_phone=True)
    assert [s.type for s in undone.undone] == ["riichi.round_started", "riichi.declared_win"]  # one undo a hand
    assert app.document("tbl-1")["status"] == "in play"


def test_the_phone_never_undoes_an_abandon(app: Application) -> None:
    """Plant: the phone's undo of the host's abandon (the host's own undo refuses it)."""
    app.new_match("riichi", FOUR, recorded_by="test", match_id="tbl-2")
    app.abandon("tbl-2", "the players left", recorded_by="host")
    assert app.document("tbl-2")["phone_undo_until"] is None
    _refused(lambda: app.enter("tbl-2", "undo", recorded_by=PHONE, by_phone=True),
             "phone.match_abandoned", "the match was abandoned (the players left); only the host's page can "
             "reopen it")  # fmt: skip
    assert app.document("tbl-2")["status"] == "abandoned"
    # The command line's undo is the host's own: not held to the phone's rules.
    app.enter("tbl-2", "undo", recorded_by="host")
    assert app.document("tbl-2")["status"] == "in play"


def test_the_phone_never_ends_its_match_by_a_document(app: Application) -> None:
    """Plant: a phone's raw events taken whole (a match_ended sent by hand to the events endpoint)."""
    from events.ingest import Document

    app.new_match("riichi", FOUR, recorded_by="test", match_id="tbl-3")
    ended = Document("event 1", {"type": "match_ended", "payload": {"reason": "abandoned"}})
    _refused(lambda: app.record_documents("tbl-3", [ended], recorded_by=PHONE, expected_seq=1, by_phone=True),
             "phone.match_ended", "a table's phone does not end its match; the host's page abandons a table")  # fmt: skip
    assert app.document("tbl-3")["status"] == "in play"


def test_five_minutes_after_the_end_the_phone_writes_no_more(app: Application) -> None:
    """The same match recorded again, its last hand (which ended it) stored six minutes ago and four
    minutes ago, the events before it ten minutes apart: the window runs from the event that ended
    the match. Six minutes on, the undo is refused saying when it ended; four, it is taken. Plants:
    the window measured from when a page first saw the end (the server took an undo seven minutes
    after it), or from another event than the end; no window."""
    app.new_match("riichi", FOUR, recorded_by="test", match_id="made-1")
    _ended_by_a_hand(app, "made-1")
    payloads = [e.decode() for e in app.events("made-1")]
    for minutes, match in ((6, "late-1"), (4, "late-2")):
        at = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=minutes)
        stamps = [(at - timedelta(minutes=10 * (len(payloads) - 1 - n))).isoformat().replace("+00:00", "Z")
                  for n in range(len(payloads))]  # fmt: skip
        with app.store() as store:
            store.append(match, 0, [new_event(p, recorded_by="test", recorded_at=stamp)
                                    for p, stamp in zip(payloads, stamps, strict=True)])  # fmt: skip
        until = (at + timedelta(minutes=5)).isoformat().replace("+00:00", "Z")
        assert app.document(match)["phone_undo_until"] == until
        if match == "late-1":
            _refused(lambda: app.enter("late-1", "undo", recorded_by=PHONE, by_phone=True), "phone.undo_too_late",
                     f"the match ended more than 5 minutes ago ({at.strftime('%H:%M')} UTC); the host's page can "
                     "undo its last hand")  # fmt: skip
    assert app.document("late-1")["status"] == "complete"
    app.enter("late-2", "undo", recorded_by=PHONE, by_phone=True)
    assert app.document("late-2")["status"] == "in play"


def test_the_window_is_five_minutes_to_the_microsecond(app: Application) -> None:
    """At exactly five minutes after the end the undo is still the phone's; a microsecond later it
    is not. Plant: the window closed at five minutes (>= for >)."""
    from replay.app.phones import check_phone_write

    app.new_match("riichi", FOUR, recorded_by="test", match_id="edge-1")
    _ended_by_a_hand(app, "edge-1")
    kept = app.match("edge-1")
    ended = datetime.fromisoformat(app.events("edge-1")[-1].recorded_at)
    with app.store() as store:
        check_phone_write(store, kept, undo=True, night_closed=False, now=ended + timedelta(minutes=5))
        with pytest.raises(PhoneRefused) as refused:
            check_phone_write(store, kept, undo=True, night_closed=False,
                              now=ended + timedelta(minutes=5, microseconds=1))  # fmt: skip
    assert refused.value.code == "phone.undo_too_late"


def test_in_play_the_phone_records_as_any_table_does(app: Application) -> None:
    """Plant: the phone's rules applied to a match in play (every tap refused as over)."""
    app.new_match("riichi", FOUR, recorded_by="test", match_id="tbl-4")
    offered = app.moves("tbl-4")
    move = next(o["move"] for o in offered["offers"] if o["words"] == "next")
    app.enter_move("tbl-4", move["verb"], move["values"], recorded_by=PHONE, expected_seq=offered["head_seq"],
                   by_phone=True)  # fmt: skip
    app.enter("tbl-4", "note the phone's note", recorded_by=PHONE, by_phone=True)
    assert [e.recorded_by for e in app.events("tbl-4")][-2:] == [PHONE, PHONE]


def test_an_abandon_without_a_note_is_said_without_one(app: Application) -> None:
    """A match_ended recorded as abandoned with no note (a command's `record`): the phone's refusal
    says so plainly. Plant: an empty note shown as "()"."""
    from events.ingest import Document

    app.new_match("riichi", FOUR, recorded_by="test", match_id="tbl-5")
    ended = Document("event 1", {"type": "match_ended", "payload": {"reason": "abandoned"}})
    app.record_documents("tbl-5", [ended], recorded_by="host", expected_seq=1)
    _refused(lambda: app.enter("tbl-5", "undo", recorded_by=PHONE, by_phone=True),
             "phone.match_abandoned", "the match was abandoned; only the host's page can reopen it")  # fmt: skip


def test_a_closed_night_is_final_for_the_phone_and_the_host(app: Application) -> None:
    """Plants: a phone's undo that reopened a table of a closed night; the host's likewise."""
    app.open_night("riichi", FOUR, night_id="night-shut")
    (table,) = (t["match_id"] for t in app.seat_session("night-shut")["sessions"][0]["tables"])
    _ended_by_a_hand(app, table)
    assert app.document(table)["phone_undo_until"] is not None
    app.close_night("night-shut")
    assert app.document(table)["phone_undo_until"] is None  # the page offers no undo the server refuses
    _refused(lambda: app.enter(table, "undo", recorded_by=PHONE, by_phone=True),
             "phone.night_closed", "the night is closed; its tables' results are final")  # fmt: skip
    with pytest.raises(Exception) as refused:
        app.undo_at_table("night-shut", table)
    assert refused.value.args[0] == "night-shut is closed: its tables' results are final"
    assert app.document(table)["status"] == "complete"


def test_taps_queued_on_a_phone_before_a_reseat_or_an_abandon_are_refused_in_words(app: Application) -> None:
    """A phone's tap made on the head before the host re-seated the session (or abandoned the table)
    reaches the server after it: refused, saying the table was abandoned and why, never stored and
    never said as "another phone recorded first". Plant: the conflict checked first."""
    app.open_night("riichi", [*FOUR, "Eri", "Fumi", "Gen", "Hana"], night_id="night-race")
    first, second = (t["match_id"] for t in app.seat_session("night-race")["sessions"][0]["tables"])
    offered = app.moves(first)
    next_move = next(o["move"] for o in offered["offers"] if o["words"] == "next")
    app.seat_session("night-race", again=True)  # the session seated again: both tables end as abandoned
    _refused(lambda: app.enter_move(first, next_move["verb"], next_move["values"], recorded_by=PHONE,
                                    expected_seq=offered["head_seq"], by_phone=True),
             "phone.match_abandoned", "the match was abandoned (the session was seated again); only the host's "
             "page can reopen it")  # fmt: skip
    head = app.document(second)["head_seq"]
    app.open_night("riichi", FOUR, night_id="night-race2")
    (third,) = (t["match_id"] for t in app.seat_session("night-race2")["sessions"][0]["tables"])
    seen = app.document(third)["head_seq"]
    app.abandon_table("night-race2", third, reason="Dai was called away")
    _refused(lambda: app.enter(third, "round", recorded_by=PHONE, expected_seq=seen, by_phone=True),
             "phone.match_abandoned", "the match was abandoned (Dai was called away); only the host's page can "
             "reopen it")  # fmt: skip
    # Not a phone (the command line): the usual conflict on a head since overtaken.
    with pytest.raises(ConcurrencyError):
        app.enter(second, "round", recorded_by="test", expected_seq=head - 1)
