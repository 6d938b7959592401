"""`taikyoku price`: a recorded round's wins priced under several rulesets of its game, side by
side, where the game prices its wins by ruleset; the game lays out its answer."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json
from replay.cli.replay_commands import show_layout


@app.command("price")
def price_hand(
    match: MatchArg,
    round_no: Annotated[int, typer.Option("--round", help="The round (or hand) to price, from 1.", min=1)],
    rulesets: Annotated[
        str | None,
        typer.Option("--ruleset", help="Rulesets, comma-separated (default: those its game sets side by side)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Price a recorded round's wins under several rulesets side by side, payments per seat."""
    chosen = None if rulesets is None else [r.strip() for r in rulesets.split(",") if r.strip()]
    priced, names, hand_words = application(db).priced_hand(match, round_no, chosen)
    if json_out:
        print_json(priced)
        return
    from replay.present.layout import priced as laid_out

    show_layout(laid_out(priced, names, hand_words))
