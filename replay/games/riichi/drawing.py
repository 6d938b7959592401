"""Riichi's tiles as the pages draw them: the tile games' faces (``replay/games/tiles``), red fives
among them."""

from __future__ import annotations

from functools import cache

from events.tiles import TILES
from replay.engine.game import PieceDrawing
from replay.games.tiles import faces


@cache
def _symbols() -> list[str]:
    return faces.symbols(TILES)


@cache
def _names() -> dict[str, str]:
    return faces.names(TILES)


DRAWING = PieceDrawing(_symbols, _names)
