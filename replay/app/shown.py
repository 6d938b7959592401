"""What the adapters lay out, as the application gives it: the grids and lines a game lays out
(its statistics, its round in the terminal), a figure, a place and a signed result as a person
reads them, an event's type in words, an audit's finding, and the one CSV writer of every table.
A part of the application's face: the pages and the CLI take these from here, never from the
layers under the application."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from replay.engine.exact import signed as signed  # a result as its ruleset's precision writes it: +19.6, +43
from replay.engine.fold import spoken as spoken  # an event's type in words: "play", "yaku set chosen"
from replay.engine.game import Grid as Grid
from replay.engine.game import Layout as Layout
from replay.engine.game import Line as Line
from replay.engine.game import PieceDrawing as PieceDrawing
from replay.engine.game import figure as figure  # a count or an average as a person reads it
from replay.engine.game import ordinal as ordinal  # a place as it is said: 1st, 2nd
from replay.engine.game import percent as percent
from store.records import Finding as Finding


def rows_csv(rows: Sequence[Mapping[str, Any]], raw: bool = False) -> str:
    """Rows as CSV by the one writer of every export (``replay.formats.native.rows_csv``): a text
    cell a spreadsheet would take for a formula gets a leading ', unless ``raw``."""
    from replay.formats import native

    return native.rows_csv(rows, raw)


def drawing_of(game: str) -> PieceDrawing | None:
    """How the game draws its pieces on the pages (its rules' ``drawing``), or None."""
    from replay.games import GAMES

    return GAMES[game].rules().drawing
