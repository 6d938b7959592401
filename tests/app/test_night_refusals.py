"""Every refusal of the night's fold, whole: its stable code, its words and the event it names (seq
and type), on a night of eight players at two tables of four (the second abandoned). And what the
fold keeps of what it takes: a substitute in a seat and whose the result is, a penalty and its
cancel, each with the seq that gave it. The expected words are the rules' own, as literals."""

from __future__ import annotations

from typing import Any

import pytest

from events.match import MatchEnded, MatchLength, Ruleset
from events.model import Payload
from events.night import (
    NightClock,
    NightClosed,
    NightCut,
    NightOnline,
    NightOpened,
    NightPenalty,
    NightPlayers,
    NightRegistered,
    NightSeated,
    NightSubstitute,
    NightTable,
    NightTableAbandoned,
    NightTableClock,
    Registered,
)
from replay.app import night_state, nights
from replay.engine.fold import IllegalEvent, Step

EIGHT = ("Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana")


def _night(*more: Payload) -> nights.Night:
    opened = NightOpened(game="riichi", ruleset=Ruleset(id="tenhou", options={}), per_table=4,
                         length=MatchLength(unit="hanchan", count=1), seed=1, sessions=2, title="t")  # fmt: skip
    seated = NightSeated(session=1, tables=(NightTable(match_id="night-x-1", players=EIGHT[:4]),
                                            NightTable(match_id="night-x-2", players=EIGHT[4:])))  # fmt: skip
    events = (
        opened,
        NightPlayers(players=EIGHT),
        seated,
        NightTableAbandoned(match_id="night-x-2", reason="ill"),
        *more,
    )
    night = nights.Night(night_id="night-x")
    for seq, event in enumerate(events, 1):
        night = nights.apply(night, Step(seq, event.EVENT_TYPE, event))
    return night


def _refused(night: nights.Night, event: Payload) -> tuple[str, str, int | None, str | None]:
    with pytest.raises(IllegalEvent) as refused:
        nights.apply(night, Step(night.head + 1, event.EVENT_TYPE, event))
    found = refused.value
    return found.code, found.reason, found.seq, found.event_type


def _substitute(**fields: Any) -> NightSubstitute:
    given = {"match_id": "night-x-1", "leaves": "Dai", "substitute": "Ren", "reason": "ill", "counts_for": "player"}
    return NightSubstitute(**(given | fields))


@pytest.mark.parametrize(
    ("fields", "code", "reason"),
    [
        ({"match_id": "night-x-9"}, "night.table.unknown", "night-x-9 is not a table of this night"),
        ({"match_id": "night-x-2", "leaves": "Eri"}, "night.table.abandoned",
         "night-x-2 is abandoned: nobody plays on there"),
        ({"leaves": "Eri"}, "night.substitute.not_seated", "Eri does not sit at night-x-1 (Aki, Beni, Chie, Dai do)"),
        ({"substitute": "Chie"}, "night.substitute.seated", "Chie sits at night-x-1 already"),
        ({"substitute": "Re\u200bn"}, "night.player.name",
         "the substitute's name 'Re\\u200bn' holds the invisible character U+200B; a name is what it shows: remove it"),
        ({"substitute": "BENI"}, "night.player.name",
         "'BENI' and 'Beni' look alike; give the substitute a name the table can tell apart (or the very name, if it "
         "is them)"),
    ],
)  # fmt: skip
def test_a_substitution_the_night_cannot_hold_is_refused_whole(fields: dict[str, Any], code: str, reason: str) -> None:
    assert _refused(_night(), _substitute(**fields)) == (code, reason, 5, "night.substitute")


def test_a_substitute_sits_in_the_seat_and_the_result_is_whose_the_substitution_says() -> None:
    """Ren for Dai (the result Dai's), then Sora for Ren (the result Sora's): Sora sits in seat 3,
    the seat's result is Sora's; the seqs and the night's head are the events'. A player of the
    night without a table of the session (Eri's is abandoned) may sit in."""
    night = _night(_substitute(), _substitute(leaves="Ren", substitute="Sora", counts_for="substitute", reason="late"))
    assert night.sitting("night-x-1") == ("Aki", "Beni", "Chie", "Sora")
    assert night.credited("night-x-1") == ("Aki", "Beni", "Chie", "Sora")
    assert [tuple(c) for c in night.substitutions] == [
        (5, "night-x-1", "Dai", "Ren", "player", "ill"), (6, "night-x-1", "Ren", "Sora", "substitute", "late")]  # fmt: skip
    assert night.head == 6
    kept = _night(_substitute())
    assert (kept.sitting("night-x-1"), kept.credited("night-x-1"), kept.head) == (
        ("Aki", "Beni", "Chie", "Ren"), EIGHT[:4], 5)  # fmt: skip
    eri = _night(_substitute(substitute="Eri"))
    assert eri.sitting("night-x-1") == ("Aki", "Beni", "Chie", "Eri")
    assert _night().sitting("night-x-9") == () and _night().credited("night-x-9") == ()


@pytest.mark.parametrize(
    ("given", "code", "reason"),
    [
        (NightPenalty(cancels=9), "night.penalty.unknown", "no penalty at seq 9 to take back"),
        (NightPenalty(cancels=5, player="Aki"), "night.penalty.cancel", "a cancel names only the penalty it takes back"),
        (NightPenalty(cancels=5, points=-5), "night.penalty.cancel", "a cancel names only the penalty it takes back"),
        (NightPenalty(cancels=5, reason="x"), "night.penalty.cancel", "a cancel names only the penalty it takes back"),
        (NightPenalty(player="Aki", points=-5), "night.penalty.incomplete",
         "a penalty names the player, its points (not 0) and why"),
        (NightPenalty(player="Aki", reason="x"), "night.penalty.incomplete",
         "a penalty names the player, its points (not 0) and why"),
        (NightPenalty(points=-5, reason="x"), "night.penalty.incomplete",
         "a penalty names the player, its points (not 0) and why"),
        (NightPenalty(player="Ren", points=-5, reason="x"), "night.player.absent", "Ren is not a player of this night"),
        (NightPenalty(player="Aki", points=-5, reason="x", match_id="night-x-9"), "night.table.unknown",
         "night-x-9 is not a table of this night"),
    ],
)  # fmt: skip
def test_a_penalty_the_night_cannot_hold_is_refused_whole(given: NightPenalty, code: str, reason: str) -> None:
    first = NightPenalty(player="Aki", points=-10, reason="late", match_id="night-x-1")
    assert _refused(_night(first), given) == (code, reason, 6, "night.penalty")


def test_a_penalty_is_kept_with_its_seq_and_a_cancel_takes_back_that_one_only() -> None:
    """Aki's -10 at seq 5, Ren's -3 (Ren sat in for Dai at seq 6) at seq 7; the cancel of seq 5
    leaves Ren's. Plants: a cancel taking every penalty, or the last one; the seq not the event's."""
    given = (NightPenalty(player="Aki", points=-10, reason="late", match_id="night-x-1"), _substitute(),
             NightPenalty(player="Ren", points=-3, reason="phone"))  # fmt: skip
    night = _night(*given)
    assert [tuple(p) for p in night.penalties] == [(5, "Aki", -10, "late", "night-x-1"), (7, "Ren", -3, "phone", None)]
    taken = _night(*given, NightPenalty(cancels=5))
    assert [tuple(p) for p in taken.penalties] == [(7, "Ren", -3, "phone", None)] and taken.head == 8


def test_the_night_refuses_what_comes_after_it_is_closed_and_a_second_opening() -> None:
    assert _refused(_night(NightClosed()), _substitute()) == (
        "night.closed", "the night is closed; open another for more games", 6, "night.substitute")  # fmt: skip
    opened = _night().opened
    assert opened is not None
    assert _refused(_night(), opened) == ("night.opened_twice", "the night is already open", 5, "night.opened")


def _opened_only() -> nights.Night:
    night = _night()
    assert night.opened is not None
    return nights.apply(nights.Night(night_id="night-y"), Step(1, "night.opened", night.opened))


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (("Aki", "Beni", "Aki", "Beni", "Chie"), "Aki, Beni is listed twice; list each player once"),
        (("Aki", "Be\u200bni"),
         "the name 'Be\\u200bni' holds the invisible character U+200B; a name is what it shows: remove it"),
        (("Aki", "BENI", "Beni"), "'Beni' and 'BENI' look alike; give each player a name the table can tell apart"),
    ],
)  # fmt: skip
def test_players_listed_by_a_raw_event_are_checked_as_the_doors_check_them(
    players: tuple[str, ...], reason: str
) -> None:
    """The fold checks a night.players event as the commands do: a stored night read by another
    program, or written by an older one, is refused with the same code and words."""
    code = "night.players.twice" if "twice" in reason else "night.player.name"
    assert _refused(_opened_only(), NightPlayers(players=players)) == (code, reason, 2, "night.players")


@pytest.mark.parametrize(
    ("event", "code", "reason"),
    [
        (NightSeated(session=2, tables=(NightTable(match_id="night-x-3", players=("Aki", "Ren", "Sora", "Beni")),)),
         "night.player.absent", "Ren, Sora is not among the players present"),
        (NightSeated(session=2, tables=(NightTable(match_id="night-x-3", players=("Ren", *EIGHT[1:4])),
                                        NightTable(match_id="night-x-4", players=EIGHT[4:]))),
         "night.player.absent", "Ren is not among the players present"),  # at the first of two tables
        (NightSeated(session=2, tables=(NightTable(match_id="night-x-1", players=EIGHT[:4]),)),
         "night.table.again", "each table of the night is a new match"),
        (NightTableAbandoned(match_id="night-x-9", reason="late"), "night.table.unknown",
         "night-x-9 is not a table of this night"),
        (NightClock(minutes=90, session=2), "night.clock.session", "session 2 is not the one seated last (1)"),
        (MatchEnded(reason="abandoned"), "night.event.wrong", "a night has no match_ended events"),
    ],
)  # fmt: skip
def test_what_a_nights_seating_abandons_and_clock_cannot_hold_is_refused_whole(
    event: Payload, code: str, reason: str
) -> None:
    assert _refused(_night(), event) == (code, reason, 5, event.EVENT_TYPE)


def test_a_clock_before_any_session_is_seated_says_none_yet() -> None:
    night = nights.apply(_opened_only(), Step(2, "night.players", NightPlayers(players=EIGHT)))
    assert _refused(night, NightClock(minutes=90, session=1)) == (
        "night.clock.session", "session 1 is not the one seated last (none yet)", 3, "night.clock")  # fmt: skip


def test_the_fold_keeps_the_head_the_tables_made_and_the_clocks_start() -> None:
    """Opened at seq 1, the head is 1; two tables, then session 2's two, four made; a clock of one
    minute runs from its event's time and one of 0 stops it."""
    assert _opened_only().head == 1
    second = NightSeated(session=2, tables=(NightTable(match_id="night-x-3", players=EIGHT[:4]),
                                            NightTable(match_id="night-x-4", players=EIGHT[4:])))  # fmt: skip
    night = _night(second)
    assert (night.tables_made, night.head, len(night.sessions)) == (4, 5, 2)
    clocked = nights.apply(
        night, Step(6, "night.clock", NightClock(minutes=1, session=2), recorded_at="2026-12-03T19:00:00Z")
    )
    assert clocked.clock == (2, 1, "2026-12-03T19:00:00Z")
    assert night_state.clock_of(clocked) == {"session": 2, "minutes": 1, "started_at": "2026-12-03T19:00:00Z",
                                        "ends_at": "2026-12-03T19:01:00Z"}  # fmt: skip
    unknown_time = nights.apply(night, Step(6, "night.clock", NightClock(minutes=5, session=2)))
    assert unknown_time.clock == (2, 5, "")  # an event without its time (a test's): no time made up
    stopped = nights.apply(clocked, Step(7, "night.clock", NightClock(minutes=0, session=2)))
    assert stopped.clock is None and night_state.clock_of(stopped) is None


# The tournament's events: each refusal with its code and words, whole. The night above: session 1
# seated (night-x-1: Aki, Beni, Chie, Dai; night-x-2: Eri, Fumi, Gen, Hana, abandoned), eight present.
def _cut(**fields: Any) -> NightCut:
    given: dict[str, Any] = {"after_session": 1, "carry": "halved", "keep": 4, "players": EIGHT[:4]}
    return NightCut(**(given | fields))


@pytest.mark.parametrize(
    ("given", "code", "reason"),
    [
        (_cut(after_session=2), "night.cut.session", "a cut follows the session seated last (1)"),
        (_cut(players=EIGHT[:3]), "night.cut.players", "a cut names the 4 players present who go on"),
        (_cut(players=(*EIGHT[:3], "Ren")), "night.cut.players", "a cut names the 4 players present who go on"),
        (_cut(keep=6, players=EIGHT[:6]), "night.cut.tables", "6 players do not fill tables of 4"),
        (NightOnline(match_id="net-1", players=("Aki", "Beni", "Chie", "Dai"), session=3), "night.session.order",
         "session 3 is not one of this night's (1 to 2, the next played online)"),
        (NightOnline(match_id="night-x-1", players=("Eri", "Fumi", "Gen", "Hana"), session=2), "night.table.again",
         "night-x-1 is a table of this night already"),
        (NightOnline(match_id="net-1", players=("Aki", "Beni", "Sora", "Ren"), session=2), "night.player.absent",
         "Ren, Sora is not among the players present"),
        (NightOnline(match_id="net-1", players=("Aki", "Beni", "Chie", "Aki"), session=2), "night.player.twice",
         "a player is named for two seats of the match"),
        (NightOnline(match_id="net-1", players=("Aki", "Eri", "Fumi", "Gen"), session=1), "night.player.twice",
         "Aki plays at another table of session 1"),
        (NightRegistered(players=(Registered(name="Aki"), Registered(name="Aki"))), "night.registered.twice",
         "Aki is registered twice; list each player once"),
        (NightRegistered(players=(Registered(name="Ren"),)), "night.registered.unknown",
         "Ren is not a player of this night; add them to the players present first"),
        (NightRegistered(players=(Registered(name="Aki", ema_number="01000001"),
                                  Registered(name="Beni", ema_number="01000001"))), "night.registered.ema_twice",
         "EMA number 01000001 is given to two players"),
        (NightTableClock(match_id="night-x-9", minutes=10), "night.clock.table",
         "night-x-9 is not a table of the session seated last"),
    ],
)  # fmt: skip
def test_a_tournament_event_the_night_cannot_hold_is_refused_whole(given: Payload, code: str, reason: str) -> None:
    assert _refused(_night(), given) == (code, reason, 5, given.EVENT_TYPE)  # type: ignore[attr-defined]


def test_a_night_is_cut_once_and_may_keep_everyone_present() -> None:
    assert _night(_cut(keep=8, players=EIGHT)).players == EIGHT
    night = _night(_cut())
    assert (night.players, night.cut, night.head) == (EIGHT[:4], _cut(), 5)
    assert _refused(night, _cut()) == ("night.cut.twice", "the night was cut after session 1 already", 6, "night.cut")


def test_an_online_match_joins_a_session_or_makes_the_next() -> None:
    """Into session 1 beside its tables (Eri, Fumi, Gen and Hana's table was abandoned, so they are
    free), or as session 2 of its own; the night's seqs are the events'."""
    into = _night(NightOnline(match_id="net-1", players=("Eri", "Fumi", "Gen", "Hana"), session=1))
    assert [[t.match_id for t in s] for s in into.sessions] == [["night-x-1", "night-x-2", "net-1"]]
    assert into.online == frozenset({"net-1"}) and into.head == 5 and into.credited("net-1") == EIGHT[4:]
    fresh = _night(NightOnline(match_id="net-1", players=EIGHT[:4], session=2))
    assert [[t.match_id for t in s] for s in fresh.sessions] == [["night-x-1", "night-x-2"], ["net-1"]]
    # With two sessions, into the first: not the second.
    second = NightSeated(session=2, tables=(NightTable(match_id="night-x-3", players=EIGHT[:4]),))
    earlier = _night(second, NightOnline(match_id="net-1", players=("Eri", "Fumi", "Gen", "Hana"), session=1))
    assert [[t.match_id for t in s] for s in earlier.sessions] == [["night-x-1", "night-x-2", "net-1"], ["night-x-3"]]


def test_a_tables_clock_before_any_session_is_refused() -> None:
    night = nights.apply(_opened_only(), Step(2, "night.players", NightPlayers(players=EIGHT)))
    assert _refused(night, NightTableClock(match_id="night-y-1", minutes=10)) == (
        "night.clock.table", "night-y-1 is not a table of the session seated last", 3, "night.table_clock",
    )  # fmt: skip


def test_a_tables_own_clock_replaces_its_last_and_zero_gives_back_the_sessions() -> None:
    def clocked(*more: Payload) -> nights.Night:
        night = _night()
        for offset, event in enumerate(more, 1):
            night = nights.apply(night, Step(night.head + 1, event.EVENT_TYPE, event,
                                             recorded_at=f"2026-12-05T19:0{offset}:00Z"))  # fmt: skip
        return night

    one = clocked(NightTableClock(match_id="night-x-1", minutes=20), NightTableClock(match_id="night-x-2", minutes=5),
                  NightTableClock(match_id="night-x-1", minutes=30))  # fmt: skip
    assert one.table_clocks == (("night-x-2", 5, "2026-12-05T19:02:00Z"), ("night-x-1", 30, "2026-12-05T19:03:00Z"))
    assert night_state.clock_of(one, "night-x-1") == {"session": 1, "minutes": 30, "started_at": "2026-12-05T19:03:00Z",
                                                      "ends_at": "2026-12-05T19:33:00Z", "table": True}  # fmt: skip
    assert night_state.clock_of(one) is None and night_state.clock_of(one, "night-x-9") is None
    back = clocked(NightTableClock(match_id="night-x-1", minutes=20), NightTableClock(match_id="night-x-1", minutes=0))
    assert back.table_clocks == ()
