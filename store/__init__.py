"""Persistence: the store contract (``store/contract.py``), the append-only SQLite event store, and the hash chain."""

from typing import TYPE_CHECKING

from store.contract import Reader, ReadModels, Recorder, Store, Verifier
from store.errors import (
    ConcurrencyError,
    CorruptStoreError,
    DatabaseLockedError,
    DatabaseMissingError,
    DuplicateEventError,
    MatchExistsError,
    NotAStoreError,
    RepeatedEventIdError,
    StoreError,
    UnknownMatchError,
)
from store.records import EventRow, Finding, Head, MatchHead, PayloadRow, Resent, StoredEvent

if TYPE_CHECKING:
    from store.sqlite import EventStore


def __getattr__(name: str) -> object:
    """The SQLite store, loaded when first asked for: a command on a PostgreSQL store never loads
    SQLite's library (sqlite-utils, a tenth of a second of every such command's start)."""
    if name == "EventStore":
        from store.sqlite import EventStore

        return EventStore
    raise AttributeError(f"module 'store' has no attribute {name!r}")


__all__ = [
    "ConcurrencyError",
    "CorruptStoreError",
    "DatabaseLockedError",
    "DatabaseMissingError",
    "DuplicateEventError",
    "EventRow",
    "EventStore",
    "Finding",
    "Head",
    "MatchExistsError",
    "MatchHead",
    "NotAStoreError",
    "PayloadRow",
    "ReadModels",
    "Reader",
    "Recorder",
    "RepeatedEventIdError",
    "Resent",
    "Store",
    "StoreError",
    "StoredEvent",
    "UnknownMatchError",
    "Verifier",
]
