"""Tenhou's own mjlog XML: each of the 57 real games in tests/data/tenhou6-more/xml reads as exactly
its tenhou.net/6 JSON twin, imports as the same events, and exports back to Tenhou's log; a cut,
gzipped or older file is imported or refused in one line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from replay.games.riichi.logs import mjlog
from store import EventStore
from tests.helpers import Cli, rows
from tests.paths import CORPUS_MORE

XML = sorted((CORPUS_MORE / "xml").glob("*.xml"))
ONE = CORPUS_MORE / "xml" / "2022060100gm-00a9-0000-3e8b8aaf.xml"


def test_every_xml_reads_as_exactly_its_json_twin() -> None:
    assert len(XML) == 57
    for path in XML:
        twin = json.loads((CORPUS_MORE / f"{path.stem}.json").read_text(encoding="utf-8"))
        (game,) = mjlog.read(path.read_bytes(), path.name)
        assert game.hands == twin["log"], path.name  # every hand, call string, result block and score word
        assert game.header["sc"] == twin["sc"] and game.header["name"] == twin["name"], path.name
        assert game.header["rule"]["disp"] == twin["rule"]["disp"], path.name


def _events(db: Path, match_id: str) -> list[tuple[str, dict[str, object]]]:
    """The match's events, its first without the header of the log it came from (the XML and the
    JSON say different things of themselves: that is what each keeps; their games are the same)."""
    with EventStore.open(db) as store:
        events = [(e.type, e.payload) for e in store.read(match_id)]
    return [(kind, {k: v for k, v in payload.items() if k != "source"}) for kind, payload in events]


def _ids(db: Path, match_id: str) -> list[str]:
    with EventStore.open(db) as store:
        return [e.event_id for e in store.read(match_id)]


def _source(db: Path, match_id: str) -> dict[str, object]:
    with EventStore.open(db) as store:
        return dict(json.loads(store.read(match_id, to_seq=1)[0].payload["source"]))


def test_the_xml_and_json_imports_store_the_same_events_and_export_tenhous_log(cli: Cli, tmp_path: Path) -> None:
    from_xml, from_json = tmp_path / "xml.db", tmp_path / "json.db"
    assert cli("import", *map(str, XML), "--db", str(from_xml)).code == 0
    twins = [CORPUS_MORE / f"{p.stem}.json" for p in XML]
    assert cli("import", *map(str, twins), "--db", str(from_json)).code == 0
    with EventStore.open(from_xml) as store:
        ids = [m.match_id for m in store.matches()]
    assert len(ids) == 57
    for match_id in ids:
        assert _events(from_xml, match_id) == _events(from_json, match_id), match_id
        assert _ids(from_xml, match_id) == _ids(from_json, match_id)  # one game, one set of ids
        assert _source(from_xml, match_id)["name"] == _source(from_json, match_id)["name"]  # each kept its header
    exported = tmp_path / "out.json"
    assert cli("export", ids[0], "--format", "tenhou6", "-o", str(exported), "--db", str(from_xml)).code == 0
    twin = json.loads((CORPUS_MORE / f"{ids[0]}.json").read_text(encoding="utf-8"))
    assert json.loads(exported.read_text(encoding="utf-8"))["log"] == twin["log"]


def test_a_gzipped_mjlog_imports_as_the_plain_one(cli: Cli, tmp_path: Path) -> None:
    packed = tmp_path / "2022060100gm-00a9-0000-3e8b8aaf.mjlog"
    packed.write_bytes(gzip.compress(ONE.read_bytes()))
    db = tmp_path / "t.db"
    result = cli("import", str(packed), "--db", str(db))
    assert result.code == 0, result.err
    assert "imported 2022060100gm-00a9-0000-3e8b8aaf from 2022060100gm-00a9-0000-3e8b8aaf.mjlog" in result.out


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("cut.xml", lambda text: text[: len(text) // 2].encode(), "cut.xml: not well-formed XML at line 1"),
        ("cut.mjlog", lambda text: gzip.compress(text.encode())[:300], "a gzipped mjlog that does not decompress"),
        ("old.xml", lambda text: text.replace('ver="2.3"', 'ver="2.0"').encode(), "mjlog version '2.0'"),
        ("bomb.xml", lambda text: ('<!DOCTYPE x [<!ENTITY a "aaaa">]>' + text).encode(), "no DOCTYPE or ENTITY"),
        ("noinit.xml", lambda text: text.split("<INIT")[0].encode() + b"</mjloggm>", "needs <GO>, <UN> and"),
        ("ended.xml", lambda text: text.split("<AGARI")[0].encode() + b"</mjloggm>", "no hand of this mjlog reaches"),
    ],
)
def test_a_broken_mjlog_is_refused_in_one_line_and_nothing_is_stored(  # type: ignore[no-untyped-def]
    cli: Cli, tmp_path: Path, name: str, content, says: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content(ONE.read_text(encoding="utf-8")))
    db = tmp_path / "t.db"
    result = cli("import", str(path), "--format", "mjlog", "--db", str(db))
    assert result.code == 1 and says in result.err, result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert rows(db) == []


def test_a_value_tenhou_does_not_write_is_named_without_pythons_words(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "odd.xml"
    path.write_text(ONE.read_text(encoding="utf-8").replace('<INIT seed="', '<INIT seed="x', 1))
    result = cli("import", str(path), "--db", str(tmp_path / "t.db"))
    assert result.code == 1 and result.err == (
        "taikyoku: skipped: odd.xml: an element holds a value Tenhou does not write (a tile, a seat or a score); "
        "check the file is the server's, unedited\n"
    )
