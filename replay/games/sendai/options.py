"""Sendai-hana's rule options and its ruleset, declared once (docs/rules.md)."""

from __future__ import annotations

from replay.engine.options import RulesetSpec, option

# hanafuda.md §4.3. teyakuMode has no default: the source does not know the rule, so the
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
        "Sendai-hana as on fudawiki's Sendai-hana page (hanafuda.md §4)",
        (3,),
        "rounds",
        12,
        SENDAI_OPTIONS,
    ),
)
DEFAULT_RULESET = "sendai-fudawiki"
