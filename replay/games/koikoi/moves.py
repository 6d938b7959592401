"""Koi-koi's moves: the hanafuda play and capture, a teyaku shown where it wins, koi-koi or stop
after a new yaku, and the misdeal (``replay/games/hanafuda/moves.py`` declares them all)."""

from __future__ import annotations

from replay.engine.moves import Move
from replay.games.hanafuda.moves import GO_OR_STOP, MISDEAL, TEYAKU_SHOWN
from replay.games.hanafuda.moves import MOVES as SHARED

MOVES: tuple[Move, ...] = (*SHARED, TEYAKU_SHOWN, *GO_OR_STOP, MISDEAL)

# How a round is recorded by its result alone (`taikyoku result`, table mode's `result`).
RESULT_LINE = (
    "the two seats' captured cards, seat 0 first, parted by a /, then the calls: go SEAT (each koi-koi), stop SEAT, "
    "expose SEAT teshi (a teyaku that wins the round)"
)
