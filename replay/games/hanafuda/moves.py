"""The moves the hanafuda games share: a card played from the hand, and what a card placed takes."""

from __future__ import annotations

from replay.engine.moves import SEAT_TO_MOVE, Move, Word

MOVES: tuple[Move, ...] = (
    Move(
        "play",
        "Play a card from the hand, with the capture it makes (a forced capture is filled in).",
        (
            Word("card", "The card played: an ID, an MM-i code, or <suit>-chaff.", required=True),
            Word("capture", "A field card it takes; repeat for three.", option="--capture", short="-c", kind="texts"),
            SEAT_TO_MOVE,
        ),
    ),
    Move(
        "capture",
        "Hanafuda: what the card just played or drawn takes, when it was recorded without it.",
        (Word("taken", "The field cards taken (none: it takes nothing).", kind="texts", metavar="CARDS"),),
    ),
)
