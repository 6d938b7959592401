"""Match-level events, shared by every game."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from events.model import Payload, Seat, Seq, Str, Text
from events.registry import event_type

GameName = Literal["tensho", "sendai", "riichi"]
GAMES: tuple[GameName, ...] = ("tensho", "sendai", "riichi")

# A rule option's value: JSON scalars or a list of them. No floats (see events.canonical).
OptionValue = StrictBool | StrictInt | StrictStr | tuple[StrictStr, ...] | tuple[StrictInt, ...]
Name = Annotated[str, Field(min_length=1, max_length=64, strict=True)]


class PlayerSeat(Payload):
    seat: Seat
    name: Name


class Ruleset(Payload):
    """A ruleset by id, with every option spelled out, so replay never relies on defaults."""

    id: Annotated[str, Field(min_length=1, max_length=64, strict=True)]
    options: dict[StrictStr, OptionValue]


class MatchLength(Payload):
    unit: Literal["rounds", "hanchan", "tonpuusen"]
    count: Annotated[int, Field(ge=1, le=1000, strict=True)]


@event_type("match_started")
class MatchStarted(Payload):
    """The first event of every match."""

    game: GameName
    ruleset: Ruleset
    players: Annotated[tuple[PlayerSeat, ...], Field(min_length=2, max_length=4)]
    length: MatchLength
    first_dealer: Seat


@event_type("round_started")
class RoundStarted(Payload):
    round: Annotated[int, Field(ge=1, strict=True)]
    dealer: Seat


@event_type("retract")
class Retract(Payload):
    """Voids the event ``seq`` of the same match. The voided event stays in the store."""

    seq: Seq
    reason: Text


@event_type("annotation")
class Annotation(Payload):
    """A note or a dispute attached to the event ``seq``."""

    seq: Seq
    kind: Literal["note", "dispute"]
    text: Text


@event_type("match_ended")
class MatchEnded(Payload):
    reason: Literal["completed", "abandoned"]
    note: Str = ""
