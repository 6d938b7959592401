"""A fishing round on the table, shared by Tensho and Sendai-hana.

Each game's round state is an immutable NamedTuple. While a fold works through events it
thaws the round into a ``Cards`` working copy (the cards that move held in lists) and
changes that in place, freezing it again when the fold returns; the fold stays pure from
outside and does not rebuild a tuple per card moved. The functions here move cards on a
working copy, and raise ``RuleBroken`` with a code and the reason when a move is not
allowed; the game's fold turns that into its ``IllegalEvent``. Every check comes before
any change.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Literal, Protocol

from replay.games.hanafuda.fishing import MONTH, capture_problem, matches

Source = Literal["play", "draw"]


class RuleBroken(Exception):
    """A move the shared mechanics refuse: ``code`` (e.g. ``play.not_in_hand``) and why."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class FishingRound(Protocol):
    """What a round, frozen or being folded, shows of its cards."""

    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int: ...
    @property
    def hands(self) -> Sequence[Sequence[str]]: ...
    @property
    def field(self) -> Sequence[str]: ...
    @property
    def pile(self) -> Sequence[str] | None: ...
    @property
    def drawn(self) -> int: ...
    @property
    def captured(self) -> Sequence[Sequence[str]]: ...
    @property
    def pending(self) -> str | None: ...
    @property
    def pending_from(self) -> Source: ...


class FrozenCards(FishingRound, Protocol):
    """The card fields of a game's immutable round state."""

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def field(self) -> tuple[str, ...]: ...
    @property
    def pile(self) -> tuple[str, ...] | None: ...
    @property
    def captured(self) -> tuple[tuple[str, ...], ...]: ...


UNSEEN = "?"  # a card of a hand dealt unseen (the public record): known once it is played


class Cards:
    """The card fields of a round being folded; each game's working round adds its own."""

    __slots__ = (
        "captured", "drawable", "drawn", "field", "hands", "months", "pending", "pending_from", "phase", "pile", "to_move",
    )  # fmt: skip

    phase: str
    to_move: int
    hands: list[list[str]]
    field: list[str]  # change it through set_field, put and take, which keep ``months`` with it
    months: dict[int, list[str]]  # the field's cards by month, in field order: what a placed card matches
    pile: list[str] | None  # the rest of the draw pile, top first, when its order is known
    drawn: int
    captured: list[list[str]]
    pending: str | None  # the card played or drawn that must now capture
    pending_from: Source
    # The cards that may still be drawn when the pile's order is unknown, made by the game's
    # ``is_unseen`` at the first such draw and kept as cards are drawn; a deal forgets it.
    drawable: set[str] | None

    def thaw_cards(self, frozen: FrozenCards) -> None:
        self.phase = frozen.phase
        self.to_move = frozen.to_move
        self.hands = [list(hand) for hand in frozen.hands]
        self.set_field(frozen.field)
        self.pile = None if frozen.pile is None else list(frozen.pile)
        self.drawn = frozen.drawn
        self.captured = [list(pile) for pile in frozen.captured]
        self.pending = frozen.pending
        self.pending_from = frozen.pending_from
        self.drawable = None

    def frozen_cards(self) -> dict[str, object]:
        """The card fields as the immutable round state holds them."""
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "hands": tuple(tuple(hand) for hand in self.hands),
            "field": tuple(self.field),
            "pile": None if self.pile is None else tuple(self.pile),
            "drawn": self.drawn,
            "captured": tuple(tuple(pile) for pile in self.captured),
            "pending": self.pending,
            "pending_from": self.pending_from,
        }

    def set_field(self, cards: Iterable[str]) -> None:
        self.drawable = None  # only a deal sets the whole field
        self.field = list(cards)
        self.months = {}
        for card in self.field:
            self.months.setdefault(MONTH[card], []).append(card)

    def put(self, card: str) -> None:
        """A card onto the field."""
        self.field.append(card)
        same = self.months.get(MONTH[card])
        if same is None:
            self.months[MONTH[card]] = [card]
        else:
            same.append(card)

    def take(self, card: str) -> None:
        """A card off the field."""
        self.field.remove(card)
        self.months[MONTH[card]].remove(card)

    def where(self, card: str) -> str:
        """Where a card is, in words, for the reason of a refusal (each game says it its way)."""
        raise NotImplementedError

    def is_unseen(self, card: str) -> bool:
        """The card is in the game's deck and nowhere known: it may be the next one drawn."""
        raise NotImplementedError


class TurnCards(Cards):
    """The card fields of a koi-koi family round being folded (Sendai-hana, koi-koi), with what
    their shared turn reads: the misdeals recorded, and whether no card is played yet."""

    __slots__ = ()

    misdeals: int
    opening: bool


def seen(rnd: FishingRound, also: Collection[str] = ()) -> frozenset[str]:
    """Every card whose place is known: hands, field, captured piles, the card being placed."""
    cards: set[str] = set(rnd.field)
    for hand in rnd.hands:
        cards.update(hand)
    cards.discard(UNSEEN)
    for pile in rnd.captured:
        cards.update(pile)
    if rnd.pending:
        cards.add(rnd.pending)
    cards.update(also)
    return frozenset(cards)


def where(rnd: FishingRound, card: str, *, deck: Collection[str], dead: Collection[str] = ()) -> str:
    """Where a card is, in words, for the reason of a refusal."""
    for seat, hand in enumerate(rnd.hands):
        if card in hand:
            return f"in seat {seat}'s hand"
    for seat, pile in enumerate(rnd.captured):
        if card in pile:
            return f"captured by seat {seat}"
    if card in rnd.field:
        return "on the field"
    if card == rnd.pending:
        return "being played"
    if card in dead:
        return "a dead card"
    if card not in deck:
        return "not in this game's deck"
    return "not seen yet"


def put_down(rnd: Cards, seat: int, card: str, source: Source, pile_size: int, alone: Collection[str] = ()) -> bool:
    """A card played from ``seat``'s hand, or drawn from the pile (the known top when the
    order is known, else any unseen card), put down: it must capture if it can, or it stays
    on the field. A card in ``alone`` always goes on to capture (Tensho's Phoenix, which
    takes nothing). One function for both: every move of a round goes through it.

    True when the turn is over: a drawn card that stayed on the field.
    """
    if source == "play":
        if rnd.phase != "play":
            raise RuleBroken("play.out_of_turn", f"seat {seat} has played and must now draw")
        hand = rnd.hands[seat]
        if card in hand:
            hand.remove(card)
        elif UNSEEN in hand and rnd.is_unseen(card):  # a hand dealt unseen: the card is shown as it is played
            hand.remove(UNSEEN)
            if rnd.drawable is not None:
                rnd.drawable.discard(card)
        elif UNSEEN in hand:
            raise RuleBroken("play.seen", f"{card} cannot be played: it is {rnd.where(card)}")
        else:
            raise RuleBroken("play.not_in_hand", f"{card} is not in seat {seat}'s hand ({rnd.where(card)})")
    else:
        if rnd.phase != "draw":
            raise RuleBroken("draw.out_of_turn", f"seat {seat} must play a card from the hand first")
        pile = rnd.pile
        if pile is not None:
            if not pile:
                raise RuleBroken("draw.empty_pile", "the draw pile is empty")
            if card != pile[0]:
                raise RuleBroken("draw.not_top", f"the top of the draw pile is {pile[0]}, not {card}")
            del pile[0]
        else:
            if rnd.drawn >= pile_size:
                raise RuleBroken("draw.empty_pile", f"the draw pile is empty: all {pile_size} cards were drawn")
            if not rnd.is_unseen(card):
                raise RuleBroken("draw.seen", f"{card} cannot be drawn: it is {rnd.where(card)}")
            if rnd.drawable is not None:
                rnd.drawable.discard(card)
        rnd.drawn += 1
    month = MONTH[card]
    same = rnd.months.get(month)
    if same or card in alone:  # it matches a field card
        rnd.phase = "capture"
        rnd.pending = card
        rnd.pending_from = source
        return False
    rnd.field.append(card)  # rnd.put, spelt out: this runs at every card left on the field
    if same is None:
        rnd.months[month] = [card]
    else:
        same.append(card)
    if source == "play":
        rnd.phase = "draw"
        return False
    return True


def capture(rnd: Cards, seat: int, card: str, taken: Sequence[str], alone: Collection[str] = ()) -> None:
    """The pending card takes ``taken`` from the field into ``seat``'s pile.

    The phase is left to the caller: the draw after a play, the next turn after a draw. Cards
    in ``alone`` go to the scoring area by themselves (Tensho's Phoenix).
    """
    if rnd.phase != "capture" or rnd.pending is None:
        raise RuleBroken("capture.nothing_pending", "there is no card to capture with")
    if card != rnd.pending:
        raise RuleBroken("capture.wrong_card", f"the card to capture with is {rnd.pending}, not {card}")
    if card in alone:
        if taken:
            raise RuleBroken("capture.takes_nothing", f"{card} goes to the scoring area alone")
    else:
        options = rnd.months.get(MONTH[card], [])
        if not (len(taken) == 1 and 0 < len(options) < 3 and taken[0] in options):  # else the usual capture
            problem = capture_problem(card, options, taken)
            if problem:
                raise RuleBroken(*problem)
    pile = rnd.captured[seat]
    pile.append(card)
    if taken:
        pile.extend(taken)
        field, months = rnd.field, rnd.months
        for gone in taken:  # rnd.take, spelt out: this runs at every capture
            field.remove(gone)
            months[MONTH[gone]].remove(gone)
    rnd.pending = None


def leave(rnd: Cards) -> None:
    """The pending card stays on the field without capturing (where capturing is optional)."""
    assert rnd.pending is not None
    rnd.put(rnd.pending)
    rnd.pending = None


def capture_reminder(rnd: FishingRound, record_as: str) -> str:
    assert rnd.pending is not None
    found = matches(rnd.pending, rnd.field)
    return f"{rnd.pending} matches {' and '.join(found)} on the field and must capture; record {record_as} first"
