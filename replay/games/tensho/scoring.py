"""Tensho's scoring (docs/hanafuda.md §3.4-§3.6): the deck, the yaku table and card values as data, each
player's tally, and the round's result with its tie-break tiers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from events.cards import TENSHO_DECK
from replay.games.hanafuda.yaku import YakuHit, YakuSpec, YakuTable, evaluate, total
from replay.games.tensho.options import TenshoOptions

PHOENIX = "paulownia-phoenix"
ALONE = (PHOENIX,)  # placed, the Phoenix goes to the scoring area by itself and takes nothing
TENSHO_IDS = frozenset(c.id for c in TENSHO_DECK)
PILE_SIZE = 18  # of the 45 cards: two hands of 6, 9 on the field, 6 dead, and 18 to draw

# ---- the yaku table (docs/hanafuda.md §3.4) ------------------------------------------------------

# The card of each Nagoya number on the front (ribbon, Geese, Phoenix) and back (bright or
# animal) side. The back card of 2 is an option (Swallow or Rain Man).
FRONT_CARD = {
    1: "pine-poetry", 2: "willow-ribbon", 3: "cherry-poetry", 4: "wisteria-ribbon", 5: "iris-ribbon",
    6: PHOENIX, 7: "clover-ribbon", 8: "susuki-geese", 9: "chrysanthemum-blue", 10: "maple-blue",
    11: "peony-blue", 12: "plum-poetry",
}  # fmt: skip
BACK_CARD = {
    1: "pine-crane", 2: "willow-swallow", 3: "cherry-curtain", 4: "wisteria-cuckoo", 5: "iris-bridge",
    6: PHOENIX, 7: "clover-boar", 8: "susuki-moon", 9: "chrysanthemum-cup", 10: "maple-deer",
    11: "peony-butterflies", 12: "plum-warbler",
}  # fmt: skip

IW = None  # an instant win
BOTH, SET1, SET2 = (1, 2), (1,), (2,)


@dataclass(frozen=True, slots=True)
class TenshoYaku:
    """One row of the table: a yaku by its Nagoya numbers, in which sets, and its worth."""

    key: str
    name: str
    jp: str
    nagoya: tuple[int, ...]
    sets: tuple[int, ...]
    front: int | None  # points of the front (ribbon) version; None = instant win
    back: int | None  # points of the back (animal) version
    contains: tuple[str, ...] = ()  # the three-card yaku a compound is made of


YAKU_TABLE: tuple[TenshoYaku, ...] = (
    TenshoYaku("one-two-three", "One Two Three", "一二三", (1, 2, 3), BOTH, 100, 50),
    TenshoYaku("one-two-ten", "One Two Ten", "一二十", (1, 2, 10), BOTH, 100, 50),
    TenshoYaku("three-four-five", "Three Four Five", "三四五", (3, 4, 5), BOTH, 100, 50),
    TenshoYaku("nakazo", "Nakazō", "ナカゾウ", (7, 8, 9), BOTH, 100, 50),
    TenshoYaku("ten-horse-king", "Ten Horse King", "十馬キリ", (10, 11, 12), BOTH, 100, 50),
    TenshoYaku("nine-horse-three", "Nine Horse Three", "クマザン", (9, 11, 3), BOTH, 100, 50),
    TenshoYaku("seven-five-three", "Seven Five Three", "七五三", (7, 5, 3), SET1, 100, 50),
    TenshoYaku("eight-islands", "Eight Islands", "ヤシマ", (8, 4, 11), SET1, 100, 50),
    TenshoYaku("four-horse-king", "Four Horse King", "シマキリ", (4, 11, 12), SET1, 100, 50),
    TenshoYaku("eight-four-king", "Eight Four King", "ハツシキリ", (8, 4, 12), SET1, 100, 50),
    TenshoYaku(
        "eight-islands-king", "Eight Islands King", "ヤシマキリ", (8, 4, 11, 12), SET1, 300, 150,
        ("eight-islands", "four-horse-king", "eight-four-king"),
    ),
    TenshoYaku("elder", "Elder", "御老中", (5, 6, 10), SET1, IW, 100),
    TenshoYaku("young-woman", "Young Woman", "娘", (10, 7, 8), SET2, 100, 50),
    TenshoYaku("old-woman", "Old Woman", "婆さん", (8, 9, 10), SET2, 100, 50),
    TenshoYaku(
        "women-young-and-old", "Women, Young and Old", "娘婆さん", (7, 8, 9, 10), SET2, 300, 150,
        ("young-woman", "old-woman", "nakazo"),
    ),
    TenshoYaku("elder", "Elder", "御老中", (5, 6, 10), SET2, 100, IW),
)  # fmt: skip

# The one mixed yaku: no front or back version (Set 2 only, instant win).
RED_FOUR = YakuSpec("red-four", "Red Four", "赤四", IW, frozenset({"pine-crane", PHOENIX, "wisteria-ribbon"}))

# Card values for the last tie-break (docs/hanafuda.md §3.6); every other card is worth 1.
CARD_VALUE_TABLE: Mapping[int, tuple[str, ...]] = {
    15: ("pine-crane",),
    12: ("plum-warbler",),
    11: ("peony-butterflies",),
    10: ("willow-rainman", "willow-swallow", PHOENIX, "maple-deer", "maple-blue"),
    9: ("chrysanthemum-cup",),
    8: ("susuki-moon",),
    7: ("clover-boar",),
    5: ("iris-bridge", "pine-poetry"),
    4: ("wisteria-cuckoo",),
    3: ("cherry-curtain",),
}
CARD_VALUES: dict[str, int] = {c: 1 for c in TENSHO_IDS} | {
    card: value for value, cards in CARD_VALUE_TABLE.items() for card in cards
}
assert sum(CARD_VALUES.values()) == 159, "the Tensho card values sum to 159"

CHAFF_IDS = frozenset(c.id for c in TENSHO_DECK if c.type == "chaff")


@cache
def yaku_specs(yaku_set: int, back2_card: str, ten_horse_king: str) -> YakuTable:
    """Every yaku of a set as concrete card sets, with the card variants applied."""
    specs: list[YakuSpec] = []
    for row in YAKU_TABLE:
        if yaku_set not in row.sets:
            continue
        for side, points, cards, jp_side in (
            ("front", row.front, FRONT_CARD, "表"),
            ("back", row.back, BACK_CARD, "裏"),
        ):
            numbers = row.nagoya
            if row.key == "ten-horse-king" and (
                ten_horse_king == "chrysanthemum" or (ten_horse_king == "chrysanthemumBackOnly" and side == "back")
            ):
                numbers = tuple(9 if n == 11 else n for n in numbers)
            required = frozenset(
                ("willow-rainman" if side == "back" and n == 2 and back2_card == "rainman" else cards[n])
                for n in numbers
            )
            specs.append(
                YakuSpec(
                    key=f"{side}-{row.key}",
                    name=f"{side.title()} {row.name}",
                    jp=f"{jp_side}{row.jp}",
                    points=points,
                    required=required,
                    supersedes=tuple(f"{side}-{k}" for k in row.contains),
                )
            )
    if yaku_set == 2:
        specs.append(RED_FOUR)
    return YakuTable(specs)


# ---- results --------------------------------------------------------------------------------


class PlayerTally(NamedTuple):  # tuples: made at every round's end, where a dataclass is slower
    seat: int
    yaku: tuple[YakuHit, ...]
    yaku_points: int  # an instant win counts as the instantWinValue option
    chaff: int
    card_value: int


class RoundResult(NamedTuple):
    round: int
    dealer: int
    yaku_set: int
    winner: int | None
    reason: str  # "instantWin", "yakuPoints", "chaffCount", "cardValueSum", "draw" or "dealerWins"
    explanation: str
    players: tuple[PlayerTally, PlayerTally]
    points: tuple[int, int]  # what the round adds to each seat's standing
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
        return False  # a Tensho match plays every round agreed


def tally(seat: int, captured: Sequence[str], specs: Sequence[YakuSpec], options: TenshoOptions) -> PlayerTally:
    hits = tuple(evaluate(specs, captured, supersede=options.supersede))
    return PlayerTally(
        seat,
        hits,
        total(hits, instant_win_value=options.instant_win_value),
        len(CHAFF_IDS.intersection(captured)),
        sum(map(CARD_VALUES.__getitem__, captured)),
    )


def _tallies(
    captured: Sequence[Sequence[str]], specs: Sequence[YakuSpec], options: TenshoOptions
) -> tuple[PlayerTally, PlayerTally]:
    return tally(0, captured[0], specs, options), tally(1, captured[1], specs, options)


def decide(
    round_no: int,
    dealer: int,
    yaku_set: int,
    tallies: tuple[PlayerTally, PlayerTally],
    options: TenshoOptions,
    names: Sequence[str],
    instant_winner: int | None = None,
) -> RoundResult:
    """Who won the round and why: an instant win, else the tie-break tiers in order."""
    winner: int | None
    if instant_winner is not None:
        winner, reason = instant_winner, "instantWin"
        iw = next(h for h in tallies[instant_winner].yaku if h.instant_win)
        explanation = f"{names[winner]} captured {iw.name} ({iw.jp}), an instant win"
    else:
        winner, reason, explanation = None, options.tie_break[-1], ""
        for tier in options.tie_break[:-1]:
            field = _TIER_FIELD[tier]
            a, b = getattr(tallies[0], field), getattr(tallies[1], field)
            if a != b:
                winner, reason = (0 if a > b else 1), tier
                explanation += f"{names[winner]} wins on {_TIER_WORDS[tier]}: {max(a, b)} to {min(a, b)}"
                break
            explanation += f"{_TIER_WORDS[tier]} tied at {a}; "
        if winner is None:
            if reason == "dealerWins":
                winner = dealer
                explanation += f"a full tie goes to the dealer, {names[dealer]}"
            else:
                explanation += f"a full tie: the round is drawn and {names[dealer]} keeps the deal"
    points = _round_points(winner, tallies, options)
    return RoundResult(
        round_no, dealer, yaku_set, winner, reason, explanation, tallies, points,
        dealer if winner is None else winner,
    )  # fmt: skip


_TIER_WORDS = {"yakuPoints": "yaku points", "chaffCount": "chaff count", "cardValueSum": "card values"}


_TIER_FIELD = {"yakuPoints": "yaku_points", "chaffCount": "chaff", "cardValueSum": "card_value"}  # of PlayerTally


def _round_points(
    winner: int | None, tallies: tuple[PlayerTally, PlayerTally], options: TenshoOptions
) -> tuple[int, int]:
    if winner is None:
        return (0, 0)
    if options.round_score == "roundsWon":
        won = 1
    elif options.round_score == "winnerYakuTotal":
        won = tallies[winner].yaku_points
    else:  # yakuDifference
        won = max(0, tallies[winner].yaku_points - tallies[1 - winner].yaku_points)
    return (won, 0) if winner == 0 else (0, won)
