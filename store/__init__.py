"""Persistence: the store contract (``store/contract.py``), the append-only SQLite event store, and the hash chain."""

from store.contract import Store
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
from store.records import Finding, MatchHead, Resent, StoredEvent
from store.sqlite import EventStore

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
    "RepeatedEventIdError",
    "Resent",
    "Store",
    "StoreError",
    "StoredEvent",
    "UnknownMatchError",
]
