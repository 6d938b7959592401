"""The base of every event payload, and the strict scalar types they are built from."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import BaseModel, ConfigDict, Field, Strict

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
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    EVENT_TYPE: ClassVar[str] = ""
    SCHEMA_VERSION: ClassVar[int] = 0
