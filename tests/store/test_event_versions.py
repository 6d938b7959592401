"""An event's shape changes by a new version, never in place: `match_started` version 2 adds
`source` (the header of the log a game was imported from). Rows written as version 1 stay as
stored (their bytes and hashes unchanged), are read as version 2 through the upcaster, and replay
the same; a copy of them (sync, an export imported) keeps them at version 1, so the chain holds;
new rows are written as version 2; both versions' schema files stay in schemas/."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from events import registry
from events.match import MatchStarted
from store import EventStore
from tests.helpers import Cli
from tests.paths import CORPUS_MORE, ROOT

FROZEN = ROOT / "tests" / "data" / "stores" / "2026-12-01" / "store.sqlite3"
TENHOU = CORPUS_MORE / "2013112515gm-00a9-0000-baa070ad.json"


def _rows(db: Path, kind: str = "match_started") -> list[tuple[str, int, str, str]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(
            "SELECT match_id, schema_version, payload, hash FROM events WHERE type = ? ORDER BY match_id", [kind]))  # fmt: skip


@pytest.fixture
def frozen(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copy(FROZEN, copy)
    return copy


def test_version_1_rows_stay_as_stored_and_read_as_version_2(cli: Cli, frozen: Path) -> None:
    before = _rows(frozen)
    assert before and {version for _, version, _, _ in before} == {1}
    assert cli("verify", "--db", str(frozen)).code == 0  # each row against its own version's schema
    with EventStore.open(frozen) as store:
        started = store.read("sim-tensho", to_seq=1)[0].decode()
    assert isinstance(started, MatchStarted) and started.SCHEMA_VERSION == 2 and started.source is None
    assert cli("replay", "sim-tensho", "--json", "--db", str(frozen)).code == 0
    assert _rows(frozen) == before  # read, replayed, verified: not one byte rewritten


def test_new_rows_are_written_as_version_2(cli: Cli, frozen: Path) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "new-1", "--db", str(frozen)).code == 0
    assert [(m, v) for m, v, _, _ in _rows(frozen) if m == "new-1"] == [("new-1", 2)]
    assert registry.current_version("match_started") == 2


def test_both_versions_schema_files_stay() -> None:
    assert (ROOT / "schemas" / "match_started.v1.json").is_file()
    assert (ROOT / "schemas" / "match_started.v2.json").is_file()
    v1 = json.loads((ROOT / "schemas" / "match_started.v1.json").read_text())
    assert "source" not in v1["$defs"]["MatchStartedPayload"]["properties"]


def test_an_export_of_version_1_rows_imports_as_version_1(cli: Cli, frozen: Path, tmp_path: Path) -> None:
    export = tmp_path / "old.json"
    assert cli("export", "sim-riichi", "-o", str(export), "--db", str(frozen)).code == 0
    again = tmp_path / "again.sqlite3"
    assert cli("import", str(export), "--db", str(again)).code == 0
    assert _rows(again) == [r for r in _rows(frozen) if r[0] == "sim-riichi"]  # same version, text, hash
    assert cli("verify", "--db", str(again)).code == 0


@pytest.mark.postgres
def test_a_sync_of_version_1_rows_keeps_them_at_version_1(cli: Cli, frozen: Path, pg_url: str) -> None:
    import psycopg

    assert cli("sync", "--to", pg_url, "--db", str(frozen)).code == 0
    with psycopg.connect(pg_url) as conn:
        server = [tuple(r) for r in conn.execute(
            "SELECT match_id, schema_version, payload, hash FROM events WHERE type = 'match_started' ORDER BY match_id")]  # fmt: skip
    assert server == _rows(frozen)
    assert cli("verify", "--db", pg_url).code == 0


def test_without_the_upcaster_a_version_1_row_cannot_be_read(monkeypatch: pytest.MonkeyPatch, frozen: Path) -> None:
    """What the upcaster does, shown by its absence (the same check a planted removal fails)."""
    monkeypatch.delitem(registry._UPCASTERS, ("match_started", 1))
    registry.DECODED.clear()
    with EventStore.open(frozen) as store, pytest.raises(Exception, match="no upcaster for match_started v1"):
        store.read("sim-tensho", to_seq=1)[0].decode()
    registry.DECODED.clear()


def test_a_tenhou_export_gives_back_what_the_log_said_of_itself(cli: Cli, tmp_path: Path) -> None:
    original = json.loads(TENHOU.read_text(encoding="utf-8"))
    assert cli("import", str(TENHOU)).code == 0
    out = tmp_path / "out.json"
    assert cli("export", "2013112515gm-00a9-0000-baa070ad", "--format", "tenhou6", "-o", str(out)).code == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    for key in ("ref", "dan", "rate", "sx", "lobby", "ratingc", "rule", "name", "ver", "sc", "log"):
        assert exported[key] == original[key], key
    fresh = tmp_path / "fresh.db"
    again = cli("import", str(out), "--db", str(fresh), "--json")
    assert again.code == 0, again.err
    assert [e["match_id"] for e in again.json()["imported"]] == ["2013112515gm-00a9-0000-baa070ad"]  # by its ref
