"""Riichi's verbs: the next hand (from the last, or as the table says it), the deal (the public
record: the hands unseen but one's own), a tile drawn, a discard with riichi, a call, a kan dora,
tsumo and ron, the draws. Each builds its events from the match's state (the public record: the
draw a discard implies, a winner's hand laid open); the fold then checks them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast, get_args

from events.errors import InputError
from events.model import Payload
from replay.engine.intents import Build, Builder
from replay.engine.match import MatchView
from replay.engine.words import UNSEEN_WORDS
from replay.games.seats import seat_number


def _kinds(of_calls: bool) -> tuple[str, ...]:
    """The calls, or the abortive draws, riichi's events declare (read when a riichi move is made)."""
    from events.riichi import AbortKind, CallKind

    return get_args(CallKind if of_calls else AbortKind)


def _riichi_deal(hands: Sequence[str], dora: str | None) -> Payload:
    from events.riichi import RiichiDeal
    from events.tiles import parse, parse_many

    if dora is None:
        raise InputError("a riichi deal needs the first dora indicator: add --dora TILE")
    tiles = [tuple(parse_many(h)) for h in hands]
    for seat, tiles_of in enumerate(tiles):
        if len(tiles_of) != 13:
            raise InputError(
                f"seat {seat}'s hand has {len(tiles_of)} tiles; deal 13 (the dealer's 14th is his first draw)"
            )
    return RiichiDeal(hands=tuple(tiles), dora_indicator=parse(dora))


def start_round(
    *,
    dealer: int | None = None,
    wind: str | None = None,
    hand: int | None = None,
    honba: int | None = None,
    sticks: int | None = None,
    scores: str | None = None,
) -> Build:
    """The next hand: what is not given follows from the last one."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        from replay.games.riichi.flow import next_hand
        from replay.games.riichi.state import RiichiState

        riichi = cast(RiichiState, state)  # riichi's builder: its match's state
        made = next_hand(riichi, wind=wind, hand=hand, honba=honba, sticks=sticks, scores=scores, dealer=dealer)
        return [made], []

    return build


def deal(
    hand: Sequence[str] = (),
    *,
    field: str | None = None,
    pile: str | None = None,
    dead: str | None = None,
    dora: str | None = None,
) -> Build:
    """The deal: 13 tiles a seat and the first dora indicator; the public record: a hand known
    where it is, the others unseen."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        hanafuda = next((f"--{name}" for name, v in (("field", field), ("pile", pile), ("dead", dead)) if v), None)
        if hanafuda is not None:
            raise InputError(f"{hanafuda} is a hanafuda deal's; a riichi deal has --dora")
        unseen = [h.strip() in UNSEEN_WORDS for h in hand]
        if not hand or any(unseen):  # the public record: a hand known where it is, the others unseen
            from events.riichi import RiichiUnseenDeal
            from events.tiles import parse, parse_many

            if dora is None:
                raise InputError("a riichi deal needs the first dora indicator: add --dora TILE")
            known = tuple(None if gone else tuple(parse_many(h)) for h, gone in zip(hand, unseen, strict=True))
            return [RiichiUnseenDeal(dora_indicator=parse(dora), known=known)], []
        return [_riichi_deal(hand, dora)], []

    return build


def draw(
    card: str | None = None, capture: Sequence[str] = (), *, rinshan: bool = False, seat: str | None = None
) -> Build:
    """A tile drawn (from the dead wall after a kan: rinshan)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if capture:
            raise InputError("riichi tiles capture nothing; leave out --capture")
        return [_riichi_draw(state, card, seat_number(state, seat), rinshan)], []

    return build


def _round(state: MatchView) -> Any:
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no hand is in progress; start one with `taikyoku round MATCH`")
    return rnd


def _mover(state: MatchView, seat: str | None) -> int:
    rnd = _round(state)
    chosen = seat_number(state, seat)
    return int(rnd.to_move if chosen is None else chosen)


def _riichi_draw(state: MatchView, tile: str | None, seat: int | None, rinshan: bool) -> Payload:
    from events.riichi import RiichiDraw
    from events.tiles import parse

    rnd = _round(state)
    if tile is None:
        raise InputError("name the tile drawn, e.g. `taikyoku draw MATCH 5m`")
    if seat is None:
        seat = rnd.to_move if rnd.phase in ("draw", "rinshan") else (rnd.to_move + 1) % rnd.players
    return RiichiDraw(seat=seat, tile=parse(tile), rinshan=rinshan or rnd.phase == "rinshan")


def _implied_draw(state: MatchView) -> list[Payload]:
    """The public record: the draw a discard or a tsumo implies, when the seat to draw holds unseen
    tiles (nobody saw the tile drawn); none when it has drawn already or its hand is known."""
    from events.riichi import RiichiUnseenDraw
    from replay.games.riichi.shape import UNSEEN

    rnd = _round(state)
    if rnd.phase not in ("draw", "after_discard", "rinshan"):
        return []
    drawer = (rnd.to_move + 1) % rnd.players if rnd.phase == "after_discard" else rnd.to_move
    if UNSEEN not in rnd.hands[drawer]:
        return []
    return [RiichiUnseenDraw(seat=drawer, rinshan=rnd.phase == "rinshan")]


def discard(tile: str, *, riichi: bool = False, tsumogiri: bool | None = None, seat: str | None = None) -> Build:
    """Riichi: a tile discarded, declaring riichi with it if said (the public record: the draw
    before it is implied)."""
    from events.riichi import RiichiDeclared, RiichiDiscard
    from events.tiles import parse

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        events = _implied_draw(state)
        implied = bool(events)  # the draw before it, unseen: the record cannot tell its tile
        rnd = _round(state)
        mover = events[0].seat if events else _mover(state, seat)  # type: ignore[attr-defined]
        if implied and seat is not None and seat_number(state, seat) != mover:
            raise InputError(f"it is {state.names[mover]}'s turn to draw and discard")
        chosen = parse(tile)
        if riichi:
            events.append(RiichiDeclared(seat=mover))
        in_riichi = mover < len(rnd.riichi) and rnd.riichi[mover]  # after riichi a discard is the tile drawn
        moved = tsumogiri if tsumogiri is not None else (in_riichi or (chosen == rnd.last_drawn and not implied))
        events.append(RiichiDiscard(seat=mover, tile=chosen, tsumogiri=moved))
        return events, []

    return build


def _shown(state: MatchView, winner: int, hand: str | None, drawn: str | None) -> list[Payload]:
    """The public record: a winner's hand laid open before the win (``hand``: the concealed tiles
    without the winning one; ``drawn``: a tsumo's winning tile)."""
    from events.riichi import RiichiHandShown
    from events.tiles import parse, parse_many
    from replay.games.riichi.shape import UNSEEN

    rnd = _round(state)
    if hand is None:
        if UNSEEN in rnd.hands[winner]:
            raise InputError(f"{state.names[winner]}'s hand is not known: lay it open with --hand TILES "
                             "(the concealed tiles without the winning one)")  # fmt: skip
        return []
    tiles = tuple(parse_many(hand))
    won_on = parse(drawn) if drawn else None
    return [RiichiHandShown(seat=winner, tiles=(*tiles, won_on) if won_on else tiles, drawn=won_on)]


def call(kind: str, tiles: str | None = None, seat: str | None = None) -> Build:
    """Riichi: chi, pon or an open kan on the last discard; a closed or added kan; a north."""
    from events.riichi import RiichiCall
    from events.tiles import parse_many

    if kind not in _kinds(of_calls=True):
        raise InputError(f"unknown call {kind!r}; use one of: {', '.join(_kinds(of_calls=True))}")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = _round(state)
        meld = tuple(parse_many(tiles)) if tiles else ()
        if kind in ("kita", "ankan", "kakan"):  # on one's own turn: the public record implies the draw before it
            drawn = _implied_draw(state)
            mover = drawn[0].seat if drawn else _mover(state, seat)  # type: ignore[attr-defined]
            if kind == "kita":
                return [*drawn, RiichiCall(kind="kita", seat=mover, tiles=("4z",))], []
            if not meld:
                raise InputError(f"name the tiles of the {kind}, e.g. `call MATCH {kind} 5555m`")
            added = meld[-1] if kind == "kakan" else None
            return [*drawn, RiichiCall(kind=kind, seat=mover, tiles=meld, called=added)], []
        if rnd.last_discard is None:
            raise InputError(f"there is no discard to {kind}")
        discarder, taken = rnd.last_discard
        named = seat_number(state, seat)
        caller = named if named is not None else (discarder + 1) % rnd.players if kind == "chi" else None
        if caller is None:  # a pon or open kan: the one seat whose hand holds the rest of the meld
            holders = [s for s in range(rnd.players) if s != discarder and _holds(rnd.hands[s], meld, taken)]
            if len(holders) != 1:
                raise InputError(f"say who calls {kind} with --seat")
            caller = holders[0]
        return [RiichiCall(kind=kind, seat=caller, tiles=meld, called=taken, from_seat=discarder)], []

    return build


def _holds(hand: Sequence[str], meld: Sequence[str], taken: str) -> bool:
    """Whether ``hand`` holds the tiles of ``meld`` other than the one ``taken`` from a discard."""
    rest = list(meld)
    if taken in rest:
        rest.remove(taken)
    held = list(hand)
    for tile in rest:
        if tile not in held:
            return False
        held.remove(tile)
    return True


def dora(indicator: str) -> Build:
    """Riichi: a kan dora indicator turned over."""
    from events.riichi import DoraRevealed
    from events.tiles import parse

    return lambda g, s: ([DoraRevealed(indicator=parse(indicator))], [])


def _ura(text: str | None, state: MatchView, winner: int) -> tuple[str, ...]:
    """The ura indicators as said; "none" when none were turned. A winner in riichi says them (or
    none): the table turns them before the hand is scored."""
    from events.tiles import parse_many

    rnd = state.round
    if text is None and rnd is not None and winner < len(rnd.riichi) and rnd.riichi[winner]:
        raise InputError(f"{state.names[winner]} is in riichi: turn the ura indicators and say them with --ura, "
                         "e.g. --ura 8m (or --ura none)")  # fmt: skip
    if text is None or text.strip().lower() in ("", "none"):
        return ()
    return tuple(parse_many(text))


def tsumo(
    seat: str | None = None, *, ura: str | None = None, pao: str | None = None, hand: str | None = None,
    drawn: str | None = None,
) -> Build:  # fmt: skip
    """Riichi: a win on the tile just drawn (the public record: the hand laid open, the draw implied)."""
    from events.riichi import RiichiWin

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        events = _implied_draw(state)
        winner = events[0].seat if events else _mover(state, seat)  # type: ignore[attr-defined]
        if hand is not None and drawn is None:
            raise InputError("a tsumo laid open names its winning tile too: --drawn TILE")
        events += _shown(state, winner, hand, drawn)
        liable = seat_number(state, pao)
        events.append(RiichiWin(kind="tsumo", seat=winner, ura_indicators=_ura(ura, state, winner), pao_seat=liable))
        return events, []

    return build


def ron(seat: str, *, ura: str | None = None, pao: str | None = None, hand: str | None = None) -> Build:
    """Riichi: a win on the last discard (or on the tile of an added kan); the public record: the
    winner's hand laid open with --hand."""
    from events.riichi import RiichiWin

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        target = None if rnd is None else (rnd.kakan or rnd.last_discard)
        from_seat = None if target is None else target[0]
        winner, liable = seat_number(state, seat), seat_number(state, pao)
        assert winner is not None
        ura_indicators = _ura(ura, state, winner)
        shown = _shown(state, winner, hand, None) if rnd is not None and not rnd.over else []
        return [
            *shown,
            RiichiWin(kind="ron", seat=winner, from_seat=from_seat, ura_indicators=ura_indicators, pao_seat=liable),
        ], []

    return build


def exhaustive(tenpai: str, shown: Sequence[str] = ()) -> Build:
    """Riichi: the wall is empty; the tenpai seats (numbers, winds or names, comma-separated, or
    none); the public record: each tenpai hand laid open (``shown``: SEAT=TILES)."""
    from events.riichi import ExhaustiveDraw, RiichiHandShown
    from events.tiles import parse_many

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        words = [] if tenpai.strip().lower() == "none" else [w for w in tenpai.split(",") if w.strip()]
        seats = tuple(int(seat_number(state, w) or 0) for w in words)
        opened: list[Payload] = []
        for text in shown:
            who, sep, tiles = text.partition("=")
            if not sep or not tiles.strip():
                raise InputError(
                    f"--shown {text!r}: give a tenpai hand as SEAT=TILES, e.g. --shown Mika=123m456p789s1122z"
                )
            seat_of = int(seat_number(state, who.strip()) or 0)
            opened.append(RiichiHandShown(seat=seat_of, tiles=tuple(parse_many(tiles))))
        return [*opened, ExhaustiveDraw(tenpai=seats)], []

    return build


def abort(kind: str, seat: str | None = None) -> Build:
    """Riichi: an abortive draw."""
    from events.riichi import AbortiveDraw

    if kind not in _kinds(of_calls=False):
        raise InputError(f"unknown abortive draw {kind!r}; use one of: {', '.join(_kinds(of_calls=False))}")
    return lambda g, s: ([AbortiveDraw(kind=kind, seat=seat_number(s, seat))], [])


BUILDERS: dict[str, Builder] = {
    "start_round": start_round, "deal": deal, "draw": draw, "discard": discard, "call": call, "dora": dora,
    "tsumo": tsumo, "ron": ron, "exhaustive": exhaustive, "abort": abort,
}  # fmt: skip
