"""Tensho, declared once."""

from __future__ import annotations

from events.tensho import TenshoCapture, TenshoDeal, TenshoDraw, TenshoFieldDealt, TenshoPlay
from replay.engine.game import FishingMoves, Game, GameRules, rules_from
from replay.games.tensho.options import DEFAULT_RULESET, RULESETS
from replay.games.tensho.scoring import PHOENIX, PILE_SIZE, TENSHO_IDS


def _rules() -> GameRules:
    return rules_from("replay.games.tensho")  # its folder's modules, loaded when the game is first played


GAME = Game(
    name="tensho",
    title="Tensho",
    round_word="round",
    players=(2,),
    default_players=("East", "West"),
    pieces=len(TENSHO_IDS),
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    stats_section=("hanafuda", "tensho"),
    page_package="replay.games.hanafuda",
    fishing=FishingMoves(
        TenshoDeal,
        TenshoPlay,
        TenshoDraw,
        TenshoCapture,
        frozenset({PHOENIX}),
        TENSHO_IDS,
        9,
        PILE_SIZE,
        6,
        field_deal=TenshoFieldDealt,
    ),
)
