"""How safe a discard was against the players taken as tenpai, from what the discarder could see.

Against one threat (a player in riichi, or an open hand taken as tenpai: ``analysis.py`` says
which), a tile is, safest first:

- ``genbutsu``: a tile the threat is furiten on, so it cannot deal in: in the threat's own river,
  or, against a riichi, discarded by anyone since it and not won on.
- ``honour, none unseen`` / ``honour, last copy``: an honour whose four copies are all in sight
  cannot be waited on; one whose last copy alone is unseen can only be a single wait (tanki).
- ``suji``: a number tile each of whose two-sided waits (a ryanmen of the two tiles beside it)
  would also wait on a tile the threat has discarded (1 and 4 and 7, 2 and 5 and 8, 3 and 6 and
  9): it can deal in only to a closed, edge, single or paired wait.
- ``no-chance``: a number tile whose every two-sided wait is impossible because all four copies of
  a tile it needs are in sight (the wall, kabe), or covered by suji on the other side.
- ``honour, two unseen`` to ``honour, four unseen``: paired or single waits only, honours being
  in no run; more copies unseen, more ways.
- ``one-chance``: a number tile whose two-sided waits all need a tile of which three copies are in
  sight.
- ``unsafe``: anything else.

Against several threats the discard counts as its least safe. What the discarder could see is
their own hand, every river (called tiles too), every meld and the dora indicators. The tiers and
their order are the common teaching of riichi defence (e.g. Riichi Book 1, ch. "Defence";
riichi.wiki "Defense"). No I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from replay.games.riichi.efficiency import KINDS, counts, index
from replay.games.riichi.state import RiichiRound

UNSEEN = "?"  # a tile the record does not show

TIERS = (
    "genbutsu",
    "honour, none unseen",
    "honour, last copy",
    "suji",
    "no-chance",
    "honour, two unseen",
    "honour, three unseen",
    "honour, four unseen",
    "one-chance",
    "unsafe",
)
RANK = {tier: place for place, tier in enumerate(TIERS)}
HONOURS = ("honour, none unseen", "honour, last copy", "honour, two unseen", "honour, three unseen",
           "honour, four unseen")  # fmt: skip


def unseen_to(rnd: RiichiRound, seat: int | None) -> list[int]:
    """By kind (0-33), the copies ``seat`` has not seen: not in its own hand and melds, any river,
    meld or dora indicator, nor the norths set aside. With ``seat`` None, every hand the record
    shows counts as seen: what is left is the walls'. A tile called away is counted in its meld,
    not again in the river it was taken from."""
    shown: list[str] = list(rnd.dora)
    for who in range(rnd.players):
        if seat is None or who == seat:
            shown += [t for t in rnd.hands[who] if t != UNSEEN]
    for melds in rnd.melds:
        for meld in melds:
            shown += meld.tiles
    for river in rnd.rivers:
        shown += [t.tile for t in river if not t.taken]
    for norths in rnd.kita:  # three players: the norths set aside lie open too
        shown += ["4z"] * norths
    seen = counts(shown)
    return [max(0, 4 - seen[kind]) for kind in range(KINDS)]


def tier(tile: str, furiten: Iterable[str], seen: Sequence[int]) -> str:
    """``tile``'s tier against one threat: ``furiten`` the tiles it cannot win on (its river and
    what passed since its riichi), ``seen`` the copies of each kind (0-33) the discarder sees."""
    kinds = {index(t) for t in furiten}
    kind = index(tile)
    if kind in kinds:
        return "genbutsu"
    if kind >= 27:
        return HONOURS[max(0, 4 - seen[kind])]
    base = kind - kind % 9
    number = kind % 9 + 1
    # The two-sided shapes that wait on this tile: (number+1, number+2), the other wait number+3;
    # and (number-2, number-1), the other wait number-3. Each needs its two tiles; every number has
    # one at least (1-3 the first, 7-9 the second, 4-6 both).
    shapes = []
    if number <= 6:
        shapes.append(((number + 1, number + 2), number + 3))
    if number >= 4:
        shapes.append(((number - 2, number - 1), number - 3))
    # Each shape: "suji" (its other wait furiten), "wall" (a tile it needs all in sight), "one"
    # (three in sight), or None (open).
    covered: list[str | None] = []
    for needed, other in shapes:
        if base + other - 1 in kinds:
            covered.append("suji")
        elif any(seen[base + n - 1] >= 4 for n in needed):
            covered.append("wall")
        elif any(seen[base + n - 1] >= 3 for n in needed):
            covered.append("one")
        else:
            covered.append(None)
    if all(c == "suji" for c in covered):
        return "suji"
    if all(c in ("suji", "wall") for c in covered):
        return "no-chance"
    if all(c is not None for c in covered):
        return "one-chance"
    return "unsafe"


def least_safe(tile: str, threats: Sequence[Iterable[str]], seen: Sequence[int]) -> str:
    """The tile's tier against the least favourable of several threats (each its furiten tiles)."""
    return max((tier(tile, furiten, seen) for furiten in threats), key=RANK.__getitem__)


def safer_held(hand: Sequence[str], discard: str, threats: Sequence[Iterable[str]], seen: Sequence[int]) -> list[str]:
    """The tiles of ``hand`` (the discard among them) safer than the discard, each kind once, safest first."""
    mine = RANK[least_safe(discard, threats, seen)]
    found: dict[int, tuple[int, str]] = {}
    for tile in hand:
        place = RANK[least_safe(tile, threats, seen)]
        if place < mine and index(tile) not in found:
            found[index(tile)] = (place, tile)
    return [tile for _, tile in sorted(found.values(), key=lambda pair: (pair[0], index(pair[1])))]


__all__ = ["HONOURS", "RANK", "TIERS", "UNSEEN", "least_safe", "safer_held", "tier", "unseen_to"]
