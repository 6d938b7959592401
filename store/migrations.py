"""The store's schema, as numbered migrations: applied in order, once, recorded in ``schema_migrations``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.records import Finding

# Each migration is (version, description, statements). Applied in order, once, recorded in
# schema_migrations. Never edit a released migration; add the next one.
# The same in both SQL dialects: the PostgreSQL store (store/postgres.py) takes it as it is.
# Not a source of truth: a row is used only while its head_hash is the match's last hash, and
# any row may be deleted (stats --rebuild) without losing anything.
READ_MODELS: tuple[int, str, tuple[str, ...]] = (
    3,
    "read_models: projections cached per match at a head hash, rebuilt from the events at will",
    (
        """
        CREATE TABLE read_models (
            model     TEXT NOT NULL,
            match_id  TEXT NOT NULL,
            head_hash TEXT NOT NULL,
            body      TEXT NOT NULL,
            PRIMARY KEY (model, match_id)
        )
        """,
    ),
)

MIGRATIONS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        1,
        "events table, append-only triggers, match index",
        (
            """
            CREATE TABLE events (
                position       INTEGER PRIMARY KEY AUTOINCREMENT,
                match_id       TEXT    NOT NULL,
                seq            INTEGER NOT NULL CHECK (seq >= 1),
                event_id       TEXT    NOT NULL UNIQUE,
                type           TEXT    NOT NULL,
                schema_version INTEGER NOT NULL,
                recorded_at    TEXT    NOT NULL,
                recorded_by    TEXT    NOT NULL,
                payload        TEXT    NOT NULL,
                prev_hash      TEXT    NOT NULL,
                hash           TEXT    NOT NULL,
                UNIQUE (match_id, seq)
            )
            """,
            "CREATE INDEX events_match_starts ON events (match_id) WHERE seq = 1",
            """
            CREATE TRIGGER events_no_update BEFORE UPDATE ON events
            BEGIN
                SELECT RAISE(ABORT, 'events are append-only: record a retract event instead of updating');
            END
            """,
            """
            CREATE TRIGGER events_no_delete BEFORE DELETE ON events
            BEGIN
                SELECT RAISE(ABORT, 'events are append-only: record a retract event instead of deleting');
            END
            """,
        ),
    ),
    (
        2,
        "match_heads: each match's last seq, hash and event count, written with its events",
        (
            """
            CREATE TABLE match_heads (
                match_id  TEXT    PRIMARY KEY,
                last_seq  INTEGER NOT NULL,
                last_hash TEXT    NOT NULL,
                events    INTEGER NOT NULL
            )
            """,
            """
            INSERT INTO match_heads (match_id, last_seq, last_hash, events)
            SELECT e.match_id, e.seq, e.hash, e.seq FROM events e
            WHERE e.seq = (SELECT MAX(seq) FROM events WHERE match_id = e.match_id)
            """,
        ),
    ),
    READ_MODELS,
)
SCHEMA_VERSION = MIGRATIONS[-1][0]
REQUIRED_TRIGGERS = ("events_no_update", "events_no_delete")
REQUIRED_TABLES = ("events", "schema_migrations", "match_heads")


Migrations = tuple[tuple[int, str, tuple[str, ...]], ...]

_CREATED = re.compile(r"^\s*CREATE\s+(?:TABLE|INDEX|TRIGGER|FUNCTION)\s+(\w+)", re.IGNORECASE)


def created_objects(statements: Iterable[str]) -> set[str]:
    """The tables, indexes, triggers and functions that ``statements`` create, by name."""
    return {found.group(1) for found in map(_CREATED.match, statements) if found is not None}


def normalized(sql: str) -> str:
    """SQL with its runs of white space made one space, for comparing definitions."""
    return " ".join(sql.split())


def expected_triggers(migrations: Migrations = MIGRATIONS) -> dict[str, str]:
    """Each append-only trigger's definition as the migrations create it, normalized."""
    return {
        name: normalized(statement)
        for _, _, statements in migrations
        for statement in statements
        for name in created_objects([statement])
        if statement.lstrip().upper().startswith("CREATE TRIGGER")
    }


def migration_findings(applied: Iterable[int], path: str) -> list[Finding]:
    """A finding when the recorded migrations are not every version from 1 to the newest."""
    from store.records import Finding

    recorded = set(applied)
    missing = sorted(set(range(1, max(recorded, default=0) + 1)) - recorded)
    if not recorded or not missing:
        return []
    listed = ", ".join(str(v) for v in missing)
    return [
        Finding(
            "store.migrations_altered",
            f"{path}: schema_migrations lacks version {listed} though later ones are recorded: "
            "its record of the schema was altered",
        )
    ]


def migrate(
    execute: Callable[[str, Sequence[Any]], Iterable[Any]],
    path: str,
    mark: str,
    migrations: Migrations = MIGRATIONS,
    existing: Callable[[], set[str]] | None = None,
) -> None:
    """Apply, inside the caller's transaction, each migration not yet recorded, in order; refuse a
    store a newer taikyoku wrote, and one whose record of migrations was altered. ``execute`` runs
    one statement in the store's SQL, whose parameter mark is ``mark``; ``migrations`` are in that
    SQL's dialect; ``existing`` names the tables, indexes and triggers already there."""
    from events.envelope import now_timestamp
    from store.errors import NotAStoreError

    execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)",
        (),
    )
    applied = {row[0] for row in execute("SELECT version FROM schema_migrations", ())}
    newest = max(applied, default=0)
    if newest > SCHEMA_VERSION:
        raise NotAStoreError(
            f"{path} was written by a newer taikyoku (store schema {newest}, this one knows {SCHEMA_VERSION}); "
            "upgrade taikyoku"
        )
    present = existing() if existing is not None else set()
    pending = [
        (version, description, statements) for version, description, statements in migrations if version not in applied
    ]
    for version, description, statements in pending:
        # A migration not recorded whose objects are there (or after which a later one is
        # recorded) was recorded once and its row deleted: running it again (the heads rebuilt
        # from a table cut short) would hide what was done.
        there = sorted(created_objects(statements) & present)
        if there or any(later > version for later in applied):
            from store.errors import CorruptStoreError

            raise CorruptStoreError(
                f"{path}: the store's schema_migrations lacks version {version} ({description.split(':')[0]}) "
                f"though {'its ' + ', '.join(there) + ' is' if there else 'a later version is'} there: its record was "
                "altered, so nothing is migrated; restore the store from a backup or an export"
            )
    for version, description, statements in pending:
        for statement in statements:
            execute(statement, ())
        execute(
            f"INSERT INTO schema_migrations (version, description, applied_at) VALUES ({mark}, {mark}, {mark})",
            (version, description, now_timestamp()),
        )
