"""Sendai-hana's events (docs/hanafuda.md §4). Seats 0, 1, 2 are numbered in turn order
(anticlockwise): the dealer plays first, then the next seat up, then the one after."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from events.cards import CardId
from events.hanafuda import CardCapture, PlacedCard, SeatOnly
from events.model import Payload, Seat
from events.registry import event_type

Hand = Annotated[tuple[CardId, ...], Field(min_length=7, max_length=7)]
TeyakuKey = Literal["three-pairs", "triplet-two-pairs", "four-three", "four-of-a-kind"]


@event_type("sendai.deal")
class SendaiDeal(Payload):
    """Seven cards to each seat, six to the field; ``draw_pile`` (21, top first) when its order is known."""

    draw_pile: Annotated[tuple[CardId, ...], Field(min_length=21, max_length=21)] | None = None
    field: Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)]
    hands: tuple[Hand, Hand, Hand]


@event_type("sendai.field_dealt")
class SendaiFieldDealt(Payload):
    """The deal as the table sees it: the 6 field cards. The three hands of 7 and the pile stay
    unseen; each card is shown as it is played or drawn (the public record)."""

    field: Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)]
    known: tuple[Hand | None, ...] = Field(default=(), max_length=3)  # a hand where it is known, null where unseen


@event_type("sendai.misdeal")
class SendaiMisdeal(Payload):
    """Four cards of ``month`` were dealt to the field: the dealer deals again."""

    month: Annotated[int, Strict(), Field(ge=1, le=12)]


@event_type("sendai.teyaku_exposed")
class TeyakuExposed(Payload):
    """A player shows a teyaku in his dealt hand, before the first play, to claim it."""

    seat: Seat
    teyaku: TeyakuKey


@event_type("sendai.play")
class SendaiPlay(PlacedCard):
    """A card from the hand to the field."""


@event_type("sendai.draw")
class SendaiDraw(PlacedCard):
    """The top card of the draw pile, turned."""


@event_type("sendai.capture")
class SendaiCapture(CardCapture):
    """The card just played or drawn takes ``taken`` from the field."""


@event_type("sendai.koikoi")
class KoiKoi(SeatOnly):
    """Go: after a new or improved dekiyaku, the player plays on."""


@event_type("sendai.stop")
class Stop(SeatOnly):
    """Stop: after a new or improved dekiyaku, the player ends the round and scores."""


@event_type("sendai.round_result")
class SendaiRoundResult(Payload):
    """A round recorded at result depth, with no moves: each seat's captures and the calls made.

    ``went`` are the seats that said go (koi-koi) during the round; ``stopped`` is the seat that
    said stop, or none when nobody did; ``exposed`` the teyaku each seat showed, by seat.
    """

    captured: Annotated[tuple[tuple[CardId, ...], ...], Field(min_length=3, max_length=3)]
    exposed: Annotated[tuple[tuple[TeyakuKey, ...], ...], Field(min_length=3, max_length=3)] = ((), (), ())
    stopped: Seat | None = None
    went: Annotated[tuple[Seat, ...], Field(max_length=3)] = ()
