"""Hand shapes: waits, tenpai and complete hands (through the ``mahjong`` library's shanten and agari)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from operator import itemgetter

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from events.tiles import (
    KIND_NAMES,
    KIND_OF,
    compact,
    to_34,
)

_AGARI = Agari()


_SHANTEN = Shanten()


UNSEEN = "?"  # a tile of a hand not shown (the public record); its kind is not known


def waits(concealed: Sequence[str]) -> list[str]:
    """The kinds of tile that complete these concealed tiles (3n+1 of them), in kind order."""
    return [KIND_NAMES[k] for k in sorted(wait_kinds(tuple(concealed)))]


def completes(concealed: Sequence[str], tile: str) -> bool:
    """Whether ``tile`` makes these concealed tiles (3n+1 of them) a complete hand."""
    return KIND_OF[tile] in wait_kinds(concealed if isinstance(concealed, tuple) else tuple(concealed))


# Every discard asks of each other hand whether the tile completes it, and a hand stands still
# for the three discards between its own turns: its waits are worked out once and kept (a few
# thousand hands are in play at a time across a whole import, so a small memory holds them).
@lru_cache(maxsize=4096)
def wait_kinds(concealed: tuple[str, ...]) -> frozenset[int]:
    """The kinds (0..33) that complete these concealed tiles (3n+1 of them): a kind the hand
    holds all four of is no wait. A hand not shown has none that can be known."""
    if UNSEEN in concealed:
        return frozenset()
    return waits_of_counts(tuple(to_34(concealed)))


def waits_of_counts(counts: tuple[int, ...]) -> frozenset[int]:
    """The kinds whose tile makes these 34 counts (3n+1 tiles) a complete hand, as
    ``is_complete_counts`` decides it: suit by suit, then seven pairs and thirteen orphans."""
    suits = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    sizes = (sum(suits[0]) % 3, sum(suits[1]) % 3, sum(suits[2]) % 3, sum(suits[3]) % 3)
    found: set[int] = set()
    # Four melds and a pair: one tile more leaves one suit holding the pair and the rest melds.
    # That tile goes to the suit one short of a pair (sizes 1, 0, 0, 0), or to either of two
    # suits one over a meld (2, 2, 0, 0), the other then holding the pair.
    short = _SHORT_OF_A_PAIR.get(sizes)
    if short is not None:
        if all(_melds(suits[i], i < 3) for i in range(4) if i != short):
            found.update(SUIT_START[short] + k for k in _suit_waits(suits[short], short < 3, True))
    else:
        over = _OVER_A_MELD.get(sizes)
        if over is not None and all(_melds(suits[i], i < 3) for i in range(4) if i not in over):
            for grown, paired in (over, over[::-1]):
                if _melds_and_pair(suits[paired], paired < 3):
                    found.update(SUIT_START[grown] + k for k in _suit_waits(suits[grown], grown < 3, False))
    if sum(counts) == 13:  # a closed hand: seven pairs, or thirteen orphans
        if counts.count(2) == 6 and counts.count(1) == 1:
            found.add(counts.index(1))  # seven pairs: the single makes the seventh
        elif sum(_orphans_of(counts)) == 13:
            missing = [k for k in ORPHANS if not counts[k]]
            if not missing:
                found.update(ORPHANS)  # thirteen orphans, all thirteen kinds held: any of them
            elif len(missing) == 1:
                found.add(missing[0])
    return frozenset(found)


_SHORT_OF_A_PAIR = {sizes: sizes.index(1) for sizes in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))}
_OVER_A_MELD = {
    tuple(2 if i in pair else 0 for i in range(4)): pair for pair in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
}


SUIT_START = (0, 9, 18, 27)


@cache
def _suit_waits(counts: tuple[int, ...], sequences: bool, pair: bool) -> tuple[int, ...]:
    """The places in one suit whose tile makes these counts melds (and a pair, with ``pair``)."""
    split = _melds_and_pair if pair else _melds
    return tuple(i for i, n in enumerate(counts) if n < 4 and split((*counts[:i], n + 1, *counts[i + 1 :]), sequences))


# A complete hand, suit by suit: each suit's nine counts (seven for the honours) must split into
# melds, one of them with the pair. The splits of a suit are few and repeat endlessly across a
# match, so each is worked out once (the ``mahjong`` library's is_agari, which the hypothesis
# test holds this to, tries the whole hand every time; this is the fold's hottest check).


@cache
def _melds(counts: tuple[int, ...], sequences: bool) -> bool:
    """Whether these counts of one suit split into triplets and (in a suit, not the honours) runs.

    Lowest first: the lowest tile's copies are triplets or runs starting there, and three runs
    starting at a tile hold what three triplets of it and the next two tiles hold; so as many
    runs start there as its count leaves over threes, and the rest are triplets."""
    if not sequences:
        return all(n % 3 == 0 for n in counts)
    rest = list(counts)
    last = len(rest) - 1
    for i, n in enumerate(rest):
        runs = n % 3
        if runs:
            if i + 2 > last or rest[i + 1] < runs or rest[i + 2] < runs:
                return False
            rest[i + 1] -= runs
            rest[i + 2] -= runs
    return True


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
_orphans_of = itemgetter(*ORPHANS)


def is_tenpai(concealed: Sequence[str]) -> bool:
    """Whether these concealed tiles (3n+1) are tenpai, as the ``mahjong`` library's shanten says.
    A hand with a wait is; only a hand with none asks the library, which also counts a few shapes
    whose only wait is a tile the hand holds all four of (the hypothesis test holds the two alike)."""
    tiles = concealed if isinstance(concealed, tuple) else tuple(concealed)
    if UNSEEN in tiles:
        return False  # a hand not shown is never taken for tenpai: it is shown when it counts
    return bool(wait_kinds(tiles)) or shanten(tuple(to_34(tiles))) == 0


def can_discard_to_tenpai(concealed: Sequence[str]) -> bool:
    """Whether some discard leaves these 3n+2 tiles in tenpai: their shanten is 0 or less. A
    discard that leaves a wait settles it (riichi is declared on such a hand); else the library
    counts the shanten once."""
    tiles = tuple(concealed)
    if UNSEEN in tiles:
        return True  # a hand not shown: the table's riichi is taken as said
    for place, tile in enumerate(tiles):
        if tile not in tiles[:place] and wait_kinds((*tiles[:place], *tiles[place + 1 :])):
            return True
    return shanten(tuple(to_34(tiles))) <= 0


@lru_cache(maxsize=4096)
def shanten(counts: tuple[int, ...]) -> int:
    """The ``mahjong`` library's shanten of 34 counts, worked out once for the same counts: a
    hand at a draw, a riichi and its declaring discard ask of the same tiles."""
    return int(_SHANTEN.calculate_shanten(list(counts)))


def is_complete(concealed: Sequence[str]) -> bool:
    if UNSEEN in concealed:
        return False  # a win shows its hand first
    return bool(_AGARI.is_agari(to_34(concealed)))


def without(tiles: Sequence[str], remove: Sequence[str]) -> tuple[str, ...] | None:
    """``tiles`` less each tile of ``remove`` (exactly, red fives apart), or None if one is missing."""
    rest = list(tiles)
    for tile in remove:
        if tile not in rest:
            return None
        rest.remove(tile)
    return tuple(rest)


def shown_tiles(hand: Sequence[str]) -> str:
    """A hand in compact notation, its unseen tiles as ``?``."""
    return compact([t for t in hand if t != UNSEEN]) + UNSEEN * list(hand).count(UNSEEN)


def take(tiles: Sequence[str], remove: Sequence[str]) -> tuple[tuple[str, ...], list[str]] | None:
    """``tiles`` less each tile of ``remove``: a tile the hand is known to hold, else one of its
    unseen tiles, which the move shows (returned second, to be counted as seen now); None if the
    hand holds neither."""
    rest = list(tiles)
    shown: list[str] = []
    for tile in remove:
        if tile in rest:
            rest.remove(tile)
        elif UNSEEN in rest:
            rest.remove(UNSEEN)
            shown.append(tile)
        else:
            return None
    return tuple(rest), shown


def forget() -> None:
    """Empty the memories of waits, suit splits and shanten, as a new process starts (for a
    benchmark that times a cold import)."""
    for remembered in (wait_kinds, shanten, _suit_waits, _melds, _melds_and_pair):
        remembered.cache_clear()
