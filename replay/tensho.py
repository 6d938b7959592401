"""Tensho (hanafuda.md §3): the yaku table and card values as data, the round as a pure fold,
the result with its tie-break tiers, and match standings.

A round goes: ``round_started``, ``tensho.yaku_set_chosen``, ``tensho.deal``, then the
dealer's optional triple captures, then turns. A turn is a ``tensho.play`` and a
``tensho.draw``; each placed card that matches (and every Phoenix) is followed by a
``tensho.capture``. The round ends at once on an instant win, or when both hands are empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, NamedTuple

from events.cards import BY_ID, TENSHO_DECK
from events.match import MatchStarted
from events.model import Payload
from events.tensho import (
    DealerTripleCapture,
    TenshoCapture,
    TenshoDeal,
    TenshoDraw,
    TenshoPlay,
    TenshoRoundResult,
    YakuSetChosen,
)
from replay.engine.fold import IllegalEvent, Step
from replay.engine.match import GameState, WorkingFold, WorkingGame
from replay.games.hanafuda import table
from replay.games.hanafuda.fishing import MONTH, matches
from replay.games.hanafuda.yaku import YakuHit, YakuSpec, YakuTable, cards_of, evaluate, total
from replay.games.tensho.options import RULESETS

PHOENIX = "paulownia-phoenix"
ALONE = (PHOENIX,)  # placed, the Phoenix goes to the scoring area by itself and takes nothing
TENSHO_IDS = frozenset(c.id for c in TENSHO_DECK)
PILE_SIZE = 18  # of the 45 cards: two hands of 6, 9 on the field, 6 dead, and 18 to draw

# ---- the yaku table (hanafuda.md §3.4) ------------------------------------------------------

# The card of each Nagoya number on the front (ribbon, Geese, Phoenix) and back (bright or
# animal) side. The back card of 2 is an option (Swallow or Rain Man).
FRONT_CARD = {
    1: "pine-poetry", 2: "willow-ribbon", 3: "cherry-poetry", 4: "wisteria-ribbon", 5: "iris-ribbon",
    6: PHOENIX, 7: "clover-ribbon", 8: "susuki-geese", 9: "chrysanthemum-blue", 10: "maple-blue",
    11: "peony-blue", 12: "plum-poetry",
}  # fmt: skip
BACK_CARD = {
    1: "pine-crane", 2: "willow-swallow", 3: "cherry-curtain", 4: "wisteria-cuckoo", 5: "iris-bridge",
    6: PHOENIX, 7: "clover-boar", 8: "susuki-moon", 9: "chrysanthemum-cup", 10: "maple-deer",
    11: "peony-butterflies", 12: "plum-warbler",
}  # fmt: skip

IW = None  # an instant win
BOTH, SET1, SET2 = (1, 2), (1,), (2,)


@dataclass(frozen=True, slots=True)
class TenshoYaku:
    """One row of the table: a yaku by its Nagoya numbers, in which sets, and its worth."""

    key: str
    name: str
    jp: str
    nagoya: tuple[int, ...]
    sets: tuple[int, ...]
    front: int | None  # points of the front (ribbon) version; None = instant win
    back: int | None  # points of the back (animal) version
    contains: tuple[str, ...] = ()  # the three-card yaku a compound is made of


YAKU_TABLE: tuple[TenshoYaku, ...] = (
    TenshoYaku("one-two-three", "One Two Three", "一二三", (1, 2, 3), BOTH, 100, 50),
    TenshoYaku("one-two-ten", "One Two Ten", "一二十", (1, 2, 10), BOTH, 100, 50),
    TenshoYaku("three-four-five", "Three Four Five", "三四五", (3, 4, 5), BOTH, 100, 50),
    TenshoYaku("nakazo", "Nakazō", "ナカゾウ", (7, 8, 9), BOTH, 100, 50),
    TenshoYaku("ten-horse-king", "Ten Horse King", "十馬キリ", (10, 11, 12), BOTH, 100, 50),
    TenshoYaku("nine-horse-three", "Nine Horse Three", "クマザン", (9, 11, 3), BOTH, 100, 50),
    TenshoYaku("seven-five-three", "Seven Five Three", "七五三", (7, 5, 3), SET1, 100, 50),
    TenshoYaku("eight-islands", "Eight Islands", "ヤシマ", (8, 4, 11), SET1, 100, 50),
    TenshoYaku("four-horse-king", "Four Horse King", "シマキリ", (4, 11, 12), SET1, 100, 50),
    TenshoYaku("eight-four-king", "Eight Four King", "ハツシキリ", (8, 4, 12), SET1, 100, 50),
    TenshoYaku(
        "eight-islands-king", "Eight Islands King", "ヤシマキリ", (8, 4, 11, 12), SET1, 300, 150,
        ("eight-islands", "four-horse-king", "eight-four-king"),
    ),
    TenshoYaku("elder", "Elder", "御老中", (5, 6, 10), SET1, IW, 100),
    TenshoYaku("young-woman", "Young Woman", "娘", (10, 7, 8), SET2, 100, 50),
    TenshoYaku("old-woman", "Old Woman", "婆さん", (8, 9, 10), SET2, 100, 50),
    TenshoYaku(
        "women-young-and-old", "Women, Young and Old", "娘婆さん", (7, 8, 9, 10), SET2, 300, 150,
        ("young-woman", "old-woman", "nakazo"),
    ),
    TenshoYaku("elder", "Elder", "御老中", (5, 6, 10), SET2, 100, IW),
)  # fmt: skip

# The one mixed yaku: no front or back version (Set 2 only, instant win).
RED_FOUR = YakuSpec("red-four", "Red Four", "赤四", IW, frozenset({"pine-crane", PHOENIX, "wisteria-ribbon"}))

# Card values for the last tie-break (hanafuda.md §3.6); every other card is worth 1.
CARD_VALUE_TABLE: Mapping[int, tuple[str, ...]] = {
    15: ("pine-crane",),
    12: ("plum-warbler",),
    11: ("peony-butterflies",),
    10: ("willow-rainman", "willow-swallow", PHOENIX, "maple-deer", "maple-blue"),
    9: ("chrysanthemum-cup",),
    8: ("susuki-moon",),
    7: ("clover-boar",),
    5: ("iris-bridge", "pine-poetry"),
    4: ("wisteria-cuckoo",),
    3: ("cherry-curtain",),
}
CARD_VALUES: dict[str, int] = {c: 1 for c in TENSHO_IDS} | {
    card: value for value, cards in CARD_VALUE_TABLE.items() for card in cards
}
assert sum(CARD_VALUES.values()) == 159, "the Tensho card values sum to 159"

CHAFF_IDS = frozenset(c.id for c in TENSHO_DECK if c.type == "chaff")

TIE_TIERS = ("yakuPoints", "chaffCount", "cardValueSum")
FULL_TIE = ("draw", "dealerWins")


@dataclass(frozen=True, slots=True)
class TenshoOptions:
    """The ruleset options of a match, read once from its match_started."""

    back2_card: str
    ten_horse_king: str
    compound: str
    phoenix_dealt: str
    dealer_triple: bool
    four_of_suit: str
    mandatory_capture: bool
    tie_break: tuple[str, ...]
    round_score: str
    instant_win_value: int

    @property
    def supersede(self) -> bool:
        return self.compound == "supersede"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> TenshoOptions:
        return cls(
            back2_card=options["tensho.back2Card"],
            ten_horse_king=options["tensho.tenHorseKing"],
            compound=options["tensho.compoundYaku"],
            phoenix_dealt=options["tensho.phoenixDealtToField"],
            dealer_triple=options["tensho.dealerTripleOption"],
            four_of_suit=options["tensho.fourOfSuitOnField"],
            mandatory_capture=options["capture.mandatoryIfMatch"],
            tie_break=tuple(options["tensho.tieBreak"]),
            round_score=options["tensho.roundScore"],
            instant_win_value=options["tensho.instantWinValue"],
        )


def check_tie_break(tiers: Sequence[str]) -> str | None:
    body, last = list(tiers[:-1]), tiers[-1] if tiers else ""
    if last not in FULL_TIE or any(t not in TIE_TIERS for t in body) or len(set(body)) != len(body):
        return (
            "option tensho.tieBreak lists comparison tiers (yakuPoints, chaffCount, cardValueSum), each once, "
            "and ends with what a full tie does: draw or dealerWins"
        )
    return None


@cache
def yaku_specs(yaku_set: int, back2_card: str, ten_horse_king: str) -> YakuTable:
    """Every yaku of a set as concrete card sets, with the card variants applied."""
    specs: list[YakuSpec] = []
    for row in YAKU_TABLE:
        if yaku_set not in row.sets:
            continue
        for side, points, cards, jp_side in (
            ("front", row.front, FRONT_CARD, "表"),
            ("back", row.back, BACK_CARD, "裏"),
        ):
            numbers = row.nagoya
            if row.key == "ten-horse-king" and (
                ten_horse_king == "chrysanthemum" or (ten_horse_king == "chrysanthemumBackOnly" and side == "back")
            ):
                numbers = tuple(9 if n == 11 else n for n in numbers)
            required = frozenset(
                ("willow-rainman" if side == "back" and n == 2 and back2_card == "rainman" else cards[n])
                for n in numbers
            )
            specs.append(
                YakuSpec(
                    key=f"{side}-{row.key}",
                    name=f"{side.title()} {row.name}",
                    jp=f"{jp_side}{row.jp}",
                    points=points,
                    required=required,
                    supersedes=tuple(f"{side}-{k}" for k in row.contains),
                )
            )
    if yaku_set == 2:
        specs.append(RED_FOUR)
    return YakuTable(specs)


# ---- results --------------------------------------------------------------------------------


class PlayerTally(NamedTuple):  # tuples: made at every round's end, where a dataclass is slower
    seat: int
    yaku: tuple[YakuHit, ...]
    yaku_points: int  # an instant win counts as the instantWinValue option
    chaff: int
    card_value: int


class RoundResult(NamedTuple):
    round: int
    dealer: int
    yaku_set: int
    winner: int | None
    reason: str  # "instantWin", "yakuPoints", "chaffCount", "cardValueSum", "draw" or "dealerWins"
    explanation: str
    players: tuple[PlayerTally, PlayerTally]
    points: tuple[int, int]  # what the round adds to each seat's standing
    next_dealer: int
    depth: str = "moves"  # recorded move by move, or as its result only


def tally(seat: int, captured: Sequence[str], specs: Sequence[YakuSpec], options: TenshoOptions) -> PlayerTally:
    hits = tuple(evaluate(specs, captured, supersede=options.supersede))
    return PlayerTally(
        seat,
        hits,
        total(hits, instant_win_value=options.instant_win_value),
        len(CHAFF_IDS.intersection(captured)),
        sum(map(CARD_VALUES.__getitem__, captured)),
    )


def _tallies(
    captured: Sequence[Sequence[str]], specs: Sequence[YakuSpec], options: TenshoOptions
) -> tuple[PlayerTally, PlayerTally]:
    return tally(0, captured[0], specs, options), tally(1, captured[1], specs, options)


def decide(
    round_no: int,
    dealer: int,
    yaku_set: int,
    tallies: tuple[PlayerTally, PlayerTally],
    options: TenshoOptions,
    names: Sequence[str],
    instant_winner: int | None = None,
) -> RoundResult:
    """Who won the round and why: an instant win, else the tie-break tiers in order."""
    winner: int | None
    if instant_winner is not None:
        winner, reason = instant_winner, "instantWin"
        iw = next(h for h in tallies[instant_winner].yaku if h.instant_win)
        explanation = f"{names[winner]} captured {iw.name} ({iw.jp}), an instant win"
    else:
        winner, reason, explanation = None, options.tie_break[-1], ""
        for tier in options.tie_break[:-1]:
            field = _TIER_FIELD[tier]
            a, b = getattr(tallies[0], field), getattr(tallies[1], field)
            if a != b:
                winner, reason = (0 if a > b else 1), tier
                explanation += f"{names[winner]} wins on {_TIER_WORDS[tier]}: {max(a, b)} to {min(a, b)}"
                break
            explanation += f"{_TIER_WORDS[tier]} tied at {a}; "
        if winner is None:
            if reason == "dealerWins":
                winner = dealer
                explanation += f"a full tie goes to the dealer, {names[dealer]}"
            else:
                explanation += f"a full tie: the round is drawn and {names[dealer]} keeps the deal"
    points = _round_points(winner, tallies, options)
    return RoundResult(
        round_no, dealer, yaku_set, winner, reason, explanation, tallies, points,
        dealer if winner is None else winner,
    )  # fmt: skip


_TIER_WORDS = {"yakuPoints": "yaku points", "chaffCount": "chaff count", "cardValueSum": "card values"}


_TIER_FIELD = {"yakuPoints": "yaku_points", "chaffCount": "chaff", "cardValueSum": "card_value"}  # of PlayerTally


def _round_points(
    winner: int | None, tallies: tuple[PlayerTally, PlayerTally], options: TenshoOptions
) -> tuple[int, int]:
    if winner is None:
        return (0, 0)
    if options.round_score == "roundsWon":
        won = 1
    elif options.round_score == "winnerYakuTotal":
        won = tallies[winner].yaku_points
    else:  # yakuDifference
        won = max(0, tallies[winner].yaku_points - tallies[1 - winner].yaku_points)
    return (won, 0) if winner == 0 else (0, won)


# ---- the round state ------------------------------------------------------------------------

Phase = Literal["set", "deal", "play", "capture", "draw", "over"]


class RoundState(NamedTuple):
    """One round as it stands, immutable. A fold works on a ``_Round`` copy and freezes it."""

    number: int
    dealer: int
    phase: Phase = "set"
    yaku_set: int = 0
    to_move: int = 0
    hands: tuple[tuple[str, ...], ...] = ((), ())
    field: tuple[str, ...] = ()
    pile: tuple[str, ...] | None = None  # the rest of the draw pile, top first, when known
    drawn: int = 0
    dead: frozenset[str] | None = None
    captured: tuple[tuple[str, ...], ...] = ((), ())
    pending: str | None = None  # the card played or drawn that must now capture
    pending_from: Literal["play", "draw"] = "play"
    opening: bool = True  # no card played yet: the dealer's triple capture is still possible
    triple_months: frozenset[int] = frozenset()
    misdeals: int = 0
    specs: tuple[YakuSpec, ...] = ()
    instant: tuple[YakuSpec, ...] = ()  # the instant-win yaku of the set, checked after each capture
    result: RoundResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seen(self) -> frozenset[str]:
        return table.seen(self, self.dead or ())

    def unseen(self) -> frozenset[str]:
        return TENSHO_IDS - self.seen()

    def where(self, card: str) -> str:
        """Where a card is, in words, for error messages."""
        return _where(self, card, self.dead)

    def yaku_of(self, seat: int, options: TenshoOptions) -> tuple[YakuHit, ...]:
        return tuple(evaluate(self.specs, self.captured[seat], supersede=options.compound == "supersede"))


def _where(rnd: table.FishingRound, card: str, dead: frozenset[str] | None) -> str:
    return table.where(rnd, card, deck=TENSHO_IDS, dead=dead or ()).replace(
        "not in this game's deck", "not in the 45-card Tensho deck"
    )


class _Round(table.Cards):
    """A ``RoundState`` while the fold works on it, changed in place (see ``replay.hanafuda.table``)."""

    __slots__ = (
        "dead",
        "dealer",
        "instant",
        "instant_cards",
        "misdeals",
        "number",
        "opening",
        "result",
        "specs",
        "triple_months",
        "yaku_set",
    )

    number: int
    dealer: int
    yaku_set: int
    dead: frozenset[str] | None
    opening: bool
    triple_months: frozenset[int]
    misdeals: int
    specs: tuple[YakuSpec, ...]
    instant: tuple[YakuSpec, ...]
    instant_cards: frozenset[str]  # every card of an instant-win yaku: a capture without one cannot win
    result: RoundResult | None

    def __init__(self, rnd: RoundState) -> None:
        self.thaw_cards(rnd)
        self.number, self.dealer, self.yaku_set = rnd.number, rnd.dealer, rnd.yaku_set
        self.dead, self.opening, self.triple_months = rnd.dead, rnd.opening, rnd.triple_months
        self.misdeals, self.specs, self.result = rnd.misdeals, rnd.specs, rnd.result
        self.instant, self.instant_cards = rnd.instant, cards_of(rnd.instant)

    @classmethod
    def fresh(cls, number: int, dealer: int) -> _Round:
        """A round just started: no yaku set chosen, nothing dealt, the dealer to move."""
        rnd = cls(_NO_ROUND)
        rnd.number, rnd.dealer, rnd.to_move = number, dealer, dealer
        return rnd

    def freeze(self) -> RoundState:
        return RoundState(
            number=self.number, dealer=self.dealer, yaku_set=self.yaku_set, dead=self.dead, opening=self.opening,
            triple_months=self.triple_months, misdeals=self.misdeals, specs=self.specs, instant=self.instant,
            result=self.result, **self.frozen_cards(),  # type: ignore[arg-type]
        )  # fmt: skip

    def is_unseen(self, card: str) -> bool:
        drawable = self.drawable
        if drawable is None:
            drawable = self.drawable = set(TENSHO_IDS - table.seen(self, self.dead or ()))
        return card in drawable

    def where(self, card: str) -> str:
        return _where(self, card, self.dead)


_NO_ROUND = RoundState(number=0, dealer=0)  # what a round holds before anything happens in it
TenshoState = GameState[TenshoOptions, RoundState, RoundResult]
_Game = WorkingGame[TenshoOptions, _Round, RoundResult]


# ---- the fold -------------------------------------------------------------------------------


class TenshoProjection(WorkingFold[TenshoOptions, RoundState, RoundResult]):
    """The pure fold of a Tensho match. ``apply`` raises ``IllegalEvent`` with the reason."""

    game = "tensho"
    rulesets = RULESETS

    def thaw(self, rnd: RoundState) -> _Round:
        return _Round(rnd)

    def _options_of(self, step: Step, started: MatchStarted) -> TenshoOptions:
        tiers = started.ruleset.options["tensho.tieBreak"]
        problem = check_tie_break([str(t) for t in tiers] if isinstance(tiers, tuple) else [])
        if problem:
            raise _illegal(step, "match.option.invalid", problem)
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
            raise _illegal(step, "tensho.yaku_set.late", "the yaku set is chosen before the deal, once a round")
        rnd.phase, rnd.yaku_set = "deal", chosen.yaku_set
        rnd.specs = specs = yaku_specs(chosen.yaku_set, options.back2_card, options.ten_horse_king)
        rnd.instant, rnd.instant_cards = specs.instant, specs.instant_cards

    def _turn(self, game: _Game, rnd: _Round, step: Step, seat: int | None, *, capturing: bool = False) -> None:
        """What every move in turn needs: a dealt round, the seat to move, no capture owed."""
        phase = rnd.phase
        if phase == "set" or phase == "deal":
            need = "tensho.yaku_set_chosen" if phase == "set" else "tensho.deal"
            raise _illegal(step, f"tensho.{phase}.missing", f"the round needs {need} before {step.type}")
        if seat != rnd.to_move:
            raise _illegal(
                step,
                "tensho.turn.wrong_seat",
                f"it is {game.names[rnd.to_move]}'s (seat {rnd.to_move}) turn to {_expects(rnd)}, not seat {seat}",
            )
        if phase == "capture" and not capturing:
            raise _illegal(step, "tensho.capture.missing", _capture_reminder(rnd))

    def _foreign(self, game: _Game, rnd: _Round, step: Step, payload: Payload, options: TenshoOptions) -> None:
        self._turn(game, rnd, step, getattr(payload, "seat", None))
        raise _illegal(step, "match.event.wrong_game", f"a tensho match has no {step.type} events")

    def _result(self, game: _Game, rnd: _Round, step: Step, event: TenshoRoundResult, options: TenshoOptions) -> None:
        """A round at result depth: scored from the captured cards by the same yaku and tie-break."""
        if rnd.phase != "deal":
            what = "choose the yaku set first" if rnd.phase == "set" else "this round is being recorded move by move"
            raise _illegal(step, "tensho.result.phase", f"{what}; a round's result is recorded before any deal")
        cards = [c for seat in event.captured for c in seat]
        outside = sorted(set(cards) - TENSHO_IDS)
        if outside:
            raise _illegal(step, "tensho.result.not_in_deck", f"{', '.join(outside)} is not in the 45-card Tensho deck")
        twice = sorted(c for c in set(cards) if cards.count(c) > 1)
        if twice:
            raise _illegal(step, "tensho.result.twice", f"{', '.join(twice)} is captured twice")
        if len(cards) > 39:
            raise _illegal(step, "tensho.result.too_many", f"{len(cards)} cards captured; at most 39 are in play")
        tallies = _tallies(event.captured, rnd.specs, options)
        instant = [t.seat for t in tallies if any(h.instant_win for h in t.yaku)]
        if len(instant) > 1:
            raise _illegal(step, "tensho.result.two_instant_wins",
                           "both seats hold an instant-win yaku; only the first to complete one won, "
                           "so record this round move by move")  # fmt: skip
        result = decide(rnd.number, rnd.dealer, rnd.yaku_set, tallies, options, game.names,
                        instant_winner=instant[0] if instant else None)  # fmt: skip
        rnd.phase, rnd.captured = "over", [list(event.captured[0]), list(event.captured[1])]
        rnd.result = result._replace(depth="result")

    def _deal(self, game: _Game, rnd: _Round, step: Step, deal: TenshoDeal, options: TenshoOptions) -> None:
        if rnd.phase != "deal":
            what = "choose the yaku set first" if rnd.phase == "set" else "the cards are already dealt"
            raise _illegal(step, "tensho.deal.out_of_turn", f"cannot deal now: {what}")
        dealt = [*deal.hands[0], *deal.hands[1], *deal.field, *(deal.draw_pile or ()), *(deal.dead or ())]
        cards = set(dealt)
        if not cards <= TENSHO_IDS:
            outside = next(c for c in dealt if c not in TENSHO_IDS)
            raise _illegal(step, "tensho.deal.not_in_deck", f"{outside} is not in the 45-card Tensho deck")
        if len(cards) != len(dealt):
            twice = next(c for c in dealt if dealt.count(c) > 1)
            raise _illegal(step, "tensho.deal.duplicate", f"{twice} is dealt twice")
        four: list[str] | None = None
        if len(set(map(MONTH.__getitem__, deal.field))) <= 6:  # nine cards, four of one month: six months at most
            by_month: dict[int, list[str]] = {}
            for card_id in deal.field:
                by_month.setdefault(MONTH[card_id], []).append(card_id)
            four = next((cards for cards in by_month.values() if len(cards) == 4), None)
        if four and options.four_of_suit == "misdeal":
            # Recorded as dealt; the round now needs a fresh deal (hanafuda.md §3.2, reconstruction).
            rnd.misdeals += 1
            return
        dealer = rnd.dealer
        captured: list[list[str]] = [[], []]
        field: list[str] = list(deal.field)
        if four:  # dealerTakesAll
            captured[dealer] += four
            field = [c for c in field if c not in four]
        if PHOENIX in field and options.phoenix_dealt == "dealerCaptures":
            captured[dealer].append(PHOENIX)
            field.remove(PHOENIX)
        rnd.phase, rnd.to_move = "play", dealer
        rnd.hands = [list(deal.hands[0]), list(deal.hands[1])]
        rnd.captured = captured
        rnd.set_field(field)
        rnd.pile = None if deal.draw_pile is None else list(deal.draw_pile)
        rnd.dead = None if deal.dead is None else frozenset(deal.dead)
        _instant_win(game, rnd, dealer, options, captured[dealer])

    def _triple(self, game: _Game, rnd: _Round, step: Step, event: DealerTripleCapture, options: TenshoOptions) -> None:
        if rnd.phase in ("set", "deal"):
            self._turn(game, rnd, step, event.seat)  # says what the round needs first
        if not options.dealer_triple:
            raise _illegal(step, "tensho.triple.option_off", "this match plays without the dealer's triple capture")
        if event.seat != rnd.dealer:
            raise _illegal(step, "tensho.triple.not_dealer", f"only the dealer (seat {rnd.dealer}) may take a triple")
        if not rnd.opening or rnd.phase != "play":
            raise _illegal(step, "tensho.triple.late", "the dealer's triple capture comes before the first play")
        first, second = event.cards
        if first == second:
            raise _illegal(step, "tensho.triple.same_card", "name two different cards of the triple")
        for card_id in event.cards:
            if card_id not in rnd.field:
                raise _illegal(
                    step, "tensho.triple.not_on_field", f"{card_id} is not on the field ({rnd.where(card_id)})"
                )
        month = BY_ID[first].month
        if BY_ID[second].month != month:
            raise _illegal(step, "tensho.triple.wrong_suit", f"{first} and {second} are of different suits")
        same = [c for c in rnd.field if BY_ID[c].month == month]
        if len(same) != 3 or month in rnd.triple_months:
            raise _illegal(
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
            raise _illegal(step, f"tensho.{broken.code}", broken.reason) from None
        rnd.opening = False

    def _draw(self, game: _Game, rnd: _Round, step: Step, draw: TenshoDraw, options: TenshoOptions) -> None:
        seat = draw.seat  # read once: a model's fields are slower to read than a local
        if rnd.phase != "draw" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat)
        try:
            over = table.put_down(rnd, seat, draw.card, "draw", PILE_SIZE, ALONE)
        except table.RuleBroken as broken:
            raise _illegal(step, f"tensho.{broken.code}", broken.reason) from None
        if over:
            _end_turn(game, rnd, options)

    def _capture(self, game: _Game, rnd: _Round, step: Step, event: TenshoCapture, options: TenshoOptions) -> None:
        seat, card, taken = event.seat, event.card, event.taken
        if rnd.phase != "capture" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat, capturing=True)
        if PHOENIX in taken:
            raise _illegal(step, "tensho.phoenix.field_capture", "the Phoenix on the field can never be captured")
        if rnd.phase == "play" and card == PHOENIX and PHOENIX in rnd.field:
            # The Mikawa rule: the dealer may take a field Phoenix instead of playing a card.
            if options.phoenix_dealt != "dealerMayTakeInsteadOfPlay" or seat != rnd.dealer or taken:
                raise _illegal(step, "tensho.phoenix.field_capture", "the Phoenix on the field can never be captured")
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
                raise _illegal(step, code, reason) from None
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
    TenshoRoundResult: TenshoProjection._result,
    DealerTripleCapture: TenshoProjection._triple,
    TenshoCapture: TenshoProjection._capture,
    TenshoPlay: TenshoProjection._play,
    TenshoDraw: TenshoProjection._draw,
}
TenshoProjection.round_events = _ROUND_EVENTS


def _illegal(step: Step, code: str, reason: str) -> IllegalEvent:
    return IllegalEvent(code, reason, seq=step.seq, event_type=step.type)


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
    """Every event that may come next within the round, except a deal (which is open).

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
    moves: list[Payload] = [TenshoPlay(card=c, seat=seat) for c in rnd.hands[seat]]
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
