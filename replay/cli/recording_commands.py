"""Recording a round turn by turn with short commands: round, deal, play, draw and the calls.

Each command reads where the match stands, fills in what the rules leave no choice about
(the seat to move, a forced capture, the known top of the pile), and records its events in one
atomic append after the same fold that replays them has accepted them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from events.cards import BY_ID, resolve
from events.errors import InputError
from events.match import RoundStarted
from events.model import Payload
from events.sendai import (
    KoiKoi,
    SendaiMisdeal,
    Stop,
    TeyakuExposed,
)
from events.tensho import DealerTripleCapture, YakuSetChosen
from replay.app.catalog import GAMES, Game, hanafuda_games, teyaku_keys
from replay.app.recording import draw_card, fishing_moves, next_riichi_hand, play_card, seat_to_move
from replay.app.seats import seat_number
from replay.cli.app import (
    DEFAULT_DB,
    ByOption,
    DbOption,
    JsonOption,
    MatchArg,
    app,
)
from replay.cli.recording import record
from replay.cli.riichi_commands import deal_payload, draw_payload

SeatOption = Annotated[
    str | None, typer.Option("--seat", help="Check that this seat (number, wind or name) is the one to move.")
]


HANAFUDA = hanafuda_games()


def _record(db: Any, match: str, build: Any, by: str | None, json_out: bool, only: str | None = None) -> None:
    """Record what ``build(game, state)`` makes, for a hanafuda match (or only ``only``'s)."""
    games = {only} if only else HANAFUDA
    record(db, match, lambda name, state: build(GAMES[name], state), by, json_out, games)


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

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        if game == "riichi":
            return [
                next_riichi_hand(state, wind=wind, hand=hand, honba=honba, sticks=sticks, scores=scores, dealer=dealer)
            ], []
        number = len(state.results) + 1
        return [RoundStarted(round=number, dealer=state.next_dealer if dealer is None else dealer)], []

    record(db, match, build, by, json_out, set(GAMES))


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
    if decided_by not in ("agreement", "dealer"):
        raise InputError(f"--decided-by is agreement or dealer, not {decided_by!r}")
    _record(db, match, lambda g, s: ([YakuSetChosen(by=decided_by, yaku_set=chosen)], []), by, json_out, "tensho")


def _card_list(text: str, pool: set[str], placed: dict[str, str], where: str) -> tuple[list[str], list[str]]:
    """The cards of one list of the deal, taken from ``pool``; ``placed`` remembers where each went."""
    cards: list[str] = []
    notes: list[str] = []
    for part in (p for p in text.replace(" ", ",").split(",") if p):
        found = resolve(part, sorted(pool, key=lambda c: (BY_ID[c].month, BY_ID[c].index)), what="dealt")
        card = found.card.id
        if card in placed:
            twice = f"in {where}" if placed[card] == where else f"in {placed[card]} and in {where}"
            raise InputError(f"{card} is listed twice, {twice}; each card is dealt once")
        if card not in pool:
            raise InputError(f"{card} is not in this game's deck; see `taikyoku cards`")
        placed[card] = where
        pool.discard(card)
        cards.append(found.card.id)
        if found.note:
            notes.append(found.note)
    return cards, notes


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

    def build(game: Game, state: Any) -> tuple[list[Payload], list[str]]:
        moves, seats = fishing_moves(game), game.players[0]
        if len(hand) != seats:
            raise InputError(f"give --hand {seats} times, one per seat, seat 0 first")
        pool = set(moves.deck)
        placed: dict[str, str] = {}
        notes: list[str] = []
        hands = []
        for seat, text in enumerate(hand):
            cards, more = _card_list(text, pool, placed, f"seat {seat}'s hand")
            hands.append(tuple(cards))
            notes += more
        field_cards, more = _card_list(field or "", pool, placed, "the field")
        notes += more
        pile_cards = _card_list(pile, pool, placed, "the pile") if pile else None
        notes += pile_cards[1] if pile_cards else []
        pile_value = None if pile_cards is None else tuple(pile_cards[0])
        if not moves.dead_size:
            if dead:
                raise InputError(f"{game.title} has no dead cards; leave out --dead")
            return [moves.deal.model_validate({"hands": hands, "field": field_cards, "draw_pile": pile_value})], notes
        dead_cards = _card_list(dead, pool, placed, "the dead cards") if dead else None
        notes += dead_cards[1] if dead_cards else []
        dead_value = None if dead_cards is None else tuple(dead_cards[0])
        payload = moves.deal.model_validate(
            {"hands": hands, "field": field_cards, "draw_pile": pile_value, "dead": dead_value}
        )
        return [payload], notes

    def any_game(name: str, state: Any) -> tuple[list[Payload], list[str]]:
        if name == "riichi":
            return [deal_payload(hand, dora)], []
        if field is None:
            raise InputError("a hanafuda deal needs --field")
        return build(GAMES[name], state)

    record(db, match, any_game, by, json_out, set(GAMES))


@app.command()
def triple(
    match: MatchArg,
    cards: Annotated[list[str], typer.Argument(help="The two field cards the dealer takes from a triple.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Tensho: the dealer takes two of three same-suit field cards before the first play, then plays second."""

    def build(game: Game, state: Any) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over:
            raise InputError("no round is in progress")
        if len(cards) != 2:
            raise InputError("name exactly two cards of the triple")
        taken = [resolve(c, rnd.field, what="taken from the field") for c in cards]
        payload = DealerTripleCapture(cards=(taken[0].card.id, taken[1].card.id), seat=rnd.dealer)
        return [payload], [t.note for t in taken if t.note]

    _record(db, match, build, by, json_out, "tensho")


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

    _record(db, match, lambda game, state: play_card(game, state, card, capture or [], seat), by, json_out)


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

    def build(game: Game, state: Any) -> tuple[list[Payload], list[str]]:
        return draw_card(game, state, card, capture or [], seat)

    def any_game(name: str, state: Any) -> tuple[list[Payload], list[str]]:
        if name == "riichi":
            if capture:
                raise InputError("riichi tiles capture nothing; leave out --capture")
            return [draw_payload(state, card, seat_number(state, seat), rinshan)], []
        return build(GAMES[name], state)

    record(db, match, any_game, by, json_out, set(GAMES))


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
    known = teyaku_keys()
    if teyaku not in known:
        raise InputError(f"unknown teyaku {teyaku!r}; use one of: {', '.join(known)}")
    _record(db, match, lambda g, s: ([TeyakuExposed(seat=int(seat_number(s, seat) or 0), teyaku=teyaku)], []), by,
            json_out, "sendai")  # fmt: skip


def _declare(kind: type[KoiKoi] | type[Stop], match: str, seat: str | None, by: str | None, db: Any, j: bool) -> None:
    def build(game: Game, state: Any) -> tuple[list[Payload], list[str]]:
        return [kind(seat=seat_to_move(state, game, seat))], []

    _record(db, match, build, by, j, "sendai")


@app.command()
def koikoi(
    match: MatchArg,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Sendai-hana: go on after a new or better dekiyaku (koi-koi)."""
    _declare(KoiKoi, match, seat, by, db, json_out)


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
    _declare(Stop, match, seat, by, db, json_out)


@app.command()
def misdeal(match: MatchArg, by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False) -> None:
    """Sendai-hana: declare the misdeal when four cards of one month were dealt to the field."""

    def build(game: Game, state: Any) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.phase != "misdeal":
            raise InputError("there is no misdeal: no four cards of one month lie on the field")
        return [SendaiMisdeal(month=rnd.misdeal_month)], []

    _record(db, match, build, by, json_out, "sendai")


# ---- replay and simulate --------------------------------------------------------------------
