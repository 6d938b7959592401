"""Sendai-hana's own moves: a teyaku shown, go or stop after a dekiyaku, and the misdeal
(``replay/games/hanafuda/moves.py`` declares them, with the play and the capture)."""

from __future__ import annotations

from replay.engine.moves import Move
from replay.games.hanafuda.moves import GO_OR_STOP, MISDEAL, TEYAKU_SHOWN
from replay.games.hanafuda.moves import MOVES as SHARED

MOVES: tuple[Move, ...] = (*SHARED, TEYAKU_SHOWN, *GO_OR_STOP, MISDEAL)
