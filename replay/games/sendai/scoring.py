"""Sendai-hana's scoring (docs/hanafuda.md §4.1-§4.2): teyaku and dekiyaku as data, each player's tally,
and the round's result."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import NamedTuple

from events.cards import DECK, month_of
from replay.games.hanafuda.yaku import YakuHit, YakuSpec, YakuTable, evaluate
from replay.games.sendai.options import SendaiOptions

SENDAI_IDS = frozenset(c.id for c in DECK)
PILE_SIZE = 21
SEATS = 3

# ---- teyaku: sets in the dealt hand (docs/hanafuda.md §4.1) ---------------------------------------


class TeyakuSpec(NamedTuple):
    """A teyaku as the shape of the hand: groups of cards of one month, by size."""

    key: str
    name: str
    jp: str
    points: int
    groups: tuple[int, ...]
    months: frozenset[int] | None = None  # for Four of a Kind: the only months that count


TEYAKU: tuple[TeyakuSpec, ...] = (
    TeyakuSpec("three-pairs", "Three Pairs", "喰付", 150, (2, 2, 2)),
    TeyakuSpec("triplet-two-pairs", "Triplet and Two Pairs", "跳剣", 150, (3, 2, 2)),
    TeyakuSpec("four-three", "Four-Three", "四三", 150, (4, 3)),
    # Wisteria, Iris, Bush Clover, Susuki and Paulownia only.
    TeyakuSpec("four-of-a-kind", "Four of a Kind", "手四", 50, (4,), frozenset({4, 5, 7, 8, 12})),
)
TEYAKU_BY_KEY = {spec.key: spec for spec in TEYAKU}


def teyaku_held(hand: Sequence[str], *, four_as_two_pairs: bool) -> list[TeyakuSpec]:
    """Every teyaku the hand's months make, best first."""
    counts = Counter(month_of(c) for c in hand)
    return sorted(
        (spec for spec in TEYAKU if _fits(spec, counts, four_as_two_pairs)), key=lambda s: s.points, reverse=True
    )


def _fits(spec: TeyakuSpec, counts: Mapping[int, int], four_as_two_pairs: bool) -> bool:
    # Each month gives one group of its size; a four may instead give two pairs, by option.
    layouts: list[list[tuple[int, int]]] = [[]]
    for month, count in counts.items():
        choices = [[(count, month)]]
        if four_as_two_pairs and count == 4:
            choices.append([(2, month), (2, month)])
        layouts = [layout + choice for layout in layouts for choice in choices]
    for layout in layouts:
        groups = [size for size, month in layout if spec.months is None or month in spec.months]
        need = Counter(spec.groups)
        if all(Counter(groups)[size] >= n for size, n in need.items()):
            return True
    return False


# ---- dekiyaku: sets among the captured cards (docs/hanafuda.md §4.1) ------------------------------

CRANE, CURTAIN, MOON, RAINMAN, PHOENIX = (
    "pine-crane",
    "cherry-curtain",
    "susuki-moon",
    "willow-rainman",
    "paulownia-phoenix",
)
DRY_BRIGHTS = frozenset({CRANE, CURTAIN, MOON, PHOENIX})
RIBBONS = frozenset(c.id for c in DECK if c.type == "ribbon")
WILLOW = frozenset(c.id for c in DECK if c.suit == "willow")
CHAFF = frozenset(c.id for c in DECK if c.type == "chaff")


@cache
def dekiyaku_specs(threshold: int, sake_cup_is_chaff: bool, willow_is_ribbon: bool) -> YakuTable:
    """The dekiyaku table for a seat whose Chaff yaku needs ``threshold`` chaff."""
    return YakuTable((
        YakuSpec("five-brights", "Five Brights", "五光", 500, DRY_BRIGHTS | {RAINMAN}, group="brights"),
        YakuSpec("four-brights", "Four Brights", "本四光", 300, DRY_BRIGHTS, group="brights"),
        YakuSpec("rainy-four-brights", "Rainy Four Brights", "四光", 200, frozenset({RAINMAN}), DRY_BRIGHTS, 3,
                 group="brights"),
        YakuSpec("poetry-ribbons", "Poetry Ribbons", "赤短", 150, frozenset({"pine-poetry", "plum-poetry", "cherry-poetry"})),
        YakuSpec("blue-ribbons", "Blue Ribbons", "青短", 150, frozenset({"peony-blue", "chrysanthemum-blue", "maple-blue"})),
        YakuSpec("five-ribbons", "Five Ribbons", "五短", 100, frozenset(), RIBBONS | (WILLOW if willow_is_ribbon else frozenset()), 5),
        YakuSpec("chaff", "Chaff", "カス役", 10, frozenset(), CHAFF | ({"chrysanthemum-cup"} if sake_cup_is_chaff else frozenset()),
                 threshold, per_extra=10),
    ))  # fmt: skip


# ---- results --------------------------------------------------------------------------------


class SendaiTally(NamedTuple):
    seat: int
    position: int  # 0 dealer, 1 second, 2 third
    teyaku: tuple[TeyakuSpec, ...]
    dekiyaku: tuple[YakuHit, ...]
    dekiyaku_points: int
    went: bool  # called koi-koi this round


class SendaiResult(NamedTuple):
    round: int
    dealer: int
    winner: int | None
    reason: str  # "stop", "teyaku", "exhaustiveDraw" or "dealerPrivilege"
    explanation: str
    players: tuple[SendaiTally, ...]
    points: tuple[int, ...]  # what the round adds to each seat's standing
    next_dealer: int
    depth: str = "moves"  # recorded move by move, or as its result only

    @property
    def number(self) -> int:
        return self.round

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def ends_match(self) -> bool:
        return False  # a Sendai-hana match plays every round agreed


def position_of(seat: int, dealer: int) -> int:
    """A seat's place in the turn order: 0 the dealer, 1 the second player, 2 the third."""
    return (seat - dealer) % SEATS


def seat_dekiyaku(seat: int, dealer: int, options: SendaiOptions) -> YakuTable:
    """The dekiyaku table of ``seat``: its Chaff yaku needs the threshold of its position (7, 8, 9)."""
    threshold = options.thresholds[position_of(seat, dealer)]
    return dekiyaku_specs(threshold, options.sake_cup_is_chaff, options.willow_is_ribbon)


def _dekiyaku(captured: Sequence[str], seat: int, dealer: int, options: SendaiOptions) -> list[YakuHit]:
    return evaluate(seat_dekiyaku(seat, dealer, options), captured, highest_only_groups=BRIGHTS_GROUP)


BRIGHTS_GROUP = frozenset({"brights"})


def _total(hits: Sequence[YakuHit]) -> int:
    return sum(h.points or 0 for h in hits)
