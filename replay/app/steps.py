"""A match's stored events as the folds see them: decoded steps, in seq order."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Literal

from events import registry
from events.envelope import PendingEvent
from events.errors import InputError, TaikyokuError
from events.match import GameName, MatchStarted
from replay.engine.fold import META_TYPES, Step
from store import CorruptStoreError, Store, StoredEvent


def step_of(event: StoredEvent) -> Step:
    return Step(event.seq, event.type, event.decode(), event.event_id, event.recorded_by, event.recorded_at)


def pending_step(seq: int, event: PendingEvent) -> Step:
    return Step(seq, event.type, event.payload, event.event_id, event.recorded_by, event.recorded_at)


def game_of(steps: Sequence[Step]) -> GameName:
    first = steps[0].payload if steps else None
    if not isinstance(first, MatchStarted):
        raise InputError("the first event of a match must be match_started", code="match.not_started")
    return first.game


def read_steps(store: Store, match_id: str, *, provenance: Literal["history", "all"] = "history") -> list[Step]:
    """A match's events, decoded, in seq order: what every fold starts from.

    With ``provenance="all"`` every step carries its event id, recorder and time. By default
    only the retracts, notes and claims do, the events whose author the history shows: the
    folds never look, and reading three more columns of every event costs a replay a tenth
    of its time.
    """
    if not store.initialized:
        store.read(match_id)  # raises the usual unknown-match error
    if provenance == "all":
        full = store.read_rows(match_id)
        decoded = _decoded(match_id, [(r.seq, r.type, r.schema_version, r.payload_text) for r in full])
        return [s._replace(event_id=row.event_id, recorded_by=row.recorded_by, recorded_at=row.recorded_at)
                for s, row in zip(decoded, full, strict=True)]  # fmt: skip
    payloads = store.read_payloads(match_id)
    steps = _decoded(match_id, payloads)
    if not META_TYPES.isdisjoint(map(_type_of_row, payloads)):
        known = store.read_provenance(match_id, sorted(META_TYPES))
        steps = [s._replace(event_id=known[s.seq][0], recorded_by=known[s.seq][1], recorded_at=known[s.seq][2])
                 if s.seq in known else s for s in steps]  # fmt: skip
    return steps


_type_of_row = itemgetter(1)


def _decoded(match_id: str, rows: Sequence[tuple[int, str, int, str]]) -> list[Step]:
    """A step of each stored row, without its provenance; a payload text seen before is not parsed again."""
    make = tuple.__new__  # a replay makes one per event
    try:
        payloads = registry.decode_rows(rows)
    except (ValueError, TaikyokuError):  # pydantic's ValidationError is a ValueError
        decode = registry.decode
        for seq, kind, version, text in rows:
            try:
                decode(kind, version, text)
            except (ValueError, TaikyokuError):
                raise CorruptStoreError(
                    f"match {match_id} seq {seq}: the stored {kind} event no longer fits its schema; "
                    f"run `taikyoku verify {match_id}` and restore the database from a backup"
                ) from None
        raise
    return [make(Step, (row[0], row[1], payload, "", "", "")) for row, payload in zip(rows, payloads, strict=True)]
