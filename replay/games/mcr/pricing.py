"""A winning hand's fans, found by the Chinese Standard Rule calculator (the ``pymahjonggb``
package, imported as ``MahjongGB``), and the payments they make. No I/O; the package is
loaded on the first hand priced.

The calculator writes tiles as ``W1`` (characters), ``B1`` (dots), ``T1`` (bamboo), ``F1``..``F4``
(winds) and ``J1``..``J3`` (red, green, white); its sets as ``("PENG", tile, offer)``, where the
offer is the seat the tile came from counted from the winner (1 the one before, 2 opposite, 3
the one after; 0 for a concealed kong), or, for a chow, which of its tiles was taken (1..3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replay.games.mcr.fans import BY_NAME, FLOWER_TILES

SUIT_LETTER = {"m": "W", "p": "B", "s": "T"}
HONOR_CODE = {"1z": "F1", "2z": "F2", "3z": "F3", "4z": "F4", "5z": "J3", "6z": "J2", "7z": "J1"}
PACK_KIND = {"chow": "CHI", "pung": "PENG", "kong": "GANG", "added_kong": "GANG", "concealed_kong": "GANG"}


class NotAWin(ValueError):
    """The tiles make no mahjong hand (or are more than the wall holds)."""


@dataclass(frozen=True, slots=True)
class OpenSet:
    """A set laid open, or a concealed kong: its kind, its tiles, and the seat its claimed tile
    came from counted from its owner (1 the seat before .. 3 the seat after; 0 for none)."""

    kind: str
    tiles: tuple[str, ...]
    offer: int = 1


@dataclass(frozen=True, slots=True)
class WinningHand:
    concealed: tuple[str, ...]  # without the winning tile
    sets: tuple[OpenSet, ...]
    tile: str
    self_drawn: bool
    fourth_tile: bool = False  # the winning tile is the last of its kind, the other three shown
    on_kong: bool = False  # a replacement tile after a kong (self-drawn), or a kong robbed
    last_tile: bool = False  # the wall's last tile, or the discard after it
    seat_wind: int = 0  # 0 East .. 3 North
    prevalent_wind: int = 0
    flowers: int = 0


def code(tile: str) -> str:
    if tile[1] == "z":
        return HONOR_CODE[tile]
    return f"{SUIT_LETTER[tile[1]]}{tile[0]}"


def _pack(meld: OpenSet) -> tuple[str, str, int]:
    tiles = sorted(meld.tiles)
    if meld.kind == "chow":
        return ("CHI", code(tiles[1]), meld.offer if meld.offer in (1, 2, 3) else 1)
    offer = 0 if meld.kind == "concealed_kong" else (meld.offer if meld.offer in (1, 2, 3) else 1)
    return (PACK_KIND[meld.kind], code(tiles[0]), offer)


def _calculator() -> Any:
    import MahjongGB  # the C++ calculator: a registry package that ships no types

    return MahjongGB


def fans(hand: WinningHand) -> tuple[tuple[str, int], ...]:
    """Each fan the hand counts (its id) and how many times, highest first, with the flowers;
    ``NotAWin`` if the tiles make no mahjong hand."""
    try:
        found = _calculator().MahjongFanCalculator(
            pack=tuple(_pack(m) for m in hand.sets),
            hand=tuple(code(t) for t in hand.concealed),
            winTile=code(hand.tile),
            flowerCount=hand.flowers,
            isSelfDrawn=hand.self_drawn,
            is4thTile=hand.fourth_tile,
            isAboutKong=hand.on_kong,
            isWallLast=hand.last_tile,
            seatWind=hand.seat_wind,
            prevalentWind=hand.prevalent_wind,
            verbose=True,
        )
    except TypeError as refused:  # the calculator says ERROR_NOT_WIN, or that a tile is a fifth
        raise NotAWin(str(refused)) from None
    return tuple((BY_NAME[name].id, count) for _points, count, _chinese, name in found)


def total(counted: Sequence[tuple[str, int]]) -> int:
    from replay.games.mcr.fans import BY_ID

    return sum(BY_ID[fan].points * count for fan, count in counted)


def toward_minimum(counted: Sequence[tuple[str, int]]) -> int:
    """The points that count toward the minimum: every fan's but the flowers'."""
    return total([(fan, count) for fan, count in counted if fan != FLOWER_TILES])


def payments(points: int, winner: int, from_seat: int | None, base: int, seats: int = 4) -> tuple[int, ...]:
    """Each seat's change for a win of ``points``: on a discard, the discarder pays base + points
    and each other player the base; self-drawn, each player pays base + points."""
    paid = [0] * seats
    for seat in range(seats):
        if seat == winner:
            continue
        paid[seat] = -(base + points) if from_seat is None or seat == from_seat else -base
    paid[winner] = -sum(paid)
    return tuple(paid)


def shanten(concealed: Sequence[str], sets: Sequence[OpenSet]) -> int:
    """How many tiles the hand is from ready (0: ready), by the calculator's shanten over every
    form of the rules (the regular, seven pairs, thirteen orphans, the knitted ones)."""
    return int(_calculator().MahjongShanten(pack=tuple(_pack(m) for m in sets), hand=tuple(code(t) for t in concealed)))
