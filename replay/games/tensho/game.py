"""Tensho, declared once."""

from __future__ import annotations

from events.tensho import TenshoCapture, TenshoDeal, TenshoDraw, TenshoFieldDealt, TenshoPlay
from replay.engine.game import FishingMoves, Game, GameRules
from replay.games.tensho.options import DEFAULT_RULESET, RULESETS
from replay.games.tensho.scoring import PHOENIX, PILE_SIZE, TENSHO_IDS


def _rules() -> GameRules:
    from replay.games.tensho import (
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
