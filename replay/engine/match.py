"""The match-level projection every game builds on: start, rounds, end."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from events.match import MatchEnded, MatchStarted, RoundStarted
from events.model import Payload
from replay.engine.fold import IllegalEvent, Projection, Step
from replay.engine.options import RulesetSpec, check_match_started

_type_of = attrgetter("type")


class MatchState(NamedTuple):  # a tuple: replaced at every round, where a dataclass is slower
    started: MatchStarted | None = None
    round: int = 0  # rounds started so far
    dealer: int | None = None
    ended: MatchEnded | None = None
    last_seq: int = 0
    # When time was called (a time_up): the round in play, or the last played, then. The game says
    # which hand is then the last.
    time_up: int | None = None

    @property
    def players(self) -> int:
        return 0 if self.started is None else len(self.started.players)

    def player_name(self, seat: int) -> str:
        if self.started is None:
            return f"seat {seat}"
        return next((p.name for p in self.started.players if p.seat == seat), f"seat {seat}")


def refuse_after_end(match: MatchState, step: Step) -> None:
    """The one rule every game shares at its end: nothing is recorded after match_ended but a
    retract of it (a retract is not folded: it takes the end out of the events that count)."""
    ended = match.ended
    if ended is not None:
        why = ended.reason + (f": {ended.note}" if ended.note else "")
        raise IllegalEvent(
            "match.ended",
            f"the match has ended ({why}); nothing more is recorded in it; retract match_ended to record more",
            seq=step.seq,
            event_type=step.type,
        )


class _Ending(Protocol):
    @property
    def match(self) -> MatchState: ...


E = TypeVar("E", bound=_Ending)


class UntilEnded(Generic[E]):
    """A game's fold, refusing every event after the match has ended (``match.ended``): the check
    is made here once for every game, whatever the game's own fold knows of the end. The fold of
    the events up to the end is the game's own, batch and all."""

    __slots__ = ("inner",)

    def __init__(self, inner: Projection[E]) -> None:
        self.inner = inner

    def initial(self) -> E:
        return self.inner.initial()

    def apply(self, state: E, step: Step) -> E:
        refuse_after_end(state.match, step)
        return self.inner.apply(state, step)

    def apply_all(self, state: E, steps: Iterable[Step]) -> E:
        chosen = steps if isinstance(steps, Sequence) else tuple(steps)
        if not chosen:
            return state
        refuse_after_end(state.match, chosen[0])
        kinds = list(map(_type_of, chosen))  # C speed: a match ends once, at its last event
        if "match_ended" not in kinds:
            return self.inner.apply_all(state, chosen)
        end = kinds.index("match_ended") + 1
        state = self.inner.apply_all(state, chosen[:end])
        if end < len(chosen):
            refuse_after_end(state.match, chosen[end])
        return state


class MatchProjection:
    """Match-level legality: one start, rounds numbered in order, nothing after the end.

    ``rulesets`` are the game's own: a match_started naming any other ruleset is refused."""

    def __init__(self, rulesets: Sequence[RulesetSpec]) -> None:
        self.rulesets = tuple(rulesets)

    def initial(self) -> MatchState:
        return MatchState()

    def apply_all(self, state: MatchState, steps: Iterable[Step]) -> MatchState:
        for step in steps:
            state = self.apply(state, step)
        return state

    def apply(self, state: MatchState, step: Step) -> MatchState:
        payload = step.payload
        if isinstance(payload, MatchStarted):
            if state.started is not None:
                raise IllegalEvent(
                    "match.started.twice", "the match has already started", seq=step.seq, event_type=step.type
                )
            problem = check_match_started(payload, self.rulesets)
            if problem is not None:
                raise IllegalEvent(problem[0], problem[1], seq=step.seq, event_type=step.type)
            return MatchState(started=payload, dealer=payload.first_dealer, last_seq=step.seq)
        if state.started is None:
            raise IllegalEvent(
                "match.not_started",
                "the first event of a match must be match_started",
                seq=step.seq,
                event_type=step.type,
            )
        refuse_after_end(state, step)
        if isinstance(payload, RoundStarted):
            return self.start_round(state, step, payload)
        if isinstance(payload, MatchEnded):
            return state._replace(ended=payload, last_seq=step.seq)
        raise IllegalEvent(
            "match.event.wrong_game",
            f"a {state.started.game} match has no {step.type} events",
            seq=step.seq,
            event_type=step.type,
        )

    def start_round(self, state: MatchState, step: Step, payload: RoundStarted) -> MatchState:
        assert state.started is not None
        if payload.round != state.round + 1:
            raise IllegalEvent(
                "match.round.number",
                f"the next round is {state.round + 1}, not {payload.round}",
                seq=step.seq,
                event_type=step.type,
            )
        length = state.started.length
        if length.unit == "rounds" and payload.round > length.count:
            raise IllegalEvent(
                "match.round.beyond_length",
                f"the match was agreed at {length.count} rounds; record match_ended instead",
                seq=step.seq,
                event_type=step.type,
            )
        if payload.dealer >= state.players:
            raise IllegalEvent(
                "match.seat.unknown",
                f"dealer {payload.dealer} is not a seat (0 to {state.players - 1})",
                seq=step.seq,
                event_type=step.type,
            )
        return MatchState(state.started, payload.round, payload.dealer, state.ended, step.seq)  # faster than _replace


# What every game's state says about the match, from its MatchState and finished rounds.


class _Result(Protocol):
    """What every game's round result says: the points, the next dealer, how it was recorded
    (``depth``: "moves", or "result" for a round recorded by its result alone) and in words."""

    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def next_dealer(self) -> int: ...
    @property
    def depth(self) -> str: ...
    @property
    def explanation(self) -> str: ...


class _RoundOfAMatch(_Result, Protocol):
    """A round result that may end its match before every agreed round is played (a
    player out of points); a game where none does says False."""

    @property
    def ends_match(self) -> bool: ...


SEAT_WORDS = ("East", "South", "West", "North")  # the seats in order from the first seat, as tables say


def seat_names(match: MatchState) -> tuple[str, ...]:
    """Each seat's player as shown: the name, and where two players share one (Tenhou shows every
    anonymous player as NoName) the seat beside it, so they can be told apart: ``NoName (South)``."""
    started = match.started
    if started is None:
        return ()
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]
    return tuple(
        f"{name} ({SEAT_WORDS[seat] if len(names) <= 4 else f'seat {seat}'})" if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    )


def next_dealer(match: MatchState, results: Sequence[_Result]) -> int:
    """The last round's next dealer, or the first dealer before any round."""
    if results:
        return results[-1].next_dealer
    return match.started.first_dealer if match.started else 0


def standings(match: MatchState, results: Sequence[_Result]) -> tuple[int, ...]:
    return tuple(sum(r.points[seat] for r in results) for seat in range(match.players))


def rounds_complete(match: MatchState, results: Sequence[_RoundOfAMatch], round_over: bool) -> bool:
    """All agreed rounds are played and the last one is over, or the last round's result ends the
    match (a player out of points, in a game that ends so)."""
    started = match.started
    if started and round_over and results and results[-1].ends_match:
        return True
    return bool(started and len(results) >= started.length.count and round_over)


class MatchView(Protocol):
    """What every game's folded match offers the layers above (``GameState`` is one): the match,
    the names at the table, the round in play and the rounds finished, the standings, whether it is
    complete. The round and the results are the game's own (``replay/games/<game>/state.py``)."""

    @property
    def match(self) -> MatchState: ...
    @property
    def options(self) -> Any: ...  # the game's typed options, read from match_started
    @property
    def round(self) -> Any: ...  # the game's round in play, or None
    @property
    def results(self) -> Sequence[Any]: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def next_dealer(self) -> int: ...
    @property
    def standings(self) -> tuple[int, ...]: ...
    @property
    def complete(self) -> bool: ...


class RoundView(Protocol):
    """What every game's frozen round says of itself to the match: whether it is over."""

    @property
    def over(self) -> bool: ...


class PhasedRound(Protocol):
    """What every game's working round says of itself to the match: its phase ("over" at its end)."""

    @property
    def phase(self) -> str: ...


Opts = TypeVar("Opts")  # the game's options, read from match_started
R = TypeVar("R", bound=RoundView)  # the game's round state
W = TypeVar("W", bound=PhasedRound)  # the game's round state while a fold works on it
X = TypeVar("X")  # the game's round result


class GameState(NamedTuple, Generic[Opts, R, X]):
    """A game's match as folded so far: the match, its options, the round in play, the results."""

    match: MatchState = MatchState()
    options: Opts | None = None
    round: R | None = None
    results: tuple[X, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.match)

    @property
    def next_dealer(self) -> int:
        return next_dealer(self.match, self.results)  # type: ignore[arg-type]

    @property
    def standings(self) -> tuple[int, ...]:
        return standings(self.match, self.results)  # type: ignore[arg-type]

    @property
    def complete(self) -> bool:
        over = self.round is None or self.round.over
        return rounds_complete(self.match, self.results, over)  # type: ignore[arg-type]


class ResultingRound(RoundView, Protocol):
    """A frozen round that carries its result once it has one."""

    @property
    def result(self) -> Any: ...


RR = TypeVar("RR", bound=ResultingRound)


class RoundsFold(Generic[Opts, RR, X]):
    """The fold of a game kept as a ``GameState`` of frozen rounds: the match's own events
    (match_started, round_started, match_ended) go to ``match_event``, which adds the game's checks
    and starts its rounds; every other event to ``round_event``, on the round in play, whose result,
    once it has one, is the match's next. ``NO_ROUND`` is the game's refusal of an event with no
    round in play: its stable code and its words."""

    NO_ROUND: ClassVar[tuple[str, str]]

    def __init__(self, rulesets: Sequence[RulesetSpec]) -> None:
        self.match = MatchProjection(rulesets)

    def initial(self) -> GameState[Opts, RR, X]:
        return GameState()

    def apply_all(self, state: GameState[Opts, RR, X], steps: Iterable[Step]) -> GameState[Opts, RR, X]:
        for step in steps:
            state = self.apply(state, step)
        return state

    def apply(self, state: GameState[Opts, RR, X], step: Step) -> GameState[Opts, RR, X]:
        payload = step.payload
        if isinstance(payload, MatchStarted | RoundStarted | MatchEnded):
            return self.match_event(state, step, payload)
        if state.match.started is None or state.options is None:
            raise IllegalEvent("match.not_started", "the first event of a match must be match_started", seq=step.seq,
                               event_type=step.type)  # fmt: skip
        rnd = state.round
        if rnd is None or rnd.over:
            code, reason = self.NO_ROUND
            raise IllegalEvent(code, reason, seq=step.seq, event_type=step.type)
        rnd = self.round_event(rnd, payload, state.options, step)
        results = state.results + ((rnd.result,) if rnd.result is not None else ())
        return state._replace(round=rnd, results=results)

    def match_event(self, state: GameState[Opts, RR, X], step: Step, payload: Payload) -> GameState[Opts, RR, X]:
        raise NotImplementedError  # each game's: its checks, and its rounds started

    def round_event(self, rnd: RR, payload: Payload, options: Opts, step: Step) -> RR:
        raise NotImplementedError  # each game's: the round's own events


class WorkingGame(Generic[Opts, W, X]):
    """A ``GameState`` while a fold works through events: the round is the game's mutable
    working copy and the results a list. Only the fold that made it sees it; the fold
    freezes it back into a ``GameState`` before returning, so ``apply`` stays pure."""

    __slots__ = ("_names", "_names_of", "match", "options", "results", "round")

    def __init__(self, match: MatchState, options: Opts | None, round: W | None, results: Sequence[X]) -> None:
        self.match = match
        self.options = options
        self.round = round
        self.results = list(results)
        self._names: tuple[str, ...] = ()
        self._names_of: MatchStarted | None = None

    @property
    def names(self) -> tuple[str, ...]:
        if self._names_of is not self.match.started:  # worked out once a match: every result names seats
            self._names, self._names_of = seat_names(self.match), self.match.started
        return self._names

    @property
    def next_dealer(self) -> int:
        return next_dealer(self.match, self.results)  # type: ignore[arg-type]

    @property
    def complete(self) -> bool:
        over = self.round is None or self.round.phase == "over"
        return rounds_complete(self.match, self.results, over)  # type: ignore[arg-type]


class WorkingRound(Protocol):
    """What ``WorkingFold`` needs of a game's working round."""

    @property
    def phase(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def result(self) -> Any: ...

    def freeze(self) -> Any: ...


MATCH_EVENTS = frozenset({MatchStarted, RoundStarted, MatchEnded})
RoundHandler = Callable[..., None]  # (projection, game, round, step, payload, options)


class WorkingFold(Generic[Opts, R, X]):
    """``apply`` and ``apply_all`` of a game whose fold works on a working copy of its round.

    A game gives ``game`` (its name, for codes), ``thaw`` (its round state to a working round),
    ``round_events`` (a handler by payload type, each changing the working round in place and
    raising ``IllegalEvent`` when the event cannot happen), ``_options_of``, ``_fresh_round``,
    ``_dealer_because`` (what differs at the match level) and ``_foreign``.
    ``apply`` of one event and ``apply_all`` of many run the same handlers; ``apply_all`` only
    skips the checks the usual event is known to pass (tests/engine/test_fold_batch.py).
    """

    game: ClassVar[str]
    codes: ClassVar[Mapping[str, str]]  # the game's own code for each refusal made here, written out
    rulesets: ClassVar[Sequence[RulesetSpec]]
    round_events: ClassVar[Mapping[type[Payload], RoundHandler]]

    def __init__(self) -> None:
        self.match = MatchProjection(self.rulesets)

    def initial(self) -> GameState[Opts, R, X]:
        return GameState()

    def thaw(self, rnd: R) -> WorkingRound:
        raise NotImplementedError

    def apply(self, state: GameState[Opts, R, X], step: Step) -> GameState[Opts, R, X]:
        return self.apply_all(state, (step,))

    def apply_all(self, state: GameState[Opts, R, X], steps: Iterable[Step]) -> GameState[Opts, R, X]:
        """``apply`` over every step, on one working copy of the state."""
        start = None if state.round is None else self.thaw(state.round)
        game: WorkingGame[Opts, WorkingRound, X] = WorkingGame(state.match, state.options, start, state.results)
        handlers, rnd, options = self.round_events, game.round, game.options
        # Handlers run only while a match and a round are under way and the round is not over.
        handler_of = _no_handler if rnd is None or options is None or rnd.phase == "over" else handlers.get
        for step in steps:
            payload = step.payload
            handler = handler_of(type(payload))
            if handler is None:
                self._apply(game, step)  # match events, and every refusal of the round's own checks
                rnd, options = game.round, game.options  # only these events start a round or a match
                if rnd is not None and options is not None and rnd.phase != "over":
                    handler_of = handlers.get
            else:
                handler(self, game, rnd, step, payload, options)  # what _apply does, without its checks
                # A handler is found only while rnd is a round in play, so rnd is not None here.
                if rnd.phase == "over":  # type: ignore[union-attr]
                    _keep_result(game, rnd)  # type: ignore[arg-type]
                    handler_of = _no_handler
        end = game.round
        return GameState(game.match, game.options, None if end is None else end.freeze(), tuple(game.results))

    def _apply(self, game: WorkingGame[Opts, WorkingRound, X], step: Step) -> None:
        payload = step.payload
        kind = type(payload)  # exact types: this runs per event, and isinstance on models is slow
        if kind in MATCH_EVENTS:
            return self._match_event(game, step, payload)
        rnd, options = game.round, game.options
        if game.match.started is None or options is None:
            raise IllegalEvent("match.not_started", "the first event of a match must be match_started",
                               seq=step.seq, event_type=step.type)  # fmt: skip
        if rnd is None or rnd.phase == "over":
            raise IllegalEvent(self.codes["round.not_started"], "no round is in progress; record round_started first",
                               seq=step.seq, event_type=step.type)  # fmt: skip
        handler: RoundHandler = self.round_events.get(kind) or type(self)._foreign
        handler(self, game, rnd, step, payload, options)
        if rnd.phase == "over":
            _keep_result(game, rnd)

    def _match_event(self, game: Any, step: Step, payload: Payload) -> None:
        """match_started, round_started and match_ended: the checks every game shares, then the
        game's options read from match_started, or a fresh round."""
        if isinstance(payload, RoundStarted) and game.round is not None and game.round.phase != "over":
            raise IllegalEvent(self.codes["round.unfinished"], f"round {game.round.number} is not over yet",
                               seq=step.seq, event_type=step.type)  # fmt: skip
        if isinstance(payload, MatchEnded) and payload.reason == "completed" and not game.complete:
            raise IllegalEvent(self.codes["match.not_complete"],
                               f"{len(game.results)} rounds are finished; record reason abandoned",
                               seq=step.seq, event_type=step.type)  # fmt: skip
        match = self.match.apply(game.match, step)  # the match-level checks come first
        if isinstance(payload, RoundStarted) and payload.dealer != game.next_dealer:
            who = f"{game.names[game.next_dealer]} (seat {game.next_dealer})"
            last = game.results[-1] if game.results else None
            why = f"{who} is the first dealer" if last is None else self._dealer_because(last, who)
            raise IllegalEvent(self.codes["round.wrong_dealer"],
                               f"{why} and deals round {payload.round}, not seat {payload.dealer}",
                               seq=step.seq, event_type=step.type)  # fmt: skip
        if isinstance(payload, MatchStarted):
            game.options = self._options_of(step, payload)
        if isinstance(payload, RoundStarted):
            game.round = self._fresh_round(payload.round, payload.dealer)
        game.match = match

    def _options_of(self, step: Step, started: MatchStarted) -> Opts:
        """The game's options from match_started (``IllegalEvent`` if the game refuses them)."""
        raise NotImplementedError

    def _fresh_round(self, number: int, dealer: int) -> WorkingRound:
        raise NotImplementedError

    def _dealer_because(self, last: Any, who: str) -> str:
        """Why ``who`` deals next, after the round whose result is ``last`` (the game's rule)."""
        raise NotImplementedError

    def _foreign(self, game: Any, rnd: Any, step: Step, payload: Payload, options: Any) -> None:
        """An event of another game, or one this game has no handler for: the game says why."""
        raise NotImplementedError


def _no_handler(kind: type[Payload]) -> None:
    return None


def _keep_result(game: WorkingGame[Any, WorkingRound, Any], rnd: WorkingRound) -> None:
    """A round just over: its result joins the match's, once."""
    results = game.results
    if rnd.result is not None and (not results or results[-1].round != rnd.number):
        results.append(rnd.result)
