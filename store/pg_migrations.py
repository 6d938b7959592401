"""The PostgreSQL store's migrations: the same versions as ``store/migrations.py``, in PostgreSQL's
dialect, and what ``verify`` compares the triggers it finds with."""

from __future__ import annotations

import re

from store.migrations import READ_MODELS, SCHEMA_VERSION, normalized

# The same versions as store/migrations.py, in PostgreSQL's dialect.
MIGRATIONS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        1,
        "events table, append-only triggers, match index",
        (
            """
            CREATE TABLE events (
                position       BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
            CREATE FUNCTION taikyoku_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'events are append-only: record a retract event instead of %', lower(TG_OP);
            END
            $$
            """,
            "CREATE TRIGGER events_no_update BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION taikyoku_append_only()",
            "CREATE TRIGGER events_no_delete BEFORE DELETE ON events FOR EACH ROW EXECUTE FUNCTION taikyoku_append_only()",
            "CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT "
            "EXECUTE FUNCTION taikyoku_append_only()",
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
        ),
    ),
    READ_MODELS,  # the same SQL in both dialects
)
assert MIGRATIONS[-1][0] == SCHEMA_VERSION, "the PostgreSQL migrations follow store/migrations.py"


APPEND_ONLY_BODY = normalized(
    next(statement for statement in MIGRATIONS[0][2] if "FUNCTION taikyoku_append_only" in statement).split("$$")[1]
)


def unqualified(definition: str) -> str:
    """pg_get_triggerdef's text without the schema names it adds, normalized."""
    return normalized(re.sub(r"\b\w+\.(events|taikyoku_append_only)\b", r"\1", definition))
