"""A match's folded state kept at its head, so that recording and reading fold each event once.

``MatchRepository.get`` reads a match's events and folds them once; asked again, it reads only
the events stored since and folds them on (as pyeventsourcing's repository fast-forwards a
snapshot). ``record`` checks new events against the kept state, appends them, and keeps the
state after them. A retract changes what came before it, so after one the match is folded again
from its start. The kept states are a cache of this process, checked against the store's head
(seq and hash) on every use, never a record.

``COUNTS`` says how often the store was read whole and how many events were folded, for the
tests that keep each command to one read and no second fold.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from events.envelope import PendingEvent
from events.match import GameName
from replay.app import steps as match_steps
from replay.engine.fold import META_TYPES, Folded, History, Step, fold, fold_forward
from replay.games import projection_for
from store import Store, StoredEvent
from store.errors import ConcurrencyError

COUNTS: Counter[str] = Counter()  # "full reads", "events read", "events folded"
KEPT_MATCHES = 64  # states kept in one process (a served club night has fewer tables)


@dataclass(frozen=True, slots=True)
class Kept:
    """A match folded up to its head: its game, its events as steps, and the fold's result."""

    match_id: str
    game: GameName
    steps: tuple[Step, ...]
    folded: Folded[Any]
    head_hash: str

    @property
    def head(self) -> int:
        return self.steps[-1].seq if self.steps else 0

    @property
    def state(self) -> Any:
        return self.folded.state


_KEPT: OrderedDict[tuple[str, str], Kept] = OrderedDict()


def forget() -> None:
    """Drop every kept state (a test that counts reads starts from none)."""
    _KEPT.clear()


class MatchRepository:
    """Matches of one store, folded once and fast-forwarded."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, match_id: str) -> Kept:
        """The match folded to its head; ``UnknownMatchError`` when it has no events."""
        key = (self.store.path, match_id)
        kept = _KEPT.get(key)
        head = self.store.head(match_id)
        if kept is not None and 0 < kept.head <= head and self._same_event(match_id, kept.head, kept.head_hash):
            if head == kept.head:
                _KEPT.move_to_end(key)
                return kept
            stored = self.store.read(match_id, from_seq=kept.head + 1)
            COUNTS["events read"] += len(stored)
            new = [match_steps.step_of(event) for event in stored]
            return self._keep(kept, new, stored[-1].hash)
        steps = match_steps.read_steps(self.store, match_id, provenance="all")
        COUNTS["full reads"] += 1
        COUNTS["events read"] += len(steps)
        game = match_steps.game_of(steps)
        projection = projection_for(game)
        empty = Kept(match_id, game, (), Folded(_no_history(), projection.initial()), "")
        return self._keep(empty, steps, self._hash_at(match_id, steps[-1].seq))

    def _same_event(self, match_id: str, seq: int, event_hash: str) -> bool:
        return self._hash_at(match_id, seq) == event_hash

    def _hash_at(self, match_id: str, seq: int) -> str:
        found = self.store.read(match_id, from_seq=seq, to_seq=seq)
        return found[0].hash if found else ""

    def _keep(self, kept: Kept, new: Sequence[Step], head_hash: str) -> Kept:
        folded = self._folded(kept, new)
        after = Kept(kept.match_id, kept.game, (*kept.steps, *new), folded, head_hash)
        key = (self.store.path, kept.match_id)
        _KEPT[key] = after
        _KEPT.move_to_end(key)
        while len(_KEPT) > KEPT_MATCHES:
            _KEPT.popitem(last=False)
        return after

    @staticmethod
    def _folded(kept: Kept, new: Sequence[Step]) -> Folded[Any]:
        projection = projection_for(kept.game)
        if not kept.steps:
            folded = fold(projection, new)
            COUNTS["events folded"] += len(folded.history.effective)
            return folded
        folded = fold_forward(projection, kept.folded, new)
        if len(folded.history.retracted_by) != len(kept.folded.history.retracted_by):  # folded again from the start
            COUNTS["events folded"] += len(folded.history.effective)
        else:
            COUNTS["events folded"] += sum(1 for step in new if step.type not in META_TYPES)
        return folded

    def check(self, match_id: str, events: Sequence[PendingEvent]) -> Kept:
        """The match with ``events`` added, checked by its rules and not stored."""
        kept = self.get(match_id)
        new = [match_steps.pending_step(kept.head + 1 + i, event) for i, event in enumerate(events)]
        return Kept(match_id, kept.game, (*kept.steps, *new), self._folded(kept, new), kept.head_hash)

    def record(
        self, match_id: str, events: Sequence[PendingEvent], *, expected_seq: int | None = None
    ) -> tuple[Sequence[StoredEvent], Kept]:
        """Check ``events`` against the match's state, append them after ``expected_seq`` (the head
        the caller showed; by default the head now), and keep the state after them."""
        kept = self.get(match_id)
        head = kept.head
        if expected_seq is not None and expected_seq != head:  # made on a state another writer overtook
            raise ConcurrencyError(match_id, expected_seq, head)
        new = [match_steps.pending_step(head + 1 + i, event) for i, event in enumerate(events)]
        folded = self._folded(kept, new)
        stored = self.store.append(match_id, head if expected_seq is None else expected_seq, events)
        if not stored or stored[0].seq != head + 1:  # a resend of what was stored: the state is as read
            return stored, self.get(match_id)
        steps = [match_steps.step_of(event) for event in stored]
        after = Kept(match_id, kept.game, (*kept.steps, *steps), folded, stored[-1].hash)
        key = (self.store.path, match_id)
        _KEPT[key] = after
        _KEPT.move_to_end(key)
        return stored, after


def _no_history() -> History:
    return History((), (), {}, ())
