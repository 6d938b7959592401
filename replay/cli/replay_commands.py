"""`taikyoku replay`: a match at any point, its results and standings, and what-if replays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from events.errors import InputError
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json, read_input
from replay.cli.display import grid, out, styled

if TYPE_CHECKING:
    from replay.present.layout import Layout


@app.command()
def replay(
    match: MatchArg,
    round_no: Annotated[
        int | None, typer.Option("--round", help="Show this round (default: the latest).", min=1)
    ] = None,
    at: Annotated[int | None, typer.Option("--at", help="Show the state right after this seq.", min=1)] = None,
    without: Annotated[
        int | None, typer.Option("--without", help="What if this event had not happened.", min=1)
    ] = None,
    replace: Annotated[
        str | None, typer.Option("--replace", help="What if this event had been another: SEQ=event.json.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Replay a match: hands, field, captures and yaku at any point, and every round's result.

    With --without or --replace, replay as if one event had been different, and say how the
    results change. Nothing is written."""
    if without is not None or replace is not None:
        if at is not None:
            raise InputError("--at does not combine with --without or --replace; use --round to limit the what-if")
        _show_what_if(db, match, round_no, without, replace, json_out)
        return
    game, data = application(db).replay_document(match, round_no=round_no, at=at)
    if json_out:
        print_json(data)
    else:
        show_document(game, data)


def show_document(game: str, data: dict[str, Any]) -> None:
    """A replay document in the terminal, as its game lays it out."""
    from replay.present.layout import layout

    show_layout(layout(game, data))


def show_layout(parts: Layout) -> None:
    """What a game laid out, line by line and grid by grid."""
    from replay.present.layout import Line

    for part in parts:
        if isinstance(part, Line):
            out.print(styled((part.bold, "bold"), part.text) if part.bold else styled(part.text))
        else:
            out.print(grid(part))


def _show_what_if(
    db: object, match: str, round_no: int | None, without: int | None, replace: str | None, json_out: bool
) -> None:
    """The match replayed with one event left out or changed, beside what was recorded."""
    if without is not None and replace is not None:
        raise InputError("give --without or --replace, not both")
    replacement = None
    if replace is not None:
        seq, sep, source = replace.partition("=")
        if not sep or not seq.strip().isdigit() or not source:
            raise InputError("--replace takes SEQ=FILE, e.g. --replace 12=play.json")
        replacement = (int(seq), lambda: read_input(source))
    found = application(db).what_if(match, round_no=round_no, without=without, replace=replacement)
    if not found.stands:
        if json_out:
            print_json({"match_id": match, "what_if": found.what, "stands": False, "reason": found.reason})
        else:
            out.print(found.reason)
        raise typer.Exit(1)
    if json_out:
        print_json({"match_id": match, "what_if": found.what, "stands": True, "changed": found.changed,
                    "moot": found.moot, "recorded": found.recorded, "results": found.results})  # fmt: skip
        return
    out.print(styled(("what if", "bold"), f": {match} {found.what} (nothing is written)"))
    before, after = found.outcomes()
    for old, new in zip(before, after, strict=False):
        mark = "same" if old == new else "changes"
        out.print(f"  {mark}: recorded: {old}")
        if old != new:
            out.print(f"           would be: {new}")
    for extra in after[len(before) :]:
        out.print(f"  new: {extra}")
    if len(after) < len(before):
        out.print(f"  {len(before) - len(after)} recorded result(s) would not be reached")
