"""Tensho (docs/hanafuda.md §3): the round as a pure fold, with legality checked at every event.

A round goes: ``round_started``, ``tensho.yaku_set_chosen``, ``tensho.deal``, then the
dealer's optional triple captures, then turns. A turn is a ``tensho.play`` and a
``tensho.draw``; each placed card that matches (and every Phoenix) is followed by a
``tensho.capture``. The round ends at once on an instant win, or when both hands are empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from events.cards import BY_ID
from events.match import MatchStarted
from events.model import Payload
from events.tensho import (
    DealerTripleCapture,
    TenshoCapture,
    TenshoDeal,
    TenshoDraw,
    TenshoFieldDealt,
    TenshoPlay,
    TenshoRoundResult,
    YakuSetChosen,
)
from replay.engine.fold import Step, accepted, illegal, spoken
from replay.engine.match import WorkingFold
from replay.games.hanafuda import table
from replay.games.hanafuda.fishing import MONTH, matches
from replay.games.hanafuda.table import UNSEEN
from replay.games.tensho.options import RULESETS, TenshoOptions, check_tie_break
from replay.games.tensho.scoring import ALONE, PHOENIX, PILE_SIZE, TENSHO_IDS, RoundResult, _tallies, decide, yaku_specs
from replay.games.tensho.state import RoundState, TenshoState, _Game, _Round

# ---- the fold -------------------------------------------------------------------------------


# The refusals the shared table and the match-level fold raise, under this game's name: each code
# written out, so that grep finds every code a message names.
CODES = {
    "capture.repeated": "tensho.capture.repeated",
    "capture.no_match": "tensho.capture.no_match",
    "capture.not_on_field": "tensho.capture.not_on_field",
    "capture.wrong_suit": "tensho.capture.wrong_suit",
    "capture.take_all": "tensho.capture.take_all",
    "capture.take_one": "tensho.capture.take_one",
    "play.out_of_turn": "tensho.play.out_of_turn",
    "play.not_in_hand": "tensho.play.not_in_hand",
    "play.seen": "tensho.play.seen",
    "draw.out_of_turn": "tensho.draw.out_of_turn",
    "draw.empty_pile": "tensho.draw.empty_pile",
    "draw.not_top": "tensho.draw.not_top",
    "draw.seen": "tensho.draw.seen",
    "capture.nothing_pending": "tensho.capture.nothing_pending",
    "capture.wrong_card": "tensho.capture.wrong_card",
    "capture.takes_nothing": "tensho.capture.takes_nothing",
    "round.not_started": "tensho.round.not_started",
    "round.unfinished": "tensho.round.unfinished",
    "match.not_complete": "tensho.match.not_complete",
    "round.wrong_dealer": "tensho.round.wrong_dealer",
}


class TenshoProjection(WorkingFold[TenshoOptions, RoundState, RoundResult]):
    """The pure fold of a Tensho match. ``apply`` raises ``IllegalEvent`` with the reason."""

    game = "tensho"
    codes = CODES
    rulesets = RULESETS

    def thaw(self, rnd: RoundState) -> _Round:
        return _Round(rnd)

    def _options_of(self, step: Step, started: MatchStarted) -> TenshoOptions:
        tiers = started.ruleset.options["tensho.tieBreak"]
        problem = check_tie_break([str(t) for t in tiers] if isinstance(tiers, tuple) else [])
        if problem:
            raise illegal(step, "match.option.invalid", problem)
        return TenshoOptions.of(started.ruleset.options)

    def _fresh_round(self, number: int, dealer: int) -> _Round:
        return _Round.fresh(number, dealer)

    def _dealer_because(self, last: RoundResult, who: str) -> str:
        if last.winner is None:
            return f"round {last.round} was drawn, so {who} keeps the deal"
        return f"{who} won round {last.round}"

    # -- round events --

    def _yaku_set(self, game: _Game, rnd: _Round, step: Step, chosen: YakuSetChosen, options: TenshoOptions) -> None:
        if rnd.phase != "set":
            raise illegal(step, "tensho.yaku_set.late", "the yaku set is chosen before the deal, once a round")
        rnd.phase, rnd.yaku_set = "deal", chosen.yaku_set
        rnd.specs = specs = yaku_specs(chosen.yaku_set, options.back2_card, options.ten_horse_king)
        rnd.instant, rnd.instant_cards = specs.instant, specs.instant_cards

    def _turn(self, game: _Game, rnd: _Round, step: Step, seat: int | None, *, capturing: bool = False) -> None:
        """What every move in turn needs: a dealt round, the seat to move, no capture owed."""
        phase = rnd.phase
        if phase == "set" or phase == "deal":
            need = "the yaku set chosen (`taikyoku yaku-set MATCH 1` or 2)" if phase == "set" else "the deal"
            code = "tensho.set.missing" if phase == "set" else "tensho.deal.missing"
            raise illegal(step, code, f"the round needs {need} before any {spoken(step.type)}")
        if seat != rnd.to_move:
            raise illegal(
                step,
                "tensho.turn.wrong_seat",
                f"it is {game.names[rnd.to_move]}'s (seat {rnd.to_move}) turn to {_expects(rnd)}, not seat {seat}",
            )
        if phase == "capture" and not capturing:
            raise illegal(step, "tensho.capture.missing", _capture_reminder(rnd))

    def _foreign(self, game: _Game, rnd: _Round, step: Step, payload: Payload, options: TenshoOptions) -> None:
        self._turn(game, rnd, step, getattr(payload, "seat", None))
        raise illegal(step, "match.event.wrong_game", f"a tensho match has no {step.type} events")

    def _result(self, game: _Game, rnd: _Round, step: Step, event: TenshoRoundResult, options: TenshoOptions) -> None:
        """A round at result depth: scored from the captured cards by the same yaku and tie-break."""
        if rnd.phase != "deal":
            what = "choose the yaku set first" if rnd.phase == "set" else "this round is being recorded move by move"
            raise illegal(step, "tensho.result.phase", f"{what}; a round's result is recorded before any deal")
        cards = [c for seat in event.captured for c in seat]
        outside = sorted(set(cards) - TENSHO_IDS)
        if outside:
            raise illegal(step, "tensho.result.not_in_deck", f"{', '.join(outside)} is not in the 45-card Tensho deck")
        twice = sorted(c for c in set(cards) if cards.count(c) > 1)
        if twice:
            raise illegal(step, "tensho.result.twice", f"{', '.join(twice)} is captured twice")
        if len(cards) > 39:
            raise illegal(step, "tensho.result.too_many", f"{len(cards)} cards captured; at most 39 are in play")
        tallies = _tallies(event.captured, rnd.specs, options)
        instant = [t.seat for t in tallies if any(h.instant_win for h in t.yaku)]
        if len(instant) > 1:
            raise illegal(step, "tensho.result.two_instant_wins",
                           "both seats hold an instant-win yaku; only the first to complete one won, "
                           "so record this round move by move")  # fmt: skip
        result = decide(rnd.number, rnd.dealer, rnd.yaku_set, tallies, options, game.names,
                        instant_winner=instant[0] if instant else None)  # fmt: skip
        rnd.phase, rnd.captured = "over", [list(event.captured[0]), list(event.captured[1])]
        rnd.result = result._replace(depth="result")

    def _field_dealt(
        self, game: _Game, rnd: _Round, step: Step, deal: TenshoFieldDealt, options: TenshoOptions
    ) -> None:
        """The public record's deal: the field; both hands unseen, shown card by card as played."""
        if deal.known and len(deal.known) != 2:
            raise illegal(step, "tensho.deal.hands", "give 2 hands, one per seat, null where unseen")
        hands = [tuple(h) if h else (UNSEEN,) * 6 for h in (deal.known or (None, None))]  # each hand of 6
        self._lay(game, rnd, step, hands, deal.field, None, None, options)

    def _deal(self, game: _Game, rnd: _Round, step: Step, deal: TenshoDeal, options: TenshoOptions) -> None:
        self._lay(game, rnd, step, deal.hands, deal.field, deal.draw_pile, deal.dead, options)

    def _lay(
        self, game: _Game, rnd: _Round, step: Step, hands: Sequence[Sequence[str]], field_dealt: Sequence[str],
        draw_pile: Sequence[str] | None, dead: Sequence[str] | None, options: TenshoOptions,
    ) -> None:  # fmt: skip
        """The cards laid out by a deal, as known (a hand dealt unseen holds ``UNSEEN`` cards)."""
        if rnd.phase != "deal":
            what = "choose the yaku set first" if rnd.phase == "set" else "the cards are already dealt"
            raise illegal(step, "tensho.deal.out_of_turn", f"cannot deal now: {what}")
        dealt = [*hands[0], *hands[1], *field_dealt, *(draw_pile or ()), *(dead or ())]
        dealt = [card for card in dealt if card != UNSEEN]
        cards = set(dealt)
        if not cards <= TENSHO_IDS:
            outside = next(c for c in dealt if c not in TENSHO_IDS)
            raise illegal(step, "tensho.deal.not_in_deck", f"{outside} is not in the 45-card Tensho deck")
        if len(cards) != len(dealt):
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise illegal(step, "tensho.deal.duplicate", f"{twice} is dealt twice")
        four: list[str] | None = None
        if len(set(map(MONTH.__getitem__, field_dealt))) <= 6:  # nine cards, four of one month: six months at most
            by_month: dict[int, list[str]] = {}
            for card_id in field_dealt:
                by_month.setdefault(MONTH[card_id], []).append(card_id)
            four = next((cards for cards in by_month.values() if len(cards) == 4), None)
        if four and options.four_of_suit == "misdeal":
            # Recorded as dealt; the round now needs a fresh deal (docs/hanafuda.md §3.2, reconstruction).
            rnd.misdeals += 1
            return
        dealer = rnd.dealer
        captured: list[list[str]] = [[], []]
        field: list[str] = list(field_dealt)
        if four:  # dealerTakesAll
            captured[dealer] += four
            field = [c for c in field if c not in four]
        if PHOENIX in field and options.phoenix_dealt == "dealerCaptures":
            captured[dealer].append(PHOENIX)
            field.remove(PHOENIX)
        rnd.phase, rnd.to_move = "play", dealer
        rnd.hands = [list(hands[0]), list(hands[1])]
        rnd.captured = captured
        rnd.set_field(field)
        rnd.pile = None if draw_pile is None else list(draw_pile)
        rnd.dead = None if dead is None else frozenset(dead)
        _instant_win(game, rnd, dealer, options, captured[dealer])

    def _triple(self, game: _Game, rnd: _Round, step: Step, event: DealerTripleCapture, options: TenshoOptions) -> None:
        if rnd.phase in ("set", "deal"):
            self._turn(game, rnd, step, event.seat)  # says what the round needs first
        if not options.dealer_triple:
            raise illegal(step, "tensho.triple.option_off", "this match plays without the dealer's triple capture")
        if event.seat != rnd.dealer:
            raise illegal(step, "tensho.triple.not_dealer", f"only the dealer (seat {rnd.dealer}) may take a triple")
        if not rnd.opening or rnd.phase != "play":
            raise illegal(step, "tensho.triple.late", "the dealer's triple capture comes before the first play")
        first, second = event.cards
        if first == second:
            raise illegal(step, "tensho.triple.same_card", "name two different cards of the triple")
        for card_id in event.cards:
            if card_id not in rnd.field:
                raise illegal(
                    step, "tensho.triple.not_on_field", f"{card_id} is not on the field ({rnd.where(card_id)})"
                )
        month = BY_ID[first].month
        if BY_ID[second].month != month:
            raise illegal(step, "tensho.triple.wrong_suit", f"{first} and {second} are of different suits")
        same = [c for c in rnd.field if BY_ID[c].month == month]
        if len(same) != 3 or month in rnd.triple_months:
            raise illegal(
                step, "tensho.triple.no_triple", f"the field holds {len(same)} {BY_ID[first].suit} cards, not a triple"
            )
        rnd.take(first)
        rnd.take(second)
        rnd.captured[rnd.dealer] += (first, second)
        rnd.triple_months = rnd.triple_months | {month}
        rnd.to_move = 1 - rnd.dealer  # the dealer now plays second
        _instant_win(game, rnd, rnd.dealer, options, event.cards)

    def _play(self, game: _Game, rnd: _Round, step: Step, play: TenshoPlay, options: TenshoOptions) -> None:
        seat = play.seat  # read once: a model's fields are slower to read than a local
        if rnd.phase != "play" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat)
        try:
            table.put_down(rnd, seat, play.card, "play", PILE_SIZE, ALONE)
        except table.RuleBroken as broken:
            raise illegal(step, CODES[broken.code], broken.reason) from None
        rnd.opening = False

    def _draw(self, game: _Game, rnd: _Round, step: Step, draw: TenshoDraw, options: TenshoOptions) -> None:
        seat = draw.seat  # read once: a model's fields are slower to read than a local
        if rnd.phase != "draw" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat)
        try:
            over = table.put_down(rnd, seat, draw.card, "draw", PILE_SIZE, ALONE)
        except table.RuleBroken as broken:
            raise illegal(step, CODES[broken.code], broken.reason) from None
        if over:
            _end_turn(game, rnd, options)

    def _capture(self, game: _Game, rnd: _Round, step: Step, event: TenshoCapture, options: TenshoOptions) -> None:
        seat, card, taken = event.seat, event.card, event.taken
        if rnd.phase != "capture" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat, capturing=True)
        if PHOENIX in taken:
            raise illegal(step, "tensho.phoenix.field_capture", "the Phoenix on the field can never be captured")
        if rnd.phase == "play" and card == PHOENIX and PHOENIX in rnd.field:
            # The Mikawa rule: the dealer may take a field Phoenix instead of playing a card.
            if options.phoenix_dealt != "dealerMayTakeInsteadOfPlay" or seat != rnd.dealer or taken:
                raise illegal(step, "tensho.phoenix.field_capture", "the Phoenix on the field can never be captured")
            rnd.captured[seat].append(PHOENIX)
            rnd.take(PHOENIX)
            rnd.phase, rnd.opening = "draw", False
            _instant_win(game, rnd, seat, options, (PHOENIX,))
            return
        if not taken and not options.mandatory_capture and rnd.phase == "capture" and card == rnd.pending != PHOENIX:
            table.leave(rnd)  # capturing is optional in this match
        else:
            try:
                table.capture(rnd, seat, card, taken, ALONE)
            except table.RuleBroken as broken:
                code = (
                    "tensho.phoenix.takes_nothing"
                    if broken.code == "capture.takes_nothing"
                    else f"tensho.{broken.code}"
                )
                reason = broken.reason + (f"; {_expects(rnd)}" if broken.code == "capture.nothing_pending" else "")
                raise illegal(step, code, reason) from None
            instant = rnd.instant_cards
            if (card in instant or not instant.isdisjoint(taken)) and _instant_win(
                game, rnd, seat, options, (card, *taken)
            ):
                return
        # A played card's turn goes on to the draw; a drawn card's turn ends.
        if rnd.pending_from == "play":
            rnd.phase = "draw"
        else:
            _end_turn(game, rnd, options)


_ROUND_EVENTS: dict[type[Payload], Callable[..., None]] = {
    YakuSetChosen: TenshoProjection._yaku_set,
    TenshoDeal: TenshoProjection._deal,
    TenshoFieldDealt: TenshoProjection._field_dealt,
    TenshoRoundResult: TenshoProjection._result,
    DealerTripleCapture: TenshoProjection._triple,
    TenshoCapture: TenshoProjection._capture,
    TenshoPlay: TenshoProjection._play,
    TenshoDraw: TenshoProjection._draw,
}
TenshoProjection.round_events = _ROUND_EVENTS


def _expects(rnd: RoundState | _Round) -> str:
    return {"play": "play a card", "draw": "draw", "capture": "capture", "set": "choose", "deal": "deal"}.get(
        rnd.phase, "wait"
    )


def _capture_reminder(rnd: RoundState | _Round) -> str:
    assert rnd.pending is not None
    if rnd.pending == PHOENIX:
        return "the Phoenix goes straight to the scoring area; record tensho.capture of paulownia-phoenix first"
    return table.capture_reminder(rnd, "tensho.capture")


def _end_turn(game: _Game, rnd: _Round, options: TenshoOptions) -> None:
    other = 1 - rnd.to_move
    if rnd.hands[other]:
        rnd.phase, rnd.to_move = "play", other
    elif rnd.hands[rnd.to_move]:
        rnd.phase = "play"
    else:
        tallies = _tallies(rnd.captured, rnd.specs, options)
        rnd.phase = "over"
        rnd.result = decide(rnd.number, rnd.dealer, rnd.yaku_set, tallies, options, game.names)


def _instant_win(game: _Game, rnd: _Round, seat: int, options: TenshoOptions, taken: Iterable[str]) -> bool:
    """End the round at once if ``seat`` now holds an instant-win yaku, completed by a card of ``taken``."""
    if rnd.instant_cards.isdisjoint(taken):
        return False
    mine = frozenset(rnd.captured[seat])
    if not any(spec.holds(mine) for spec in rnd.instant):
        return False
    tallies = _tallies(rnd.captured, rnd.specs, options)
    rnd.phase, rnd.pending = "over", None
    rnd.result = decide(rnd.number, rnd.dealer, rnd.yaku_set, tallies, options, game.names, instant_winner=seat)
    return True


# ---- what may come next (simulation, table mode) --------------------------------------------


def legal_moves(state: TenshoState) -> list[Payload]:
    """Every event that may come next within the round, except a deal (which is open): the
    candidates below that the fold itself accepts."""
    return accepted(TenshoProjection(), state, candidate_moves(state), state.match.last_seq + 1)


def candidate_moves(state: TenshoState) -> list[Payload]:
    """What may come next within the round, listed generously for ``legal_moves`` to check.

    During a round's opening the dealer's triple captures are listed beside his plays. A draw
    is listed as the known top card, or as every unseen card when the pile's order is unknown.
    """
    rnd, options = state.round, state.options
    if rnd is None or options is None or rnd.over:
        return []
    seat = rnd.to_move
    if rnd.phase == "set":
        return [YakuSetChosen(by=by, yaku_set=n) for n in (1, 2) for by in ("agreement", "dealer")]
    if rnd.phase == "capture" and rnd.pending is not None:
        if rnd.pending == PHOENIX:
            return [TenshoCapture(card=PHOENIX, seat=seat, taken=())]
        found = matches(rnd.pending, rnd.field)
        choices: list[tuple[str, ...]] = [tuple(found)] if len(found) == 3 else [(c,) for c in found]
        if not options.mandatory_capture:
            choices.append(())
        return [TenshoCapture(card=rnd.pending, seat=seat, taken=t) for t in choices]
    if rnd.phase == "draw":
        if rnd.pile is not None:
            return [TenshoDraw(card=rnd.pile[0], seat=seat)] if rnd.pile else []
        return [TenshoDraw(card=c, seat=seat) for c in sorted(rnd.unseen())]
    if rnd.phase != "play":
        return []
    moves: list[Payload] = [TenshoPlay(card=c, seat=seat) for c in rnd.hands[seat] if c != UNSEEN]
    if UNSEEN in rnd.hands[seat]:  # a hand dealt unseen: any unseen card, those of the field's months first
        months = {MONTH[c] for c in rnd.field}
        unseen = sorted(rnd.unseen(), key=lambda c: (MONTH[c] not in months, MONTH[c], c))
        moves += [TenshoPlay(card=c, seat=seat) for c in unseen]
    if rnd.opening and options.dealer_triple and (seat == rnd.dealer or rnd.triple_months):
        for pair in triple_choices(rnd):
            moves.append(DealerTripleCapture(cards=pair, seat=rnd.dealer))
    if options.phoenix_dealt == "dealerMayTakeInsteadOfPlay" and seat == rnd.dealer and PHOENIX in rnd.field:
        moves.append(TenshoCapture(card=PHOENIX, seat=seat, taken=()))
    return moves


def triple_choices(rnd: RoundState) -> list[tuple[str, str]]:
    """The pairs the dealer may take from a same-suit triple on the field."""
    by_month: dict[int, list[str]] = {}
    for card_id in rnd.field:
        by_month.setdefault(BY_ID[card_id].month, []).append(card_id)
    pairs = []
    for month, cards in by_month.items():
        if len(cards) == 3 and month not in rnd.triple_months:
            pairs += [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    return pairs


def projection() -> TenshoProjection:
    """A fresh fold of a tensho match."""
    return TenshoProjection()
