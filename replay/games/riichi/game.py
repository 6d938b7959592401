"""Riichi mahjong, declared once."""

from __future__ import annotations

from replay.engine.game import Game
from replay.games.riichi.options import DEFAULT_RULESET, RULESETS

GAME = Game(
    name="riichi",
    title="riichi",
    round_word="hand",
    players=(4, 3),
    default_players=("Ton", "Nan", "Sha", "Pei"),
    pieces=136,  # 108 in three-player games (no 2m-8m)
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    package="replay.games.riichi",
)
