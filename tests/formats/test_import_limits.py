"""Inputs built to take memory or time are refused in one line, early: a game log past 8 MB
before it is read (a real game is under 100 KB), a gzip that inflates past 8 MB as it inflates,
an mjlog of too many elements as it is parsed. A json export is read match by match and event by
event, whatever order the keys of a match come in."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.helpers import Cli, rows


def _refused(cli: Cli, path: Path, db: Path, says: str) -> None:
    result = cli("import", str(path), "--db", str(db))
    assert result.code == 1, result.err
    assert result.err == f"taikyoku: skipped: {says}\n"
    assert rows(db) == []


@pytest.mark.parametrize("suffix", [".json", ".mjson", ".xml"])
def test_a_log_past_8_mb_is_refused_before_it_is_read(cli: Cli, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"huge{suffix}"
    opening = b'{"title":["",""],"log":[' if suffix == ".json" else b'{"type":"start_game"}\n'
    if suffix == ".xml":
        opening = b'<mjloggm ver="2.3">'
    with path.open("wb") as stream:
        stream.write(opening)
        stream.truncate(200_000_000)  # a sparse file: 200 MB long, no disk used
    _refused(cli, path, tmp_path / "t.db", (
        f"huge{suffix} is 200.0 MB; a game log is at most 8 MB (a game is under 100 KB): split the file, or "
        "import a taikyoku export, which has no limit"))  # fmt: skip


def test_a_gzip_bomb_stops_inflating_at_the_limit(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bomb.mjlog"
    with gzip.open(path, "wb", compresslevel=9) as stream:
        stream.write(b'<mjloggm ver="2.3">')
        for _ in range(64):  # 64 MiB inflated, from a file of some 64 KB
            stream.write(b" " * (1 << 20))
        stream.write(b"</mjloggm>")
    assert path.stat().st_size < 200_000
    _refused(cli, path, tmp_path / "t.db",
             "bomb.mjlog: inflates to over 8 MB: too large to be an mjlog (a game is under 100 KB)")  # fmt: skip


def test_an_mjlog_of_too_many_elements_is_refused_as_it_is_parsed(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "many.xml"
    path.write_bytes(b'<mjloggm ver="2.3">' + b"<a/>" * 150_000 + b"</mjloggm>")
    _refused(cli, path, tmp_path / "t.db",
             "many.xml: over 100,000 XML elements: too many to be an mjlog (a game has a few thousand)")  # fmt: skip


def test_a_json_export_reads_whatever_order_a_matchs_keys_come_in(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    assert cli("simulate", "tensho", "--seed", "2", "--rounds", "1", "--id", "m-2").code == 0
    document = json.loads(cli("export", "--all").out)
    reordered = {"format": document["format"], "version": document["version"], "matches": [
        {"match_id": m["match_id"], "head_hash": m["head_hash"], "events": m["events"], "event_count": m["event_count"]}
        for m in document["matches"]]}  # fmt: skip
    path = tmp_path / "reordered.json"
    path.write_text(json.dumps(reordered, indent=1))
    done = cli("import", str(path), "--db", str(tmp_path / "again.db"), "--json")
    assert done.code == 0, done.err
    assert [(e["match_id"], e["events"]) for e in done.json()["imported"]] == [
        (m["match_id"], m["event_count"]) for m in document["matches"]
    ]


def test_a_match_whose_id_is_not_its_events_is_refused(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    document = json.loads(cli("export", "m-1").out)
    document["matches"][0]["match_id"] = "m-9"
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(document, indent=1))
    result = cli("verify", "--file", str(path))
    assert result.code == 4
    assert "renamed.json: match m-9 holds the events of m-1; the file was edited" in result.out
