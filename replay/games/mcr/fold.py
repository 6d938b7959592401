"""MCR's fold: each event checked against the hand before it, and the hand it makes. Pure; the
codes a refusal carries are stable (docs/mcr.md lists them).

A hand: the deal (13 tiles a seat, 14 the dealer's), the flowers dealt set aside and replaced,
then turns: draw, discard; a discard may be claimed for a chow (the next seat only), a pung or a
kong (any other seat), or mahjong. A kong, concealed or added, and a flower are followed by a
replacement tile; a pung's added tile may be robbed for mahjong. The wall holds 144 tiles: a
hand whose wall runs out with nobody winning is a draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from events.match import MatchEnded, MatchStarted, RoundStarted
from events.mcr import (
    FLOWERS,
    WALL,
    McrDeal,
    McrDiscard,
    McrDraw,
    McrDrawnHand,
    McrFalseWin,
    McrFansDeclared,
    McrFlower,
    McrHandDeclared,
    McrMeld,
    McrWin,
)
from events.model import Payload
from replay.engine.fold import IllegalEvent, Step
from replay.engine.match import RoundsFold
from replay.games.mcr import pricing
from replay.games.mcr.fans import BY_ID, FLOWER_TILES, excluded_by
from replay.games.mcr.options import RULESETS, options_of
from replay.games.mcr.state import SEATS, McrOptions, McrResult, McrRound, McrState, Meld, turn_order

DEALT = 13 * SEATS + 1


def _illegal(code: str, reason: str, step: Step) -> IllegalEvent:
    return IllegalEvent(code, reason, seq=step.seq, event_type=step.type)


def _with(seq: tuple[tuple[str, ...], ...], seat: int, tiles: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tiles if s == seat else one for s, one in enumerate(seq))


def _without(tiles: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...] | None:
    """``tiles`` less ``taken`` (each once), or None if they are not all there."""
    left = list(tiles)
    for tile in taken:
        if tile not in left:
            return None
        left.remove(tile)
    return tuple(left)


def _known(rnd: McrRound) -> Counter[str]:
    """Every tile the hand has shown or dealt so far, by kind."""
    seen: Counter[str] = Counter()
    for seat in range(SEATS):
        seen.update(rnd.hands[seat])
        seen.update(rnd.flowers[seat])
        seen.update(rnd.rivers[seat])
        for meld in rnd.melds[seat]:
            seen.update(meld.tiles)
    return seen


def _copies(tile: str) -> int:
    return 1 if tile in FLOWERS else 4


class McrProjection(RoundsFold[McrOptions, McrRound, McrResult]):
    """The fold: the match-level checks every game shares, then the hand's own."""

    NO_ROUND = ("mcr.hand.not_started", "no hand is in play; record round_started first")

    def __init__(self) -> None:
        super().__init__(RULESETS)

    def match_event(self, state: McrState, step: Step, payload: Payload) -> McrState:
        if isinstance(payload, RoundStarted):
            if state.round is not None and not state.round.over:
                raise _illegal("mcr.hand.unfinished", f"hand {state.round.number} is not over yet", step)
            if state.match.started is not None and payload.dealer != state.next_dealer:
                raise _illegal("mcr.hand.wrong_dealer", f"seat {state.next_dealer} deals hand {payload.round}, "
                               f"not seat {payload.dealer}: the deal passes every hand", step)  # fmt: skip
            if payload.round != len(state.results) + 1:
                raise _illegal("mcr.hand.wrong_number", f"the next hand is hand {len(state.results) + 1}, "
                               f"not {payload.round}", step)  # fmt: skip
        if isinstance(payload, MatchEnded) and payload.reason == "completed" and not state.complete:
            played = len(state.results)
            length = state.match.started.length.count if state.match.started is not None else played
            raise _illegal("mcr.match.not_complete", f"hands finished: {played} of {length}; to end the match now, "
                           "record reason abandoned", step)  # fmt: skip
        match = self.match.apply(state.match, step)
        if isinstance(payload, MatchStarted):
            return state._replace(match=match, options=options_of(payload))
        if isinstance(payload, RoundStarted):
            assert state.options is not None and state.match.started is not None  # checked by the match's fold
            wind = (payload.round - 1) // SEATS % SEATS
            first, seating = state.match.started.first_dealer, state.options.seating
            order = turn_order(seating, first, payload.round)
            following = turn_order(seating, first, payload.round + 1)[0]
            return state._replace(match=match, round=McrRound(payload.round, payload.dealer, wind, order, following))
        return state._replace(match=match)

    def round_event(self, rnd: McrRound, payload: Payload, options: McrOptions, step: Step) -> McrRound:
        if isinstance(payload, McrFalseWin):
            fine = options.false_win
            paid = tuple(p - fine * (SEATS - 1) if s == payload.seat else p + fine
                         for s, p in enumerate(rnd.penalties))  # fmt: skip
            return replace(rnd, penalties=paid)
        if isinstance(payload, McrFansDeclared | McrHandDeclared):
            return self._declared(rnd, payload, options, step)
        if isinstance(payload, McrDrawnHand):
            if rnd.phase == "play" and rnd.wall > 0:
                raise _illegal("mcr.draw.wall_not_empty", f"tiles left in the wall: {rnd.wall}; a hand is drawn only "
                               "when the wall is empty and the last discard finds no taker", step)  # fmt: skip
            if rnd.phase == "play" and (rnd.step != "draw" or rnd.owes is not None):
                raise _illegal("mcr.draw.discard_first", "the wall's last tile is drawn: its player discards (or "
                               "wins) before the hand is drawn", step)  # fmt: skip
            result = McrResult(rnd.number, rnd.dealer, None, None, (), rnd.penalties,
                               "moves" if rnd.phase == "play" else "result", None, rnd.following)  # fmt: skip
            return replace(rnd, phase="over", result=result)
        if isinstance(payload, McrDeal):
            return self._deal(rnd, payload, step)
        if rnd.phase != "play":
            raise _illegal("mcr.hand.not_dealt", "the hand is not dealt yet; record the deal first", step)
        if isinstance(payload, McrDraw):
            return self._draw(rnd, payload, step)
        if rnd.owes is not None and not isinstance(payload, McrWin):
            raise _illegal("mcr.replacement.owed", f"seat {rnd.owes} draws a replacement tile first", step)
        if isinstance(payload, McrDiscard):
            return self._discard(rnd, payload, step)
        if isinstance(payload, McrFlower):
            return self._flower(rnd, payload, step)
        if isinstance(payload, McrMeld):
            return self._meld(rnd, payload, step)
        if isinstance(payload, McrWin):
            return self._win(rnd, payload, options, step)
        raise _illegal("mcr.event.wrong_game", f"an MCR match has no {step.type} events", step)

    # ---- the deal and the turn ------------------------------------------------------------------------

    def _deal(self, rnd: McrRound, deal: McrDeal, step: Step) -> McrRound:
        if rnd.phase != "deal":
            raise _illegal("mcr.deal.twice", f"hand {rnd.number} is already dealt", step)
        sizes = [len(hand) for hand in deal.hands]
        wanted = [14 if seat == rnd.dealer else 13 for seat in range(SEATS)]
        if sizes != wanted:
            raise _illegal("mcr.deal.size", f"the dealer (seat {rnd.dealer}) is dealt 14 tiles and the others 13, "
                           f"not {sizes}", step)  # fmt: skip
        counted = Counter(tile for hand in deal.hands for tile in hand)
        over = sorted(tile for tile, n in counted.items() if n > _copies(tile))
        if over:
            raise _illegal("mcr.tile.too_many", f"{over[0]} is dealt {counted[over[0]]} times; the wall holds "
                           f"{_copies(over[0])}", step)  # fmt: skip
        hands = tuple(tuple(sorted(hand)) for hand in deal.hands)
        return replace(rnd, phase="play", hands=hands, to_move=rnd.dealer, step="discard",
                       drawn=deal.hands[rnd.dealer][-1], wall=WALL - DEALT)  # fmt: skip

    def _draw(self, rnd: McrRound, draw: McrDraw, step: Step) -> McrRound:
        if rnd.wall == 0:
            raise _illegal("mcr.wall.empty", "the wall is empty: the hand is a draw unless the last discard "
                           "is claimed", step)  # fmt: skip
        if rnd.owes is not None:
            if draw.seat != rnd.owes or not draw.replacement:
                raise _illegal("mcr.replacement.owed", f"seat {rnd.owes} draws a replacement tile first "
                               "(--replacement)", step)  # fmt: skip
        elif rnd.step != "draw" or draw.seat != rnd.to_move:
            doing = "discard" if rnd.step == "discard" else "draw"
            raise _illegal("mcr.turn.wrong_seat", f"it is seat {rnd.to_move}'s turn to {doing}, not seat "
                           f"{draw.seat}'s to draw", step)  # fmt: skip
        elif draw.replacement:
            raise _illegal("mcr.replacement.none_owed", "no flower or kong is waiting for a replacement tile", step)
        if _known(rnd)[draw.tile] >= _copies(draw.tile):
            raise _illegal("mcr.tile.too_many", f"every {draw.tile} is already out of the wall", step)
        hands = _with(rnd.hands, draw.seat, tuple(sorted((*rnd.hands[draw.seat], draw.tile))))
        kong = rnd.owes is not None and rnd.replacing == "kong"
        mover = rnd.to_move if rnd.opening and rnd.owes is not None else draw.seat
        drawn = draw.tile if draw.seat == mover else rnd.drawn
        return replace(rnd, hands=hands, wall=rnd.wall - 1, to_move=mover, step="discard", owes=None, replacing="",
                       drawn=drawn, kong_draw=kong, last_discard=None, robbable=None)  # fmt: skip

    def _in_turn(self, rnd: McrRound, seat: int, doing: str, step: Step) -> None:
        if rnd.step != "discard" or seat != rnd.to_move:
            raise _illegal("mcr.turn.wrong_seat", f"it is seat {rnd.to_move}'s turn to {rnd.step}, not seat "
                           f"{seat}'s to {doing}", step)  # fmt: skip

    def _discard(self, rnd: McrRound, discard: McrDiscard, step: Step) -> McrRound:
        self._in_turn(rnd, discard.seat, "discard", step)
        left = _without(rnd.hands[discard.seat], (discard.tile,))
        if left is None:
            raise _illegal("mcr.tile.not_in_hand", f"{discard.tile} is not in seat {discard.seat}'s hand", step)
        if any(tile in FLOWERS for tile in left) and rnd.opening:
            raise _illegal("mcr.flower.not_replaced", "set the flowers dealt aside and replace them before the "
                           "first discard", step)  # fmt: skip
        rivers = _with(rnd.rivers, discard.seat, (*rnd.rivers[discard.seat], discard.tile))
        return replace(rnd, hands=_with(rnd.hands, discard.seat, left), rivers=rivers,
                       to_move=rnd.after(discard.seat), step="draw", last_discard=(discard.seat, discard.tile),
                       drawn=None, kong_draw=False, opening=False)  # fmt: skip

    def _flower(self, rnd: McrRound, flower: McrFlower, step: Step) -> McrRound:
        if not rnd.opening:
            self._in_turn(rnd, flower.seat, "set a flower aside", step)
        left = _without(rnd.hands[flower.seat], (flower.flower,))
        if left is None:
            raise _illegal("mcr.tile.not_in_hand", f"{flower.flower} is not in seat {flower.seat}'s hand", step)
        flowers = _with(rnd.flowers, flower.seat, (*rnd.flowers[flower.seat], flower.flower))
        drawn = None if flower.seat == rnd.to_move else rnd.drawn
        if rnd.wall == 0:  # the wall's last tile was a flower: nothing replaces it, and the hand is drawn
            return replace(rnd, hands=_with(rnd.hands, flower.seat, left), flowers=flowers, step="draw",
                           last_discard=None, drawn=None)  # fmt: skip
        return replace(rnd, hands=_with(rnd.hands, flower.seat, left), flowers=flowers, owes=flower.seat,
                       replacing="flower", drawn=drawn)  # fmt: skip

    def _meld(self, rnd: McrRound, meld: McrMeld, step: Step) -> McrRound:
        tiles = tuple(sorted(meld.tiles))
        if meld.kind in ("concealed_kong", "added_kong"):
            return self._own_kong(rnd, meld, tiles, step)
        if rnd.step != "draw" or rnd.last_discard is None:
            raise _illegal("mcr.claim.no_discard", "there is no discard to claim now", step)
        giver, taken = rnd.last_discard
        if meld.seat == giver:
            raise _illegal("mcr.claim.own_discard", "a player cannot claim their own discard", step)
        if taken not in tiles:
            raise _illegal("mcr.claim.wrong_tile", f"the discard is {taken}, which is not in {' '.join(tiles)}", step)
        if meld.kind == "chow":
            if meld.seat != rnd.after(giver):
                raise _illegal("mcr.chow.not_next", f"only seat {rnd.after(giver)}, the next to play, may chow "
                               f"seat {giver}'s discard", step)  # fmt: skip
            if not _is_chow(tiles):
                raise _illegal("mcr.meld.not_a_set", f"{' '.join(tiles)} is no chow: three in a row of one suit", step)
        elif len(set(tiles)) != 1 or len(tiles) != (4 if meld.kind == "kong" else 3):
            size = "four" if meld.kind == "kong" else "three"
            raise _illegal("mcr.meld.not_a_set", f"a {meld.kind} is {size} of one tile, not {' '.join(tiles)}", step)
        if meld.kind == "kong" and rnd.wall == 0:
            raise _illegal("mcr.kong.wall_empty", "no replacement tile is left for a kong on the last discard", step)
        left = _without(rnd.hands[meld.seat], _without(tiles, (taken,)) or ())
        if left is None:
            raise _illegal("mcr.tile.not_in_hand", f"seat {meld.seat} does not hold the rest of "
                           f"{' '.join(tiles)}", step)  # fmt: skip
        rivers = _with(rnd.rivers, giver, rnd.rivers[giver][:-1])
        melds = tuple((*m, Meld(meld.kind, tiles, giver)) if s == meld.seat else m for s, m in enumerate(rnd.melds))
        kong = meld.kind == "kong"
        return replace(rnd, hands=_with(rnd.hands, meld.seat, left), melds=melds, rivers=rivers, to_move=meld.seat,
                       step="discard", last_discard=None, drawn=None, kong_draw=False,
                       owes=meld.seat if kong else None, replacing="kong" if kong else "")  # fmt: skip

    def _own_kong(self, rnd: McrRound, meld: McrMeld, tiles: tuple[str, ...], step: Step) -> McrRound:
        self._in_turn(rnd, meld.seat, f"declare a {meld.kind.replace('_', ' ')}", step)
        if len(tiles) != 4 or len(set(tiles)) != 1:
            raise _illegal("mcr.meld.not_a_set", f"a kong is four of one tile, not {' '.join(tiles)}", step)
        if rnd.wall == 0:
            raise _illegal("mcr.kong.wall_empty", "no replacement tile is left for a kong", step)
        tile, seat = tiles[0], meld.seat
        if meld.kind == "concealed_kong":
            left = _without(rnd.hands[seat], tiles)
            if left is None:
                raise _illegal("mcr.tile.not_in_hand", f"seat {seat} does not hold four {tile}", step)
            mine = (*rnd.melds[seat], Meld("concealed_kong", tiles))
            robbable = None
        else:
            pung = next((m for m in rnd.melds[seat] if m.kind == "pung" and m.tiles[0] == tile), None)
            left = _without(rnd.hands[seat], (tile,))
            if pung is None or left is None:
                raise _illegal("mcr.kong.no_pung", f"seat {seat} has no pung of {tile} and the fourth in hand", step)
            mine = tuple(Meld("kong", tiles, m.from_seat) if m is pung else m for m in rnd.melds[seat])
            robbable = (seat, tile)
        melds = tuple(mine if s == seat else m for s, m in enumerate(rnd.melds))
        return replace(rnd, hands=_with(rnd.hands, seat, left), melds=melds, owes=seat, replacing="kong",
                       drawn=None, robbable=robbable)  # fmt: skip

    # ---- mahjong ----------------------------------------------------------------------------------------

    def _win(self, rnd: McrRound, win: McrWin, options: McrOptions, step: Step) -> McrRound:
        seat, hand = win.seat, rnd.hands[win.seat]
        if win.from_seat is None:
            self._in_turn(rnd, seat, "win on a tile drawn", step)
            if rnd.drawn is None or rnd.owes is not None:
                raise _illegal("mcr.win.nothing_drawn", "a self-drawn win is on a tile just drawn", step)
            tile, concealed = rnd.drawn, _without(hand, (rnd.drawn,)) or ()
        elif rnd.robbable is not None and rnd.robbable[0] == win.from_seat:
            tile, concealed = rnd.robbable[1], hand
        elif rnd.step == "draw" and rnd.last_discard is not None and rnd.last_discard[0] == win.from_seat:
            tile, concealed = rnd.last_discard[1], hand
        else:
            raise _illegal("mcr.win.no_discard", f"seat {win.from_seat} has no discard (nor a kong's tile) to win "
                           "on now", step)  # fmt: skip
        if seat == win.from_seat:
            raise _illegal("mcr.win.own_discard", "a player cannot win on their own discard", step)
        if tile in FLOWERS or any(t in FLOWERS for t in concealed):
            raise _illegal("mcr.flower.not_replaced", f"seat {seat} holds a flower: set it aside first", step)
        shown = sum(river.count(tile) for river in rnd.rivers) - (win.from_seat is not None and rnd.robbable is None)
        shown += sum(m.tiles.count(tile) for melds in rnd.melds for m in melds if m.shown)
        robbing = win.from_seat is not None and rnd.robbable is not None
        hand_priced = pricing.WinningHand(
            concealed=concealed,
            sets=tuple(pricing.OpenSet(m.kind, m.tiles, _offer(rnd, seat, m.from_seat)) for m in rnd.melds[seat]),
            tile=tile,
            self_drawn=win.from_seat is None,
            fourth_tile=shown >= 3,
            on_kong=robbing or (win.from_seat is None and rnd.kong_draw),
            last_tile=rnd.wall == 0,
            seat_wind=rnd.seat_wind(seat),
            prevalent_wind=rnd.wind,
            flowers=len(rnd.flowers[seat]),
        )
        fans = self._priced(hand_priced, options, step)
        return self._won(rnd, seat, win.from_seat, fans, options, "moves", tile)

    def _priced(self, hand: pricing.WinningHand, options: McrOptions, step: Step) -> tuple[tuple[str, int], ...]:
        try:
            fans = pricing.fans(hand)
        except pricing.NotAWin:
            raise _illegal("mcr.win.not_mahjong", "the tiles make no mahjong hand; a declaration on them is a false "
                           "mahjong (false-win)", step) from None  # fmt: skip
        counted = pricing.toward_minimum(fans)
        if counted < options.minimum:
            raise _illegal("mcr.win.under_minimum", f"the hand counts {counted} points, flowers aside; a win needs "
                           f"{options.minimum} (a declaration on it is a false mahjong)", step)  # fmt: skip
        return fans

    def _won(self, rnd: McrRound, seat: int, from_seat: int | None, fans: tuple[tuple[str, int], ...],
             options: McrOptions, depth: str, tile: str | None) -> McrRound:  # fmt: skip
        paid = pricing.payments(pricing.total(fans), seat, from_seat, options.base)
        points = tuple(p + q for p, q in zip(paid, rnd.penalties, strict=True))
        result = McrResult(rnd.number, rnd.dealer, seat, from_seat, fans, points, depth, tile, rnd.following)
        return replace(rnd, phase="over", result=result)

    # ---- a hand recorded by its result alone --------------------------------------------------------------

    def _declared(self, rnd: McrRound, given: McrFansDeclared | McrHandDeclared, options: McrOptions,
                  step: Step) -> McrRound:  # fmt: skip
        if rnd.phase != "deal":
            raise _illegal("mcr.result.after_deal", "this hand is recorded move by move: record mahjong with `win`",
                           step)  # fmt: skip
        if given.seat == given.from_seat:
            raise _illegal("mcr.win.own_discard", "a player cannot win on their own discard", step)
        if isinstance(given, McrFansDeclared):
            fans = _counted(given, options, step)
            return self._won(rnd, given.seat, given.from_seat, fans, options, "result", None)
        counted = Counter((*given.concealed, given.tile, *(t for m in given.melds for t in m.tiles)))
        over = sorted(t for t, n in counted.items() if n > 4)
        if over:
            raise _illegal("mcr.tile.too_many", f"the hand holds {counted[over[0]]} {over[0]}; there are 4", step)
        hand = pricing.WinningHand(
            concealed=given.concealed,
            sets=tuple(pricing.OpenSet(m.kind, m.tiles) for m in given.melds),
            tile=given.tile,
            self_drawn=given.from_seat is None,
            fourth_tile=given.fourth_tile,
            on_kong=given.on_kong,
            last_tile=given.last_tile,
            seat_wind=rnd.seat_wind(given.seat),
            prevalent_wind=rnd.wind,
            flowers=given.flowers,
        )
        fans = self._priced(hand, options, step)
        return self._won(rnd, given.seat, given.from_seat, fans, options, "result", given.tile)


def _counted(given: McrFansDeclared, options: McrOptions, step: Step) -> tuple[tuple[str, int], ...]:
    """The fans a table tapped, checked as the rules count them: each a fan of the rules, none more
    often than a hand may count it, none that another of them implies, enough for a win."""
    unknown = [fan for fan in given.fans if fan not in BY_ID or fan == FLOWER_TILES]
    if unknown:
        raise _illegal("mcr.fans.unknown", f"{unknown[0]!r} is not a fan; `taikyoku rules mcr-ema` lists them (the "
                       "flowers are given by their number)", step)  # fmt: skip
    times = Counter(given.fans)
    over = [fan for fan, n in times.items() if n > BY_ID[fan].most]
    if over:
        most = BY_ID[over[0]].most
        raise _illegal("mcr.fans.too_often", f"{BY_ID[over[0]].name} counts at most {most} time"
                       f"{'s' if most > 1 else ''} in a hand", step)  # fmt: skip
    excluded = excluded_by(tuple(times))
    clash = next((fan for fan in times if fan in excluded), None)
    if clash is not None:
        raise _illegal("mcr.fans.implied", f"{BY_ID[clash].name} is not counted with {BY_ID[excluded[clash]].name}, "
                       "which implies it", step)  # fmt: skip
    fans = tuple(sorted(times.items(), key=lambda f: (-BY_ID[f[0]].points, f[0])))
    fans += ((FLOWER_TILES, given.flowers),) if given.flowers else ()
    counted = pricing.toward_minimum(fans)
    if counted < options.minimum:
        raise _illegal("mcr.win.under_minimum", f"the fans count {counted} points, flowers aside; a win needs "
                       f"{options.minimum}", step)  # fmt: skip
    return fans


def _is_chow(tiles: tuple[str, ...]) -> bool:
    suits = {t[1] for t in tiles}
    numbers = sorted(int(t[0]) for t in tiles)
    return (
        len(tiles) == 3 and len(suits) == 1 and "z" not in suits and numbers == list(range(numbers[0], numbers[0] + 3))
    )


def _offer(rnd: McrRound, seat: int, giver: int | None) -> int:
    """Whom a set's tile came from, counted from its owner as the calculator counts: 1 the seat
    before, 2 opposite, 3 the seat after (0: nobody, a concealed kong)."""
    return 0 if giver is None else (rnd.seat_wind(seat) - rnd.seat_wind(giver)) % SEATS


def projection() -> McrProjection:
    return McrProjection()
