"""The store's schema, as numbered migrations: applied in order, once, recorded in ``schema_migrations``."""

from __future__ import annotations

# Each migration is (version, description, statements). Applied in order, once, recorded in
# schema_migrations. Never edit a released migration; add the next one.
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
    (
        3,
        "read_models: projections cached per match at a head hash, rebuilt from the events at will",
        (
            # Not a source of truth: a row is used only while its head_hash is the match's last
            # hash, and any row may be deleted (stats --rebuild) without losing anything.
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
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]
REQUIRED_TRIGGERS = ("events_no_update", "events_no_delete")
REQUIRED_TABLES = ("events", "schema_migrations", "match_heads")
