"""MCR's moves: the claims (chow, pung, kong), a flower set aside, mahjong and a false one, and a
hand drawn. The next hand, the deal, a draw and a discard are every tile game's."""

from __future__ import annotations

from replay.engine.moves import Move, Word

SEAT = Word("seat", "The seat: 0-3, a seat wind (E S W N) or a name (default: the one to move).", option="--seat")
CLAIMER = Word("seat", "Who claims: number, wind or name (default: the next seat for a chow).", option="--seat")

MOVES: tuple[Move, ...] = (
    Move(
        "draw",
        "",
        (Word("replacement", "A replacement tile, after a flower or a kong.", option="--replacement", kind="flag"),),
        adds_words=True,
    ),
    Move(
        "chow",
        "MCR: chow the last discard, the whole set as 345m (only the next seat may).",
        (Word("tiles", "The three tiles in a row, the discard among them.", required=True), CLAIMER),
    ),
    Move(
        "pung",
        "MCR: pung the last discard (a win on it comes first).",
        (Word("seat", "Who pungs: number, wind or name.", option="--seat", required=True),),
    ),
    Move(
        "kong",
        "MCR: a kong: on the last discard (--seat), four in hand, or the fourth tile added to a pung (TILE).",
        (Word("tile", "The kong's tile (default: the last discard)."), SEAT),
    ),
    Move(
        "flower",
        "MCR: set a flower or season aside (1f-8f); the seat draws a replacement next.",
        (
            Word("flower", "The flower: 1f-4f plum, orchid, chrysanthemum, bamboo; 5f-8f the seasons.", required=True),
            SEAT,
        ),
    ),
    Move(
        "mahjong",
        "MCR: mahjong on the tile just drawn, or --from the seat whose discard (or added kong) completes the hand.",
        (
            Word("seat", "The winner: number, wind or name (default: the one to move).", option="--seat"),
            Word("discarder", "Whose discard: number, wind or name (none: self-drawn).", option="--from"),
        ),
        aliases=("hu",),
        ends_round=True,
    ),
    Move(
        "false-mahjong",
        "MCR: a false mahjong: the seat pays each other player the penalty, and the hand goes on.",
        (Word("seat", "Who declared it: number, wind or name.", required=True),),
    ),
    Move("drawn-hand", "MCR: the wall is empty and the last discard finds no taker: a draw.", ends_round=True),
)

# How a hand is recorded by its result alone (`taikyoku result`, table mode's `result`).
RESULT_LINE = (
    "one line a hand: the winner, `from` the discarder (none: self-drawn), then the fans counted "
    "(all_pungs half_flush, a fan counted twice named twice) and flowers=N; or the hand laid open: its concealed "
    "tiles, +the winning tile, the sets laid open as pung:555p chow:345m kong:7777s ckong:1111z, and what the table "
    "knows (fourth_tile, on_kong, last_tile, flowers=N); draw for a drawn hand; false SEAT for a false mahjong"
)
