"""Recording a riichi hand move by move with short commands, and pricing it under any ruleset.

`round`, `deal` and `draw` are shared with the hanafuda games and come here for riichi
matches; `discard`, `call`, `dora`, `tsumo`, `ron`, `exhaustive`, `abort` and `price` are riichi's.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from events.errors import InputError
from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiWin,
)
from events.tiles import parse, parse_many
from replay.app import reading
from replay.app.seats import seat_number
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app, open_store, print_json
from replay.cli.display import out, styled
from replay.cli.recording import record

SeatOption = Annotated[
    str | None,
    typer.Option("--seat", help="The seat: 0-3, a seat wind (E S W N) or a name (default: the one to move)."),
]
UraOption = Annotated[str | None, typer.Option("--ura", help="Ura dora indicators, for a riichi winner.")]
PaoOption = Annotated[
    str | None, typer.Option("--pao", help="The seat liable for the yakuman (pao): number, wind or name.")
]
RIICHI = {"riichi"}


def _round(state: Any) -> Any:
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no hand is in progress; start one with `taikyoku round MATCH`")
    return rnd


def _mover(state: Any, seat: str | None) -> int:
    rnd = _round(state)
    chosen = seat_number(state, seat)
    return rnd.to_move if chosen is None else chosen


def deal_payload(hands: list[str], dora: str | None) -> RiichiDeal:
    if dora is None:
        raise InputError("a riichi deal needs the first dora indicator: add --dora TILE")
    tiles = [tuple(parse_many(h)) for h in hands]
    for seat, tiles_of in enumerate(tiles):
        if len(tiles_of) != 13:
            raise InputError(
                f"seat {seat}'s hand has {len(tiles_of)} tiles; deal 13 (the dealer's 14th is his first draw)"
            )
    return RiichiDeal(hands=tuple(tiles), dora_indicator=parse(dora))


def draw_payload(state: Any, tile: str | None, seat: int | None, rinshan: bool) -> RiichiDraw:
    rnd = _round(state)
    if tile is None:
        raise InputError("name the tile drawn, e.g. `taikyoku draw MATCH 5m`")
    if seat is None:
        seat = rnd.to_move if rnd.phase in ("draw", "rinshan") else (rnd.to_move + 1) % rnd.players
    return RiichiDraw(seat=seat, tile=parse(tile), rinshan=rinshan or rnd.phase == "rinshan")


@app.command()
def discard(
    match: MatchArg,
    tile: Annotated[str, typer.Argument(help="The tile discarded, e.g. 5m, 0p (red five), E or 1z.")],
    declare: Annotated[bool, typer.Option("--riichi", help="Declare riichi with this discard.")] = False,
    tsumogiri: Annotated[
        bool | None, typer.Option("--tsumogiri/--from-hand", help="The tile just drawn (default: when it is).")
    ] = None,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: discard a tile, declaring riichi with it if asked."""

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        mover = _mover(state, seat)
        chosen = parse(tile)
        rnd = _round(state)
        events: list[Payload] = [RiichiDeclared(seat=mover)] if declare else []
        moved = tsumogiri if tsumogiri is not None else chosen == rnd.last_drawn
        events.append(RiichiDiscard(seat=mover, tile=chosen, tsumogiri=moved))
        return events, []

    record(db, match, build, by, json_out, RIICHI)


@app.command()
def call(
    match: MatchArg,
    kind: Annotated[str, typer.Argument(help="chi, pon, daiminkan, ankan, kakan or kita.")],
    tiles: Annotated[
        str | None, typer.Argument(help="The whole meld, e.g. 345m or 555p; for kakan the added tile.")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat", help="Who calls: number, wind or name (default: the next seat for chi, the mover for kans)."
        ),
    ] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: a call: chi, pon or an open kan on the last discard; a closed or added kan, or a north."""
    kinds = ("chi", "pon", "daiminkan", "ankan", "kakan", "kita")
    if kind not in kinds:
        raise InputError(f"unknown call {kind!r}; use one of: {', '.join(kinds)}")

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        rnd = _round(state)
        meld = tuple(parse_many(tiles)) if tiles else ()
        if kind == "kita":
            return [RiichiCall(kind="kita", seat=_mover(state, seat), tiles=("4z",))], []
        if kind in ("ankan", "kakan"):
            if not meld:
                raise InputError(f"name the tiles of the {kind}, e.g. `call MATCH {kind} 5555m`")
            added = meld[-1] if kind == "kakan" else None
            return [RiichiCall(kind=kind, seat=_mover(state, seat), tiles=meld, called=added)], []
        if rnd.last_discard is None:
            raise InputError(f"there is no discard to {kind}")
        discarder, taken = rnd.last_discard
        named = seat_number(state, seat)
        caller = named if named is not None else (discarder + 1) % rnd.players if kind == "chi" else None
        if caller is None:
            raise InputError(f"say who calls {kind} with --seat")
        return [RiichiCall(kind=kind, seat=caller, tiles=meld, called=taken, from_seat=discarder)], []

    record(db, match, build, by, json_out, RIICHI)


@app.command()
def dora(
    match: MatchArg,
    indicator: Annotated[str, typer.Argument(help="The kan dora indicator turned over.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: a kan dora indicator is revealed."""
    record(db, match, lambda g, s: ([DoraRevealed(indicator=parse(indicator))], []), by, json_out, RIICHI)


def _ura(text: str | None) -> tuple[str, ...]:
    """The ura indicators as typed; "none" when none were turned (a riichi winner who did not look)."""
    if text is None or text.strip().lower() in ("", "none"):
        return ()
    return tuple(parse_many(text))


@app.command()
def tsumo(
    match: MatchArg,
    seat: SeatOption = None,
    ura: UraOption = None,
    pao: PaoOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: win on the tile just drawn."""

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        liable = seat_number(state, pao)
        return [RiichiWin(kind="tsumo", seat=_mover(state, seat), ura_indicators=_ura(ura), pao_seat=liable)], []

    record(db, match, build, by, json_out, RIICHI)


@app.command()
def ron(
    match: MatchArg,
    seat: Annotated[str, typer.Option("--seat", help="The winner: number, wind or name.")],
    ura: UraOption = None,
    pao: PaoOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: win on the last discard (or on the tile of an added kan)."""

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        target = None if rnd is None else (rnd.kakan or rnd.last_discard)
        from_seat = None if target is None else target[0]
        winner, liable = seat_number(state, seat), seat_number(state, pao)
        assert winner is not None
        return [RiichiWin(kind="ron", seat=winner, from_seat=from_seat, ura_indicators=_ura(ura), pao_seat=liable)], []

    record(db, match, build, by, json_out, RIICHI)


@app.command()
def exhaustive(
    match: MatchArg,
    tenpai: Annotated[
        str, typer.Option("--tenpai", help="The tenpai seats (numbers, winds or names), comma-separated, or none.")
    ],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: the wall is empty; say who is tenpai."""

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        words = [] if tenpai.strip().lower() == "none" else [w for w in tenpai.split(",") if w.strip()]
        seats = tuple(int(seat_number(state, w) or 0) for w in words)
        return [ExhaustiveDraw(tenpai=seats)], []

    record(db, match, build, by, json_out, RIICHI)


@app.command()
def abort(
    match: MatchArg,
    kind: Annotated[str, typer.Argument(help="kyuushu_kyuuhai, four_riichi, four_kans, four_winds or triple_ron.")],
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: an abortive draw."""
    kinds = ("kyuushu_kyuuhai", "four_riichi", "four_kans", "four_winds", "triple_ron")
    if kind not in kinds:
        raise InputError(f"unknown abortive draw {kind!r}; use one of: {', '.join(kinds)}")
    record(db, match, lambda g, s: ([AbortiveDraw(kind=kind, seat=seat_number(s, seat))], []), by, json_out, RIICHI)


@app.command("price")
def price_hand(
    match: MatchArg,
    round_no: Annotated[int, typer.Option("--round", help="The hand to price (1 is the first hand).", min=1)],
    rulesets: Annotated[
        str, typer.Option("--ruleset", help="Rulesets, comma-separated.")
    ] = "tenhou,mahjongsoul,ema2016",
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: price a recorded hand's win under several rulesets side by side, payments per seat."""
    chosen = [r.strip() for r in rulesets.split(",") if r.strip()]
    reading.check_riichi_rulesets(chosen)
    with open_store(db) as store:
        priced, names, hand_words = reading.priced_hand(store, match, round_no, chosen)
    if json_out:
        print_json(priced)
        return
    report = priced["wins"]
    for win in report:
        source = "tsumo" if win["kind"] == "tsumo" else f"ron from {names[win['from_seat']]}"
        out.print(styled((f"hand {round_no}", "bold"), f" ({hand_words}): {win['winner']} {source}"))
        table = Table()
        table.add_column("")
        for entry in win["prices"]:
            table.add_column(entry["ruleset"])
        rows: dict[str, list[str]] = {
            "yaku": [],
            "fu": [],
            "limit": [],
            **{f"{n} (seat {i})": [] for i, n in enumerate(names)},
            "notes": [],
        }
        for entry in win["prices"]:
            if not entry["priced"]:
                for key in rows:
                    rows[key].append("unpriced: " + entry["reason"] if key == "yaku" else "")
                continue
            rows["yaku"].append("\n".join(f"{y['name']} {y['han']}" for y in entry["yaku"]))
            rows["fu"].append(
                f"{entry['fu']} fu: " + ", ".join(f"{d['reason']} {d['fu']}" for d in entry["fu_details"])
            )
            rows["limit"].append(entry["limit"] or f"{entry['han']} han {entry['fu']} fu")
            for i, n in enumerate(names):
                rows[f"{n} (seat {i})"].append(f"{entry['payments'][i]:+}")
            rows["notes"].append("\n".join(entry["notes"]))
        for key, cells in rows.items():
            table.add_row(key, *cells)
        out.print(table)
        out.print(
            "payments: the win, honba and every riichi stick on the table (a winner's own comes back); "
            "`replay` shows each seat's change over the hand, the sticks put down counted"
        )
