"""What the store gives back: stored events, verify's findings, a match's head."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from events.canonical import JsonValue, loads
from events.envelope import PendingEvent, envelope_text

if TYPE_CHECKING:
    from events.model import Payload


# The columns of a stored event, in the order ``stored_event`` reads a row of them.
EVENT_COLUMNS = (
    "position, match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, payload, prev_hash, hash"
)


class Head(NamedTuple):
    """A match's last event, as the heads table holds it (written with its events)."""

    match_id: str
    last_seq: int
    last_hash: str


class Mark(NamedTuple):
    """Where the store stands: its count of events and the last position taken, read together.
    An answer kept at a mark is current while the store is still at it, and what was stored since
    is read from it (``changed_since``)."""

    events: int
    position: int


class PayloadRow(NamedTuple):
    """What a replay reads of an event: its place, its type and version, its payload text."""

    seq: int
    type: str
    schema_version: int
    payload_text: str


class EventRow(NamedTuple):
    """An event without its chain columns: what a replay with provenance reads."""

    seq: int
    event_id: str
    type: str
    schema_version: int
    recorded_at: str
    recorded_by: str
    payload_text: str


class StoredEvent(NamedTuple):
    """An event as stored: its envelope, its place, and its link in the chain."""

    position: int
    match_id: str
    seq: int
    event_id: str
    type: str
    schema_version: int
    recorded_at: str
    recorded_by: str
    payload_text: str
    prev_hash: str
    hash: str

    @property
    def payload(self) -> JsonValue:
        return loads(self.payload_text, where=f"{self.match_id} seq {self.seq}")

    def decode(self) -> Payload:
        """The typed payload, upcast to the current version of its type."""
        from events import registry  # the models: loaded by what reads events as models, not by a listing

        return registry.decode(self.type, self.schema_version, self.payload_text)

    def envelope(self, payload: JsonValue = None) -> dict[str, Any]:
        """The whole stored event as a document; ``payload``, the payload already parsed (else read here)."""
        return {
            "match_id": self.match_id,
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema_version": self.schema_version,
            "recorded_at": self.recorded_at,
            "recorded_by": self.recorded_by,
            "payload": self.payload if payload is None else payload,
        }

    def envelope_text(self) -> str:
        return envelope_text(
            match_id=self.match_id,
            seq=self.seq,
            event_id=self.event_id,
            type=self.type,
            schema_version=self.schema_version,
            recorded_at=self.recorded_at,
            recorded_by=self.recorded_by,
            payload_text=self.payload_text,
        )

    def same_content(self, event: PendingEvent, payload_text: str) -> bool:
        return (
            self.type == event.type
            and self.schema_version == event.schema_version
            and self.recorded_at == event.recorded_at
            and self.recorded_by == event.recorded_by
            and self.payload_text == payload_text
        )


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing ``verify`` found wrong. ``code`` is stable."""

    code: str
    message: str
    match_id: str | None = None
    seq: int | None = None
    position: int | None = None
    event_id: str | None = None


@dataclass(frozen=True, slots=True)
class MatchHead:
    match_id: str
    first: StoredEvent  # the match_started event
    last_seq: int
    last_recorded_at: str


class Resent(list[StoredEvent]):
    """What an append of a batch already stored returns: the stored events, nothing written."""


class Appended(Sequence[StoredEvent]):
    """The events one append stored, made into ``StoredEvent`` only when looked at.

    A bulk append of many thousand events is rarely read back through its result, so the
    rows it already holds are not copied into objects up front.
    """

    __slots__ = ("_first", "_rows")

    def __init__(self, first_position: int, rows: list[tuple[Any, ...]]) -> None:
        self._first = first_position
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> StoredEvent: ...

    @overload
    def __getitem__(self, index: slice) -> list[StoredEvent]: ...

    def __getitem__(self, index: int | slice) -> StoredEvent | list[StoredEvent]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._rows)))]
        if index < 0:
            index += len(self._rows)
        if not 0 <= index < len(self._rows):
            raise IndexError(index)
        return StoredEvent._make((self._first + index, *self._rows[index]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Appended({list(self)!r})"


def stored_event(row: Sequence[Any]) -> StoredEvent:
    return StoredEvent._make(row)


# A store's mark: its count of events, as the sum of its streams' heads (each stream's last seq is
# its count: seqs run from 1, unbroken, and a head is written with its events), a third of the
# rows of counting the events; and the last position taken.
MARK = "SELECT COALESCE(SUM(last_seq), 0), (SELECT COALESCE(MAX(position), 0) FROM events) FROM match_heads"
# The events after a mark, as ``changes_after`` reads them (SQLite's markers; PostgreSQL's are %s).
CHANGES_AFTER = "SELECT match_id, type, position FROM events WHERE position > ? ORDER BY position LIMIT ?"


def changes_after(
    mark: Mark, rows: Sequence[tuple[str, str, int]], limit: int, now: Callable[[], Mark]
) -> tuple[Mark, dict[str, tuple[str, ...]] | None]:
    """``changed_since`` from the events after the mark (match id, type, position, at most
    ``limit + 1`` of them, read in one statement). Every append takes its positions and commits
    under the store's one write lock (SQLite's, PostgreSQL's advisory lock), so events are
    committed in the order of their positions and no event can come below a mark once it is read:
    the mark now is the old one moved on by the events after it (``now`` reads it where they are
    too many to be told)."""
    if len(rows) > limit:
        return now(), None
    found: dict[str, list[str]] = {}
    for match_id, kind, _position in rows:
        found.setdefault(str(match_id), []).append(str(kind))
    moved_on = Mark(mark.events + len(rows), int(rows[-1][2]) if rows else mark.position)
    return moved_on, {stream: tuple(kinds) for stream, kinds in found.items()}
