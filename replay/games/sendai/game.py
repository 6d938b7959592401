"""Sendai-hana, declared once."""

from __future__ import annotations

from events.sendai import SendaiCapture, SendaiDeal, SendaiDraw, SendaiPlay
from replay.engine.game import FishingMoves, Game
from replay.games.sendai.options import DEFAULT_RULESET, RULESETS
from replay.games.sendai.scoring import PILE_SIZE, SENDAI_IDS

GAME = Game(
    name="sendai",
    title="Sendai-hana",
    round_word="round",
    players=(3,),
    default_players=("Dealer", "Right", "Left"),
    pieces=len(SENDAI_IDS),
    rulesets=RULESETS,
    default_ruleset=DEFAULT_RULESET,
    package="replay.games.sendai",
    fishing=FishingMoves(SendaiDeal, SendaiPlay, SendaiDraw, SendaiCapture, frozenset(), SENDAI_IDS, 6, PILE_SIZE, 0),
)
