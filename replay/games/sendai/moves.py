"""Sendai-hana's own moves: a teyaku shown, go or stop after a dekiyaku, and the misdeal
(``replay/games/hanafuda/moves.py`` has the play and the capture)."""

from __future__ import annotations

from replay.engine.moves import SEAT_TO_MOVE, Move, Word
from replay.games.hanafuda.moves import MOVES as SHARED

MOVES: tuple[Move, ...] = (
    *SHARED,
    Move(
        "expose",
        "Sendai-hana: a player exposes a teyaku in his dealt hand, before the first play.",
        (
            Word("teyaku", "three-pairs, triplet-two-pairs, four-three or four-of-a-kind.", required=True),
            Word("seat", "Whose hand shows it: number or name.", option="--seat", required=True),
        ),
    ),
    Move(
        "koikoi",
        "Sendai-hana: go on after a new or better dekiyaku (koi-koi).",
        (SEAT_TO_MOVE,),
        intent="go_or_stop",
        fixed={"go": True},
        aliases=("go",),
    ),
    Move(
        "stop",
        "Sendai-hana: stop after a new or better dekiyaku, ending the round and scoring it.",
        (SEAT_TO_MOVE,),
        intent="go_or_stop",
        fixed={"go": False},
    ),
    Move("misdeal", "Sendai-hana: declare the misdeal when four cards of one month were dealt to the field."),
)
