"""Sendai-hana, declared once."""

from __future__ import annotations

from typing import get_args

from events.sendai import (
    KoiKoi,
    SendaiCapture,
    SendaiDeal,
    SendaiDraw,
    SendaiFieldDealt,
    SendaiMisdeal,
    SendaiPlay,
    Stop,
    TeyakuExposed,
    TeyakuKey,
)
from replay.engine.game import FishingMoves, Game, GameRules, rules_from
from replay.games.sendai.options import DEFAULT_RULESET, RULESETS
from replay.games.sendai.scoring import PILE_SIZE, SENDAI_IDS


def _rules() -> GameRules:
    return rules_from("replay.games.sendai")  # its folder's modules, loaded when the game is first played


GAME = Game(
    name="sendai",
    title="Sendai-hana",
    round_word="round",
    players=(3,),
    default_players=("Dealer", "Right", "Left"),
    pieces=len(SENDAI_IDS),
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    stats_section=("hanafuda", "sendai"),
    page_package="replay.games.hanafuda",
    result_words={"teyaku": get_args(TeyakuKey)},
    declared={"go": KoiKoi, "stop": Stop, "misdeal": SendaiMisdeal, "expose": TeyakuExposed},
    fishing=FishingMoves(
        SendaiDeal,
        SendaiPlay,
        SendaiDraw,
        SendaiCapture,
        frozenset(),
        SENDAI_IDS,
        6,
        PILE_SIZE,
        0,
        field_deal=SendaiFieldDealt,
    ),
)
