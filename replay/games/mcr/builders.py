"""MCR's verbs: the next hand, the deal, a draw, a discard, the claims, a flower, mahjong and a
false one, a drawn hand. Each builds its events from the match's state (whom a claim is from, the
seat to move); the fold then checks them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from events.errors import InputError
from events.match import RoundStarted
from events.mcr import FLOWERS, McrDeal, McrDiscard, McrDraw, McrDrawnHand, McrFalseWin, McrFlower, McrMeld, McrWin
from events.model import Payload
from replay.engine.intents import Build, Builder
from replay.engine.match import MatchView
from replay.games.mcr.state import SEATS, McrRound
from replay.games.mcr.tiles import one as one_tile
from replay.games.mcr.tiles import parse as parse_tiles
from replay.games.seats import seat_number


def _none_of(others: dict[str, object], verb: str, takes: str) -> None:
    given = [name for name, value in others.items() if value not in (None, False, (), [])]
    if given:
        raise InputError(f"--{given[0]} is not MCR's; its {verb} takes {takes}")


def _hand(state: MatchView) -> McrRound:
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no hand is in play; start one with `round`")
    if rnd.phase != "play":
        raise InputError("the hand is not dealt yet: record the deal first (or its result, with `result`)")
    return cast(McrRound, rnd)


def _seat(state: MatchView, text: str | None, default: int) -> int:
    chosen = seat_number(state, text)
    return default if chosen is None else chosen


def start_round(*, dealer: int | None = None, **others: object) -> Build:
    _none_of(others, "round", "only --dealer (the deal passes every hand)")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        chosen = state.next_dealer if dealer is None else dealer
        return [RoundStarted(round=len(state.results) + 1, dealer=chosen)], []

    return build


def deal(hand: Sequence[str] = (), **others: object) -> Build:
    _none_of(others, "deal", "one --hand per seat, seat 0 first (the dealer's 14 tiles)")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if len(hand) != SEATS:
            raise InputError(f"an MCR deal is {SEATS} hands, one --hand per seat; {len(hand)} given")
        return [McrDeal(hands=tuple(tuple(parse_tiles(h)) for h in hand))], []

    return build


def draw(card: str | None = None, *, replacement: bool = False, seat: str | None = None, **others: object) -> Build:
    _none_of(others, "draw", "the tile, --replacement and --seat")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        if card is None:
            raise InputError("say the tile drawn: `draw 5m` (the wall's order is not recorded)")
        owed = rnd.owes is not None
        mover = rnd.owes if rnd.owes is not None else rnd.to_move
        tile = one_tile(card)
        return [McrDraw(seat=_seat(state, seat, mover), tile=tile, replacement=replacement or owed)], []

    return build


def discard(tile: str, seat: str | None = None, **others: object) -> Build:
    _none_of(others, "discard", "the tile and --seat")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        said = one_tile(tile)
        if said in FLOWERS:
            raise InputError(f"{said} is a flower: set it aside with `flower {said}`; it is never discarded")
        return [McrDiscard(seat=_seat(state, seat, rnd.to_move), tile=said)], []

    return build


def _last_discard(rnd: McrRound) -> tuple[int, str]:
    if rnd.step != "draw" or rnd.last_discard is None:
        raise InputError("there is no discard to claim now")
    return rnd.last_discard


def chow(tiles: str, seat: str | None = None) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        giver, _ = _last_discard(rnd)
        made = tuple(parse_tiles(tiles))
        if len(made) != 3:
            raise InputError(f"a chow is three tiles in a row, e.g. 345m; {tiles!r} is {len(made)}")
        return [McrMeld(kind="chow", seat=_seat(state, seat, rnd.after(giver)), tiles=made)], []

    return build


def pung(seat: str) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        _, tile = _last_discard(rnd)
        return [McrMeld(kind="pung", seat=_seat(state, seat, rnd.to_move), tiles=(tile,) * 3)], []

    return build


def kong(tile: str | None = None, seat: str | None = None) -> Build:
    """On the last discard when a seat claims it; else the mover's own: four in hand (concealed)
    or the fourth added to its pung."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        if rnd.step == "draw" and rnd.last_discard is not None and tile is None:
            if seat is None:
                raise InputError("say who claims the discard for a kong: --seat")
            taken = rnd.last_discard[1]
            return [McrMeld(kind="kong", seat=_seat(state, seat, rnd.to_move), tiles=(taken,) * 4)], []
        if tile is None:
            raise InputError("say the kong's tile: `kong 7p` (four in hand, or the fourth added to a pung)")
        mover = _seat(state, seat, rnd.to_move)
        kind = one_tile(tile)
        added = any(m.kind == "pung" and m.tiles[0] == kind for m in rnd.melds[mover])
        made = McrMeld(kind="added_kong" if added else "concealed_kong", seat=mover, tiles=(kind,) * 4)
        return [made], []

    return build


def flower(flower: str, seat: str | None = None) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        said = one_tile(flower)
        if said not in FLOWERS:
            raise InputError(f"{said} is no flower: the flowers and seasons are 1f to 8f (a tile is discarded)")
        holder = next((s for s in range(SEATS) if said in rnd.hands[s]), rnd.to_move) if rnd.opening else rnd.to_move
        return [McrFlower(seat=_seat(state, seat, holder), flower=said)], []

    return build


def mahjong(seat: str | None = None, discarder: str | None = None) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _hand(state)
        giver = seat_number(state, discarder)
        if giver is None and rnd.robbable is None and rnd.step == "draw" and rnd.last_discard is not None:
            giver = rnd.last_discard[0]  # after a discard, a win is on it
        if giver is None and rnd.robbable is not None:
            giver = rnd.robbable[0]
        winner = seat_number(state, seat)
        if winner is None:
            if giver is not None:
                raise InputError("say who wins on the discard: --seat")
            winner = rnd.to_move
        return [McrWin(seat=winner, from_seat=giver)], []

    return build


def false_mahjong(seat: str) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if state.round is None or state.round.over:
            raise InputError("no hand is in play; a false mahjong is declared during one")
        return [McrFalseWin(seat=_seat(state, seat, 0))], []

    return build


def drawn_hand() -> Build:
    return lambda game, state: ([McrDrawnHand()], [])


BUILDERS: dict[str, Builder] = {
    "start_round": start_round, "deal": deal, "draw": draw, "discard": discard, "chow": chow, "pung": pung,
    "kong": kong, "flower": flower, "mahjong": mahjong, "false_mahjong": false_mahjong, "drawn_hand": drawn_hand,
}  # fmt: skip
