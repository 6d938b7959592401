"""Persistence: the store contract (``store/contract.py``), the append-only SQLite event store, and the hash chain."""

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
from store.sqlite import EventStore

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
