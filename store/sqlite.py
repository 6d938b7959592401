"""The append-only SQLite event store.

One ``events`` table holds every event of every match in the order it was stored
(``position``). Triggers refuse any UPDATE or DELETE: a mistake is corrected by a later
event. Each match's events form a SHA-256 chain over their canonical bytes, so ``verify``
can prove that nothing was altered behind the store's back.

sqlite-utils owns the connection, the schema and the queries; the one hot loop, the batch
INSERT, goes straight to ``executemany`` because that is what the append benchmark measures
against.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils

from events import interrupts
from events.envelope import PendingEvent
from events.ids import check_match_id
from store import connection
from store import sqlite_read_models as read_models
from store.batch import check_together, duplicate_error, event_rows, resent, retry_or_conflict
from store.chain import GENESIS
from store.connection import (
    SqliteErrors,
    busy_timeout_ms,
    on_readonly_filesystem,
    quote_uri,
)
from store.contract import Store
from store.errors import (
    ConcurrencyError,
    DatabaseMissingError,
    DuplicateEventError,
    NotAStoreError,
    UnknownMatchError,
)
from store.migrations import (
    SCHEMA_VERSION,
    migrate,
)
from store.records import (
    CHANGES_AFTER,
    EVENT_COLUMNS,
    MARK,
    Appended,
    EventRow,
    Finding,
    Head,
    Mark,
    MatchHead,
    PayloadRow,
    StoredEvent,
    changes_after,
    stored_event,
)

APPLICATION_ID = 0x7461696B  # "taik": marks a file as a taikyoku store


_HEAD = "SELECT seq, hash FROM events WHERE match_id = ? ORDER BY seq DESC LIMIT 1"
_HEAD_UPSERT = (
    "INSERT INTO match_heads (match_id, last_seq, last_hash, events) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (match_id) DO UPDATE SET last_seq = excluded.last_seq, last_hash = excluded.last_hash, "
    "events = excluded.events"
)
_INSERT = (
    "INSERT INTO events (match_id, seq, event_id, type, schema_version, recorded_at, "
    "recorded_by, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


class EventStore:
    """An append-only store of events in one SQLite database (a file, or memory)."""

    def __init__(self, db: sqlite_utils.Database, path: str) -> None:
        self.db = db
        self.path = path
        self._initialized = False
        self.busy_ms = connection.BUSY_TIMEOUT_MS
        self.readonly = False  # opened on a read-only file system: reads only
        self._heads_table: bool | None = None  # whether the heads table is there (asked once)

    # ---- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, create: bool = False) -> EventStore:
        """Open the store at ``path``. With ``create``, a missing file becomes a new store."""
        name = str(path)
        memory = name == ":memory:"
        made = False  # whether this opening makes the file: then a failure to prepare it leaves none
        if not memory:
            file = Path(name)
            if file.is_dir():
                raise DatabaseMissingError(f"database {name} is a directory; give --db a file path")
            if file.exists() and not file.is_file():  # a device or a FIFO: SQLite would make NAME-journal beside it
                raise NotAStoreError(f"{name} is not a regular file; point --db (or TAIKYOKU_DB) at an SQLite file")
            if not file.exists():
                if not create:
                    raise DatabaseMissingError(
                        f"database {name} does not exist; start a match with `taikyoku new --db {name}` "
                        "or point --db (or TAIKYOKU_DB) at your database"
                    )
                if not file.parent.exists():
                    raise DatabaseMissingError(f"cannot create {name}: folder {file.parent} does not exist")
                made = True
        wait = busy_timeout_ms()
        readonly = not memory and not create and on_readonly_filesystem(name)
        # On a read-only file system SQLite cannot make the WAL's shared-memory file; nobody can
        # write the file there either, so it is opened as immutable and read as it is.
        target = f"file:{quote_uri(str(Path(name).resolve()))}?mode=ro&immutable=1" if readonly else name
        try:
            conn = sqlite3.connect(
                target, timeout=wait / 1000, isolation_level=None, check_same_thread=False, uri=readonly
            )
        except sqlite3.Error as exc:
            raise DatabaseMissingError(f"cannot open database {name}: {exc}") from None
        store = cls(sqlite_utils.Database(conn), name)
        store.busy_ms = wait
        store.readonly = readonly
        try:
            store._prepare(create=create, memory=memory)
        except BaseException:  # Ctrl-C too: a store half made is no store, and is not left behind
            conn.close()
            if made:
                for suffix in ("", "-wal", "-shm", "-journal"):
                    Path(f"{name}{suffix}").unlink(missing_ok=True)
            raise
        return store

    @classmethod
    def memory(cls) -> EventStore:
        return cls.open(":memory:", create=True)

    def _prepare(self, *, create: bool, memory: bool) -> None:
        with self.errors():
            self.db.execute(f"PRAGMA busy_timeout = {self.busy_ms}")
            app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
            tables = set(self.db.table_names())
            if app_id != APPLICATION_ID and tables:
                raise NotAStoreError(
                    f"{self.path} is an SQLite database but not a taikyoku store "
                    f"(it has tables {', '.join(sorted(tables)[:5])}); point --db at a taikyoku database"
                )
            if self.readonly:
                return  # read as it is: no journal mode to set, no migration to run
            if not memory:
                self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            if not tables and not create:
                return  # an empty file: reads find nothing, and nothing is written
            if tables and self.applied_version() == SCHEMA_VERSION:
                return  # up to date: opening takes no write lock
            self._migrate()

    def applied_version(self) -> int:
        if "schema_migrations" not in self.db.table_names():
            return 0
        return int(self.db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0])

    def _migrate(self) -> None:
        self._begin()
        try:
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            migrate(
                lambda sql, params: self.db.execute(sql, list(params)),
                self.path,
                "?",
                existing=lambda: {str(r[0]) for r in self.db.execute("SELECT name FROM sqlite_master")},
            )
            self.db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def close(self) -> None:
        self.db.conn.close()

    def changes(self) -> int:
        """How many rows this connection has written since it was opened (a write's count, cheaply)."""
        return int(self.db.conn.total_changes)

    def empty_the_log(self) -> None:
        """Fold the write-ahead log into the file and empty it, if no reader holds it now (a
        reader is never waited for: its log is then folded in by a later write or at the close)."""
        if self.readonly or self.path == ":memory:":
            return
        with self.errors():
            self.db.execute("PRAGMA busy_timeout = 0")
            try:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                self.db.execute(f"PRAGMA busy_timeout = {self.busy_ms}")

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- errors and transactions ---------------------------------------------------------

    def errors(self) -> SqliteErrors:
        return SqliteErrors(self.path, self.busy_ms)

    def _begin(self) -> None:
        # IMMEDIATE takes the write lock now, so the head we read cannot change under us. Each write
        # counts a generation in the file's header, by which a server tells a file replaced under it.
        with self.errors():
            self.db.execute("BEGIN IMMEDIATE")
            generation = self.db.conn.execute("PRAGMA user_version").fetchone()[0]
            self.db.conn.execute(f"PRAGMA user_version = {(generation + 1) % 2**31}")  # store/sqlite_file.py

    def _rollback(self) -> None:
        if self.db.conn.in_transaction:
            self.db.conn.execute("ROLLBACK")

    @property
    def initialized(self) -> bool:
        if not self._initialized:  # once made, the table is never dropped: ask SQLite until then
            self._initialized = "events" in self.db.table_names()
        return self._initialized

    # ---- writing -------------------------------------------------------------------------

    def append(self, match_id: str, expected_seq: int, events: Iterable[PendingEvent]) -> Sequence[StoredEvent]:
        """Append ``events`` after seq ``expected_seq`` of ``match_id``, all or nothing.

        ``expected_seq`` is the seq of the match's last event as the caller saw it (0 for a
        new match). If it is stale, ``ConcurrencyError``. Retrying a batch that was already
        stored (same ids, same content, same place) is a no-op that returns the stored events;
        an id already stored with other content is a ``DuplicateEventError``.

        ``events`` may be a generator: it is consumed inside the transaction, one event at a
        time, so a bulk import validates as it writes and never holds the whole batch twice.
        An error raised by the generator rolls the whole batch back.
        """
        check_match_id(match_id)
        if not self.initialized:
            raise DatabaseMissingError(f"{self.path} holds no taikyoku store yet; start a match with `taikyoku new`")
        conn = self.db.conn
        rows: list[tuple[Any, ...]] = []
        self._begin()
        try:
            with self.errors():
                head = conn.execute(_HEAD, (match_id,)).fetchone()
                head_seq, prev = (head[0], head[1]) if head else (0, GENESIS)
                if head_seq != expected_seq:
                    self._rollback()
                    return self._retry_or_conflict(match_id, expected_seq, head_seq, list(events))
                # A batch allocates a few tuples per event and no cycles; the cyclic collector
                # would only rescan them, which costs about a tenth of a bulk append.
                collecting = gc.isenabled()
                gc.disable()
                try:
                    conn.executemany(_INSERT, event_rows(match_id, expected_seq, prev, events, rows))
                except sqlite3.IntegrityError:
                    self._rollback()
                    if isinstance(events, Sequence):  # a batch resent whole, after the head moved on
                        resent = self._already_stored(match_id, events)
                        if resent is not None:
                            return resent
                    raise self._duplicate(rows) from None
                finally:
                    if collecting:
                        gc.enable()
                if not rows:
                    self._rollback()
                    return []
                first = conn.execute("SELECT last_insert_rowid()").fetchone()[0] - len(rows) + 1
                last = rows[-1]  # the match's new head, in the same transaction as its events
                conn.execute(_HEAD_UPSERT, (match_id, last[1], last[9], last[1]))
                conn.execute("COMMIT")
                interrupts.recorded(len(rows))
        except BaseException:
            self._rollback()
            raise
        return Appended(first, rows)

    def append_together(
        self, batches: Sequence[tuple[str, int, Sequence[PendingEvent]]]
    ) -> list[Sequence[StoredEvent]]:
        check_together(batches)
        if not self.initialized:
            raise DatabaseMissingError(f"{self.path} holds no taikyoku store yet; start a match with `taikyoku new`")
        conn = self.db.conn
        stored: list[Sequence[StoredEvent]] = []
        self._begin()
        try:
            with self.errors():
                for match_id, expected_seq, events in batches:
                    head = conn.execute(_HEAD, (match_id,)).fetchone()
                    head_seq, prev = (head[0], head[1]) if head else (0, GENESIS)
                    if head_seq != expected_seq:
                        raise ConcurrencyError(match_id, expected_seq, head_seq)
                    rows: list[tuple[Any, ...]] = []
                    try:
                        conn.executemany(_INSERT, event_rows(match_id, expected_seq, prev, events, rows))
                    except sqlite3.IntegrityError:
                        raise self._duplicate(rows) from None
                    if not rows:
                        stored.append([])
                        continue
                    first = conn.execute("SELECT last_insert_rowid()").fetchone()[0] - len(rows) + 1
                    last = rows[-1]
                    conn.execute(_HEAD_UPSERT, (match_id, last[1], last[9], last[1]))
                    stored.append(Appended(first, rows))
                conn.execute("COMMIT")
                interrupts.recorded(sum(len(made) for made in stored))
        except BaseException:
            self._rollback()
            raise
        return stored

    @contextmanager
    def bulk(self) -> Iterator[None]:
        """Appends committed to the WAL without waiting on the disk each time (``synchronous =
        NORMAL``: a commit survives the process, and the WAL is synced at each checkpoint); at the
        end the WAL file is synced, which makes every one of them durable."""
        if self.readonly or self.path == ":memory:":
            yield
            return
        with self.errors():
            self.db.execute("PRAGMA synchronous = NORMAL")
        try:
            yield
        finally:
            with self.errors():
                self.db.execute("PRAGMA synchronous = FULL")
                wal = Path(self.path + "-wal")
                if wal.is_file():
                    descriptor = os.open(wal, os.O_RDONLY)
                    try:
                        os.fsync(descriptor)
                    finally:
                        os.close(descriptor)

    def _duplicate(self, rows: list[tuple[Any, ...]]) -> DuplicateEventError:
        def stored_at(event_id: str) -> tuple[str, int] | None:
            row = self.db.execute("SELECT match_id, seq FROM events WHERE event_id = ?", [event_id]).fetchone()
            return None if row is None else (str(row[0]), int(row[1]))

        return duplicate_error(rows, stored_at)

    def _retry_or_conflict(
        self, match_id: str, expected_seq: int, actual_seq: int, events: Sequence[PendingEvent]
    ) -> Sequence[StoredEvent]:
        return retry_or_conflict(match_id, expected_seq, actual_seq, events, self._already_stored)

    def _already_stored(self, match_id: str, events: Sequence[PendingEvent]) -> list[StoredEvent] | None:
        """The stored events if this batch is an exact resend; None if none of it is stored."""
        found: dict[str, StoredEvent] = {}
        ids = [event.event_id for event in events]
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id IN ({marks})", chunk):
                found[row[3]] = stored_event(row)
        return resent(match_id, events, found)

    # ---- reading -------------------------------------------------------------------------

    def head(self, match_id: str) -> int:
        """Seq of the match's last event; 0 when the match has no events."""
        if not self.initialized:
            return 0
        with self.errors():
            row = self.db.execute("SELECT MAX(seq) FROM events WHERE match_id = ?", [match_id]).fetchone()
        return int(row[0] or 0)

    def head_of(self, match_id: str) -> Head | None:
        if not self.initialized:
            return None
        # A store older than the heads table, read where it cannot be migrated, is asked its events.
        query = (
            "SELECT last_seq, last_hash FROM match_heads WHERE match_id = ?"
            if self._has_heads()
            else "SELECT seq, hash FROM events WHERE match_id = ? ORDER BY seq DESC LIMIT 1"
        )
        with self.errors():
            row = self.db.execute(query, [match_id]).fetchone()
        return None if row is None else Head(match_id, int(row[0]), str(row[1]))

    def _has_heads(self) -> bool:
        if self._heads_table is None:
            self._heads_table = "match_heads" in self.db.table_names()
        return self._heads_table

    def exists(self, match_id: str) -> bool:
        return self.head(match_id) > 0

    def read(self, match_id: str, *, from_seq: int = 1, to_seq: int | None = None) -> list[StoredEvent]:
        """The match's events in seq order; ``UnknownMatchError`` when it has none."""
        if not self.exists(match_id):
            raise UnknownMatchError(
                match_id, f"no match {match_id!r} in {self.path}; list the matches with `taikyoku matches`"
            )
        upper = to_seq if to_seq is not None else 2**62
        with self.errors():
            rows = self.db.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE match_id = ? AND seq BETWEEN ? AND ? ORDER BY seq",
                [match_id, from_seq, upper],
            ).fetchall()
        return [stored_event(row) for row in rows]

    def read_rows(self, match_id: str) -> list[EventRow]:
        """The match's events as plain rows, for replay: (seq, event_id, type, schema_version,
        recorded_at, recorded_by, payload text). ``UnknownMatchError`` when it has none."""
        with self.errors():
            rows = self.db.execute(
                "SELECT seq, event_id, type, schema_version, recorded_at, recorded_by, payload "
                "FROM events WHERE match_id = ? ORDER BY seq",
                [match_id],
            ).fetchall()
        if not rows:
            raise UnknownMatchError(
                match_id, f"no match {match_id!r} in {self.path}; list the matches with `taikyoku matches`"
            )
        return list(map(EventRow._make, rows))

    def read_payloads(self, match_id: str) -> list[PayloadRow]:
        """The match's events as (seq, type, schema_version, payload text): what a fold needs,
        and no more. ``UnknownMatchError`` when it has none."""
        with self.errors():
            rows = self.db.execute(
                "SELECT seq, type, schema_version, payload FROM events WHERE match_id = ? ORDER BY seq", [match_id]
            ).fetchall()
        if not rows:
            raise UnknownMatchError(
                match_id, f"no match {match_id!r} in {self.path}; list the matches with `taikyoku matches`"
            )
        return list(map(PayloadRow._make, rows))

    def read_provenance(self, match_id: str, types: Collection[str]) -> dict[int, tuple[str, str, str]]:
        """seq -> (event_id, recorded_by, recorded_at) of the match's events of the given types."""
        if not types:
            return {}
        marks = ", ".join("?" for _ in types)
        with self.errors():
            rows = self.db.execute(
                f"SELECT seq, event_id, recorded_by, recorded_at FROM events WHERE match_id = ? AND type IN ({marks})",
                [match_id, *types],
            ).fetchall()
        return {seq: (event_id, by, at) for seq, event_id, by, at in rows}

    def known_event_ids(self, event_ids: Collection[str]) -> set[str]:
        """Those of ``event_ids`` already stored, in any match."""
        if not self.initialized:
            return set()
        ids, found = list(event_ids), set()
        with self.errors():
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                found |= {
                    r[0] for r in self.db.execute(f"SELECT event_id FROM events WHERE event_id IN ({marks})", chunk)
                }
        return found

    def iter_all(self) -> Iterator[StoredEvent]:
        """Every event of every match, in the order stored."""
        if not self.initialized:
            return
        with self.errors():
            cursor = self.db.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY position")
            for row in cursor:
                yield stored_event(row)

    def count(self) -> int:
        if not self.initialized:
            return 0
        with self.errors():
            return int(self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def mark(self) -> Mark:
        if not self.initialized:
            return Mark(0, 0)
        with self.errors():
            count, position = self.db.execute(MARK).fetchone()
        return Mark(int(count), int(position))

    def changed_since(self, mark: Mark, limit: int) -> tuple[Mark, dict[str, tuple[str, ...]] | None]:
        if not self.initialized:
            return Mark(0, 0), {}
        with self.errors():
            rows = self.db.execute(CHANGES_AFTER, [mark.position, limit + 1]).fetchall()
        return changes_after(mark, rows, limit, self.mark)

    def matches(self, first_type: str = "match_started") -> list[MatchHead]:
        """Every match (or, by its first event's type, every club night), oldest first, with its
        first event and where it stands."""
        if not self.initialized:
            return []
        with self.errors():
            # Where each match stands comes from its head row (written with its events): the first
            # events by their own index and two lookups a match, never a pass over every event
            # (which SQLite's planner chooses for the ORDER BY unless told).
            rows = self.db.execute(
                f"""
                SELECT {", ".join("s." + c.strip() for c in EVENT_COLUMNS.split(","))}, h.last_seq, l.recorded_at
                FROM match_heads h
                JOIN events s INDEXED BY events_match_starts ON s.match_id = h.match_id AND s.seq = 1
                JOIN events l ON l.match_id = h.match_id AND l.seq = h.last_seq
                WHERE s.type = ?
                ORDER BY s.position
                """,
                (first_type,),
            ).fetchall()
        return [MatchHead(row[1], stored_event(row[:11]), row[11], row[12]) for row in rows]

    # ---- verification: store/sqlite_verify.py ------------------------------------------------

    def verify(
        self,
        match_id: str | None = None,
        *,
        check_schemas: bool = True,
        progress: Callable[[int], None] | None = None,
    ) -> list[Finding]:
        """Check the store: triggers in place, each match's chain unbroken, each event valid
        (``store/sqlite_verify.py``)."""
        from store.sqlite_verify import verify_store

        return verify_store(self, match_id, check_schemas=check_schemas, progress=progress)

    def heads(self, only: Collection[str] | None = None) -> list[Head]:
        """(match id, last seq, last hash) of every match (of ``only``), as the heads table holds them."""
        if not self.initialized:
            return []
        wanted = "" if only is None else " WHERE match_id IN (SELECT value FROM json_each(?))"
        with self.errors():
            rows = self.db.execute(
                f"SELECT match_id, last_seq, last_hash FROM match_heads{wanted} ORDER BY match_id",
                [] if only is None else [json.dumps(sorted(only))],
            ).fetchall()
        return [Head(str(m), int(seq), str(h)) for m, seq, h in rows]

    # ---- read models: projections cached per match, never a source of truth (sqlite_read_models.py)

    def read_model(self, model: str, match_ids: Collection[str] | None = None) -> dict[str, tuple[str, str]]:
        return read_models.read_model(self, model, match_ids)

    def keep_read_model(self, model: str, rows: Sequence[tuple[str, str, str]]) -> bool:
        return read_models.keep_read_model(self, model, rows)

    def read_model_row(self, model: str, key: str) -> tuple[str, str] | None:
        return read_models.read_model_row(self, model, key)

    def read_model_rows(self, model: str) -> dict[str, tuple[str, str]]:
        return read_models.read_model_rows(self, model)

    def drop_read_model(self, model: str) -> int:
        return read_models.drop_read_model(self, model)

    def fingerprint(self, events: int | None = None) -> tuple[int, str]:
        """(n, SHA-256) over the hashes of the first ``n`` events stored (all by default), in the order
        stored. Events only ever come after, so a fingerprint published once still checks later."""
        digest = hashlib.sha256()
        count = 0
        limit = -1 if events is None else events
        with self.errors():
            if self.initialized:
                for (event_hash,) in self.db.execute("SELECT hash FROM events ORDER BY position LIMIT ?", [limit]):
                    digest.update(bytes.fromhex(event_hash))
                    count += 1
        return count, digest.hexdigest()


def _keeps_the_contract(store: EventStore) -> Store:
    return store  # mypy checks here that the SQLite store has every method of the contract
