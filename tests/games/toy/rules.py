"""Tsuki-awase's rules, all of them: two players each dealt a hand of hanafuda cards lay one card
each in turn, the dealer first; of each pair the higher month takes the trick (equal months: nobody).
A round scores a point a trick taken; the deal passes to the other seat every round.

Every hook the house asks of a game is here (``replay/engine/game.py``): its fold, its legal moves,
the replay document and its terminal layout, table mode's words and a phone's offers, the verbs'
builders, a result line, a simulated match, and what the statistics, the audit and the room take.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from events.cards import BY_ID, DECK, month_of
from events.errors import InputError
from events.match import Claim, MatchEnded, MatchStarted, RoundStarted
from events.model import Payload
from replay.engine.fold import IllegalEvent, Step
from replay.engine.game import Grid, Layout, Line, Question, figure
from replay.engine.intents import Build, Builder
from replay.engine.match import GameState, MatchView, RoundsFold
from replay.engine.moves import Offer
from replay.engine.options import RuleOption, RulesetSpec
from replay.engine.simulate import Driver, play_rounds, shuffled
from replay.engine.snapshot import Snapshot, match_fields
from replay.engine.words import in_names, name_of
from tests.games.toy.events import ToyDeal, ToyLay, ToyRoundResult

SEATS = 2
RULESETS = (
    RulesetSpec(
        "toy-standard",
        "toy",
        "Tsuki-awase: each pair of cards laid, the higher month takes the trick (tests/games/toy)",
        (SEATS,),
        "rounds",
        2,
        (RuleOption("toy.handSize", "int", 3, "Cards dealt to each player.", minimum=1),),
    ),
)


class ToyOptions(NamedTuple):
    hand_size: int


def _hand_size(started: MatchStarted) -> int:
    size = started.ruleset.options["toy.handSize"]
    assert isinstance(size, int)  # the option's kind, checked when the match started
    return size


@dataclass(frozen=True, slots=True)
class ToyResult:
    round: int
    dealer: int
    tricks: tuple[int, ...]
    depth: str  # "moves", or "result" for a round recorded by its result alone

    @property
    def number(self) -> int:
        return self.round

    @property
    def points(self) -> tuple[int, ...]:
        return self.tricks

    @property
    def next_dealer(self) -> int:
        return (self.dealer + 1) % SEATS

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def winner(self) -> int | None:
        best = max(self.tricks)
        return self.tricks.index(best) if self.tricks.count(best) == 1 and best > 0 else None

    @property
    def reason(self) -> str:
        return "tricks" if self.winner is not None else "level"

    @property
    def ends_match(self) -> bool:
        return False

    @property
    def explanation(self) -> str:
        taken = ", ".join(f"seat {seat} {n}" for seat, n in enumerate(self.tricks))
        return f"tricks taken: {taken}"


@dataclass(frozen=True, slots=True)
class ToyRound:
    number: int
    dealer: int
    phase: str = "deal"  # deal, lay, over
    hands: tuple[tuple[str, ...], ...] = ()
    laid: tuple[str, ...] = ()  # the trick in play: the dealer's card, then the other's
    tricks: tuple[int, ...] = (0, 0)
    result: ToyResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def to_move(self) -> int:
        return (self.dealer + len(self.laid)) % SEATS


ToyState = GameState[ToyOptions, ToyRound, ToyResult]


def _illegal(code: str, reason: str, step: Step) -> IllegalEvent:
    return IllegalEvent(code, reason, seq=step.seq, event_type=step.type)


class ToyProjection(RoundsFold[ToyOptions, ToyRound, ToyResult]):
    """The fold: the match-level checks every game shares, then the round's own."""

    NO_ROUND = ("toy.round.not_started", "no round is in progress; record round_started first")

    def __init__(self) -> None:
        super().__init__(RULESETS)

    def round_event(self, rnd: ToyRound, payload: Payload, options: ToyOptions, step: Step) -> ToyRound:
        if isinstance(payload, ToyDeal):
            return self._deal(rnd, payload, options, step)
        if isinstance(payload, ToyLay):
            return self._lay(rnd, payload, step)
        if isinstance(payload, ToyRoundResult):
            return self._result(rnd, payload, options, step)
        raise _illegal("toy.event.wrong_game", f"a toy match has no {step.type} events", step)

    def match_event(self, state: ToyState, step: Step, payload: Payload) -> ToyState:
        if isinstance(payload, RoundStarted):
            if state.round is not None and not state.round.over:
                raise _illegal("toy.round.unfinished", f"round {state.round.number} is not over yet", step)
            if state.match.started is not None and payload.dealer != state.next_dealer:
                raise _illegal("toy.round.wrong_dealer", f"seat {state.next_dealer} deals round {payload.round}, "
                               f"not seat {payload.dealer}", step)  # fmt: skip
        if isinstance(payload, MatchEnded) and payload.reason == "completed" and not state.complete:
            raise _illegal("toy.match.not_complete", f"{len(state.results)} rounds are finished; record reason "
                           "abandoned", step)  # fmt: skip
        match = self.match.apply(state.match, step)
        if isinstance(payload, MatchStarted):
            return state._replace(match=match, options=ToyOptions(_hand_size(payload)))
        if isinstance(payload, RoundStarted):
            return state._replace(match=match, round=ToyRound(payload.round, payload.dealer))
        return state._replace(match=match)

    def _deal(self, rnd: ToyRound, deal: ToyDeal, options: ToyOptions, step: Step) -> ToyRound:
        if rnd.phase != "deal":
            raise _illegal("toy.deal.twice", f"round {rnd.number} is already dealt", step)
        sizes = [len(hand) for hand in deal.hands]
        if sizes != [options.hand_size] * SEATS:
            raise _illegal("toy.deal.size", f"each hand holds {options.hand_size} cards, not {sizes}", step)
        cards = [card for hand in deal.hands for card in hand]
        if len(set(cards)) != len(cards):
            raise _illegal("toy.deal.repeated", "a card is dealt twice", step)
        return replace(rnd, phase="lay", hands=tuple(tuple(hand) for hand in deal.hands))

    def _lay(self, rnd: ToyRound, lay: ToyLay, step: Step) -> ToyRound:
        if rnd.phase != "lay":
            raise _illegal("toy.lay.before_deal", "the round is not dealt yet; record the deal first", step)
        if lay.seat != rnd.to_move:
            raise _illegal("toy.turn.wrong_seat", f"it is seat {rnd.to_move}'s turn, not seat {lay.seat}", step)
        if lay.card not in rnd.hands[lay.seat]:
            raise _illegal("toy.lay.not_in_hand", f"{lay.card} is not in seat {lay.seat}'s hand", step)
        hands = tuple(tuple(c for c in hand if c != lay.card) if seat == lay.seat else hand
                      for seat, hand in enumerate(rnd.hands))  # fmt: skip
        laid, tricks = (*rnd.laid, lay.card), rnd.tricks
        if len(laid) == SEATS:  # the trick: the higher month takes it, equal months nobody
            first, second = (month_of(card) for card in laid)
            if first != second:
                taker = (rnd.dealer + (0 if first > second else 1)) % SEATS
                tricks = tuple(n + (seat == taker) for seat, n in enumerate(tricks))
            laid = ()
        if any(hands):
            return replace(rnd, hands=hands, laid=laid, tricks=tricks)
        result = ToyResult(rnd.number, rnd.dealer, tricks, "moves")
        return replace(rnd, phase="over", hands=hands, laid=laid, tricks=tricks, result=result)

    def _result(self, rnd: ToyRound, given: ToyRoundResult, options: ToyOptions, step: Step) -> ToyRound:
        if rnd.phase != "deal":
            raise _illegal("toy.result.after_deal", "a round recorded by its result alone has no deal", step)
        if sum(given.tricks) > options.hand_size:
            raise _illegal("toy.result.too_many", f"{sum(given.tricks)} tricks in a round of {options.hand_size}", step)
        result = ToyResult(rnd.number, rnd.dealer, tuple(given.tricks), "result")
        return replace(rnd, phase="over", tricks=tuple(given.tricks), result=result)


def projection() -> ToyProjection:
    return ToyProjection()


def legal_moves(state: ToyState) -> list[Payload]:
    """A card of the seat to move's hand, each; nothing before the deal (a deal is any shuffle)."""
    rnd = state.round
    if rnd is None or rnd.phase != "lay":
        return []
    return [ToyLay(card=card, seat=rnd.to_move) for card in rnd.hands[rnd.to_move]]


# ---- what is shown: the replay document, its words, its layout ------------------------------------


class View:
    @staticmethod
    def match_json(match_id: str, snap: Snapshot[ToyState]) -> dict[str, Any]:
        state, started = snap.state, snap.state.match.started
        assert started is not None
        names = state.names
        rnd = state.round
        return match_fields(match_id, snap) | {
            "round": None if rnd is None else {
                "number": rnd.number, "dealer": rnd.dealer, "phase": rnd.phase,
                "to_move": None if rnd.phase != "lay" else rnd.to_move, "expects": View.expects(rnd, names),
                "hands": [list(h) for h in rnd.hands], "laid": list(rnd.laid), "tricks": list(rnd.tricks),
                "result": None if rnd.result is None else _result_json(rnd.result, names),
            },
            "results": [_result_json(r, names) for r in state.results],
            "standings": list(state.standings),
            "score_unit": "tricks",
            "complete": state.complete,
        }  # fmt: skip

    @staticmethod
    def expects(rnd: ToyRound, names: Sequence[str]) -> str:
        if rnd.phase == "deal":
            return "the deal"
        if rnd.phase == "lay":
            return f"{name_of(names, rnd.to_move)} (seat {rnd.to_move}) to lay a card"
        return "the next round"

    @staticmethod
    def move_words(step: Step, names: Sequence[str]) -> str:
        payload = step.payload
        if isinstance(payload, ToyLay):
            return f"{name_of(names, payload.seat)} lays {payload.card}"
        if isinstance(payload, ToyDeal):
            return "The hands are dealt"
        if isinstance(payload, ToyRoundResult):
            return f"Tricks taken: {', '.join(str(n) for n in payload.tricks)}"
        return step.type.replace("_", " ")

    @staticmethod
    def decided_by(payload: Payload) -> int | None:
        return payload.seat if isinstance(payload, ToyLay) else None


def _result_json(result: ToyResult, names: Sequence[str]) -> dict[str, Any]:
    return {"round": result.round, "dealer": result.dealer, "winner": result.winner,
            "winner_name": None if result.winner is None else names[result.winner], "reason": result.reason,
            "depth": result.depth, "explanation": result.explanation, "points": list(result.points),
            "next_dealer": result.next_dealer, "players": [{"seat": s} for s in range(SEATS)]}  # fmt: skip


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    shown: Layout = [Line(f": Tsuki-awase, {', '.join(names)}; at seq {data['at_seq']}", bold=data["match_id"])]
    rnd = data["round"]
    if rnd is not None:
        shown.append(Line(f": {names[rnd['dealer']]} deals; next: {rnd['expects']}", bold=f"\nRound {rnd['number']}"))
        shown.append(Grid("", ("", *names), (("hand", *(" ".join(h) or "-" for h in rnd["hands"] or [[], []])),
                                             ("tricks", *(str(n) for n in rnd["tricks"])))))  # fmt: skip
    for result in data["results"]:
        shown.append(Line(f"round {result['round']}: {in_names(result['explanation'], names)}"))
    shown.append(Line(f"\ntricks ({'final' if data['complete'] else 'so far'}): "
                      + ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))))  # fmt: skip
    return shown


# ---- what is said at the table: the verbs, a result line, table mode and a phone ----------------------


def _seat_to_move(state: MatchView, seat: str | None) -> int:
    rnd = state.round
    if rnd is None or rnd.over:
        raise InputError("no round is in play: start one with `round`")
    if seat is not None and seat not in (str(rnd.to_move), state.names[rnd.to_move]):
        raise InputError(f"it is seat {rnd.to_move}'s turn, not {seat}")
    return int(rnd.to_move)


def start_round(*, dealer: int | None = None, **others: object) -> Build:
    given = [name for name, value in others.items() if value is not None]
    if given:
        raise InputError(f"--{given[0]} is not tsuki-awase's; its round takes only --dealer")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        return [RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer if dealer is None else dealer)], []

    return build


def deal(hand: Sequence[str] = (), **others: object) -> Build:
    given = [name for name, value in others.items() if value is not None]
    if given:
        raise InputError(f"--{given[0]} is not tsuki-awase's; its deal takes one --hand per seat")

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        hands = tuple(tuple(card.strip() for card in text.split(",") if card.strip()) for text in hand)
        unknown = [card for h in hands for card in h if card not in BY_ID]
        if unknown:
            raise InputError(f"{unknown[0]!r} is not a card; `taikyoku cards` lists them")
        return [ToyDeal.model_validate({"hands": hands})], []

    return build


def lay(card: str, seat: str | None = None) -> Build:
    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        return [ToyLay.model_validate({"card": card, "seat": _seat_to_move(state, seat)})], []

    return build


def no_draw(*_: object, **__: object) -> Build:
    raise InputError("tsuki-awase draws nothing: lay a card")


BUILDERS: dict[str, Builder] = {"start_round": start_round, "deal": deal, "lay": lay, "draw": no_draw}


def parse_result_line(words: Sequence[str], rnd: ToyRound | None, names: Sequence[str]) -> Payload:
    """``result 2 1``: the tricks each seat took, seat 0 first."""
    if len(words) != SEATS or not all(w.isdigit() for w in words):
        raise InputError("tsuki-awase's result is the tricks each seat took, seat 0 first: `result 2 1`")
    return ToyRoundResult(tricks=tuple(int(w) for w in words))


def result_of(values: Mapping[str, object], rnd: ToyRound | None, names: Sequence[str]) -> Payload:
    """A phone's result: ``{"tricks": [2, 1]}``, seat 0 first."""
    tricks = values.get("tricks")
    if not (isinstance(tricks, list) and len(tricks) == SEATS and all(isinstance(t, int) for t in tricks)):
        raise InputError('tsuki-awase\'s result is the tricks each seat took, seat 0 first: {"tricks": [2, 1]}')
    return ToyRoundResult(tricks=tuple(tricks))


def takes_another_result(result: Payload, rnd: ToyRound | None) -> bool:
    return False


class Entry:
    help = ("a card (pine-crane, 01-0) to lay it",)

    def question(self, state: ToyState) -> Question | None:
        return None

    def status_lines(self, data: dict[str, Any]) -> list[str]:
        rnd = data["round"]
        return [] if rnd is None else [f"round {rnd['number']}: {rnd['expects']}"]

    def result_line(self, state: ToyState, head: str, rest: list[str]) -> list[str] | None:
        return None

    def before_verbs(self, state: ToyState, words: list[str]) -> list[str] | None:
        return None

    def translate(self, state: ToyState, words: list[str]) -> list[str]:
        rnd = state.round
        if rnd is not None and rnd.phase == "lay" and len(words) == 1 and words[0] in BY_ID:
            return ["lay", words[0]]
        return words

    def choices(self, state: ToyState, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        return [move.card for move in legal_moves(state) if isinstance(move, ToyLay)]

    def offers(self, state: ToyState) -> list[Offer]:
        """The next round between rounds; a card of the seat to move's hand in one (a deal is laid out)."""
        if state.round is None or state.round.over:
            return [Offer("next", "round")]
        return [Offer(f"lay {m.card}", "lay", {"card": m.card}) for m in legal_moves(state) if isinstance(m, ToyLay)]


def simulate(started: MatchStarted, seed: int, rounds: int) -> Iterator[Payload]:
    size = _hand_size(started)

    def dealt(rng: random.Random, driver: Driver) -> Payload:
        cards = shuffled(rng, DECK)
        return ToyDeal.model_validate({"hands": (cards[:size], cards[size : 2 * size])})

    def choose(rng: random.Random, driver: Driver, moves: list[Payload]) -> Payload:
        return rng.choice(moves)

    driver = Driver(ToyProjection())
    yield driver.step(started)
    yield from play_rounds(driver, random.Random(seed), rounds, dealt, choose, legal_moves)


# ---- what the statistics, the audit and the room take --------------------------------------------------


def _places(points: Sequence[int]) -> list[int]:
    return [1 + sum(other > mine for other in points) for mine in points]


class Review:
    @staticmethod
    def digest(data: dict[str, Any], effective: Sequence[Step]) -> dict[str, Any]:
        points = list(data["standings"])
        seats: list[dict[str, Any]] = [{"wins": Counter()} for _ in points]
        for result in data["results"]:
            if result["winner"] is not None:
                seats[result["winner"]]["wins"][result["reason"]] += 1
        return {"unit": "tricks", "complete": bool(data["complete"]), "rounds": len(data["results"]), "points": points,
                "uma": None, "places": _places(points) if data["complete"] else None, "seats": seats}  # fmt: skip

    @staticmethod
    def summary(matches: list[dict[str, Any]], wanted: set[str], seats_of: Callable[..., Any]) -> dict[str, Any]:
        won: Counter[str] = Counter()
        rounds: Counter[str] = Counter()
        for one in matches:
            for seat, name in seats_of(one):
                won[name] += sum(one["seats"][seat]["wins"].values())
                rounds[name] += one["rounds"]
        return {"players": [{"player": n, "rounds": rounds[n], "rounds_won": won[n]} for n in sorted(rounds)]}

    @staticmethod
    def tables(section: dict[str, Any], game: str) -> list[Grid]:
        rows = tuple((r["player"], figure(r["rounds"]), figure(r["rounds_won"])) for r in section["players"])
        return [Grid(f"{game}: rounds won", ("player", "rounds", "won"), rows, f"rounds-{game}")]

    @staticmethod
    def achievements(matches: list[dict[str, Any]], seats_of: Callable[..., Any]) -> list[dict[str, Any]]:
        return []

    @staticmethod
    def computed_points(result: ToyResult) -> tuple[int, ...]:
        return result.points

    @staticmethod
    def final_differs(claim: Claim, state: ToyState) -> str | None:
        if tuple(claim.points) == state.standings:
            return None
        return f"claimed final tricks {list(claim.points)}; the rounds give {list(state.standings)}"

    @staticmethod
    def scores_now(state: ToyState) -> tuple[int, ...]:
        return state.standings

    @staticmethod
    def glance(state: ToyState) -> dict[str, Any]:
        rnd, names, points = state.round, list(state.names), list(state.standings)
        number = len(state.results) + (0 if rnd is None or rnd.over else 1)
        dealer = rnd.dealer if rnd is not None and not rnd.over else state.next_dealer
        over = " over" if rnd is not None and rnd.over else ""
        return {"hand": f"round {number}{over}" if number else "before the first round", "dealer": dealer,
                "honba": None, "sticks": None, "scores": points, "places": _places(points), "results": points,
                "unit": "tricks",
                "last": in_names(state.results[-1].explanation, names) if state.results else None}  # fmt: skip

    @staticmethod
    def describe_round(state: ToyState) -> dict[str, Any]:
        rnd = state.round
        if rnd is None:
            return {"round": None}
        return {"phase": rnd.phase, "to_move": rnd.to_move, "hands": [list(h) for h in rnd.hands],
                "laid": list(rnd.laid)}  # fmt: skip

    @staticmethod
    def as_recorded(payload: Payload, round_no: int) -> tuple[str, str] | None:
        return None

    @staticmethod
    def scoring_words(result: ToyResult, winner: int) -> tuple[str, int | str, int | str, str]:
        return f"{result.tricks[winner]} tricks", "", "", ""

    @staticmethod
    def finished(state: ToyState) -> bool:
        return state.complete

    @staticmethod
    def balance(
        results: Sequence[ToyResult], effective: Sequence[Step], state: ToyState, round_no: int | None
    ) -> list[tuple[str, str, int | None, int]]:
        size = state.options.hand_size if state.options is not None else 0
        return [("balance.too_many_tricks", f"round {r.round}: {sum(r.tricks)} tricks in a round of {size}", None,
                 r.round) for r in results if (round_no is None or r.round == round_no) and sum(r.tricks) > size]  # fmt: skip

    @staticmethod
    def repricing(
        results: Sequence[ToyResult], state: ToyState, rulesets: Sequence[str], round_no: int | None
    ) -> list[dict[str, Any]]:
        return []
