"""Recording a riichi hand move by move with short commands, and pricing it under any ruleset.

`round`, `deal` and `draw` are shared with the hanafuda games (``recording_commands``);
`discard`, `call`, `dora`, `tsumo`, `ron`, `exhaustive`, `abort` and `price` are riichi's. Each
recording command says an intent (``replay/app/intents.py``) and prints what was stored.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from replay.app import intents, reading
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
    record(db, match, intents.discard(tile, riichi=declare, tsumogiri=tsumogiri, seat=seat), by, json_out)


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
    record(db, match, intents.call(kind, tiles, seat), by, json_out)


@app.command()
def dora(
    match: MatchArg,
    indicator: Annotated[str, typer.Argument(help="The kan dora indicator turned over.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: a kan dora indicator is revealed."""
    record(db, match, intents.dora(indicator), by, json_out)


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
    record(db, match, intents.tsumo(seat, ura=ura, pao=pao), by, json_out)


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
    record(db, match, intents.ron(seat, ura=ura, pao=pao), by, json_out)


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
    record(db, match, intents.exhaustive(tenpai), by, json_out)


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
    record(db, match, intents.abort(kind, seat), by, json_out)


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
