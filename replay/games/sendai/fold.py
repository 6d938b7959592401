"""Sendai-hana (docs/hanafuda.md §4): the round as a pure fold with go and stop, payments by option, and
match standings.

A round goes: ``round_started``, ``sendai.deal`` (a ``sendai.misdeal`` and a fresh deal when
four cards of a month reach the field), teyaku exposures before the first play, then turns of
play and draw in turn order. A turn that makes a new or better dekiyaku must be followed by
``sendai.koikoi`` (go) or ``sendai.stop``. A stop ends the round; so does the last turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from events.cards import BY_ID, month_of
from events.match import MatchStarted
from events.model import Payload
from events.sendai import (
    KoiKoi,
    SendaiCapture,
    SendaiDeal,
    SendaiDraw,
    SendaiFieldDealt,
    SendaiMisdeal,
    SendaiPlay,
    SendaiRoundResult,
    Stop,
    TeyakuExposed,
)
from replay.engine.fold import Step, accepted, illegal
from replay.engine.match import WorkingFold
from replay.games.hanafuda.table import UNSEEN
from replay.games.hanafuda.turns import FishingTurns, turn_candidates, who
from replay.games.hanafuda.yaku import YakuHit, YakuTable, evaluate, points
from replay.games.sendai.options import RULESETS, SendaiOptions
from replay.games.sendai.scoring import (
    BRIGHTS_GROUP,
    PILE_SIZE,
    SEATS,
    TEYAKU_BY_KEY,
    SendaiResult,
    SendaiTally,
    _dekiyaku,
    _total,
    position_of,
    seat_dekiyaku,
    teyaku_held,
)
from replay.games.sendai.state import AFTER, SendaiRound, SendaiState, _Game, _Round

# ---- the fold -------------------------------------------------------------------------------


# The refusals the shared table and the match-level fold raise, under this game's name: each code
# written out, so that grep finds every code a message names.
CODES = {
    "capture.repeated": "sendai.capture.repeated",
    "capture.no_match": "sendai.capture.no_match",
    "capture.not_on_field": "sendai.capture.not_on_field",
    "capture.wrong_suit": "sendai.capture.wrong_suit",
    "capture.take_all": "sendai.capture.take_all",
    "capture.take_one": "sendai.capture.take_one",
    "play.out_of_turn": "sendai.play.out_of_turn",
    "play.not_in_hand": "sendai.play.not_in_hand",
    "play.seen": "sendai.play.seen",
    "draw.out_of_turn": "sendai.draw.out_of_turn",
    "draw.empty_pile": "sendai.draw.empty_pile",
    "draw.not_top": "sendai.draw.not_top",
    "draw.seen": "sendai.draw.seen",
    "capture.nothing_pending": "sendai.capture.nothing_pending",
    "capture.wrong_card": "sendai.capture.wrong_card",
    "capture.takes_nothing": "sendai.capture.takes_nothing",
    "round.not_started": "sendai.round.not_started",
    "round.unfinished": "sendai.round.unfinished",
    "match.not_complete": "sendai.match.not_complete",
    "round.wrong_dealer": "sendai.round.wrong_dealer",
    "decide.missing": "sendai.decide.missing",
    "turn.wrong_seat": "sendai.turn.wrong_seat",
    "capture.missing": "sendai.capture.missing",
    "misdeal.missing": "sendai.misdeal.missing",
    "deal.missing": "sendai.deal.missing",
    "result.phase": "sendai.result.phase",
    "result.twice": "sendai.result.twice",
    "result.cards": "sendai.result.cards",
}


class SendaiProjection(
    FishingTurns[SendaiOptions, _Round, SendaiResult], WorkingFold[SendaiOptions, SendaiRound, SendaiResult]
):
    """The pure fold of a Sendai-hana match. ``apply`` raises ``IllegalEvent`` with the reason."""

    game = "sendai"
    codes = CODES
    rulesets = RULESETS
    pile_size = PILE_SIZE
    decision = "say go or stop"
    new_yaku = "made a dekiyaku"

    def _void_deal(self, rnd: _Round) -> str:
        return (
            f"four {BY_ID[next(c for c in rnd.field if month_of(c) == rnd.misdeal_month)].suit} cards are on the field"
        )

    def _end_turn(self, game: _Game, rnd: _Round, options: SendaiOptions) -> None:
        _end_turn(game, rnd, options)

    def thaw(self, rnd: SendaiRound) -> _Round:
        return _Round(rnd)

    def _options_of(self, step: Step, started: MatchStarted) -> SendaiOptions:
        return SendaiOptions.of(started.ruleset.options)

    def _fresh_round(self, number: int, dealer: int) -> _Round:
        return _Round(SendaiRound(number, dealer))

    def _dealer_because(self, last: SendaiResult, who: str) -> str:
        if last.winner is None or last.winner == last.dealer:
            return f"{who} keeps the deal"
        return f"{who} won round {last.round}"

    def _foreign(self, game: _Game, rnd: _Round, step: Step, payload: Payload, options: SendaiOptions) -> None:
        self._turn(game, rnd, step, getattr(payload, "seat", None))
        raise illegal(step, "match.event.wrong_game", f"a sendai match has no {step.type} events")

    def _result(self, game: _Game, rnd: _Round, step: Step, event: SendaiRoundResult, options: SendaiOptions) -> None:
        """A round at result depth: the captures and the calls, scored by the same payments."""
        named = [*event.went, *([event.stopped] if event.stopped is not None else [])]
        self._result_checked(rnd, step, event.captured, named, SEATS)
        without = [s for s in {*event.went, *([event.stopped] if event.stopped is not None else [])}
                   if not _dekiyaku(event.captured[s], s, rnd.dealer, options)]  # fmt: skip
        if without:
            raise illegal(step, "sendai.result.no_dekiyaku",
                           f"{who(game, without[0])} said go or stop but holds no dekiyaku in these captures")  # fmt: skip
        exposers = [s for s in range(SEATS) if event.exposed[s]]
        if (
            options.teyaku_mode == "winRound"
            and exposers
            and (len(exposers) > 1 or event.stopped is not None or event.went)
        ):
            raise illegal(step, "sendai.result.teyaku",
                           "under winRound the first teyaku shown ends the round: give that one alone")  # fmt: skip
        rnd.captured = [list(c) for c in event.captured]
        rnd.exposed = tuple(tuple(k) for k in event.exposed)
        rnd.went = frozenset(event.went)
        if options.teyaku_mode == "winRound" and exposers:
            _finish(game, rnd, options, reason="teyaku", winner=exposers[0])
        elif event.stopped is not None:
            _finish(game, rnd, options, reason="stop", winner=event.stopped)
        else:
            reason = "dealerPrivilege" if options.exhaustive == "dealerPrivilege" else "exhaustiveDraw"
            _finish(game, rnd, options, reason=reason, winner=rnd.dealer if reason == "dealerPrivilege" else None)
        assert rnd.result is not None
        rnd.result = rnd.result._replace(depth="result")

    def _field_dealt(
        self, game: _Game, rnd: _Round, step: Step, deal: SendaiFieldDealt, options: SendaiOptions
    ) -> None:
        """The public record's deal: the field; the three hands unseen, shown card by card as played."""
        if deal.known and len(deal.known) != 3:
            raise illegal(step, "sendai.deal.hands", "give 3 hands, one per seat, null where unseen")
        hands = [tuple(h) if h else (UNSEEN,) * 7 for h in (deal.known or (None, None, None))]
        self._lay(rnd, step, hands, deal.field, None, options)

    def _deal(self, game: _Game, rnd: _Round, step: Step, deal: SendaiDeal, options: SendaiOptions) -> None:
        self._lay(rnd, step, deal.hands, deal.field, deal.draw_pile, options)

    def _lay(
        self, rnd: _Round, step: Step, hands: Sequence[Sequence[str]], field: Sequence[str],
        draw_pile: Sequence[str] | None, options: SendaiOptions,
    ) -> None:  # fmt: skip
        """The cards laid out by a deal, as known (a hand dealt unseen holds ``UNSEEN`` cards)."""
        if rnd.phase != "deal":
            what = "record sendai.misdeal first" if rnd.phase == "misdeal" else "the cards are already dealt"
            raise illegal(step, "sendai.deal.out_of_turn", f"cannot deal now: {what}")
        dealt = [c for c in (*hands[0], *hands[1], *hands[2], *field, *(draw_pile or ())) if c != UNSEEN]
        if len(set(dealt)) != len(dealt):
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise illegal(step, "sendai.deal.duplicate", f"{twice} is dealt twice")
        rnd.dealt = tuple(tuple(h) for h in hands)
        rnd.hands = [list(h) for h in hands]
        rnd.set_field(field)
        four = next((month for month, cards in rnd.months.items() if len(cards) == 4), None)
        rnd.pile = None if draw_pile is None else list(draw_pile)
        rnd.drawn, rnd.captured, rnd.to_move = 0, [[], [], []], rnd.dealer
        if four is not None and options.misdeal_four:
            rnd.phase, rnd.misdeal_month = "misdeal", four
        else:
            rnd.phase, rnd.opening = "play", True

    def _misdeal(self, game: _Game, rnd: _Round, step: Step, misdeal: SendaiMisdeal, options: SendaiOptions) -> None:
        if rnd.phase != "misdeal":
            raise illegal(
                step, "sendai.misdeal.none", "a misdeal is four cards of one month on the field; there are none"
            )
        if misdeal.month != rnd.misdeal_month:
            raise illegal(
                step,
                "sendai.misdeal.wrong_month",
                f"the field holds four of month {rnd.misdeal_month}, not {misdeal.month}",
            )
        rnd.reset(SendaiRound(number=rnd.number, dealer=rnd.dealer, misdeals=rnd.misdeals + 1))

    def _expose(self, game: _Game, rnd: _Round, step: Step, event: TeyakuExposed, options: SendaiOptions) -> None:
        self._dealt(rnd, step)
        if not rnd.opening or rnd.phase != "play":
            raise illegal(step, "sendai.teyaku.late", "teyaku are exposed after the deal, before the first play")
        spec = TEYAKU_BY_KEY[event.teyaku]
        unseen_hand = UNSEEN in rnd.dealt[event.seat]  # the public record: the teyaku is taken as shown
        held = (
            [spec] if unseen_hand else teyaku_held(rnd.dealt[event.seat], four_as_two_pairs=options.four_as_two_pairs)
        )
        if spec not in held:
            raise illegal(step, "sendai.teyaku.not_held", f"{who(game, event.seat)}'s hand does not make {spec.name}")
        mine = rnd.exposed[event.seat]
        if event.teyaku in mine:
            raise illegal(step, "sendai.teyaku.twice", f"{spec.name} is already exposed")
        if options.teyaku_exclusive:
            if mine:
                raise illegal(step, "sendai.teyaku.exclusive", "only one teyaku of a hand counts, and one is exposed")
            if held[0].points > spec.points:
                raise illegal(
                    step,
                    "sendai.teyaku.not_best",
                    f"the hand makes {held[0].name} ({held[0].points}); only the best teyaku counts, so expose that",
                )
        rnd.exposed = tuple(
            (*keys, event.teyaku) if seat == event.seat else keys for seat, keys in enumerate(rnd.exposed)
        )
        if options.teyaku_mode == "winRound":
            _finish(game, rnd, options, reason="teyaku", winner=event.seat)

    def _decide(self, game: _Game, rnd: _Round, step: Step, event: KoiKoi | Stop, options: SendaiOptions) -> None:
        self._dealt(rnd, step)
        if rnd.phase != "decide":
            raise illegal(
                step,
                "sendai.decide.not_offered",
                "go or stop is offered only after a turn that makes a new or better dekiyaku",
            )
        if event.seat != rnd.to_move:
            raise illegal(step, "sendai.decide.wrong_seat", f"{who(game, rnd.to_move)} decides, not seat {event.seat}")
        if isinstance(event, Stop):
            return _finish(game, rnd, options, reason="stop", winner=event.seat)
        total = _points(rnd, event.seat, options)
        rnd.best = tuple(total if seat == event.seat else b for seat, b in enumerate(rnd.best))
        rnd.went = rnd.went | {event.seat}
        _next_turn(game, rnd, options)


_ROUND_EVENTS: dict[type[Payload], Callable[..., None]] = {
    SendaiDeal: SendaiProjection._deal,
    SendaiFieldDealt: SendaiProjection._field_dealt,
    SendaiRoundResult: SendaiProjection._result,
    SendaiMisdeal: SendaiProjection._misdeal,
    TeyakuExposed: SendaiProjection._expose,
    KoiKoi: SendaiProjection._decide,
    Stop: SendaiProjection._decide,
    SendaiCapture: SendaiProjection._capture,
    SendaiPlay: SendaiProjection._play,
    SendaiDraw: SendaiProjection._draw,
}
SendaiProjection.round_events = _ROUND_EVENTS


def _end_turn(game: _Game, rnd: _Round, options: SendaiOptions) -> None:
    """After a player's draw: a new or better dekiyaku means go or stop; else the next turn."""
    seat = rnd.to_move
    pile = rnd.captured[seat]
    size, checked = len(pile), rnd.checked[seat]
    if size != checked:  # the pile grew since the seat's last check
        dekiyaku = (rnd.tables or _tables(rnd, options))[seat]
        before = rnd.counts[seat]
        now = before
        increments = dekiyaku.increments
        for card in pile[checked:] if checked >= 0 else pile:
            now += increments.get(card, 0)
        rnd.counts[seat], rnd.checked[seat] = now, size
        if (checked < 0 or dekiyaku.may_have_changed(before, now)) and points(
            dekiyaku, pile, highest_only_groups=BRIGHTS_GROUP
        ) > rnd.best[seat]:
            rnd.phase = "decide"
            return
    _next_turn(game, rnd, options)


def _points(rnd: _Round, seat: int, options: SendaiOptions) -> int:
    """The seat's dekiyaku total, as ``_total(rnd.dekiyaku(...))`` without making the hits."""
    return points(_tables(rnd, options)[seat], rnd.captured[seat], highest_only_groups=BRIGHTS_GROUP)


def _tables(rnd: _Round, options: SendaiOptions) -> tuple[YakuTable, ...]:
    """The dekiyaku table of each seat (the chaff threshold goes by position), looked up once a round."""
    tables = rnd.tables
    if tables is None:
        tables = rnd.tables = tuple(
            seat_dekiyaku(seat, rnd.dealer, options) for seat in range(SEATS)
        )  # fmt: skip
    return tables


def _next_turn(game: _Game, rnd: _Round, options: SendaiOptions) -> None:
    hands = rnd.hands
    for seat in AFTER[rnd.to_move]:  # the turn order, counter-clockwise from the dealer: seat after seat
        if hands[seat]:
            rnd.phase, rnd.to_move = "play", seat
            return
    reason = "dealerPrivilege" if options.exhaustive == "dealerPrivilege" else "exhaustiveDraw"
    _finish(game, rnd, options, reason=reason, winner=rnd.dealer if reason == "dealerPrivilege" else None)


def _tally(rnd: _Round, seat: int, dekiyaku: YakuTable) -> SendaiTally:
    pile = rnd.captured[seat]
    if rnd.checked[seat] == len(pile) and not dekiyaku.may_hold_any(rnd.counts[seat]):
        hits: tuple[YakuHit, ...] = ()  # its row count, up to date, says no row can hold
        total = 0
    else:
        hits = tuple(evaluate(dekiyaku, pile, highest_only_groups=BRIGHTS_GROUP))
        total = _total(hits)
    exposed = rnd.exposed[seat]
    teyaku = tuple(TEYAKU_BY_KEY[k] for k in exposed) if exposed else ()
    return SendaiTally(seat, position_of(seat, rnd.dealer), teyaku, hits, total, seat in rnd.went)


def _finish(game: _Game, rnd: _Round, options: SendaiOptions, *, reason: str, winner: int | None) -> None:
    """End the round: who scores what, by the payment options."""
    names = game.names or tuple(f"seat {s}" for s in range(SEATS))
    tables = rnd.tables or _tables(rnd, options)
    tallies = tuple([_tally(rnd, seat, dekiyaku) for seat, dekiyaku in enumerate(tables)])
    gains = [0] * SEATS
    lines: list[str] = []
    multiplier = 2 if options.multipliers == "koikoi" and winner is not None and rnd.went - {winner} else 1
    if reason == "teyaku":
        assert winner is not None
        spec = tallies[winner].teyaku[-1]
        gains[winner] = spec.points
        lines.append(f"{names[winner]} exposed {spec.name} ({spec.jp}) and takes the round with {spec.points}")
    else:
        if options.teyaku_mode == "claimAndContinue":
            for t in tallies:
                if t.teyaku:
                    gains[t.seat] += sum(s.points for s in t.teyaku)
                    lines.append(f"{names[t.seat]}'s teyaku {', '.join(s.name for s in t.teyaku)}: {gains[t.seat]}")
        scorers: list[int] = []
        if reason == "stop":
            assert winner is not None
            scorers.append(winner)
            if not options.forfeit_on_stop:
                scorers += [s for s in sorted(rnd.went) if s != winner]
            forfeited = [s for s in sorted(rnd.went) if s != winner and options.forfeit_on_stop and tallies[s].dekiyaku]
            for seat in forfeited:
                lines.append(f"{names[seat]} went on and forfeits {tallies[seat].dekiyaku_points}")
        elif reason == "dealerPrivilege":
            scorers.append(rnd.dealer)
        for seat in scorers:
            won = tallies[seat].dekiyaku_points * (multiplier if seat == winner else 1)
            gains[seat] += won
            what = ", ".join(f"{h.name} {h.points}" for h in tallies[seat].dekiyaku) or "no dekiyaku"
            verb = "stops with" if reason == "stop" and seat == winner else "scores"
            factor = f" x{multiplier}" if multiplier > 1 and seat == winner else ""
            lines.append(f"{names[seat]} {verb} {what}{factor}: {won}")
        if reason == "exhaustiveDraw":
            lines.append(f"nobody stopped: no dekiyaku is scored and {names[rnd.dealer]} keeps the deal")
    if options.payment == "eachOpponentPays":
        # Each opponent pays every gain: a seat receives its own from both, and pays theirs.
        points = tuple(gains[s] * (SEATS - 1) - (sum(gains) - gains[s]) for s in range(SEATS))
    else:
        points = tuple(gains)
    next_dealer = winner if winner is not None and reason in ("stop", "teyaku") else rnd.dealer
    rnd.result = SendaiResult(
        rnd.number, rnd.dealer, winner, reason, "; ".join(lines) or "no score", tallies, points, next_dealer
    )
    rnd.phase, rnd.pending = "over", None


# ---- what may come next (simulation, table mode) --------------------------------------------


def legal_moves(state: SendaiState) -> list[Payload]:
    """Every event that may come next within the round, except a deal (which is open): the
    candidates below that the fold itself accepts."""
    return accepted(SendaiProjection(), state, candidate_moves(state), state.match.last_seq + 1)


def candidate_moves(state: SendaiState) -> list[Payload]:
    """What may come next within the round, listed generously for ``legal_moves`` to check."""
    rnd, options = state.round, state.options
    if rnd is None or options is None or rnd.over or rnd.phase in ("deal",):
        return []
    seat = rnd.to_move
    if rnd.phase == "misdeal":
        assert rnd.misdeal_month is not None
        return [SendaiMisdeal(month=rnd.misdeal_month)]
    if rnd.phase == "decide":
        return [KoiKoi(seat=seat), Stop(seat=seat)]
    moves = turn_candidates(rnd, SendaiPlay, SendaiDraw, SendaiCapture)
    if rnd.phase != "play":
        return moves
    if rnd.opening:
        for other in range(SEATS):
            if UNSEEN in rnd.dealt[other]:
                continue  # a teyaku of an unseen hand is offered by no one: the table says it
            for spec in teyaku_held(rnd.dealt[other], four_as_two_pairs=options.four_as_two_pairs):
                if spec.key not in rnd.exposed[other]:
                    moves.append(TeyakuExposed(seat=other, teyaku=spec.key))
    return moves


def projection() -> SendaiProjection:
    """A fresh fold of a sendai match."""
    return SendaiProjection()
