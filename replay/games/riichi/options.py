"""Riichi's options as a match reads them from its first event; its rulesets are ``rulesets.py``'s."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from replay.engine.options import RulesetSpec
from replay.games.riichi.rulesets import DEFAULT_RULESET, RULESETS

__all__ = ["DEFAULT_RULESET", "RULESETS", "RiichiOptions"]

if TYPE_CHECKING:
    from mahjong.hand_calculating.hand_config import OptionalRules


@dataclass(frozen=True, slots=True)
class RiichiOptions:
    """A match's riichi options, read once from its match_started: pricing and match flow alike."""

    ruleset: str
    yakuman_stacking: bool
    double_yakuman: bool
    kazoe_yakuman: bool
    kiriage: bool
    renhou: str  # "none" or "mangan"
    red_fives: int
    open_tanyao: bool
    three_player: bool = False
    pao: str = "wholeHand"  # or "paoYakumanOnly"
    pao_ron_honba: str = "discarder"  # or "liable"
    noten_payment: int = 3000  # in all, from the noten seats to the tenpai seats
    triple_ron: str = "abortive"  # or "allWin"
    multi_ron_sticks: str = "nearestWinner"  # or "ownBackRestNearest"
    multi_ron_honba: str = "nearestWinner"  # or "eachWinner"
    nagashi_mangan: bool = True
    abortive_draws: bool = True
    tobi: bool = True
    west_extension: bool = True
    leader_stops: bool = True
    leader_stops_at_draw: bool = True  # false: a tenpai last dealer in the lead plays on (Tenhou before June 2010)
    abortive_draw_ends: bool = True  # false: an abortive draw never ends the match
    extension_hands: str = "endAtGoal"  # or "likeLastHand"
    starting_points: int = 25000
    return_points: int = 30000
    goal_points: int = 30000  # the top score that ends the game after its last hand
    uma: tuple[int, ...] = (15000, 5000, -5000, -15000)
    leftover_sticks: str = "firstPlace"  # or "lost"
    chombo: str = "reverseMangan"  # or "finalPenalty"
    chombo_points: int = 8000  # finalPenalty: off the final result
    uma_below_start: tuple[int, ...] = ()  # rows of uma by how many end below the start; empty: ``uma``
    final_rounding: str = "exact"  # or "halfAwayThousand", "halfUpThousand"
    tied_places: str = "bySeat"  # or "shareUma"
    multiple_ron: str = "allWin"  # or "headBump": only the ron nearest the discarder
    ippatsu: bool = True
    ura_dora: bool = True
    time_up: str = "endAfterHand"  # or "oneMoreHand"
    chombo_at_time_up: bool = False

    @classmethod
    def of(cls, ruleset: str, options: Mapping[str, Any], players: int = 4) -> RiichiOptions:
        """From a match's recorded options, every one of which match_started holds (it is checked first)."""
        return cls(
            ruleset=ruleset,
            yakuman_stacking=options["riichi.yakumanStacking"],
            double_yakuman=options["riichi.doubleYakuman"],
            kazoe_yakuman=options["riichi.kazoeYakuman"],
            kiriage=options["riichi.kiriageMangan"],
            renhou=options["riichi.renhou"],
            red_fives=options["riichi.redFives"],
            open_tanyao=options["riichi.openTanyao"],
            three_player=players == 3,
            pao=options["riichi.paoWithStackedYakuman"],
            pao_ron_honba=str(_spec(ruleset).value(options, "riichi.paoRonHonba")),
            noten_payment=_whole(_spec(ruleset).value(options, "riichi.notenPayment")),
            triple_ron=options["riichi.tripleRon"],
            multi_ron_sticks=options["riichi.multiRonSticks"],
            multi_ron_honba=options["riichi.multiRonHonba"],
            nagashi_mangan=options["riichi.nagashiMangan"],
            abortive_draws=options["riichi.abortiveDraws"],
            tobi=options["riichi.tobi"],
            west_extension=options["riichi.westExtension"],
            leader_stops=options["riichi.leaderStops"],
            leader_stops_at_draw=bool(_spec(ruleset).value(options, "riichi.leaderStopsAtDraw")),
            abortive_draw_ends=bool(_spec(ruleset).value(options, "riichi.abortiveDrawEnds")),
            extension_hands=str(_spec(ruleset).value(options, "riichi.extensionHands")),
            starting_points=options["riichi.startingPoints"],
            return_points=options["riichi.returnPoints"],
            goal_points=_whole(_spec(ruleset).value(options, "riichi.goalPoints")),
            uma=tuple(options["riichi.uma"]),
            leftover_sticks=options["riichi.leftoverSticks"],
            chombo=str(_spec(ruleset).value(options, "riichi.chombo")),
            chombo_points=_whole(_spec(ruleset).value(options, "riichi.chomboPoints")),
            uma_below_start=tuple(_spec(ruleset).value(options, "riichi.umaBelowStart")),  # type: ignore[arg-type]
            final_rounding=str(_spec(ruleset).value(options, "riichi.finalRounding")),
            tied_places=str(_spec(ruleset).value(options, "riichi.tiedPlaces")),
            multiple_ron=str(_spec(ruleset).value(options, "riichi.multipleRon")),
            ippatsu=bool(_spec(ruleset).value(options, "riichi.ippatsu")),
            ura_dora=bool(_spec(ruleset).value(options, "riichi.uraDora")),
            time_up=str(_spec(ruleset).value(options, "riichi.timeUp")),
            chombo_at_time_up=bool(_spec(ruleset).value(options, "riichi.chomboAtTimeUp")),
        )

    def library_options(self) -> OptionalRules:
        from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules  # only when a win is priced

        return OptionalRules(
            has_open_tanyao=self.open_tanyao,
            has_aka_dora=self.red_fives > 0,
            has_double_yakuman=self.double_yakuman,
            kazoe_limit=HandConstants.KAZOE_LIMITED if self.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
            kiriage=self.kiriage,
            renhou_as_yakuman=False,
            is_three_player=self.three_player,
        )


def _whole(value: object) -> int:
    assert isinstance(value, int)  # the option is checked as a whole number when the match starts
    return value


def _spec(ruleset: str) -> RulesetSpec:
    return next(spec for spec in RULESETS if spec.id == ruleset)
