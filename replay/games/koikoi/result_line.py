"""A koi-koi round at result depth: the captured cards by seat, and the calls
(``replay/games/hanafuda/result_line.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from events.errors import InputError
from events.koikoi import KoikoiRoundResult
from events.model import Payload
from replay.games.hanafuda.result_line import Calls, calls_of, cards_and_calls
from replay.games.koikoi.state import KoikoiRound


def parse(words: Sequence[str], rnd: KoikoiRound | None = None, names: Sequence[str] = ()) -> KoikoiRoundResult:
    """Two seats' captured cards parted by a /, then the calls: ``go SEAT`` for each koi-koi (said
    again for each call), ``stop SEAT``, ``expose SEAT teshi`` (a winning teyaku: that seat wins)."""
    return _result(cards_and_calls(words, 2, "teshi"))


def of_data(
    values: Mapping[str, object], rnd: KoikoiRound | None = None, names: Sequence[str] = ()
) -> KoikoiRoundResult:
    """A phone's result: the captured cards by seat, and the calls."""
    return _result(calls_of(values, 2))


def _result(said: Calls) -> KoikoiRoundResult:
    if len(said.exposed) > 1:
        raise InputError("one teyaku wins the round: give one expose")
    shown = said.exposed[0] if said.exposed else None
    stopped = shown[0] if shown else said.stopped
    return KoikoiRoundResult.model_validate(
        {"captured": said.cards, "stopped": stopped, "went": said.went, "shown": shown[1] if shown else None}
    )


def takes_another(result: Payload, rnd: KoikoiRound | None) -> bool:
    """Whether ``result`` is a second result on a round already over: never, in this game."""
    return False
