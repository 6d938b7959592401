"""The application object: one tap reads the match once and folds only the events it makes, at
event 20 as at event 5,000; a tap made on a head another writer overtook is refused before
anything is folded; every listener hears of each append. Real SQLite files and PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from replay.app import repository
from replay.app.application import Application
from replay.engine.fold import WORK
from store.errors import ConcurrencyError
from tests.helpers import Cli


def _long_match(cli: Cli, notes: int, db: str | None = None) -> None:
    """A Tensho match whose round has started, then ``notes`` notes: a history of any length."""
    where = ("--db", db) if db else ()
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "long-1", *where).code == 0
    assert cli("round", "long-1", *where).code == 0
    lines = [json.dumps({"type": "annotation", "payload": {"seq": 2, "kind": "note", "text": f"note {n}"}})
             for n in range(notes)]  # fmt: skip
    if lines:
        assert cli("record", "long-1", *where, stdin="\n".join(lines)).code == 0


@pytest.mark.parametrize("notes", [18, 4998])
def test_a_tap_reads_the_match_once_and_folds_only_what_it_makes(cli: Cli, db: Path, notes: int) -> None:
    _long_match(cli, notes)
    taikyoku = Application(str(db))
    head = taikyoku.match("long-1").head  # the first look folds the match once
    assert head == notes + 2
    repository.COUNTS.clear()
    read_before = WORK["steps read"]
    tapped = taikyoku.enter_move("long-1", "yaku-set", {"chosen": 2}, recorded_by="scorer", expected_seq=head)
    assert [e.seq for e in tapped.stored] == [head + 1]  # a button's move, sent as data
    assert WORK["steps read"] - read_before == 1  # the history extended by the new step, not made again
    assert repository.COUNTS["head reads"] == 1  # the one read: is the kept state still the match's?
    assert repository.COUNTS["full reads"] == 0 and repository.COUNTS["events read"] == 0
    assert repository.COUNTS["events folded"] == 1  # the event the tap made, alone
    repository.COUNTS.clear()
    assert taikyoku.moves("long-1")["head_seq"] == head + 1  # the moves of the moment: one read, no fold
    assert repository.COUNTS["head reads"] == 1 and repository.COUNTS["events folded"] == 0
    repository.COUNTS.clear()
    read_before = WORK["steps read"]
    entered = taikyoku.enter("long-1", "note typed in words", recorded_by="scorer", expected_seq=head + 1)
    assert [e.seq for e in entered.stored] == [head + 2]  # a move typed in words: the same one read
    assert WORK["steps read"] - read_before == 1 and repository.COUNTS["head reads"] == 1
    assert repository.COUNTS["full reads"] == 0 and repository.COUNTS["events folded"] == 0  # a note: history only


def test_a_tap_on_an_overtaken_head_is_refused_and_a_move_made_elsewhere_is_read(cli: Cli, db: Path) -> None:
    _long_match(cli, 3)
    taikyoku = Application(str(db))
    head = taikyoku.match("long-1").head
    other = subprocess.run([sys.executable, "-c", "from replay.cli import main; main()", "note", "long-1", "2",
                            "from another process", "--db", str(db)], capture_output=True, text=True)  # fmt: skip
    assert other.returncode == 0, other.stderr  # another writer moves it on
    repository.COUNTS.clear()
    with pytest.raises(ConcurrencyError):
        taikyoku.enter("long-1", "yaku-set 2", recorded_by="scorer", expected_seq=head)
    assert repository.COUNTS["full reads"] == 0 and repository.COUNTS["events read"] == 2  # the kept head, and the note
    entered = taikyoku.enter("long-1", "yaku-set 2", recorded_by="scorer", expected_seq=head + 1)
    assert [e.seq for e in entered.stored] == [head + 2]
    assert [e["type"] for e in cli("log", "long-1", "--json").json()][-2:] == ["annotation", "tensho.yaku_set_chosen"]


def test_listeners_hear_each_append_and_racing_taps_store_one(cli: Cli, db: Path) -> None:
    _long_match(cli, 0)
    taikyoku = Application(str(db))
    heard: list[tuple[str, int]] = []
    taikyoku.listen(lambda match, head: heard.append((match, head)))
    outcomes: list[str] = []

    def tap() -> None:
        try:
            taikyoku.enter("long-1", "yaku-set 2", recorded_by="phone", expected_seq=2)
            outcomes.append("stored")
        except ConcurrencyError:
            outcomes.append("conflict")

    phones = [threading.Thread(target=tap) for _ in range(8)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert sorted(outcomes) == ["conflict"] * 7 + ["stored"]
    assert heard == [("long-1", 3)]
    assert len(cli("log", "long-1", "--json").json()) == 3


@pytest.mark.postgres
def test_on_postgresql_taps_share_a_pool_of_connections(cli: Cli, pg_url: str) -> None:
    _long_match(cli, 2, pg_url)
    taikyoku = Application(pg_url, connections=2)
    head = taikyoku.match("long-1").head
    for offset in range(6):
        taikyoku.enter("long-1", f"note tap {offset}", recorded_by="phone", expected_seq=head + offset)
    assert taikyoku.pool.opened <= 2  # every use went through the pool
    assert taikyoku.match("long-1").head == head + 6
    taikyoku.close()


def test_a_matchs_first_event_id_is_remembered_only_for_the_file_it_was_read_from(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    """A write's token is checked against the match's first event id, remembered once read; a backup
    restored over the store may hold the same match id with another first event."""
    _long_match(cli, 1)
    taikyoku = Application(str(db))
    assert taikyoku.known_first_event_id("long-1") is None
    first = taikyoku.first_event_id("long-1")
    repository.COUNTS.clear()
    assert taikyoku.known_first_event_id("long-1") == first == taikyoku.first_event_id("long-1")
    assert repository.COUNTS["head reads"] == 0  # remembered: the store is not read
    other = tmp_path / "other.db"
    assert cli("new", "tensho", "-p", "Chie", "-p", "Dai", "--id", "long-1", "--db", str(other)).code == 0
    os.replace(other, db)  # restored: the same match id, another first event
    assert taikyoku.known_first_event_id("long-1") is None
    restored = taikyoku.first_event_id("long-1")
    assert restored != first
    assert restored == cli("log", "long-1", "--json").json()[0]["event_id"]


def test_a_riichi_deal_is_laid_out_as_the_game_declares_it_and_a_tensho_deal_from_its_deck(cli: Cli, db: Path) -> None:
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "r-1").code == 0
    assert cli("round", "r-1").code == 0
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "t-1").code == 0
    assert cli("round", "t-1").code == 0
    assert cli("yaku-set", "t-1", "2").code == 0
    taikyoku = Application(str(db))
    riichi = taikyoku.moves("r-1")["deal"]
    assert [(t["name"], t["size"], t["option"]) for t in riichi["targets"]] == [
        ("A's hand", 13, "--hand"), ("B's hand", 13, "--hand"), ("C's hand", 13, "--hand"), ("D's hand", 13, "--hand"),
        ("the dora indicator", 1, "--dora"),
    ]  # fmt: skip
    # 9+9+9 suited kinds, 7 honours, and the red fives 0m 0p 0s
    assert len(riichi["pieces"]) == 37 and riichi["copies"] == 4 and riichi["joined"] == ""
    tensho = taikyoku.moves("t-1")["deal"]
    assert [(t["name"], t["size"]) for t in tensho["targets"]] == [
        ("Aki's hand", 6),
        ("Beni's hand", 6),
        ("the field", 9),
    ]
    assert len(tensho["pieces"]) == 45 and tensho["copies"] == 1 and tensho["joined"] == ","  # Tensho's 45 cards
