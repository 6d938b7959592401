"""Koi-koi, declared once."""

from __future__ import annotations

from typing import get_args

from events.koikoi import (
    Koikoi,
    KoikoiCapture,
    KoikoiDeal,
    KoikoiDraw,
    KoikoiFieldDealt,
    KoikoiMisdeal,
    KoikoiPlay,
    KoikoiStop,
    KoikoiTeyakuExposed,
    TeyakuKey,
)
from replay.engine.game import FishingMoves, Game, GameRules, LogFormat, rules_from
from replay.games.koikoi.options import DEFAULT_RULESET, RULESETS
from replay.games.koikoi.scoring import FIELD_SIZE, KOIKOI_IDS, PILE_SIZE


def _rules() -> GameRules:
    return rules_from("replay.games.koikoi")  # its folder's modules, loaded when the game is first played


GAME = Game(
    name="koikoi",
    title="Koi-koi",
    round_word="round",
    players=(2,),
    default_players=("Dealer", "Other"),
    pieces=len(KOIKOI_IDS),
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    stats_section=("hanafuda", "koikoi"),
    page_package="replay.games.hanafuda",
    result_words={"teyaku": get_args(TeyakuKey)},
    declared={"go": Koikoi, "stop": KoikoiStop, "misdeal": KoikoiMisdeal, "expose": KoikoiTeyakuExposed},
    # The KoiKoi-AI project's game records (guansanghai/KoiKoi-AI, gamerecords_dataset/).
    log_formats=(LogFormat("koikoi-ai", frozenset({"info", "result", "record"}), "replay.games.koikoi.records"),),
    fishing=FishingMoves(
        KoikoiDeal,
        KoikoiPlay,
        KoikoiDraw,
        KoikoiCapture,
        frozenset(),
        KOIKOI_IDS,
        FIELD_SIZE,
        PILE_SIZE,
        0,
        field_deal=KoikoiFieldDealt,
    ),
)
