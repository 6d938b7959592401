"""A match folded up to any point: a seq, or the end of a round. Used by replay and audit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from events.errors import InputError
from replay.engine.fold import Projection, Step, history

if TYPE_CHECKING:
    from replay.engine.match import MatchView

State = TypeVar("State", covariant=True)  # the game's folded match
Folded = TypeVar("Folded", bound="MatchView")  # a fold's state, as the snapshot is taken of it


@dataclass(frozen=True, slots=True)
class Snapshot(Generic[State]):
    state: State
    at_seq: int  # the last event folded
    round_ends: dict[int, int]  # round number -> seq of its last event


def snapshot(
    projection: Projection[Folded], steps: Sequence[Step], *, round_no: int | None = None, at: int | None = None
) -> Snapshot[Folded]:
    """Fold a match up to ``at`` (a seq), or to the end of round ``round_no``, or to the end."""
    hist = history([s for s in steps if at is None or s.seq <= at])
    state = projection.initial()
    round_ends: dict[int, int] = {}
    target: Folded | None = None
    last_seq = 0
    for step in hist.effective:
        before = state
        state = projection.apply(state, step)
        if round_no is not None and _number(state) == round_no + 1 and _number(before) == round_no:
            target = before  # round N ended before round N+1 began (any game's way of starting one)
            break
        last_seq = step.seq
        if state.round is not None:
            round_ends[state.round.number] = step.seq
    chosen = state if target is None else target
    if round_no is not None:
        if chosen.round is None or chosen.round.number != round_no:
            where = f"at seq {at}" if at is not None else "in this match"
            rounds = len(round_ends)
            raise InputError(
                f"there is no round {round_no} {where} ({rounds} round{'s' if rounds != 1 else ''} recorded)"
            )
        last_seq = round_ends.get(round_no, last_seq)
    return Snapshot(chosen, last_seq, round_ends)


def _number(state: MatchView) -> int | None:
    return None if state.round is None else int(state.round.number)


def match_fields(match_id: str, snap: Snapshot[MatchView]) -> dict[str, Any]:
    """The header every game's replay document begins with: the match, its game, ruleset, players,
    length and the position it is read at."""
    started = snap.state.match.started
    assert started is not None
    return {
        "match_id": match_id,
        "game": started.game,
        "ruleset": started.ruleset.model_dump(mode="json"),
        "players": [{"seat": i, "name": n} for i, n in enumerate(snap.state.names)],
        "length": started.length.model_dump(mode="json"),
        "at_seq": snap.at_seq,
    }
