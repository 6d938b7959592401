"""The SQLite store's read models (``EventStore``'s methods of these names call them): projections
cached per match (a digest, a glance), each row kept with the match's head hash it was made at, so
a row is current only while the match's last hash is still that one. Never a source of truth: a
row lost is made again from the events."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

import sqlite_utils

from store.errors import StoreError


class EventStore(Protocol):
    """What of the SQLite store (``store/sqlite.py``) its read models use."""

    db: sqlite_utils.Database
    readonly: bool

    @property
    def initialized(self) -> bool: ...

    def errors(self) -> AbstractContextManager[object]: ...

    def _begin(self) -> None: ...

    def _rollback(self) -> None: ...


def read_model(store: EventStore, model: str, match_ids: Collection[str] | None = None) -> dict[str, tuple[str, str]]:
    """The rows of read model ``model`` that are current: by match id, (head hash, body), only
    where the head hash is still the match's last hash. A store without the table gives none."""
    if not store.initialized:
        return {}
    with store.errors():
        if "read_models" not in store.db.table_names():
            return {}
        wanted = "" if match_ids is None else " AND r.match_id IN (SELECT value FROM json_each(?))"
        rows = store.db.execute(
            "SELECT r.match_id, r.head_hash, r.body FROM read_models r"
            " JOIN match_heads h ON h.match_id = r.match_id AND h.last_hash = r.head_hash"
            " WHERE r.model = ?" + wanted,
            [model] if match_ids is None else [model, json.dumps(sorted(match_ids))],
        ).fetchall()
    return {str(m): (str(h), str(b)) for m, h, b in rows}


def keep_read_model(store: EventStore, model: str, rows: Sequence[tuple[str, str, str]]) -> bool:
    """Keep (match id, head hash, body) rows of read model ``model``, replacing older ones.
    False, and nothing kept, where the store cannot be written (read-only) or is locked."""
    if store.readonly or not rows or not store.initialized:
        return False
    try:
        store._begin()
        store.db.conn.executemany(
            "INSERT OR REPLACE INTO read_models (model, match_id, head_hash, body) VALUES (?, ?, ?, ?)",
            [(model, m, h, b) for m, h, b in rows],
        )
        store.db.execute("COMMIT")
    except (sqlite3.Error, StoreError):
        store._rollback()  # a cache not kept is only rebuilt next time
        return False
    return True


def read_model_row(store: EventStore, model: str, key: str) -> tuple[str, str] | None:
    """One row of a cached projection over many matches, by its key: (made at, body), or None."""
    if not store.initialized:
        return None
    with store.errors():
        if "read_models" not in store.db.table_names():
            return None
        row = store.db.execute(
            "SELECT head_hash, body FROM read_models WHERE model = ? AND match_id = ?", [model, key]
        ).fetchone()
    return None if row is None else (str(row[0]), str(row[1]))


def read_model_rows(store: EventStore, model: str) -> dict[str, tuple[str, str]]:
    if not store.initialized:
        return {}
    with store.errors():
        if "read_models" not in store.db.table_names():
            return {}
        rows = store.db.execute("SELECT match_id, head_hash, body FROM read_models WHERE model = ?", [model]).fetchall()
    return {str(k): (str(h), str(b)) for k, h, b in rows}


def drop_read_model(store: EventStore, model: str) -> int:
    """Forget every row of read model ``model`` (they are rebuilt from the events); how many."""
    if store.readonly or not store.initialized:
        return 0
    store._begin()
    try:
        with store.errors():
            dropped = store.db.conn.execute("DELETE FROM read_models WHERE model = ?", [model]).rowcount
            store.db.execute("COMMIT")
    except BaseException:
        store._rollback()
        raise
    return int(dropped)
