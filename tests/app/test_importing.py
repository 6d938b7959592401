"""The strict import's first pass is an application use case: given the exports and logs of a
batch and the store it would go into, it names every reason the batch would be refused, and
writes nothing. Real files, a real SQLite store."""

from __future__ import annotations

from pathlib import Path

from replay.app import importing
from store import EventStore
from tests.formats.test_tenhou6_import import GOOD, with_an_illegal_discard
from tests.helpers import Cli, rows


def test_a_clean_batch_has_no_problems_and_nothing_is_written(cli: Cli, db: Path, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    export = tmp_path / "m-1.jsonl"
    assert cli("export", "m-1", "--format", "jsonl", "-o", str(export)).code == 0
    elsewhere = tmp_path / "elsewhere.db"
    ticks: list[int] = []
    problems = importing.strict_problems(
        [export], [GOOD], log_format=None, existing=None, where="elsewhere.db", tick=lambda said=None: ticks.append(1)
    )
    assert problems == []
    assert len(ticks) == 2  # one tick a file, both kinds
    assert not elsewhere.exists()


def test_every_reason_of_both_kinds_is_named_against_the_store_it_would_go_into(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    export = tmp_path / "m-1.jsonl"
    assert cli("export", "m-1", "--format", "jsonl", "-o", str(export)).code == 0
    assert cli("import", str(GOOD)).code == 0
    before = rows(db)
    with EventStore.open(db) as store:
        problems = importing.strict_problems(
            [export], [GOOD, with_an_illegal_discard(tmp_path)], log_format=None, existing=store, where="the club db"
        )
    assert problems[0] == "match m-1 is already in the club db"
    assert problems[1] == "match mjai-reviewer-rinshan is already in the club db"
    assert problems[2].startswith("edited.json: hand 1, move 4 (seat 0)")
    assert len(problems) == 3
    assert rows(db) == before
