"""Tensho's events (docs/hanafuda.md §3). Cards are canonical IDs; seats are 0 and 1."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from events.cards import CardId
from events.hanafuda import CardCapture, PlacedCard
from events.model import Payload, Seat
from events.registry import event_type

YakuSet = Annotated[int, Strict(), Field(ge=1, le=2, description="1: shichi-bu yaku, 2: han yaku")]


@event_type("tensho.yaku_set_chosen")
class YakuSetChosen(Payload):
    """Before the deal: which yaku set counts this round, and how it was decided."""

    by: Literal["agreement", "dealer"]
    yaku_set: YakuSet


@event_type("tensho.field_dealt")
class TenshoFieldDealt(Payload):
    """The deal as the table sees it: the 9 field cards, and a hand where it is known. The other
    hand, the pile and the dead cards stay unseen; each card is shown as it is played or drawn (the
    public record)."""

    field: Annotated[tuple[CardId, ...], Field(min_length=9, max_length=9)]
    known: tuple[Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)] | None, ...] = Field(
        default=(), max_length=2
    )  # a hand where it is known (a player's own phone), null where unseen


@event_type("tensho.deal")
class TenshoDeal(Payload):
    """Two hands of 6 (by seat), 9 field cards, 18 to draw and 6 dead cards.

    ``draw_pile`` lists the pile top first when its order is known; ``dead`` lists the dead
    cards when they are known. Whatever is not known is drawn from the unseen cards.
    """

    dead: Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)] | None = None
    draw_pile: Annotated[tuple[CardId, ...], Field(min_length=18, max_length=18)] | None = None
    field: Annotated[tuple[CardId, ...], Field(min_length=9, max_length=9)]
    hands: tuple[
        Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)],
        Annotated[tuple[CardId, ...], Field(min_length=6, max_length=6)],
    ]


@event_type("tensho.dealer_triple_capture")
class DealerTripleCapture(Payload):
    """The dealer takes two of three same-suit field cards before play, and then plays second."""

    cards: Annotated[tuple[CardId, ...], Field(min_length=2, max_length=2)]
    seat: Seat


@event_type("tensho.play")
class TenshoPlay(PlacedCard):
    """A card from the hand to the field (the Phoenix goes to the scoring area by a capture)."""


@event_type("tensho.draw")
class TenshoDraw(PlacedCard):
    """The top card of the draw pile, turned."""


@event_type("tensho.capture")
class TenshoCapture(CardCapture):
    """The card just played or drawn takes ``taken`` from the field (nothing, for the Phoenix)."""


@event_type("tensho.round_result")
class TenshoRoundResult(Payload):
    """A round recorded at result depth, with no moves: the cards each seat captured, by seat."""

    captured: tuple[
        Annotated[tuple[CardId, ...], Field(max_length=39)],
        Annotated[tuple[CardId, ...], Field(max_length=39)],
    ]
