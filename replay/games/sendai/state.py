"""A Sendai-hana round as it stands: the immutable ``SendaiRound``, the turn order, and the working
copy a fold changes in place."""

from __future__ import annotations

from typing import Literal, NamedTuple

from replay.engine.match import GameState, WorkingGame
from replay.games.hanafuda import table
from replay.games.hanafuda.yaku import YakuHit, YakuTable
from replay.games.sendai.options import SendaiOptions
from replay.games.sendai.scoring import SEATS, SENDAI_IDS, SendaiResult, _dekiyaku, position_of

Phase = Literal["deal", "misdeal", "play", "capture", "draw", "decide", "over"]


class SendaiRound(NamedTuple):
    """One round as it stands, immutable. A fold works on a ``_Round`` copy and freezes it."""

    number: int
    dealer: int
    phase: Phase = "deal"
    to_move: int = 0
    hands: tuple[tuple[str, ...], ...] = ((), (), ())
    field: tuple[str, ...] = ()
    pile: tuple[str, ...] | None = None
    drawn: int = 0
    captured: tuple[tuple[str, ...], ...] = ((), (), ())
    pending: str | None = None
    pending_from: Literal["play", "draw"] = "play"
    dealt: tuple[tuple[str, ...], ...] = ((), (), ())  # the hands as dealt, for teyaku
    opening: bool = True  # no card played yet: teyaku may be exposed
    misdeal_month: int | None = None
    misdeals: int = 0
    exposed: tuple[tuple[str, ...], ...] = ((), (), ())  # teyaku keys exposed, by seat
    went: frozenset[int] = frozenset()
    best: tuple[int, ...] = (0, 0, 0)  # each seat's dekiyaku total when it last decided
    result: SendaiResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def order(self) -> tuple[int, ...]:
        return ORDERS[self.dealer]

    def position(self, seat: int) -> int:
        return position_of(seat, self.dealer)

    def seen(self) -> frozenset[str]:
        return table.seen(self)

    def unseen(self) -> frozenset[str]:
        return SENDAI_IDS - self.seen()

    def where(self, card: str) -> str:
        return table.where(self, card, deck=SENDAI_IDS)

    def dekiyaku(self, seat: int, options: SendaiOptions) -> list[YakuHit]:
        return _dekiyaku(self.captured[seat], seat, self.dealer, options)


ORDERS = tuple(tuple((dealer + i) % SEATS for i in range(SEATS)) for dealer in range(SEATS))  # turn order by dealer
AFTER = tuple(ORDERS[(seat + 1) % SEATS] for seat in range(SEATS))  # by seat, the seats after it, itself last


class _Round(table.TurnCards):
    """A ``SendaiRound`` while the fold works on it, changed in place (see ``replay.games.hanafuda.table``)."""

    __slots__ = (
        "best",
        "checked",
        "counts",
        "dealer",
        "dealt",
        "exposed",
        "misdeal_month",
        "misdeals",
        "number",
        "opening",
        "result",
        "tables",
        "went",
    )

    number: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...]
    opening: bool
    misdeal_month: int | None
    misdeals: int
    exposed: tuple[tuple[str, ...], ...]
    went: frozenset[int]
    best: tuple[int, ...]
    result: SendaiResult | None
    # By seat, how many cards its pile held at its last check (-1: not known), and the packed
    # row count of those cards (``YakuTable.increments``): a turn that gave no dekiyaku row a
    # card it could hold with needs no evaluation.
    checked: list[int]
    counts: list[int]
    tables: tuple[YakuTable, ...] | None  # the dekiyaku table by seat, once looked up

    def __init__(self, rnd: SendaiRound) -> None:
        self.reset(rnd)

    def reset(self, rnd: SendaiRound) -> None:
        """Become a working copy of ``rnd`` (a misdeal starts the round afresh in place)."""
        self.thaw_cards(rnd)
        self.number, self.dealer, self.dealt, self.opening = rnd.number, rnd.dealer, rnd.dealt, rnd.opening
        self.misdeal_month, self.misdeals, self.exposed = rnd.misdeal_month, rnd.misdeals, rnd.exposed
        self.went, self.best, self.result = rnd.went, rnd.best, rnd.result
        # An empty pile makes no dekiyaku; of any other the next check counts the rows afresh.
        self.checked = [-1 if pile else 0 for pile in rnd.captured]
        self.counts = [0] * SEATS
        self.tables = None

    def freeze(self) -> SendaiRound:
        return SendaiRound(
            number=self.number, dealer=self.dealer, dealt=self.dealt, opening=self.opening,
            misdeal_month=self.misdeal_month, misdeals=self.misdeals, exposed=self.exposed, went=self.went,
            best=self.best, result=self.result, **self.frozen_cards(),  # type: ignore[arg-type]
        )  # fmt: skip

    def position(self, seat: int) -> int:
        return position_of(seat, self.dealer)

    def is_unseen(self, card: str) -> bool:
        drawable = self.drawable
        if drawable is None:
            drawable = self.drawable = set(SENDAI_IDS - table.seen(self))
        return card in drawable

    def where(self, card: str) -> str:
        return table.where(self, card, deck=SENDAI_IDS)

    def dekiyaku(self, seat: int, options: SendaiOptions) -> list[YakuHit]:
        return _dekiyaku(self.captured[seat], seat, self.dealer, options)


SendaiState = GameState[SendaiOptions, SendaiRound, SendaiResult]
_Game = WorkingGame[SendaiOptions, _Round, SendaiResult]
