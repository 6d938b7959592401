"""`taikyoku view`: a match as one HTML page to open anywhere, and `export --all --format html`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from events.errors import InputError
from replay.cli import files
from replay.cli.app import DEFAULT_DB, DbOption, MatchArg, app, open_store, shown
from replay.cli.display import out


@app.command()
def view(
    match: MatchArg,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="The HTML file to write (default: MATCH.html; - for stdout).")
    ] = None,
    at: Annotated[int | None, typer.Option("--at", help="Open the page at this event (seq).", min=1)] = None,
    round_no: Annotated[int | None, typer.Option("--round", help="Open the page at this round's end.", min=1)] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Write a match as one self-contained HTML page: the table at every event, arrow keys to step."""
    from replay.app import service
    from replay.app.reading import start_of_round
    from replay.present import view_page

    target = output or Path(f"{match}.html")
    files.check_file(target, db=db, force=force, example=f"{match}.html")
    with open_store(db) as store:
        if not store.exists(match):
            raise InputError(f"no match {match!r} in {shown(db)}; list the matches with `taikyoku matches`")
        start = at
        if round_no is not None:
            steps = service.read_steps(store, match)
            start = start_of_round(steps, round_no)
        if start is not None and start > store.head(match):
            raise InputError(f"match {match} has {store.head(match)} events; --at takes 1 to {store.head(match)}")
        text = view_page.page(store, match, start_seq=start)
    with files.writing(target, db=db, force=force, example=f"{match}.html") as write:
        write(text)
    if not files.is_stdout(target):
        out.print(f"wrote {target}")
