"""`taikyoku price`: a recorded riichi hand's win priced under any ruleset, side by side (riichi's
recording commands are made from its declared moves: ``replay/cli/move_commands.py``)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json
from replay.cli.display import out, styled


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
    priced, names, hand_words = application(db).priced_hand(match, round_no, chosen)
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
