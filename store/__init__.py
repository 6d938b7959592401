"""Persistence: the append-only SQLite event store and its hash chain."""

from store.errors import (
    ConcurrencyError,
    CorruptStoreError,
    DatabaseLockedError,
    DatabaseMissingError,
    DuplicateEventError,
    MatchExistsError,
    NotAStoreError,
    StoreError,
    UnknownMatchError,
)
from store.sqlite import EventStore, Finding, MatchHead, StoredEvent

__all__ = [
    "ConcurrencyError",
    "CorruptStoreError",
    "DatabaseLockedError",
    "DatabaseMissingError",
    "DuplicateEventError",
    "EventStore",
    "Finding",
    "MatchExistsError",
    "MatchHead",
    "NotAStoreError",
    "StoreError",
    "StoredEvent",
    "UnknownMatchError",
]
