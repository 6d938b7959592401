"""A Tensho round as it stands: the immutable ``RoundState``, and the working copy a fold changes in place."""

from __future__ import annotations

from typing import Literal, NamedTuple

from replay.engine.match import GameState, WorkingGame
from replay.games.hanafuda import table
from replay.games.hanafuda.yaku import YakuHit, YakuSpec, cards_of, evaluate
from replay.games.tensho.options import TenshoOptions
from replay.games.tensho.scoring import TENSHO_IDS, RoundResult

# ---- the round state ------------------------------------------------------------------------

Phase = Literal["set", "deal", "play", "capture", "draw", "over"]


class RoundState(NamedTuple):
    """One round as it stands, immutable. A fold works on a ``_Round`` copy and freezes it."""

    number: int
    dealer: int
    phase: Phase = "set"
    yaku_set: int = 0
    to_move: int = 0
    hands: tuple[tuple[str, ...], ...] = ((), ())
    field: tuple[str, ...] = ()
    pile: tuple[str, ...] | None = None  # the rest of the draw pile, top first, when known
    drawn: int = 0
    dead: frozenset[str] | None = None
    captured: tuple[tuple[str, ...], ...] = ((), ())
    pending: str | None = None  # the card played or drawn that must now capture
    pending_from: Literal["play", "draw"] = "play"
    opening: bool = True  # no card played yet: the dealer's triple capture is still possible
    triple_months: frozenset[int] = frozenset()
    misdeals: int = 0
    specs: tuple[YakuSpec, ...] = ()
    instant: tuple[YakuSpec, ...] = ()  # the instant-win yaku of the set, checked after each capture
    result: RoundResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seen(self) -> frozenset[str]:
        return table.seen(self, self.dead or ())

    def unseen(self) -> frozenset[str]:
        return TENSHO_IDS - self.seen()

    def where(self, card: str) -> str:
        """Where a card is, in words, for error messages."""
        return _where(self, card, self.dead)

    def yaku_of(self, seat: int, options: TenshoOptions) -> tuple[YakuHit, ...]:
        return tuple(evaluate(self.specs, self.captured[seat], supersede=options.compound == "supersede"))


def _where(rnd: table.FishingRound, card: str, dead: frozenset[str] | None) -> str:
    return table.where(rnd, card, deck=TENSHO_IDS, dead=dead or ()).replace(
        "not in this game's deck", "not in the 45-card Tensho deck"
    )


class _Round(table.Cards):
    """A ``RoundState`` while the fold works on it, changed in place (see ``replay.games.hanafuda.table``)."""

    __slots__ = (
        "dead",
        "dealer",
        "instant",
        "instant_cards",
        "misdeals",
        "number",
        "opening",
        "result",
        "specs",
        "triple_months",
        "yaku_set",
    )

    number: int
    dealer: int
    yaku_set: int
    dead: frozenset[str] | None
    opening: bool
    triple_months: frozenset[int]
    misdeals: int
    specs: tuple[YakuSpec, ...]
    instant: tuple[YakuSpec, ...]
    instant_cards: frozenset[str]  # every card of an instant-win yaku: a capture without one cannot win
    result: RoundResult | None

    def __init__(self, rnd: RoundState) -> None:
        self.thaw_cards(rnd)
        self.number, self.dealer, self.yaku_set = rnd.number, rnd.dealer, rnd.yaku_set
        self.dead, self.opening, self.triple_months = rnd.dead, rnd.opening, rnd.triple_months
        self.misdeals, self.specs, self.result = rnd.misdeals, rnd.specs, rnd.result
        self.instant, self.instant_cards = rnd.instant, cards_of(rnd.instant)

    @classmethod
    def fresh(cls, number: int, dealer: int) -> _Round:
        """A round just started: no yaku set chosen, nothing dealt, the dealer to move."""
        rnd = cls(_NO_ROUND)
        rnd.number, rnd.dealer, rnd.to_move = number, dealer, dealer
        return rnd

    def freeze(self) -> RoundState:
        return RoundState(
            number=self.number, dealer=self.dealer, yaku_set=self.yaku_set, dead=self.dead, opening=self.opening,
            triple_months=self.triple_months, misdeals=self.misdeals, specs=self.specs, instant=self.instant,
            result=self.result, **self.frozen_cards(),  # type: ignore[arg-type]
        )  # fmt: skip

    def is_unseen(self, card: str) -> bool:
        drawable = self.drawable
        if drawable is None:
            drawable = self.drawable = set(TENSHO_IDS - table.seen(self, self.dead or ()))
        return card in drawable

    def where(self, card: str) -> str:
        return _where(self, card, self.dead)


_NO_ROUND = RoundState(number=0, dealer=0)  # what a round holds before anything happens in it
TenshoState = GameState[TenshoOptions, RoundState, RoundResult]
_Game = WorkingGame[TenshoOptions, _Round, RoundResult]
