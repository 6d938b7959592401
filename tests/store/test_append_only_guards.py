"""The guards of an append-only store are checked by what they do, not by their names: a trigger
replaced by a no-op of the same name, a trigger enabled only for replication, a function body
swapped, and a record of migrations with rows deleted (so that a migration would re-run and
rebuild the heads from a table cut short) are each a finding (exit 4). Real SQLite files and a
real PostgreSQL server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.helpers import NO_DELETE_TRIGGER, Cli


def _club(cli: Cli, db: str | None = None) -> None:
    extra = ("--db", db) if db else ()
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", *extra).code == 0


def _codes(cli: Cli, *args: str) -> list[str]:
    result = cli("verify", "--json", *args)
    assert result.code == 4, result.out
    return [f["code"] for f in result.json()["findings"]]


def test_a_trigger_replaced_by_a_no_op_of_the_same_name_is_a_finding(cli: Cli, db: Path) -> None:
    _club(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute("CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT 1; END")
        conn.execute("DELETE FROM events WHERE position = -1")  # the no-op lets a delete through
    assert _codes(cli) == ["store.trigger_altered"]
    assert "trigger events_no_delete is not the one taikyoku made" in cli("verify").out


def test_a_trigger_with_a_when_clause_that_never_fires_is_a_finding(cli: Cli, db: Path) -> None:
    _club(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute(
            "CREATE TRIGGER events_no_update BEFORE UPDATE ON events WHEN 0 BEGIN "
            "SELECT RAISE(ABORT, 'events are append-only: record a retract event instead of updating'); END"
        )
    assert _codes(cli) == ["store.trigger_altered"]


def test_the_triggers_as_made_pass(cli: Cli, db: Path) -> None:
    _club(cli)
    assert cli("verify").code == 0


def _tail_cut_and_heads_rebuilt(db: Path, versions: str) -> None:
    """A forger deletes the last events, drops the heads and read models, and the migration rows
    after 1, so that the next open would re-run migration 2 and rebuild the heads from what is left."""
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute("DELETE FROM events WHERE seq > 40")
        conn.execute(NO_DELETE_TRIGGER)
        conn.execute(f"DELETE FROM schema_migrations WHERE version IN ({versions})")


def test_a_migration_record_deleted_is_never_re_run_over_its_own_table(cli: Cli, db: Path) -> None:
    _club(cli)
    _tail_cut_and_heads_rebuilt(db, "2, 3")
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE match_heads")
    result = cli("verify")
    assert result.code == 4
    assert result.err == (
        f"taikyoku: error: {db}: the store's schema_migrations lacks version 3 (read_models) though its "
        "read_models is there: its record was altered, so nothing is migrated; restore the store from a backup "
        "or an export\n"
    )
    with sqlite3.connect(db) as conn:  # nothing was rebuilt
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'match_heads'").fetchone() is None


def test_a_store_made_to_look_like_version_1_still_shows_its_cut_tail(cli: Cli, db: Path) -> None:
    """Every later table dropped too: the heads are rebuilt, but SQLite remembers the rows it gave."""
    _club(cli)
    _tail_cut_and_heads_rebuilt(db, "2, 3")
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE match_heads")
        conn.execute("DROP TABLE read_models")
    assert "store.rows_removed" in _codes(cli)


def test_a_gap_in_the_recorded_migrations_is_a_finding(cli: Cli, db: Path) -> None:
    _club(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version = 2")
    assert _codes(cli) == ["store.migrations_altered"]


# ---- PostgreSQL ------------------------------------------------------------------------------


def _server(pg_url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


@pytest.mark.postgres
def test_postgresql_triggers_enabled_for_replication_only_are_a_finding(cli: Cli, pg_url: str) -> None:
    _club(cli, pg_url)
    assert cli("verify", "--db", pg_url).code == 0
    _server(pg_url, "ALTER TABLE events ENABLE REPLICA TRIGGER events_no_delete")
    _server(pg_url, "DELETE FROM events WHERE position = -1")  # no longer refused
    assert _codes(cli, "--db", pg_url) == ["store.trigger_disabled"]
    assert "events_no_delete is enabled for replication only" in cli("verify", "--db", pg_url).out


@pytest.mark.postgres
def test_postgresql_a_function_body_swapped_is_a_finding(cli: Cli, pg_url: str) -> None:
    _club(cli, pg_url)
    _server(
        pg_url,
        "CREATE OR REPLACE FUNCTION taikyoku_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$",
    )
    assert _codes(cli, "--db", pg_url) == ["store.trigger_altered"] * 3


@pytest.mark.postgres
def test_postgresql_a_gap_in_the_recorded_migrations_is_a_finding(cli: Cli, pg_url: str) -> None:
    _club(cli, pg_url)
    _server(pg_url, "DELETE FROM schema_migrations WHERE version = 2")
    assert _codes(cli, "--db", pg_url) == ["store.migrations_altered"]
