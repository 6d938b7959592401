"""Every Tensho yaku, written out by hand from the Tensho page's tables (its cards by canonical id,
its points; None is an instant win), and held against what the game computes: a changed card,
value, set or variant fails here. Nothing is read from the product's own table.

The front version takes the ribbon of each Nagoya number (the Geese for 8, the Phoenix for 6),
the back version the bright or animal; Nagoya 2 is Willow, 6 Paulownia, 11 Peony, 12 Plum.
"""

from __future__ import annotations

import pytest

from replay.games.hanafuda.yaku import evaluate
from replay.games.tensho.scoring import yaku_specs

IW = None  # an instant win

BOTH_SETS = {
    "front-one-two-three": ({"pine-poetry", "willow-ribbon", "cherry-poetry"}, 100),
    "back-one-two-three": ({"pine-crane", "willow-swallow", "cherry-curtain"}, 50),
    "front-one-two-ten": ({"pine-poetry", "willow-ribbon", "maple-blue"}, 100),
    "back-one-two-ten": ({"pine-crane", "willow-swallow", "maple-deer"}, 50),
    "front-three-four-five": ({"cherry-poetry", "wisteria-ribbon", "iris-ribbon"}, 100),
    "back-three-four-five": ({"cherry-curtain", "wisteria-cuckoo", "iris-bridge"}, 50),
    "front-nakazo": ({"clover-ribbon", "susuki-geese", "chrysanthemum-blue"}, 100),
    "back-nakazo": ({"clover-boar", "susuki-moon", "chrysanthemum-cup"}, 50),
    "front-ten-horse-king": ({"maple-blue", "peony-blue", "plum-poetry"}, 100),
    "back-ten-horse-king": ({"maple-deer", "peony-butterflies", "plum-warbler"}, 50),
    "front-nine-horse-three": ({"chrysanthemum-blue", "peony-blue", "cherry-poetry"}, 100),
    "back-nine-horse-three": ({"chrysanthemum-cup", "peony-butterflies", "cherry-curtain"}, 50),
}
SET_1 = BOTH_SETS | {
    "front-seven-five-three": ({"clover-ribbon", "iris-ribbon", "cherry-poetry"}, 100),
    "back-seven-five-three": ({"clover-boar", "iris-bridge", "cherry-curtain"}, 50),
    "front-eight-islands": ({"susuki-geese", "wisteria-ribbon", "peony-blue"}, 100),
    "back-eight-islands": ({"susuki-moon", "wisteria-cuckoo", "peony-butterflies"}, 50),
    "front-four-horse-king": ({"wisteria-ribbon", "peony-blue", "plum-poetry"}, 100),
    "back-four-horse-king": ({"wisteria-cuckoo", "peony-butterflies", "plum-warbler"}, 50),
    "front-eight-four-king": ({"susuki-geese", "wisteria-ribbon", "plum-poetry"}, 100),
    "back-eight-four-king": ({"susuki-moon", "wisteria-cuckoo", "plum-warbler"}, 50),
    "front-eight-islands-king": ({"susuki-geese", "wisteria-ribbon", "peony-blue", "plum-poetry"}, 300),
    "back-eight-islands-king": ({"susuki-moon", "wisteria-cuckoo", "peony-butterflies", "plum-warbler"}, 150),
    "front-elder": ({"iris-ribbon", "paulownia-phoenix", "maple-blue"}, IW),  # set 1: the ribbons win at once
    "back-elder": ({"iris-bridge", "paulownia-phoenix", "maple-deer"}, 100),
}
SET_2 = BOTH_SETS | {
    "front-young-woman": ({"maple-blue", "clover-ribbon", "susuki-geese"}, 100),
    "back-young-woman": ({"maple-deer", "clover-boar", "susuki-moon"}, 50),
    "front-old-woman": ({"susuki-geese", "chrysanthemum-blue", "maple-blue"}, 100),
    "back-old-woman": ({"susuki-moon", "chrysanthemum-cup", "maple-deer"}, 50),
    "front-women-young-and-old": ({"clover-ribbon", "susuki-geese", "chrysanthemum-blue", "maple-blue"}, 300),
    "back-women-young-and-old": ({"clover-boar", "susuki-moon", "chrysanthemum-cup", "maple-deer"}, 150),
    "front-elder": ({"iris-ribbon", "paulownia-phoenix", "maple-blue"}, 100),  # set 2: the other way round
    "back-elder": ({"iris-bridge", "paulownia-phoenix", "maple-deer"}, IW),
    "red-four": ({"pine-crane", "paulownia-phoenix", "wisteria-ribbon"}, IW),  # the one mixed yaku
}

# The variants: the Rain Man for the Swallow in two back yaku; the Chrysanthemum for the Peony in
# Ten Horse King, on both sides or on the back only.
RAIN_MAN = {
    "back-one-two-three": ({"pine-crane", "willow-rainman", "cherry-curtain"}, 50),
    "back-one-two-ten": ({"pine-crane", "willow-rainman", "maple-deer"}, 50),
}
CHRYSANTHEMUM_FRONT = {"front-ten-horse-king": ({"maple-blue", "chrysanthemum-blue", "plum-poetry"}, 100)}
CHRYSANTHEMUM_BACK = {"back-ten-horse-king": ({"maple-deer", "chrysanthemum-cup", "plum-warbler"}, 50)}

CASES = [
    (yaku_set, back2, horse, expected)
    for yaku_set, table in ((1, SET_1), (2, SET_2))
    for back2, horse, expected in (
        ("swallow", "peony", table),
        ("rainman", "peony", table | RAIN_MAN),
        ("swallow", "chrysanthemum", table | CHRYSANTHEMUM_FRONT | CHRYSANTHEMUM_BACK),
        ("swallow", "chrysanthemumBackOnly", table | CHRYSANTHEMUM_BACK),
    )
]


@pytest.mark.parametrize(
    ("yaku_set", "back2", "horse", "expected"), CASES, ids=[f"set{c[0]}-{c[1]}-{c[2]}" for c in CASES]
)
def test_every_yaku_of_the_set_is_what_the_tables_say(
    yaku_set: int, back2: str, horse: str, expected: dict[str, tuple[set[str], int | None]]
) -> None:
    computed = {spec.key: (set(spec.required), spec.points) for spec in yaku_specs(yaku_set, back2, horse)}
    assert computed == expected


@pytest.mark.parametrize(
    ("yaku_set", "back2", "horse", "expected"), CASES, ids=[f"set{c[0]}-{c[1]}-{c[2]}" for c in CASES]
)
def test_each_yaku_is_made_by_its_cards_and_not_by_one_fewer(
    yaku_set: int, back2: str, horse: str, expected: dict[str, tuple[set[str], int | None]]
) -> None:
    noise = ("pine-chaff-2", "plum-chaff-2")  # chaff that makes no yaku
    specs = yaku_specs(yaku_set, back2, horse)
    for key, (cards, points) in expected.items():
        found = {hit.key: hit.points for hit in evaluate(specs, (*sorted(cards), *noise), supersede=True)}
        assert found.get(key, "missing") == points, key
        short = sorted(cards)[1:]
        assert key not in {hit.key for hit in evaluate(specs, (*short, *noise), supersede=True)}, key


# ---- a round's tally and result, worked out by hand ----

from replay.games.tensho.scoring import decide, tally  # noqa: E402
from tests.games.tensho.support import options as _options  # noqa: E402

EIGHT_ISLANDS_KING = ("susuki-geese", "wisteria-ribbon", "peony-blue", "plum-poetry")  # front, set 1: 300


def test_a_compound_yaku_supersedes_the_three_inside_it_or_stacks_by_option() -> None:
    specs = yaku_specs(1, "swallow", "peony")
    kept = tally(1, EIGHT_ISLANDS_KING, specs, _options())
    assert (kept.seat, [h.key for h in kept.yaku], kept.yaku_points) == (1, ["front-eight-islands-king"], 300)
    stacked = tally(0, EIGHT_ISLANDS_KING, specs, _options(**{"tensho.compoundYaku": "stack"}))
    assert stacked.seat == 0
    # 300, and the three inside it: Eight Islands, Four Horse King, Eight Four King, 100 each.
    assert stacked.yaku_points == 600 and len(stacked.yaku) == 4


def test_an_instant_win_counts_the_options_value_in_the_tally() -> None:
    elder = ("iris-ribbon", "paulownia-phoenix", "maple-blue")  # front Elder, set 1: an instant win
    specs = yaku_specs(1, "swallow", "peony")
    assert tally(0, elder, specs, _options()).yaku_points == 300
    assert tally(0, elder, specs, _options(**{"tensho.instantWinValue": 120})).yaku_points == 120


def test_chaff_and_card_values_by_the_table() -> None:
    # pine-crane 15, plum-warbler 12, cherry-curtain 3; the two pine chaff 1 each, and chaff.
    counted = tally(0, ("pine-crane", "plum-warbler", "cherry-curtain", "pine-chaff-1", "pine-chaff-2"),
                    yaku_specs(1, "swallow", "peony"), _options())  # fmt: skip
    assert (counted.chaff, counted.card_value) == (2, 32)


def test_a_full_tie_is_drawn_or_goes_to_the_dealer_and_says_each_tier() -> None:
    specs = yaku_specs(2, "swallow", "peony")
    same = (tally(0, ("pine-chaff-1",), specs, _options()), tally(1, ("plum-chaff-1",), specs, _options()))
    drawn = decide(4, 1, 2, same, _options(), ("Aki", "Ben"))
    assert (drawn.winner, drawn.reason, drawn.points, drawn.next_dealer, drawn.yaku_set) == (None, "draw", (0, 0), 1, 2)
    assert drawn.explanation == (
        "yaku points tied at 0; chaff count tied at 1; card values tied at 1; "
        "a full tie: the round is drawn and Ben keeps the deal"
    )
    dealer_rule = _options(**{"tensho.tieBreak": ("yakuPoints", "chaffCount", "cardValueSum", "dealerWins")})
    kept = decide(4, 1, 2, same, dealer_rule, ("Aki", "Ben"))
    assert (kept.winner, kept.reason, kept.points) == (1, "dealerWins", (0, 1))
    assert kept.explanation.endswith("card values tied at 1; a full tie goes to the dealer, Ben")


def test_round_scores_under_each_option() -> None:
    specs = yaku_specs(1, "swallow", "peony")
    front_123 = ("pine-poetry", "willow-ribbon", "cherry-poetry")  # 100
    back_123 = ("pine-crane", "willow-swallow", "cherry-curtain")  # 50
    for option, expected in (("roundsWon", (0, 1)), ("winnerYakuTotal", (0, 100)), ("yakuDifference", (0, 50))):
        opts = _options(**{"tensho.roundScore": option})
        both = (tally(0, back_123, specs, opts), tally(1, front_123, specs, opts))
        result = decide(1, 0, 1, both, opts, ("Aki", "Ben"))
        assert (result.winner, result.points) == (1, expected), option
        assert result.explanation == "Ben wins on yaku points: 100 to 50"


def test_a_round_won_on_chaff_adds_nothing_under_the_yaku_difference() -> None:
    specs = yaku_specs(1, "swallow", "peony")
    opts = _options(**{"tensho.roundScore": "yakuDifference"})
    both = (tally(0, ("pine-chaff-1", "pine-chaff-2"), specs, opts), tally(1, ("plum-chaff-1",), specs, opts))
    result = decide(1, 0, 1, both, opts, ("Aki", "Ben"))
    assert (result.winner, result.reason, result.points) == (0, "chaffCount", (0, 0))


def test_each_seats_tally_is_its_own_cards_under_its_own_seat() -> None:
    from replay.games.tensho.scoring import _tallies

    specs = yaku_specs(1, "swallow", "peony")
    first, second = _tallies([["pine-crane", "pine-chaff-1"], list(EIGHT_ISLANDS_KING)], specs, _options())
    assert (first.seat, first.card_value, first.yaku_points) == (0, 16, 0)  # 15 and 1
    assert (second.seat, second.yaku_points) == (1, 300)
