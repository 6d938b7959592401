"""The store a person names (``--db``, ``TAIKYOKU_DB``, or the server's setting): an SQLite file,
or a PostgreSQL server by its ``postgresql://`` URL; opened, shown without its password, and
asked whether it holds a store. The adapters (the CLI, the served pages) open stores only here."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the store's package is loaded when a store is opened, not when a command starts
    from store import Store, StoredEvent
    from store.sqlite import EventStore
    from store.sqlite_file import FileHeader

__all__ = [
    "Store",
    "StoredEvent",
    "checked_header",
    "empty_the_log",
    "file_state",
    "header",
    "holds_a_match",
    "identity",
    "is_server",
    "log_waiting",
    "open_store",
    "remove_store",
    "replaces",
    "scratch",
    "set_aside_log",
    "shown",
    "store_exists",
    "written_rows",
]


def is_server(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL server (a postgresql:// URL) rather than an SQLite file."""
    return str(db).startswith(("postgresql://", "postgres://"))


def shown(db: object) -> str:
    """``db`` as messages show it: a server URL without its password."""
    if is_server(db):
        from store.pg_connection import shown as without_password

        return without_password(str(db))
    return str(db)


def open_store(db: object, *, create: bool = False) -> Store:
    """The store ``db`` names: an SQLite file (created when ``create``), or a PostgreSQL server."""
    if is_server(db):
        from store.postgres import PostgresStore

        return PostgresStore.open(str(db), create=create)
    from store import EventStore

    return EventStore.open(Path(str(db)), create=create)


def identity(db: object) -> object:
    """Which store ``db`` names now: an SQLite file by its device and inode (a backup restored over
    it is another file), a server by its URL; None for a missing file."""
    if is_server(db):
        return str(db)
    try:
        found = os.stat(str(db))
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def file_state(db: object) -> object:
    """An SQLite file as it now is, to tell whether anyone else changed it since: its device, inode,
    size and change time (None for a missing file, or a server)."""
    if is_server(db):
        return None
    try:
        found = os.stat(str(db))
    except OSError:
        return None
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def log_waiting(db: object) -> bool:
    """Whether an SQLite file's write-ahead log holds anything not yet emptied (a write of another
    process, kept there while this one holds the file open)."""
    if is_server(db):
        return False
    try:
        return os.stat(f"{db}-wal").st_size > 0
    except OSError:
        return False


def _on_file(store: Store) -> EventStore | None:
    """The store as an SQLite store, or None for a server's. Asked of the loaded module: where SQLite's
    store was never loaded (a command on a server), no store is one, and it is not loaded to say so."""
    loaded = sys.modules.get("store.sqlite")
    return store if loaded is not None and isinstance(store, loaded.EventStore) else None


def written_rows(store: Store) -> int:
    """How many rows an SQLite store's connection has written so far (0 for a server's)."""
    on_file = _on_file(store)
    return on_file.changes() if on_file is not None else 0


def empty_the_log(store: Store) -> None:
    """Fold an SQLite store's write-ahead log into its file and empty it (see ``EventStore.empty_the_log``)."""
    on_file = _on_file(store)
    if on_file is not None:
        on_file.empty_the_log()


def store_exists(db: object) -> bool:
    """Whether ``db`` names a store that holds something: a file there, or a server schema with a store in it."""
    if not is_server(db):
        return Path(str(db)).exists()
    with open_store(db) as store:
        return store.initialized


def scratch() -> Store:
    """An empty store in memory, to try events on without writing anywhere."""
    from store import EventStore

    return EventStore.memory()


def holds_a_match(db: object) -> bool:
    """Whether the store ``db`` names is there and holds a match."""
    if not store_exists(db):
        return False
    with open_store(db) as store:
        return bool(store.matches())


def remove_store(db: object) -> None:
    """Remove the SQLite file ``db`` names, with its journal files (a store a stopped or empty
    import was making); a server's store is left as it is."""
    if is_server(db):
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def _read_header(db: object) -> FileHeader | str | None:
    """The file's header (``store/sqlite_file.py``), why it is not whole now, or None for a file
    missing or empty (one not made yet)."""
    from store.sqlite_file import header_of

    try:
        if os.stat(str(db)).st_size == 0:
            return None
    except OSError:
        return None
    return header_of(str(db))


def header(db: object) -> FileHeader | None:
    """An SQLite file's header as bytes say it: its generation and which file it is; None for a
    file missing, empty or not whole now (being copied in, or checkpointed)."""
    found = _read_header(db)
    return None if isinstance(found, str) else found


def checked_header(db: object) -> FileHeader | None:
    """``header``, checked as a server checks it before a write: ``StoreUnavailableError`` while the
    file is not a whole SQLite file (a backup being copied in)."""
    from store.errors import StoreUnavailableError

    found = _read_header(db)
    if isinstance(found, str):
        raise StoreUnavailableError(
            f"the store's file {shown(str(db))} is being written by another program ({found}; a backup being copied "
            "in?): nothing was written; try again in a moment"
        )
    return found


def replaces(before: FileHeader, now: FileHeader) -> bool:
    """Whether the whole file whose header is ``now`` replaced the one whose header was ``before``:
    another file, or an older generation (no writer ever takes the count back)."""
    from store.sqlite_file import replaced

    return replaced(before, now)


def set_aside_log(db: object) -> Path | None:
    """The log of a file replaced under its writer kept beside it and emptied (``store/sqlite_file.py``)."""
    from store.sqlite_file import set_aside_log as keep_aside

    return keep_aside(str(db))
