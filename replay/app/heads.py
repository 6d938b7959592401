"""The heads of the matches the live pages watch, read for the server's one polling task
(``replay/web/live.py``): a look at the heads of some matches (and with the room's screen, at every
match's), and a wait for the next append. On PostgreSQL one connection is kept and listens: every
append, by any process, is said on the heads channel as it commits. An SQLite file is opened for
each look, so a file restored or moved back is read as it now is."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from replay.infra import stores

if TYPE_CHECKING:
    from store import Store
    from store.postgres import PostgresStore

ROOM = "*room"  # the room's screen among the watched (no match id starts with *)


class HeadsReader:
    """The store ``db``'s heads, read in a worker thread, one look at a time."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.pushed = stores.is_server(db)  # a PostgreSQL store: kept open, and listening for appends
        self.kept: PostgresStore | None = None  # the listening connection

    def _open(self) -> Store:
        return stores.open_store(self.db)

    def look(self, matches: list[str], room: bool = False) -> tuple[dict[str, int], dict[str, int] | None]:
        """The heads of ``matches`` (0 for a match not there), and with ``room`` every match's."""
        store = self.kept if self.kept is not None else self._open()
        try:
            if self.pushed and store is not self.kept:
                cast("PostgresStore", store).listen_for_heads()  # before the look: no append falls between the two
            found = {match: store.head(match) for match in matches if match != ROOM}
            every = {head[0]: int(head[1]) for head in store.heads()} if room else None
        except BaseException:
            self._drop(store)
            raise
        if self.pushed:
            self.kept = cast("PostgresStore", store)
        else:
            store.close()
        return found, every

    def wait(self, interval: float) -> None:
        """Until an append is heard (PostgreSQL), or ``interval`` seconds have gone by."""
        kept = self.kept
        if kept is None:
            return
        try:
            kept.moved(interval)
        except BaseException:
            self._drop(kept)
            raise

    def listening(self) -> bool:
        """Whether appends are heard as they commit (a kept PostgreSQL connection), not looked for."""
        return self.pushed and self.kept is not None

    def close(self) -> None:
        if self.kept is not None:
            self._drop(self.kept)

    def _drop(self, store: Store) -> None:
        try:
            store.close()
        finally:
            self.kept = None
