"""A koi-koi round at result depth: the captured cards by seat, and the calls."""

from __future__ import annotations

from collections.abc import Sequence

from events.errors import InputError
from events.koikoi import KoikoiRoundResult
from replay.games.hanafuda.result_line import cards_and_calls
from replay.games.koikoi.state import KoikoiRound


def parse(words: Sequence[str], rnd: KoikoiRound | None = None, names: Sequence[str] = ()) -> KoikoiRoundResult:
    """Two seats' captured cards parted by a /, then the calls: ``go SEAT`` for each koi-koi (said
    again for each call), ``stop SEAT``, ``expose SEAT teshi`` (a winning teyaku: that seat wins)."""
    said = cards_and_calls(words, 2, "teshi")
    if len(said.exposed) > 1:
        raise InputError("one teyaku wins the round: give one expose")
    shown = said.exposed[0] if said.exposed else None
    stopped = shown[0] if shown else said.stopped
    return KoikoiRoundResult.model_validate(
        {"captured": said.cards, "stopped": stopped, "went": said.went, "shown": shown[1] if shown else None}
    )


def takes_another(words: Sequence[str], rnd: KoikoiRound | None) -> bool:
    """Whether ``words`` are a second result on a round already over: never, in this game."""
    return False
