"""A UTF-8 byte-order mark, which some editors write, is passed over in every format taikyoku
reads; and a store is a regular file: a device given as --db is refused and nothing is made beside it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import convlog_rs
import pytest

from tests.helpers import Cli
from tests.paths import CORPUS, CORPUS_MORE

BOM = b"\xef\xbb\xbf"
TENHOU = CORPUS / "mjai-reviewer-rinshan.json"


def _file(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(BOM + data)
    return path


@pytest.mark.parametrize("kind", ["tenhou6", "mjai", "mjlog", "json", "jsonl"])
def test_a_file_that_starts_with_a_bom_imports_as_without_it(cli: Cli, tmp_path: Path, kind: str) -> None:
    assert (
        cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", "--db", str(tmp_path / "s.db")).code
        == 0
    )
    sources = {
        "tenhou6": lambda: TENHOU.read_bytes(),
        "mjai": lambda: ("\n".join(convlog_rs.tenhou_to_mjai(TENHOU.read_text(encoding="utf-8"))) + "\n").encode(),
        "mjlog": lambda: (CORPUS_MORE / "xml" / "2013112515gm-00a9-0000-baa070ad.xml").read_bytes(),
        "json": lambda: cli("export", "m-1", "--db", str(tmp_path / "s.db")).out.encode(),
        "jsonl": lambda: cli("export", "m-1", "--format", "jsonl", "--db", str(tmp_path / "s.db")).out.encode(),
    }
    data = sources[kind]()
    plain, marked = tmp_path / f"plain.{kind}", _file(tmp_path, f"marked.{kind}", data)
    plain.write_bytes(data)
    first = cli("import", str(plain), "--db", str(tmp_path / "a.db"), "--json")
    second = cli("import", str(marked), "--db", str(tmp_path / "b.db"), "--json")
    assert first.code == 0 and second.code == 0, second.err
    strip = [{k: v for k, v in e.items() if k not in ("file", "match_id")} for e in first.json()["imported"]]
    assert strip == [{k: v for k, v in e.items() if k not in ("file", "match_id")} for e in second.json()["imported"]]


def test_record_takes_a_bom(cli: Cli, tmp_path: Path) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "m-1").code == 0
    path = _file(tmp_path, "note.json", b'{"type":"annotation","payload":{"seq":1,"kind":"note","text":"bom"}}')
    assert cli("record", "m-1", str(path)).code == 0
    assert cli("log", "m-1", "--json").json()[-1]["payload"]["text"] == "bom"


def test_a_device_as_the_store_is_refused_and_nothing_is_made_beside_it(cli: Cli, tmp_path: Path) -> None:
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:  # not root: /dev/null itself, beside which nobody else may write either
        device = Path("/dev/null")
    result = cli("new", "tensho", "-p", "A", "-p", "B", "--db", str(device))
    assert result.code == 2
    assert (
        result.err
        == f"taikyoku: error: {device} is not a regular file; point --db (or TAIKYOKU_DB) at an SQLite file\n"
    )
    assert not Path(f"{device}-journal").exists() and not Path(f"{device}-wal").exists()
    assert device.is_char_device()
