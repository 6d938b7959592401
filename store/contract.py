"""The store contract: what every backend gives the layers above, and the one suite that checks it
(``tests/store/test_store_contract.py``). The SQLite store (``store/sqlite.py``) is the embedded default.

Every backend keeps the same promises: a stored event is never changed or deleted; a batch is
appended whole or not at all, after the match's last seq the caller saw (``expected_seq``); a
batch resent as it was stored is a no-op; each match's events form the SHA-256 chain of
``store/chain.py``, byte for byte the same in every backend.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

from events.envelope import PendingEvent
from store.records import EventRow, Finding, Head, Mark, MatchHead, PayloadRow, StoredEvent


class Recorder(Protocol):
    """The small contract every writer needs: append a batch after the head it saw, and read a
    match from a seq; the heads of every match."""

    path: str  # where the store is, for messages
    readonly: bool  # opened where it cannot be written: reads only

    @property
    def initialized(self) -> bool:
        """Whether the store's tables are there (a new file or schema has none until the first match)."""
        ...

    def __enter__(self) -> Store: ...

    def __exit__(self, *exc: object) -> None: ...

    def close(self) -> None: ...

    def append(self, match_id: str, expected_seq: int, events: Iterable[PendingEvent]) -> Sequence[StoredEvent]:
        """Append a batch after seq ``expected_seq`` (0 for a new match), all or nothing."""
        ...

    def append_together(
        self, batches: Sequence[tuple[str, int, Sequence[PendingEvent]]]
    ) -> list[Sequence[StoredEvent]]:
        """Append each (match id, expected seq, events) batch, in one transaction: every batch, or
        none (a club night's seating: the night's event and every table's match). A stale head is
        a ``ConcurrencyError`` and nothing is stored; no batch is taken as a resend."""
        ...

    def bulk(self) -> AbstractContextManager[None]:
        """A run of appends whose flushes to disk wait for its end: each append is still all or
        nothing and read back at once, and leaving the run, however it is left, flushes them all.
        For an import of many games, which would otherwise wait on the disk once a game: a process
        killed in the run loses nothing it appended; a machine that loses power, at most the appends
        since the store last flushed (whole, and the same import run again stores them)."""
        ...

    def head(self, match_id: str) -> int:
        """The seq of the match's last event (0 when there is none)."""
        ...

    def head_of(self, match_id: str) -> Head | None:
        """The match's last seq and hash in one read of the heads table (None when it has no events):
        what a kept state is checked against before it is trusted."""
        ...

    def exists(self, match_id: str) -> bool: ...

    def read(self, match_id: str, *, from_seq: int = 1, to_seq: int | None = None) -> list[StoredEvent]: ...

    def heads(self, only: Collection[str] | None = None) -> list[Head]:
        """Every match's last seq and hash, written in the same transaction as its events; ``only``:
        of those streams alone (a page's few of a league's 200,000), any without events left out."""
        ...


class Reader(Protocol):
    """What replays, exports and imports read, in the shapes they need."""

    def read_rows(self, match_id: str) -> list[EventRow]:
        """Each event without its chain columns, in seq order; ``UnknownMatchError`` when the match
        has no events."""
        ...

    def read_payloads(self, match_id: str) -> list[PayloadRow]:
        """(seq, type, version, payload text) in seq order: what a replay reads; ``UnknownMatchError``
        when the match has no events."""
        ...

    def read_provenance(self, match_id: str, types: Collection[str]) -> dict[int, tuple[str, str, str]]:
        """By seq, (event id, recorded by, recorded at) of the match's events of these types."""
        ...

    def known_event_ids(self, event_ids: Collection[str]) -> set[str]:
        """Those of ``event_ids`` already stored, in any match."""
        ...

    def iter_all(self) -> Iterator[StoredEvent]: ...

    def count(self) -> int: ...

    def matches(self, first_type: str = "match_started") -> list[MatchHead]:
        """Every match; with ``first_type="night.opened"``, every club night."""
        ...

    def mark(self) -> Mark:
        """The count of events and the last position taken, read together."""
        ...

    def changed_since(self, mark: Mark, limit: int) -> tuple[Mark, dict[str, tuple[str, ...]] | None]:
        """The store's mark now and each stream with events stored after ``mark`` (one of this
        store's): the types of those events, in the order stored; None in place of the streams
        where more than ``limit`` events were stored since. Appends commit in the order of their
        positions (each under the store's one write lock), so nothing is ever stored below a mark."""
        ...


class Verifier(Protocol):
    """What ``taikyoku verify`` asks of a store: its own checks, and a fingerprint to publish."""

    def verify(
        self,
        match_id: str | None = None,
        *,
        check_schemas: bool = True,
        progress: Callable[[int], None] | None = None,
    ) -> list[Finding]: ...

    def fingerprint(self, events: int | None = None) -> tuple[int, str]:
        """(n, SHA-256 hex) over the hashes of the first ``n`` events in the order stored (all by default)."""
        ...


class ReadModels(Protocol):
    """Projections cached per match at a head hash: never a source of truth."""

    def read_model(self, model: str, match_ids: Collection[str] | None = None) -> dict[str, tuple[str, str]]:
        """Current rows of a cached projection: by match id, (head hash, body), where the head hash
        is still the match's last hash; of ``match_ids`` alone where given (one club's matches of
        a league's, read without the others)."""
        ...

    def keep_read_model(self, model: str, rows: Sequence[tuple[str, str, str]]) -> bool:
        """Keep (match id, head hash, body) rows of a cached projection; False when not kept."""
        ...

    def drop_read_model(self, model: str) -> int:
        """Forget a cached projection (it is rebuilt from the events); how many rows."""
        ...

    def read_model_row(self, model: str, key: str) -> tuple[str, str] | None:
        """One row of a cached projection over many matches, kept under ``key`` (not a match id):
        (what it was made at, body), or None. The caller checks that it still holds."""
        ...

    def read_model_rows(self, model: str) -> dict[str, tuple[str, str]]:
        """Every row of a cached projection over many matches, by key: (what it was made at, body),
        current or not (``taikyoku verify`` checks each)."""
        ...


class Store(Recorder, Reader, Verifier, ReadModels, Protocol):
    """Every part: what a backend gives (the SQLite file and the PostgreSQL server alike)."""
