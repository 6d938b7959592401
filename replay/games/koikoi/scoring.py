"""Koi-koi's scoring (docs/koikoi.md): the yaku as data, a player's score with the koi-koi calls and
the doublings, the hand yaku of a deal, and the round's result."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from events.cards import DECK, month_of
from replay.games.hanafuda.table import UNSEEN
from replay.games.hanafuda.yaku import YakuHit, YakuSpec, YakuTable, evaluate
from replay.games.koikoi.options import KoikoiOptions

KOIKOI_IDS = frozenset(c.id for c in DECK)
SEATS = 2
HAND_SIZE = 8
FIELD_SIZE = 8
PILE_SIZE = 24

CRANE, CURTAIN, MOON, RAINMAN, PHOENIX = (
    "pine-crane",
    "cherry-curtain",
    "susuki-moon",
    "willow-rainman",
    "paulownia-phoenix",
)
SAKE_CUP = "chrysanthemum-cup"
DRY_BRIGHTS = frozenset({CRANE, CURTAIN, MOON, PHOENIX})  # the brights but the rain man
ANIMALS = frozenset(c.id for c in DECK if c.type == "animal")
RIBBONS = frozenset(c.id for c in DECK if c.type == "ribbon")
CHAFF = frozenset(c.id for c in DECK if c.type == "chaff")
POETRY = frozenset({"pine-poetry", "plum-poetry", "cherry-poetry"})
BLUE = frozenset({"peony-blue", "chrysanthemum-blue", "maple-blue"})
BOAR_DEER_BUTTERFLIES = frozenset({"clover-boar", "maple-deer", "peony-butterflies"})
VIEWING = ("hanami-zake", "tsukimi-zake")
BRIGHTS_GROUP = frozenset({"brights"})


@cache
def yaku_table(viewing_points: int, both_ribbons_bonus: int, sake_cup_is_chaff: bool) -> YakuTable:
    """The yaku, with the viewing yaku at ``viewing_points`` (their value before or after a koi-koi)."""
    chaff = CHAFF | ({SAKE_CUP} if sake_cup_is_chaff else frozenset())
    rows = [
        YakuSpec("goko", "Five Brights", "五光", 10, DRY_BRIGHTS | {RAINMAN}, group="brights"),
        YakuSpec("shiko", "Four Brights", "四光", 8, DRY_BRIGHTS, group="brights"),
        YakuSpec("ame-shiko", "Rainy Four Brights", "雨四光", 7, frozenset({RAINMAN}), DRY_BRIGHTS, 3, group="brights"),
        YakuSpec("sanko", "Three Brights", "三光", 5, frozenset(), DRY_BRIGHTS, 3, group="brights"),
        YakuSpec("hanami-zake", "Flower Viewing", "花見で一杯", viewing_points, frozenset({CURTAIN, SAKE_CUP})),
        YakuSpec("tsukimi-zake", "Moon Viewing", "月見で一杯", viewing_points, frozenset({MOON, SAKE_CUP})),
        YakuSpec("ino-shika-cho", "Boar, Deer, Butterflies", "猪鹿蝶", 5, BOAR_DEER_BUTTERFLIES),
        YakuSpec("tane", "Animals", "タネ", 1, frozenset(), ANIMALS, 5, per_extra=1),
        YakuSpec("akatan", "Poetry Ribbons", "赤短", 5, POETRY),
        YakuSpec("aotan", "Blue Ribbons", "青短", 5, BLUE),
        YakuSpec("tan", "Ribbons", "タン", 1, frozenset(), RIBBONS, 5, per_extra=1),
        YakuSpec("kasu", "Chaff", "カス", 1, frozenset(), chaff, 10, per_extra=1),
    ]
    if both_ribbons_bonus:
        rows.insert(10, YakuSpec("akatan-aotan", "Poetry and Blue Ribbons", "赤短・青短の重複役", both_ribbons_bonus,
                                 POETRY | BLUE))  # fmt: skip
    return YakuTable(rows)


def yaku(captured: Sequence[str], calls: int, options: KoikoiOptions) -> list[YakuHit]:
    """The yaku a player's captures make, after ``calls`` koi-koi calls of his own this round."""
    viewing_value = options.viewing_points[1 if calls else 0]
    table = yaku_table(viewing_value, options.both_ribbons_bonus, options.sake_cup_is_chaff)
    hits = evaluate(table, captured, highest_only_groups=BRIGHTS_GROUP)
    if options.viewing == "never" or (options.rain_spoils_viewing and RAINMAN in captured):
        hits = [h for h in hits if h.key not in VIEWING]
    elif options.viewing == "withOtherYaku" and all(h.key in VIEWING for h in hits):
        hits = []
    return hits


def yaku_total(hits: Sequence[YakuHit]) -> int:
    return sum(h.points or 0 for h in hits)


def with_calls(total: int, calls: int, options: KoikoiOptions) -> int:
    """A yaku total with the player's own koi-koi calls counted (koikoiJapan: +1 a call up to three,
    from the fourth the total times calls - 2)."""
    if options.call_points != "koikoiJapan" or not calls:
        return total
    return total + calls if calls <= 3 else total * (calls - 2)


def score(total: int, calls: int, opponent_called: bool, options: KoikoiOptions) -> tuple[int, list[str]]:
    """What a stopping player wins from a yaku total: the calls, then the doublings; and why."""
    why: list[str] = []
    won = with_calls(total, calls, options)
    if won != total:
        why.append(f"{calls} koi-koi: {won}")
    if options.double_at_seven and won >= 7:
        won *= 2
        why.append(f"7 or more, doubled: {won}")
    if options.double_after_koikoi and opponent_called:
        won *= 2
        why.append(f"after the other player's koi-koi, doubled: {won}")
    return won, why


def hand_yaku(hand: Sequence[str]) -> list[str]:
    """The hand yaku a dealt hand of eight makes: teshi (four of one month), kuttsuki (four pairs);
    none said of a hand dealt unseen."""
    if UNSEEN in hand:
        return []
    counts = Counter(month_of(card) for card in hand)
    found = []
    if 4 in counts.values():
        found.append("teshi")
    if len(hand) == HAND_SIZE and all(n % 2 == 0 for n in counts.values()):
        found.append("kuttsuki")
    return found


class KoikoiTally(NamedTuple):
    seat: int
    yaku: tuple[YakuHit, ...]
    yaku_points: int  # the yaku total, before the calls and doublings
    calls: int  # the koi-koi calls this seat made this round


class KoikoiResult(NamedTuple):
    round: int
    dealer: int
    winner: int | None
    reason: str  # "stop", "teyaku" (teshi or kuttsuki shown) or "exhaustiveDraw"
    explanation: str
    players: tuple[KoikoiTally, ...]
    points: tuple[int, ...]  # what the round adds to each seat's standing
    next_dealer: int
    depth: str = "moves"  # recorded move by move, or as its result only
    ends_match: bool = False  # a player is out of points: no round follows

    @property
    def number(self) -> int:
        return self.round

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)
