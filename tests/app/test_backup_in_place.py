"""A backup put in place under a running server (the application keeping the SQLite file open, as
`taikyoku serve` does): copied over the file while a write is under way, cut part way through its
copy, or moved in between two writes. Never an empty or damaged store: the backup stands whole,
what the server was writing is kept beside it and the writer told, and writing goes on in it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from events.envelope import new_event
from events.match import RoundStarted
from replay.app.application import Application
from store.errors import StoreReplacedError, StoreUnavailableError


def _server_and_backup(tmp_path: Path) -> tuple[Application, Path, Path]:
    """A store of three matches, its backup beside it, and a fourth match written since."""
    db, backup = tmp_path / "club.db", tmp_path / "backup.db"
    app = Application(str(db), create=True, keep_file_open=True)
    for number in range(3):
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id=f"m-{number}")
    app.close()
    shutil.copyfile(db, backup)
    app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-since")
    return app, db, backup


def _matches(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return [row[0] for row in conn.execute("SELECT DISTINCT match_id FROM events ORDER BY match_id")]


def test_a_backup_copied_over_the_file_during_a_write_stands_whole_and_the_write_is_kept_aside(
    tmp_path: Path,
) -> None:
    """Plant: the server folding its log into whatever file is there now (the backup mixed with the
    log of the file it replaced: a damaged or empty store, the backup and everything since gone)."""
    app, db, backup = _server_and_backup(tmp_path)
    try:
        with pytest.raises(StoreReplacedError) as refused, app.store() as store:
            store.append("m-0", 1, [new_event(RoundStarted(round=1, dealer=0), recorded_by="t")])
            shutil.copyfile(backup, db)  # `cp backup.db club.db` while the write is under way
        [kept] = tmp_path.glob("club.db-wal.replaced-*")
        assert refused.value.message == (
            f"the store's file {db} was replaced while this was written (a backup put in place?): what was written "
            f"is not in it (kept in {kept}); send it again, and restore backups as docs/serve.md says"
        )
        log = tmp_path / "club.db-wal"
        assert kept.stat().st_size > 0 and (not log.exists() or log.stat().st_size == 0)
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-after")  # writing goes on, in it
        assert app.events("m-0")[-1].seq == 1
    finally:
        app.close()
    assert _matches(db) == ["m-0", "m-1", "m-2", "m-after"]


def test_a_file_caught_part_way_through_its_copy_is_refused_for_a_moment_then_written(tmp_path: Path) -> None:
    """Plant: a write opened on a file half copied in ("not a taikyoku store", or a damaged one)."""
    app, db, backup = _server_and_backup(tmp_path)
    try:
        whole = backup.read_bytes()
        db.write_bytes(whole[:8192])  # the copy so far
        with pytest.raises(StoreUnavailableError) as refused:
            app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-during")
        assert refused.value.message == (
            f"the store's file {db} is being written by another program (it holds 8,192 bytes where its header "
            f"counts {len(whole):,}; a backup being copied in?): nothing was written; try again in a moment"
        )
        db.write_bytes(whole)  # the copy done
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-during")
    finally:
        app.close()
    assert _matches(db) == ["m-0", "m-1", "m-2", "m-during"]


def test_a_backup_moved_in_between_two_writes_is_written_to(tmp_path: Path) -> None:
    """The way docs/serve.md restores under a running server: copied beside it, then renamed over it."""
    app, db, backup = _server_and_backup(tmp_path)
    try:
        staged = tmp_path / "club.db.restoring"
        shutil.copyfile(backup, staged)
        staged.replace(db)
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-next")
    finally:
        app.close()
    assert _matches(db) == ["m-0", "m-1", "m-2", "m-next"]
    assert not list(tmp_path.glob("club.db-wal.replaced-*"))


def test_a_copy_part_way_as_a_write_ends_keeps_the_log_out_of_the_finished_backup(tmp_path: Path) -> None:
    """The copy has begun as the write ends: the log is not folded into a file part way through its
    copy, and once the copy is whole, the next write finds an older generation there and keeps the
    log of the file it replaced beside it. Plants: the log folded into whatever is there at the
    end of a write; the generation not compared between two writes (the old log read into the
    backup by the next connection)."""
    app, db, backup = _server_and_backup(tmp_path)
    try:
        whole = backup.read_bytes()
        with app.store() as store:
            store.append("m-0", 1, [new_event(RoundStarted(round=1, dealer=0), recorded_by="t")])
            db.write_bytes(whole[:8192])
        db.write_bytes(whole)
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="t", match_id="m-next")
        [kept] = tmp_path.glob("club.db-wal.replaced-*")
        assert kept.stat().st_size > 0
    finally:
        app.close()
    assert _matches(db) == ["m-0", "m-1", "m-2", "m-next"]
