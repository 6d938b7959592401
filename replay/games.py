"""Which projection folds which game. Each game's projection wraps the match-level one."""

from __future__ import annotations

from typing import Any

from events.match import GameName
from replay.engine.fold import Projection
from replay.engine.match import MatchProjection


def projection_for(game: GameName) -> Projection[Any]:
    if game == "tensho":
        from replay.tensho import TenshoProjection

        return TenshoProjection()
    if game == "riichi":
        from replay.riichi.hand import RiichiProjection

        return RiichiProjection()
    if game == "sendai":
        from replay.sendai import SendaiProjection

        return SendaiProjection()
    return MatchProjection()
