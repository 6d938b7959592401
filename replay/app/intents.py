"""What a person at the table says, as recording intents: start the round, deal, play this card,
discard that tile, ron, a note at an event. Each intent names the games it records for and builds
its events from the match's state, filling in what the rules leave no choice about (the seat to
move, a forced capture, the known top of the pile). ``recording.record`` checks what it builds by
the fold and appends it; the CLI's commands, table mode and the served pages all make intents here,
so each rule of recording is written once."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from events.cards import resolve
from events.errors import InputError
from events.match import Annotation, Claim, RoundStarted
from events.model import Payload
from replay.app.recording import Build, captures, draw_card, fishing_moves, next_riichi_hand, play_card, seat_to_move
from replay.app.seats import seat_number
from replay.engine.match import MatchView
from replay.games import GAMES
from replay.games.hanafuda.dealt import UNSEEN_WORDS, hanafuda_deal


class _Kind(Collection[str]):
    """The games that fish with cards (hanafuda), or that do not (riichi): each game asked when it
    is the one in question, so recording a Tensho move loads no other game's rules."""

    def __init__(self, *, fishing: bool) -> None:
        self.fishing = fishing

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in GAMES and (GAMES[name].fishing is not None) == self.fishing

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


ALL_GAMES = frozenset(GAMES)
HANAFUDA = _Kind(fishing=True)
RIICHI = _Kind(fishing=False)


def _kinds(of_calls: bool) -> tuple[str, ...]:
    """The calls, or the abortive draws, riichi's events declare (read when a riichi move is made)."""
    from events.riichi import AbortKind, CallKind

    return get_args(CallKind if of_calls else AbortKind)


@dataclass(frozen=True, slots=True)
class Intent:
    """One thing said at the table: the games it records for, and how it becomes events."""

    games: Collection[str]
    build: Build


def _only(made: type[Payload], build: Any) -> Intent:
    """An intent that makes one game's events: the game whose event types these are (the types
    are named after their game: ``tensho.yaku_set_chosen``), so no game is named here."""
    return Intent(frozenset({str(made.EVENT_TYPE).split(".")[0]}), build)


def start_round(
    *,
    dealer: int | None = None,
    wind: str | None = None,
    hand: int | None = None,
    honba: int | None = None,
    sticks: int | None = None,
    scores: str | None = None,
) -> Intent:
    """The next round (riichi: the next hand); what is not given follows from the last one."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if game in RIICHI:
            given = {"wind": wind, "hand": hand, "honba": honba, "sticks": sticks, "scores": scores, "dealer": dealer}
            return [next_riichi_hand(state, **given)], []
        number = len(state.results) + 1
        return [RoundStarted(round=number, dealer=state.next_dealer if dealer is None else dealer)], []

    return Intent(ALL_GAMES, build)


def yaku_set(chosen: int, decided_by: str = "agreement") -> Intent:
    """Tensho: this round's yaku set, 1 (shichi-bu yaku) or 2 (han yaku)."""
    from events.tensho import YakuSetChosen

    if decided_by not in ("agreement", "dealer"):
        raise InputError(f"--decided-by is agreement or dealer, not {decided_by!r}")
    if chosen not in (1, 2):
        raise InputError(f"the yaku set is 1 (shichi-bu yaku) or 2 (han yaku), not {chosen}")
    return _only(YakuSetChosen, lambda g, s: ([YakuSetChosen(by=decided_by, yaku_set=chosen)], []))


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


def deal(
    hand: Sequence[str] = (),
    *,
    field: str | None = None,
    pile: str | None = None,
    dead: str | None = None,
    dora: str | None = None,
) -> Intent:
    """The deal: one hand per seat, and the field (hanafuda) or the first dora indicator (riichi)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if game in RIICHI:
            unseen = [h.strip() in UNSEEN_WORDS for h in hand]
            if not hand or any(unseen):  # the public record: a hand known where it is, the others unseen
                from events.riichi import RiichiUnseenDeal
                from events.tiles import parse, parse_many

                if dora is None:
                    raise InputError("a riichi deal needs the first dora indicator: add --dora TILE")
                known = tuple(None if gone else tuple(parse_many(h)) for h, gone in zip(hand, unseen, strict=True))
                return [RiichiUnseenDeal(dora_indicator=parse(dora), known=known)], []
            return [_riichi_deal(hand, dora)], []
        if field is None:
            raise InputError("a hanafuda deal needs --field")
        return hanafuda_deal(GAMES[game], hand, field, pile, dead)

    return Intent(ALL_GAMES, build)


def triple(cards: Sequence[str]) -> Intent:
    """Tensho: the dealer takes two of three same-suit field cards before the first play."""
    from events.tensho import DealerTripleCapture

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over:
            raise InputError("no round is in progress")
        if len(cards) != 2:
            raise InputError("name exactly two cards of the triple")
        taken = [resolve(c, rnd.field, what="taken from the field") for c in cards]
        payload = DealerTripleCapture(cards=(taken[0].card.id, taken[1].card.id), seat=rnd.dealer)
        return [payload], [t.note for t in taken if t.note]

    return _only(DealerTripleCapture, build)


def play(card: str, capture: Sequence[str] = (), seat: str | None = None) -> Intent:
    """Hanafuda: a card played from the hand, with its capture (a forced one is filled in)."""
    return Intent(HANAFUDA, lambda game, state: play_card(GAMES[game], state, card, capture, seat))


def draw(
    card: str | None = None, capture: Sequence[str] = (), *, rinshan: bool = False, seat: str | None = None
) -> Intent:
    """The top card of the pile turned, with its capture; riichi: a tile drawn."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        if game in RIICHI:
            if capture:
                raise InputError("riichi tiles capture nothing; leave out --capture")
            return [_riichi_draw(state, card, seat_number(state, seat), rinshan)], []
        return draw_card(GAMES[game], state, card, capture, seat)

    return Intent(ALL_GAMES, build)


def capture(taken: Sequence[str]) -> Intent:
    """Hanafuda: the field cards the card just placed takes, when its play or draw was recorded
    without them (none: it takes nothing, where the rules allow)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over or rnd.phase != "capture" or rnd.pending is None:
            raise InputError("no card waits for its capture; play or draw a card with what it takes")
        if not taken:
            return [fishing_moves(GAMES[game]).capture(card=rnd.pending, seat=rnd.to_move, taken=())], []
        return captures(GAMES[game], state, rnd.pending, taken)

    return Intent(HANAFUDA, build)


class _Declaring(Collection[str]):
    """The games that declare an event for a move shared by name (``Game.declared``): go and stop,
    the misdeal, a teyaku shown. Each game is asked only when it is the one in question."""

    def __init__(self, word: str) -> None:
        self.word = word

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in GAMES and self.word in GAMES[name].declared

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def expose(teyaku: str, seat: str) -> Intent:
    """A teyaku shown from a dealt hand, before the first play (Sendai-hana)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        known = GAMES[game].result_words.get("teyaku", ())
        if teyaku not in known:
            raise InputError(f"unknown teyaku {teyaku!r}; use one of: {', '.join(known)}")
        made = GAMES[game].declared["expose"]
        return [made.model_validate({"seat": int(seat_number(state, seat) or 0), "teyaku": teyaku})], []

    return Intent(_Declaring("expose"), build)


def go_or_stop(go: bool, seat: str | None = None) -> Intent:
    """After a new or better yaku, go on (koi-koi) or stop."""
    word = "go" if go else "stop"

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        made = GAMES[game].declared[word]
        return [made.model_validate({"seat": seat_to_move(state, GAMES[game], seat)})], []

    return Intent(_Declaring(word), build)


def misdeal() -> Intent:
    """The deal is void (four cards of one month on the field): the misdeal the fold would accept now."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        made = GAMES[game].declared["misdeal"]
        found = [move for move in GAMES[game].legal_moves(state) if type(move) is made]
        if not found:
            raise InputError("there is no misdeal: no four cards of one month lie on the field")
        return found[:1], []

    return Intent(_Declaring("misdeal"), build)


# ---- riichi ---------------------------------------------------------------------------------


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


def discard(tile: str, *, riichi: bool = False, tsumogiri: bool | None = None, seat: str | None = None) -> Intent:
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

    return Intent(RIICHI, build)


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


def call(kind: str, tiles: str | None = None, seat: str | None = None) -> Intent:
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

    return Intent(RIICHI, build)


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


def dora(indicator: str) -> Intent:
    """Riichi: a kan dora indicator turned over."""
    from events.riichi import DoraRevealed
    from events.tiles import parse

    return Intent(RIICHI, lambda g, s: ([DoraRevealed(indicator=parse(indicator))], []))


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
) -> Intent:  # fmt: skip
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

    return Intent(RIICHI, build)


def ron(seat: str, *, ura: str | None = None, pao: str | None = None, hand: str | None = None) -> Intent:
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

    return Intent(RIICHI, build)


def exhaustive(tenpai: str, shown: Sequence[str] = ()) -> Intent:
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

    return Intent(RIICHI, build)


def abort(kind: str, seat: str | None = None) -> Intent:
    """Riichi: an abortive draw."""
    from events.riichi import AbortiveDraw

    if kind not in _kinds(of_calls=False):
        raise InputError(f"unknown abortive draw {kind!r}; use one of: {', '.join(_kinds(of_calls=False))}")
    return Intent(RIICHI, lambda g, s: ([AbortiveDraw(kind=kind, seat=seat_number(s, seat))], []))


# ---- every game -----------------------------------------------------------------------------


def result(line: Sequence[str]) -> Intent:
    """A round at result depth, without its moves: riichi's one line, hanafuda's captured cards."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        another = rnd is not None and rnd.over and GAMES[game].rules().takes_another_result(line, rnd)
        if rnd is not None and (not rnd.over or another):
            return [GAMES[game].parse_result_line(line, rnd, state.names)], []
        # No round in play: the next one starts as the rules say, and this is its result.
        started, _ = start_round().build(game, state)
        from replay.engine.fold import Step

        step = Step(state.match.last_seq + 1, started[0].EVENT_TYPE, started[0])
        after = GAMES[game].projection().apply(state, step)
        return [*started, GAMES[game].parse_result_line(line, after.round, state.names)], []

    return Intent(ALL_GAMES, build)


def annotate(kind: str, seq: int, text: str) -> Intent:
    """A note, a dispute or a verdict at event ``seq``."""
    return Intent(ALL_GAMES, lambda g, s: ([Annotation(seq=seq, kind=kind, text=text)], []))


def claim(match: str, round_no: int, points: str, *, winner: int | None = None, text: str = "") -> Intent:
    """The result the table agreed on for a round (``audit`` compares it with the computed one)."""
    try:
        values = tuple(int(p) for p in points.split(","))
    except ValueError:
        raise InputError("--points takes whole numbers separated by commas, one per seat, e.g. 300,-300") from None

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        seats = len(state.names)
        if len(values) != seats:
            raise InputError(f"--points needs {seats} numbers, one per seat; got {len(values)}")
        if winner is not None and not 0 <= winner < seats:
            raise InputError(f"--winner {winner} is not a seat (0 to {seats - 1})")
        rnd = state.round
        recorded = len(state.results) + (1 if rnd is not None and not rnd.over else 0)
        if round_no > recorded:
            word = GAMES[game].round_word
            raise InputError(
                f"match {match} has {recorded} {word}{'' if recorded == 1 else 's'} recorded; "
                f"claim one of them (--round 1 to {recorded})"
                if recorded
                else f"match {match} has no {word} recorded yet"
            )
        return [Claim(round=round_no, points=values, winner=winner, text=text)], []

    return Intent(ALL_GAMES, build)


# Each declared move's builder (``Move.builder`` names one; tests/app/test_intents.py checks them all).
_TURNS = (start_round, yaku_set, deal, triple, play, draw, capture, expose, go_or_stop, misdeal)
BUILDERS: dict[str, Callable[..., Intent]] = {
    b.__name__: b for b in (*_TURNS, discard, call, dora, tsumo, ron, exhaustive, abort)
}
