"""Recording a hanafuda round turn by turn with short commands, and replaying it.

Each command reads where the match stands, fills in what the rules leave no choice about
(the seat to move, a forced capture, the known top of the pile), and records its events in one
atomic append after the same fold that replays them has accepted them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.table import Table

from events.cards import BY_ID, TENSHO_DECK, resolve
from events.envelope import new_event
from events.errors import InputError
from events.match import RoundStarted
from events.model import Payload
from events.tensho import DealerTripleCapture, TenshoCapture, TenshoDeal, TenshoDraw, TenshoPlay, YakuSetChosen
from replay import service
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, app, open_store, out, print_json, recorder
from replay.fold import fold
from replay.games import projection_for
from replay.hanafuda.fishing import forced_capture, matches
from replay.tensho import PHOENIX, TenshoState
from replay.tensho_view import expects, match_json, snapshot
from store import EventStore

MatchArg = Annotated[str, typer.Argument(help="The match id.")]
SeatOption = Annotated[int | None, typer.Option("--seat", help="Check that this seat is the one to move.")]


def _tensho_state(store: EventStore, match: str) -> tuple[TenshoState, int]:
    steps = service.read_steps(store, match)
    if service.game_of(steps) != "tensho":
        raise InputError(f"match {match} is not a Tensho match; these commands record Tensho rounds")
    folded = fold(projection_for("tensho"), steps)
    return folded.state, steps[-1].seq


def _record(db: Any, match: str, build: Any, by: str | None, json_out: bool) -> None:
    """Read the state, let ``build(state)`` make the payloads and notes, fold-check and append them."""
    with open_store(db) as store:
        state, head = _tensho_state(store, match)
        payloads, notes = build(state)
        who = recorder(by)
        stored = service.check_and_append(
            store, match, [new_event(p, recorded_by=who) for p in payloads], expected_seq=head
        )
        after, _ = _tensho_state(store, match)
    if json_out:
        print_json([e.envelope() | {"hash": e.hash} for e in stored])
        return
    for line in notes:
        out.print(line)
    for event in stored:
        out.print(f"seq {event.seq}: {event.type} {_brief(event.payload)}")
    rnd = after.round
    if rnd is not None and rnd.result is not None and rnd.over and stored[-1].seq >= head:
        out.print(f"[bold]round {rnd.number} over:[/bold] {rnd.result.explanation}")
    elif rnd is not None:
        out.print(f"next: {expects(rnd, after.names)}")


def _brief(payload: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(payload.items()) if k != "hands")


def _seat(state: TenshoState, seat: int | None) -> int:
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no round is in progress; start one with `taikyoku round MATCH`")
    if seat is not None and seat != rnd.to_move:
        raise InputError(f"it is seat {rnd.to_move}'s turn ({expects(rnd, state.names)}), not seat {seat}")
    return rnd.to_move


def _captures(state: TenshoState, card: str, given: Sequence[str]) -> tuple[list[Payload], list[str]]:
    """The capture a placed card makes: as given, or the one the rules force."""
    rnd = state.round
    assert rnd is not None
    seat = rnd.to_move
    if card == PHOENIX:
        return [TenshoCapture(card=PHOENIX, seat=seat, taken=())], ["the Phoenix goes straight to the scoring area"]
    found = matches(card, rnd.field)
    if not found:
        if given:
            raise InputError(f"{card} matches nothing on the field, so it captures nothing; leave out --capture")
        return [], []
    if given:
        taken = [resolve(t, found, what="captured").card.id for t in given]
        return [TenshoCapture(card=card, seat=seat, taken=tuple(taken))], []
    forced = forced_capture(found)
    if forced is None:
        raise InputError(f"{card} matches {' and '.join(found)} on the field; say which it takes with --capture CARD")
    return [TenshoCapture(card=card, seat=seat, taken=forced)], [f"{card} takes {', '.join(forced)}"]


@app.command("round")
def start_round(
    match: MatchArg,
    dealer: Annotated[int | None, typer.Option(help="The dealer's seat (default: as the rules say).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Start the next round; the dealer is the last round's winner."""

    def build(state: TenshoState) -> tuple[list[Payload], list[str]]:
        number = len(state.results) + 1
        return [RoundStarted(round=number, dealer=state.next_dealer if dealer is None else dealer)], []

    _record(db, match, build, by, json_out)


@app.command("yaku-set")
def yaku_set(
    match: MatchArg,
    chosen: Annotated[int, typer.Argument(metavar="SET", help="1 (shichi-bu yaku) or 2 (han yaku).", min=1, max=2)],
    decided_by: Annotated[str, typer.Option("--decided-by", help="agreement or dealer.")] = "agreement",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Choose this round's yaku set, before the deal."""
    if decided_by not in ("agreement", "dealer"):
        raise InputError(f"--decided-by is agreement or dealer, not {decided_by!r}")
    _record(db, match, lambda s: ([YakuSetChosen(by=decided_by, yaku_set=chosen)], []), by, json_out)


def _card_list(text: str, pool: set[str], what: str) -> tuple[list[str], list[str]]:
    cards: list[str] = []
    notes: list[str] = []
    for part in (p for p in text.replace(" ", ",").split(",") if p):
        found = resolve(part, sorted(pool, key=lambda c: (BY_ID[c].month, BY_ID[c].index)), what=what)
        if found.card.id not in pool:
            raise InputError(f"{found.card.id} is listed twice or is not in the Tensho deck")
        pool.discard(found.card.id)
        cards.append(found.card.id)
        if found.note:
            notes.append(found.note)
    return cards, notes


@app.command()
def deal(
    match: MatchArg,
    hand: Annotated[list[str], typer.Option("--hand", help="A hand of 6 cards, comma-separated; seat 0 first.")],
    field: Annotated[str, typer.Option("--field", help="The 9 field cards, comma-separated.")],
    pile: Annotated[str | None, typer.Option("--pile", help="The 18-card draw pile, top first, if known.")] = None,
    dead: Annotated[str | None, typer.Option("--dead", help="The 6 dead cards, if known.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record the deal: two hands of 6, 9 field cards, and the draw pile and dead cards if known."""
    if len(hand) != 2:
        raise InputError("give --hand twice: seat 0's six cards, then seat 1's")

    def build(state: TenshoState) -> tuple[list[Payload], list[str]]:
        pool: set[str] = {c.id for c in TENSHO_DECK}
        notes: list[str] = []
        hands = []
        for text in hand:
            cards, more = _card_list(text, pool, "dealt")
            hands.append(tuple(cards))
            notes += more
        field_cards, more = _card_list(field, pool, "dealt")
        notes += more
        pile_cards = _card_list(pile, pool, "dealt") if pile else None
        dead_cards = _card_list(dead, pool, "dealt") if dead else None
        for extra in (pile_cards, dead_cards):
            if extra:
                notes += extra[1]
        payload = TenshoDeal(
            hands=(hands[0], hands[1]),
            field=tuple(field_cards),
            draw_pile=None if pile_cards is None else tuple(pile_cards[0]),
            dead=None if dead_cards is None else tuple(dead_cards[0]),
        )
        return [payload], notes

    _record(db, match, lambda s: _pydantic_input(lambda: build(s)), by, json_out)


def _pydantic_input(make: Any) -> Any:
    """Run ``make``; a payload that pydantic refuses becomes a one-line InputError."""
    from pydantic import ValidationError

    from events.ingest import describe_pydantic

    try:
        return make()
    except ValidationError as exc:
        raise InputError(describe_pydantic(exc)) from None


@app.command()
def triple(
    match: MatchArg,
    cards: Annotated[list[str], typer.Argument(help="The two field cards the dealer takes from a triple.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """The dealer takes two of three same-suit field cards before the first play, then plays second."""

    def build(state: TenshoState) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over:
            raise InputError("no round is in progress")
        if len(cards) != 2:
            raise InputError("name exactly two cards of the triple")
        taken = [resolve(c, rnd.field, what="taken from the field") for c in cards]
        payload = DealerTripleCapture(cards=(taken[0].card.id, taken[1].card.id), seat=rnd.dealer)
        return [payload], [t.note for t in taken if t.note]

    _record(db, match, build, by, json_out)


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

    def build(state: TenshoState) -> tuple[list[Payload], list[str]]:
        mover = _seat(state, seat)
        rnd = state.round
        assert rnd is not None
        chosen = resolve(card, rnd.hands[mover], what=f"played from seat {mover}'s hand")
        payloads: list[Payload] = [TenshoPlay(card=chosen.card.id, seat=mover)]
        notes = [chosen.note] if chosen.note else []
        if rnd.phase == "play" and chosen.card.id in rnd.hands[mover]:
            caps, more = _captures(state, chosen.card.id, capture or [])
            payloads += caps
            notes += more
        return payloads, notes

    _record(db, match, build, by, json_out)


@app.command()
def draw(
    match: MatchArg,
    card: Annotated[str | None, typer.Argument(help="The card turned (default: the known top of the pile).")] = None,
    capture: Annotated[
        list[str] | None, typer.Option("--capture", "-c", help="A field card it takes; repeat for three.")
    ] = None,
    seat: SeatOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Turn the top card of the draw pile, with the capture it makes."""

    def build(state: TenshoState) -> tuple[list[Payload], list[str]]:
        mover = _seat(state, seat)
        rnd = state.round
        assert rnd is not None
        notes: list[str] = []
        if card is None:
            if not rnd.pile:
                raise InputError("the order of the draw pile is not known; name the card drawn")
            drawn = rnd.pile[0]
        else:
            chosen = resolve(card, sorted(rnd.unseen()), what="drawn")
            drawn = chosen.card.id
            notes += [chosen.note] if chosen.note else []
        payloads: list[Payload] = [TenshoDraw(card=drawn, seat=mover)]
        if rnd.phase == "draw" and (rnd.pile is None or rnd.pile[:1] == (drawn,)) and drawn in rnd.unseen():
            caps, more = _captures(state, drawn, capture or [])
            payloads += caps
            notes += more
        return payloads, notes

    _record(db, match, build, by, json_out)


# ---- replay and simulate --------------------------------------------------------------------


@app.command()
def replay(
    match: MatchArg,
    round_no: Annotated[
        int | None, typer.Option("--round", help="Show this round (default: the latest).", min=1)
    ] = None,
    at: Annotated[int | None, typer.Option("--at", help="Show the state right after this seq.", min=1)] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Replay a match: hands, field, captures and yaku at any point, and every round's result."""
    with open_store(db) as store:
        steps = service.read_steps(store, match)
    game = service.game_of(steps)
    if game != "tensho":
        raise InputError(f"replay of {game} matches is not available yet; `taikyoku log {match}` lists its events")
    snap = snapshot(steps, round_no=round_no, at=at)
    data = match_json(match, snap)
    if json_out:
        print_json(data)
        return
    _show_match(data)


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "—"


def _show_match(data: dict[str, Any]) -> None:
    names = [p["name"] for p in data["players"]]
    length = data["length"]
    out.print(
        f"[bold]{data['match_id']}[/bold]: Tensho ({data['ruleset']['id']}), {' vs '.join(names)}, "
        f"{length['count']} {length['unit']}; at seq {data['at_seq']}"
    )
    rnd = data["round"]
    if rnd is not None:
        set_text = f"yaku set {rnd['yaku_set']}" if rnd["yaku_set"] else "yaku set not chosen"
        out.print(
            f"\n[bold]Round {rnd['number']}[/bold]: dealer {names[rnd['dealer']]}, {set_text}; next: {rnd['expects']}"
        )
        table = Table(show_header=True, header_style="bold")
        table.add_column("")
        for name in names:
            table.add_column(name)
        table.add_row("hand", *(_cards(h) for h in rnd["hands"]))
        table.add_row("captured", *(_cards(c) for c in rnd["captured"]))
        table.add_row(
            "yaku",
            *(
                ", ".join(f"{y['name']} {'instant win' if y['instant_win'] else y['points']}" for y in ys) or "—"
                for ys in rnd["yaku"]
            ),
        )
        out.print(table)
        pile = rnd["draw_pile"]
        top = f", top {pile['top']}" if pile["top"] else ""
        out.print(f"field: {_cards(rnd['field'])}")
        out.print(
            f"draw pile: {pile['left']} left{top}" + (f"; being placed: {rnd['pending']}" if rnd["pending"] else "")
        )
    if data["results"]:
        table = Table(title="results", title_justify="left")
        for column in (
            "round",
            "dealer",
            "set",
            "winner",
            "decided by",
            *(f"{n}: yaku / chaff / value" for n in names),
        ):
            table.add_column(column)
        for r in data["results"]:
            table.add_row(
                str(r["round"]),
                names[r["dealer"]],
                str(r["yaku_set"]),
                r["winner_name"] or "draw",
                r["reason"],
                *(
                    f"{p['yaku_points']} / {p['chaff']} / {p['card_value']}"
                    + "".join(f"\n  {y['name']} {'IW' if y['instant_win'] else y['points']}" for y in p["yaku"])
                    for p in r["players"]
                ),
            )
        out.print(table)
        for r in data["results"]:
            out.print(f"round {r['round']}: {r['explanation']}")
    standings = ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))
    done = "final" if data["complete"] else "so far"
    out.print(f"\nstandings ({data['score_unit']}, {done}): {standings}")


simulate_app = typer.Typer(help="Record random legal matches, reproducible from a seed.", no_args_is_help=True)
app.add_typer(simulate_app, name="simulate")


@simulate_app.command("tensho")
def simulate_tensho(
    seed: Annotated[int, typer.Option(help="The random seed: the same seed gives the same match.")] = 1,
    rounds: Annotated[int, typer.Option(help="Rounds in the match.", min=1, max=1000)] = 6,
    match_id: Annotated[str | None, typer.Option("--id", help="The match id (default: tensho-sim-SEED).")] = None,
    player: Annotated[list[str] | None, typer.Option("--player", "-p", help="Two names, in seat order.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A rule option as name=value.")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a random legal Tensho match."""
    from replay.simulate import tensho_events

    names = player or ["East", "West"]
    if len(names) != 2:
        raise InputError("Tensho is played by 2 players; give --player NAME twice")
    match = match_id or f"tensho-sim-{seed}"
    events = tensho_events(seed, rounds, match_id=match, players=names, options=option or ())
    with open_store(db, create=True) as store:
        if store.exists(match):
            raise InputError(f"match {match} already exists in {db}; choose another --id or --db")
        stored = service.check_and_append(store, match, events, expected_seq=0)
    if json_out:
        print_json({"match_id": match, "events": len(stored), "seed": seed, "rounds": rounds})
    else:
        out.print(f"{match}: {len(stored)} events, {rounds} rounds (seed {seed})")
