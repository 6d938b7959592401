"""A replay document as the terminal lays it out (each game's own ``layout`` module: lines and
grids), and an event's type in words ("play", "yaku set chosen")."""

from __future__ import annotations

from typing import Any

from replay.app.catalog import GAMES
from replay.app.shown import Grid as Grid
from replay.app.shown import Layout
from replay.app.shown import Line as Line
from replay.app.shown import spoken as spoken


def layout(game: str, document: dict[str, Any]) -> Layout:
    """A replay document (``replay --json``) as the game lays it out, in lines and grids."""
    return GAMES[game].layout(document)
