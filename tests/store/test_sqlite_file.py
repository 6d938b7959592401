"""An SQLite store's file read as bytes (``store/sqlite_file.py``): its header, its generation, a file
part way through its copy, and the log of a replaced file set aside. Real SQLite files."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from store.sqlite_file import FileHeader, header_of, replaced, set_aside_log


def _database(path: Path, page_size: int = 4096, generation: int = 7) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA page_size = {page_size}")
        conn.execute("CREATE TABLE t (x)")
        conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        conn.execute(f"PRAGMA user_version = {generation}")
    conn.close()
    return path.read_bytes()


def test_a_whole_file_says_its_generation_and_which_file_it_is(tmp_path: Path) -> None:
    """Plants: the device or the inode dropped; the generation read unsigned (SQLite's is signed)."""
    path = tmp_path / "club.db"
    _database(path, generation=-1)
    info = os.stat(path)
    assert header_of(path) == FileHeader(info.st_dev, info.st_ino, -1)
    other = tmp_path / "other.db"
    _database(other)
    assert replaced(FileHeader(info.st_dev, info.st_ino, 3), header_of(other))  # type: ignore[arg-type]


def test_a_file_cut_part_way_through_its_copy_says_so_at_every_page_size(tmp_path: Path) -> None:
    """A file of 32 KiB pages and one of 64 KiB pages (the header writes 65,536 as 1), each cut part
    way: how many bytes it holds against those its header counts. Plants: 64 KiB read as 1 byte a
    page; the page size read signed (32,768 as negative: a cut file taken as whole)."""
    for page_size in (32768, 65536):
        path = tmp_path / f"club-{page_size}.db"
        whole = _database(path, page_size=page_size)
        assert isinstance(header_of(path), FileHeader)
        path.write_bytes(whole[: page_size + 100])
        assert header_of(path) == f"it holds {page_size + 100:,} bytes where its header counts {len(whole):,}"


def test_what_is_no_sqlite_file_says_so(tmp_path: Path) -> None:
    """A text file, and the first bytes of an SQLite file alone. Plant: the two checks joined by and."""
    for name, data in (("text.db", b"not a database at all, " * 10), ("short.db", b"SQLite format 3\x00" + b"\x10")):
        (tmp_path / name).write_bytes(data)
        assert header_of(tmp_path / name) == "it does not begin as an SQLite file"
    assert header_of(tmp_path / "missing.db") == "it cannot be read (No such file or directory)"


def test_the_log_of_a_replaced_file_is_kept_beside_it_emptied_and_its_index_marked_to_be_rebuilt(
    tmp_path: Path,
) -> None:
    """Plants: the log kept under another name or not emptied; the index left as it was (a
    connection would read frames no longer there); an empty log said to be kept."""
    db = tmp_path / "club.db"
    log, index = tmp_path / "club.db-wal", tmp_path / "club.db-shm"
    log.write_bytes(b"frames of the file replaced" * 100)
    index.write_bytes(b"\x01" * 32768)
    before = datetime.now(UTC).replace(microsecond=0)
    kept = set_aside_log(db)
    assert kept is not None and kept.read_bytes() == b"frames of the file replaced" * 100
    stamp = re.fullmatch(r"club\.db-wal\.replaced-(\d{8}T\d{12}Z)", kept.name)
    assert stamp is not None, kept.name
    made = datetime.strptime(stamp.group(1), "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    assert before <= made <= datetime.now(UTC)  # the time is UTC's
    assert log.stat().st_size == 0
    assert index.read_bytes()[:136] == bytes(136) and index.read_bytes()[136:] == b"\x01" * (32768 - 136)
    assert set_aside_log(db) is None  # an empty log: nothing to keep
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.db-shm", "club.db-wal", kept.name]


def test_reading_the_header_leaves_this_processs_locks_on_the_file(tmp_path: Path) -> None:
    """A server keeps a connection to its file and reads the header before each use; another process
    then writes and closes. Closing a descriptor on the file drops every POSIX lock the process holds
    on it, so the other process's last close took the file as unread here, checkpointed and deleted
    the -wal and -shm under this process's mapped index: every read here was then "database disk
    image is malformed". Plant: the header read through open() and close() again."""
    path = tmp_path / "club.db"
    _database(path)
    kept = sqlite3.connect(path)
    kept.execute("PRAGMA journal_mode = WAL")
    assert kept.execute("SELECT count(*) FROM t").fetchone() == (200,)
    write = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO t VALUES ('y')\"); c.commit(); c.close()"
    for rows in (201, 202, 203):
        assert isinstance(header_of(path), FileHeader)
        subprocess.run([sys.executable, "-c", write, str(path)], check=True)
        assert Path(f"{path}-shm").exists()  # the other process did not take the file as its alone
        fresh = sqlite3.connect(path)
        assert fresh.execute("SELECT count(*) FROM t").fetchone() == (rows,)
        fresh.close()
    kept.close()


def test_a_file_read_again_is_read_through_the_one_descriptor_held_for_it(tmp_path: Path) -> None:
    """The header read ten times holds one descriptor on the file, not ten (a server reads it before
    every use, for days); the file replaced by a new one at the same path is read as the new one.
    A log set aside with no index beside it keeps the log and makes no index. Plants: the held
    descriptor never found again (one more each read); the log's index required."""
    path = tmp_path / "club.db"
    _database(path, generation=3)

    def open_on_it() -> int:
        inode = os.stat(path).st_ino
        return sum(1 for fd in os.listdir("/proc/self/fd") if _inode(fd) == inode)

    header_of(path)
    held = open_on_it()
    for _ in range(10):
        assert isinstance(header_of(path), FileHeader)
    assert open_on_it() == held == 1
    replacement = tmp_path / "new.db"
    _database(replacement, generation=9)
    os.replace(replacement, path)
    found = header_of(path)
    assert isinstance(found, FileHeader) and (found.inode, found.generation) == (os.stat(path).st_ino, 9)
    (tmp_path / "club.db-wal").write_bytes(b"frames" * 10)
    kept = set_aside_log(path)
    assert kept is not None and kept.read_bytes() == b"frames" * 10
    assert not (tmp_path / "club.db-shm").exists()


def _inode(fd: str) -> int | None:
    try:
        return os.stat(f"/proc/self/fd/{fd}").st_ino
    except OSError:
        return None
