"""Tsuki-awase's events: the deal, a card laid, and a round recorded by its result alone."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictInt

from events.cards import CardId
from events.model import Payload, Seat
from events.registry import event_type

Hand = Annotated[tuple[CardId, ...], Field(min_length=1, max_length=8)]


@event_type("toy.deal")
class ToyDeal(Payload):
    """Each seat's hand, seat 0 first."""

    hands: Annotated[tuple[Hand, ...], Field(min_length=2, max_length=2)]


@event_type("toy.lay")
class ToyLay(Payload):
    """A card laid from a hand: a pair of them is a trick, the higher month takes it."""

    card: CardId
    seat: Seat


@event_type("toy.round_result")
class ToyRoundResult(Payload):
    """A round recorded by its result alone: the tricks each seat took."""

    tricks: Annotated[tuple[Annotated[StrictInt, Field(ge=0, le=8)], ...], Field(min_length=2, max_length=2)]
