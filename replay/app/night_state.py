"""A night's state and its pure fold (``events/night.py``): each event checked against the night
before it, as a match's is, with a stable code where it is refused. No I/O: ``replay/app/nights.py``
reads and writes the night's stream and holds its use cases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from events.night import (
    NightClock,
    NightClosed,
    NightCut,
    NightOnline,
    NightOpened,
    NightPenalty,
    NightPlayers,
    NightRegistered,
    NightResultsHidden,
    NightSeated,
    NightSubstitute,
    NightTable,
    NightTableAbandoned,
    NightTableClock,
    Registered,
)
from events.text import lookalike, name_problem
from replay.engine.fold import Step, illegal


class Penalty(NamedTuple):
    """A referee's penalty, as the night keeps it: in the standings' unit (as the standings show them)."""

    seq: int  # the event that gave it: a cancel names it
    player: str
    points: int
    reason: str
    match_id: str | None  # the table it was given at, if at one


class Substitution(NamedTuple):
    """A substitute who took a player's seat at a table, and whose the seat's result is."""

    seq: int
    match_id: str
    leaves: str
    substitute: str
    counts_for: str  # "player": the registered player keeps the result; "substitute": it goes to them
    reason: str


@dataclass(frozen=True)
class Night:
    """A night as its events leave it."""

    night_id: str = ""
    opened: NightOpened | None = None
    players: tuple[str, ...] = ()
    sessions: tuple[tuple[NightTable, ...], ...] = ()  # by session, the tables as last seated
    abandoned: frozenset[str] = frozenset()
    closed: bool = False
    head: int = 0
    clock: tuple[int, int, str] | None = None  # (session, minutes, started at): the session's clock
    penalties: tuple[Penalty, ...] = ()
    substitutions: tuple[Substitution, ...] = ()
    tables_made: int = 0  # every table ever seated, re-seated ones too: the next match id's number
    registered: tuple[Registered, ...] = ()  # the players' details and teams, as last registered
    hidden_from: int | None = None  # the first session whose results the public does not see yet
    cut: NightCut | None = None
    online: frozenset[str] = frozenset()  # tables that are matches played online, counted in a session
    table_clocks: tuple[tuple[str, int, str], ...] = ()  # (table, minutes, started at): a table's own clock

    @property
    def tables(self) -> list[NightTable]:
        return [table for session in self.sessions for table in session]

    def table(self, match_id: str) -> NightTable | None:
        return next((t for t in self.tables if t.match_id == match_id), None)

    def sitting(self, match_id: str) -> tuple[str, ...]:
        """Who sits at each seat of a table now: its players as seated, then each substitute."""
        table = self.table(match_id)
        seats = list(table.players) if table is not None else []
        for change in self.substitutions:
            if change.match_id == match_id:
                seats[seats.index(change.leaves)] = change.substitute
        return tuple(seats)

    def credited(self, match_id: str) -> tuple[str, ...]:
        """Whose each seat's result is: the registered player, or a substitute where the
        substitution said the result is theirs (a substitute of a substitute: followed through)."""
        table = self.table(match_id)
        seats = list(table.players) if table is not None else []
        sitting = list(seats)
        for change in self.substitutions:
            if change.match_id == match_id:
                seat = sitting.index(change.leaves)
                sitting[seat] = change.substitute
                if change.counts_for == "substitute":
                    seats[seat] = change.substitute
        return tuple(seats)


def apply(night: Night, step: Step) -> Night:
    """The pure fold of a night: each event checked against the night before it."""
    payload = step.payload
    if night.opened is None:
        if not isinstance(payload, NightOpened):
            raise illegal(step, "night.not_opened", "a night's first event is night.opened")
        return replace(night, opened=payload, head=step.seq)
    if isinstance(payload, NightOpened):
        raise illegal(step, "night.opened_twice", "the night is already open")
    if night.closed:
        raise illegal(step, "night.closed", "the night is closed; open another for more games")
    per_table = night.opened.per_table
    if isinstance(payload, NightPlayers):
        twice = sorted({name for name in payload.players if payload.players.count(name) > 1})
        if twice:
            raise illegal(step, "night.players.twice", f"{', '.join(twice)} is listed twice; list each player once")
        for number, name in enumerate(payload.players):
            problem = name_problem("the name", name)
            if problem is not None:
                raise illegal(step, "night.player.name", problem)
            other = lookalike(name, payload.players[:number])
            if other is not None:
                raise illegal(step, "night.player.name",
                              f"{name!r} and {other!r} look alike; give each player a name the table can tell apart")  # fmt: skip
        return replace(night, players=payload.players, head=step.seq)
    if isinstance(payload, NightSeated):
        latest = len(night.sessions)
        if payload.session not in (latest, latest + 1) or payload.session < 1:
            raise illegal(step, "night.session.order",
                          f"session {payload.session} cannot be seated now: the next is {latest + 1}")  # fmt: skip
        seated: list[str] = []
        for table in payload.tables:
            if len(table.players) != per_table:
                raise illegal(step, "night.table.size", f"a table seats {per_table}, not {len(table.players)}")
            seated += table.players
        absent = sorted(set(seated) - set(night.players))
        if absent:
            raise illegal(step, "night.player.absent", f"{', '.join(absent)} is not among the players present")
        if len(set(seated)) != len(seated):
            raise illegal(step, "night.player.twice", "a player is seated at two tables of one session")
        known = {table.match_id for table in night.tables}
        if any(table.match_id in known for table in payload.tables):
            raise illegal(step, "night.table.again", "each table of the night is a new match")
        sessions = (*night.sessions[: payload.session - 1], payload.tables)
        return replace(night, sessions=sessions, head=step.seq, tables_made=night.tables_made + len(payload.tables))
    if isinstance(payload, NightTableAbandoned):
        if payload.match_id not in {table.match_id for table in night.tables}:
            raise illegal(step, "night.table.unknown", f"{payload.match_id} is not a table of this night")
        return replace(night, abandoned=night.abandoned | {payload.match_id}, head=step.seq)
    if isinstance(payload, NightClosed):
        return replace(night, closed=True, head=step.seq)
    if isinstance(payload, NightSubstitute):
        return _substitute(night, step, payload)
    if isinstance(payload, NightPenalty):
        return _penalty(night, step, payload)
    if isinstance(payload, NightRegistered):
        return _registered(night, step, payload)
    if isinstance(payload, NightOnline):
        return _online(night, step, payload)
    if isinstance(payload, NightTableClock):
        last_tables = {table.match_id for table in night.sessions[-1]} if night.sessions else set()
        if payload.match_id not in last_tables:
            raise illegal(step, "night.clock.table", f"{payload.match_id} is not a table of the session seated last")
        kept = tuple(c for c in night.table_clocks if c[0] != payload.match_id)
        if payload.minutes:
            kept += ((payload.match_id, payload.minutes, step.recorded_at or ""),)
        return replace(night, table_clocks=kept, head=step.seq)
    if isinstance(payload, NightResultsHidden):
        return replace(night, hidden_from=payload.from_session, head=step.seq)
    if isinstance(payload, NightCut):
        if night.cut is not None:
            raise illegal(step, "night.cut.twice", f"the night was cut after session {night.cut.after_session} already")
        if payload.after_session != len(night.sessions) or not night.sessions:
            raise illegal(step, "night.cut.session", f"a cut follows the session seated last ({len(night.sessions)})")
        if len(payload.players) != payload.keep or not set(payload.players) <= set(night.players):
            raise illegal(step, "night.cut.players", f"a cut names the {payload.keep} players present who go on")
        if payload.keep % per_table:
            raise illegal(step, "night.cut.tables", f"{payload.keep} players do not fill tables of {per_table}")
        return replace(night, cut=payload, players=payload.players, head=step.seq)
    if isinstance(payload, NightClock):
        if payload.session != len(night.sessions) or not night.sessions:
            raise illegal(step, "night.clock.session",
                          f"session {payload.session} is not the one seated last ({len(night.sessions) or 'none yet'})")  # fmt: skip
        clock = None if payload.minutes == 0 else (payload.session, payload.minutes, step.recorded_at or "")
        return replace(night, clock=clock, head=step.seq)
    raise illegal(step, "night.event.wrong", f"a night has no {step.type} events")


def _online(night: Night, step: Step, payload: NightOnline) -> Night:
    """An online match counted as a table of a session seated (or the next, played online whole)."""
    latest = len(night.sessions)
    if not 1 <= payload.session <= latest + 1:
        raise illegal(step, "night.session.order", f"session {payload.session} is not one of this night's "
                      f"(1 to {latest + 1}, the next played online)")  # fmt: skip
    if payload.match_id in {table.match_id for table in night.tables}:
        raise illegal(step, "night.table.again", f"{payload.match_id} is a table of this night already")
    absent = sorted(set(payload.players) - set(night.players))
    if absent:
        raise illegal(step, "night.player.absent", f"{', '.join(absent)} is not among the players present")
    if len(set(payload.players)) != len(payload.players):
        raise illegal(step, "night.player.twice", "a player is named for two seats of the match")
    session = night.sessions[payload.session - 1] if payload.session <= latest else ()
    seated = {name for table in session if table.match_id not in night.abandoned for name in table.players}
    twice = sorted(seated & set(payload.players))
    if twice:
        raise illegal(step, "night.player.twice", f"{', '.join(twice)} plays at another table of session "
                      f"{payload.session}")  # fmt: skip
    table = NightTable(match_id=payload.match_id, players=payload.players)
    sessions = list(night.sessions)
    if payload.session <= latest:
        sessions[payload.session - 1] = (*session, table)
    else:
        sessions.append((table,))
    return replace(night, sessions=tuple(sessions), online=night.online | {payload.match_id}, head=step.seq)


def _registered(night: Night, step: Step, payload: NightRegistered) -> Night:
    """The players' details and teams, checked: each a player of the night (present, or seated as a
    substitute), and each once."""
    names = [entry.name for entry in payload.players]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise illegal(step, "night.registered.twice", f"{', '.join(twice)} is registered twice; list each player once")
    known = set(night.players) | {c.substitute for c in night.substitutions}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise illegal(step, "night.registered.unknown", f"{', '.join(unknown)} is not a player of this night; "
                      "add them to the players present first")  # fmt: skip
    numbers = [entry.ema_number for entry in payload.players if entry.ema_number is not None]
    again = sorted({number for number in numbers if numbers.count(number) > 1})
    if again:
        raise illegal(step, "night.registered.ema_twice", f"EMA number {again[0]} is given to two players")
    return replace(night, registered=payload.players, head=step.seq)


def _penalty(night: Night, step: Step, payload: NightPenalty) -> Night:
    """A referee's penalty given, or one taken back (``cancels``), checked against the night."""
    if payload.cancels is not None:
        if payload.player is not None or payload.points or payload.reason is not None:
            raise illegal(step, "night.penalty.cancel", "a cancel names only the penalty it takes back")
        kept = tuple(p for p in night.penalties if p.seq != payload.cancels)
        if len(kept) == len(night.penalties):
            raise illegal(step, "night.penalty.unknown", f"no penalty at seq {payload.cancels} to take back")
        return replace(night, penalties=kept, head=step.seq)
    if payload.player is None or not payload.points or payload.reason is None:
        raise illegal(step, "night.penalty.incomplete", "a penalty names the player, its points (not 0) and why")
    seated = {name for table in night.tables for name in (*table.players, *night.sitting(table.match_id))}
    if payload.player not in seated | set(night.players):  # a substitute who sat in may be penalised too
        raise illegal(step, "night.player.absent", f"{payload.player} is not a player of this night")
    if payload.match_id is not None and payload.match_id not in {t.match_id for t in night.tables}:
        raise illegal(step, "night.table.unknown", f"{payload.match_id} is not a table of this night")
    given = Penalty(step.seq, payload.player, payload.points, payload.reason, payload.match_id)
    return replace(night, penalties=(*night.penalties, given), head=step.seq)


def _substitute(night: Night, step: Step, payload: NightSubstitute) -> Night:
    """A substitute sits down at a table of the night, in the seat of a player who sits there."""
    if night.table(payload.match_id) is None:
        raise illegal(step, "night.table.unknown", f"{payload.match_id} is not a table of this night")
    if payload.match_id in night.abandoned:
        raise illegal(step, "night.table.abandoned", f"{payload.match_id} is abandoned: nobody plays on there")
    sitting = night.sitting(payload.match_id)
    if payload.leaves not in sitting:
        raise illegal(step, "night.substitute.not_seated",
                      f"{payload.leaves} does not sit at {payload.match_id} ({', '.join(sitting)} do)")  # fmt: skip
    if payload.substitute in sitting:
        raise illegal(step, "night.substitute.seated", f"{payload.substitute} sits at {payload.match_id} already")
    problem = name_problem("the substitute's name", payload.substitute)
    if problem is not None:
        raise illegal(step, "night.player.name", problem)
    other = lookalike(payload.substitute, (*night.players, *sitting))
    if other is not None and other != payload.substitute:
        raise illegal(step, "night.player.name", f"{payload.substitute!r} and {other!r} look alike; "
                      "give the substitute a name the table can tell apart (or the very name, if it is them)")  # fmt: skip
    change = Substitution(step.seq, payload.match_id, payload.leaves, payload.substitute, payload.counts_for,
                          payload.reason)  # fmt: skip
    return replace(night, substitutions=(*night.substitutions, change), head=step.seq)


def fold(steps: Sequence[Step], night_id: str) -> Night:
    night = Night(night_id=night_id)
    for step in steps:
        night = apply(night, step)
    return night


def clock_of(night: Night, match_id: str | None = None) -> dict[str, Any] | None:
    """The session's clock as a page shows it: its session, minutes, and when it started and ends;
    for ``match_id``, the table's own clock where it was given more time (``table``: true)."""
    own = next((c for c in night.table_clocks if c[0] == match_id), None) if match_id else None
    if own is not None:
        return _clock_words(len(night.sessions), own[1], own[2]) | {"table": True}
    if night.clock is None or night.clock[0] != len(night.sessions):  # a later session seated: its own, or none
        return None
    return _clock_words(*night.clock)


def _clock_words(session: int, minutes: int, started: str) -> dict[str, Any]:
    from datetime import datetime, timedelta

    begun = datetime.fromisoformat(started)  # a trailing Z is UTC (Python 3.11 and later)
    ends = (begun + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")
    return {"session": session, "minutes": minutes, "started_at": started, "ends_at": ends}
