"""Mahjong tiles in the notation every riichi event uses.

``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s`` and ``1z``..``7z`` (East, South, West, North,
white, green, red), with ``0m``/``0p``/``0s`` for the red fives. People may also type the mjai
letters (``E S W N P F C``, ``5mr``) and compact hands like ``123m456p11z``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal, get_args

from events.errors import InputError

Tile = Literal[
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "0m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "0p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "0s",
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
]  # fmt: skip
TILES: tuple[str, ...] = get_args(Tile)
SUITS = "mpsz"
HONOR_NAMES = {"1z": "East", "2z": "South", "3z": "West", "4z": "North", "5z": "White", "6z": "Green", "7z": "Red"}
MJAI_HONORS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
WINDS = ("1z", "2z", "3z", "4z")  # East, South, West, North: the one wind table
WIND_LETTERS = ("E", "S", "W", "N")  # the same winds as players write them, in the same order
WIND_OF_LETTER = dict(zip(WIND_LETTERS, WINDS, strict=True))
LETTER_OF_WIND = dict(zip(WINDS, WIND_LETTERS, strict=True))
RED_FIVE_IDS = {"0m": 16, "0p": 52, "0s": 88}  # the 136-ids the mahjong library treats as red


def kind(tile: str) -> int:
    """The tile's kind, 0..33 (the library's 34-format): 1m=0 .. 9m=8, 1p=9 .., 1z=27 .. 7z=33."""
    number = 5 if tile[0] == "0" else int(tile[0])
    return SUITS.index(tile[1]) * 9 + number - 1


KIND_NAMES: tuple[str, ...] = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8)
)


def plain(tile: str) -> str:
    """The tile with a red five read as its plain five."""
    return f"5{tile[1]}" if tile[0] == "0" else tile


def is_red(tile: str) -> bool:
    return tile[0] == "0"


def is_terminal_or_honor(tile: str) -> bool:
    return tile[1] == "z" or tile[0] in "19"


def parse(text: str) -> str:
    """One tile from any accepted spelling, in canonical notation."""
    key = text.strip()
    if key in MJAI_HONORS:
        return MJAI_HONORS[key]
    lowered = key.lower()
    if re.fullmatch(r"5[mps]r", lowered):
        return f"0{lowered[1]}"
    if lowered in TILES:
        return lowered
    raise InputError(
        f"{text!r} is not a tile; {_hint(lowered)}write 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N white green red), "
        "0m/0p/0s for red fives, or the mjai letters E S W N P F C and 5mr",
        code="tiles.unknown",
    )


# The names players say at the table, in English and in Japanese.
HONOR_WORDS = {
    "east": "1z", "ton": "1z", "south": "2z", "nan": "2z", "west": "3z", "sha": "3z", "shaa": "3z",
    "north": "4z", "pei": "4z", "white": "5z", "haku": "5z", "green": "6z", "hatsu": "6z",
    "red": "7z", "chun": "7z",
}  # fmt: skip


def _hint(lowered: str) -> str:
    """What a mistyped spelling most likely means: the suit first (m5), a word (chun), a wind or
    dragon letter with a suit (ez), or a number past the honours (8z)."""
    guess = HONOR_WORDS.get(lowered)
    if len(lowered) == 2 and lowered[0] in "mpsz" and lowered[::-1] in TILES:
        guess = lowered[::-1]
    if len(lowered) == 2 and lowered[1] == "z" and lowered[0].upper() in MJAI_HONORS:
        guess = MJAI_HONORS[lowered[0].upper()]
    if len(lowered) == 2 and lowered[1] == "z" and lowered[0] in "890":
        return "the honours are only 1z..7z; "
    return f"did you mean {guess}? " if guess else ""


def parse_many(text: str) -> list[str]:
    """Tiles from compact (``123m456p11z``), spaced (``1m 2m``) or mjai (``E E 5mr``) notation."""
    tiles: list[str] = []
    for chunk in text.replace(",", " ").split():
        if chunk in MJAI_HONORS or re.fullmatch(r"5[mps]r", chunk.lower()):
            tiles.append(parse(chunk))
            continue
        if not re.fullmatch(r"([0-9]+[mpsz])+", chunk.lower()):
            tiles.append(parse(chunk))  # raises the one-line error
            continue
        for digits, suit in re.findall(r"([0-9]+)([mpsz])", chunk.lower()):
            tiles += [parse(d + suit) for d in digits]
    return tiles


def compact(tiles: Iterable[str]) -> str:
    """Tiles in compact notation, sorted: ``123m55p11z``."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for tile in sorted(tiles, key=lambda t: (kind(t), t[0] != "0")):
        by_suit[tile[1]].append(tile[0])
    return "".join("".join(digits) + suit for suit, digits in by_suit.items() if digits)


def full_set(red_fives: int, *, three_player: bool = False) -> Counter[str]:
    """The tiles of the set: four of each kind, with one five of each suit red when the ruleset has them.

    Three players play without 2m..8m.
    """
    counts: Counter[str] = Counter()
    for tile in KIND_NAMES:
        if three_player and tile[1] == "m" and tile[0] in "2345678":
            continue
        counts[tile] = 4
    for red in ("0m", "0p", "0s")[:red_fives]:
        if red in ("0m",) and three_player:
            continue
        counts[red] += 1
        counts[plain(red)] -= 1
    return counts


def to_136(tiles: Sequence[str]) -> list[int]:
    """Distinct 136-ids for these tiles, in the same order, for the mahjong library.

    Red fives get the ids the library reads as red; plain fives keep clear of them.
    """
    reds = set(RED_FIVE_IDS.values())
    used: set[int] = set()
    ids: list[int] = [-1] * len(tiles)
    for index in sorted(range(len(tiles)), key=lambda i: not is_red(tiles[i])):  # reds first
        tile = tiles[index]
        if is_red(tile):
            chosen = RED_FIVE_IDS[tile]
        else:
            base = kind(tile) * 4
            free = [i for i in range(base, base + 4) if i not in used]
            chosen = next((i for i in free if i not in reds), free[0] if free else -1)
        if chosen < 0 or chosen in used:
            raise InputError(f"more than four {plain(tile)} tiles", code="tiles.fifth_copy")
        used.add(chosen)
        ids[index] = chosen
    return ids


KIND_OF: dict[str, int] = {tile: kind(tile) for tile in TILES}


def to_34(tiles: Iterable[str]) -> list[int]:
    counts = [0] * 34
    index = KIND_OF
    for tile in tiles:
        counts[index[tile]] += 1
    return counts
