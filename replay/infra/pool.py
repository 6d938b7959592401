"""The connections a process keeps to its store, and the SQLite file watched under them.

A command opens its SQLite file for one use and closes it. A server keeps a few connections (a
PostgreSQL server's, or an SQLite file's) and hands one to each use; an SQLite file it keeps open is
checked against the file as it now is before each use, so a backup copied over it, or a checkpoint
made by another process, is never read or written through connections to the file it replaced.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from events.errors import TaikyokuError
from replay.infra import stores

if TYPE_CHECKING:
    from store import Store
    from store.sqlite_file import FileHeader


class StorePool:
    """The store named ``db``, one use at a time (``store()``): pooled (``keep_file_open``, or
    always for a server's URL) up to ``connections`` kept connections, else opened for each use."""

    def __init__(self, db: str, *, connections: int = 4, create: bool = False, keep_file_open: bool = False) -> None:
        self.db = db
        self.create = create  # an SQLite file made on first use
        self.on_server = stores.is_server(db)
        self.pooled = self.on_server or keep_file_open
        self.connections = connections
        self._file_seen: object = None  # the SQLite file as this process last left it (``stores.file_state``)
        self._header_seen: FileHeader | None = None  # and its header then: its generation, which file
        self._generation = 0  # bumped when the file is found changed by another hand: older connections go
        self._born: dict[int, int] = {}  # a kept SQLite connection's generation, by id()
        self._idle: queue.LifoQueue[Store] = queue.LifoQueue()
        self.opened = 0  # connections open now, idle or in use
        self._opening = threading.Lock()

    def changed_by_another_hand(self) -> bool:
        """Whether a kept SQLite file changed since this process last used it (a backup may be in it)."""
        return self.pooled and not self.on_server and stores.file_state(self.db) != self._file_seen

    @contextmanager
    def store(self) -> Iterator[Store]:
        """The store for one use: a pooled connection (one whose server went away is closed, not
        pooled again), or for a command an SQLite file opened now.

        A server's SQLite connections are kept too, and still see the file as it now is: the file's
        state (device, inode, size, change time) is compared with the one this process left it in,
        and a file changed by another hand (a backup copied or moved over it, a checkpoint made by
        another process) has every connection opened before it closed and a new one opened. After
        each use that finds the write-ahead log holding something (its own write, or another
        process's since), the log is folded into the file and emptied when no reader holds it, so
        that between uses the file stands alone, as a file closed after every use does: a backup put
        over it is not read through a log of the file it replaced."""
        if not self.pooled:
            with stores.open_store(self.db, create=self.create) as store:
                yield store
            return
        store = self._take() if self.on_server else self._take_file()
        # The file as this use found it: refused for a moment while it is not whole (a backup being
        # copied in; a write would read it part way).
        began = None if self.on_server else stores.checked_header(self.db) or self._header_seen
        healthy = replaced = False
        kept: Path | None = None
        changes = stores.written_rows(store)
        try:
            yield store
            healthy = True
        except Exception as exc:
            healthy = not (isinstance(exc, TaikyokuError) and exc.kind in ("unavailable", "missing", "corrupt"))
            raise
        finally:
            if healthy and not self.on_server:
                healthy = self._born.get(id(store)) == self._generation
                if healthy and (stores.written_rows(store) != changes or stores.log_waiting(self.db)):
                    now = stores.header(self.db)
                    replaced = began is not None and now is not None and stores.replaces(began, now)
                    if replaced:  # the log set aside before any connection closes (a close folds it in)
                        kept = stores.set_aside_log(self.db)
                        with self._opening:
                            self._generation += 1
                        self.close()
                    elif now is not None:  # a whole file: the log folded in (part way through a copy, kept)
                        with suppress(Exception):
                            stores.empty_the_log(store)
                        self._left_file(began or now)
            if healthy and not replaced:
                self._idle.put(store)
            else:
                self._born.pop(id(store), None)
                with suppress(Exception):
                    store.close()
                with self._opening:
                    self.opened -= 1
        if replaced:
            self._replaced(kept)

    def _left_file(self, began: FileHeader) -> None:
        """The file as this process leaves it after folding its log in, remembered only where no other
        hand changed it meanwhile (a copy that came as the log was folded in): the next use then
        looks at the file anew, and its kept connections, whose pages may be the old file's, go."""
        state = stores.file_state(self.db)
        after = stores.header(self.db)
        same = after is not None and not stores.replaces(began, after) and stores.file_state(self.db) == state
        with self._opening:
            self._file_seen = state if same else None
            self._header_seen = after if same else self._header_seen

    def _replaced(self, kept: Path | None) -> None:
        """The file was replaced under a use (a backup copied in): the log of the file it replaced
        was kept beside it (``kept``) and emptied, never folded into the file now there, and every
        kept connection went; the caller is told (``StoreReplacedError``: a retry writes to the new file)."""
        from store.errors import StoreReplacedError

        where = f"kept in {stores.shown(str(kept))}" if kept is not None else "not kept"
        raise StoreReplacedError(
            f"the store's file {stores.shown(self.db)} was replaced while this was written (a backup put in "
            f"place?): what was written is not in it ({where}); send it again, and restore backups as "
            "docs/serve.md says"
        )

    def _take_file(self) -> Store:
        """A kept connection to the SQLite file as it now is (see ``store``): refused for now while
        the file is not a whole SQLite file (a backup being copied in), and after a file replaced
        between two uses, no log of the file it replaced read into it."""
        now = stores.file_state(self.db)
        found = stores.checked_header(self.db) if now != self._file_seen else None  # refused while copied in
        with self._opening:
            changed = now != self._file_seen
            if changed:
                self._generation += 1
                self._file_seen = now
                seen, self._header_seen = self._header_seen, found
        if changed:
            if seen is not None and found is not None and stores.replaces(seen, found):
                # Replaced since the last use: the log is the old file's, set aside before any
                # connection closes (a close folds the log into whatever file is there).
                stores.set_aside_log(self.db)
            self.close()  # the idle ones; those in use close when they come back
        while True:
            store = self._take()
            born = self._born.setdefault(id(store), self._generation)
            if born == self._generation:
                break
            self._born.pop(id(store), None)  # given back while the change was being found
            with suppress(Exception):
                store.close()
            with self._opening:
                self.opened -= 1
        if not changed and self._file_seen is None:
            with self._opening:
                self._file_seen = stores.file_state(self.db)  # the first opening may have made the file
        return store

    def _take(self) -> Store:
        with suppress(queue.Empty):
            return self._idle.get_nowait()
        with self._opening:
            room = self.opened < self.connections
            if room:
                self.opened += 1
        if not room:
            return self._idle.get()  # every connection in use: wait for one
        try:
            return stores.open_store(self.db, create=self.create)
        except BaseException:
            with self._opening:
                self.opened -= 1
            raise

    def close(self) -> None:
        """Close the idle kept connections (a store in use closes when it is given back)."""
        while True:
            try:
                store = self._idle.get_nowait()
            except queue.Empty:
                return
            self._born.pop(id(store), None)
            with suppress(Exception):
                store.close()
            with self._opening:
                self.opened -= 1

    def place(self) -> object:
        """Which store a use finds: for kept SQLite connections, the file as they last found it (a
        backup copied into the same file is another store); else the file by its device and inode,
        or the server's URL."""
        if self.pooled and not self.on_server:
            return self._generation
        return stores.identity(self.db)
