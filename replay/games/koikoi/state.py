"""A koi-koi round as it stands: the immutable ``KoikoiRound`` and the working copy a fold changes in place."""

from __future__ import annotations

from typing import Literal, NamedTuple

from replay.engine.match import GameState, WorkingGame
from replay.games.hanafuda import table
from replay.games.hanafuda.yaku import YakuHit
from replay.games.koikoi.options import KoikoiOptions
from replay.games.koikoi.scoring import KOIKOI_IDS, KoikoiResult, yaku

Phase = Literal["deal", "misdeal", "play", "capture", "draw", "decide", "over"]


class KoikoiRound(NamedTuple):
    """One round as it stands, immutable. A fold works on a ``_Round`` copy and freezes it."""

    number: int
    dealer: int
    phase: Phase = "deal"
    to_move: int = 0
    hands: tuple[tuple[str, ...], ...] = ((), ())
    field: tuple[str, ...] = ()
    pile: tuple[str, ...] | None = None
    drawn: int = 0
    captured: tuple[tuple[str, ...], ...] = ((), ())
    pending: str | None = None
    pending_from: Literal["play", "draw"] = "play"
    dealt: tuple[tuple[str, ...], ...] = ((), ())  # the hands as dealt, for teshi and kuttsuki
    opening: bool = True  # no card played yet: a winning hand may be shown
    misdeal_month: int | None = None  # four of this month on the field: the deal is void
    misdeal_seat: int | None = None  # this seat's dealt hand voids the deal (teshi or kuttsuki, redealt)
    misdeals: int = 0
    calls: tuple[int, ...] = (0, 0)  # koi-koi calls by seat this round
    turn_points: tuple[int, ...] = (0, 0)  # each seat's yaku total when its current turn began
    result: KoikoiResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def order(self) -> tuple[int, ...]:
        return (self.dealer, 1 - self.dealer)

    def seen(self) -> frozenset[str]:
        return table.seen(self)

    def unseen(self) -> frozenset[str]:
        return KOIKOI_IDS - self.seen()

    def where(self, card: str) -> str:
        return table.where(self, card, deck=KOIKOI_IDS)

    def yaku(self, seat: int, options: KoikoiOptions) -> list[YakuHit]:
        return yaku(self.captured[seat], self.calls[seat], options)


class _Round(table.TurnCards):
    """A ``KoikoiRound`` while the fold works on it, changed in place (see ``replay.games.hanafuda.table``)."""

    __slots__ = (
        "calls",
        "dealer",
        "dealt",
        "misdeal_month",
        "misdeal_seat",
        "misdeals",
        "number",
        "opening",
        "result",
        "turn_points",
    )

    number: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...]
    opening: bool
    misdeal_month: int | None
    misdeal_seat: int | None
    misdeals: int
    calls: list[int]
    turn_points: list[int]
    result: KoikoiResult | None

    def __init__(self, rnd: KoikoiRound) -> None:
        self.reset(rnd)

    def reset(self, rnd: KoikoiRound) -> None:
        """Become a working copy of ``rnd`` (a misdeal starts the round afresh in place)."""
        self.thaw_cards(rnd)
        self.number, self.dealer, self.dealt, self.opening = rnd.number, rnd.dealer, rnd.dealt, rnd.opening
        self.misdeal_month, self.misdeal_seat, self.misdeals = rnd.misdeal_month, rnd.misdeal_seat, rnd.misdeals
        self.calls, self.turn_points, self.result = list(rnd.calls), list(rnd.turn_points), rnd.result

    def freeze(self) -> KoikoiRound:
        return KoikoiRound(
            number=self.number, dealer=self.dealer, dealt=self.dealt, opening=self.opening,
            misdeal_month=self.misdeal_month, misdeal_seat=self.misdeal_seat, misdeals=self.misdeals,
            calls=tuple(self.calls), turn_points=tuple(self.turn_points), result=self.result,
            **self.frozen_cards(),  # type: ignore[arg-type]
        )  # fmt: skip

    def is_unseen(self, card: str) -> bool:
        drawable = self.drawable
        if drawable is None:
            drawable = self.drawable = set(KOIKOI_IDS - table.seen(self))
        return card in drawable

    def where(self, card: str) -> str:
        return table.where(self, card, deck=KOIKOI_IDS)


KoikoiState = GameState[KoikoiOptions, KoikoiRound, KoikoiResult]
_Game = WorkingGame[KoikoiOptions, _Round, KoikoiResult]
