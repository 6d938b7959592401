"""MCR's fans: worked examples from the rules (the fans each hand counts, and those it does not
count twice), the fan table's exclusions against the calculator on many hands, the payments and
the table points. Expected values are worked by hand from the rules (docs/mcr.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from replay.games.mcr.fans import BY_ID, FANS, excluded_by
from replay.games.mcr.pricing import NotAWin, OpenSet, WinningHand, fans, payments
from replay.games.mcr.state import table_points

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _hand(concealed: str, tile: str, *sets: OpenSet, **flags: object) -> WinningHand:
    return WinningHand(concealed=tuple(concealed.split()), sets=sets, tile=tile, **flags)  # type: ignore[arg-type]


# Each: the hand, and the fans the rules count on it (id, times), worked by hand.
WORKED = [
    pytest.param(  # the thirteen terminals and honours, 1m the pair: Self-Drawn is not implied
        _hand("1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z", "1m", self_drawn=True),
        [("thirteen_orphans", 1), ("self_drawn", 1)],
        id="thirteen-orphans",
    ),
    pytest.param(  # seven pairs on a discard, all five kinds of tile: no Concealed Hand, no Single Wait
        _hand("1m 1m 3m 3m 5p 5p 7p 7p 9s 9s 1z 1z 7z", "7z", self_drawn=False, seat_wind=1),
        [("seven_pairs", 1), ("all_types", 1)],
        id="seven-pairs",
    ),
    pytest.param(  # three concealed pungs of characters, a red pung laid open, East the pair waited on
        _hand("2m 2m 2m 5m 5m 5m 8m 8m 8m 1z", "1z", OpenSet("pung", ("7z",) * 3, 2), self_drawn=False, seat_wind=1),
        [("three_concealed_pungs", 1), ("all_pungs", 1), ("half_flush", 1), ("dragon_pung", 1), ("single_wait", 1)],
        id="all-pungs-half-flush",
    ),
    pytest.param(  # the four winds: not Big Three Winds, All Pungs, the winds' own fans or their pungs
        _hand(
            "5m 1z 1z 1z",
            "5m",
            OpenSet("pung", ("2z",) * 3, 1),
            OpenSet("pung", ("3z",) * 3, 2),
            OpenSet("pung", ("4z",) * 3, 3),
            self_drawn=False,
            seat_wind=0,
            prevalent_wind=0,
        ),
        [("big_four_winds", 1), ("half_flush", 1), ("single_wait", 1)],
        id="big-four-winds",
    ),
    pytest.param(  # a replacement tile after a concealed kong: not Self-Drawn; Fully Concealed, not Concealed Hand
        _hand(
            "2p 3p 4p 5p 6p 7p 7s 8s 9s 5s",
            "5s",
            OpenSet("concealed_kong", ("1m",) * 4, 0),
            self_drawn=True,
            on_kong=True,
        ),
        [
            ("out_with_replacement_tile", 1),
            ("fully_concealed_hand", 1),
            ("concealed_kong", 1),
            ("short_straight", 1),
            ("pung_of_terminals_or_honors", 1),
            ("no_honors", 1),
            ("single_wait", 1),
        ],
        id="replacement-tile",
    ),
    pytest.param(  # robbing a kong of 7p, the other three shown: not Last Tile
        _hand("5p 6p 1m 2m 3m 4m 5m 6m 7m 8m 9m 9s 9s", "7p", self_drawn=False, on_kong=True, fourth_tile=True),
        [("pure_straight", 1), ("robbing_the_kong", 1), ("concealed_hand", 1), ("all_chows", 1)],
        id="robbing-the-kong",
    ),
    pytest.param(  # the wall's last tile drawn: Last Tile Draw, not Self-Drawn; 123m 456p 789s a Mixed Straight
        _hand("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s", "5s", self_drawn=True, last_tile=True),
        [
            ("mixed_straight", 1),
            ("last_tile_draw", 1),
            ("fully_concealed_hand", 1),
            ("all_chows", 1),
            ("single_wait", 1),
        ],
        id="last-tile-draw",
    ),
    pytest.param(  # the discard after the wall's last tile, the fourth 3m (none held): Last Tile Claim and Last Tile
        _hand("6m 7m 8m 4p 5p 6p 7s 8s 9s 5s 5s 2m 4m", "3m", self_drawn=False, last_tile=True, fourth_tile=True),
        [("last_tile_claim", 1), ("last_tile", 1), ("concealed_hand", 1), ("all_chows", 1), ("closed_wait", 1)],
        id="last-tile-claim",
    ),
    pytest.param(  # the seat's and the round's wind (their pungs no Pung of Terminals or Honors), three flowers beside
        _hand(
            "2z 2z 2z 4m 5m 6m 6p 7p 8p 3s",
            "3s",
            OpenSet("pung", ("1z",) * 3, 2),
            self_drawn=False,
            seat_wind=1,
            prevalent_wind=0,
            flowers=3,
        ),
        [("prevalent_wind", 1), ("seat_wind", 1), ("single_wait", 1), ("flower_tiles", 3)],
        id="winds-and-flowers",
    ),
]


@pytest.mark.parametrize(("hand", "expected"), WORKED)
def test_a_worked_hand_counts_the_fans_the_rules_give_and_none_twice(
    hand: WinningHand, expected: list[tuple[str, int]]
) -> None:
    assert dict(fans(hand)) == dict(expected)


def test_no_mahjong_is_said_so() -> None:
    with pytest.raises(NotAWin):
        fans(_hand("1m 2m 3m 4m", "9m", self_drawn=False))


def test_the_table_holds_the_81_fans_and_the_calculators_82nd_at_the_rules_values() -> None:
    by_points = Counter(fan.points for fan in FANS)
    assert dict(by_points) == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 5: 1, 4: 4, 2: 10, 1: 13}
    assert len(FANS) == 82 and len(BY_ID) == 82


def _random_hand(rng: random.Random) -> WinningHand:
    """Four sets and a pair, some laid open or kongs, kept to one suit now and then (the fans of
    a suit and honours), never more than four of a tile; and the flags the record knows."""
    count: Counter[str] = Counter()
    sets: list[OpenSet] = []
    concealed: list[str] = []
    suit = rng.choice("mps")

    def take(tiles: list[str]) -> bool:
        if any(count[t] + tiles.count(t) > 4 for t in tiles):
            return False
        count.update(tiles)
        return True

    while len(sets) + len(concealed) // 3 < 4:
        kind = rng.choice(["chow", "chow", "pung", "pung", "kong"])
        s = suit if rng.random() < 0.6 else rng.choice("mpsz")
        if kind == "chow" and s == "z":
            continue
        if kind == "chow":
            start = rng.randint(1, 7)
            tiles = [f"{start + i}{s}" for i in range(3)]
        else:
            tile = f"{rng.randint(1, 7 if s == 'z' else 9)}{s}"
            tiles = [tile] * (4 if kind == "kong" else 3)
        if not take(tiles):
            continue
        if kind == "kong":
            sets.append(OpenSet("concealed_kong" if rng.random() < 0.4 else "kong", tuple(tiles), rng.randint(1, 3)))
        elif rng.random() < 0.4:
            sets.append(OpenSet(kind, tuple(tiles), rng.randint(1, 3)))
        else:
            concealed += tiles
    while True:
        s = suit if rng.random() < 0.6 else rng.choice("mpsz")
        pair = f"{rng.randint(1, 7 if s == 'z' else 9)}{s}"
        if take([pair, pair]):
            concealed += [pair, pair]
            break
    tile = rng.choice(concealed)
    concealed.remove(tile)
    return WinningHand(tuple(concealed), tuple(sets), tile, rng.random() < 0.4, rng.random() < 0.1,
                       rng.random() < 0.05, rng.random() < 0.05, rng.randint(0, 3), rng.randint(0, 3),
                       rng.randint(0, 3))  # fmt: skip


@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=2**32 - 1))
@example(1)
def test_no_fan_the_calculator_counts_is_one_the_table_says_another_implies(seed: int) -> None:
    """The table's exclusions, which a phone applies as fans are tapped, never refuse what the
    calculator counts on a real hand, and no fan counts more often than the table allows.
    Plant: an exclusion the rules do not make (Half Flush excluding All Pungs)."""
    rng = random.Random(seed)
    for _ in range(50):
        counted = fans(_random_hand(rng))
        ids = tuple(fan for fan, _ in counted)
        excluded = excluded_by(ids)
        assert not [fan for fan in ids if fan in excluded], counted
        assert all(times <= BY_ID[fan].most for fan, times in counted), counted


def test_payments_follow_the_rules() -> None:
    """On a discard: the discarder 8 + the fans, the other two 8; self-drawn: 8 + the fans from each."""
    assert payments(9, 1, 2, 8) == (-8, 33, -17, -8)
    assert payments(19, 0, None, 8) == (81, -27, -27, -27)
    assert payments(88, 3, 0, 8) == (-96, -8, -8, 112)


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((160, 21, -89, -92), (4, 2, 1, 0)),
        ((10, 10, 0, -20), (3, 3, 1, 0)),  # two first: (4 + 2) / 2 each
        ((10, 5, 5, -20), (4, 1.5, 1.5, 0)),
        ((0, 0, 0, 0), (1.75, 1.75, 1.75, 1.75)),
        ((5, -5, -5, 5), (3, 0.5, 0.5, 3)),
    ],
)
def test_table_points_share_the_places_tied(scores: tuple[int, ...], points: tuple[float, ...]) -> None:
    assert table_points(scores) == points
