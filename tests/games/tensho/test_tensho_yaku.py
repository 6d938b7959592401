"""Every Tensho yaku, on each side and in each variant, against docs/hanafuda.md §3.4–3.6."""

from __future__ import annotations

import pytest

from events.cards import TENSHO_DECK
from replay.games.hanafuda.yaku import evaluate
from replay.games.tensho.scoring import BACK_CARD, CARD_VALUES, FRONT_CARD, YAKU_TABLE, TenshoYaku, tally, yaku_specs
from tests.games.tensho.support import options as default_options

DEFAULT = ("swallow", "peony")
NOISE = ("pine-chaff-2", "plum-chaff-2")  # chaff that makes no yaku


def held(
    captured: tuple[str, ...], yaku_set: int, variant: tuple[str, str] = DEFAULT, stack: bool = False
) -> dict[str, int | None]:
    hits = evaluate(yaku_specs(yaku_set, *variant), captured, supersede=not stack)
    return {h.key: h.points for h in hits}


def cards_of(row: TenshoYaku, side: str) -> tuple[str, ...]:
    table = FRONT_CARD if side == "front" else BACK_CARD
    return tuple(table[n] for n in row.nagoya)


CASES = [
    pytest.param(row, side, s, id=f"{side}-{row.key}-set{s}")
    for row in YAKU_TABLE
    for side in ("front", "back")
    for s in row.sets
]


@pytest.mark.parametrize(("row", "side", "yaku_set"), CASES)
def test_each_yaku_on_each_side(row: TenshoYaku, side: str, yaku_set: int) -> None:
    cards = cards_of(row, side)
    points = row.front if side == "front" else row.back
    found = held((*cards, *NOISE), yaku_set)
    key = f"{side}-{row.key}"
    assert key in found and found[key] == points
    # One card short, and the yaku is gone.
    assert key not in held((*cards[1:], *NOISE), yaku_set)


@pytest.mark.parametrize("row", [r for r in YAKU_TABLE if r.sets != (1, 2)], ids=lambda r: f"{r.key}-set{r.sets[0]}")
def test_set_only_yaku_do_not_count_in_the_other_set(row: TenshoYaku) -> None:
    other = 2 if row.sets == (1,) else 1
    if row.key == "elder":
        return  # Elder is in both sets, with values that change (tested below)
    for side in ("front", "back"):
        assert f"{side}-{row.key}" not in held(cards_of(row, side), other)


def test_exact_compositions_from_the_rules_notes() -> None:
    specs = {s.key: s.required for s in yaku_specs(1, *DEFAULT)}
    assert specs["front-one-two-three"] == {"pine-poetry", "willow-ribbon", "cherry-poetry"}
    assert specs["back-one-two-three"] == {"pine-crane", "willow-swallow", "cherry-curtain"}
    assert specs["front-nakazo"] == {"clover-ribbon", "susuki-geese", "chrysanthemum-blue"}
    assert specs["back-nakazo"] == {"clover-boar", "susuki-moon", "chrysanthemum-cup"}
    assert specs["front-eight-islands"] == {"susuki-geese", "wisteria-ribbon", "peony-blue"}
    assert specs["back-elder"] == {"iris-bridge", "paulownia-phoenix", "maple-deer"}
    assert specs["front-eight-islands-king"] == {"susuki-geese", "wisteria-ribbon", "peony-blue", "plum-poetry"}
    set2 = {s.key: s.required for s in yaku_specs(2, *DEFAULT)}
    assert set2["front-young-woman"] == {"maple-blue", "clover-ribbon", "susuki-geese"}
    assert set2["back-old-woman"] == {"susuki-moon", "chrysanthemum-cup", "maple-deer"}
    assert set2["red-four"] == {"pine-crane", "paulownia-phoenix", "wisteria-ribbon"}


def test_sides_do_not_mix() -> None:
    # Front Pine and Cherry ribbons with the back Willow card make neither One Two Three.
    found = held(("pine-poetry", "willow-swallow", "cherry-poetry"), 1)
    assert "front-one-two-three" not in found and "back-one-two-three" not in found


def test_front_and_back_versions_both_count() -> None:
    both = ("pine-poetry", "willow-ribbon", "cherry-poetry", "pine-crane", "willow-swallow", "cherry-curtain")
    found = held(both, 1)
    assert found["front-one-two-three"] == 100 and found["back-one-two-three"] == 50


def test_overlapping_yaku_stack() -> None:
    # One Two Three and One Two Ten share the 1 and the 2; both count.
    found = held(("pine-poetry", "willow-ribbon", "cherry-poetry", "maple-blue"), 1)
    assert found["front-one-two-three"] == 100 and found["front-one-two-ten"] == 100


@pytest.mark.parametrize("yaku_set", [1, 2])
def test_swallow_or_rain_man_in_the_back_one_two_three_and_one_two_ten(yaku_set: int) -> None:
    with_swallow = ("pine-crane", "willow-swallow", "cherry-curtain", "maple-deer")
    with_rainman = ("pine-crane", "willow-rainman", "cherry-curtain", "maple-deer")
    assert {"back-one-two-three", "back-one-two-ten"} <= set(held(with_swallow, yaku_set, ("swallow", "peony")))
    assert not {"back-one-two-three", "back-one-two-ten"} & set(held(with_rainman, yaku_set, ("swallow", "peony")))
    assert {"back-one-two-three", "back-one-two-ten"} <= set(held(with_rainman, yaku_set, ("rainman", "peony")))
    assert not {"back-one-two-three", "back-one-two-ten"} & set(held(with_swallow, yaku_set, ("rainman", "peony")))
    # The front versions always use the Willow Ribbon.
    front = ("pine-poetry", "willow-ribbon", "cherry-poetry")
    assert "front-one-two-three" in held(front, yaku_set, ("rainman", "peony"))


def test_ten_horse_king_peony_or_chrysanthemum() -> None:
    peony_front, peony_back = (
        ("maple-blue", "peony-blue", "plum-poetry"),
        ("maple-deer", "peony-butterflies", "plum-warbler"),
    )
    chrys_front = ("maple-blue", "chrysanthemum-blue", "plum-poetry")
    chrys_back = ("maple-deer", "chrysanthemum-cup", "plum-warbler")
    assert {"front-ten-horse-king", "back-ten-horse-king"} <= set(held((*peony_front, *peony_back), 1))
    assert not {"front-ten-horse-king", "back-ten-horse-king"} & set(held((*chrys_front, *chrys_back), 1))
    both = held((*chrys_front, *chrys_back), 1, ("swallow", "chrysanthemum"))
    assert both["front-ten-horse-king"] == 100 and both["back-ten-horse-king"] == 50
    assert not {"front-ten-horse-king", "back-ten-horse-king"} & set(
        held((*peony_front, *peony_back), 1, ("swallow", "chrysanthemum"))
    )
    back_only = held((*peony_front, *chrys_back), 2, ("swallow", "chrysanthemumBackOnly"))
    assert back_only["front-ten-horse-king"] == 100 and back_only["back-ten-horse-king"] == 50
    assert "back-ten-horse-king" not in held(peony_back, 2, ("swallow", "chrysanthemumBackOnly"))


@pytest.mark.parametrize("side", ["front", "back"])
def test_eight_islands_king_supersedes_or_stacks(side: str) -> None:
    row = next(r for r in YAKU_TABLE if r.key == "eight-islands-king")
    cards = cards_of(row, side)
    compound, part = (300, 100) if side == "front" else (150, 50)
    superseded = held(cards, 1)
    assert superseded == {f"{side}-eight-islands-king": compound}
    stacked = held(cards, 1, stack=True)
    assert stacked == {
        f"{side}-eight-islands-king": compound,
        f"{side}-eight-islands": part,
        f"{side}-four-horse-king": part,
        f"{side}-eight-four-king": part,
    }
    assert sum(v for v in stacked.values() if v) == 2 * compound


@pytest.mark.parametrize("side", ["front", "back"])
def test_women_young_and_old_supersedes_or_stacks_including_nakazo(side: str) -> None:
    row = next(r for r in YAKU_TABLE if r.key == "women-young-and-old")
    cards = cards_of(row, side)
    compound, part = (300, 100) if side == "front" else (150, 50)
    assert held(cards, 2) == {f"{side}-women-young-and-old": compound}
    stacked = held(cards, 2, stack=True)
    assert stacked[f"{side}-nakazo"] == part
    assert stacked[f"{side}-young-woman"] == part and stacked[f"{side}-old-woman"] == part
    # In Set 1 the same cards make only Nakazō: the compound and its women are Set 2 yaku.
    assert held(cards, 1) == {f"{side}-nakazo": part}


def test_a_compound_supersedes_only_its_own_side() -> None:
    front_king = cards_of(next(r for r in YAKU_TABLE if r.key == "eight-islands-king"), "front")
    back_islands = ("susuki-moon", "wisteria-cuckoo", "peony-butterflies")
    found = held((*front_king, *back_islands), 1)
    assert found == {"front-eight-islands-king": 300, "back-eight-islands": 50}


def test_elder_changes_value_with_the_set() -> None:
    front, back = ("iris-ribbon", "paulownia-phoenix", "maple-blue"), ("iris-bridge", "paulownia-phoenix", "maple-deer")
    assert held(front, 1) == {"front-elder": None}  # instant win
    assert held(back, 1) == {"back-elder": 100}
    assert held(front, 2) == {"front-elder": 100}
    assert held(back, 2) == {"back-elder": None}


def test_red_four_only_in_set_two() -> None:
    red_four = ("pine-crane", "paulownia-phoenix", "wisteria-ribbon")
    assert held(red_four, 2) == {"red-four": None}
    assert held(red_four, 1) == {}


def test_card_values_sum_to_159_and_match_the_table() -> None:
    assert sum(CARD_VALUES.values()) == 159
    assert len(CARD_VALUES) == 45 == len(TENSHO_DECK)
    assert CARD_VALUES["pine-crane"] == 15 and CARD_VALUES["willow-swallow"] == 10
    assert CARD_VALUES["maple-blue"] == 10 and CARD_VALUES["pine-poetry"] == 5
    assert CARD_VALUES["susuki-geese"] == 1 and CARD_VALUES["plum-poetry"] == 1
    assert sum(1 for v in CARD_VALUES.values() if v == 1) == 30


def test_tally_counts_chaff_values_and_yaku() -> None:
    options = default_options()
    captured = ("iris-bridge", "paulownia-phoenix", "maple-deer", "pine-chaff-1", "willow-lightning")
    t = tally(0, captured, yaku_specs(1, *DEFAULT), options)
    assert [h.key for h in t.yaku] == ["back-elder"] and t.yaku_points == 100
    assert t.chaff == 2  # the Lightning is Willow's chaff
    assert t.card_value == 5 + 10 + 10 + 1 + 1
