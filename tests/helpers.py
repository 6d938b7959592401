"""Shared builders for tests: real events, real stores, the real CLI."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from events.envelope import PendingEvent, new_event
from events.match import Annotation, MatchLength, MatchStarted, PlayerSeat, RoundStarted, Ruleset
from replay.cli import run
from replay.games import ruleset

RECORDER = "tester"


def tensho_started(names: tuple[str, str] = ("Alice", "Bob")) -> MatchStarted:
    spec = ruleset("tensho-fudawiki")
    assert spec is not None
    return MatchStarted(
        game="tensho",
        ruleset=Ruleset(id=spec.id, options={k: v for k, v in spec.defaults().items() if v is not None}),
        players=tuple(PlayerSeat(seat=i, name=n) for i, n in enumerate(names)),
        length=MatchLength(unit="rounds", count=6),
        first_dealer=0,
    )


def start(**kw: Any) -> PendingEvent:
    return new_event(tensho_started(), recorded_by=RECORDER, **kw)


def note(seq: int, text: str = "a note", **kw: Any) -> PendingEvent:
    return new_event(Annotation(seq=seq, kind="note", text=text), recorded_by=RECORDER, **kw)


def round_started(n: int, dealer: int = 0) -> PendingEvent:
    return new_event(RoundStarted(round=n, dealer=dealer), recorded_by=RECORDER)


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """Runs the real ``taikyoku`` command in-process against a real database file."""

    def __init__(self, db: Path | str, capsys: pytest.CaptureFixture[str]) -> None:
        self.db = db
        self.capsys = capsys

    def __call__(self, *args: str, stdin: str | bytes | None = None) -> Result:
        argv = list(args)
        os.environ["TAIKYOKU_DB"] = str(self.db)  # what --db falls back to
        self.capsys.readouterr()
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            sys.stdin = _Stdin(data)  # type: ignore[assignment]
        try:
            code = run(argv)
        finally:
            sys.stdin = sys.__stdin__
            del os.environ["TAIKYOKU_DB"]
        captured = self.capsys.readouterr()
        return Result(code, captured.out, captured.err)


class _Stdin:
    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)

    def read(self) -> str:
        return self.buffer.read().decode()


def rows(db: Path) -> list[tuple[Any, ...]]:
    """Every stored row, read straight from SQLite, bypassing the store."""
    import sqlite3

    if not db.exists():
        return []
    with sqlite3.connect(db) as conn:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'events'").fetchone():
            return []
        return conn.execute("SELECT * FROM events ORDER BY position").fetchall()


# The append-only triggers exactly as the store's first migration makes them, for tests that put
# a trigger back after going around it (verify compares the definitions, white space aside).
NO_DELETE_TRIGGER = (
    "CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN "
    "SELECT RAISE(ABORT, 'events are append-only: record a retract event instead of deleting'); END"
)
NO_UPDATE_TRIGGER = (
    "CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN "
    "SELECT RAISE(ABORT, 'events are append-only: record a retract event instead of updating'); END"
)


def insert_legacy_match(db: Path, match_id: str, events: list[tuple[str, dict[str, Any], str]]) -> None:
    """Write a whole match straight into an SQLite store, as an older taikyoku could have stored
    it before today's checks at the door: each (type, payload, recorded_by) chained from the
    genesis hash with hashlib and the json module alone, and the match's head written with it."""
    import hashlib
    import sqlite3
    import uuid

    from store import EventStore

    with EventStore.open(db, create=True):
        pass  # the tables, made by the store itself
    previous = "0" * 64
    with sqlite3.connect(db) as conn:
        for seq, (kind, payload, recorded_by) in enumerate(events, 1):
            text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            row = {"event_id": str(uuid.uuid4()), "match_id": match_id, "payload": payload,
                   "recorded_at": "2025-06-01T19:00:00Z", "recorded_by": recorded_by, "schema_version": 1,
                   "seq": seq, "type": kind}  # fmt: skip
            canonical = json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            digest = hashlib.sha256((previous + canonical).encode("utf-8")).hexdigest()
            conn.execute(
                "INSERT INTO events (match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, "
                "payload, prev_hash, hash) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
                (match_id, seq, row["event_id"], kind, row["recorded_at"], recorded_by, text, previous, digest),
            )
            previous = digest
        conn.execute(
            "INSERT OR REPLACE INTO match_heads (match_id, last_seq, last_hash, events) VALUES (?, ?, ?, ?)",
            (match_id, len(events), previous, len(events)),
        )


def fill_disk(folder: Path) -> Path:
    """Writes a file in ``folder`` until its file system holds not one more byte; the file, to
    remove to make room again."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            try:
                while True:
                    os.write(fd, b"x" * size)
            except OSError:
                continue
    finally:
        os.close(fd)
    return filler


def copy_store(db: Path, to: Path) -> None:
    """A copy of the SQLite store at ``db``, as it stands with everything committed, through
    SQLite's own backup (the file alone may lack what its write-ahead log still holds, or be read
    in the middle of a checkpoint)."""
    import sqlite3

    with sqlite3.connect(db) as source, sqlite3.connect(to) as target:
        source.backup(target)
    source.close()
    target.close()
