"""The append-only event store on PostgreSQL, for a club's server (psycopg 3).

The same contract as the SQLite store, kept the same way: one ``events`` table in the order
stored, triggers that refuse UPDATE, DELETE and TRUNCATE, each match's SHA-256 chain built by
the same code (``store/batch.py``), so the same events give the same hashes byte for byte, and a
``match_heads`` row written in the same transaction as its events.

Appends take one transaction-scoped advisory lock, so they are serialised across every process
and connection: ``position`` then follows commit order, as SQLite's does, and the head a batch
is checked against cannot move under it. Reads take no lock.

The URL is a libpq one (``postgresql://user@host:port/database``); a schema other than the
user's default is chosen the libpq way, ``?options=-csearch_path%3Dname``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors as pg_errors

from events import interrupts
from events.envelope import PendingEvent
from events.ids import check_match_id
from store.batch import check_together, duplicate_error, event_rows, resent, retry_or_conflict
from store.chain import GENESIS
from store.contract import Store
from store.errors import (
    ConcurrencyError,
    DatabaseMissingError,
    DuplicateEventError,
    NotAStoreError,
    UnknownMatchError,
)
from store.migrations import (
    REQUIRED_TABLES,
    REQUIRED_TRIGGERS,
    SCHEMA_VERSION,
    expected_triggers,
    migrate,
    migration_findings,
    normalized,
)
from store.pg_connection import LOCK_TIMEOUT_MS, ServerErrors, connect, shown
from store.pg_migrations import APPEND_ONLY_BODY, MIGRATIONS, unqualified
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
from store.verify import check_events, head_findings

APPEND_LOCK = 0x7461696B  # "taik": the advisory lock every append takes

_INSERT = (
    "INSERT INTO events (match_id, seq, event_id, type, schema_version, recorded_at, "
    "recorded_by, payload, prev_hash, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
# Each append says "SCHEMA MATCH" here, for the servers' live pages (LISTEN). The channel is the
# database's: a store in another schema of the same database says its own, which a listener leaves.
HEADS_CHANNEL = "taikyoku_heads"

_HEAD_UPSERT = (
    "INSERT INTO match_heads (match_id, last_seq, last_hash, events) VALUES (%s, %s, %s, %s) "
    "ON CONFLICT (match_id) DO UPDATE SET last_seq = excluded.last_seq, last_hash = excluded.last_hash, "
    "events = excluded.events"
)


class PostgresStore:
    """An append-only store of events in one PostgreSQL schema."""

    def __init__(self, conn: psycopg.Connection[Any], url: str) -> None:
        self.conn = conn
        self.url = url
        self.path = shown(url)  # what messages say: the URL without its password
        self.readonly = False
        self._initialized = False
        self._schema = ""  # current_schema(), read when the store is opened

    @classmethod
    def open(cls, url: str, *, create: bool = False) -> PostgresStore:
        store = cls(connect(url), url)
        try:
            with store._errors():
                store._prepare(create=create)
        except BaseException:
            store.close()
            raise
        return store

    def _errors(self) -> ServerErrors:
        return ServerErrors(self.path)

    def _tables(self) -> set[str]:
        rows = self.conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchall()
        return {str(r[0]) for r in rows}

    def _prepare(self, *, create: bool) -> None:
        schema = self.conn.execute("SELECT current_schema()").fetchone()
        if schema is None or schema[0] is None:
            raise NotAStoreError(
                f"{self.path} names no schema that exists; create it (CREATE SCHEMA name) or fix search_path in the URL"
            )
        self._schema = str(schema[0])
        tables = self._tables()
        if tables and ("events" not in tables or "schema_migrations" not in tables):
            raise NotAStoreError(
                f"{self.path} holds tables but not a taikyoku store (it has {', '.join(sorted(tables)[:5])}); "
                "point --db at a taikyoku database or schema"
            )
        if not tables and not create:
            return
        if "schema_migrations" in tables and self._applied_version() == SCHEMA_VERSION:
            return
        self._migrate()

    def _objects(self) -> set[str]:
        """The tables, indexes, triggers and functions in this schema, by name."""
        rows = self.conn.execute(
            "SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace"
            " UNION SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal"
            " UNION SELECT p.proname FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace"
        ).fetchall()
        return {str(r[0]) for r in rows}

    def _applied_version(self) -> int:
        row = self.conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        with self.conn.transaction():
            self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPEND_LOCK,))  # one process migrates
            migrate(self._run, self.path, "%s", MIGRATIONS, existing=self._objects)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def initialized(self) -> bool:
        if not self._initialized:
            with self._errors():
                self._initialized = "events" in self._tables()
        return self._initialized

    # ---- writing -------------------------------------------------------------------------

    def append(self, match_id: str, expected_seq: int, events: Iterable[PendingEvent]) -> Sequence[StoredEvent]:
        """Append ``events`` after seq ``expected_seq`` of ``match_id``, all or nothing (see the
        SQLite store: the contract is the same)."""
        check_match_id(match_id)
        if not self.initialized:
            raise DatabaseMissingError(f"{self.path} holds no taikyoku store yet; start a match with `taikyoku new`")
        rows: list[tuple[Any, ...]] = []
        head_seq = expected_seq
        try:
            with self._errors(), self.conn.transaction():
                self.conn.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPEND_LOCK,))
                head = self.conn.execute(
                    "SELECT last_seq, last_hash FROM match_heads WHERE match_id = %s", (match_id,)
                ).fetchone()
                head_seq, prev = (int(head[0]), str(head[1])) if head else (0, GENESIS)
                if head_seq != expected_seq:
                    raise _Stale
                with self.conn.cursor() as cursor:
                    cursor.executemany(_INSERT, event_rows(match_id, expected_seq, prev, events, rows))
                if not rows:
                    raise _Empty
                last = rows[-1]
                self.conn.execute(_HEAD_UPSERT, (match_id, last[1], last[9], last[1]))
                # Told to every listening server process when this commits (never if it does not).
                self.conn.execute("SELECT pg_notify(%s, %s)", (HEADS_CHANNEL, f"{self._schema} {match_id}"))
                first_row = self.conn.execute(
                    "SELECT position FROM events WHERE match_id = %s AND seq = %s", (match_id, rows[0][1])
                ).fetchone()
        except _Stale:
            return self._retry_or_conflict(match_id, expected_seq, head_seq, list(events))
        except _Empty:
            return []
        except pg_errors.UniqueViolation:
            if isinstance(events, Sequence):
                again = self._already_stored(match_id, events)
                if again is not None:
                    return again
            raise self._duplicate(rows) from None
        assert first_row is not None
        interrupts.recorded(len(rows))
        return Appended(int(first_row[0]), rows)

    def append_together(
        self, batches: Sequence[tuple[str, int, Sequence[PendingEvent]]]
    ) -> list[Sequence[StoredEvent]]:
        check_together(batches)
        if not self.initialized:
            raise DatabaseMissingError(f"{self.path} holds no taikyoku store yet; start a match with `taikyoku new`")
        stored: list[Sequence[StoredEvent]] = []
        rows: list[tuple[Any, ...]] = []
        try:
            with self._errors(), self.conn.transaction():
                self.conn.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPEND_LOCK,))
                for match_id, expected_seq, events in batches:
                    head = self.conn.execute(
                        "SELECT last_seq, last_hash FROM match_heads WHERE match_id = %s", (match_id,)
                    ).fetchone()
                    head_seq, prev = (int(head[0]), str(head[1])) if head else (0, GENESIS)
                    if head_seq != expected_seq:
                        raise ConcurrencyError(match_id, expected_seq, head_seq)
                    rows = []
                    with self.conn.cursor() as cursor:
                        cursor.executemany(_INSERT, event_rows(match_id, expected_seq, prev, events, rows))
                    if not rows:
                        stored.append([])
                        continue
                    last = rows[-1]
                    self.conn.execute(_HEAD_UPSERT, (match_id, last[1], last[9], last[1]))
                    self.conn.execute("SELECT pg_notify(%s, %s)", (HEADS_CHANNEL, f"{self._schema} {match_id}"))
                    first_row = self.conn.execute(
                        "SELECT position FROM events WHERE match_id = %s AND seq = %s", (match_id, rows[0][1])
                    ).fetchone()
                    assert first_row is not None
                    stored.append(Appended(int(first_row[0]), rows))
        except pg_errors.UniqueViolation:
            raise self._duplicate(rows) from None
        interrupts.recorded(sum(len(made) for made in stored))
        return stored

    def listen_for_heads(self) -> None:
        """From now on ``moved`` hears of every append to this database, by any process."""
        with self._errors():
            self.conn.execute(f"LISTEN {HEADS_CHANNEL}")

    def moved(self, timeout: float) -> set[str]:
        """The matches of this store appended to since the last call (once ``listen_for_heads`` was
        called), waiting up to ``timeout`` seconds for the first; empty when nothing came."""
        import time

        deadline = time.monotonic() + timeout
        heard: set[str] = set()
        with self._errors():
            while not heard:
                left = deadline - time.monotonic()
                said = [n.payload for n in self.conn.notifies(timeout=max(left, 0), stop_after=1)]
                if said:
                    said += [n.payload for n in self.conn.notifies(timeout=0)]  # those already here
                heard = {match for schema, _, match in (p.rpartition(" ") for p in said) if schema == self._schema}
                if not said or left <= 0:
                    break
        return heard

    @contextmanager
    def bulk(self) -> Iterator[None]:
        """Commits that do not wait for the server's WAL flush (``synchronous_commit = off``: a
        server crash loses at most the last moments, whole); at the end one synchronous commit,
        which waits for the WAL up to it, and so for every commit before it."""
        with self._errors():
            self.conn.execute("SET synchronous_commit = off")
        try:
            yield
        finally:
            with self._errors():
                self.conn.execute("SET synchronous_commit = on")
                self.conn.execute("SELECT txid_current()")  # a commit record, flushed before it returns

    def _duplicate(self, rows: list[tuple[Any, ...]]) -> DuplicateEventError:
        def stored_at(event_id: str) -> tuple[str, int] | None:
            with self._errors():
                row = self.conn.execute("SELECT match_id, seq FROM events WHERE event_id = %s", (event_id,)).fetchone()
            return None if row is None else (str(row[0]), int(row[1]))

        return duplicate_error(rows, stored_at)

    def _retry_or_conflict(
        self, match_id: str, expected_seq: int, actual_seq: int, events: Sequence[PendingEvent]
    ) -> Sequence[StoredEvent]:
        return retry_or_conflict(match_id, expected_seq, actual_seq, events, self._already_stored)

    def _already_stored(self, match_id: str, events: Sequence[PendingEvent]) -> list[StoredEvent] | None:
        with self._errors():
            rows = self.conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id = ANY(%s)", ([e.event_id for e in events],)
            ).fetchall()
        return resent(match_id, events, {row[3]: stored_event(row) for row in rows})

    # ---- reading -------------------------------------------------------------------------

    def _unknown(self, match_id: str) -> UnknownMatchError:
        return UnknownMatchError(
            match_id, f"no match {match_id!r} in {self.path}; list the matches with `taikyoku matches`"
        )

    def head(self, match_id: str) -> int:
        if not self.initialized:
            return 0
        with self._errors():
            row = self.conn.execute("SELECT MAX(seq) FROM events WHERE match_id = %s", (match_id,)).fetchone()
        return int(row[0] or 0) if row else 0

    def head_of(self, match_id: str) -> Head | None:
        if not self.initialized:
            return None
        with self._errors():
            row = self.conn.execute(
                "SELECT last_seq, last_hash FROM match_heads WHERE match_id = %s", (match_id,)
            ).fetchone()
        return None if row is None else Head(match_id, int(row[0]), str(row[1]))

    def exists(self, match_id: str) -> bool:
        return self.head(match_id) > 0

    def read(self, match_id: str, *, from_seq: int = 1, to_seq: int | None = None) -> list[StoredEvent]:
        if not self.exists(match_id):
            raise self._unknown(match_id)
        upper = to_seq if to_seq is not None else 2**31 - 1
        with self._errors():
            rows = self.conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE match_id = %s AND seq BETWEEN %s AND %s ORDER BY seq",
                (match_id, from_seq, upper),
            ).fetchall()
        return [stored_event(row) for row in rows]

    def read_rows(self, match_id: str) -> list[EventRow]:
        with self._errors():
            rows = self.conn.execute(
                "SELECT seq, event_id, type, schema_version, recorded_at, recorded_by, payload "
                "FROM events WHERE match_id = %s ORDER BY seq",
                (match_id,),
            ).fetchall()
        if not rows:
            raise self._unknown(match_id)
        return list(map(EventRow._make, rows))

    def read_payloads(self, match_id: str) -> list[PayloadRow]:
        with self._errors():
            rows = self.conn.execute(
                "SELECT seq, type, schema_version, payload FROM events WHERE match_id = %s ORDER BY seq", (match_id,)
            ).fetchall()
        if not rows:
            raise self._unknown(match_id)
        return list(map(PayloadRow._make, rows))

    def read_provenance(self, match_id: str, types: Collection[str]) -> dict[int, tuple[str, str, str]]:
        if not types:
            return {}
        with self._errors():
            rows = self.conn.execute(
                "SELECT seq, event_id, recorded_by, recorded_at FROM events WHERE match_id = %s AND type = ANY(%s)",
                (match_id, list(types)),
            ).fetchall()
        return {seq: (event_id, by, at) for seq, event_id, by, at in rows}

    def known_event_ids(self, event_ids: Collection[str]) -> set[str]:
        if not self.initialized or not event_ids:
            return set()
        with self._errors():
            rows = self.conn.execute(
                "SELECT event_id FROM events WHERE event_id = ANY(%s)", (list(event_ids),)
            ).fetchall()
        return {str(r[0]) for r in rows}

    def iter_all(self) -> Iterator[StoredEvent]:
        if not self.initialized:
            return
        with self._errors(), self.conn.transaction(), self.conn.cursor(name="taikyoku_all") as cursor:
            cursor.itersize = 2000
            cursor.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY position")
            for row in cursor:
                yield stored_event(row)

    def count(self) -> int:
        return self.mark().events

    def mark(self) -> Mark:
        if not self.initialized:
            return Mark(0, 0)
        with self._errors():
            return Mark(*map(int, self.conn.execute(MARK).fetchone() or (0, 0)))

    def changed_since(self, mark: Mark, limit: int) -> tuple[Mark, dict[str, tuple[str, ...]] | None]:
        if not self.initialized:
            return Mark(0, 0), {}
        with self._errors():
            rows = self._rows(CHANGES_AFTER.replace("?", "%s"), [mark.position, limit + 1])
        return changes_after(mark, rows, limit, self.mark)

    def matches(self, first_type: str = "match_started") -> list[MatchHead]:
        if not self.initialized:
            return []
        columns = ", ".join("s." + c.strip() for c in EVENT_COLUMNS.split(","))
        with self._errors():
            rows = self.conn.execute(
                f"""
                SELECT {columns}, h.last_seq, (SELECT recorded_at FROM events l
                                              WHERE l.match_id = s.match_id AND l.seq = h.last_seq)
                FROM events s JOIN match_heads h ON h.match_id = s.match_id
                WHERE s.seq = 1 AND s.type = %s
                ORDER BY s.position
                """,
                (first_type,),
            ).fetchall()
        return [MatchHead(row[1], stored_event(row[:11]), int(row[11]), str(row[12])) for row in rows]

    # ---- verification --------------------------------------------------------------------

    def verify(
        self,
        match_id: str | None = None,
        *,
        check_schemas: bool = True,
        progress: Callable[[int], None] | None = None,
    ) -> list[Finding]:
        """Check the store: triggers in place, each match's chain unbroken, each event valid."""
        findings: list[Finding] = []
        with self._errors():
            tables = self._tables()
        if not tables:
            return [Finding("store.empty", f"{self.path} holds no taikyoku tables")]
        if match_id is not None and not self.exists(match_id):
            raise self._unknown(match_id)
        for table in REQUIRED_TABLES:
            if table not in tables:
                findings.append(Finding("store.table_missing", f"table {table} is missing: the store was altered"))
        if "events" not in tables:
            return findings
        with self._errors():
            findings += self._trigger_findings()
            if "schema_migrations" in tables:
                applied = [int(r[0]) for r in self.conn.execute("SELECT version FROM schema_migrations")]
                findings += migration_findings(applied, self.path)
        where, params = ("WHERE match_id = %s", [match_id]) if match_id is not None else ("", [])
        with self._errors(), self.conn.transaction(), self.conn.cursor(name="taikyoku_verify") as cursor:
            cursor.itersize = 2000
            cursor.execute(f"SELECT {EVENT_COLUMNS} FROM events {where} ORDER BY match_id, seq", params)
            findings += check_events(
                (stored_event(row) for row in cursor), check_schemas=check_schemas, progress=progress
            )
        if "match_heads" in tables:
            with self._errors():
                findings += head_findings(self._rows, match_id, mark="%s")
        return findings

    def _trigger_findings(self) -> list[Finding]:
        """Each append-only trigger there, enabled as it fires for every session (not only for
        replication), defined as the migration made it, and calling the function it made."""
        expected = expected_triggers(MIGRATIONS)
        found = {
            str(name): (str(enabled), unqualified(str(definition)), normalized(str(body)), str(language))
            for name, enabled, definition, body, language in self.conn.execute(
                "SELECT t.tgname, t.tgenabled, pg_get_triggerdef(t.oid), p.prosrc, l.lanname FROM pg_trigger t"
                " JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_language l ON l.oid = p.prolang"
                " WHERE t.tgrelid = 'events'::regclass AND NOT t.tgisinternal"
            )
        }
        findings = []
        for name in (*REQUIRED_TRIGGERS, "events_no_truncate"):
            if name not in found:
                findings.append(
                    Finding("store.trigger_missing", f"trigger {name} is missing: the store is no longer append-only")
                )
                continue
            enabled, definition, body, language = found[name]
            if enabled not in ("O", "A"):
                state = {"D": "disabled", "R": "enabled for replication only"}.get(enabled, f"in state {enabled}")
                findings.append(Finding(
                    "store.trigger_disabled",
                    f"trigger {name} is {state}: the store is no longer append-only; ALTER TABLE events ENABLE TRIGGER {name}",
                ))  # fmt: skip
            elif definition != expected[name] or body != APPEND_ONLY_BODY or language != "plpgsql":
                findings.append(Finding(
                    "store.trigger_altered",
                    f"trigger {name} is not the one taikyoku made (its definition or its function was replaced): "
                    "the store is no longer append-only",
                ))  # fmt: skip
        return findings

    def _run(self, query: str, params: Sequence[Any]) -> list[Any]:
        # Without parameters the text is sent as it is: a function body may hold a literal %.
        cursor = self.conn.execute(query, params) if params else self.conn.execute(query)
        return cursor.fetchall() if cursor.description else []

    def _rows(self, query: str, params: list[Any]) -> list[Any]:
        return self.conn.execute(query, params).fetchall()

    def heads(self, only: Collection[str] | None = None) -> list[Head]:
        if not self.initialized:
            return []
        wanted = "" if only is None else " WHERE match_id = ANY(%s)"
        with self._errors():
            rows = self.conn.execute(f"SELECT match_id, last_seq, last_hash FROM match_heads{wanted} ORDER BY match_id",
                                     None if only is None else [sorted(only)]).fetchall()  # fmt: skip
        return [Head(str(m), int(seq), str(h)) for m, seq, h in rows]

    def fingerprint(self, events: int | None = None) -> tuple[int, str]:
        digest = hashlib.sha256()
        count = 0
        if self.initialized:
            limit = "" if events is None else f"LIMIT {int(events)}"
            with self._errors(), self.conn.transaction(), self.conn.cursor(name="taikyoku_fingerprint") as cursor:
                cursor.itersize = 5000
                cursor.execute(f"SELECT hash FROM events ORDER BY position {limit}")
                for (event_hash,) in cursor:
                    digest.update(bytes.fromhex(event_hash))
                    count += 1
        return count, digest.hexdigest()

    # ---- read models -------------------------------------------------------------------------

    def read_model(self, model: str, match_ids: Collection[str] | None = None) -> dict[str, tuple[str, str]]:
        if not self.initialized:
            return {}
        with self._errors():
            if "read_models" not in self._tables():
                return {}
            wanted = "" if match_ids is None else " AND r.match_id = ANY(%s)"
            rows = self.conn.execute(
                "SELECT r.match_id, r.head_hash, r.body FROM read_models r"
                " JOIN match_heads h ON h.match_id = r.match_id AND h.last_hash = r.head_hash"
                " WHERE r.model = %s" + wanted,
                (model,) if match_ids is None else (model, sorted(match_ids)),
            ).fetchall()
        return {str(m): (str(h), str(b)) for m, h, b in rows}

    def keep_read_model(self, model: str, rows: Sequence[tuple[str, str, str]]) -> bool:
        if not rows or not self.initialized:
            return False
        try:
            with self.conn.transaction(), self.conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO read_models (model, match_id, head_hash, body) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT (model, match_id) DO UPDATE SET head_hash = excluded.head_hash, body = excluded.body",
                    [(model, m, h, b) for m, h, b in rows],
                )
        except psycopg.Error:
            return False  # a cache not kept is only rebuilt next time
        return True

    def read_model_row(self, model: str, key: str) -> tuple[str, str] | None:
        if not self.initialized:
            return None
        with self._errors():
            if "read_models" not in self._tables():
                return None
            row = self.conn.execute(
                "SELECT head_hash, body FROM read_models WHERE model = %s AND match_id = %s", (model, key)
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def read_model_rows(self, model: str) -> dict[str, tuple[str, str]]:
        if not self.initialized:
            return {}
        with self._errors():
            if "read_models" not in self._tables():
                return {}
            rows = self.conn.execute(
                "SELECT match_id, head_hash, body FROM read_models WHERE model = %s", (model,)
            ).fetchall()
        return {str(k): (str(h), str(b)) for k, h, b in rows}

    def drop_read_model(self, model: str) -> int:
        if not self.initialized:
            return 0
        with self._errors():
            cursor = self.conn.execute("DELETE FROM read_models WHERE model = %s", (model,))
        return int(cursor.rowcount)


class _Stale(Exception):
    """The head moved: leave the transaction, then tell a resend from a conflict."""


class _Empty(Exception):
    """Nothing to append: leave the transaction with nothing written."""


def _keeps_the_contract(store: PostgresStore) -> Store:
    return store  # mypy checks here that the PostgreSQL store has every method of the contract
