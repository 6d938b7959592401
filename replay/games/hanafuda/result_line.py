"""Captured cards typed at result depth, seat 0 first, the seats parted by a /; and the calls the
koi-koi family says after them (go SEAT, stop SEAT, expose SEAT TEYAKU)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from events.cards import parse as parse_card
from events.errors import InputError


def cards_by_seat(text: str, seats: int) -> list[list[str]]:
    groups = text.split("/")
    if len(groups) != seats:
        raise InputError(
            f"give all {seats} seats' captured cards, seat 0 first, parted by a /: pine-crane 01-1 / 12-0 ..."
        )
    captured: list[list[str]] = []
    for group in groups:
        cards: list[str] = []
        for word in group.replace(",", " ").split():
            parsed = parse_card(word)
            if isinstance(parsed, str):
                raise InputError(f"{word}: name the chaff card exactly at result depth, e.g. {parsed}-chaff-1")
            cards.append(parsed.id)
        captured.append(cards)
    return captured


class Calls(NamedTuple):
    """What a result line says besides the cards: each ``go`` (a seat once a call), the ``stop``,
    and each teyaku ``expose``d, by seat."""

    cards: list[list[str]]
    went: list[int]
    stopped: int | None
    exposed: list[tuple[int, str]]


def cards_and_calls(words: Sequence[str], seats: int, teyaku_example: str) -> Calls:
    """``pine-crane ... / ... go 1 stop 0 expose 2 three-pairs``: the captures, then the calls."""
    cards: list[str] = []
    went: list[int] = []
    stopped: int | None = None
    exposed: list[tuple[int, str]] = []
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in ("go", "koikoi", "stop", "expose"):
            if index + 1 >= len(words) or not words[index + 1].isdigit():
                raise InputError(f"{word} takes a seat number, e.g. {word} 1")
            seat = int(words[index + 1])
            if seat >= seats:
                raise InputError(f"seat {seat} does not exist; seats are 0 to {seats - 1}")
            if word == "expose":
                if index + 2 >= len(words):
                    raise InputError(f"expose takes a seat and a teyaku, e.g. expose {seats - 1} {teyaku_example}")
                exposed.append((seat, words[index + 2]))
                index += 1
            elif word == "stop":
                stopped = seat
            else:
                went.append(seat)
            index += 2
            continue
        cards.append(words[index])
        index += 1
    return Calls(cards_by_seat(" ".join(cards), seats), went, stopped, exposed)
