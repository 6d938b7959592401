"""The moves the hanafuda games share: a card played from the hand, and what a card placed takes;
and those of the koi-koi family (Sendai-hana and koi-koi): a teyaku shown, koi-koi or stop after a
new yaku, and the misdeal. Each game lists the ones it plays in its own ``moves`` module."""

from __future__ import annotations

from replay.engine.moves import SEAT_TO_MOVE, Move, Word

MOVES: tuple[Move, ...] = (
    Move("deal", "", (Word("field", "The field cards, comma-separated.", option="--field"),), adds_words=True),
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

TEYAKU_SHOWN = Move(
    "expose",
    "A player shows a teyaku in the dealt hand, before the first play (Sendai-hana: it scores; koi-koi: "
    "teshi or kuttsuki, where the ruleset makes it a win).",
    (
        Word(
            "teyaku",
            "Sendai-hana: three-pairs, triplet-two-pairs, four-three or four-of-a-kind; koi-koi: teshi or kuttsuki.",
            required=True,
        ),
        Word("seat", "Whose hand shows it: number or name.", option="--seat", required=True),
    ),
)
GO_OR_STOP = (
    Move(
        "koikoi",
        "Go on after a new or better yaku (koi-koi).",
        (SEAT_TO_MOVE,),
        intent="go_or_stop",
        fixed={"go": True},
        aliases=("go",),
    ),
    Move(
        "stop",
        "Stop after a new or better yaku, ending the round and scoring it.",
        (SEAT_TO_MOVE,),
        intent="go_or_stop",
        fixed={"go": False},
    ),
)
MISDEAL = Move("misdeal", "Declare the misdeal: four cards of one month dealt to the field (koi-koi: or a hand "
               "the ruleset deals again).")  # fmt: skip
