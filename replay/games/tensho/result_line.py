"""A Tensho round at result depth: each seat's captured cards, seat 0 first, parted by a /."""

from __future__ import annotations

from collections.abc import Sequence

from events.tensho import TenshoRoundResult
from replay.games.hanafuda.result_line import cards_by_seat
from replay.games.tensho.state import RoundState


def parse(words: Sequence[str], rnd: RoundState | None = None, names: Sequence[str] = ()) -> TenshoRoundResult:
    """``pine-crane 01-1 ... / 12-0 ...``: the yaku and the tie-break follow from the cards."""
    return TenshoRoundResult.model_validate({"captured": cards_by_seat(" ".join(words), 2)})


def takes_another(words: Sequence[str], rnd: RoundState | None) -> bool:
    """Whether ``words`` are a second result on a round already over: never, in this game."""
    return False
