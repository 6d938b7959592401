"""Hand shapes: waits, tenpai and complete hands (through the ``mahjong`` library's shanten and agari)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from events.tiles import (
    KIND_NAMES,
    KIND_OF,
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
    counts = to_34(concealed)
    index = KIND_OF[tile]
    if counts[index] >= 4:
        return False
    counts[index] += 1
    return is_complete_counts(counts)


# A complete hand, suit by suit: each suit's nine counts (seven for the honours) must split into
# melds, one of them with the pair. The splits of a suit are few and repeat endlessly across a
# match, so each is worked out once (the ``mahjong`` library's is_agari, which the hypothesis
# test holds this to, tries the whole hand every time; this is the fold's hottest check).


@cache
def _melds(counts: tuple[int, ...], sequences: bool) -> bool:
    """Whether these counts of one suit split into triplets and (in a suit, not the honours) runs."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return True
    rest = list(counts)
    if rest[first] >= 3:
        rest[first] -= 3
        if _melds(tuple(rest), sequences):
            return True
        rest[first] += 3
    if sequences and first + 2 < len(rest) and rest[first + 1] and rest[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        return _melds(tuple(rest), sequences)
    return False


@cache
def _melds_and_pair(counts: tuple[int, ...], sequences: bool) -> bool:
    for i, n in enumerate(counts):
        if n >= 2:
            rest = list(counts)
            rest[i] -= 2
            if _melds(tuple(rest), sequences):
                return True
    return False


def is_complete_counts(counts: Sequence[int]) -> bool:
    """Whether 34 counts (3n+2 tiles) are a complete hand: four melds and a pair (as many melds as
    the concealed tiles hold), seven pairs, or thirteen orphans."""
    man, pin, sou, honors = tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])
    totals = (sum(man), sum(pin), sum(sou), sum(honors))
    sizes = (totals[0] % 3, totals[1] % 3, totals[2] % 3, totals[3] % 3)
    if sizes.count(2) == 1 and 1 not in sizes:
        where = sizes.index(2)
        if (
            (_melds_and_pair(man, True) if where == 0 else _melds(man, True))
            and (_melds_and_pair(pin, True) if where == 1 else _melds(pin, True))
            and (_melds_and_pair(sou, True) if where == 2 else _melds(sou, True))
            and (_melds_and_pair(honors, False) if where == 3 else _melds(honors, False))
        ):
            return True
    if sum(totals) == 14:
        if list(counts).count(2) == 7:
            return True  # seven pairs: seven kinds, two of each
        return all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14
    return False


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def is_tenpai(concealed: Sequence[str]) -> bool:
    return _SHANTEN.calculate_shanten(to_34(concealed)) == 0


def can_discard_to_tenpai(concealed: Sequence[str]) -> bool:
    """Whether some discard leaves these 3n+2 tiles in tenpai: their shanten is 0 or less (one
    count, where trying each discard would be up to 14)."""
    return bool(_SHANTEN.calculate_shanten(to_34(concealed)) <= 0)


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
