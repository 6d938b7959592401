"""Riichi mahjong, declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from events.tiles import TILES
from replay.engine.game import DealtHands, Game, GameRules
from replay.games.riichi.logs import FORMATS as LOG_FORMATS
from replay.games.riichi.options import DEFAULT_RULESET, RULESETS
from replay.games.riichi.yaku import WORDS as YAKU_WORDS

if TYPE_CHECKING:
    from replay.games.riichi.state import HandResult, RiichiRound, RiichiState


def _rules() -> GameRules[RiichiState, RiichiRound, HandResult]:
    """The game's rules from its folder's modules (every game's have the same names), loaded
    when the game is first played; mypy checks each module against the hook it fills."""
    from replay.games.riichi import (
        analysis,
        asked,
        builders,
        drawing,
        entry,
        fold,
        layout,
        public,
        repricing,
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
        legal_moves=fold.legal_moves,
        review=review,
        layout=layout.layout,
        public_view=public.public_view,
        builders=builders.BUILDERS,
        weigh=analysis.review,
        price=repricing.priced_hand,
        price_against=("tenhou", "mahjongsoul", "ema2016"),
        lay_out_price=asked.priced,
        lay_out_review=asked.reviewed,
    )


GAME = Game(
    name="riichi",
    title="riichi",
    round_word="hand",
    players=(4, 3),
    default_players=("Ton", "Nan", "Sha", "Pei"),
    pieces=136,  # 108 in three-player games (no 2m-8m)
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    dealt_hands=DealtHands(13, (("the dora indicator", 1, "--dora"),), tuple(TILES), 4),
    piece_word="tiles",
    stats_section=("riichi",),
    page_package="replay.games.riichi",
    uma=True,
    result_unit="results in thousands, with oka and uma",
    result_label="result (uma)",
    seat_winds=True,
    result_words={"yaku": YAKU_WORDS},
    log_formats=LOG_FORMATS,
)
