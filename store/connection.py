"""Opening SQLite as the store needs it: the lock wait, a read-only file system, and sqlite3's errors
turned into one-line store errors that say what to do."""

from __future__ import annotations

import os
import sqlite3

from events.errors import InputError
from store.errors import (
    CorruptStoreError,
    DatabaseLockedError,
    NotAStoreError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
)

BUSY_TIMEOUT_MS = 5000  # how long to wait for a lock, unless TAIKYOKU_BUSY_TIMEOUT_MS says otherwise


def busy_timeout_ms() -> int:
    """The lock wait: TAIKYOKU_BUSY_TIMEOUT_MS when set (read at each open), else the default."""
    given = os.environ.get("TAIKYOKU_BUSY_TIMEOUT_MS")
    if given is None:
        return BUSY_TIMEOUT_MS
    try:
        value = int(given.strip())
    except ValueError:
        value = -1
    if not 0 <= value <= 3_600_000:
        shown = given if len(given) <= 40 else given[:40] + "..."
        raise InputError(
            f"TAIKYOKU_BUSY_TIMEOUT_MS is {shown!r}; set it to a whole number of milliseconds from 0 to "
            "3600000 (e.g. 5000), or unset it"
        )
    return value


def on_readonly_filesystem(name: str) -> bool:
    try:
        return bool(os.statvfs(name).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def quote_uri(path: str) -> str:
    """A path as it goes in an SQLite file: URI (``?`` and ``#`` and ``%`` escaped)."""
    return path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _no_room_beside(path: str) -> bool:
    """Whether the file system holding ``path`` has no byte left (SQLite then fails to make its
    -wal or -shm file and says only that it could not open or write the database)."""
    try:
        return os.statvfs(os.path.dirname(os.path.abspath(path)) or ".").f_bavail == 0
    except OSError:
        return False


class SqliteErrors:
    """Turn sqlite3 errors into one-line store errors that say what to do."""

    def __init__(self, path: str, busy_ms: int) -> None:
        self.path = path
        self.busy_ms = busy_ms

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if isinstance(exc, UnicodeDecodeError):  # SQLite hands back a text that a flipped byte broke
            raise CorruptStoreError(
                f"database {self.path} holds a text that is not UTF-8: the file was damaged; "
                "restore it from a backup or an export"
            ) from None
        if exc is None or not isinstance(exc, sqlite3.Error) or isinstance(exc, sqlite3.IntegrityError):
            return
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise DatabaseLockedError(
                f"database {self.path} is locked by another process (waited {self.busy_ms / 1000:g} s); "
                "retry when it is done"
            ) from None
        if isinstance(exc, sqlite3.DatabaseError) and (
            "not a database" in text or "malformed" in text or "corrupt" in text
        ):
            raise CorruptStoreError(
                f"database {self.path} is corrupt or not an SQLite file ({text}); restore it from a backup or an export"
            ) from None
        if "database or disk is full" in text or (
            ("disk I/O error" in text or "unable to open database file" in text) and _no_room_beside(self.path)
        ):
            raise StoreFullError(
                f"the disk holding {self.path} is full: nothing was stored; free some space and retry"
            ) from None
        if "disk I/O error" in text or "unable to open database file" in text:
            raise StoreUnavailableError(
                f"database {self.path} cannot be read or written now ({text}); check the disk and the file, and retry"
            ) from None
        if "readonly" in text or "read-only" in text:
            raise StoreError(f"database {self.path} is read-only; give taikyoku write access or use a copy") from None
        if "no such table" in text or "no such column" in text:
            raise NotAStoreError(
                f"{self.path} is not a taikyoku store ({text}); point --db at a taikyoku database"
            ) from None
        raise CorruptStoreError(f"database {self.path}: {text}") from None
