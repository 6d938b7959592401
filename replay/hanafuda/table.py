"""A fishing round on the table, shared by Tensho and Sendai-hana.

Each game's round state is an immutable NamedTuple that carries the fields of
``FishingRound``: the hands, the field, the draw pile, the captured piles and the card being
placed. These functions move cards between them, and raise ``RuleBroken`` with a code and
the reason when a move is not allowed; the game's fold turns that into its ``IllegalEvent``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal, Protocol, TypeVar, cast

from replay.hanafuda.fishing import capture_problem, matches

Source = Literal["play", "draw"]


class RuleBroken(Exception):
    """A move the shared mechanics refuse: ``code`` (e.g. ``play.not_in_hand``) and why."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class FishingRound(Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def field(self) -> tuple[str, ...]: ...
    @property
    def pile(self) -> tuple[str, ...] | None: ...
    @property
    def drawn(self) -> int: ...
    @property
    def captured(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def pending(self) -> str | None: ...
    @property
    def pending_from(self) -> str: ...

    # NamedTuple's own _replace, whose keywords are the game's fields.
    @property
    def _replace(self) -> Callable[..., Any]: ...


R = TypeVar("R", bound=FishingRound)


def evolve(rnd: R, **changes: Any) -> R:
    """``rnd._replace(**changes)``, typed as the game's own round state."""
    replaced: Any = rnd._replace(**changes)
    return cast(R, replaced)


MustCapture = Callable[[str, Sequence[str]], bool]


def ordinary_capture(card: str, field: Sequence[str]) -> bool:
    """A placed card captures when it matches a field card (Tensho adds its Phoenix)."""
    return bool(matches(card, field))


def seen(rnd: FishingRound, also: Collection[str] = ()) -> frozenset[str]:
    """Every card whose place is known: hands, field, captured piles, the card being placed."""
    cards: set[str] = set(rnd.field)
    for hand in rnd.hands:
        cards.update(hand)
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


def with_captured(
    captured: tuple[tuple[str, ...], ...], seat: int, cards: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    return tuple((*pile, *cards) if i == seat else pile for i, pile in enumerate(captured))


def without(hands: tuple[tuple[str, ...], ...], seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(c for c in hand if c != card) if i == seat else hand for i, hand in enumerate(hands))


def place(
    rnd: R, card: str, source: Source, *, must_capture: MustCapture, end_turn: Callable[[R], R], **changes: Any
) -> R:
    """A played or drawn card: it must capture if it can, or it stays on the field."""
    if must_capture(card, rnd.field):
        return evolve(rnd, phase="capture", pending=card, pending_from=source, **changes)
    if source == "play":
        return evolve(rnd, phase="draw", field=(*rnd.field, card), **changes)
    return end_turn(evolve(rnd, field=(*rnd.field, card), **changes))


def play(
    rnd: R,
    seat: int,
    card: str,
    *,
    must_capture: MustCapture,
    end_turn: Callable[[R], R],
    where_is: str,
    **changes: Any,
) -> R:
    """A card from ``seat``'s hand to the field."""
    if rnd.phase != "play":
        raise RuleBroken("play.out_of_turn", f"seat {seat} has played and must now draw")
    if card not in rnd.hands[seat]:
        raise RuleBroken("play.not_in_hand", f"{card} is not in seat {seat}'s hand ({where_is})")
    return place(
        rnd, card, "play", must_capture=must_capture, end_turn=end_turn, hands=without(rnd.hands, seat, card), **changes
    )


def draw(
    rnd: R,
    seat: int,
    card: str,
    *,
    pile_size: int,
    unseen: Callable[[], frozenset[str]],
    where_is: Callable[[], str],
    must_capture: MustCapture,
    end_turn: Callable[[R], R],
) -> R:
    """The top card of the draw pile: the known top when the order is known, else any unseen card."""
    if rnd.phase != "draw":
        raise RuleBroken("draw.out_of_turn", f"seat {seat} must play a card from the hand first")
    if rnd.pile is not None:
        if not rnd.pile:
            raise RuleBroken("draw.empty_pile", "the draw pile is empty")
        if card != rnd.pile[0]:
            raise RuleBroken("draw.not_top", f"the top of the draw pile is {rnd.pile[0]}, not {card}")
        pile: tuple[str, ...] | None = rnd.pile[1:]
    else:
        if rnd.drawn >= pile_size:
            raise RuleBroken("draw.empty_pile", f"the draw pile is empty: all {pile_size} cards were drawn")
        if card not in unseen():
            raise RuleBroken("draw.seen", f"{card} cannot be drawn: it is {where_is()}")
        pile = None
    return place(rnd, card, "draw", must_capture=must_capture, end_turn=end_turn, pile=pile, drawn=rnd.drawn + 1)


def capture(
    rnd: R, seat: int, card: str, taken: Sequence[str], *, alone: Collection[str] = (), end_turn: Callable[[R], R]
) -> tuple[R, R]:
    """The pending card takes ``taken`` from the field.

    Returns the round with the cards moved, and the round as it goes on (to the draw after a
    play, to the next turn after a draw). Cards in ``alone`` go to the scoring area by
    themselves (Tensho's Phoenix).
    """
    if rnd.phase != "capture" or rnd.pending is None:
        raise RuleBroken("capture.nothing_pending", "there is no card to capture with")
    if card != rnd.pending:
        raise RuleBroken("capture.wrong_card", f"the card to capture with is {rnd.pending}, not {card}")
    if card in alone:
        if taken:
            raise RuleBroken("capture.takes_nothing", f"{card} goes to the scoring area alone")
    else:
        problem = capture_problem(card, matches(card, rnd.field), taken)
        if problem:
            raise RuleBroken(*problem)
    moved = evolve(
        rnd,
        captured=with_captured(rnd.captured, seat, (card, *taken)),
        field=tuple(c for c in rnd.field if c not in taken) if taken else rnd.field,
        pending=None,
    )
    if rnd.pending_from == "play":
        return moved, evolve(moved, phase="draw")
    return moved, end_turn(moved)


def leave(rnd: R, *, end_turn: Callable[[R], R]) -> R:
    """The pending card stays on the field without capturing (where capturing is optional)."""
    assert rnd.pending is not None
    left = evolve(rnd, field=(*rnd.field, rnd.pending), pending=None)
    return evolve(left, phase="draw") if rnd.pending_from == "play" else end_turn(left)


def capture_reminder(rnd: FishingRound, record_as: str) -> str:
    assert rnd.pending is not None
    found = matches(rnd.pending, rnd.field)
    return f"{rnd.pending} matches {' and '.join(found)} on the field and must capture; record {record_as} first"
