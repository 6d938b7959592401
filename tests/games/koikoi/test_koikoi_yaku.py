"""Koi-koi's yaku and options, each worked out by hand from the rules (docs/koikoi.md) and written as a
literal: the value of every yaku, the viewing yaku by option, the calls and the doublings, the
teyaku of a dealt hand."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.koikoi.options import RULESETS, KoikoiOptions
from replay.games.koikoi.scoring import hand_yaku, score, yaku, yaku_total

BRIGHTS = ["pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix"]  # the four without the rain man
RAIN = "willow-rainman"
ANIMALS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies", "clover-boar", "susuki-geese",
           "chrysanthemum-cup", "maple-deer", "willow-swallow"]  # fmt: skip
POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
BLUE = ["peony-blue", "chrysanthemum-blue", "maple-blue"]
PLAIN = ["wisteria-ribbon", "iris-ribbon", "clover-ribbon", "willow-ribbon"]
CHAFF = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
         "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2", "peony-chaff-1", "peony-chaff-2"]  # fmt: skip


def options(ruleset: str = "koikoi-japan", **changed: Any) -> KoikoiOptions:
    spec = next(r for r in RULESETS if r.id == ruleset)
    return KoikoiOptions.of(spec.defaults())._replace(**changed)


def made(captured: list[str], calls: int = 0, rules: KoikoiOptions | None = None) -> dict[str, int]:
    return {hit.key: hit.points or 0 for hit in yaku(captured, calls, rules or options())}


@pytest.mark.parametrize(
    ("captured", "expected"),
    [
        ([*BRIGHTS, RAIN], {"goko": 10}),  # five brights: only the best of the brights counts
        (BRIGHTS, {"shiko": 8}),  # four without the rain man
        ([RAIN, *BRIGHTS[:3]], {"ame-shiko": 7}),  # four with the rain man
        (BRIGHTS[:3], {"sanko": 5}),  # three without the rain man
        ([RAIN, *BRIGHTS[:2]], {}),  # three with the rain man make nothing
        (["clover-boar", "maple-deer", "peony-butterflies"], {"ino-shika-cho": 5}),
        # Ino-shika-cho's cards are animals too: with two more, tane (5 animals) 1 beside it.
        (
            ["clover-boar", "maple-deer", "peony-butterflies", "plum-warbler", "iris-bridge"],
            {"ino-shika-cho": 5, "tane": 1},
        ),
        (ANIMALS[:7], {"tane": 3}),  # 7 animals: 1, and 1 for each past 5
        (POETRY, {"akatan": 5}),
        (BLUE, {"aotan": 5}),
        ([*POETRY, *PLAIN[:2]], {"akatan": 5, "tan": 1}),  # 5 ribbons: tan 1 beside akatan
        ([*PLAIN, "pine-poetry", "peony-blue"], {"tan": 2}),  # 6 ribbons, no set of three
        (CHAFF[:10], {"kasu": 1}),
        (CHAFF[:12], {"kasu": 3}),
        (["chrysanthemum-cup", *CHAFF[:9]], {"kasu": 1}),  # the sake cup is a chaff too: 10
    ],
)
def test_each_yaku_is_worth_what_the_rules_say(captured: list[str], expected: dict[str, int]) -> None:
    assert made(captured) == expected


def test_akatan_and_aotan_together_by_ruleset() -> None:
    both = POETRY + BLUE  # six ribbons: tan 2 as well
    # KoiKoi-Japan: 5 + 5, and 10 more for the pair (KoiKoi-AI's koikoigame.py pays its "Red & Blue
    # Ribbons" 10 beside each 5; none of its records holds the pair): 22 with tan 2.
    assert made(both) == {"akatan": 5, "aotan": 5, "akatan-aotan": 10, "tan": 2}
    assert yaku_total(yaku(both, 0, options())) == 22
    # Nintendo's: akatan and aotan 5 each, "both 10" being the two together: 12 with tan 2.
    assert made(both, rules=options("koikoi-nintendo")) == {"akatan": 5, "aotan": 5, "tan": 2}


def test_the_viewing_yaku_before_and_after_a_koi_koi() -> None:
    flower, moon = ["cherry-curtain", "chrysanthemum-cup"], ["susuki-moon", "chrysanthemum-cup"]
    assert made(flower) == {"hanami-zake": 1}  # KoiKoi-Japan: 1 before the player's first koi-koi
    assert made(flower, calls=1) == {"hanami-zake": 3}  # and 3 after
    assert made(moon, calls=2) == {"tsukimi-zake": 3}
    assert made(flower, rules=options("koikoi-nintendo")) == {"hanami-zake": 5}
    assert made(moon, calls=1, rules=options("koikoi-nintendo")) == {"tsukimi-zake": 5}


def test_the_viewing_yaku_options() -> None:
    flower = ["cherry-curtain", "chrysanthemum-cup"]
    assert made(flower, rules=options(viewing="never")) == {}
    assert made(flower, rules=options(viewing="withOtherYaku")) == {}  # alone: nothing
    with_tan = [*flower, *PLAIN, "pine-poetry"]  # 5 ribbons beside it
    assert made(with_tan, rules=options(viewing="withOtherYaku")) == {"hanami-zake": 1, "tan": 1}
    rained = [*flower, RAIN]
    assert made(rained) == {"hanami-zake": 1}  # the rain man spoils nothing unless the option says so
    assert made(rained, rules=options(rain_spoils_viewing=True)) == {}


def test_both_viewing_yaku_together_by_each_option() -> None:
    """The curtain, the moon and the sake cup: both viewing yaku (1 each before a koi-koi under
    KoiKoi-Japan), and each option applies to both, never to one of the two. Plants: the rain man
    spoiling the flower viewing alone; "with other yaku" read as "any other yaku", so that one viewing
    yaku made the other count; "never" dropping one of them."""
    both = ["cherry-curtain", "susuki-moon", "chrysanthemum-cup"]
    assert made(both) == {"hanami-zake": 1, "tsukimi-zake": 1}
    assert made(both, calls=1) == {"hanami-zake": 3, "tsukimi-zake": 3}
    assert made([*both, RAIN]) == {"hanami-zake": 1, "tsukimi-zake": 1}
    assert made([*both, RAIN], rules=options(rain_spoils_viewing=True)) == {}
    assert made(both, rules=options(viewing="never")) == {}
    assert made(both, rules=options(viewing="withOtherYaku")) == {}  # two viewing yaku are no other yaku
    with_tan = [*both, *PLAIN, "pine-poetry"]
    assert made(with_tan, rules=options(viewing="withOtherYaku")) == {"hanami-zake": 1, "tsukimi-zake": 1, "tan": 1}


@pytest.mark.parametrize(
    ("total", "calls", "won"),
    [(5, 0, 5), (5, 1, 6), (5, 3, 8), (5, 4, 10), (5, 5, 15), (1, 6, 4)],
)
def test_koikoi_japans_calls(total: int, calls: int, won: int) -> None:
    # +1 for each of the first three calls; from a fourth the total times (calls - 2): 5 x 2, 5 x 3, 1 x 4.
    assert score(total, calls, False, options())[0] == won


@pytest.mark.parametrize(
    ("total", "opponent_called", "won"),
    [(6, False, 6), (7, False, 14), (5, True, 10), (7, True, 28), (4, True, 8)],
)
def test_nintendos_doublings(total: int, opponent_called: bool, won: int) -> None:
    # 7 or more doubles; the other player's koi-koi doubles; both: four times. The calls add nothing.
    rules = options("koikoi-nintendo")
    assert score(total, 2, opponent_called, rules)[0] == won


def test_what_a_stop_wins_says_why_step_by_step() -> None:
    # Koi-koi Japan: 5 points after three calls, +1 each: 8. Nintendo: 7 doubled to 14, then the
    # other's koi-koi doubles again to 28. No call and no doubling: nothing to say.
    assert score(5, 3, False, options()) == (8, ["3 koi-koi: 8"])
    assert score(7, 2, True, options("koikoi-nintendo")) == (
        28, ["7 or more, doubled: 14", "after the other player's koi-koi, doubled: 28"])  # fmt: skip
    assert score(5, 0, False, options()) == (5, [])


def test_the_doublings_are_options() -> None:
    assert score(7, 0, True, options("koikoi-nintendo", double_at_seven=False))[0] == 14
    assert score(7, 0, True, options("koikoi-nintendo", double_after_koikoi=False))[0] == 14
    assert score(7, 0, True, options("koikoi-japan"))[0] == 7


@pytest.mark.parametrize(
    ("hand", "found"),
    [
        (["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "iris-bridge", "maple-deer",
          "clover-boar"], ["teshi"]),
        (["pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "iris-bridge", "iris-ribbon", "maple-deer",
          "maple-blue"], ["kuttsuki"]),
        (["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "plum-poetry", "maple-deer",
          "maple-blue"], ["teshi", "kuttsuki"]),  # four pines are two pairs: four pairs in all
        (["pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry", "iris-bridge", "maple-deer",
          "maple-blue"], []),
    ],
)  # fmt: skip
def test_the_teyaku_of_a_dealt_hand(hand: list[str], found: list[str]) -> None:
    assert hand_yaku(hand) == found


def test_the_sake_cup_as_an_animal_only() -> None:
    nine_chaff_and_the_cup = ["chrysanthemum-cup", *CHAFF[:9]]
    assert made(nine_chaff_and_the_cup, rules=options(sake_cup_is_chaff=False)) == {}  # 9 chaff: no kasu
    assert made(ANIMALS[:5], rules=options(sake_cup_is_chaff=False)) == {"tane": 1}  # still an animal
