"""Recording a round turn by turn with short commands: round, deal, play, draw and the calls.

Each command says an intent (``replay/app/intents.py``): the application reads where the match
stands, fills in what the rules leave no choice about (the seat to move, a forced capture, the
known top of the pile), and records its events in one atomic append after the same fold that
replays them has accepted them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from replay.app import intents
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app
from replay.cli.recording import record

SeatOption = Annotated[
    str | None, typer.Option("--seat", help="Check that this seat (number, wind or name) is the one to move.")
]


@app.command("round")
def start_round(
    match: MatchArg,
    dealer: Annotated[int | None, typer.Option(help="The dealer's seat (default: as the rules say).")] = None,
    wind: Annotated[str | None, typer.Option(help="Riichi: the round wind, E S W or N.")] = None,
    hand: Annotated[int | None, typer.Option(help="Riichi: the hand number in the wind, 1-4.")] = None,
    honba: Annotated[int | None, typer.Option(help="Riichi: honba counters.")] = None,
    sticks: Annotated[int | None, typer.Option(help="Riichi: riichi sticks on the table.")] = None,
    scores: Annotated[str | None, typer.Option(help="Riichi: the scores, comma-separated, seat 0 first.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Start the next round (riichi: the next hand); what is not given follows from the last one."""
    made = intents.start_round(dealer=dealer, wind=wind, hand=hand, honba=honba, sticks=sticks, scores=scores)
    record(db, match, made, by, json_out)


@app.command("yaku-set")
def yaku_set(
    match: MatchArg,
    chosen: Annotated[int, typer.Argument(metavar="SET", help="1 (shichi-bu yaku) or 2 (han yaku).", min=1, max=2)],
    decided_by: Annotated[str, typer.Option("--decided-by", help="agreement or dealer.")] = "agreement",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Tensho: choose this round's yaku set, before the deal."""
    record(db, match, intents.yaku_set(chosen, decided_by), by, json_out)


@app.command()
def deal(
    match: MatchArg,
    hand: Annotated[
        list[str], typer.Option("--hand", help="A hand, comma-separated; one --hand per seat, seat 0 first.")
    ],
    field: Annotated[str | None, typer.Option("--field", help="Hanafuda: the field cards, comma-separated.")] = None,
    pile: Annotated[str | None, typer.Option("--pile", help="The draw pile, top first, if known.")] = None,
    dead: Annotated[str | None, typer.Option("--dead", help="Tensho: the 6 dead cards, if known.")] = None,
    dora: Annotated[str | None, typer.Option("--dora", help="Riichi: the first dora indicator.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record the deal: the hands (Tensho 2 x 6, Sendai-hana 3 x 7, riichi 13 each), the field or
    the dora indicator, and the pile if known."""
    record(db, match, intents.deal(hand, field=field, pile=pile, dead=dead, dora=dora), by, json_out)


@app.command()
def triple(
    match: MatchArg,
    cards: Annotated[list[str], typer.Argument(help="The two field cards the dealer takes from a triple.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Tensho: the dealer takes two of three same-suit field cards before the first play, then plays second."""
    record(db, match, intents.triple(cards), by, json_out)


@app.command()
def play(
    match: MatchArg,
    card: Annotated[str, typer.Argument(help="The card played: an ID, an MM-i code, or <suit>-chaff.")],
    capture: Annotated[
        list[str] | None, typer.Option("--capture", "-c", help="A field card it takes; repeat for three.")
    ] = None,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Play a card from the hand, with the capture it makes (a forced capture is filled in)."""
    record(db, match, intents.play(card, capture or [], seat), by, json_out)


@app.command()
def draw(
    match: MatchArg,
    card: Annotated[
        str | None, typer.Argument(help="The card turned (default: the known top of the pile), or the tile.")
    ] = None,
    capture: Annotated[
        list[str] | None, typer.Option("--capture", "-c", help="A field card it takes; repeat for three.")
    ] = None,
    rinshan: Annotated[bool, typer.Option("--rinshan", help="Riichi: a replacement tile from the dead wall.")] = False,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Turn the top card of the draw pile, with the capture it makes (riichi: draw a tile)."""
    record(db, match, intents.draw(card, capture or [], rinshan=rinshan, seat=seat), by, json_out)


@app.command()
def capture(
    match: MatchArg,
    cards: Annotated[list[str] | None, typer.Argument(help="The field cards taken (none: it takes nothing).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Hanafuda: what the card just played or drawn takes, when it was recorded without it."""
    record(db, match, intents.capture(cards or []), by, json_out)


@app.command()
def expose(
    match: MatchArg,
    teyaku: Annotated[str, typer.Argument(help="three-pairs, triplet-two-pairs, four-three or four-of-a-kind.")],
    seat: Annotated[str, typer.Option("--seat", help="Whose hand shows it: number or name.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Sendai-hana: a player exposes a teyaku in his dealt hand, before the first play."""
    record(db, match, intents.expose(teyaku, seat), by, json_out)


@app.command()
def koikoi(
    match: MatchArg,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Sendai-hana: go on after a new or better dekiyaku (koi-koi)."""
    record(db, match, intents.go_or_stop(True, seat), by, json_out)


app.command("go", help="Sendai-hana: go on after a new or better dekiyaku (the same as koikoi).")(koikoi)


@app.command()
def stop(
    match: MatchArg,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Sendai-hana: stop after a new or better dekiyaku, ending the round and scoring it."""
    record(db, match, intents.go_or_stop(False, seat), by, json_out)


@app.command()
def misdeal(match: MatchArg, by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False) -> None:
    """Sendai-hana: declare the misdeal when four cards of one month were dealt to the field."""
    record(db, match, intents.misdeal(), by, json_out)
