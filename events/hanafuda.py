"""Event shapes both hanafuda games use; each game registers its own type names on them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from events.cards import CardId
from events.model import Payload, Seat


class PlacedCard(Payload):
    """A card put on the field: from the hand (a play) or from the draw pile (a draw)."""

    card: CardId
    seat: Seat


class CardCapture(Payload):
    """The card just played or drawn takes ``taken`` from the field."""

    card: CardId
    seat: Seat
    taken: Annotated[tuple[CardId, ...], Field(max_length=3)]


class SeatOnly(Payload):
    """A declaration by one seat."""

    seat: Seat
