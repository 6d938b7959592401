"""`taikyoku review`: a riichi match weighed discard by discard, in the terminal."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json
from replay.cli.display import out


@app.command("review")
def review_match(
    match: MatchArg,
    player: Annotated[str | None, typer.Option("--player", help="Only this player's discards.")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: each discard weighed (shanten, the tiles that improve the hand, the best discard), and a
    summary per player."""
    found = application(db).reviewed(match, player)
    if json_out:
        print_json(found)
        return
    from rich.table import Table

    table = Table(title=f"{match}: discards weighed")
    for column in ("player", "discards", "best kept", "ground lost", "tiles given up", "riichi", "deals-in"):
        table.add_column(column)
    for row in found["summary"]:
        table.add_row(row["player"], str(row["discards"]), str(row["best_kept"]), str(row["lost"]),
                      str(row["tiles_given_up"]), str(row["riichi"]), str(row["deals_in"]))  # fmt: skip
    out.print(table)
    for w in found["discards"]:
        if w["lost"]:
            out.print(
                f"hand {w['hand']}, seq {w['seq']}: {w['player']} discards {w['discard']} "
                f"({w['shanten_after']}-shanten, {w['ukeire_count']} tiles); best {w['best']} "
                f"({w['best_shanten']}-shanten, {w['best_count']} tiles: {' '.join(w['best_ukeire'])})"
            )
