"""Sendai-hana, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

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
from replay.engine.game import FishingMoves, Game, GameRules
from replay.games.sendai.options import DEFAULT_RULESET, RULESETS
from replay.games.sendai.scoring import PILE_SIZE, SENDAI_IDS

if TYPE_CHECKING:
    from replay.engine.match import MatchView
    from replay.games.sendai.scoring import SendaiResult
    from replay.games.sendai.state import SendaiRound, SendaiState


def _each_opponent_pays(state: MatchView) -> bool:
    """Whether a round's points are a transfer (each opponent pays the winner), so sum to zero."""
    return state.options is not None and state.options.payment == "eachOpponentPays"


def _rules() -> GameRules[SendaiState, SendaiRound, SendaiResult]:
    """The game's rules from its folder's modules (every game's have the same names), loaded
    when the game is first played; mypy checks each module against the hook it fills."""
    from replay.games.hanafuda import drawing
    from replay.games.hanafuda.review import HanafudaReview
    from replay.games.sendai import builders, entry, fold, layout, public, result_line, simulate, view

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
        review=HanafudaReview(yaku_sets=False, decisions=True, zero_sum=_each_opponent_pays),
        layout=layout.layout,
        public_view=public.public_view,
        builders=builders.BUILDERS,
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
