"""Hand shapes: waits, tenpai and complete hands (through the ``mahjong`` library's shanten and agari)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from events.tiles import (
    KIND_NAMES,
    KIND_OF,
    is_terminal_or_honor,
    to_34,
)

_AGARI = Agari()


_SHANTEN = Shanten()


def waits(concealed: Sequence[str]) -> list[str]:
    """The kinds of tile that complete these concealed tiles (3n+1 of them)."""
    counts = to_34(concealed)
    found = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if _AGARI.is_agari(counts):
            found.append(KIND_NAMES[k])
        counts[k] -= 1
    return found


def completes(concealed: Sequence[str], tile: str) -> bool:
    """Whether ``tile`` makes these concealed tiles (3n+1 of them) a complete hand."""
    index = KIND_OF[tile]
    # A tile can only complete a hand by touching a held tile (same kind, or two apart in its
    # suit), unless the hand is thirteen orphans: a cheap test before the real one.
    touches = False
    for held in concealed:
        other = KIND_OF[held]
        if other == index or (index < 27 and other // 9 == index // 9 and abs(other - index) <= 2):
            touches = True
            break
    if not touches and not (is_terminal_or_honor(tile) and len(concealed) == 13):
        return False
    counts = to_34(concealed)
    if counts[index] >= 4:
        return False
    counts[index] += 1
    return bool(_AGARI.is_agari(counts))


def is_tenpai(concealed: Sequence[str]) -> bool:
    return _SHANTEN.calculate_shanten(to_34(concealed)) == 0


def is_complete(concealed: Sequence[str]) -> bool:
    return bool(_AGARI.is_agari(to_34(concealed)))


def without(tiles: Sequence[str], remove: Sequence[str]) -> tuple[str, ...] | None:
    """``tiles`` less each tile of ``remove`` (exactly, red fives apart), or None if one is missing."""
    rest = list(tiles)
    for tile in remove:
        if tile not in rest:
            return None
        rest.remove(tile)
    return tuple(rest)
