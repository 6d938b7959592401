"""Captured cards typed at result depth, seat 0 first, the seats parted by a /."""

from __future__ import annotations

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
