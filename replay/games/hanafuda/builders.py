"""The hanafuda games' verbs (Tensho, Sendai-hana, koi-koi): the next round, the deal, a card
played or drawn with what it captures (a forced capture filled in), a capture said after its card,
a teyaku shown, go or stop, a misdeal. Each builds its events from the match's state; the fold
then checks them. Tensho adds its own in ``replay/games/tensho/builders.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from events.cards import resolve
from events.errors import InputError
from events.hanafuda import CardCapture, PlacedCard
from events.match import RoundStarted
from events.model import Payload
from replay.engine.game import FishingMoves, Game
from replay.engine.intents import Build, Builder
from replay.engine.match import MatchView
from replay.games import GAMES
from replay.games.hanafuda.dealt import hanafuda_deal
from replay.games.hanafuda.fishing import forced_capture, matches
from replay.games.hanafuda.table import UNSEEN
from replay.games.seats import seat_number


def seat_to_move(state: MatchView, game: Game, given: str | None) -> int:
    """The seat whose turn it is; ``given`` (a number, wind or name) must be that seat."""
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no round is in progress; start one with `taikyoku round MATCH`")
    seat = seat_number(state, given)
    if seat is not None and seat != rnd.to_move:
        expects = game.view().expects(rnd, state.names)
        raise InputError(f"it is seat {rnd.to_move}'s turn ({expects}), not seat {seat}")
    return int(rnd.to_move)


def fishing_moves(game: Game) -> FishingMoves:
    """The turn of play, draw and capture of a hanafuda game."""
    assert game.fishing is not None
    return game.fishing


def _capture(moves: FishingMoves) -> type[CardCapture]:
    """The game's capture event, typed as every hanafuda capture is (its descriptor holds it as a payload)."""
    return cast(type[CardCapture], moves.capture)


def _placed(kind: type[Payload]) -> type[PlacedCard]:
    """The game's play or draw event, typed as every card placed is."""
    return cast(type[PlacedCard], kind)


def captures(game: Game, state: MatchView, card: str, given: Sequence[str]) -> tuple[list[Payload], list[str]]:
    """The capture a card placed on the field makes: as given, or the one the rules force (the
    only card of its month there, or all three); refused when the table must choose."""
    rnd = state.round
    seat = rnd.to_move
    moves = fishing_moves(game)
    if card in moves.alone:
        return [_capture(moves)(card=card, seat=seat, taken=())], [f"{card} goes straight to the scoring area"]
    found = matches(card, rnd.field)
    if not found:
        if given:
            raise InputError(f"{card} matches nothing on the field, so it captures nothing; leave out --capture")
        return [], []
    if given:
        taken = [resolve(t, found, what="captured").card.id for t in given]
        return [_capture(moves)(card=card, seat=seat, taken=tuple(taken))], []
    forced = forced_capture(found)
    if forced is None:
        raise InputError(f"{card} matches {' and '.join(found)} on the field; say which it takes with --capture CARD")
    return [_capture(moves)(card=card, seat=seat, taken=forced)], [f"{card} takes {', '.join(forced)}"]


def start_round(
    *,
    dealer: int | None = None,
    wind: str | None = None,
    hand: int | None = None,
    honba: int | None = None,
    sticks: int | None = None,
    scores: str | None = None,
) -> Build:
    """The next round: its number follows the last, its dealer as the rules say (or as given); the
    words of a riichi hand's start are refused."""
    riichi_only = {"wind": wind, "hand": hand, "honba": honba, "sticks": sticks, "scores": scores}
    given = [name for name, value in riichi_only.items() if value is not None]
    if given:
        raise InputError(f"--{given[0]} is a riichi hand's; a hanafuda round takes only --dealer")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        number = len(state.results) + 1
        return [RoundStarted(round=number, dealer=state.next_dealer if dealer is None else dealer)], []

    return build


def deal(
    hand: Sequence[str] = (),
    *,
    field: str | None = None,
    pile: str | None = None,
    dead: str | None = None,
    dora: str | None = None,
) -> Build:
    """The deal: one hand per seat and the field (the pile's order and the dead cards if known)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if dora is not None:
            raise InputError("--dora is a riichi deal's; a hanafuda deal has --field")
        if field is None:
            raise InputError("a hanafuda deal needs --field")
        return hanafuda_deal(GAMES[game], hand, field, pile, dead)

    return build


def play(card: str, capture: Sequence[str] = (), seat: str | None = None) -> Build:
    """A card played from the hand by the seat to move, with the capture it makes (as given, or the
    one the rules force)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rules = GAMES[game]
        mover = seat_to_move(state, rules, seat)
        rnd = state.round
        hand = rnd.hands[mover]
        unseen_hand = UNSEEN in hand  # the public record: any card not yet seen may be played
        known = [c for c in hand if c != UNSEEN]
        pool = sorted({*known, *rnd.unseen()}) if unseen_hand else hand
        chosen = resolve(card, pool, what=f"played from seat {mover}'s hand")
        payloads: list[Payload] = [_placed(fishing_moves(rules).play)(card=chosen.card.id, seat=mover)]
        notes = [chosen.note] if chosen.note else []
        if rnd.phase == "play" and chosen.card.id in pool:
            caps, more = captures(rules, state, chosen.card.id, capture)
            payloads += caps
            notes += more
        return payloads, notes

    return build


def draw(
    card: str | None = None, capture: Sequence[str] = (), *, rinshan: bool = False, seat: str | None = None
) -> Build:
    """The seat to move turns the top of the pile (``card``, or the known top card), with the
    capture it makes."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if rinshan:
            raise InputError("--rinshan is a riichi draw's; a hanafuda draw turns the top of the pile")
        rules = GAMES[game]
        mover = seat_to_move(state, rules, seat)
        rnd = state.round
        notes: list[str] = []
        if card is None:
            if not rnd.pile:
                raise InputError("the order of the draw pile is not known; name the card drawn")
            drawn = rnd.pile[0]
        else:
            chosen = resolve(card, sorted(rnd.unseen()), what="drawn")
            drawn = chosen.card.id
            notes += [chosen.note] if chosen.note else []
        payloads: list[Payload] = [_placed(fishing_moves(rules).draw)(card=drawn, seat=mover)]
        if rnd.phase == "draw" and (rnd.pile is None or rnd.pile[:1] == (drawn,)) and drawn in rnd.unseen():
            caps, more = captures(rules, state, drawn, capture)
            payloads += caps
            notes += more
        return payloads, notes

    return build


def capture(taken: Sequence[str]) -> Build:
    """The field cards the card just placed takes, when its play or draw was recorded without them
    (none: it takes nothing, where the rules allow)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over or rnd.phase != "capture" or rnd.pending is None:
            raise InputError("no card waits for its capture; play or draw a card with what it takes")
        if not taken:
            return [_capture(fishing_moves(GAMES[game]))(card=rnd.pending, seat=rnd.to_move, taken=())], []
        return captures(GAMES[game], state, rnd.pending, taken)

    return build


def _declared(game: str, word: str) -> type[Payload]:
    made = GAMES[game].declared.get(word)
    if made is None:
        raise InputError(f"{GAMES[game].title} has no {word}")
    return made


def expose(teyaku: str, seat: str) -> Build:
    """A teyaku shown from a dealt hand, before the first play (Sendai-hana)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        made = _declared(game, "expose")
        known = GAMES[game].result_words.get("teyaku", ())
        if teyaku not in known:
            raise InputError(f"unknown teyaku {teyaku!r}; use one of: {', '.join(known)}")
        return [made.model_validate({"seat": int(seat_number(state, seat) or 0), "teyaku": teyaku})], []

    return build


def go_or_stop(go: bool, seat: str | None = None) -> Build:
    """After a new or better yaku, go on (koi-koi) or stop."""
    word = "go" if go else "stop"

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        made = _declared(game, word)
        return [made.model_validate({"seat": seat_to_move(state, GAMES[game], seat)})], []

    return build


def misdeal() -> Build:
    """The deal is void (four cards of one month on the field): the misdeal the fold would accept now."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        made = _declared(game, "misdeal")
        found = [move for move in GAMES[game].legal_moves(state) if type(move) is made]
        if not found:
            raise InputError("there is no misdeal: no four cards of one month lie on the field")
        return found[:1], []

    return build


BUILDERS: dict[str, Builder] = {
    "start_round": start_round, "deal": deal, "play": play, "draw": draw, "capture": capture,
    "expose": expose, "go_or_stop": go_or_stop, "misdeal": misdeal,
}  # fmt: skip
