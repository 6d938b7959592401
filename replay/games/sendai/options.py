"""Sendai-hana's rule options and its ruleset, declared once (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from replay.engine.options import RulesetSpec, option

# docs/hanafuda.md §4.3. teyakuMode has no default: the source does not know the rule, so the
# players must say which they play.
SENDAI_OPTIONS = (
    option("sendai.misdealFourOnField", "bool", True, "Four cards of one month on the field is a misdeal"),
    option(
        "sendai.turnOrder",
        "str",
        "anticlockwise",
        "Play runs anticlockwise from the dealer",
        choices=("anticlockwise",),
        confidence="medium",
    ),
    option(
        "sendai.chaffThresholdBySeat",
        "ints",
        (7, 8, 9),
        "Chaff needed for the Chaff yaku by turn order: dealer, 2nd, 3rd",
    ),
    option(
        "sendai.sakeCupCountsAsChaff",
        "bool",
        False,
        "The Sake Cup also counts as a chaff",
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.willowCardsCountAsRibbons",
        "bool",
        False,
        "Every Willow card counts toward ribbon yaku",
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.teyakuMode",
        "str",
        None,
        "What exposing a teyaku does: paid and play continues, or the round ends",
        choices=("claimAndContinue", "winRound"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.teyakuGroupExclusive",
        "bool",
        True,
        "Only the single best teyaku of a hand counts",
        confidence="medium",
        reconstruction=True,
    ),
    option(
        "sendai.fourOfAKindCountsAsTwoPairs",
        "bool",
        False,
        "Four of a month can make two of Three Pairs' pairs",
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.koiKoi.forfeitOnOpponentStop",
        "bool",
        True,
        "A player who went on loses his dekiyaku when an opponent stops",
    ),
    option(
        "sendai.koiKoi.multipliers",
        "str",
        "none",
        "Koi-Koi's doubling multipliers",
        choices=("none", "koikoi"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.exhaustiveDraw",
        "str",
        "noScore_dealerStays",
        "Nobody stopped before the hands ran out",
        choices=("noScore_dealerStays", "dealerPrivilege"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.payment",
        "str",
        "stopperScores",
        "The stopper adds his total, or each opponent pays it",
        choices=("stopperScores", "eachOpponentPays"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "sendai.nextDealer",
        "str",
        "roundWinner",
        "Who deals next",
        choices=("roundWinner",),
        confidence="low",
        reconstruction=True,
    ),
)


RULESETS = (
    RulesetSpec(
        "sendai-fudawiki",
        "sendai",
        "Sendai-hana as on fudawiki's Sendai-hana page (docs/hanafuda.md §4)",
        (3,),
        "rounds",
        12,
        SENDAI_OPTIONS,
    ),
)
DEFAULT_RULESET = "sendai-fudawiki"


class SendaiOptions(NamedTuple):
    """The ruleset options of a match, read once from its match_started."""

    misdeal_four: bool
    thresholds: tuple[int, ...]
    sake_cup_is_chaff: bool
    willow_is_ribbon: bool
    teyaku_mode: str
    teyaku_exclusive: bool
    four_as_two_pairs: bool
    forfeit_on_stop: bool
    multipliers: str
    exhaustive: str
    payment: str
    turn_order: str = "anticlockwise"  # each of these two has one choice today: recorded, so a replay knows it
    next_dealer: str = "roundWinner"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> SendaiOptions:
        return cls(
            misdeal_four=options["sendai.misdealFourOnField"],
            thresholds=tuple(options["sendai.chaffThresholdBySeat"]),
            sake_cup_is_chaff=options["sendai.sakeCupCountsAsChaff"],
            willow_is_ribbon=options["sendai.willowCardsCountAsRibbons"],
            teyaku_mode=options["sendai.teyakuMode"],
            teyaku_exclusive=options["sendai.teyakuGroupExclusive"],
            four_as_two_pairs=options["sendai.fourOfAKindCountsAsTwoPairs"],
            forfeit_on_stop=options["sendai.koiKoi.forfeitOnOpponentStop"],
            multipliers=options["sendai.koiKoi.multipliers"],
            exhaustive=options["sendai.exhaustiveDraw"],
            payment=options["sendai.payment"],
            turn_order=options["sendai.turnOrder"],
            next_dealer=options["sendai.nextDealer"],
        )
