"""An SQLite store's file read as bytes, without SQLite: what a server that keeps the file open
checks before every write and again before it folds its write-ahead log into the file, so that a
backup put in place under it (``cp backup.db club.db``) is never mixed with the log of the file it
replaced.

Every write transaction counts one more *generation* in the file's header (SQLite's
``user_version``, ``EventStore._begin``). A writer's log is folded into the file only by a
checkpoint, so while a server writes, the file itself keeps the generation the server saw when it
began: a file whose header is not a whole SQLite file of its stated size, or whose generation went
back, or that is another file, was replaced by another hand.
"""

from __future__ import annotations

import os
import struct
import threading
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

MAGIC = b"SQLite format 3\x00"
WAL_INDEX_HEADER = 136  # bytes at the start of the -shm file: SQLite rebuilds the index when they are zero

# Descriptors on the files read here, by (device, inode, writable), never closed. POSIX record locks
# belong to a process and a file, and closing any descriptor on a file drops every lock the process
# holds on it, SQLite's included: a header read by open() and close() beside a kept connection let
# another process take the file as if no one here read it (its last close checkpoints and deletes
# the -wal and -shm under this process's mapped index, and every connection here then reads
# "database disk image is malformed"). SQLite keeps its own descriptors open for the same reason.
_HELD: dict[tuple[int, int, bool], int] = {}
_HOLDING = threading.Lock()


def _held(path: str | Path, writable: bool = False) -> int:
    """A descriptor on the file now at ``path``, kept open for the life of the process."""
    known = os.stat(path)
    with _HOLDING:
        found = _HELD.get((known.st_dev, known.st_ino, writable))
        if found is not None:
            return found
        descriptor = os.open(path, (os.O_RDWR if writable else os.O_RDONLY) | os.O_CLOEXEC)
        opened = os.fstat(descriptor)  # the file there now, were it replaced since the stat
        # Where that file is held already, this descriptor is left open too: a close drops the locks.
        return _HELD.setdefault((opened.st_dev, opened.st_ino, writable), descriptor)


@dataclass(frozen=True, slots=True)
class FileHeader:
    """What the file's first hundred bytes say, and which file it is."""

    device: int
    inode: int
    generation: int  # one more for every write transaction (user_version)


def header_of(path: str | Path) -> FileHeader | str:
    """The file's header, or why it is not a whole SQLite file now (being copied in, cut, another
    kind of file), in words."""
    try:
        descriptor = _held(path)
        info = os.fstat(descriptor)
        head = os.pread(descriptor, 100, 0)
    except OSError as exc:
        return f"it cannot be read ({exc.strerror})"
    if len(head) < 100 or not head.startswith(MAGIC):
        return "it does not begin as an SQLite file"
    page_size = struct.unpack(">H", head[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    counter, pages, valid_for = (struct.unpack(">I", head[at : at + 4])[0] for at in (24, 28, 92))
    if counter == valid_for and pages and info.st_size < pages * page_size:
        return f"it holds {info.st_size:,} bytes where its header counts {pages * page_size:,}"
    generation = struct.unpack(">i", head[60:64])[0]
    return FileHeader(info.st_dev, info.st_ino, generation)


def replaced(before: FileHeader, now: FileHeader) -> bool:
    """Whether the file is no longer the one whose header was ``before``: another file, or an older
    generation (every writer counts up; a checkpoint only ever writes a later one). A file not whole
    for a moment is neither: it may be a checkpoint under way, and is only not folded into then."""
    return (now.device, now.inode) != (before.device, before.inode) or now.generation < before.generation


def set_aside_log(path: str | Path) -> Path | None:
    """The write-ahead log of a file replaced under its writer, kept beside it under a name of its
    own (``club.db-wal.replaced-20261205T081500Z``) and emptied, with its index marked to be built
    again, so no connection folds it into the file that replaced it. The kept copy, or None where
    the log held nothing."""
    log = Path(f"{path}-wal")
    try:
        size = log.stat().st_size
    except FileNotFoundError:
        return None
    kept = None
    if size:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        kept = log.with_name(f"{log.name}.replaced-{stamp}")
        with open(log, "rb") as source, open(kept, "xb") as target:
            while chunk := source.read(1 << 20):
                target.write(chunk)
            target.flush()
            os.fsync(target.fileno())
    os.truncate(log, 0)
    index = Path(f"{path}-shm")
    with suppress(FileNotFoundError):
        os.pwrite(_held(index, writable=True), bytes(WAL_INDEX_HEADER), 0)  # SQLite's locks live in this file
    return kept
