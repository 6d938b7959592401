"""Koi-koi, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

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
from replay.engine.game import FishingMoves, Game, GameRules
from replay.engine.logs import LogFormat, json_object_with
from replay.games.koikoi.options import DEFAULT_RULESET, RULESETS
from replay.games.koikoi.scoring import FIELD_SIZE, KOIKOI_IDS, PILE_SIZE

if TYPE_CHECKING:
    from replay.games.koikoi.scoring import KoikoiResult
    from replay.games.koikoi.state import KoikoiRound, KoikoiState


def _rules() -> GameRules[KoikoiState, KoikoiRound, KoikoiResult]:
    """The game's rules from its folder's modules (every game's have the same names), loaded
    when the game is first played; mypy checks each module against the hook it fills."""
    from replay.games.hanafuda import drawing
    from replay.games.hanafuda.review import HanafudaReview
    from replay.games.koikoi import builders, entry, fold, layout, public, result_line, simulate, view

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
        review=HanafudaReview(yaku_sets=False, decisions=True, zero_sum=lambda state: True),
        layout=layout.layout,
        public_view=public.public_view,
        builders=builders.BUILDERS,
    )


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
    log_formats=(
        LogFormat(
            "koikoi-ai",
            "replay.games.koikoi.records",
            'KoiKoi-AI (a JSON object with "info", "result" and "record")',
            json_object_with(frozenset({"info", "result", "record"})),
        ),
    ),
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
