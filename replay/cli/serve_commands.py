"""`taikyoku serve` and `taikyoku token`: the club laptop's server for the tables' phones."""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer

from events.errors import InputError
from replay.cli.app import DEFAULT_DB, DbOption, MatchArg, app, application, shown
from replay.cli.display import out


@app.command()
def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[
        str, typer.Option(help="Where to listen: 127.0.0.1 for this laptop, 0.0.0.0 for the club's network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port.", min=1, max=65535)] = 8000,
    workers: Annotated[
        int, typer.Option(help="Server processes (PostgreSQL stores; SQLite takes 1).", min=1, max=64)
    ] = 1,
    url: Annotated[
        str | None,
        typer.Option(
            help="The address phones open, where the laptop is reached by a name or through a proxy "
            "(http://club.local:8000); the host's page and its codes carry it."
        ),
    ] = None,
) -> None:
    """Serve every table: a page per table to record by tapping, a live view for the room, a JSON API."""
    from replay.infra.stores import is_server
    from replay.web.server import serve as run

    if url is not None and not re.fullmatch(r"https?://[^/\s?#]+/?", url):
        raise InputError(f"--url {url!r} is not an address phones can open; give it as http://NAME:PORT")
    if workers > 1 and not is_server(db):
        raise InputError("--workers above 1 needs a PostgreSQL store (--db postgresql://...); an SQLite file takes one")

    def say(line: str) -> None:  # whole lines, never wrapped: an address is copied or scanned as printed
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    run(str(db), host, port, workers, say, url)


@app.command()
def token(match: MatchArg, db: DbOption = DEFAULT_DB) -> None:
    """Print the token that lets a table's phone record MATCH (the host's page shows it as a code)."""
    from replay.infra.tokens import TableSecret

    first = application(db).first_event(match)
    if first is None:
        raise InputError(f"no match {match!r} in {shown(db)}; list the matches with `taikyoku matches`")
    out.print(TableSecret.load().token_for(match, first.event_id))
