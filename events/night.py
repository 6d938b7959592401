"""A club night's events: its own stream (the id ``night-...``), beside its matches. Who is present,
and each session's seating: the tables' match ids and their players in seat order (seat 0 the
first dealer). The matches themselves are recorded in their own streams as ever; a night's events
say which matches were its tables, so that a night replays, and is summed up, like everything else."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from events.match import GameName, MatchLength, Name, Ruleset
from events.model import Payload, Text
from events.registry import event_type

MatchId = Annotated[str, Strict(), Field(pattern=r"^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$")]
Players = Annotated[tuple[Name, ...], Field(min_length=0, max_length=200)]


@event_type("night.opened")
class NightOpened(Payload):
    """A night is opened: its game and ruleset (every option, as each match records it), the length
    of each match, the sessions planned, and the seed its seating is drawn with."""

    game: GameName
    length: MatchLength
    per_table: Annotated[int, Strict(), Field(ge=2, le=4)]
    ruleset: Ruleset
    seed: Annotated[int, Strict(), Field(ge=0, le=2**31)]
    sessions: Annotated[int, Strict(), Field(ge=1, le=20)]
    title: Annotated[str, Strict(), Field(min_length=1, max_length=100)]


@event_type("night.players")
class NightPlayers(Payload):
    """The players present from now on (the whole list: one arrived, one left)."""

    players: Players


class NightTable(Payload):
    match_id: MatchId
    players: Annotated[tuple[Name, ...], Field(min_length=2, max_length=4)]


@event_type("night.seated")
class NightSeated(Payload):
    """A session seated: each table's match and its players in seat order. A session seated again
    (re-seated before any table of it started) replaces its tables."""

    session: Annotated[int, Strict(), Field(ge=1, le=100)]
    tables: Annotated[tuple[NightTable, ...], Field(min_length=1, max_length=100)]  # 200 players at tables of two


@event_type("night.abandoned")
class NightTableAbandoned(Payload):
    """A table of the night given up (its match is ended as abandoned in its own stream)."""

    match_id: MatchId
    reason: Text


@event_type("night.closed")
class NightClosed(Payload):
    """The night is over: nothing more is seated."""


@event_type("night.clock")
class NightClock(Payload):
    """The session's clock, started by the host when the session's play begins (the event's time):
    ``minutes`` of play, after which the hand in play is the last. A later clock replaces it (more
    time given); ``minutes`` 0 stops it."""

    minutes: Annotated[int, Strict(), Field(ge=0, le=600)]
    session: Annotated[int, Strict(), Field(ge=1, le=100)]


@event_type("night.penalty")
class NightPenalty(Payload):
    """A penalty the referee gives a player: ``points`` in the night's standings' unit (riichi: a
    result in thousands, -20 for 20,000 points; hanafuda: points), with the reason, and the table
    it was given at if any. ``cancels`` (instead) is the seq of an earlier penalty taken back."""

    cancels: Annotated[int, Strict(), Field(ge=1)] | None = None
    match_id: Annotated[str, Strict(), Field(min_length=3, max_length=64)] | None = None
    player: Name | None = None
    points: Annotated[int, Strict(), Field(ge=-1000, le=1000)] = 0
    reason: Text | None = None


@event_type("night.substitute")
class NightSubstitute(Payload):
    """A substitute takes a player's seat at a table and finishes the match: ``leaves`` is the
    player who goes, ``substitute`` who sits down. ``counts_for`` says, as the night's rules do,
    whose the seat's result is: ``player`` (the registered player keeps it; a substitute stands
    in) or ``substitute`` (it goes to whoever finished the match)."""

    counts_for: Literal["player", "substitute"]
    leaves: Name
    match_id: MatchId
    reason: Text
    substitute: Name


Detail = Annotated[str, Strict(), Field(min_length=1, max_length=64)]


class Registered(Payload):
    """One player's details for the event's results: the name they play under at the tables, their
    first and last name as the EMA lists them, their EMA number (8 digits) and country (ISO 3166-1
    alpha-2), and their team; each optional but the name."""

    country: Annotated[str, Strict(), Field(pattern=r"^[A-Z]{2}$")] | None = None
    ema_number: Annotated[str, Strict(), Field(pattern=r"^[0-9]{8}$")] | None = None
    first_name: Detail | None = None
    last_name: Detail | None = None
    name: Name
    team: Detail | None = None


@event_type("night.registered")
class NightRegistered(Payload):
    """The players' registration (the whole list, replacing any before): who is on which team, and
    what the EMA's results need of each."""

    players: Annotated[tuple[Registered, ...], Field(min_length=1, max_length=400)]


@event_type("night.results_hidden")
class NightResultsHidden(Payload):
    """The director hides the results of session ``from_session`` and after from the room's screen
    and the public pages (the host still sees them); ``from_session`` None reveals them."""

    from_session: Annotated[int, Strict(), Field(ge=1, le=100)] | None = None


@event_type("night.cut")
class NightCut(Payload):
    """A cut after ``after_session``: the best ``keep`` go on (only they are seated after it), and
    the results of the sessions up to it are ``kept``, ``halved`` or ``cleared`` in the standings."""

    after_session: Annotated[int, Strict(), Field(ge=1, le=100)]
    carry: Literal["kept", "halved", "cleared"]
    keep: Annotated[int, Strict(), Field(ge=2, le=400)]
    players: Players  # who goes on, best first, as the standings stood


@event_type("night.online")
class NightOnline(Payload):
    """A match played online (imported: Tenhou, Mahjong Soul) counted as a table of session
    ``session``: ``players`` are the night's players in the match's seat order, whose each seat's
    result is (the server's nicknames stay in the match)."""

    match_id: Annotated[str, Strict(), Field(min_length=3, max_length=128)]
    players: Annotated[tuple[Name, ...], Field(min_length=2, max_length=4)]
    session: Annotated[int, Strict(), Field(ge=1, le=100)]


@event_type("night.table_clock")
class NightTableClock(Payload):
    """More time for one table alone (a late start, a long dispute): its own clock, ``minutes`` of
    play from now (the event's time), in place of the session's; ``minutes`` 0 gives it back the
    session's clock."""

    match_id: MatchId
    minutes: Annotated[int, Strict(), Field(ge=0, le=600)]
