"""`taikyoku stats`: standings and each game's own figures across every match in the store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from events.errors import InputError
from replay.cli import files
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, app, application, print_json, shown, store_exists
from replay.cli.display import ProgressBar, grid, out, styled
from replay.present.rows import figure, game_tables, ordinal, signed, standings_csv


@app.command()
def stats(
    game: Annotated[str | None, typer.Option("--game", metavar="GAME", help="Only this game (`taikyoku rules` lists them).")] = None,
    player: Annotated[list[str] | None, typer.Option("--player", metavar="NAME", help="Only these players (repeat).")] = None,
    since: Annotated[str | None, typer.Option("--since", metavar="DAY", help="Matches started on or after this day (YYYY-MM-DD).")] = None,
    until: Annotated[str | None, typer.Option("--until", metavar="DAY", help="Matches started on or before this day.")] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", metavar="RULESET", help="Only matches under this ruleset.")] = None,
    match: Annotated[list[str] | None, typer.Option("--match", metavar="MATCH", help="Only these matches (repeat).")] = None,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print the standings as CSV, a row per game and player.")] = False,
    raw: Annotated[bool, typer.Option("--raw", help="With --csv: names as stored, without the ' that keeps a spreadsheet from running them as formulas.")] = False,
    html: Annotated[Path | None, typer.Option("--html", metavar="FILE", help="Write one self-contained page with tables and charts.")] = None,
    force: Annotated[bool, typer.Option("--force", help="With --html: replace the file if it exists.")] = False,
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Fold every match again instead of reading the cached digests.")] = False,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:  # fmt: skip
    """Statistics across every match: standings, and each game's own figures (docs/stats.md).

    Abandoned matches are left out and retracted events do not count. Each match is folded once
    and its digest kept in the store, beside the events, until the match moves on."""
    if json_out and csv_out:
        raise InputError("give --json or --csv, not both")
    if raw and not csv_out:
        raise InputError("--raw is about csv cells; give --csv with it")
    if html is not None:
        files.check_file(html, db=db, force=force, flag="--html", example="stats.html")
    if not store_exists(db):
        raise InputError(f"database {shown(db)} does not exist; point --db (or TAIKYOKU_DB) at your database")
    with _FoldingBar() as progress:
        found = application(db).statistics(
            game=game,
            players=player or (),
            since=since,
            until=until,
            ruleset=ruleset,
            matches=match or (),
            rebuild=rebuild,
            progress=progress,
        )
    if html is not None:
        from replay.present.stats_page import page

        with files.writing(html, db=db, force=force, flag="--html", example="stats.html") as write:
            write(page(found))
        if not files.is_stdout(html):
            out.print(f"wrote {html}: {found['matches']} matches")
        return
    if json_out:
        print_json(found)
        return
    if csv_out:
        sys.stdout.write(standings_csv(found, raw=raw))
        return
    _show(found)


class _FoldingBar:
    """The bar of matches folded, shown once the statistics say how many there are (none, when
    every digest is kept)."""

    def __init__(self) -> None:
        self.bar: ProgressBar | None = None
        self.tick: Any = None

    def __enter__(self) -> Any:
        def progress(done: int, total: int) -> None:
            if self.bar is None:
                self.bar = ProgressBar(total, "folding matches")
                self.tick = self.bar.__enter__()
            self.tick()

        return progress

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _show(found: dict[str, Any]) -> None:
    if not found["matches"]:
        out.print("no matches fit these filters (abandoned matches are never counted)")
        return
    for game, rows in found["standings"].items():
        seats = len(rows[0]["places"]) if rows else 0
        table = Table(title=f"{game}: standings")
        places = [ordinal(n) for n in range(1, seats + 1)]
        for name in ("player", "matches", "rounds", *places, "avg place", "points", "wins"):
            table.add_column(name, justify="left" if name == "player" else "right", no_wrap=True)
        with_uma = bool(rows) and "uma" in rows[0]  # final results with oka and uma, where the game has them
        if with_uma:
            table.add_column(found["results"][game]["label"], justify="right")
        for row in rows:
            cells = [row["player"], str(row["matches"]), str(row["rounds"]), *map(str, row["places"]),
                     figure(row["average_place"]), figure(row["points"]), str(row["wins"])]  # fmt: skip
            if with_uma:
                cells.append(signed(row["uma"]))
            table.add_row(*(styled(c) for c in cells))
        out.print(table)
        for own in game_tables(found).get(game, []):  # the game's own tables
            out.print(grid(own))
    for game, counts in found["yaku"].items():
        if not counts:
            continue
        table = Table(title=f"{game}: yaku frequency")
        table.add_column("yaku")
        table.add_column("times", justify="right")
        table.add_column("")
        top = max(counts.values())
        for name, count in counts.items():
            table.add_row(styled(name), str(count), "█" * max(1, round(30 * count / top)))
        out.print(table)
