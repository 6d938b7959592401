"""A replay document as the terminal lays it out (each game's own ``layout`` module: lines and
grids), and an event's type in words ("play", "yaku set chosen")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.app.catalog import GAMES
from replay.app.shown import Grid as Grid
from replay.app.shown import Layout as Layout
from replay.app.shown import Line as Line
from replay.app.shown import spoken as spoken


def layout(game: str, document: dict[str, Any]) -> Layout:
    """A replay document (``replay --json``) as the game lays it out, in lines and grids."""
    return GAMES[game].layout(document)


def priced(found: dict[str, Any], names: Sequence[str], hand_words: str) -> Layout:
    """A hand priced under several rulesets (``price --json``), as its game lays it out."""
    lay_out = GAMES[found["game"]].rules().lay_out_price
    return [] if lay_out is None else lay_out(found, names, hand_words)


def reviewed(found: dict[str, Any]) -> Layout:
    """A match reviewed choice by choice (``review --json``), as its game lays it out."""
    lay_out = GAMES[found["game"]].rules().lay_out_review
    return [] if lay_out is None else lay_out(found)
