"""Match-level events, shared by every game."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, ConfigDict, Field, Strict, StrictBool, StrictInt, StrictStr

from events import versions
from events.games import GAMES as GAMES  # re-exported: every game's events name them
from events.games import NAME_PATTERN, registered
from events.model import Payload, Seat, Seq, Str, Text
from events.registry import event_type, upcaster

# A rule option's value: JSON scalars or a list of them. No floats (see events.canonical).
OptionValue = StrictBool | StrictInt | StrictStr | tuple[StrictStr, ...] | tuple[StrictInt, ...]
Name = Annotated[str, Field(min_length=1, max_length=64, strict=True)]
# A game's name as an event holds it: a registered game's, checked against this installation's
# games (``events/games.py``), not listed in the schema: a game added rewrites no published schema file.
GameName = Annotated[
    str,
    Field(pattern=NAME_PATTERN, strict=True, description="a game's name (schemas/games.json lists the built-in games)"),
    AfterValidator(registered),
]


class PlayerSeat(Payload):
    name: Name
    seat: Seat


class Ruleset(Payload):
    """A ruleset by id, with every option spelled out, so replay never relies on defaults."""

    id: Annotated[str, Field(min_length=1, max_length=64, strict=True)]
    options: dict[StrictStr, OptionValue]


class MatchLength(Payload):
    count: Annotated[int, Field(ge=1, le=1000, strict=True)]
    unit: Literal["rounds", "hanchan", "tonpuusen"]


# Version 1 of match_started, as it was written (its schema file stays as it was: the same title
# and description); read as version 2, with no source.
@event_type("match_started", version=1)
class MatchStartedV1(Payload):
    """The first event of every match."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="MatchStarted")

    first_dealer: Seat
    game: GameName
    length: MatchLength
    players: Annotated[tuple[PlayerSeat, ...], Field(min_length=2, max_length=4)]
    ruleset: Ruleset


@event_type("match_started", version=versions.MATCH_STARTED)
class MatchStarted(Payload):
    """The first event of every match. ``source``: for a game imported from another program's
    log, that log's own header (Tenhou's ref, title, names, rule, dan, rate, sx, lobby ...) as its
    JSON text, so that an export gives back what was read; none for a match recorded here."""

    first_dealer: Seat
    game: GameName
    length: MatchLength
    players: Annotated[tuple[PlayerSeat, ...], Field(min_length=2, max_length=4)]
    ruleset: Ruleset
    # Left out of the payload when none: a match recorded here keeps version 1's very payload text.
    source: Annotated[str, Strict(), Field(max_length=100_000)] | None = Field(
        default=None, exclude_if=lambda value: value is None
    )


@upcaster("match_started", 1)
def _match_started_1_to_2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 knew no source: a match it started was recorded here, or its log's header was not
    kept. The payload is the same; read as version 2, it has none."""
    return dict(payload)


@event_type("round_started")
class RoundStarted(Payload):
    STARTS_ROUND: ClassVar[bool] = True

    dealer: Seat
    round: Annotated[int, Field(ge=1, strict=True)]


@event_type("retract")
class Retract(Payload):
    """Voids the event ``seq`` of the same match. The voided event stays in the store."""

    reason: Text
    seq: Seq


@event_type("annotation")
class Annotation(Payload):
    """A note or a dispute attached to the event ``seq``, or a verdict on the dispute at ``seq``."""

    kind: Literal["note", "dispute", "verdict"]
    seq: Seq
    text: Text


@event_type("match_ended")
class MatchEnded(Payload):
    note: Str = ""
    reason: Literal["completed", "abandoned"]


@event_type("time_up")
class TimeUp(Payload):
    """The session's time is up at this table (the director calls it when the clock runs out): the
    ruleset says which hand is the last (riichi: ``riichi.timeUp``, the hand in play or one more)."""

    note: Str = ""


@event_type("claim")
class Claim(Payload):
    """The result a table agreed on (or a log recorded) for round ``round``, kept beside the computed one.

    ``points`` is each seat's change over the round as claimed; ``source`` says where it came
    from; ``text`` holds the claim's words or, for an import, the recorded result as it stood.
    A round of 0 claims the final scores of the match in ``points``.
    """

    points: Annotated[
        tuple[Annotated[int, Field(strict=True, ge=-10_000_000, le=10_000_000)], ...], Field(max_length=4)
    ]
    round: Annotated[int, Field(ge=0, strict=True)]
    source: Literal["table", "import"] = "table"
    text: Annotated[str, Field(max_length=8000, strict=True)] = ""
    winner: Seat | None = None
