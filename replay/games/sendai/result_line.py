"""A Sendai-hana round at result depth: the captured cards by seat, and the go, stop and teyaku calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.errors import InputError
from events.sendai import SendaiRoundResult
from replay.games.hanafuda.result_line import cards_by_seat


def parse(words: Sequence[str], rnd: Any = None, names: Sequence[str] = ()) -> SendaiRoundResult:
    """Three seats' captured cards, then the calls: go SEAT (each koi-koi), stop SEAT, expose SEAT TEYAKU."""
    cards: list[str] = []
    went: list[int] = []
    stopped: int | None = None
    exposed: list[list[str]] = [[], [], []]
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in ("go", "koikoi", "stop", "expose"):
            if index + 1 >= len(words) or not words[index + 1].isdigit():
                raise InputError(f"{word} takes a seat number, e.g. {word} 1")
            seat = int(words[index + 1])
            if seat > 2:
                raise InputError(f"seat {seat} does not exist; seats are 0, 1 and 2")
            if word == "expose":
                if index + 2 >= len(words):
                    raise InputError("expose takes a seat and a teyaku, e.g. expose 2 three-pairs")
                exposed[seat].append(words[index + 2])
                index += 1
            elif word == "stop":
                stopped = seat
            else:
                went.append(seat)
            index += 2
            continue
        cards.append(words[index])
        index += 1
    captured = cards_by_seat(" ".join(cards), 3)
    return SendaiRoundResult.model_validate(
        {"captured": captured, "exposed": exposed, "stopped": stopped, "went": sorted(set(went))}
    )
