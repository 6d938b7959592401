"""`taikyoku sync` between a table's SQLite file and the club's PostgreSQL server (a fresh schema
per test): a round trip that is exact, a match that diverged refused while the others go on, a
damaged source never pushed, and a sync killed mid-way that finishes when run again."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from tests.helpers import Cli
from tests.paths import GOLDEN

pytestmark = pytest.mark.postgres


def _record(cli: Cli, match_id: str, lines: int | None = None, *, db: str | None = None) -> None:
    text = "\n".join((GOLDEN / "tensho-seed7.jsonl").read_text().splitlines()[:lines])
    extra = ["--db", db] if db else []
    assert cli("record", match_id, "-", *extra, stdin=text).code == 0


def _server_rows(url: str) -> list[tuple[str, int, str, str]]:
    if not _has_store(url):
        return []
    with psycopg.connect(url) as conn:
        return [
            tuple(r) for r in conn.execute("SELECT match_id, seq, event_id, hash FROM events ORDER BY match_id, seq")
        ]  # type: ignore[misc]


def _local_rows(db: Path) -> list[tuple[str, int, str, str]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT match_id, seq, event_id, hash FROM events ORDER BY match_id, seq"))


def test_push_then_pull_is_exact_and_a_second_push_copies_nothing(
    cli: Cli, db: Path, pg_url: str, tmp_path: Path
) -> None:
    _record(cli, "night-1")
    _record(cli, "night-2", 40)
    pushed = cli("sync", "--to", pg_url, "--json")
    assert pushed.code == 0, pushed.err
    assert [(m["match_id"], m["outcome"], m["events"]) for m in pushed.json()[0]["matches"]] == [
        ("night-1", "copied", 125),
        ("night-2", "copied", 40),
    ]
    assert _server_rows(pg_url) == _local_rows(db)  # the same ids, seqs and hashes
    again = cli("sync", "--to", pg_url, "--json").json()[0]
    assert again["events_copied"] == 0 and {m["outcome"] for m in again["matches"]} == {"up to date"}
    pulled = tmp_path / "pulled.db"
    assert cli("sync", "--from", pg_url, "--db", str(pulled)).code == 0
    assert cli("verify", "--db", str(pulled)).code == 0
    first = cli("export", "--all", "--format", "json", "--include-abandoned").out
    second = cli("export", "--all", "--format", "json", "--include-abandoned", "--db", str(pulled)).out
    assert first == second and first
    # The statistics read the same on the server (its read model kept there) as on the table's file.
    here = cli("stats", "--json").json()
    assert cli("stats", "--json", "--db", pg_url).json() == here == cli("stats", "--json", "--db", pg_url).json()


def test_a_diverged_match_is_refused_with_both_heads_and_the_others_still_sync(cli: Cli, db: Path, pg_url: str) -> None:
    _record(cli, "two-tables", 10)
    assert cli("sync", "--to", pg_url).code == 0
    # The same match goes on in two places: a note at seq 11 here, another one on the server.
    assert cli("note", "two-tables", "3", "recorded at table 4").code == 0
    assert cli("note", "two-tables", "3", "recorded on the server", "--db", pg_url).code == 0
    _record(cli, "only-here", 12)
    result = cli("sync", "--to", pg_url)
    assert result.code == 1
    refused = [line for line in result.err.splitlines() if "two-tables" in line]
    assert len(refused) == 1 and "recorded in two places: at seq 11" in refused[0]
    local_head = [r for r in _local_rows(db) if r[0] == "two-tables"][10][3][:12]
    server_head = [r for r in _server_rows(pg_url) if r[0] == "two-tables"][10][3][:12]
    assert local_head != server_head and local_head in refused[0] and server_head in refused[0]
    assert "1 match copied (12 events)" in result.out  # only-here went through
    assert len([r for r in _server_rows(pg_url) if r[0] == "two-tables"]) == 11  # nothing of ours written over it
    # The message says how to keep both records; done as it says, ours reaches the server as a new match.
    advice = re.findall(r"`taikyoku ([^`]+)`", refused[0])
    assert [shlex.split(command)[:2] for command in advice] == [
        ["export", "two-tables"],
        ["import", "two-tables.jsonl"],
    ]
    with contextlib.chdir(db.parent):
        assert [cli(*shlex.split(command)).code for command in advice] == [0, 0]
    assert cli("sync", "--to", pg_url).code == 1  # the two records of two-tables still differ, and say so
    ours = cli("export", "two-tables").json()["matches"][0]["events"]
    kept = cli("export", "two-tables-2", "--db", pg_url).json()["matches"][0]["events"]
    assert len(kept) == 11 and ours[-1]["payload"]["text"] == "recorded at table 4"
    assert [(e["type"], e["payload"], e["recorded_at"]) for e in kept] == [
        (e["type"], e["payload"], e["recorded_at"]) for e in ours
    ]
    assert {e["event_id"] for e in kept}.isdisjoint(e["event_id"] for e in ours)  # new ids: it chains anew


def test_a_damaged_source_is_never_pushed(cli: Cli, db: Path, pg_url: str) -> None:
    _record(cli, "tampered", 20)
    _record(cli, "sound", 20)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET recorded_by = 'mallory' WHERE match_id = 'tampered' AND seq = 5")
    result = cli("sync", "--to", pg_url, "--json")
    assert result.code == 1
    outcomes = {m["match_id"]: m["outcome"] for m in result.json()[0]["matches"]}
    assert outcomes == {"sound": "copied", "tampered": "damaged source"}
    assert {r[0] for r in _server_rows(pg_url)} == {"sound"}


def test_a_sync_killed_mid_way_finishes_when_run_again(
    cli: Cli, db: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAIKYOKU_SYNC_BATCH", "7")  # many small transactions, in both runs
    for number in range(12):
        _record(cli, f"match-{number:02d}")
    total = len(_local_rows(db))
    environment = {**os.environ, "TAIKYOKU_DB": str(db)}
    process = subprocess.Popen(
        [sys.executable, "-c", "from replay.cli import main; main()", "sync", "--to", pg_url],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if len(_server_rows(pg_url)) >= 30:
                process.send_signal(signal.SIGKILL)
                break
            time.sleep(0.005)
    finally:
        process.wait()
    partial = len(_server_rows(pg_url))
    assert 30 <= partial < total, "the sync was to be killed part-way"
    finished = cli("sync", "--to", pg_url, "--json")
    assert finished.code == 0, finished.err
    assert finished.json()[0]["events_copied"] == total - partial
    assert _server_rows(pg_url) == _local_rows(db)  # nothing lost, nothing twice
    assert cli("verify", "--db", pg_url).code == 0


def test_bad_sync_lines_are_one_line_and_write_nothing(cli: Cli, db: Path, pg_url: str, tmp_path: Path) -> None:
    _record(cli, "night-1", 5)
    cases = [
        ((), "give one of --to URL, --from URL or --both URL"),
        (("--to", pg_url, "--from", pg_url), "give one of --to URL, --from URL or --both URL"),
        (("--to", str(db)), "is --db itself"),
        (("--from", str(tmp_path / "none.db")), "holds no taikyoku store"),
        (("--to", "postgresql://postgres@127.0.0.1:5999/test"), "nothing answers at 127.0.0.1:5999"),
    ]
    for args, needle in cases:
        result = cli("sync", *args)
        assert result.code == 2 and needle in result.err and result.err.count("\n") == 1, (args, result.err)
    assert _server_rows(pg_url) == []
    assert not (tmp_path / "none.db").exists()


def _has_store(url: str) -> bool:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT to_regclass('events') IS NOT NULL").fetchone() == (True,)


def test_the_server_refuses_what_sqlite_refuses(cli: Cli, pg_url: str) -> None:
    """The same commands against the server: the same records, refusals and exit codes."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--id", "club-1", "--db", pg_url).code == 0
    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--id", "club-1", "--db", pg_url).code == 2
    assert cli("round", "club-1", "--db", pg_url).code == 0
    refused = cli("play", "club-1", "pine-crane", "--db", pg_url)
    assert refused.code == 2 and "seq 3 (play): the round needs the yaku set chosen" in refused.err
    listed = json.loads(cli("matches", "--json", "--db", pg_url).out)
    assert [(m["match_id"], m["status"], m["events"]) for m in listed] == [("club-1", "in play", 2)]


def test_two_syncs_at_once_copy_every_event_once_and_count_each_once(
    cli: Cli, db: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two table laptops push the same file at once: what each says it copied adds up to what the
    server holds, since a batch the other stored first is not counted again."""
    monkeypatch.setenv("TAIKYOKU_SYNC_BATCH", "3")
    for number in range(6):
        _record(cli, f"match-{number:02d}")
    total = len(_local_rows(db))
    environment = {**os.environ, "TAIKYOKU_DB": str(db)}
    command = [sys.executable, "-c", "from replay.cli import main; main()", "sync", "--to", pg_url, "--json"]
    runs = [subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    copied = [json.loads(output)[0]["events_copied"] for output in outputs]
    assert sum(copied) == total, copied
    assert _server_rows(pg_url) == _local_rows(db)
    assert cli("verify", "--db", pg_url).code == 0


def test_a_match_with_a_nul_an_older_version_let_in_is_refused_by_name_and_the_others_sync(
    cli: Cli, db: Path, pg_url: str
) -> None:
    from tests.helpers import insert_legacy_match

    _record(cli, "sound", 12)
    started = cli("log", "sound", "--json").json()[0]["payload"]
    insert_legacy_match(db, "old-nul", [
        ("match_started", started, "rec"),
        ("annotation", {"kind": "note", "seq": 1, "text": "paid\u0000 300"}, "rec"),
    ])  # fmt: skip
    assert cli("verify").code == 0  # a sound SQLite store: SQLite keeps NUL
    result = cli("sync", "--to", pg_url)
    assert result.code == 1
    assert result.err.startswith("taikyoku: refused: match old-nul: seq 1 to 2 holds what ")
    assert "cannot store (annotation holds a NUL character, which no store can keep); this match is not copied" in (
        result.err
    )
    assert "1 match copied (12 events)" in result.out
    assert {r[0] for r in _server_rows(pg_url)} == {"sound"}
    assert cli("verify", "--db", pg_url).code == 0


def test_a_connection_lost_mid_sync_is_exit_3_and_a_retry_finishes(
    cli: Cli, db: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server drops the sync's connection (and only it: the sync logs in as a role of its own)."""
    import uuid

    monkeypatch.setenv("TAIKYOKU_SYNC_BATCH", "1")  # a transaction an event: a long sync to cut
    for number in range(8):
        _record(cli, f"match-{number:02d}")
    total = len(_local_rows(db))
    role = f"sync_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN SUPERUSER")  # type: ignore[arg-type]
    as_role = pg_url.replace("postgresql://postgres@", f"postgresql://{role}@", 1)
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", "from replay.cli import main; main()", "sync", "--to", as_role],
            env={**os.environ, "TAIKYOKU_DB": str(db), "TAIKYOKU_SYNC_BATCH": "1"},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_server_rows(pg_url)) < 20:
            time.sleep(0.005)
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,))
        _, err = process.communicate(timeout=120)
        assert process.returncode == 3, err
        assert err.startswith("taikyoku: error: lost the connection to ") and err.count("\n") == 1
        assert err.endswith(
            ": the server closed it or the network failed; nothing half-written was kept: check the server and retry\n"
        )  # in our words alone: nothing of psycopg's (a rollback warning, its message) reaches the user
        assert len(_server_rows(pg_url)) < total
        assert cli("sync", "--to", pg_url).code == 0
        assert _server_rows(pg_url) == _local_rows(db)
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(f"REASSIGN OWNED BY {role} TO postgres")  # type: ignore[arg-type]
            conn.execute(f"DROP ROLE {role}")  # type: ignore[arg-type]


def test_a_statement_timeout_the_url_sets_is_said_as_such_not_as_a_busy_store(cli: Cli, pg_url: str) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1", "--db", pg_url).code == 0
    impatient = f"{pg_url}%20-cstatement_timeout%3D200"
    with psycopg.connect(pg_url) as holder:
        holder.execute("LOCK TABLE events IN EXCLUSIVE MODE")  # the append waits past 200 ms
        result = cli("note", "m-1", "1", "x", "--db", impatient)
    assert result.code == 2, result.err
    assert "ran past the statement_timeout" in result.err and "busy" not in result.err


def test_a_schema_holding_another_applications_events_table_is_not_a_store(cli: Cli, pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE events (id integer PRIMARY KEY, what text)")
    for args in (("matches",), ("new", "tensho", "-p", "A", "-p", "B")):
        result = cli(*args, "--db", pg_url)
        assert result.code == 2, result.err
        assert "holds tables but not a taikyoku store (it has events)" in result.err
    with psycopg.connect(pg_url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]  # fmt: skip
    assert tables == ["events"]
