"""A Sendai-hana round at result depth: the captured cards by seat, and the go, stop and teyaku calls."""

from __future__ import annotations

from collections.abc import Sequence

from events.sendai import SendaiRoundResult
from replay.games.hanafuda.result_line import cards_and_calls
from replay.games.sendai.state import SendaiRound


def parse(words: Sequence[str], rnd: SendaiRound | None = None, names: Sequence[str] = ()) -> SendaiRoundResult:
    """Three seats' captured cards, then the calls: go SEAT (each koi-koi), stop SEAT, expose SEAT TEYAKU."""
    said = cards_and_calls(words, 3, "three-pairs")
    exposed: list[list[str]] = [[], [], []]
    for seat, teyaku in said.exposed:
        exposed[seat].append(teyaku)
    return SendaiRoundResult.model_validate(
        {"captured": said.cards, "exposed": exposed, "stopped": said.stopped, "went": sorted(set(said.went))}
    )


def takes_another(words: Sequence[str], rnd: SendaiRound | None) -> bool:
    """Whether ``words`` are a second result on a round already over: never, in this game."""
    return False
