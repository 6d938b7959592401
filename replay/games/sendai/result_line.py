"""A Sendai-hana round at result depth: the captured cards by seat, and the go, stop and teyaku
calls (``replay/games/hanafuda/result_line.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from events.model import Payload
from events.sendai import SendaiRoundResult
from replay.games.hanafuda.result_line import Calls, calls_of, cards_and_calls
from replay.games.sendai.state import SendaiRound


def parse(words: Sequence[str], rnd: SendaiRound | None = None, names: Sequence[str] = ()) -> SendaiRoundResult:
    """Three seats' captured cards, then the calls: go SEAT (each koi-koi), stop SEAT, expose SEAT TEYAKU."""
    return _result(cards_and_calls(words, 3, "three-pairs"))


def of_data(
    values: Mapping[str, object], rnd: SendaiRound | None = None, names: Sequence[str] = ()
) -> SendaiRoundResult:
    """A phone's result: the captured cards by seat, and the calls."""
    return _result(calls_of(values, 3))


def _result(said: Calls) -> SendaiRoundResult:
    exposed: list[list[str]] = [[], [], []]
    for seat, teyaku in said.exposed:
        exposed[seat].append(teyaku)
    return SendaiRoundResult.model_validate(
        {"captured": said.cards, "exposed": exposed, "stopped": said.stopped, "went": sorted(set(said.went))}
    )


def takes_another(result: Payload, rnd: SendaiRound | None) -> bool:
    """Whether ``result`` is a second result on a round already over: never, in this game."""
    return False
