"""A league's own events: one stream (the id ``league``) beside the clubs' nights and matches. The
clubs and their keys (each key stored as a SHA-256 digest only, with its role: the league's, a
club's host or a club's referee), which nights and matches are whose club, and the players as
persons: a person's record, the names they were typed as, and merges of two records (each one an
event, taken back by a later one)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from events.canonical import JsonValue
from events.match import GameName, Name
from events.model import Payload, Text
from events.registry import event_type

ClubId = Annotated[str, Strict(), Field(pattern=r"^[a-z0-9][a-z0-9-]{0,22}[a-z0-9]$")]
KeyId = Annotated[str, Strict(), Field(pattern=r"^[a-z2-7]{8}$")]
PersonId = Annotated[str, Strict(), Field(pattern=r"^p[0-9]{1,7}$")]
StreamId = Annotated[str, Strict(), Field(pattern=r"^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$")]
Country = Annotated[str, Strict(), Field(pattern=r"^[A-Z]{2}$")]
EmaNumber = Annotated[str, Strict(), Field(pattern=r"^[0-9]{8}$")]
Role = Literal["league", "host", "referee"]


@event_type("league.club")
class ClubOpened(Payload):
    """A club joins the league: its id (in its nights' ids and its pages' addresses) and its name."""

    club: ClubId
    name: Annotated[str, Strict(), Field(min_length=1, max_length=100)]


@event_type("league.key")
class KeyIssued(Payload):
    """A key made: only its SHA-256 digest is kept (the key itself is shown once, when it is made).
    ``club`` None is a league key; a club's key is its host's or a referee's."""

    club: ClubId | None = None
    digest: Annotated[str, Strict(), Field(pattern=r"^[0-9a-f]{64}$")]
    key_id: KeyId
    label: Annotated[str, Strict(), Field(min_length=1, max_length=100)] | None = None
    role: Role


@event_type("league.key_revoked")
class KeyRevoked(Payload):
    """A key that opens nothing from now on."""

    key_id: KeyId
    reason: Text


@event_type("league.claimed")
class Claimed(Payload):
    """Nights and matches that are ``club``'s (a night's tables are its night's club's)."""

    club: ClubId
    streams: Annotated[tuple[StreamId, ...], Field(min_length=1, max_length=500)]


@event_type("league.person")
class PersonAdded(Payload):
    """A player's record: the name shown, and the EMA's number and country where known."""

    country: Country | None = None
    ema_number: EmaNumber | None = None
    name: Name
    person: PersonId


@event_type("league.named")
class PersonNamed(Payload):
    """A name typed at a table (at ``club``'s, or at any club's when None) is ``person``."""

    club: ClubId | None = None
    name: Name
    person: PersonId


@event_type("league.merged")
class PersonsMerged(Payload):
    """Two records of one player: ``merged``'s names and results are ``into``'s from now on."""

    into: PersonId
    merged: PersonId
    reason: Text


@event_type("league.unmerged")
class MergeUndone(Payload):
    """The merge stored at ``merge`` (its seq in the league's stream) taken back: the two records
    are apart again, each with the names it had."""

    merge: Annotated[int, Strict(), Field(ge=1)]
    reason: Text


@event_type("league.qualified")
class NightQualified(Payload):
    """Whether players qualified to play ``night`` (a night or a tournament day): the EMA adds one to
    a qualifying event's MERS weight. A later event of the same night says otherwise."""

    night: StreamId
    qualified: Annotated[bool, Strict()]
    reason: Text


@event_type("league.ranking")
class RankingDeclared(Payload):
    """The league's ranking of ``game`` from now on: its method and every figure of it (so a ranking
    read later never depends on that day's defaults)."""

    game: GameName
    method: Literal["mers", "glicko", "totals", "tenhou_r"]
    options: dict[str, JsonValue]
