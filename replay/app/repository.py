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
from replay.engine.fold import WORK, Folded, History, Step, fold, fold_forward
from replay.engine.match import MatchView
from replay.games import projection_for
from store import Store, StoredEvent
from store.errors import ConcurrencyError

COUNTS: Counter[str] = Counter()  # "head reads", "full reads", "events read", "events folded"
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
    def state(self) -> MatchView:
        state: MatchView = self.folded.state
        return state


_KEPT: OrderedDict[tuple[str, str], Kept] = OrderedDict()


def process_kept() -> OrderedDict[tuple[str, str], Kept]:
    """The states this process keeps, by (store, match): one application, or a run of commands, shares them."""
    return _KEPT


def forget() -> None:
    """Drop every kept state (a test that counts reads starts from none)."""
    _KEPT.clear()


KeptStates = OrderedDict[tuple[str, str], Kept]


class MatchRepository:
    """Matches of one store, folded once and fast-forwarded. ``kept`` holds the folded states
    (by default this process's; an application passes its own)."""

    def __init__(self, store: Store, kept: KeptStates | None = None) -> None:
        self.store = store
        self.kept = _KEPT if kept is None else kept

    def get(self, match_id: str) -> Kept:
        """The match folded to its head; ``UnknownMatchError`` when it has no events. One read of
        the match's head (its seq and hash) when the state kept is still the match's; the events
        stored since, when it moved on."""
        key = (self.store.path, match_id)
        kept = self.kept.get(key)
        head = self.store.head_of(match_id)
        COUNTS["head reads"] += 1
        if kept is not None and head is not None and 0 < kept.head <= head.last_seq:
            if kept.head == head.last_seq and kept.head_hash == head.last_hash:
                self.kept.move_to_end(key)
                return kept
            stored = self.store.read(match_id, from_seq=kept.head)  # the kept head again: is it still the match's?
            COUNTS["events read"] += len(stored)
            if stored and stored[0].hash == kept.head_hash and len(stored) > 1:
                new = [match_steps.step_of(event) for event in stored[1:]]
                return self._keep(kept, new, stored[-1].hash)
        steps = match_steps.read_steps(self.store, match_id, provenance="all")
        COUNTS["full reads"] += 1
        COUNTS["events read"] += len(steps)
        game = match_steps.game_of(steps)
        projection = projection_for(game)
        empty = Kept(match_id, game, (), Folded(_no_history(), projection.initial()), "")
        return self._keep(empty, steps, self._hash_at(match_id, steps[-1].seq))

    def _hash_at(self, match_id: str, seq: int) -> str:
        found = self.store.read(match_id, from_seq=seq, to_seq=seq)
        return found[0].hash if found else ""

    def _keep(self, kept: Kept, new: Sequence[Step], head_hash: str) -> Kept:
        folded = self._folded(kept, new)
        after = Kept(kept.match_id, kept.game, (*kept.steps, *new), folded, head_hash)
        key = (self.store.path, kept.match_id)
        self.kept[key] = after
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT_MATCHES:
            self.kept.popitem(last=False)
        return after

    @staticmethod
    def _folded(kept: Kept, new: Sequence[Step]) -> Folded[Any]:
        projection = projection_for(kept.game)
        before = WORK["steps folded"]
        folded = fold(projection, new) if not kept.steps else fold_forward(projection, kept.folded, new)
        COUNTS["events folded"] += WORK["steps folded"] - before  # counted by the fold itself
        return folded

    def check(self, match_id: str, events: Sequence[PendingEvent]) -> Kept:
        """The match with ``events`` added, checked by its rules and not stored."""
        kept = self.get(match_id)
        new = [match_steps.pending_step(kept.head + 1 + i, event) for i, event in enumerate(events)]
        return Kept(match_id, kept.game, (*kept.steps, *new), self._folded(kept, new), kept.head_hash)

    def append(
        self,
        match_id: str,
        events: Sequence[PendingEvent],
        *,
        expected_seq: int | None = None,
        kept: Kept | None = None,
    ) -> tuple[Sequence[StoredEvent], Kept]:
        """Check ``events`` against the match's state, append them after ``expected_seq`` (the head
        the caller showed; by default the head now), and keep the state after them. ``kept`` is the
        state the caller has just read (``get``): it is not read again, and the store's append
        refuses the batch if the match moved on since."""
        kept = self.get(match_id) if kept is None else kept
        head = kept.head
        if expected_seq is not None and expected_seq != head:  # made on a state another writer overtook
            raise ConcurrencyError(match_id, expected_seq, head)
        new = [match_steps.pending_step(head + 1 + i, event) for i, event in enumerate(events)]
        folded = self._folded(kept, new)
        stored = self.store.append(match_id, head, events)
        if not stored or stored[0].seq != head + 1:  # a resend of what was stored: the state is as read
            return stored, self.get(match_id)
        steps = [match_steps.step_of(event) for event in stored]
        after = Kept(match_id, kept.game, (*kept.steps, *steps), folded, stored[-1].hash)
        key = (self.store.path, match_id)
        self.kept[key] = after
        self.kept.move_to_end(key)
        return stored, after


def _no_history() -> History:
    return History((), (), {}, ())
