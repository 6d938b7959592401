"""Tensho, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from events.tensho import TenshoCapture, TenshoDeal, TenshoDraw, TenshoFieldDealt, TenshoPlay
from replay.engine.game import FishingMoves, Game, GameRules
from replay.games.tensho.options import DEFAULT_RULESET, RULESETS
from replay.games.tensho.scoring import PHOENIX, PILE_SIZE, TENSHO_IDS

if TYPE_CHECKING:
    from replay.games.tensho.scoring import RoundResult
    from replay.games.tensho.state import RoundState, TenshoState


def _rules() -> GameRules[TenshoState, RoundState, RoundResult]:
    """The game's rules from its folder's modules (every game's have the same names), loaded
    when the game is first played; mypy checks each module against the hook it fills."""
    from replay.games.hanafuda import drawing
    from replay.games.hanafuda.review import HanafudaReview
    from replay.games.tensho import builders, entry, fold, layout, public, result_line, simulate, view

    return GameRules(
        projection=fold.projection,
        drawing=drawing.DRAWING,
        view=view,
        parse_result_line=result_line.parse,
        takes_another_result=result_line.takes_another,
        result_of=result_line.of_data,
        simulate=simulate.payloads,
        entry=entry.ENTRY,
        legal_moves=fold.legal_moves,
        # Tensho's points are each seat's own card values, not a transfer: nothing sums to zero.
        review=HanafudaReview(yaku_sets=True, decisions=False, zero_sum=lambda state: False),
        layout=layout.layout,
        public_view=public.public_view,
        builders=builders.BUILDERS,
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
