"""Errors raised by the store. Codes are stable; the CLI maps each class to its exit code."""

from __future__ import annotations

from events.errors import TaikyokuError


class StoreError(TaikyokuError):
    code = "store.error"


class ConcurrencyError(StoreError):
    """Someone else appended first: ``expected_seq`` is stale. Re-read and retry."""

    code = "store.conflict"
    kind = "conflict"

    def __init__(self, match_id: str, expected_seq: int, actual_seq: int, *, message: str | None = None) -> None:
        super().__init__(
            message
            or f"match {match_id} has moved on: expected its last event to be seq {expected_seq}, "
            f"but it is seq {actual_seq}; re-read the match and record again"
        )
        self.match_id = match_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq

    @property
    def to_a_table(self) -> str:
        return "the table moved on: another tap was recorded first; read the table and tap again"

    def details(self) -> dict[str, object]:
        return {"head_seq": self.actual_seq}


class DuplicateEventError(StoreError):
    """An event id is already stored with different content (or elsewhere): a retry cannot clear it."""

    code = "store.duplicate_event_id"


class RepeatedEventIdError(DuplicateEventError):
    """Two events of one batch share an id: bad input, never a conflict."""

    code = "store.repeated_event_id"


class UnknownMatchError(StoreError):
    """No match (or night) of that id: the message says where it was looked for."""

    code = "store.unknown_match"
    kind = "not_found"

    def __init__(self, match_id: str, message: str) -> None:
        super().__init__(message)
        self.match_id = match_id

    @property
    def to_a_table(self) -> str:  # never where the store is kept on the laptop
        what = "night" if self.match_id.startswith("night-") else "match"
        return f"no {what} {self.match_id!r} here; the tables are listed at /"


class MatchExistsError(StoreError):
    code = "store.match_exists"


class DatabaseMissingError(StoreError):
    code = "store.missing"
    kind = "missing"


class DatabaseLockedError(StoreError):
    code = "store.locked"
    kind = "unavailable"


class ConnectionLostError(StoreError):
    """The server went away mid-command: nothing half-written stays, and a retry clears it."""

    code = "store.connection_lost"
    kind = "unavailable"


class StoreFullError(StoreError):
    """The disk (or the server's) is full: nothing of the write was kept; free space and retry."""

    code = "store.full"
    kind = "full"  # a retry clears it, once there is room


class StoreUnavailableError(StoreError):
    """The store cannot be read or written for now (its file moved away, a disk error): a retry
    may clear it; nothing half-written was kept."""

    code = "store.unavailable"
    kind = "unavailable"


class StoreReplacedError(StoreUnavailableError):
    """The store's file was replaced by another hand while a server wrote to it (a backup copied in):
    what was being written is not in it, and was kept beside it; a retry writes to the file now there."""

    code = "store.replaced"


class NotAStoreError(StoreError):
    """The file is a database, but not a taikyoku store (or from a newer taikyoku)."""

    code = "store.not_taikyoku"


class CorruptStoreError(StoreError):
    code = "store.corrupt"
    kind = "corrupt"
