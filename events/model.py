"""The base of every event payload, and the strict scalar types they are built from."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import BaseModel, ConfigDict, Field, Strict

from events.canonical import dumps

# Strict scalars: JSON "1" is not an integer and true is not 1. Containers stay lax so a
# JSON array can become an immutable tuple.
Int = Annotated[int, Strict()]
Str = Annotated[str, Strict()]
Bool = Annotated[bool, Strict()]
Seat = Annotated[int, Strict(), Field(ge=0, le=3, description="seat number, 0 is the first seat")]
Seq = Annotated[int, Strict(), Field(ge=1, description="sequence number of an event in its match")]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=4000)]


class Payload(BaseModel):
    """An event payload: frozen, no extra fields, one stable type name per class.

    ``EVENT_TYPE`` and ``SCHEMA_VERSION`` are set by ``events.registry.event_type``; the type
    name is what is stored, so classes may be renamed freely.

    Fields are declared in alphabetical order, the order of canonical JSON, so that
    pydantic's own serializer writes the canonical bytes directly (the registry checks it).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    EVENT_TYPE: ClassVar[str] = ""
    SCHEMA_VERSION: ClassVar[int] = 0
    # True when pydantic's JSON is already canonical: no dict field anywhere inside.
    SERIALIZES_CANONICALLY: ClassVar[bool] = False
    # True for the event that begins a round (every game's: the match's round_started, riichi's
    # hand with its counters): what an audit or a what-if reads as the start of a round.
    STARTS_ROUND: ClassVar[bool] = False
    # True when no dict, list or set is inside: a decoded instance can then be shared.
    IMMUTABLE: ClassVar[bool] = False

    def canonical_json(self) -> str:
        """The canonical JSON text of this payload (see ``events.canonical``)."""
        if self.SERIALIZES_CANONICALLY:
            return self.__pydantic_serializer__.to_json(self).decode("utf-8")
        return dumps(self.model_dump())
