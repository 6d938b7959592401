"""The match-level projection every game builds on: start, rounds, end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, NamedTuple, Protocol, TypeVar

from events.match import MatchEnded, MatchStarted, RoundStarted
from replay.fold import IllegalEvent, Step
from replay.rules import check_match_started


class MatchState(NamedTuple):  # a tuple: replaced at every round, where a dataclass is slower
    started: MatchStarted | None = None
    round: int = 0  # rounds started so far
    dealer: int | None = None
    ended: MatchEnded | None = None
    last_seq: int = 0

    @property
    def players(self) -> int:
        return 0 if self.started is None else len(self.started.players)

    def player_name(self, seat: int) -> str:
        if self.started is None:
            return f"seat {seat}"
        return next((p.name for p in self.started.players if p.seat == seat), f"seat {seat}")


class MatchProjection:
    """Match-level legality: one start, rounds numbered in order, nothing after the end."""

    def initial(self) -> MatchState:
        return MatchState()

    def apply(self, state: MatchState, step: Step) -> MatchState:
        payload = step.payload
        if isinstance(payload, MatchStarted):
            if state.started is not None:
                raise IllegalEvent(
                    "match.started.twice", "the match has already started", seq=step.seq, event_type=step.type
                )
            problem = check_match_started(payload)
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
        if state.ended is not None:
            raise IllegalEvent(
                "match.ended",
                "the match has ended; retract match_ended to record more",
                seq=step.seq,
                event_type=step.type,
            )
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
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def next_dealer(self) -> int: ...


def seat_names(match: MatchState) -> tuple[str, ...]:
    started = match.started
    return () if started is None else tuple(p.name for p in sorted(started.players, key=lambda p: p.seat))


def next_dealer(match: MatchState, results: Sequence[_Result]) -> int:
    """The last round's next dealer, or the first dealer before any round."""
    if results:
        return results[-1].next_dealer
    return match.started.first_dealer if match.started else 0


def standings(match: MatchState, results: Sequence[_Result]) -> tuple[int, ...]:
    return tuple(sum(r.points[seat] for r in results) for seat in range(match.players))


def rounds_complete(match: MatchState, results: Sequence[_Result], round_over: bool) -> bool:
    """All agreed rounds are played and the last one is over."""
    started = match.started
    return bool(started and len(results) >= started.length.count and round_over)


Opts = TypeVar("Opts")  # the game's options, read from match_started
R = TypeVar("R")  # the game's round state
W = TypeVar("W")  # the game's round state while a fold works on it
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
        over = self.round is None or bool(getattr(self.round, "over", False))
        return rounds_complete(self.match, self.results, over)  # type: ignore[arg-type]


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
        over = self.round is None or getattr(self.round, "phase", "") == "over"
        return rounds_complete(self.match, self.results, over)  # type: ignore[arg-type]
