"""A hanafuda round at result depth, said once as data (``Calls``: each seat's captured cards, and
the calls the koi-koi family makes: go, stop, a teyaku exposed), whether a phone taps it (its
values, ``calls_of``) or table mode types it (``cards_and_calls``: the captured cards seat 0 first,
the seats parted by a /, then ``go SEAT``, ``stop SEAT``, ``expose SEAT TEYAKU``). Each game makes
its result event of the Calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def calls_of(values: Mapping[str, object], seats: int) -> Calls:
    """A phone's result (``{"captured": [[card, ...], ...], "went": [seat, ...], "stopped": seat or
    null, "exposed": [[seat, teyaku], ...]}``), checked as the typed line is: the same Calls."""
    unknown = sorted(set(values) - {"captured", "went", "stopped", "exposed"})
    if unknown:
        raise InputError(f"a round's result has no {unknown[0]!r}; it holds captured, went, stopped and exposed")
    captured = values.get("captured")
    if not (isinstance(captured, list) and len(captured) == seats and all(isinstance(c, list) for c in captured)):
        raise InputError(f"captured is a list of {seats} lists of cards, seat 0 first")
    cards = [[_card(card) for card in seat_cards] for seat_cards in captured]
    went = values.get("went", [])
    if not isinstance(went, list):
        raise InputError("went is a list of seats, one for each koi-koi called")
    stopped = values.get("stopped")
    exposed = values.get("exposed", [])
    if not (isinstance(exposed, list) and all(isinstance(e, list) and len(e) == 2 for e in exposed)):
        raise InputError("exposed is a list of [seat, teyaku] pairs")
    return Calls(
        cards,
        [_seat(seat, seats) for seat in went],
        None if stopped is None else _seat(stopped, seats),
        [(_seat(seat, seats), str(teyaku)) for seat, teyaku in exposed],
    )


def _card(word: object) -> str:
    parsed = parse_card(word) if isinstance(word, str) else None
    if parsed is None or isinstance(parsed, str):
        raise InputError(f"{word!r} is not a card; name it by its id, e.g. pine-crane or pine-chaff-1")
    return parsed.id


def _seat(value: object, seats: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise InputError(f"{value!r} is not a seat; seats are 0 to {seats - 1}")
    return value
