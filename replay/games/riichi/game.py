"""Riichi mahjong, declared once."""

from __future__ import annotations

from replay.engine.game import Game, GameRules
from replay.games.riichi.options import DEFAULT_RULESET, RULESETS
from replay.games.riichi.yaku import WORDS as YAKU_WORDS


def _rules() -> GameRules:
    from replay.games.riichi import (
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
    name="riichi",
    title="riichi",
    round_word="hand",
    players=(4, 3),
    default_players=("Ton", "Nan", "Sha", "Pei"),
    pieces=136,  # 108 in three-player games (no 2m-8m)
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    load=_rules,
    piece_word="tiles",
    stats_section=("riichi",),
    page_package="replay.games.riichi",
    uma=True,
    seat_winds=True,
    result_words={"yaku": YAKU_WORDS},
)
