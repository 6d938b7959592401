"""What the Tensho and Sendai-hana views share: where the cards are, a round result's common fields, the match header."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from replay.engine.fold import Step
from replay.engine.words import listed, match_words, name_of
from replay.games.hanafuda.table import FishingRound


class HanafudaResult(Protocol):
    """What every hanafuda game's round result says (``RoundResult``, ``SendaiResult``, ``KoikoiResult``)."""

    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def reason(self) -> str: ...
    @property
    def depth(self) -> str: ...
    @property
    def explanation(self) -> str: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def next_dealer(self) -> int: ...


def result_fields(result: HanafudaResult, names: Sequence[str], **after_dealer: Any) -> dict[str, Any]:
    """The fields every hanafuda round result has, in order; ``after_dealer`` goes after ``dealer``."""
    return {
        "round": result.round,
        "dealer": result.dealer,
        **after_dealer,
        "winner": result.winner,
        "winner_name": None if result.winner is None else names[result.winner],
        "reason": result.reason,
        "depth": result.depth,
        "explanation": result.explanation,
        "points": list(result.points),
        "next_dealer": result.next_dealer,
    }


def cards_fields(rnd: FishingRound, pile_size: int) -> dict[str, Any]:
    """Where a hanafuda round's cards are: hands, field, the card being placed, pile, captures."""
    return {
        "hands": [list(h) for h in rnd.hands],
        "field": list(rnd.field),
        "pending": rnd.pending,
        "draw_pile": {"left": pile_size - rnd.drawn, "top": rnd.pile[0] if rnd.pile else None},
        "captured": [list(c) for c in rnd.captured],
    }


PHOENIX = "paulownia-phoenix"
MONTHS = ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "susuki", "chrysanthemum",
          "maple", "willow", "paulownia")  # fmt: skip


# The moves said by a template of the payload's fields (``who`` is the mover's name); the few
# that need more than a field or two are said in ``move_words``.
SAID = {
    "play": "{who} plays {p.card}",
    "draw": "{who} draws {p.card}",
    "dealer_triple_capture": "{who} takes {p.cards[0]} and {p.cards[1]} from the triple on the field",
    "koikoi": "{who} goes on (koi-koi)",
    "stop": "{who} stops",
    "round_result": "The round is recorded by each seat's captured cards",
}
DECIDED_BY = {"agreement": "by agreement", "dealer": "by the dealer"}


def move_words(step: Step, names: Sequence[str]) -> str:
    """A hanafuda event as the table says it: "Aki plays cherry-curtain", "Aki takes cherry-poetry
    with cherry-curtain"."""
    payload: Any = step.payload
    kind = step.type.split(".", 1)[-1]
    who = name_of(names, getattr(payload, "seat", None))
    if kind in SAID:
        return SAID[kind].format(who=who, p=payload)
    if kind == "deal":
        hands = ", ".join(f"{name_of(names, seat)} {len(hand)}" for seat, hand in enumerate(payload.hands))
        return f"The cards are dealt: {hands}, the field {len(payload.field)}"
    if kind == "capture":
        if payload.taken:
            return f"{who} takes {listed(payload.taken)} with {payload.card}"
        # Tensho's phoenix goes to its player's scoring area; a card unmatched stays on the field.
        return (
            f"{payload.card} goes to {who}'s captures"
            if payload.card == PHOENIX
            else f"{payload.card} stays on the field"
        )
    if kind == "yaku_set_chosen":
        return f"Yaku set {payload.yaku_set} is chosen ({DECIDED_BY[payload.by]})"
    if kind == "teyaku_exposed":
        return f"{who} shows {payload.teyaku.replace('-', ' ')}"
    if kind == "misdeal":
        return f"Misdeal: four {MONTHS[payload.month - 1]} cards on the field"
    return match_words(step, names)
