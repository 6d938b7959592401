"""Koi-koi (docs/koikoi.md): the round as a pure fold with koi-koi and stop, the scoring by the
ruleset's options, and the match's end.

A round goes: ``round_started``, ``koikoi.deal`` (a ``koikoi.misdeal`` and a fresh deal when four
cards of a month reach the field, or a dealt hand the ruleset redeals), a winning hand shown where
the ruleset has one, then turns of play and draw, the dealer first. A turn that raises the player's
yaku total must be followed by ``koikoi.koikoi`` (play on) or ``koikoi.stop``; a player with no card
left can only stop. A stop ends the round; so does the sixteenth turn, when nobody stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from events.cards import BY_ID, month_of
from events.koikoi import (
    Koikoi,
    KoikoiCapture,
    KoikoiDeal,
    KoikoiDraw,
    KoikoiFieldDealt,
    KoikoiMisdeal,
    KoikoiPlay,
    KoikoiRoundResult,
    KoikoiStop,
    KoikoiTeyakuExposed,
)
from events.match import MatchStarted, RoundStarted
from events.model import Payload
from replay.engine.fold import IllegalEvent, Step, accepted, illegal
from replay.engine.match import WorkingFold
from replay.games.hanafuda.table import UNSEEN
from replay.games.hanafuda.turns import FishingTurns, turn_candidates, who
from replay.games.koikoi.options import RULESETS, KoikoiOptions
from replay.games.koikoi.scoring import (
    FIELD_SIZE,
    HAND_SIZE,
    PILE_SIZE,
    SEATS,
    KoikoiResult,
    KoikoiTally,
    hand_yaku,
    score,
    yaku,
    yaku_total,
)
from replay.games.koikoi.state import KoikoiRound, KoikoiState, _Game, _Round

# The refusals the shared table and the match-level fold raise, under this game's name: each code
# written out, so that grep finds every code a message names.
CODES = {
    "capture.repeated": "koikoi.capture.repeated",
    "capture.no_match": "koikoi.capture.no_match",
    "capture.not_on_field": "koikoi.capture.not_on_field",
    "capture.wrong_suit": "koikoi.capture.wrong_suit",
    "capture.take_all": "koikoi.capture.take_all",
    "capture.take_one": "koikoi.capture.take_one",
    "play.out_of_turn": "koikoi.play.out_of_turn",
    "play.not_in_hand": "koikoi.play.not_in_hand",
    "play.seen": "koikoi.play.seen",
    "draw.out_of_turn": "koikoi.draw.out_of_turn",
    "draw.empty_pile": "koikoi.draw.empty_pile",
    "draw.not_top": "koikoi.draw.not_top",
    "draw.seen": "koikoi.draw.seen",
    "capture.nothing_pending": "koikoi.capture.nothing_pending",
    "capture.wrong_card": "koikoi.capture.wrong_card",
    "capture.takes_nothing": "koikoi.capture.takes_nothing",
    "round.not_started": "koikoi.round.not_started",
    "round.unfinished": "koikoi.round.unfinished",
    "match.not_complete": "koikoi.match.not_complete",
    "round.wrong_dealer": "koikoi.round.wrong_dealer",
    "decide.missing": "koikoi.decide.missing",
    "turn.wrong_seat": "koikoi.turn.wrong_seat",
    "capture.missing": "koikoi.capture.missing",
    "misdeal.missing": "koikoi.misdeal.missing",
    "deal.missing": "koikoi.deal.missing",
    "result.phase": "koikoi.result.phase",
    "result.twice": "koikoi.result.twice",
    "result.cards": "koikoi.result.cards",
}


class KoikoiProjection(
    FishingTurns[KoikoiOptions, _Round, KoikoiResult], WorkingFold[KoikoiOptions, KoikoiRound, KoikoiResult]
):
    """The pure fold of a koi-koi match. ``apply`` raises ``IllegalEvent`` with the reason."""

    game = "koikoi"
    codes = CODES
    rulesets = RULESETS
    pile_size = PILE_SIZE
    # Eight turns each: 16 cards played and 16 of the pile's 24 drawn, with the 8 of the field.
    most_captured = 2 * HAND_SIZE + 2 * HAND_SIZE + FIELD_SIZE
    decision = "say koi-koi or stop"
    new_yaku = "made a new yaku"

    def _void_deal(self, rnd: _Round) -> str:
        return _void_deal(rnd)

    def _end_turn(self, game: _Game, rnd: _Round, options: KoikoiOptions) -> None:
        _end_turn(game, rnd, options)

    def _turn_begins(self, rnd: _Round, seat: int, options: KoikoiOptions) -> None:
        rnd.turn_points[seat] = _total(rnd, seat, options)  # a later rise asks koi-koi or stop

    def thaw(self, rnd: KoikoiRound) -> _Round:
        return _Round(rnd)

    def _options_of(self, step: Step, started: MatchStarted) -> KoikoiOptions:
        return KoikoiOptions.of(started.ruleset.options)

    def _match_event(self, game: Any, step: Step, payload: Payload) -> None:
        results = game.results
        if isinstance(payload, RoundStarted) and results and results[-1].ends_match:
            out = next(s for s, p in enumerate(game.options.starting_points + x for x in _standings(results)) if p <= 0)
            raise IllegalEvent("koikoi.match.over", f"{who(game, out)} has no points left: the match is over; "
                               "record match_ended", seq=step.seq, event_type=step.type)  # fmt: skip
        super()._match_event(game, step, payload)

    def _fresh_round(self, number: int, dealer: int) -> _Round:
        return _Round(KoikoiRound(number, dealer))

    def _dealer_because(self, last: KoikoiResult, who: str) -> str:
        if last.winner is None:
            return f"nobody won round {last.round}: {who} deals"
        return f"{who} won round {last.round}"

    def _foreign(self, game: _Game, rnd: _Round, step: Step, payload: Payload, options: KoikoiOptions) -> None:
        self._turn(game, rnd, step, getattr(payload, "seat", None))
        raise illegal(step, "match.event.wrong_game", f"a koikoi match has no {step.type} events")

    def _result(self, game: _Game, rnd: _Round, step: Step, event: KoikoiRoundResult, options: KoikoiOptions) -> None:
        """A round at result depth: the captures and the calls, scored by the same rules."""
        named = [*event.went, *([event.stopped] if event.stopped is not None else [])]
        self._result_checked(rnd, step, event.captured, named, SEATS)
        rnd.captured = [list(c) for c in event.captured]
        rnd.calls = [event.went.count(seat) for seat in range(SEATS)]
        if event.shown is not None:
            if event.stopped is None or _hand_rule(options, event.shown) != "win":
                raise illegal(step, "koikoi.result.shown",
                              f"a {event.shown} shown wins only where the ruleset says so, and names its seat as stopped")  # fmt: skip
            _finish(game, rnd, options, reason="teyaku", winner=event.stopped, shown=event.shown)
        elif event.stopped is not None:
            if not yaku(rnd.captured[event.stopped], rnd.calls[event.stopped], options):
                raise illegal(step, "koikoi.result.no_yaku",
                              f"{who(game, event.stopped)} stopped but holds no yaku in these captures")  # fmt: skip
            _finish(game, rnd, options, reason="stop", winner=event.stopped)
        else:
            _finish(game, rnd, options, reason="exhaustiveDraw", winner=None)
        assert rnd.result is not None
        rnd.result = rnd.result._replace(depth="result")

    def _field_dealt(
        self, game: _Game, rnd: _Round, step: Step, deal: KoikoiFieldDealt, options: KoikoiOptions
    ) -> None:
        """The public record's deal: the field; the hands unseen (or known), shown card by card as played."""
        if deal.known and len(deal.known) != SEATS:
            raise illegal(step, "koikoi.deal.hands", "give 2 hands, one per seat, null where unseen")
        hands = [tuple(h) if h else (UNSEEN,) * HAND_SIZE for h in (deal.known or (None, None))]
        self._lay(rnd, step, hands, deal.field, None, options)

    def _deal(self, game: _Game, rnd: _Round, step: Step, deal: KoikoiDeal, options: KoikoiOptions) -> None:
        self._lay(rnd, step, deal.hands, deal.field, deal.draw_pile, options)

    def _lay(
        self, rnd: _Round, step: Step, hands: Sequence[Sequence[str]], field: Sequence[str],
        draw_pile: Sequence[str] | None, options: KoikoiOptions,
    ) -> None:  # fmt: skip
        """The cards laid out by a deal, as known (a hand dealt unseen holds ``UNSEEN`` cards)."""
        if rnd.phase != "deal":
            what = "record koikoi.misdeal first" if rnd.phase == "misdeal" else "the cards are already dealt"
            raise illegal(step, "koikoi.deal.out_of_turn", f"cannot deal now: {what}")
        dealt = [c for c in (*hands[0], *hands[1], *field, *(draw_pile or ())) if c != UNSEEN]
        if len(set(dealt)) != len(dealt):
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise illegal(step, "koikoi.deal.duplicate", f"{twice} is dealt twice")
        rnd.dealt = tuple(tuple(h) for h in hands)
        rnd.hands = [list(h) for h in hands]
        rnd.set_field(field)
        rnd.pile = None if draw_pile is None else list(draw_pile)
        rnd.drawn, rnd.captured, rnd.to_move = 0, [[], []], rnd.dealer
        rnd.calls, rnd.turn_points = [0, 0], [0, 0]
        four = next((month for month, cards in rnd.months.items() if len(cards) == 4), None)
        redealt = next((seat for seat in (rnd.dealer, 1 - rnd.dealer) if UNSEEN not in rnd.dealt[seat]
                        and any(_hand_rule(options, kind) == "redeal" for kind in hand_yaku(rnd.dealt[seat]))), None)  # fmt: skip
        if four is not None:
            rnd.phase, rnd.misdeal_month = "misdeal", four
        elif redealt is not None:
            rnd.phase, rnd.misdeal_seat = "misdeal", redealt
        else:
            rnd.phase, rnd.opening = "play", True

    def _misdeal(self, game: _Game, rnd: _Round, step: Step, misdeal: KoikoiMisdeal, options: KoikoiOptions) -> None:
        if rnd.phase == "misdeal":
            if (misdeal.month, misdeal.seat) != (rnd.misdeal_month, rnd.misdeal_seat):
                raise illegal(step, "koikoi.misdeal.wrong", f"the deal is void because {_void_deal(rnd)}")
        elif not (rnd.phase == "play" and rnd.opening and misdeal.seat is not None and misdeal.month is None
                  and UNSEEN in rnd.dealt[misdeal.seat]
                  and "redeal" in (options.teshi, options.kuttsuki)):  # fmt: skip
            # The public record: a hand dealt unseen is voided as the table saw it shown.
            raise illegal(step, "koikoi.misdeal.none",
                          "nothing voids this deal: no four of a month on the field, no hand the ruleset redeals")  # fmt: skip
        rnd.reset(KoikoiRound(number=rnd.number, dealer=rnd.dealer, misdeals=rnd.misdeals + 1))

    def _expose(self, game: _Game, rnd: _Round, step: Step, event: KoikoiTeyakuExposed, options: KoikoiOptions) -> None:
        self._dealt(rnd, step)
        if not rnd.opening or rnd.phase != "play":
            raise illegal(step, "koikoi.teyaku.late", "a teyaku is shown after the deal, before the first play")
        if _hand_rule(options, event.teyaku) != "win":
            raise illegal(step, "koikoi.teyaku.not_a_win",
                          f"under this ruleset {event.teyaku} is {_hand_rule(options, event.teyaku)}, not a win")  # fmt: skip
        hand = rnd.dealt[event.seat]
        if UNSEEN not in hand and event.teyaku not in hand_yaku(hand):
            raise illegal(
                step, "koikoi.teyaku.not_held", f"{who(game, event.seat)}'s hand does not make {event.teyaku}"
            )
        _finish(game, rnd, options, reason="teyaku", winner=event.seat, shown=event.teyaku)

    def _decide(self, game: _Game, rnd: _Round, step: Step, event: Koikoi | KoikoiStop, options: KoikoiOptions) -> None:
        self._dealt(rnd, step)
        if rnd.phase != "decide":
            raise illegal(step, "koikoi.decide.not_offered",
                          "koi-koi or stop is said only after a turn that raises the player's yaku")  # fmt: skip
        if event.seat != rnd.to_move:
            raise illegal(step, "koikoi.decide.wrong_seat", f"{who(game, rnd.to_move)} decides, not seat {event.seat}")
        if isinstance(event, KoikoiStop):
            return _finish(game, rnd, options, reason="stop", winner=event.seat)
        if not rnd.hands[event.seat]:
            raise illegal(step, "koikoi.decide.no_cards",
                          f"{who(game, event.seat)} has no card left to play on with: stop")  # fmt: skip
        rnd.calls[event.seat] += 1
        _next_turn(game, rnd, options)


_ROUND_EVENTS: dict[type[Payload], Callable[..., None]] = {
    KoikoiDeal: KoikoiProjection._deal,
    KoikoiFieldDealt: KoikoiProjection._field_dealt,
    KoikoiRoundResult: KoikoiProjection._result,
    KoikoiMisdeal: KoikoiProjection._misdeal,
    KoikoiTeyakuExposed: KoikoiProjection._expose,
    Koikoi: KoikoiProjection._decide,
    KoikoiStop: KoikoiProjection._decide,
    KoikoiCapture: KoikoiProjection._capture,
    KoikoiPlay: KoikoiProjection._play,
    KoikoiDraw: KoikoiProjection._draw,
}
KoikoiProjection.round_events = _ROUND_EVENTS


def _hand_rule(options: KoikoiOptions, kind: str) -> str:
    return options.teshi if kind == "teshi" else options.kuttsuki


def _void_deal(rnd: _Round | KoikoiRound) -> str:
    if rnd.misdeal_month is not None:
        suit = BY_ID[next(c for c in rnd.field if month_of(c) == rnd.misdeal_month)].suit
        return f"four {suit} cards are on the field"
    return f"seat {rnd.misdeal_seat}'s dealt hand is one the ruleset deals again"


def _total(rnd: _Round, seat: int, options: KoikoiOptions) -> int:
    return yaku_total(yaku(rnd.captured[seat], rnd.calls[seat], options))


def _standings(results: Sequence[KoikoiResult]) -> tuple[int, ...]:
    return tuple(sum(r.points[seat] for r in results) for seat in range(SEATS))


def _end_turn(game: _Game, rnd: _Round, options: KoikoiOptions) -> None:
    """After a player's draw: a higher yaku total than at the turn's start asks koi-koi or stop."""
    seat = rnd.to_move
    if _total(rnd, seat, options) > rnd.turn_points[seat]:
        rnd.phase = "decide"
        return
    _next_turn(game, rnd, options)


def _next_turn(game: _Game, rnd: _Round, options: KoikoiOptions) -> None:
    other = 1 - rnd.to_move
    for seat in (other, rnd.to_move):
        if rnd.hands[seat]:
            rnd.phase, rnd.to_move = "play", seat
            return
    _finish(game, rnd, options, reason="exhaustiveDraw", winner=None)


def _finish(
    game: _Game, rnd: _Round, options: KoikoiOptions, *, reason: str, winner: int | None, shown: str | None = None
) -> None:
    """End the round: who scores what, by the ruleset's options."""
    names = game.names or tuple(f"seat {s}" for s in range(SEATS))
    tallies = []
    for seat in range(SEATS):
        hits = tuple(yaku(rnd.captured[seat], rnd.calls[seat], options))
        tallies.append(KoikoiTally(seat, hits, yaku_total(hits), rnd.calls[seat]))
    gains = [0] * SEATS
    lines: list[str] = []
    if reason == "teyaku":
        assert winner is not None and shown is not None
        gains[winner] = options.hand_yaku_points
        lines.append(f"{names[winner]} shows {shown} in the dealt hand and wins {options.hand_yaku_points}")
    elif reason == "stop":
        assert winner is not None
        mine = tallies[winner]
        won, why = score(mine.yaku_points, mine.calls, rnd.calls[1 - winner] > 0, options)
        gains[winner] = won
        what = ", ".join(f"{h.name} {h.points}" for h in mine.yaku) or "no yaku"
        lines.append(f"{names[winner]} stops with {what}" + "".join(f"; {w}" for w in why) + f": {won}")
    else:  # nobody won; the dealer may still take something for it (KoiKoi-Japan's records: 1)
        gains[rnd.dealer] = options.draw_points
        lines.append(f"nobody stopped: {names[rnd.dealer]}, the dealer, takes {options.draw_points}")
    if winner is not None:
        points = tuple(gains[winner] if seat == winner else -gains[winner] for seat in range(SEATS))
        next_dealer = winner
    else:
        points = tuple(gains[rnd.dealer] if seat == rnd.dealer else -gains[rnd.dealer] for seat in range(SEATS))
        next_dealer = rnd.dealer if options.dealer_after_draw == "keeps" else 1 - rnd.dealer
    standing = [options.starting_points + s for s in _standings(game.results)]
    ends = options.end_when_out and any(standing[seat] + points[seat] <= 0 for seat in range(SEATS))
    if ends:
        lines.append("a player has no points left: the match is over")
    rnd.result = KoikoiResult(
        rnd.number, rnd.dealer, winner, reason, "; ".join(lines), tuple(tallies), points, next_dealer, ends_match=ends
    )
    rnd.phase, rnd.pending = "over", None


# ---- what may come next (simulation, table mode) --------------------------------------------


def legal_moves(state: KoikoiState) -> list[Payload]:
    """Every event that may come next within the round, except a deal (which is open): the
    candidates below that the fold itself accepts."""
    return accepted(KoikoiProjection(), state, candidate_moves(state), state.match.last_seq + 1)


def candidate_moves(state: KoikoiState) -> list[Payload]:
    """What may come next within the round, listed generously for ``legal_moves`` to check."""
    rnd, options = state.round, state.options
    if rnd is None or options is None or rnd.over or rnd.phase == "deal":
        return []
    seat = rnd.to_move
    if rnd.phase == "misdeal":
        return [KoikoiMisdeal(month=rnd.misdeal_month, seat=rnd.misdeal_seat)]
    if rnd.phase == "decide":
        return [Koikoi(seat=seat), KoikoiStop(seat=seat)]
    moves = turn_candidates(rnd, KoikoiPlay, KoikoiDraw, KoikoiCapture)
    if rnd.phase != "play":
        return moves
    if rnd.opening:
        for other in range(SEATS):
            if UNSEEN not in rnd.dealt[other]:
                moves += [KoikoiTeyakuExposed(seat=other, teyaku=kind) for kind in hand_yaku(rnd.dealt[other])
                          if _hand_rule(options, kind) == "win"]  # fmt: skip
    return moves


def projection() -> KoikoiProjection:
    """A fresh fold of a koikoi match."""
    return KoikoiProjection()
