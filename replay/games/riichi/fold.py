"""A riichi hand as a pure fold, with legality checked at every event.

A hand goes: ``riichi.round_started``, ``riichi.deal``, then draws and discards in turn order,
with calls, riichi declarations and kan dora between them, until a ``riichi.win`` (or several
rons on one discard), an ``riichi.exhaustive_draw`` or an ``riichi.abortive_draw``.

The first go-around is tracked as the source document says: any call ends it, a closed kan
and a north included. It decides tenhou, chiihou, renhou and double riichi. Furiten is
tracked three ways: a wait in one's own river, a passed winning tile since one's last discard,
and a passed winning tile after riichi.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from events.match import MatchEnded, MatchStarted, RoundStarted, TimeUp
from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiChombo,
    RiichiDeal,
    RiichiDeclared,
    RiichiDeclaredWin,
    RiichiDiscard,
    RiichiDraw,
    RiichiDrawResult,
    RiichiHandResult,
    RiichiHandShown,
    RiichiPlayedOn,
    RiichiRecordedResult,
    RiichiRoundStarted,
    RiichiUnseenDeal,
    RiichiUnseenDraw,
    RiichiWin,
)
from events.tiles import (
    KIND_OF,
    TILES,
    WIND_OF_LETTER,
    compact,
    plain,
)
from replay.engine.fold import Step, illegal
from replay.engine.match import GameState, MatchProjection
from replay.games.riichi.calls import on_call, on_dora
from replay.games.riichi.declared import on_chombo, on_declared_win
from replay.games.riichi.draws import on_abort, on_draw_result, on_exhaustive, on_recorded_result
from replay.games.riichi.options import RULESETS, RiichiOptions
from replay.games.riichi.shape import UNSEEN, can_discard_to_tenpai, is_tenpai, shown_tiles, take, wait_kinds
from replay.games.riichi.state import RiichiRound, RiichiState, RiverTile, at, passed, see, seen_counts
from replay.games.riichi.wins import on_hand_result, on_win


class RiichiProjection:
    """The pure fold of a riichi match, hand by hand. ``apply`` raises ``IllegalEvent`` with the reason."""

    def __init__(self) -> None:
        self.match = MatchProjection(RULESETS)

    def initial(self) -> RiichiState:
        return RiichiState()

    def apply_all(self, state: RiichiState, steps: Iterable[Step]) -> RiichiState:
        for step in steps:
            state = self.apply(state, step)
        return state

    def apply(self, state: RiichiState, step: Step) -> RiichiState:
        payload = step.payload
        rnd = state.round
        if isinstance(payload, RiichiDraw | RiichiDiscard):  # nine events in ten: the short way
            rules = state.options
            if rnd is None or rnd.phase == "over" or rules is None:
                return self._not_in_hand(state, step)
            if rnd.phase == "deal":
                raise illegal(step, "riichi.deal.missing", f"the hand needs riichi.deal before {step.type}")
            if rnd.deposit_due is not None or rnd.could_ron:  # what passing the last discard settles
                rnd = passed(rnd)
            if isinstance(payload, RiichiDraw):
                return GameState(state.match, rules, on_draw(rnd, step, payload, rules), state.results)
            return GameState(state.match, rules, on_discard(state, rnd, step, payload), state.results)
        if isinstance(payload, MatchStarted | MatchEnded | RoundStarted):
            if isinstance(payload, MatchEnded) and payload.reason == "completed":
                from replay.games.riichi.flow import match_over

                if state.results and not match_over(state):
                    raise illegal(
                        step, "riichi.match.not_over", "the match goes on; record reason abandoned to stop it"
                    )
            match = self.match.apply(state.match, step)
            if isinstance(payload, MatchStarted):
                options = RiichiOptions.of(payload.ruleset.id, payload.ruleset.options, len(payload.players))
                seats = len(payload.players)
                if len(options.uma) < seats:  # (more were once recorded at three players: the first are used)
                    raise illegal(step, "riichi.uma.places", f"riichi.uma takes one uma a place: {seats} values "
                                  f"for {seats} players, not {len(options.uma)}")  # fmt: skip
                if options.uma_below_start and len(options.uma_below_start) != seats * (seats - 1):
                    raise illegal(step, "riichi.uma.rows", f"riichi.umaBelowStart takes a row of {seats} uma for "
                                  f"each count of players below the start (1 to {seats - 1}): {seats * (seats - 1)} "
                                  f"values, not {len(options.uma_below_start)}")  # fmt: skip
                return RiichiState(match=match, options=options)
            return state._replace(match=match)
        rules = state.options
        if state.match.started is None or rules is None:
            raise illegal(step, "match.not_started", "the first event of a match must be match_started")
        if isinstance(payload, RiichiRoundStarted):
            return on_round_started(state, step, payload, rules)
        if isinstance(payload, RiichiPlayedOn):
            return on_played_on(state, step)
        if isinstance(payload, TimeUp):
            return on_time_up(state, step)
        another_ron = (
            rnd is not None
            and bool(rnd.wins)
            and (
                (isinstance(payload, RiichiWin | RiichiHandResult) and payload.kind == "ron")
                or isinstance(payload, RiichiHandShown)  # the hand of another ron on the same tile, laid open first
            )
        )
        if rnd is None or (rnd.over and not another_ron):
            raise illegal(step, "riichi.round.not_started", "no hand is in progress; record riichi.round_started first")
        after = on_event(state, rnd, step, payload, rules)
        results = state.results
        if after.result is not None:
            if results and results[-1].number == after.number:  # a second ron on the same tile
                results = results[:-1]
            results = (*results, after.result)
        return GameState(state.match, rules, after, results)

    def _not_in_hand(self, state: RiichiState, step: Step) -> RiichiState:
        """A draw or a discard with no hand in progress: refused as any other move would be."""
        if state.match.started is None or state.options is None:
            raise illegal(step, "match.not_started", "the first event of a match must be match_started")
        raise illegal(step, "riichi.round.not_started", "no hand is in progress; record riichi.round_started first")


def on_time_up(state: RiichiState, step: Step) -> RiichiState:
    """Time is called at the table: the hand in play, or the last one played, is remembered; the
    ruleset's ``riichi.timeUp`` then says which hand ends the match (``flow.match_over``)."""
    from replay.engine.match import refuse_after_end

    refuse_after_end(state.match, step)
    if state.match.time_up is not None:
        raise illegal(step, "riichi.time_up.twice", "time was called at this table already")
    called = state.round.number if state.round is not None else 0
    return state._replace(match=state.match._replace(time_up=called, last_seq=step.seq))


def on_played_on(state: RiichiState, step: Step) -> RiichiState:
    """A server's log goes on where the rules end the match: the next hand may start."""
    from replay.games.riichi.flow import match_over

    if state.round is None or not match_over(state):
        raise illegal(
            step,
            "riichi.played_on.not_over",
            "the match goes on here; riichi.played_on follows only the hand that ends it",
        )
    return state._replace(round=state.round._replace(played_on=True))


def on_round_started(state: RiichiState, step: Step, event: RiichiRoundStarted, rules: RiichiOptions) -> RiichiState:
    players = state.match.players
    if state.round is not None and not state.round.over:
        raise illegal(step, "riichi.round.unfinished", f"hand {state.round.number} is not over yet")
    from replay.games.riichi.flow import match_over

    ended = match_over(state)
    if ended:
        raise illegal(step, "riichi.match.over", f"the match is over: {ended}; record match_ended")
    if len(event.scores) != players:
        raise illegal(step, "riichi.round.scores", f"give {players} scores, one per seat, not {len(event.scores)}")
    if event.dealer >= players:
        raise illegal(step, "match.seat.unknown", f"dealer {event.dealer} is not a seat (0 to {players - 1})")
    rnd = RiichiRound(
        number=len(state.results) + 1,
        round_wind=WIND_OF_LETTER[event.round_wind],
        hand=event.hand,
        dealer=event.dealer,
        honba=event.honba,
        sticks=event.sticks,
        scores=tuple(event.scores),
        players=players,
    )
    return state._replace(round=rnd)


def on_event(state: RiichiState, rnd: RiichiRound, step: Step, payload: Payload, rules: RiichiOptions) -> RiichiRound:
    if isinstance(payload, RiichiDeal):
        return on_deal(rnd, step, payload, rules)
    if isinstance(payload, RiichiHandResult):
        return on_hand_result(state, rnd, step, payload, rules)
    if isinstance(payload, RiichiDrawResult):
        return on_draw_result(state, rnd, step, payload)
    if isinstance(payload, RiichiRecordedResult):
        return on_recorded_result(rnd, step, payload)
    if isinstance(payload, RiichiUnseenDeal):
        return on_unseen_deal(rnd, step, payload, rules)
    if isinstance(payload, RiichiDeclaredWin):
        return on_declared_win(state, rnd, step, payload, rules)
    if isinstance(payload, RiichiChombo):
        return on_chombo(state, rnd, step, payload, rules)
    if rnd.phase == "deal":
        raise illegal(step, "riichi.deal.missing", f"the hand needs riichi.deal before {step.type}")
    if isinstance(payload, RiichiWin):
        return on_win(state, rnd, step, payload, rules)
    if isinstance(payload, AbortiveDraw) and payload.kind == "triple_ron":
        return on_abort(state, rnd, step, payload)  # three rons on the discard: it never passed
    # Anything but a ron on it means the last discard passed: its riichi stick is paid, and
    # whoever could have won on it is now furiten. Not a kan dora turned over: after an open or
    # added kan, Tenhou reveals it once the replacement tile is discarded, before anyone may ron.
    if not isinstance(payload, DoraRevealed | RiichiHandShown):  # a hand laid open for a ron: not passed yet
        rnd = passed(rnd)
    if isinstance(payload, RiichiDraw):
        return on_draw(rnd, step, payload, rules)
    if isinstance(payload, RiichiUnseenDraw):
        return drawn(rnd, step, payload.seat, UNSEEN, payload.rinshan, rules)
    if isinstance(payload, RiichiHandShown):
        return on_hand_shown(rnd, step, payload, rules)
    if isinstance(payload, RiichiDiscard):
        return on_discard(state, rnd, step, payload)
    if isinstance(payload, RiichiCall):
        return on_call(state, rnd, step, payload, rules)
    if isinstance(payload, RiichiDeclared):
        return on_riichi(state, rnd, step, payload)
    if isinstance(payload, DoraRevealed):
        return on_dora(rnd, step, payload, rules)
    if isinstance(payload, ExhaustiveDraw):
        return on_exhaustive(state, rnd, step, payload)
    if isinstance(payload, AbortiveDraw):
        return on_abort(state, rnd, step, payload)
    raise illegal(step, "match.event.wrong_game", f"a riichi match has no {step.type} events")


def on_deal(rnd: RiichiRound, step: Step, deal: RiichiDeal, rules: RiichiOptions) -> RiichiRound:
    dealt = dealt_hands(rnd, step, deal.hands, deal.dora_indicator)
    return see(dealt, [t for hand in deal.hands for t in hand] + [deal.dora_indicator], step, rules)


def dealt_hands(rnd: RiichiRound, step: Step, hands: Sequence[Sequence[str]], dora: str) -> RiichiRound:
    """The hand once dealt (``UNSEEN`` tiles where a hand is not known); nothing counted as seen yet."""
    if rnd.phase != "deal":
        raise illegal(step, "riichi.deal.out_of_turn", "the tiles are already dealt")
    n = rnd.players
    if len(hands) != n:
        raise illegal(step, "riichi.deal.hands", f"deal {n} hands of 13, one per seat")
    dealt = rnd._replace(
        phase="draw",
        to_move=rnd.dealer,
        hands=tuple(tuple(h) for h in hands),
        melds=((),) * n,
        rivers=((),) * n,
        kita=(0,) * n,
        dora=(dora,),
        live_left=(136 - 14 - 13 * 4) if n == 4 else (108 - 14 - 13 * 3),
        riichi=(False,) * n,
        deposits=(0,) * n,
        counts=(0,) * len(TILES),
    )
    return dealt


def on_unseen_deal(rnd: RiichiRound, step: Step, deal: RiichiUnseenDeal, rules: RiichiOptions) -> RiichiRound:
    """The public record's deal: every hand unseen, the first dora indicator shown."""
    if deal.known and len(deal.known) != rnd.players:
        raise illegal(step, "riichi.deal.hands", f"give {rnd.players} hands, one per seat, null where unseen")
    hands = [tuple(hand) if hand else (UNSEEN,) * 13 for hand in (deal.known or [None] * rnd.players)]
    dealt = dealt_hands(rnd, step, hands, deal.dora_indicator)
    return see(dealt, [t for hand in hands for t in hand if t != UNSEEN] + [deal.dora_indicator], step, rules)


def on_hand_shown(rnd: RiichiRound, step: Step, shown: RiichiHandShown, rules: RiichiOptions) -> RiichiRound:
    """A hand laid open: its tiles must be those it is known to hold, and the rest newly seen."""
    if rnd.phase == "deal":
        raise illegal(step, "riichi.deal.missing", f"the hand needs riichi.deal before {step.type}")
    seat = shown.seat
    if seat >= rnd.players:
        raise illegal(step, "match.seat.unknown", f"seats are 0 to {rnd.players - 1}")
    hand = rnd.hands[seat]
    if len(shown.tiles) != len(hand):
        raise illegal(step, "riichi.shown.count",
                      f"seat {seat} holds {len(hand)} concealed tiles; {len(shown.tiles)} were shown")  # fmt: skip
    known = [t for t in hand if t != UNSEEN]
    rest = take(shown.tiles, known)
    if rest is None or UNSEEN in shown.tiles:
        raise illegal(step, "riichi.shown.contradicts",
                      f"seat {seat} is known to hold {compact(known)}, which the hand shown lacks")  # fmt: skip
    newly: list[str] = list(rest[0])
    drawn = rnd.last_drawn
    if shown.drawn is not None:
        if seat != rnd.to_move or rnd.phase != "discard" or drawn is None:
            raise illegal(step, "riichi.shown.drawn", f"seat {seat} holds no tile just drawn")
        if drawn not in (UNSEEN, shown.drawn) or shown.drawn not in shown.tiles:
            raise illegal(step, "riichi.shown.drawn", f"the tile seat {seat} just drew is {drawn}, not {shown.drawn}")
        drawn = shown.drawn
    return rnd._replace(hands=at(rnd.hands, seat, tuple(shown.tiles)), last_drawn=drawn,
                        counts=seen_counts(rnd.counts, newly, step, rules))  # fmt: skip


def on_draw(rnd: RiichiRound, step: Step, draw: RiichiDraw, rules: RiichiOptions) -> RiichiRound:
    return drawn(rnd, step, draw.seat, draw.tile, draw.rinshan, rules)


def drawn(rnd: RiichiRound, step: Step, seat: int, tile: str, rinshan: bool, rules: RiichiOptions) -> RiichiRound:
    """A tile drawn by ``seat`` (``UNSEEN`` when only its drawer saw it)."""
    if rnd.phase == "rinshan":
        if seat != rnd.to_move:
            raise illegal(step, "riichi.turn.wrong_seat", f"seat {rnd.to_move} draws the replacement tile")
        if not rinshan:
            raise illegal(step, "riichi.draw.rinshan", "after a kan or a north the replacement tile is a rinshan draw")
    else:
        if rnd.phase == "discard":
            raise illegal(step, "riichi.draw.out_of_turn", f"seat {rnd.to_move} has drawn and must discard")
        if rinshan:
            raise illegal(step, "riichi.draw.rinshan", "a rinshan draw comes only after a kan or a north")
        expected = rnd.to_move if rnd.phase == "draw" else (rnd.to_move + 1) % rnd.players
        if seat != expected:
            raise illegal(step, "riichi.turn.wrong_seat", f"seat {expected} draws next, not seat {seat}")
        if rnd.live_left <= 0:
            raise illegal(step, "riichi.draw.empty_wall", "the wall is empty: record riichi.exhaustive_draw")
    hands = rnd.hands
    hands = (*hands[:seat], (*hands[seat], tile), *hands[seat + 1 :])  # the seat is checked above
    return rnd._replace(
        counts=rnd.counts if tile == UNSEEN else seen_counts(rnd.counts, (tile,), step, rules),
        phase="discard",
        to_move=seat,
        hands=hands,
        last_drawn=tile,
        rinshan_draw=rinshan,
        # A rinshan tile leaves the dead wall, and the last live tile moves in to keep it at 14.
        live_left=rnd.live_left - 1,
        drawn_once=rnd.drawn_once if seat in rnd.drawn_once else rnd.drawn_once | {seat},
        last_discard=None,
        kakan=None,
        # An added kan ends ippatsu once it stands, when its replacement tile is drawn (robbed, it never happened).
        ippatsu=frozenset() if rnd.kakan is not None else rnd.ippatsu,
    )


def on_discard(state: RiichiState, rnd: RiichiRound, step: Step, discard: RiichiDiscard) -> RiichiRound:
    seat = discard.seat
    if rnd.phase != "discard":
        drawer = (rnd.to_move + 1) % rnd.players if rnd.phase == "after_discard" else rnd.to_move
        if seat != drawer:
            raise illegal(step, "riichi.turn.wrong_seat",
                          f"it is seat {drawer}'s turn to draw; seat {seat} cannot discard now")  # fmt: skip
        raise illegal(step, "riichi.discard.out_of_turn", f"seat {seat} must draw before discarding")
    if seat != rnd.to_move:
        raise illegal(step, "riichi.turn.wrong_seat", f"it is seat {rnd.to_move}'s turn to discard, not seat {seat}")
    hand, tile = rnd.hands[seat], str(discard.tile)
    unseen_draw = rnd.last_drawn == UNSEEN  # the public record: the tile drawn is shown by this discard
    shown: list[str]
    if unseen_draw and discard.tsumogiri:
        taken = take(hand, [UNSEEN])
        rest, shown = (taken[0], [tile]) if taken else (hand, [])
    else:
        found = take(hand, [tile])
        if found is None:
            raise illegal(step, "riichi.discard.not_in_hand",
                          f"{discard.tile} is not in seat {seat}'s hand ({shown_tiles(rnd.hands[seat])})")  # fmt: skip
        rest, shown = found
    if shown:
        assert state.options is not None
        rnd = rnd._replace(counts=seen_counts(rnd.counts, shown, step, state.options))
    drawn_now = discard.tsumogiri if unseen_draw else tile == rnd.last_drawn
    if discard.tsumogiri and not drawn_now:
        raise illegal(step, "riichi.discard.not_tsumogiri", f"{discard.tile} is not the tile just drawn")
    if rnd.riichi[seat] and not drawn_now:
        raise illegal(
            step,
            "riichi.discard.after_riichi",
            f"after riichi seat {seat} must discard the tile drawn" + ("" if unseen_draw else f", {rnd.last_drawn}"),
        )
    declaring = rnd.declaring == seat
    if declaring and UNSEEN not in rest and not is_tenpai(rest):
        raise illegal(
            step,
            "riichi.riichi.not_tenpai",
            f"riichi needs tenpai, and {compact(rest)} is not tenpai after {discard.tile}",
        )
    river = (*rnd.rivers[seat], RiverTile(tile, drawn_now, declaring))
    ippatsu = rnd.ippatsu - {seat} if seat in rnd.ippatsu else rnd.ippatsu
    if declaring:
        ippatsu = ippatsu | {seat}
    # Whom does this tile complete? They may ron it now; if they let it pass, they are furiten.
    kind = KIND_OF[tile]
    chances = [o for o, other in enumerate(rnd.hands) if o != seat and kind in wait_kinds(other)]
    return rnd._replace(
        phase="after_discard",
        hands=(*rnd.hands[:seat], rest, *rnd.hands[seat + 1 :]),  # the seat is the one to move
        rivers=(*rnd.rivers[:seat], river, *rnd.rivers[seat + 1 :]),
        riichi=at(rnd.riichi, seat, True) if declaring else rnd.riichi,
        declaring=None,
        deposit_due=seat if declaring else None,
        ippatsu=ippatsu,
        last_discard=(seat, tile),
        last_drawn=None,
        discarded_once=rnd.discarded_once if seat in rnd.discarded_once else rnd.discarded_once | {seat},
        furiten=rnd.furiten - {seat} if seat in rnd.furiten else rnd.furiten,
        could_ron=frozenset(chances) if chances else NOBODY,
    )


NOBODY: frozenset[int] = frozenset()


def on_riichi(state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiDeclared) -> RiichiRound:
    seat = event.seat
    if rnd.phase != "discard" or seat != rnd.to_move:
        raise illegal(step, "riichi.riichi.out_of_turn", "riichi is declared on one's own turn, with the discard")
    if rnd.riichi[seat]:
        raise illegal(step, "riichi.riichi.twice", f"seat {seat} is already in riichi")
    if any(m.open for m in rnd.melds[seat]):
        raise illegal(step, "riichi.riichi.open_hand", f"seat {seat}'s hand is open; riichi needs a closed hand")
    points = rnd.scores[seat] - rnd.deposits[seat]
    if points < 1000:
        raise illegal(step, "riichi.riichi.points", f"seat {seat} has {points} points; riichi costs 1000")
    if rnd.live_left < rnd.players:
        raise illegal(
            step,
            "riichi.riichi.wall",
            f"only {rnd.live_left} tiles are left in the wall; riichi needs a draw after it",
        )
    if not can_discard_to_tenpai(rnd.hands[seat]):
        raise illegal(step, "riichi.riichi.not_tenpai", f"no discard leaves {compact(rnd.hands[seat])} in tenpai")
    double = seat not in rnd.discarded_once and not rnd.interrupted
    return rnd._replace(declaring=seat, double=rnd.double | {seat} if double else rnd.double)


def projection() -> RiichiProjection:
    """A fresh fold of a riichi match."""
    return RiichiProjection()


def legal_moves(state: RiichiState) -> list[Payload]:
    """Every event that may come next within a hand, except a deal (which is open): the
    candidates below that the fold itself accepts."""
    from replay.engine.fold import accepted

    return accepted(RiichiProjection(), state, candidate_moves(state), state.match.last_seq + 1)


def candidate_moves(state: RiichiState) -> list[Payload]:
    """What may come next within a hand, listed generously for ``legal_moves`` to check: any tile
    as a draw (the wall is not known at a live table), each tile in hand as a discard, riichi,
    tsumo, the kans and calls the hands could make, the rons offered, and the draws and aborts."""
    from itertools import combinations

    rnd = state.round
    if rnd is None or rnd.over or rnd.phase == "deal":
        return []
    seat, players = rnd.to_move, rnd.players
    moves: list[Payload] = [AbortiveDraw(kind=kind) for kind in ("four_winds", "four_riichi", "four_kans")]
    if rnd.phase in ("draw", "rinshan"):
        return moves + [RiichiDraw(seat=seat, tile=tile, rinshan=rnd.phase == "rinshan") for tile in TILES]
    if rnd.phase == "discard":
        hand = tuple(t for t in rnd.hands[seat] if t != UNSEEN)  # a hand not shown: any tile may come out of it
        moves += [RiichiDiscard(seat=seat, tile=t, tsumogiri=t == rnd.last_drawn) for t in sorted(set(hand))]
        if UNSEEN in rnd.hands[seat]:
            moves += [RiichiDiscard(seat=seat, tile=t, tsumogiri=drawn) for t in TILES for drawn in (True, False)]
        moves += [RiichiDeclared(seat=seat), RiichiWin(kind="tsumo", seat=seat)]
        moves.append(AbortiveDraw(kind="kyuushu_kyuuhai", seat=seat))
        for kind_of in sorted({plain(t) for t in hand}):
            same = tuple(t for t in hand if plain(t) == kind_of)
            if len(same) == 4:
                moves.append(RiichiCall(kind="ankan", seat=seat, tiles=same))
        for meld in rnd.melds[seat]:
            added = next((t for t in hand if meld.kind == "pon" and plain(t) == plain(meld.tiles[0])), None)
            if added is not None:
                moves.append(RiichiCall(kind="kakan", seat=seat, tiles=(*meld.tiles, added), called=added))
        if players == 3 and "4z" in hand:
            moves.append(RiichiCall(kind="kita", seat=seat, tiles=("4z",)))
        return moves
    target = rnd.kakan or rnd.last_discard
    if target is None:
        return moves
    giver, tile = target
    moves += [RiichiWin(kind="ron", seat=s, from_seat=giver) for s in sorted(rnd.could_ron)]
    moves += [AbortiveDraw(kind="triple_ron")]
    if rnd.kakan is not None:
        return moves
    for caller in range(players):
        if caller == giver:
            continue
        hand = tuple(t for t in rnd.hands[caller] if t != UNSEEN)
        alike = [t for t in hand if plain(t) == plain(tile)]
        for pair in sorted(set(combinations(alike, 2))):
            moves.append(RiichiCall(kind="pon", seat=caller, tiles=(*pair, tile), called=tile, from_seat=giver))
        if len(alike) == 3:
            moves.append(RiichiCall(kind="daiminkan", seat=caller, tiles=(*alike, tile), called=tile, from_seat=giver))
        if caller == (giver + 1) % players and tile[1] != "z":
            number = int(plain(tile)[0])
            for low in range(max(1, number - 2), min(number, 7) + 1):
                wanted = [f"{n}{tile[1]}" for n in range(low, low + 3) if n != number]
                options = [[t for t in hand if plain(t) == w] for w in wanted]
                for a in sorted(set(options[0])):
                    for b in sorted(set(options[1])):
                        run = tuple(sorted((a, b, tile), key=lambda t: (plain(t), t)))
                        moves.append(RiichiCall(kind="chi", seat=caller, tiles=run, called=tile, from_seat=giver))
    following = (giver + 1) % players
    moves += [RiichiDraw(seat=following, tile=t) for t in TILES]
    if rnd.live_left == 0:
        tenpai = [s for s in range(players) if is_tenpai(rnd.hands[s])]
        moves += [ExhaustiveDraw(tenpai=tuple(c)) for n in range(players + 1) for c in combinations(tenpai, n)]
    return moves
