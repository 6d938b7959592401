"""``verify`` of the SQLite store: the file's integrity, its tables and append-only triggers as
the migrations made them, rows removed from its end, and each match's chain, events and head."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import sqlite_utils

from store.errors import UnknownMatchError
from store.migrations import REQUIRED_TABLES, REQUIRED_TRIGGERS, expected_triggers, migration_findings, normalized
from store.records import EVENT_COLUMNS, Finding, stored_event
from store.verify import check_events, head_findings


class VerifiedFile(Protocol):
    """What verify reads of the SQLite store (``store/sqlite.py``'s ``EventStore``)."""

    db: sqlite_utils.Database
    path: str

    def errors(self) -> AbstractContextManager[object]: ...

    def applied_version(self) -> int: ...

    def exists(self, match_id: str) -> bool: ...


def verify_store(
    store: VerifiedFile,
    match_id: str | None = None,
    *,
    check_schemas: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[Finding]:
    """Check the store: triggers in place, each match's chain unbroken, each event valid.

    For each match the first broken link is named (what follows it cannot be trusted).
    ``check_schemas`` re-validates every stored event against its committed schema file.
    """
    findings: list[Finding] = []
    with store.errors():
        tables = set(store.db.table_names())
    if not tables:
        return [
            Finding("store.empty", f"{store.path} holds no taikyoku tables: the file is empty, or was cut to nothing")
        ]
    if match_id is not None and not store.exists(match_id):
        raise UnknownMatchError(
            match_id, f"no match {match_id!r} in {store.path}; list the matches with `taikyoku matches`"
        )
    with store.errors():
        damaged = [row[0] for row in store.db.execute("PRAGMA integrity_check(20)")]
        if damaged != ["ok"]:
            findings += [Finding("store.integrity", f"SQLite finds the file damaged: {line}") for line in damaged]
            return findings  # what follows would read damaged pages
        # A store of an older schema, read where it cannot be migrated (a read-only disc), lacks
        # the newer tables by right; verify checks what its version has.
        required = REQUIRED_TABLES if store.applied_version() >= 2 else REQUIRED_TABLES[:2]  # match_heads came in 2
        for table in required:
            if table not in tables:
                findings.append(Finding("store.table_missing", f"table {table} is missing: the store was altered"))
        if "events" not in tables:
            return findings
        findings += _trigger_findings(store)
        if "schema_migrations" in tables:
            applied = [int(r[0]) for r in store.db.execute("SELECT version FROM schema_migrations")]
            findings += migration_findings(applied, store.path)
        findings += _removed_rows(store)
        if match_id is None:
            query = f"SELECT {EVENT_COLUMNS} FROM events ORDER BY match_id, seq"
            params: list[Any] = []
        else:
            query = f"SELECT {EVENT_COLUMNS} FROM events WHERE match_id = ? ORDER BY seq"
            params = [match_id]
        rows = (stored_event(row) for row in store.db.execute(query, params))
        findings += check_events(rows, check_schemas=check_schemas, progress=progress)
        if "match_heads" in tables:
            findings += head_findings(store.db.execute, match_id)
    return findings


def _trigger_findings(store: VerifiedFile) -> list[Finding]:
    """Each append-only trigger there, on the events table, and defined as the migration made
    it: a trigger replaced by a no-op of the same name leaves the store open to changes."""
    expected = expected_triggers()
    found = {
        str(name): (str(table), normalized(str(sql or "")))
        for name, table, sql in store.db.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'")
    }
    findings = []
    for name in REQUIRED_TRIGGERS:
        if name not in found:
            findings.append(
                Finding("store.trigger_missing", f"trigger {name} is missing: the store is no longer append-only")
            )
        elif found[name] != ("events", expected[name]):
            findings.append(Finding(
                "store.trigger_altered",
                f"trigger {name} is not the one taikyoku made (its definition was replaced): "
                "the store is no longer append-only",
            ))  # fmt: skip
    return findings


def _removed_rows(store: VerifiedFile) -> list[Finding]:
    """SQLite keeps the highest row number it ever gave (AUTOINCREMENT): a last row below it
    means rows were deleted from the end, even where the heads were rebuilt to match."""
    if "sqlite_sequence" not in store.db.table_names():
        return []
    given = store.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'").fetchone()
    last = store.db.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()[0]
    if given is None or int(given[0]) <= int(last):
        return []
    return [
        Finding(
            "store.rows_removed",
            f"the store gave out row {given[0]} but its last row is {last}: events were deleted from its end",
        )
    ]
