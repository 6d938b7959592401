"""Koi-koi's events (docs/koikoi.md). Two players, seats 0 and 1; the dealer plays first. Cards are
canonical IDs."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from events.cards import CardId
from events.hanafuda import CardCapture, PlacedCard, SeatOnly
from events.model import Payload, Seat
from events.registry import event_type

Hand = Annotated[tuple[CardId, ...], Field(min_length=8, max_length=8)]
TeyakuKey = Literal["teshi", "kuttsuki"]  # the hand yaku: four of one month, or four pairs, in a dealt hand


@event_type("koikoi.deal")
class KoikoiDeal(Payload):
    """Eight cards to each seat and eight to the field; ``draw_pile`` (24, top first) when its order is known."""

    draw_pile: Annotated[tuple[CardId, ...], Field(min_length=24, max_length=24)] | None = None
    field: Annotated[tuple[CardId, ...], Field(min_length=8, max_length=8)]
    hands: tuple[Hand, Hand]


@event_type("koikoi.field_dealt")
class KoikoiFieldDealt(Payload):
    """The deal as the table sees it: the 8 field cards, and a hand where it is known (a player's own
    phone). The pile and the other hand stay unseen; each card is shown as it is played or drawn."""

    field: Annotated[tuple[CardId, ...], Field(min_length=8, max_length=8)]
    known: tuple[Hand | None, ...] = Field(default=(), max_length=2)


@event_type("koikoi.misdeal")
class KoikoiMisdeal(Payload):
    """The deal is void and dealt again: four cards of ``month`` on the field, or (where the ruleset
    redeals them) a dealt hand of four of a month or four pairs, shown by ``seat``."""

    month: Annotated[int, Strict(), Field(ge=1, le=12)] | None = None
    seat: Seat | None = None


@event_type("koikoi.teyaku_exposed")
class KoikoiTeyakuExposed(Payload):
    """A teyaku shown in a dealt hand before the first play, where the ruleset makes it a win: four
    of one month (teshi) or four pairs (kuttsuki). The round ends."""

    seat: Seat
    teyaku: TeyakuKey


@event_type("koikoi.play")
class KoikoiPlay(PlacedCard):
    """A card from the hand to the field."""


@event_type("koikoi.draw")
class KoikoiDraw(PlacedCard):
    """The top card of the draw pile, turned."""


@event_type("koikoi.capture")
class KoikoiCapture(CardCapture):
    """The card just played or drawn takes ``taken`` from the field."""


@event_type("koikoi.koikoi")
class Koikoi(SeatOnly):
    """Koi-koi: after a new or better yaku, the player plays on."""


@event_type("koikoi.stop")
class KoikoiStop(SeatOnly):
    """Shoubu: after a new or better yaku, the player ends the round and scores."""


@event_type("koikoi.round_result")
class KoikoiRoundResult(Payload):
    """A round recorded at result depth, with no moves: each seat's captures and the calls.

    ``went`` has a seat once for each koi-koi it called (``[0, 0, 1]``: seat 0 twice, seat 1 once);
    ``stopped`` is the seat that stopped, none when nobody did; ``shown``, a teyaku shown
    at the deal that won (its seat is ``stopped``)."""

    captured: Annotated[tuple[tuple[CardId, ...], ...], Field(min_length=2, max_length=2)]
    shown: TeyakuKey | None = None
    stopped: Seat | None = None
    went: Annotated[tuple[Seat, ...], Field(max_length=16)] = ()
