"""A club night, run from the host's page (or ``taikyoku night``): the players present, each
session seated (``replay/app/seating.py``) with a match per table, a table not yet started re-seated
or abandoned, the night closed; its sheet: who played whom, the final scores, the placements.

A night is its own stream of events (``events/night.py``), folded here by a pure fold that checks
each event against the night before it, as a match's is: the stored night is the record, and
nothing about it is kept anywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from events.envelope import new_event
from events.errors import InputError
from events.match import MatchEnded
from events.model import Payload
from events.night import NightClosed, NightOpened, NightPlayers, NightSeated, NightTable, NightTableAbandoned
from events.text import lookalike, name_problem
from replay.app.steps import read_steps, step_of
from replay.engine.fold import Step, illegal
from store import Store

NIGHT_PREFIX = "night-"


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
    tables_made: int = 0  # every table ever seated, re-seated ones too: the next match id's number

    @property
    def tables(self) -> list[NightTable]:
        return [table for session in self.sessions for table in session]


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
    raise illegal(step, "night.event.wrong", f"a night has no {step.type} events")


def fold(steps: Sequence[Step], night_id: str = "") -> Night:
    night = Night(night_id=night_id)
    for step in steps:
        night = apply(night, step)
    return night


def read(store: Store, night_id: str) -> Night:
    """The night as its stored events leave it."""
    if not night_id.startswith(NIGHT_PREFIX):
        raise InputError(f"{night_id!r} is not a night; a night's id starts with {NIGHT_PREFIX}")
    if not store.exists(night_id):
        from store import UnknownMatchError

        raise UnknownMatchError(f"no night {night_id!r} here; list the nights with `taikyoku night list`")
    return fold(read_steps(store, night_id, provenance="all"), night_id)


def _append(store: Store, night: Night, payloads: Sequence[Payload], recorded_by: str) -> Night:
    """Check the events against the night, then store them after its head (or nothing)."""
    pending = [new_event(p, recorded_by=recorded_by) for p in payloads]
    after = night
    for offset, event in enumerate(pending):
        after = apply(after, Step(night.head + 1 + offset, event.type, event.payload, event.event_id,
                                  event.recorded_by, event.recorded_at))  # fmt: skip
    stored = store.append(night.night_id, night.head, pending)
    return fold([step_of(e) for e in store.read(night.night_id)], night.night_id) if stored else after


def fresh_id(store: Store, today: str | None = None) -> str:
    """``night-YYYY-MM-DD``, or with ``-2``, ``-3`` ... when the day has one already."""
    day = today or datetime.now(UTC).strftime("%Y-%m-%d")
    candidate, number = f"{NIGHT_PREFIX}{day}", 1
    while store.exists(candidate):
        number += 1
        candidate = f"{NIGHT_PREFIX}{day}-{number}"
    return candidate


def open_night(
    store: Store, opened: NightOpened, players: Sequence[str], *, recorded_by: str, night_id: str | None = None
) -> Night:
    night_id = night_id or fresh_id(store)
    if not night_id.startswith(NIGHT_PREFIX):
        raise InputError(f"a night's id starts with {NIGHT_PREFIX}, e.g. {NIGHT_PREFIX}club-december")
    if store.exists(night_id):
        raise InputError(f"{night_id} already exists; choose another id")
    return _append(store, Night(night_id=night_id), [opened, NightPlayers(players=tuple(players))], recorded_by)


def set_players(store: Store, night_id: str, players: Sequence[str], *, recorded_by: str) -> Night:
    names = [name.strip() for name in players if name.strip()]
    return _append(store, read(store, night_id), [NightPlayers(players=tuple(names))], recorded_by)


def started(store: Store, match_id: str) -> bool:
    """Whether a table's match has anything recorded after its first event."""
    return store.head(match_id) > 1


def seat_next(store: Store, night_id: str, *, recorded_by: str, again: bool = False) -> Night:
    """Seat the next session (``again``: the last one once more, none of its tables started):
    a match per table, made first, then the seating that names them."""
    from events.match import MatchStarted, PlayerSeat
    from replay.app import seating
    from replay.app.service import check_and_append, start_match

    night = read(store, night_id)
    opened = night.opened
    assert opened is not None
    if night.closed:
        raise InputError(f"{night_id} is closed; open another night for more games")
    number = len(night.sessions) + (0 if again else 1)
    if again:
        if not night.sessions:
            raise InputError("no session is seated yet: seat the first")
        for table in night.sessions[-1]:
            if table.match_id not in night.abandoned and started(store, table.match_id):
                raise InputError(f"{table.match_id} has started; a session is seated again only before any "
                                 "table of it starts (abandon that table instead)")  # fmt: skip
    present = list(night.players)
    if len(present) < opened.per_table:
        raise InputError(f"{len(present)} players are present; a table seats {opened.per_table}: add players first")
    history = [tuple(tuple(t.players) for t in session) for session in night.sessions[: number - 1]]
    try:
        tables = seating.seat_session(present, opened.per_table, history, seed=opened.seed + 7919 * night.tables_made,
                                      sessions_left=max(1, opened.sessions - number + 1))  # fmt: skip
    except ValueError as exc:
        raise InputError(f"{exc}; add players first") from None
    if again:  # the tables seated before are ended as abandoned, in their own streams
        for table in night.sessions[-1]:
            if table.match_id not in night.abandoned and store.head(table.match_id) >= 1:
                ended = new_event(MatchEnded(reason="abandoned", note="the session was seated again"),
                                  recorded_by=recorded_by)  # fmt: skip
                check_and_append(store, table.match_id, [ended])
    made: list[NightTable] = []
    for offset, players in enumerate(tables):
        match_id = f"{night_id}-t{night.tables_made + offset + 1}"
        first = MatchStarted(game=opened.game, ruleset=opened.ruleset, length=opened.length, first_dealer=0,
                             players=tuple(PlayerSeat(seat=s, name=n) for s, n in enumerate(players)))  # fmt: skip
        start_match(store, first, recorded_by=recorded_by, match_id=match_id)
        made.append(NightTable(match_id=match_id, players=players))
    return _append(store, night, [NightSeated(session=number, tables=tuple(made))], recorded_by)


def abandon(store: Store, night_id: str, match_id: str, *, recorded_by: str, reason: str) -> Night:
    """Give up one table of the night: its match ended as abandoned, and the night says so."""
    from replay.app.service import check_and_append

    night = read(store, night_id)
    if match_id not in {table.match_id for table in night.tables}:
        raise InputError(f"{match_id} is not a table of {night_id}")
    if match_id in night.abandoned:
        raise InputError(f"{match_id} is abandoned already")
    from replay.app.service import replay_match, status_of

    if status_of(replay_match(store, match_id).state) == "in play":
        ended = new_event(MatchEnded(reason="abandoned", note=reason[:200]), recorded_by=recorded_by)
        check_and_append(store, match_id, [ended])
    return _append(store, night, [NightTableAbandoned(match_id=match_id, reason=reason)], recorded_by)


def close(store: Store, night_id: str, *, recorded_by: str, playing: Sequence[str]) -> Night:
    """Close the night; ``playing``: its tables still in play, which must be finished or abandoned first."""
    night = read(store, night_id)
    if playing:
        raise InputError(f"{', '.join(playing)} plays on; record its end or abandon it, then close the night")
    return _append(store, night, [NightClosed()], recorded_by)


def nights(store: Store) -> list[dict[str, Any]]:
    """Every night in the store, newest first: its id, title, game and when it was opened."""
    found = []
    for head in store.matches("night.opened"):
        opened = head.first.decode()
        if not isinstance(opened, NightOpened):  # the store lists nights by their first event's type
            continue
        found.append({"night_id": head.match_id, "title": opened.title, "game": opened.game,
                      "opened_at": head.first.recorded_at, "last_seq": head.last_seq})  # fmt: skip
    return sorted(found, key=lambda n: n["opened_at"], reverse=True)
