"""Riichi mahjong, declared once."""

from __future__ import annotations

from replay.engine.game import Game, GameRules, rules_from
from replay.games.riichi.options import DEFAULT_RULESET, RULESETS
from replay.games.riichi.yaku import WORDS as YAKU_WORDS


def _rules() -> GameRules:
    return rules_from("replay.games.riichi")  # its folder's modules, loaded when the game is first played


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
