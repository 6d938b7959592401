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

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
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
