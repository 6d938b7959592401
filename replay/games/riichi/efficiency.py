"""Each discard weighed (docs/riichi.md, "Reviewing a game"): the shanten before and after, the
tiles that would improve the hand (ukeire) for the discard made and for the best one, and the
waits when tenpai. Pure functions over tile counts; no I/O.

Shanten is counted here rather than by the ``mahjong`` package: its ``Shanten`` takes about 22 us a
hand, and weighing every discard of a hanchan asks some 100,000 hands, several seconds. Counting a
suit's best ways into sets, partial sets and a pair once (a cache by the suit's nine counts) makes a
hand a few lookups. ``tests/games/riichi/test_efficiency.py`` holds the two equal on 1,000 hands of
real games, and on hands worked out by hand.

"Best" is the discard that leaves the fewest shanten, and among those the most tiles that improve
the hand, counting only the copies the player could not see (four, less those in the player's own
hand and melds, every river, every meld and the dora indicators).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

SUITS = "mps"
KINDS = 34


def index(tile: str) -> int:
    """A tile's kind, 0-33 (1m..9m, 1p..9p, 1s..9s, 1z..7z); a red five is a five."""
    number = 5 if tile[0] == "0" else int(tile[0])
    return (27 if tile[1] == "z" else 9 * SUITS.index(tile[1])) + number - 1


def name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def counts(tiles: Iterable[str]) -> list[int]:
    found = [0] * KINDS
    for tile in tiles:
        found[index(tile)] += 1
    return found


def _best_ways(found: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Only the ways no other beats on sets, partial sets and the head at once (each counts for more)."""
    ways = set(found)
    return tuple(w for w in ways if not any(o != w and o[0] >= w[0] and o[1] >= w[1] and o[2] >= w[2] for o in ways))


@cache
def _suit(counts9: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every useful way to read one suit: (sets, partial sets, a pair kept as the head: 0 or 1), only
    those no other way beats on all three."""
    return _ways(counts9)


@cache
def _ways(c: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The ways to read a run of counts (a suit, or what is left of it from its first tile on): the
    first tile in a set (three alike, or a run), a pair (partial, or the head), a partial run, or alone."""
    at = next((k for k, n in enumerate(c) if n), None)
    if at is None:
        return ((0, 0, 0),)
    rest = list(c[at:])
    found: list[tuple[int, int, int]] = []

    def read(taken: tuple[int, ...], sets: int, partials: int, head: int) -> None:
        for k in taken:
            rest[k] -= 1
        for s, p, h in _ways(tuple(rest)):
            if h + head <= 1:
                found.append((s + sets, p + partials, h + head))
        for k in taken:
            rest[k] += 1

    size = len(rest)
    if rest[0] >= 3:
        read((0, 0, 0), 1, 0, 0)
    if size > 2 and rest[1] and rest[2]:
        read((0, 1, 2), 1, 0, 0)
    if rest[0] >= 2:
        read((0, 0), 0, 1, 0)
        read((0, 0), 0, 0, 1)
    for step in (1, 2):
        if size > step and rest[step]:
            read((0, step), 0, 1, 0)
    read((0,), 0, 0, 0)  # the tile alone
    return _best_ways(found)


@cache
def _honours(counts7: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    sets = sum(1 for n in counts7 if n >= 3)
    pairs = sum(1 for n in counts7 if n == 2)
    ways = {(sets, pairs, 0)}
    if pairs:
        ways.add((sets, pairs - 1, 1))
    return tuple(ways)


Ways = tuple[tuple[int, int, int], ...]


def _parts(hand: Sequence[int]) -> list[Ways]:
    """The hand's four parts read: the three suits and the honours."""
    return [_suit(tuple(hand[0:9])), _suit(tuple(hand[9:18])), _suit(tuple(hand[18:27])), _honours(tuple(hand[27:]))]


def _least(ways: Ways, melds: int) -> int:
    best = 8
    for sets, partials, head in ways:
        sets += melds
        best = min(best, 8 - 2 * sets - min(partials, 4 - sets) - head)
    return best


@cache
def _least_of(a: Ways, b: Ways) -> tuple[int, ...]:
    """Two parts read together, at its least count by the sets already called (0 to 4)."""
    ways = _merge(a, b)
    return tuple(_least(ways, melds) for melds in range(5))


def regular_shanten(hand: Sequence[int], melds: int = 0) -> int:
    """Four sets and a pair: 8 - 2 x sets - partial sets - the pair, with at most four sets and partial
    sets together (``melds``: sets already called)."""
    a, b, c, d = _parts(hand)
    return _least(_merge(_merge(a, b), _merge(c, d)), melds)


@cache
def _merge(
    a: tuple[tuple[int, int, int], ...], b: tuple[tuple[int, int, int], ...]
) -> tuple[tuple[int, int, int], ...]:
    """Two parts of a hand read together: every way of each, one head at most, partial sets past four
    of no use; only the ways no other beats."""
    found = {(x[0] + y[0], min(4, x[1] + y[1]), x[2] + y[2]) for x in a for y in b if x[2] + y[2] <= 1}
    return tuple(
        way for way in found if not any(o != way and all(p >= q for p, q in zip(o, way, strict=True)) for o in found)
    )


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _seven_pairs(hand: Sequence[int]) -> int:
    return 6 - sum(1 for n in hand if n >= 2) + max(0, 7 - sum(1 for n in hand if n))


def _orphans(hand: Sequence[int]) -> int:
    held = [hand[k] for k in ORPHANS]
    return 13 - sum(1 for n in held if n) - (1 if any(n >= 2 for n in held) else 0)


def shanten(hand: Sequence[int], melds: int = 0) -> int:
    """How many tiles from tenpai (0) the concealed tiles are, -1 complete: the least of the four sets
    and a pair, seven pairs and thirteen orphans (these two only in a closed hand)."""
    found = regular_shanten(hand, melds)
    if melds == 0 and sum(hand) >= 13:
        found = min(found, _seven_pairs(hand), _orphans(hand))
    return found


def _neighbours(hand: Sequence[int]) -> list[int]:
    """The kinds a drawn tile could improve the hand with: those held, and within two in a suit."""
    near: set[int] = set()
    for kind, n in enumerate(hand):
        if not n:
            continue
        near.add(kind)
        if kind < 27:
            for step in (-2, -1, 1, 2):
                other = kind + step
                if 0 <= other < 27 and other // 9 == kind // 9:
                    near.add(other)
    return sorted(near)


def improving(hand: list[int], melds: int, unseen: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The 13-tile hand's shanten, and the kinds whose draw lowers it (that are still to be seen).

    One tile lowers a form's count by one at most, so only the forms at the least count matter: the
    sets-and-pair form by a tile held or within two in a suit (only that tile's part of the hand is
    read again); seven pairs by a tile held once, or any new one short of seven kinds; thirteen
    orphans by an orphan not held, or any held while none is paired."""
    parts = _parts(hand)
    regular = _least(_merge(_merge(parts[0], parts[1]), _merge(parts[2], parts[3])), melds)
    now, pairs, orphans = regular, 9, 14
    if melds == 0 and sum(hand) >= 13:
        pairs, orphans = _seven_pairs(hand), _orphans(hand)
        now = min(regular, pairs, orphans)
    kinds_held = sum(1 for n in hand if n)
    orphan_pair = any(hand[k] >= 2 for k in ORPHANS)
    others = [
        _merge(_merge(parts[1], parts[2]), parts[3]),
        _merge(_merge(parts[0], parts[2]), parts[3]),
        _merge(_merge(parts[0], parts[1]), parts[3]),
        _merge(_merge(parts[0], parts[1]), parts[2]),
    ]
    near = set(_neighbours(hand)) if regular == now else set()
    better = []
    for kind in range(KINDS):
        held = hand[kind]
        if held >= 4 or not unseen[kind]:
            continue
        lowers = (pairs == now and (held == 1 or (held == 0 and kinds_held < 7))) or (
            orphans == now and kind in ORPHANS and (held == 0 or not orphan_pair)
        )
        if not lowers and kind in near:
            group = min(kind // 9, 3)
            hand[kind] += 1
            start = 9 * group
            changed = _suit(tuple(hand[start : start + 9])) if group < 3 else _honours(tuple(hand[27:]))
            hand[kind] -= 1
            lowers = _least_of(changed, others[group])[melds] < now
        if lowers:
            better.append(kind)
    return now, tuple(better)


class Weighed(NamedTuple):
    """One discard weighed: the shanten with the drawn tile and after the discard, the improving tiles
    (kinds, and the copies still unseen) for the discard made and for the best discard."""

    discard: str
    before: int
    after: int
    ukeire: tuple[int, ...]
    ukeire_count: int
    best: str
    best_after: int
    best_ukeire: tuple[int, ...]
    best_count: int

    @property
    def lost(self) -> bool:
        """Ground lost: a discard that leaves more shanten, or as many and fewer improving tiles."""
        return (self.after, -self.ukeire_count) > (self.best_after, -self.best_count)


def weigh(concealed: Sequence[str], melds: int, discard: str, unseen: Sequence[int]) -> Weighed:
    """``concealed``: the hand before the discard (drawn tile in); ``unseen``: by kind, the copies the
    player has not seen. Which discard is best, and how the one made compares."""
    hand = counts(concealed)
    before = shanten(hand, melds)
    options: dict[int, tuple[int, tuple[int, ...], int]] = {}
    for kind in sorted({index(t) for t in concealed}):
        hand[kind] -= 1
        after, better = improving(hand, melds, unseen)
        options[kind] = (after, better, sum(unseen[k] for k in better))
        hand[kind] += 1
    made = index(discard)
    best = min(options, key=lambda k: (options[k][0], -options[k][2], k != made))
    after, better, count = options[made]
    best_after, best_better, best_count = options[best]
    return Weighed(discard, before, after, better, count, name(best), best_after, best_better, best_count)
