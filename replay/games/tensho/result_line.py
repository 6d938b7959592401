"""A Tensho round at result depth: each seat's captured cards (``replay/games/hanafuda/result_line.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from events.errors import InputError
from events.model import Payload
from events.tensho import TenshoRoundResult
from replay.games.hanafuda.result_line import Calls, calls_of, cards_by_seat
from replay.games.tensho.state import RoundState


def parse(words: Sequence[str], rnd: RoundState | None = None, names: Sequence[str] = ()) -> TenshoRoundResult:
    """``pine-crane 01-1 ... / 12-0 ...``: the yaku and the tie-break follow from the cards."""
    return _result(Calls(cards_by_seat(" ".join(words), 2), [], None, []))


def of_data(
    values: Mapping[str, object], rnd: RoundState | None = None, names: Sequence[str] = ()
) -> TenshoRoundResult:
    """A phone's result: the captured cards, by seat."""
    return _result(calls_of(values, 2))


def _result(said: Calls) -> TenshoRoundResult:
    if said.went or said.stopped is not None or said.exposed:
        raise InputError("Tensho has no go, stop or teyaku shown: give the captured cards only")
    return TenshoRoundResult.model_validate({"captured": said.cards})


def takes_another(result: Payload, rnd: RoundState | None) -> bool:
    """Whether ``result`` is a second result on a round already over: never, in this game."""
    return False
