"""Tensho's rule options and its ruleset, declared once (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from replay.engine.options import RulesetSpec, option

# docs/hanafuda.md §3.8. The yaku set is chosen per round (a `tensho.yaku_set_chosen` event) and the
# number of rounds is the match length, so neither is an option here.
TENSHO_OPTIONS = (
    option(
        "tensho.back2Card",
        "str",
        "swallow",
        "Willow card in the back One-Two-Three and One-Two-Ten",
        choices=("swallow", "rainman"),
    ),
    option(
        "tensho.tenHorseKing",
        "str",
        "peony",
        "Card of 11 in Ten Horse King: Peony, or the Chrysanthemum variant on both sides or on the back only",
        choices=("peony", "chrysanthemum", "chrysanthemumBackOnly"),
        confidence="medium",
    ),
    option(
        "tensho.compoundYaku",
        "str",
        "supersede",
        "Whether Eight Islands King and Women Young and Old replace the three-card yaku they contain, or add to them",
        choices=("supersede", "stack"),
        confidence="medium",
        reconstruction=True,
    ),
    option(
        "tensho.phoenixDealtToField",
        "str",
        "uncapturable",
        "What happens to a Phoenix dealt to the field",
        choices=("uncapturable", "dealerCaptures", "dealerMayTakeInsteadOfPlay"),
    ),
    option(
        "tensho.dealerTripleOption", "bool", True, "The dealer may take 2 of 3 same-suit field cards, then plays second"
    ),
    option(
        "tensho.fourOfSuitOnField",
        "str",
        "misdeal",
        "Four cards of one suit dealt to the field",
        choices=("misdeal", "dealerTakesAll"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "capture.twoMatches",
        "str",
        "choose",
        "A card matching two field cards: the player chooses one",
        choices=("choose",),
        confidence="medium",
    ),
    option(
        "capture.threeMatches",
        "str",
        "takeAll",
        "A card matching three field cards takes all three",
        choices=("takeAll",),
        confidence="medium",
    ),
    option("capture.mandatoryIfMatch", "bool", True, "A matching card must capture", confidence="medium"),
    option(
        "tensho.tieBreak",
        "list",
        ("yakuPoints", "chaffCount", "cardValueSum", "draw"),
        "Tie-break tiers in order; the last says what a full tie does (draw: dealer keeps the deal)",
        choices=("yakuPoints", "chaffCount", "cardValueSum", "draw", "dealerWins"),
        reconstruction=True,
    ),
    option(
        "tensho.roundScore",
        "str",
        "roundsWon",
        "What a won round adds to the standings",
        choices=("roundsWon", "winnerYakuTotal", "yakuDifference"),
        confidence="low",
        reconstruction=True,
    ),
    option(
        "tensho.instantWinValue",
        "int",
        300,
        "Points of an Instant Win under winnerYakuTotal or yakuDifference",
        confidence="low",
        reconstruction=True,
        minimum=0,
    ),
)


RULESETS = (
    RulesetSpec(
        "tensho-fudawiki",
        "tensho",
        "Tensho as on fudawiki's Tensho page (docs/hanafuda.md §3)",
        (2,),
        "rounds",
        6,
        TENSHO_OPTIONS,
    ),
)
DEFAULT_RULESET = "tensho-fudawiki"


TIE_TIERS = ("yakuPoints", "chaffCount", "cardValueSum")
FULL_TIE = ("draw", "dealerWins")


@dataclass(frozen=True, slots=True)
class TenshoOptions:
    """The ruleset options of a match, read once from its match_started."""

    back2_card: str
    ten_horse_king: str
    compound: str
    phoenix_dealt: str
    dealer_triple: bool
    four_of_suit: str
    mandatory_capture: bool
    tie_break: tuple[str, ...]
    round_score: str
    instant_win_value: int
    two_matches: str = "choose"  # each of these two has one choice today: recorded, so a replay knows it
    three_matches: str = "takeAll"

    @property
    def supersede(self) -> bool:
        return self.compound == "supersede"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> TenshoOptions:
        return cls(
            back2_card=options["tensho.back2Card"],
            ten_horse_king=options["tensho.tenHorseKing"],
            compound=options["tensho.compoundYaku"],
            phoenix_dealt=options["tensho.phoenixDealtToField"],
            dealer_triple=options["tensho.dealerTripleOption"],
            four_of_suit=options["tensho.fourOfSuitOnField"],
            mandatory_capture=options["capture.mandatoryIfMatch"],
            tie_break=tuple(options["tensho.tieBreak"]),
            round_score=options["tensho.roundScore"],
            instant_win_value=options["tensho.instantWinValue"],
            two_matches=options["capture.twoMatches"],
            three_matches=options["capture.threeMatches"],
        )


def check_tie_break(tiers: Sequence[str]) -> str | None:
    body, last = list(tiers[:-1]), tiers[-1] if tiers else ""
    if last not in FULL_TIE or any(t not in TIE_TIERS for t in body) or len(set(body)) != len(body):
        return (
            "option tensho.tieBreak lists comparison tiers (yakuPoints, chaffCount, cardValueSum), each once, "
            "and ends with what a full tie does: draw or dealerWins"
        )
    return None
