"""`taikyoku review`: a match weighed choice by choice, in the terminal, where its game weighs its
choices; the game lays out its answer."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json
from replay.cli.replay_commands import show_layout


@app.command("review")
def review_match(
    match: MatchArg,
    player: Annotated[str | None, typer.Option("--player", help="Only this player's choices.")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Each choice weighed against the best (each discard: shanten, improving tiles, the best), its
    safety, each deal-in with the safer tiles held, what happened (named checks), a summary per player.

    The game's document in docs/ defines the safety tiers and every check; --json gives each
    choice, each check found and the checks a public record cannot run."""
    found = application(db).reviewed(match, player)
    if json_out:
        print_json(found)
        return
    from replay.present.layout import reviewed

    show_layout(reviewed(found))
