"""The heads of the matches being watched, looked up once for every watching page.

One task per server process reads the head of each watched match every ``INTERVAL`` seconds,
through one store connection (on PostgreSQL kept open; an SQLite file is opened for each look, so a
file restored or moved back is read as it now is), and wakes the pages whose match moved. A page
costs the store nothing of its own, however many are open. While the store cannot be read, every
page is told so (and told again when it can be), so a page never stays behind without a word.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import suppress
from typing import Any

INTERVAL = 0.25  # seconds between two looks at the watched heads
QUIET = 15.0  # seconds after which a watching page is sent a comment, so a dead connection is noticed


class Heads:
    """Each watched match's head, kept by one polling task; ``watch`` follows one match."""

    def __init__(self, open_store: Callable[[], Any], *, keep_open: bool) -> None:
        self.open_store = open_store
        self.keep_open = keep_open
        self.watched: Counter[str] = Counter()
        self.heads: dict[str, int] = {}
        self.trouble: str | None = None  # why the store cannot be read now
        self.waking: dict[str, asyncio.Event] = {}  # by match: set when its head (or the trouble) changes
        self.task: asyncio.Task[None] | None = None
        self.kept: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def _wake(self, matches: Iterable[str]) -> None:
        """The pages of these matches look again; the others sleep on (a move wakes its own table only)."""
        for match in matches:
            event = self.waking.pop(match, None)
            if event is not None:
                event.set()

    def told(self, match: str, head: int) -> None:
        """A move stored by this process: its pages hear of it now, not at the next look."""
        if match in self.watched and head > self.heads.get(match, 0) and self.trouble is None:
            self.heads[match] = head
            self._wake([match])

    def _look(self, matches: list[str]) -> dict[str, int]:
        """The heads of ``matches`` (0 for a match not there), in a worker thread."""
        store = self.kept if self.kept is not None else self.open_store()
        try:
            found = {match: store.head(match) for match in matches}
        except BaseException:
            store.close()
            self.kept = None
            raise
        if self.keep_open:
            self.kept = store
        else:
            store.close()
        return found

    async def _poll(self) -> None:
        try:
            while self.watched:
                try:
                    found = await asyncio.to_thread(self._look, list(self.watched))
                    trouble = None
                except Exception:  # the store gone for a moment: said to every page (never where it is), tried again
                    found, trouble = {}, "the server cannot read the record just now"
                if trouble != self.trouble:
                    self.trouble = trouble
                    self._wake(list(self.waking))
                moved = [match for match, head in found.items() if self.heads.get(match) != head]
                self.heads.update(found)
                self._wake(moved)
                await asyncio.sleep(INTERVAL)
        finally:
            self.task = None
            if self.kept is not None:
                with suppress(Exception):
                    self.kept.close()
                self.kept = None

    async def watch(self, match: str) -> AsyncIterator[dict[str, Any] | None]:
        """The match's state as a page should hear it, each time it changes: ``{"head_seq": N}``, or
        ``{"trouble": why}`` while the store cannot be read; None after ``QUIET`` seconds of
        nothing, to keep the line open. A page that goes away cancels its stream, which ends this."""
        self.watched[match] += 1
        self.loop = asyncio.get_running_loop()
        if self.task is None:
            self.task = asyncio.create_task(self._poll())
        try:
            said: dict[str, Any] | None = None
            while True:
                waking = self.waking.setdefault(match, asyncio.Event())
                if self.trouble is not None:
                    now: dict[str, Any] | None = {"trouble": self.trouble}
                elif match in self.heads:
                    now = {"head_seq": self.heads[match]}
                else:
                    now = None  # not looked up yet
                if now is not None and now != said:
                    said = now
                    yield now
                    continue
                try:
                    async with asyncio.timeout(QUIET):
                        await waking.wait()
                except TimeoutError:
                    yield None
        finally:
            self.watched[match] -= 1
            if self.watched[match] <= 0:
                del self.watched[match]
