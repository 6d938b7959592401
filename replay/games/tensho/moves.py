"""Tensho's own moves: the round's yaku set, and the dealer's triple (``replay/games/hanafuda/moves.py``
has the play and the capture)."""

from __future__ import annotations

from replay.engine.moves import Move, Word
from replay.games.hanafuda.moves import MOVES as SHARED

MOVES: tuple[Move, ...] = (
    *SHARED,
    Move("deal", "", (Word("dead", "The 6 dead cards, if known.", option="--dead"),), adds_words=True),
    Move(
        "yaku-set",
        "Tensho: choose this round's yaku set, before the deal.",
        (
            Word("chosen", "1 (shichi-bu yaku) or 2 (han yaku).", kind="number", required=True, metavar="SET"),
            Word("decided_by", "agreement or dealer.", option="--decided-by"),
        ),
    ),
    Move(
        "triple",
        "Tensho: the dealer takes two of three same-suit field cards before the first play, then plays second.",
        (Word("cards", "The two field cards the dealer takes from a triple.", kind="texts", required=True),),
    ),
)

# How a round is recorded by its result alone (`taikyoku result`, table mode's `result`).
RESULT_LINE = "after the yaku set, each seat's captured cards, seat 0 first, the seats parted by a /"
