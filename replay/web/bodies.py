"""What the server's API takes and answers, as typed bodies: checked (sizes, ranges) before a use
case sees them, and described in /api/openapi.json."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from events.canonical import JsonValue


class Body(BaseModel):
    """A request's body, taken as sent: a number is a JSON number (not "90", and not true), a text a
    JSON string; nothing is coerced into what the endpoint takes."""

    model_config = ConfigDict(strict=True)


class EventIn(Body):
    type: str
    payload: dict[str, Any]
    schema_version: int | None = None


class EventsIn(Body):
    expected_seq: int = Field(ge=1, description="The head the events were made on (the match's last seq).")
    events: list[EventIn] = Field(min_length=1, max_length=500)


class MoveData(Body):
    verb: str = Field(
        min_length=1,
        max_length=40,
        description="A declared move: `discard`, as `GET /api/matches/{match}/moves` offers it.",
    )
    values: dict[str, JsonValue] = Field(
        default_factory=dict,
        max_length=20,
        description='The move\'s words by name: `{"tile": "5m"}`; for `result`, the round\'s result as its '
        "game's page sends it (checked by the game as the typed result line is).",
    )


class MoveIn(Body):
    expected_seq: int = Field(ge=1, description="The head the move was made on.")
    move: str | None = Field(
        default=None, min_length=1, max_length=2000, description="A move in table mode's words: `discard 5m`."
    )
    data: MoveData | None = Field(
        default=None, description="Or the move as data, as `GET /api/matches/{match}/moves` offers it."
    )


class NightIn(Body):
    game: str = Field(min_length=1, max_length=20)
    ruleset: str | None = Field(default=None, max_length=64)
    players: list[str] = Field(default_factory=list, max_length=200)
    sessions: int = Field(default=4, ge=1, le=20)
    length: int | None = Field(default=None, ge=1, le=1000)
    title: str | None = Field(default=None, max_length=100)
    options: list[str] = Field(default_factory=list, max_length=50)


class PlayersIn(Body):
    players: list[str] = Field(max_length=200)


class SeatIn(Body):
    again: bool = False
    mode: str = Field(default="random", max_length=20)
    step: int | None = Field(default=None, ge=1, le=100)
    schedule: str | None = Field(default=None, max_length=200_000)  # a director's CSV, as the file holds it
    winds: str | None = Field(default=None, max_length=20)
    out: list[str] = Field(default_factory=list, max_length=200)


class PenaltyIn(Body):
    cancels: int | None = Field(default=None, ge=1)
    match: str | None = Field(default=None, min_length=3, max_length=64)
    player: str | None = Field(default=None, max_length=200)
    points: int = Field(default=0, ge=-1000, le=1000)
    reason: str | None = Field(default=None, max_length=4000)


class SubstituteIn(Body):
    match: str = Field(min_length=3, max_length=64)
    leaves: str = Field(max_length=200)
    substitute: str = Field(max_length=200)
    reason: str = Field(max_length=4000)
    counts_for: str | None = Field(default=None, max_length=20)


class ClockIn(Body):
    minutes: int = Field(ge=0, le=600)
    match: str | None = Field(default=None, min_length=3, max_length=64)  # one table's own clock


class UndoIn(Body):
    match: str = Field(min_length=3, max_length=64)


class AbandonIn(Body):
    match: str = Field(min_length=3, max_length=64)
    reason: str = Field(default="abandoned by the host", min_length=1, max_length=200)


class Written(BaseModel):
    head_seq: int
    stored: list[int]


class TimeIn(Body):
    match: str | None = Field(default=None, min_length=3, max_length=64)  # one table; none: every table in play


class HideIn(Body):
    from_session: int | None = Field(default=None, ge=1, le=100)  # none: reveal


class CutIn(Body):
    keep: int = Field(ge=2, le=400)
    carry: str = Field(default="kept", max_length=20)


class RegisterIn(Body):
    registration: str = Field(min_length=1, max_length=200_000)  # the director's CSV, as the file holds it


class ClubIn(Body):
    club: str = Field(min_length=2, max_length=24, description="The club's id: lower-case letters, digits, dashes.")
    name: str = Field(min_length=1, max_length=100)


class KeyIn(Body):
    role: str = Field(description="host or referee (a league key: role league, no club).")
    label: str | None = Field(default=None, max_length=100, description="Whose key it is, for the list of keys.")


class RevokeIn(Body):
    reason: str = Field(min_length=1, max_length=4000)


class RotateIn(Body):
    reason: str = Field(default="", max_length=4000, description="Why the key is replaced.")


class QualifyIn(Body):
    qualified: bool = Field(default=True, description="False takes a qualification back.")
    reason: str = Field(min_length=1, max_length=4000)


class PersonIn(Body):
    name: str = Field(min_length=1, max_length=64)
    ema_number: str | None = Field(default=None, max_length=8)
    country: str | None = Field(default=None, max_length=2)
    club: str | None = Field(default=None, max_length=24, description="The club whose tables the name is typed at.")


class NameIn(Body):
    name: str = Field(min_length=1, max_length=64)
    club: str | None = Field(default=None, max_length=24)


class AdoptIn(Body):
    club: str | None = Field(default=None, max_length=24)


class MergeIn(Body):
    into: str = Field(min_length=2, max_length=8)
    merged: str = Field(min_length=2, max_length=8)
    reason: str = Field(min_length=1, max_length=4000)
