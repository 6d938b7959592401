"""Sendai-hana, declared once."""

from __future__ import annotations

from typing import get_args

from events.sendai import SendaiCapture, SendaiDeal, SendaiDraw, SendaiFieldDealt, SendaiPlay, TeyakuKey
from replay.engine.game import FishingMoves, Game, GameRules
from replay.games.sendai.options import DEFAULT_RULESET, RULESETS
from replay.games.sendai.scoring import PILE_SIZE, SENDAI_IDS


def _rules() -> GameRules:
    from replay.games.sendai import (
        entry,
        fold,
        layout,
        public,
        result_line,
        review,
        simulate,
        view,
    )  # loaded when the game is first played

    return GameRules(
        projection=fold.projection,
        view=lambda: view,
        parse_result_line=result_line.parse,
        simulate=simulate.payloads,
        entry=entry.ENTRY,
        legal_moves=fold.legal_moves,
        review=review,
        layout=layout.layout,
        public_view=public.public_view,
    )


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
