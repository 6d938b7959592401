"""`taikyoku view`: a match as one HTML page to open anywhere, and `export --all --format html`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from events.errors import InputError
from replay.cli import files
from replay.cli.app import DEFAULT_DB, DbOption, MatchArg, app, application, shown
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
    from replay.present import view_page

    target = output or Path(f"{match}.html")
    files.check_file(target, db=db, force=force, example=f"{match}.html")
    frames = application(db).replay_frames(match, where=shown(db))
    start = at if round_no is None else application(db).start_of_round(match, round_no)
    head = frames["frames"][-1]["seq"]
    if start is not None and start > head:
        raise InputError(f"match {match} has {head} events; --at takes 1 to {head}")
    text = view_page.page(frames, start_seq=start)
    with files.writing(target, db=db, force=force, example=f"{match}.html") as write:
        write(text)
    if not files.is_stdout(target):
        out.print(f"wrote {target}")
