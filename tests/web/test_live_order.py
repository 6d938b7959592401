"""A live page never hears a head lower than one it has already heard: a move stored by the server
is told to its pages at once, and a look at the store that read it just before that move must not
take them back. A real SQLite store; the look held at the moment of the race by a gate."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, cast

from events.envelope import new_event
from events.match import Annotation
from replay.app.heads import HeadsReader
from replay.infra import stores
from replay.web.live import Heads
from store import Store
from tests.helpers import Cli
from tests.serving import SERVER_WAIT


class _Gated:
    """The real store, whose look at a head waits at a gate once it has read it (the race's window)."""

    def __init__(self, db: str, gate: threading.Event, reading: threading.Event, looks: list[int]) -> None:
        self.store = stores.open_store(db)
        self.gate, self.reading, self.looks = gate, reading, looks

    def head(self, match: str) -> int:
        head = int(self.store.head(match))
        self.reading.set()
        assert self.gate.wait(SERVER_WAIT)
        self.looks.append(head)
        return head

    def close(self) -> None:
        self.store.close()


class _GatedReader(HeadsReader):
    """The server's heads reader, each look through a gated store."""

    def __init__(self, db: str, gate: threading.Event, reading: threading.Event, looks: list[int]) -> None:
        super().__init__(db)
        self.gated = (gate, reading, looks)

    def _open(self) -> Store:
        return cast("Store", _Gated(self.db, *self.gated))


def test_a_look_that_read_the_store_before_a_move_never_takes_a_page_back(cli: Cli, db: Path) -> None:
    """Plant: the look's heads taken as they were read (the page heard 2, then 1 again)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "m-1").code == 0
    gate, reading, looks = threading.Event(), threading.Event(), []  # type: ignore[var-annotated]
    gate.set()  # the first look goes straight through

    async def watching() -> list[dict[str, Any] | None]:
        heads = Heads(_GatedReader(str(db), gate, reading, looks), interval=0.01)
        heard: list[dict[str, Any] | None] = []
        async with asyncio.timeout(SERVER_WAIT):
            stream = heads.watch("m-1")
            heard.append(await anext(stream))  # head 1, from the first look
            gate.clear()
            reading.clear()
            await asyncio.to_thread(reading.wait)  # the next look has read head 1, and waits
            with stores.open_store(str(db)) as store:  # the server stores a move and tells its pages
                stored = store.append("m-1", 1, [new_event(Annotation(kind="note", seq=1, text="n"), recorded_by="t")])
            heads.told("m-1", stored[-1].seq)
            heard.append(await anext(stream))  # head 2, at once
            gate.set()  # the look that read head 1 returns

            async def listening() -> None:
                async for now in stream:
                    heard.append(now)

            listener = asyncio.create_task(listening())
            while len(looks) < 4:  # the held look and two more after it have been taken in
                await asyncio.sleep(0.01)
            await asyncio.sleep(0)  # what they woke has been heard
            listener.cancel()
        return heard

    assert asyncio.run(watching()) == [{"head_seq": 1}, {"head_seq": 2}]
