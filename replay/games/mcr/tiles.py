"""MCR's tiles as people type them: riichi's notation (``345m``, ``11z``, the letters E S W N for
the winds and P F C for white, green and red) without red fives, and ``1f``..``8f`` for the
flowers and seasons (``1234f``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from events.errors import InputError
from events.mcr import FLOWERS
from events.tiles import HONOR_NAMES, parse_many

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
FLOWER_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")


def parse(text: str) -> list[str]:
    """The tiles ``text`` writes, in order; a one-line error naming the first that is none."""
    tiles: list[str] = []
    for chunk in text.replace(",", " ").split():
        lowered = chunk.lower()
        groups = re.fullmatch(r"(?:[0-9]+[mpszf])+", lowered) and re.findall(r"([0-9]+)([mpszf])", lowered)
        found: list[str] = []
        for digits, suit in groups or [("", chunk)]:
            if suit == "f":
                if not re.fullmatch(r"[1-8]+", digits):
                    raise InputError(f"{chunk!r}: the flowers are 1f to 8f", code="tiles.unknown")
                found += [f"{d}f" for d in digits]
            else:
                found += parse_many(digits + suit)
        red = next((t for t in found if t[0] == "0"), None)
        if red is not None:
            raise InputError(f"{chunk!r}: MCR has no red fives; write 5{red[1]}", code="tiles.unknown")
        tiles += found
    return tiles


def compact(tiles: Iterable[str]) -> str:
    """Tiles written short, by suit, the flowers last: 1114m23p1f."""
    order = "mpszf"
    written = []
    for suit in order:
        numbers = sorted(t[0] for t in tiles if t[1] == suit)
        if numbers:
            written.append("".join(numbers) + suit)
    return "".join(written)


def one(text: str) -> str:
    found = parse(text)
    if len(found) != 1:
        raise InputError(f"{text!r} is {len(found)} tiles; give one (e.g. 5m, E, 2f)", code="tiles.unknown")
    return found[0]


def name(tile: str) -> str:
    """A tile as it is said: "5 of dots", "East wind", "plum (flower 1)"."""
    if tile in FLOWERS:
        number = int(tile[0])
        kind = "flower" if number <= 4 else "season"
        return f"{FLOWER_NAMES[number - 1]} ({kind} {number if number <= 4 else number - 4})"
    if tile[1] == "z":
        return HONOR_NAMES[tile] + (" wind" if tile < "5z" else " dragon")
    return f"{tile[0]} of {SUIT_NAMES[tile[1]]}"
