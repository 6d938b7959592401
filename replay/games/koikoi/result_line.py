"""A koi-koi round at result depth: the captured cards by seat, and the calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.errors import InputError
from events.koikoi import KoikoiRoundResult
from replay.games.hanafuda.result_line import cards_by_seat


def parse(words: Sequence[str], rnd: Any = None, names: Sequence[str] = ()) -> KoikoiRoundResult:
    """Two seats' captured cards parted by a /, then the calls: ``go SEAT`` for each koi-koi (said
    again for each call), ``stop SEAT``, ``expose SEAT teshi`` (a winning teyaku, with its stop)."""
    cards: list[str] = []
    went: list[int] = []
    stopped: int | None = None
    shown: str | None = None
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in ("go", "koikoi", "stop", "expose"):
            if index + 1 >= len(words) or not words[index + 1].isdigit():
                raise InputError(f"{word} takes a seat number, e.g. {word} 1")
            seat = int(words[index + 1])
            if seat > 1:
                raise InputError(f"seat {seat} does not exist; seats are 0 and 1")
            if word == "expose":
                if index + 2 >= len(words):
                    raise InputError("expose takes a seat and a teyaku, e.g. expose 0 teshi")
                shown, stopped = words[index + 2], seat
                index += 1
            elif word == "stop":
                stopped = seat
            else:
                went.append(seat)
            index += 2
            continue
        cards.append(words[index])
        index += 1
    captured = cards_by_seat(" ".join(cards), 2)
    return KoikoiRoundResult.model_validate({"captured": captured, "stopped": stopped, "went": went, "shown": shown})
