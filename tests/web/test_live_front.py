"""The live streams answered in front of the framework (``replay/web/live.py``'s ``LiveFront``):
a room of pages on one table is sent one encoded frame, the same bytes for every page; a page
that goes away is forgotten; a name the server does not answer to is refused as any request is.
The served application over a real SQLite file, driven through ASGI as uvicorn drives it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from replay.web.server import create_app
from tests.helpers import Cli
from tests.serving import SERVER_WAIT


class _Page:
    """One live page: what it was sent, and its line to close."""

    def __init__(self, app: Any, path: str, host: bytes = b"127.0.0.1:8000", client: str = "127.0.0.1") -> None:
        self.sent: list[dict[str, Any]] = []
        self.heard = asyncio.Event()
        self.leaving = asyncio.Event()
        scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
                 "headers": [(b"host", host)], "scheme": "http", "http_version": "1.1",
                 "client": (client, 1), "server": ("127.0.0.1", 8000), "root_path": ""}  # fmt: skip
        self.task = asyncio.ensure_future(app(scope, self._receive, self._send))

    async def _receive(self) -> dict[str, Any]:
        await self.leaving.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        self.heard.set()

    def bodies(self) -> list[bytes]:
        return [m["body"] for m in self.sent if m["type"] == "http.response.body" and m["body"]]

    async def hears(self, wanted: bytes) -> bytes:
        while True:
            for body in self.bodies():
                if wanted in body:
                    return body
            self.heard.clear()
            await self.heard.wait()


def test_pages_on_one_table_are_sent_the_same_frame_and_forgotten_when_they_go(
    cli: Cli, db: Path, secret: Path
) -> None:
    """Plant: a frame encoded for each page (not the same bytes), or a page gone left watched."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    front = create_app(str(db))
    heads = front.heads

    async def room() -> None:
        async with asyncio.timeout(SERVER_WAIT):
            pages = [_Page(front, "/api/matches/tbl-1/live") for _ in range(20)]
            first = [await page.hears(b'data: {"head_seq": 1}') for page in pages]
            assert heads.watched["tbl-1"] == 20
            assert all(frame is first[0] for frame in first)  # one encoding for every page
            assert first[0] == b'event: head\ndata: {"head_seq": 1}\n\n'
            start = pages[0].sent[0]
            assert start["status"] == 200
            assert (b"content-type", b"text/event-stream; charset=utf-8") in start["headers"]
            assert (b"x-frame-options", b"DENY") in start["headers"]
            front.app.state.shared.taikyoku.enter("tbl-1", "next", recorded_by="t", expected_seq=1)
            second = [await page.hears(b'data: {"head_seq": 2}') for page in pages]
            assert all(frame is second[0] for frame in second)
            for page in pages[:15]:
                page.leaving.set()
            await asyncio.gather(*(page.task for page in pages[:15]))
            assert heads.watched["tbl-1"] == 5
            for page in pages[15:]:
                page.leaving.set()
            await asyncio.gather(*(page.task for page in pages[15:]))
            assert "tbl-1" not in heads.watched
            stranger = _Page(front, "/api/matches/tbl-1/live", host=b"evil.example")
            await stranger.task
            assert stranger.sent[0]["status"] == 421 and b"host.unknown" in stranger.bodies()[0]
            assert "tbl-1" not in heads.watched

    try:
        asyncio.run(room())
    finally:
        front.app.state.shared.taikyoku.close()


def test_made_up_ids_are_refused_at_once_and_nothing_of_a_closed_stream_is_kept(
    cli: Cli, db: Path, secret: Path
) -> None:
    """An id the match-id rule refuses (4,000 characters; upper case) is a 404 before anything is
    kept; one client follows at most 64 matches at once (the 65th is a 429, another client's is
    served); once the pages close, nothing of their ids is kept. Plants: the id kept unchecked; the
    heads and wake-ups of a match kept after its last page closed (the server grew 90 MiB for
    20,000 ids); no bound per client."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    front = create_app(str(db))
    heads = front.heads

    async def flood() -> None:
        async with asyncio.timeout(SERVER_WAIT):
            for bad in ("x" * 4000, "TBL-1"):
                page = _Page(front, f"/api/matches/{bad}/live")
                await page.task
                assert page.sent[0]["status"] == 404
                shown = bad if len(bad) <= 80 else bad[:77] + "..."
                assert page.bodies() == [json.dumps({
                    "error": f"match id {shown!r} is not valid; use 3-64 lower-case letters, digits and dashes",
                    "code": "match.id"}).encode()]  # fmt: skip
            assert not heads.watched and not heads.heads and not heads.waking and not front.following
            pages = [_Page(front, f"/api/matches/made-up-{n}/live") for n in range(64)]
            await asyncio.gather(*(page.hears(b'data: {"head_seq": 0}') for page in pages))
            same = _Page(front, "/api/matches/made-up-0/live")  # a match it follows already: served
            await same.hears(b'data: {"head_seq": 0}')
            over = _Page(front, "/api/matches/made-up-64/live")
            await over.task
            assert over.sent[0]["status"] == 429
            assert over.bodies() == [json.dumps({
                "error": "this device follows 64 tables live already; close some of their pages, then open this one "
                         "again", "code": "live.too_many"}).encode()]  # fmt: skip
            other = _Page(front, "/api/matches/made-up-64/live", client="127.0.0.2")  # another device
            await other.hears(b'data: {"head_seq": 0}')
            assert len(heads.watched) == 65 and len(front.following["127.0.0.1"]) == 64
            for page in (*pages, same, other):
                page.leaving.set()
            await asyncio.gather(*(page.task for page in (*pages, same, other)))
            assert not heads.watched and not heads.heads and not heads.waking and not front.following

    try:
        asyncio.run(flood())
    finally:
        front.app.state.shared.taikyoku.close()
