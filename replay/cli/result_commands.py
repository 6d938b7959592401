"""``taikyoku result``: a round recorded at result depth, for every game, without its moves; each
game says how its result is typed (``RESULT_LINE`` in its moves.py), and the same folds score it
as they score the moves."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.app import intents
from replay.app.catalog import result_lines
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app
from replay.cli.recording import record_and_say

HELP = "Record a round at result depth, without its moves; it is scored from the cards or tiles.\n\n" + "\n\n".join(
    f"{game}: {line}." for game, line in result_lines().items()
)


@app.command(help=HELP)
def result(
    match: MatchArg,
    line: Annotated[list[str], typer.Argument(help="The result, in its game's words (as above).")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    record_and_say(db, match, intents.result(line), by, json_out)
