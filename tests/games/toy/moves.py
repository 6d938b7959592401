"""Tsuki-awase's own move: a card laid (the next round and the deal are every game's)."""

from __future__ import annotations

from replay.engine.moves import SEAT_TO_MOVE, Move, Word

MOVES: tuple[Move, ...] = (
    Move(
        "lay",
        "Lay a card from the hand of the seat to move (tsuki-awase).",
        (Word("card", "The card laid."), SEAT_TO_MOVE),
    ),
)

RESULT_LINE = "the tricks each seat took, seat 0 first: 2 1"
