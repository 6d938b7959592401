"""One `taikyoku import` for every format: each file's format is found from its opening, a folder
is walked for its files, and a file of no known format says what was tried."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from events.errors import InputError
from replay.formats.detect import detect
from tests.helpers import Cli, rows
from tests.paths import CORPUS, CORPUS_MORE

XML = CORPUS_MORE / "xml" / "2022060100gm-00a9-0000-3e8b8aaf.xml"
TENHOU6 = CORPUS / "mjai-reviewer-rinshan.json"
ONE_HAND_A_LINE = CORPUS / "viewer-2019080322gm-00a9-0000-81e85e04-one-hand-per-line.json"


@pytest.mark.parametrize(
    ("opening", "found"),
    [
        (b'{\n "format": "taikyoku",\n "version": 2,\n "matches": [', "native"),
        (b'{"event_id":"x","hash":"h","match_id":"m","payload":{}}\n', "native"),
        (b'{"title":["",""],"name":["A","B","C","D"],"rule":{"aka":1},"log":[[[0,0,0]', "tenhou6"),
        (b'\xef\xbb\xbf{"log":[[', "tenhou6"),
        (b'<mjloggm ver="2.3"><SHUFFLE', "mjlog"),
        (gzip.compress(b"<mjloggm/>", mtime=0)[:10], "mjlog"),  # mtime 0: the same bytes on every worker
        (b'{"type":"start_game","names":["A","B","C","D"]}\n{"type":"start_kyoku"', "mjai"),
    ],
)
def test_each_format_is_found_from_the_files_opening(opening: bytes, found: str) -> None:
    assert detect(opening, "f") == found


def test_a_file_of_no_known_format_says_every_format_tried() -> None:
    with pytest.raises(InputError) as caught:
        detect(b"match,round,dealer\n1,1,0\n", "rounds.csv")
    message = caught.value.message
    assert message.startswith("rounds.csv: not a format taikyoku reads. Tried: taikyoku json/jsonl")
    assert all(name in message for name in ("tenhou.net/6", "mjlog", "mjai", "--format"))


def test_one_command_imports_a_folder_of_every_format(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    (folder / "older").mkdir(parents=True)
    (folder / "a.xml").write_bytes(XML.read_bytes())
    (folder / "b.json").write_bytes(TENHOU6.read_bytes())
    (folder / "older" / "c.json").write_bytes(ONE_HAND_A_LINE.read_bytes())
    (folder / "README.md").write_text("notes, not a log")
    source = tmp_path / "source.db"
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "t-1", "--db", str(source)).code == 0
    assert cli("export", "t-1", "--format", "jsonl", "-o", str(folder / "d.jsonl"), "--db", str(source)).code == 0
    mjai = tmp_path / "e.mjson"
    assert (
        cli(
            "export", "mjai-reviewer-rinshan", "--format", "mjai", "-o", str(mjai), "--db", str(_rinshan(cli, tmp_path))
        ).code
        == 0
    )
    (folder / "e.mjson").write_bytes(mjai.read_bytes())
    db = tmp_path / "t.db"
    flat = cli("import", str(folder), "--db", str(db), "--json")
    assert flat.code == 0, flat.err
    assert sorted(m["file"] for m in flat.json()["imported"]) == ["a.xml", "b.json", "d.jsonl", "e.mjson"]
    deep = cli("import", str(folder), "--recursive", "--db", str(db), "--json")
    assert deep.code == 1  # the four are stored already: said, and the new one imported
    assert [m["file"] for m in deep.json()["imported"]] == ["c.json"]
    assert len(deep.json()["skipped"]) == 4


def _rinshan(cli: Cli, tmp_path: Path) -> Path:
    db = tmp_path / "rinshan.db"
    assert cli("import", str(TENHOU6), "--db", str(db)).code == 0
    return db


def test_a_file_of_no_known_format_is_skipped_with_the_formats_tried(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "rounds.csv"
    path.write_text("match,round,dealer\n1,1,0\n")
    db = tmp_path / "t.db"
    result = cli("import", str(path), "--db", str(db))
    assert result.code == 1 and "rounds.csv: not a format taikyoku reads. Tried:" in result.err
    assert rows(db) == []


def test_a_forced_format_is_read_as_that_format(cli: Cli, tmp_path: Path) -> None:
    result = cli("import", str(TENHOU6), "--format", "mjlog", "--db", str(tmp_path / "t.db"))
    assert result.code == 1 and "not well-formed XML" in result.err
    unknown = cli("import", str(TENHOU6), "--format", "pdf", "--db", str(tmp_path / "t.db"))
    assert unknown.code == 2 and "unknown import format 'pdf'" in unknown.err


def test_json_output_of_a_mixed_import_lists_both_kinds(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    assert cli("simulate", "tensho", "--seed", "2", "--rounds", "1", "--id", "t-2", "--db", str(source)).code == 0
    export = tmp_path / "t.json"
    assert cli("export", "t-2", "-o", str(export), "--db", str(source)).code == 0
    result = cli("import", str(export), str(TENHOU6), "--db", str(tmp_path / "t.db"), "--json")
    assert result.code == 0
    entries = {m["file"]: m for m in result.json()["imported"]}
    assert entries["t.json"]["events"] == json.loads(export.read_text())["matches"][0]["event_count"]
    assert entries["mjai-reviewer-rinshan.json"]["hands"] == 1


def _depth_by_hand(text: str) -> int:
    """The nesting of a JSON opening's brackets, strings aside, read a character at a time."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


@example(text='["[[[", {"a": "\\"[["}]')  # brackets in strings, an escaped quote: 2 deep
@example(text='[[["cut inside a string [[[')  # the opening ends inside a string: 3 deep
@example(text="]]][")  # closers before an opener
@given(st.text(alphabet='[]{}"\\a:, ', max_size=60))
def test_the_openings_nesting_is_counted_strings_aside(text: str) -> None:
    from replay.formats.detect import _opening_depth

    assert _opening_depth(text) == _depth_by_hand(text)


def test_hand_counted_nestings() -> None:
    from replay.formats.detect import _opening_depth

    assert _opening_depth('["[[[", {"a": "\\"[["}]') == 2
    assert _opening_depth('[[["cut inside a string [[[') == 3
    assert _opening_depth("]]][") == 0
    assert _opening_depth('{"log": [[[1, 2], [3]]]}') == 4
