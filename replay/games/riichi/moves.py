"""Riichi's moves: a discard (with riichi), a call, a kan dora, tsumo and ron, and the draws."""

from __future__ import annotations

from replay.engine.moves import Move, Word

SEAT = Word("seat", "The seat: 0-3, a seat wind (E S W N) or a name (default: the one to move).", option="--seat")
URA = Word("ura", "Ura dora indicators, for a riichi winner.", option="--ura")
PAO = Word("pao", "The seat liable for the yakuman (pao): number, wind or name.", option="--pao")
SHOWN = Word("hand", "The public record: the winner's concealed tiles laid open, without the winning one.",
             option="--hand")  # fmt: skip
DRAWN = Word("drawn", "The public record: a tsumo's winning tile, the one just drawn.", option="--drawn")

MOVES: tuple[Move, ...] = (
    # The words riichi's hand, deal and draw take besides every game's (``replay/engine/moves.py``).
    Move(
        "round",
        "",
        (
            Word("wind", "The round wind, E S W or N.", option="--wind"),
            Word("hand", "The hand number in the wind, 1-4.", option="--hand", kind="number"),
            Word("honba", "Honba counters.", option="--honba", kind="number"),
            Word("sticks", "Riichi sticks on the table.", option="--sticks", kind="number"),
            Word("scores", "The scores, comma-separated, seat 0 first.", option="--scores"),
        ),
        adds_words=True,
    ),
    Move("deal", "", (Word("dora", "The first dora indicator.", option="--dora"),), adds_words=True),
    Move(
        "draw",
        "",
        (Word("rinshan", "A replacement tile from the dead wall.", option="--rinshan", kind="flag"),),
        adds_words=True,
    ),
    Move(
        "discard",
        "",
        (
            Word("riichi", "Declare riichi with this discard.", option="--riichi", kind="flag"),
            Word(
                "tsumogiri",
                "The tile just drawn (default: when it is).",
                option="--tsumogiri",
                kind="either",
                negative="--from-hand",
            ),
        ),
        adds_words=True,
    ),
    Move(
        "riichi",
        "Riichi: declare riichi, discarding this tile (the same as discard TILE --riichi).",
        (Word("tile", "The tile discarded with the declaration, e.g. 5m.", required=True), SEAT),
        intent="discard",
        fixed={"riichi": True},
    ),
    Move(
        "call",
        "Riichi: a call: chi, pon or an open kan on the last discard; a closed or added kan, or a north.",
        (
            Word("kind", "chi, pon, daiminkan, ankan, kakan or kita.", required=True),
            Word("tiles", "The whole meld, e.g. 345m or 555p; for kakan the added tile."),
            Word(
                "seat",
                "Who calls: number, wind or name (default: the next seat for chi, the mover for kans).",
                option="--seat",
            ),
        ),
    ),
    Move(
        "dora",
        "Riichi: a kan dora indicator is revealed.",
        (Word("indicator", "The kan dora indicator turned over.", required=True),),
    ),
    Move("tsumo", "Riichi: win on the tile just drawn.", (SEAT, URA, PAO, SHOWN, DRAWN), ends_round=True),
    Move(
        "ron",
        "Riichi: win on the last discard (or on the tile of an added kan).",
        (Word("seat", "The winner: number, wind or name.", option="--seat", required=True), URA, PAO, SHOWN),
        ends_round=True,
    ),
    Move(
        "exhaustive",
        "Riichi: the wall is empty; say who is tenpai.",
        (
            Word(
                "tenpai",
                "The tenpai seats (numbers, winds or names), comma-separated, or none.",
                option="--tenpai",
                required=True,
            ),
            Word(
                "shown",
                "The public record: a tenpai hand laid open, SEAT=TILES (its concealed tiles); one per tenpai seat.",
                option="--shown",
                kind="texts",
            ),
        ),
        ends_round=True,
    ),
    Move(
        "abort",
        "Riichi: an abortive draw.",
        (Word("kind", "kyuushu_kyuuhai, four_riichi, four_kans, four_winds or triple_ron.", required=True), SEAT),
        ends_round=True,
    ),
)

# How a round is recorded by its result alone (`taikyoku result`, table mode's `result`).
RESULT_LINE = (
    "one line a hand: the winner (and for a ron, from whom) as this hand's seat wind, number or name, the "
    "concealed tiles, +the winning tile, melds as pon:555p, the conditions (riichi, ippatsu, haitei ...), dora and "
    "ura indicators (ron S from W 234m567p345s11s77z +7z riichi dora 3p); or the value declared (ron Mika 3han30fu "
    "from Sato riichi Mika, tsumo Sato mangan); draw tenpai SEATS [riichi SEATS]; abort KIND; chombo SEAT"
)
