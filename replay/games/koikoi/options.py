"""Koi-koi's rule options and rulesets, declared once (docs/koikoi.md; docs/rules.md lists them).

Two rulesets: ``koikoi-japan``, the PC game KoiKoi-Japan as the KoiKoi-AI project implements it and
its game records were played (guansanghai/KoiKoi-AI, koikoigame.py); and ``koikoi-nintendo``, the
yaku list of Nintendo's rules with the options most tables play beside it. Every option is also a
named option, so a table says which it plays (``--option koikoi.doubleAtSeven=false``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from replay.engine.options import RuleOption, RulesetSpec, option


def _koikoi(
    *,
    viewing: str,
    viewing_points: tuple[int, int],
    both_ribbons_bonus: int,
    call_points: str,
    double_at_seven: bool,
    double_after_koikoi: bool,
    teshi: str,
    kuttsuki: str,
    start: int,
    end_when_out: bool,
    draw_points: int,
    confidence: str,
) -> tuple[RuleOption, ...]:
    sure = {"confidence": "high"}
    told = {"confidence": confidence}
    return (
        option(
            "koikoi.viewingYaku",
            "str",
            viewing,
            "Hanami-zake and tsukimi-zake (the sake cup with the curtain, or with the moon): never a yaku, only "
            "beside another yaku, or always",
            choices=("never", "withOtherYaku", "always"),
            **told,
        ),
        option(
            "koikoi.viewingPoints",
            "ints",
            viewing_points,
            "What each viewing yaku is worth before the player's first koi-koi, and after it",
            length=2,
            **told,
        ),
        option(
            "koikoi.rainSpoilsViewing",
            "bool",
            False,
            "The rain man captured voids the player's viewing yaku (a house rule; off in both rulesets)",
            **sure,
        ),
        option(
            "koikoi.bothRibbonsBonus",
            "int",
            both_ribbons_bonus,
            "Akatan and aotan together: what is added beside their 5 each",
            minimum=0,
            **told,
        ),
        option(
            "koikoi.sakeCupIsChaff",
            "bool",
            True,
            "The sake cup counts as a chaff as well as an animal",
            **sure,
        ),
        option(
            "koikoi.callPoints",
            "str",
            call_points,
            "What each koi-koi call is worth to its caller's score: none; or koikoiJapan, +1 for each of the "
            "first three calls, and from a fourth call the yaku total times (calls - 2) instead",
            choices=("none", "koikoiJapan"),
            **told,
        ),
        option("koikoi.doubleAtSeven", "bool", double_at_seven, "A winner's score of 7 or more is doubled", **told),
        option(
            "koikoi.doubleAfterOpponentKoikoi",
            "bool",
            double_after_koikoi,
            "A winner's score is doubled when the other player had called koi-koi",
            **told,
        ),
        option(
            "koikoi.teshi",
            "str",
            teshi,
            "Four cards of one month in a dealt hand: the deal is void and dealt again, it wins the round, or nothing",
            choices=("redeal", "win", "none"),
            **told,
        ),
        option(
            "koikoi.kuttsuki",
            "str",
            kuttsuki,
            "Four pairs of months in a dealt hand: dealt again, a win, or nothing",
            choices=("redeal", "win", "none"),
            **told,
        ),
        option("koikoi.handYakuPoints", "int", 6, "What teshi or kuttsuki wins, where it wins", minimum=0, **told),
        option(
            "koikoi.fourOnField",
            "str",
            "redeal",
            "Four cards of one month dealt to the field: the deal is void and dealt again",
            choices=("redeal",),
            **sure,
        ),
        option("koikoi.startingPoints", "int", start, "Points each player starts the match with", minimum=0, **sure),
        option(
            "koikoi.endWhenOut",
            "bool",
            end_when_out,
            "The match ends after a round that leaves a player at 0 points or fewer",
            **sure,
        ),
        option(
            "koikoi.drawPoints",
            "int",
            draw_points,
            "When nobody stops before the cards run out: what the dealer takes from the other player, though "
            "nobody won the round",
            minimum=0,
            **told,
        ),
        option(
            "koikoi.dealerAfterDraw",
            "str",
            "keeps",
            "Who deals after a round nobody won: the dealer keeps the deal, or it passes",
            choices=("keeps", "passes"),
            **told,
        ),
    )


RULESETS = (
    RulesetSpec(
        "koikoi-nintendo",
        "koikoi",
        "Koi-koi with Nintendo's yaku (goko 10, shiko 8, ame-shiko 7, sanko 5, the viewing yaku 5, "
        "ino-shika-cho 5, akatan and aotan 5 each, tane, tan and kasu 1 and 1 a card more), doubling at 7 "
        "and after the other player's koi-koi, teshi and kuttsuki winning 6 (docs/koikoi.md)",
        (2,),
        "rounds",
        12,
        _koikoi(
            viewing="always",
            viewing_points=(5, 5),
            both_ribbons_bonus=0,
            call_points="none",
            double_at_seven=True,
            double_after_koikoi=True,
            teshi="win",
            kuttsuki="win",
            start=0,
            end_when_out=False,
            draw_points=0,
            confidence="medium",
        ),
    ),
    RulesetSpec(
        "koikoi-japan",
        "koikoi",
        "The PC game KoiKoi-Japan, as the KoiKoi-AI game records were played: the viewing yaku 1 before a "
        "koi-koi and 3 after, each koi-koi call a point, akatan and aotan together 10 more, 30 points each, "
        "8 rounds (docs/koikoi.md)",
        (2,),
        "rounds",
        8,
        _koikoi(
            viewing="always",
            viewing_points=(1, 3),
            both_ribbons_bonus=10,
            call_points="koikoiJapan",
            double_at_seven=False,
            double_after_koikoi=False,
            teshi="redeal",
            kuttsuki="none",
            start=30,
            end_when_out=True,
            draw_points=1,
            confidence="high",
        ),
    ),
)
DEFAULT_RULESET = "koikoi-nintendo"


class KoikoiOptions(NamedTuple):
    """A match's koi-koi options, read once from its match_started."""

    viewing: str
    viewing_points: tuple[int, int]
    rain_spoils_viewing: bool
    both_ribbons_bonus: int
    sake_cup_is_chaff: bool
    call_points: str
    double_at_seven: bool
    double_after_koikoi: bool
    teshi: str
    kuttsuki: str
    hand_yaku_points: int
    starting_points: int
    end_when_out: bool
    draw_points: int
    dealer_after_draw: str
    four_on_field: str = "redeal"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> KoikoiOptions:
        before, after = options["koikoi.viewingPoints"]
        return cls(
            viewing=options["koikoi.viewingYaku"],
            viewing_points=(before, after),
            rain_spoils_viewing=options["koikoi.rainSpoilsViewing"],
            both_ribbons_bonus=options["koikoi.bothRibbonsBonus"],
            sake_cup_is_chaff=options["koikoi.sakeCupIsChaff"],
            call_points=options["koikoi.callPoints"],
            double_at_seven=options["koikoi.doubleAtSeven"],
            double_after_koikoi=options["koikoi.doubleAfterOpponentKoikoi"],
            teshi=options["koikoi.teshi"],
            kuttsuki=options["koikoi.kuttsuki"],
            hand_yaku_points=options["koikoi.handYakuPoints"],
            starting_points=options["koikoi.startingPoints"],
            end_when_out=options["koikoi.endWhenOut"],
            draw_points=options["koikoi.drawPoints"],
            dealer_after_draw=options["koikoi.dealerAfterDraw"],
            four_on_field=options["koikoi.fourOnField"],
        )
