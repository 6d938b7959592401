"""A hand that ends without a win: exhaustive draw (tenpai payments, nagashi mangan) and abortive draws."""

from __future__ import annotations

from events.riichi import (
    AbortiveDraw,
    ExhaustiveDraw,
    RiichiDrawResult,
    RiichiRecordedResult,
)
from events.tiles import (
    WINDS,
    compact,
    is_terminal_or_honor,
    plain,
)
from replay.engine.fold import Step, illegal
from replay.games.riichi.scoring import exhaustive_over, hand_over, nagashi_over
from replay.games.riichi.shape import UNSEEN, is_tenpai
from replay.games.riichi.state import RiichiRound, RiichiState


def on_draw_result(state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiDrawResult) -> RiichiRound:
    """An exhaustive draw at result depth: tenpai payments and riichi sticks, as the table says."""
    if rnd.phase != "deal":
        raise illegal(step, "riichi.result.after_moves",
                       "this hand is being recorded move by move; finish it with its win or draw")  # fmt: skip
    n = rnd.players
    if any(s >= n for s in (*event.tenpai, *event.riichi, *event.nagashi)):
        raise illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
    for listed, what in ((event.tenpai, "tenpai"), (event.riichi, "riichi"), (event.nagashi, "nagashi")):
        if len(set(listed)) != len(listed):
            raise illegal(step, "riichi.result.twice", f"a seat is listed twice as {what}; name each seat once")
    name = state.match.player_name
    for seat in event.riichi:
        if rnd.scores[seat] < 1000:
            raise illegal(step, "riichi.riichi.points",
                          f"{name(seat)} holds {rnd.scores[seat]} points: riichi needs a 1,000-point stick")  # fmt: skip
    deposits = tuple(1000 if s in event.riichi else 0 for s in range(n))
    drawn = rnd._replace(deposits=deposits, riichi=tuple(s in event.riichi for s in range(n)))
    if event.abort is not None:
        if state.options is not None and not state.options.abortive_draws:
            raise illegal(step, "riichi.abort.not_allowed", "this ruleset has no abortive draws")
        if event.tenpai:
            raise illegal(step, "riichi.result.abort", "an abortive draw pays no tenpai; leave tenpai out")
        if event.abort == "four_riichi" and len(set(event.riichi)) != 4:
            raise illegal(step, "riichi.abort.four_riichi", "four riichi: name the four seats in riichi")
        done = hand_over(drawn, "abortive", tuple(-d for d in deposits), rnd.sticks + sum(deposits) // 1000,
                     rnd.dealer, f"abortive draw: {event.abort.replace('_', ' ')}", abort=event.abort)  # fmt: skip
        assert done.result is not None
        return done._replace(result=done.result._replace(depth="result"))
    if not set(event.riichi) <= set(event.tenpai):
        raise illegal(step, "riichi.result.riichi", "a seat in riichi is tenpai; list it among the tenpai seats")
    if event.nagashi:
        if state.options is None or not state.options.nagashi_mangan:
            raise illegal(step, "riichi.nagashi.not_allowed", "this ruleset has no nagashi mangan")
        done = nagashi_over(drawn, sorted(set(event.nagashi)), sorted(set(event.tenpai)), [-d for d in deposits])
    else:
        assert state.options is not None
        done = exhaustive_over(drawn, sorted(set(event.tenpai)), state.options.noten_payment)
    assert done.result is not None
    return done._replace(result=done.result._replace(depth="result"))


def on_exhaustive(state: RiichiState, rnd: RiichiRound, step: Step, event: ExhaustiveDraw) -> RiichiRound:
    if rnd.live_left > 0 or rnd.phase != "after_discard":
        raise illegal(
            step, "riichi.draw.not_exhausted", f"{rnd.live_left} tiles are left in the wall; the hand goes on"
        )
    for seat in event.tenpai:
        if UNSEEN in rnd.hands[seat]:
            raise illegal(step, "riichi.draw.not_shown",
                          f"seat {seat}'s hand is not shown: a tenpai hand is laid open (riichi.hand_shown) first")  # fmt: skip
        if not is_tenpai(rnd.hands[seat]):
            raise illegal(step, "riichi.draw.not_tenpai", f"seat {seat}'s {compact(rnd.hands[seat])} is not tenpai")
    if event.nagashi:
        return on_nagashi(state, rnd, step, event, [-d for d in rnd.deposits])
    assert state.options is not None
    return exhaustive_over(rnd, sorted(set(event.tenpai)), state.options.noten_payment)


def on_nagashi(
    state: RiichiState, rnd: RiichiRound, step: Step, event: ExhaustiveDraw, points: list[int]
) -> RiichiRound:
    """Nagashi mangan: a mangan tsumo's payments in place of the tenpai payments; the sticks stay."""
    assert state.options is not None
    if not state.options.nagashi_mangan:
        raise illegal(step, "riichi.nagashi.not_allowed", "this ruleset has no nagashi mangan")
    for seat in event.nagashi:
        river = rnd.rivers[seat]
        if not river or any(not is_terminal_or_honor(r.tile) or r.taken for r in river):
            raise illegal(
                step, "riichi.nagashi.river", f"seat {seat}'s river is not all terminals and honors, uncalled"
            )
    return nagashi_over(rnd, event.nagashi, event.tenpai, points)


def on_abort(state: RiichiState, rnd: RiichiRound, step: Step, event: AbortiveDraw) -> RiichiRound:
    assert state.options is not None
    if not state.options.abortive_draws:
        raise illegal(step, "riichi.abort.not_allowed", f"{state.options.ruleset} has no abortive draws")
    if event.kind == "kyuushu_kyuuhai":
        seat = event.seat if event.seat is not None else rnd.to_move
        if 0 <= seat < rnd.players and UNSEEN in rnd.hands[seat]:
            raise illegal(step, "riichi.abort.not_shown",
                          f"seat {seat}'s hand is not shown: nine terminals are laid open (riichi.hand_shown) first")  # fmt: skip
        distinct = {plain(t) for t in rnd.hands[seat] if is_terminal_or_honor(t)}
        if rnd.phase != "discard" or seat != rnd.to_move or rnd.interrupted or seat in rnd.discarded_once:
            raise illegal(
                step, "riichi.abort.kyuushu", "nine terminals are declared on one's first draw, before any call"
            )
        if len(distinct) < 9:
            raise illegal(
                step,
                "riichi.abort.kyuushu",
                f"seat {seat} holds {len(distinct)} kinds of terminal and honor, not 9",
            )
    elif event.kind == "four_riichi" and sum(rnd.riichi) < 4:
        raise illegal(step, "riichi.abort.four_riichi", f"{sum(rnd.riichi)} players are in riichi, not 4")
    elif event.kind == "four_kans" and rnd.kans < 4:
        raise illegal(step, "riichi.abort.four_kans", f"{rnd.kans} kans have been made, not 4")
    elif event.kind == "four_winds":
        firsts = [r[0].tile for r in rnd.rivers if r]
        # Four players only: three players have no four-winds draw.
        if rnd.interrupted or len(firsts) != 4 or len(set(firsts)) != 1 or firsts[0] not in WINDS:
            raise illegal(step, "riichi.abort.four_winds", "the four first discards are not the same wind")
    elif event.kind == "triple_ron":
        if state.options.triple_ron != "abortive":
            raise illegal(step, "riichi.abort.triple_ron",
                          f"under {state.options.ruleset} three rons on one tile all win: record each ron")  # fmt: skip
        unshown = any(UNSEEN in hand for seat, hand in enumerate(rnd.hands) if seat != (rnd.last_discard or (-1,))[0])
        if len(rnd.could_ron) < 3 and not unshown:  # hands not shown: who could ron is not known
            may = len(rnd.could_ron)
            raise illegal(step, "riichi.abort.triple_ron",
                          "three rons abort the hand only when three players may ron the last discard; "
                          f"{'no one' if may == 0 else f'{may} player' + ('s' if may > 1 else '')} may ron it")  # fmt: skip
    sticks = rnd.sticks + sum(rnd.deposits) // 1000
    points = tuple(-d for d in rnd.deposits)
    return hand_over(rnd, "abortive", points, sticks, rnd.dealer, f"abortive draw: {event.kind.replace('_', ' ')}",
                 abort=event.kind)  # fmt: skip


def on_recorded_result(rnd: RiichiRound, step: Step, event: RiichiRecordedResult) -> RiichiRound:
    """A hand kept as a server's log recorded it, where the rules refused one of its moves: the
    log's score changes stand, and the refusal is said beside them."""
    n = rnd.players
    if len(event.paid) != n:
        raise illegal(step, "riichi.record.seats", f"give {n} score changes, one per seat, not {len(event.paid)}")
    if event.next_dealer >= n or any(s >= n for s in event.riichi):
        raise illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
    # The log's list of riichi sticks is the whole hand's: it replaces what the moves so far put down.
    deposits = tuple(1000 if s in event.riichi else 0 for s in range(n))
    points = tuple(p - d for p, d in zip(event.paid, deposits, strict=True))
    words = f"kept as the log recorded it; the rules refused {event.refused}"
    done = hand_over(rnd._replace(deposits=deposits), event.kind, points, event.sticks, event.next_dealer, words)
    assert done.result is not None
    return done._replace(result=done.result._replace(depth="record"))
