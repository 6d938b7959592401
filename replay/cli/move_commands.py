"""The recording commands (`taikyoku play MATCH pine-crane -c pine-chaff-1`, `taikyoku discard MATCH
5m`), made from the moves as the games declare them (``replay/engine/moves.py`` and each
game's ``moves.py``): their arguments, options and ``--help`` come from the declaration, and each
records its intent through the application and says what was stored."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from replay.app import intents
from replay.app.catalog import Move, Word, moves
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app, moves_help
from replay.cli.recording import record_and_say

_ANSWERS = ("match", "by", "db", "json_out")  # what every recording command takes besides its move's words


def _parameter(word: Word) -> inspect.Parameter:
    """One word of a move as typer reads it: its type, argument or option, and its default."""
    names = [n for n in (word.option, word.short) if n]
    if word.kind == "either":
        names = [f"{word.option}/{word.negative}"]
    text: Any = {"number": int, "texts": list[str], "flag": bool, "either": bool}.get(word.kind, str)
    required = word.required and word.kind not in ("flag", "either")
    default: Any = False if word.kind == "flag" else inspect.Parameter.empty if required else None
    if not required and word.kind != "flag":
        text = text | None
    made = (
        typer.Option(*names, help=word.help)
        if word.option
        else typer.Argument(help=word.help, metavar=word.metavar or None)
    )
    return inspect.Parameter(
        word.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[text, made]
    )


def _command(move: Move) -> Callable[..., None]:
    """A typer command for ``move``: MATCH, the move's words, then --by, --db and --json."""

    def command(**given: Any) -> None:
        match, by, db, json_out = (given.pop(name) for name in _ANSWERS)
        record_and_say(db, match, intents.of_move(move, given), by, json_out)

    shared = [
        inspect.Parameter("match", inspect.Parameter.KEYWORD_ONLY, annotation=MatchArg),
        *(_parameter(word) for word in move.words),
        inspect.Parameter("by", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=ByOption),
        inspect.Parameter("db", inspect.Parameter.KEYWORD_ONLY, default=DEFAULT_DB, annotation=DbOption),
        inspect.Parameter("json_out", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=JsonOption),
    ]
    command.__signature__ = inspect.Signature(shared, return_annotation=None)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in shared} | {"return": None}
    command.__doc__ = move.help
    command.__name__ = move.verb.replace("-", "_")
    return command


for declared in moves():
    for verb in (declared.verb, *declared.aliases):
        app.command(verb, help=moves_help()[verb])(_command(declared))
