"""Chinese Official mahjong (MCR), declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from events.mcr import FLOWERS, PLAYING, WALL
from replay.engine.game import DealtHands, Game, GameRules
from replay.games.mcr.fans import FANS
from replay.games.mcr.options import DEFAULT_RULESET, RULESETS

if TYPE_CHECKING:
    from replay.games.mcr.state import McrResult, McrRound, McrState


def _rules() -> GameRules[McrState, McrRound, McrResult]:
    """The game's rules from its folder's modules, loaded when the game is first played."""
    from replay.games.mcr import (
        analysis,
        builders,
        drawing,
        entry,
        fold,
        layout,
        legal,
        result_line,
        review,
        simulate,
        view,
    )

    return GameRules(
        projection=fold.projection,
        drawing=drawing.DRAWING,
        view=view,
        parse_result_line=result_line.parse,
        takes_another_result=result_line.takes_another,
        result_of=result_line.of_data,
        simulate=simulate.payloads,
        entry=entry.ENTRY,
        legal_moves=legal.legal_moves,
        review=review,
        layout=layout.layout,
        builders=builders.BUILDERS,
        weigh=analysis.review,
        lay_out_review=layout.reviewed,
    )


GAME = Game(
    name="mcr",
    title="MCR",
    round_word="hand",
    players=(4,),
    default_players=("Dong", "Nan", "Xi", "Bei"),
    pieces=WALL,
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    dealt_hands=DealtHands(
        13, (), (*PLAYING, *FLOWERS), 4, dealer_extra=1
    ),  # a flower is one of a kind: the rules say so
    piece_word="tiles",
    stats_section=("mcr",),
    page_package="replay.games.mcr",
    seat_winds=True,
    uma=True,  # settled in table points, the score parting ties
    result_unit="table points (4, 2, 1, 0 by place; the score parts ties)",
    ties_by_score=True,
    result_label="table points",
    # The fans a phone taps a result with, in the table's order, with their names, points, the
    # fans each implies (comma-separated) and how often a hand counts it.
    result_words={
        "fans": tuple(fan.id for fan in FANS),
        "fan_names": tuple(fan.name for fan in FANS),
        "fan_points": tuple(str(fan.points) for fan in FANS),
        "fan_excludes": tuple(",".join(fan.excludes) for fan in FANS),
        "fan_most": tuple(str(fan.most) for fan in FANS),
    },
)
