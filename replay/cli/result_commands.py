"""``taikyoku result``: a round recorded at result depth, for every game, without its moves.

Riichi takes one line a hand (see ``replay.games.riichi.result_line``); Tensho and Sendai-hana take
each seat's captured cards, and Sendai-hana the go and stop calls and the teyaku shown. The
same folds score them as they score the moves.
"""

from __future__ import annotations

from typing import Annotated

import typer

from replay.app import intents
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app
from replay.cli.recording import record_and_say


@app.command()
def result(
    match: MatchArg,
    line: Annotated[
        list[str],
        typer.Argument(
            help="Riichi: ron S from W 234m567p345s11s77z +7z riichi dora 3p. "
            "Tensho: seat 0's captured cards / seat 1's."
        ),
    ],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a round at result depth, without its moves; it is scored from the cards or tiles.

    Riichi, one line per hand: the winner (and for a ron the seat that dealt in) as this hand's
    seat wind or seat number, the concealed tiles, +the winning tile, melds as pon:555p, the
    conditions (riichi, ippatsu, haitei ...), dora and ura indicators. Tensho, after the yaku set:
    each seat's captured cards, seat 0 first, the seats parted by a /. Sendai-hana: the same for
    three seats, then the calls: go SEAT (each koi-koi), stop SEAT, expose SEAT TEYAKU."""  # fmt: skip

    record_and_say(db, match, intents.result(line), by, json_out)
