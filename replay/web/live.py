"""The heads of the matches being watched, looked up once for every watching page.

One task per server process reads the head of each watched match (``replay/app/heads.py``), and
wakes the pages whose match moved. On PostgreSQL the reader listens: every append, by any server
process or command, is said as it commits, so a look follows each write at once (and at least
every ``PUSHED_INTERVAL`` seconds, to notice a server gone or back). On SQLite a move stored by
this process wakes its pages at once (``told``), and the file is read again every ``INTERVAL``
seconds for writers elsewhere. A page costs the store nothing of its own,
however many are open. While the store cannot be read, every page is told so (and told again when
it can be), so a page never stays behind without a word.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections import Counter
from collections.abc import AsyncGenerator, Iterable
from contextlib import aclosing, suppress
from typing import Any

from events.errors import InputError
from events.ids import check_match_id
from replay.app.heads import ROOM, HeadsReader
from replay.web.guard import SECURITY_HEADERS, ASGIApp, Receive, Scope, Send, answers_to

INTERVAL = 0.25  # seconds between two looks at the watched heads of an SQLite file
PUSHED_INTERVAL = 1.0  # at most this long between two looks on PostgreSQL, where writes are heard
QUIET = 15.0  # seconds after which a watching page is sent a comment, so a dead connection is noticed


class Heads:
    """Each watched match's head, kept by one polling task; ``watch`` follows one match."""

    def __init__(self, reader: HeadsReader, *, interval: float | None = None) -> None:
        self.reader = reader  # the store's heads, read through the application (``replay/app/heads.py``)
        self.interval = interval if interval is not None else PUSHED_INTERVAL if reader.pushed else INTERVAL
        self.watched: Counter[str] = Counter()
        self.heads: dict[str, int] = {}
        self.trouble: str | None = None  # why the store cannot be read now
        self.waking: dict[str, asyncio.Event] = {}  # by match: set when its head (or the trouble) changes
        self.task: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        # Heads told while a look was under way: that look may have read the store before the
        # write, and must not take a page back to a head it has already heard.
        self.told_during_look: dict[str, int] = {}
        self.stopping = False  # the server is stopping: every page's stream ends, so none holds it up
        # The room's screen: every match's head, one look for all (a room of ten tables is one
        # stream, not ten), and how many times they have changed since this process began.
        self.room_watchers = 0
        self.room: dict[str, int] | None = None
        self.room_version = 0

    def stop(self) -> None:
        """End every watching page's stream now (the server was told to stop)."""
        self.stopping = True
        self._wake(list(self.waking))

    def _wake(self, matches: Iterable[str]) -> None:
        """The pages of these matches look again; the others sleep on (a move wakes its own table only)."""
        for match in matches:
            event = self.waking.pop(match, None)
            if event is not None:
                event.set()

    def told(self, match: str, head: int) -> None:
        """A move stored by this process: its pages hear of it now, not at the next look."""
        if self.room is not None and head > self.room.get(match, 0) and self.trouble is None:
            self.room = self.room | {match: head}
            self.room_version += 1
            self.told_during_look[match] = max(head, self.told_during_look.get(match, 0))
            self._wake([ROOM])
        if match in self.watched and head > self.heads.get(match, 0) and self.trouble is None:
            self.heads[match] = head
            self.told_during_look[match] = max(head, self.told_during_look.get(match, 0))
            self._wake([match])

    async def _poll(self) -> None:
        try:
            while self.watched:
                self.told_during_look = {}
                every: dict[str, int] | None = None
                try:
                    found, every = await asyncio.to_thread(self.reader.look, list(self.watched), self.room_watchers > 0)
                    trouble = None
                    for match, head in self.told_during_look.items():  # read before that write: not behind it
                        if match in found and found[match] < head:
                            found[match] = head
                        if every is not None and every.get(match, 0) < head:
                            every[match] = head
                except Exception:  # the store gone for a moment: said to every page (never where it is), tried again
                    found, trouble = {}, "the server cannot read the record just now"
                if trouble != self.trouble:
                    self.trouble = trouble
                    self._wake(list(self.waking))
                moved = [match for match, head in found.items() if self.heads.get(match) != head]
                self.heads.update(found)
                if every is not None and every != self.room:
                    self.room = every
                    self.room_version += 1
                    moved.append(ROOM)
                self._wake(moved)
                if self.reader.listening():
                    with suppress(Exception):  # a server gone: the next look says so
                        await asyncio.to_thread(self.reader.wait, self.interval)
                else:
                    await asyncio.sleep(self.interval)
        finally:
            self.task = None
            with suppress(Exception):
                self.reader.close()

    async def watch_room(self) -> AsyncGenerator[dict[str, Any] | None, None]:
        """The room's screen's one stream: ``{"version": N}`` each time any match's head changes (a
        table moved, a table started), ``{"trouble": why}`` while the store cannot be read; None
        after ``QUIET`` seconds of nothing."""
        self.room_watchers += 1
        try:
            async for now in self.watch(ROOM):
                yield now
        finally:
            self.room_watchers -= 1
            if not self.room_watchers:
                self.room = None

    async def watch(self, match: str) -> AsyncGenerator[dict[str, Any] | None, None]:
        """The match's state as a page should hear it, each time it changes: ``{"head_seq": N}``, or
        ``{"trouble": why}`` while the store cannot be read; None after ``QUIET`` seconds of
        nothing, to keep the line open. A page that goes away cancels its stream, which ends this."""
        self.watched[match] += 1
        self.loop = asyncio.get_running_loop()
        if self.task is None:
            self.task = asyncio.create_task(self._poll())
        try:
            said: dict[str, Any] | None = None
            while not self.stopping:
                waking = self.waking.setdefault(match, asyncio.Event())
                if self.trouble is not None:
                    now: dict[str, Any] | None = {"trouble": self.trouble}
                elif match == ROOM:
                    now = {"version": self.room_version} if self.room is not None else None
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
            if self.watched[match] <= 0:  # nobody watches it now: nothing of it is kept
                del self.watched[match]
                self.heads.pop(match, None)
                self.waking.pop(match, None)
                self.told_during_look.pop(match, None)


_LIVE = re.compile(r"^/api/matches/([^/]+)/live$")
_ROOM = "/api/room/live"
_STREAM_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                   *SECURITY_HEADERS]  # fmt: skip
_FRAMES_KEPT = 4096
# The matches one client (an address) may follow live at once: a phone follows one, a host's tablet
# a night's tables; more than this is refused (429), so nobody can make the server keep ids for ever.
MATCHES_PER_CLIENT = 64


class LiveFront:
    """The live streams answered in front of the framework: a room of pages watching one table
    costs the server a send of the same bytes to each page when the table moves, not a pass through
    the per-request middleware and a JSON encoding for each. A frame (``event: head`` with its
    data) is encoded once for every page that is sent it. A request with a ``Host`` the server does
    not answer to, and every other request, goes on to the application (``replay/web/guard.py``
    refuses the name there)."""

    def __init__(self, app: ASGIApp, heads: Heads, hosts: frozenset[str]) -> None:
        self.app = app
        self.heads = heads
        self.hosts = hosts
        self.frames: dict[tuple[str, tuple[tuple[str, Any], ...]], bytes] = {}
        self.following: dict[str, Counter[str]] = {}  # by client address: its open streams of each match

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and self._named_here(scope):
            path = scope["path"]
            if path == _ROOM:
                await self._stream(self.heads.watch_room(), "room", "the room's live stream", receive, send)
                return
            found = _LIVE.match(path)
            if found is not None:
                await self._follow(scope, found.group(1), receive, send)
                return
        await self.app(scope, receive, send)

    async def _follow(self, scope: Scope, match: str, receive: Receive, send: Send) -> None:
        """One page's stream of ``match``: its id checked by the id rule before anything is kept,
        and a client's matches followed at once bounded."""
        try:
            check_match_id(match)
        except InputError as exc:
            await _refuse(send, 404, exc.message, "match.id")
            return
        client = str((scope.get("client") or ("",))[0])
        following = self.following.setdefault(client, Counter())
        if match not in following and len(following) >= MATCHES_PER_CLIENT:
            await _refuse(send, 429, f"this device follows {MATCHES_PER_CLIENT} tables live already; close some of "
                          "their pages, then open this one again", "live.too_many")  # fmt: skip
            return
        following[match] += 1
        try:
            await self._stream(self.heads.watch(match), "head", f"the live stream of {match}", receive, send)
        finally:
            following[match] -= 1
            if following[match] <= 0:
                del following[match]
            if not following:
                self.following.pop(client, None)

    def _named_here(self, scope: Scope) -> bool:
        host = next((value for name, value in scope["headers"] if name.lower() == b"host"), b"")
        return answers_to(host.decode("latin-1"), self.hosts)

    def _frame(self, event: str, now: dict[str, Any] | None) -> bytes:
        if now is None:
            return b": still here\n\n"
        key = ("trouble" if "trouble" in now else event, tuple(now.items()))
        frame = self.frames.get(key)
        if frame is None:
            if len(self.frames) >= _FRAMES_KEPT:
                self.frames.clear()
            frame = self.frames[key] = f"event: {key[0]}\ndata: {json.dumps(now)}\n\n".encode()
        return frame

    async def _stream(
        self, watched: AsyncGenerator[dict[str, Any] | None, None], event: str, what: str, receive: Receive, send: Send
    ) -> None:
        """Server-sent events of what ``watched`` tells: ``event`` with it, ``trouble`` while the
        store cannot be read, a comment now and then to keep the line open. It always answers 200
        and never ends by itself (but at the server's stop), so a page's stream comes back after any
        outage; it ends when the page goes away."""
        await send({"type": "http.response.start", "status": 200, "headers": _STREAM_HEADERS})
        await send({"type": "http.response.body", "body": b"retry: 1000\n\n", "more_body": True})

        async def pump() -> None:
            try:
                async with aclosing(watched):
                    async for now in watched:
                        body = self._frame(event, now)
                        await send({"type": "http.response.body", "body": body, "more_body": True})
            except asyncio.CancelledError:
                raise
            except OSError:
                return  # the page went away mid-send
            except Exception as exc:  # a bug: one line, and the page reconnects
                sys.stderr.write(f"taikyoku: {what} stopped ({type(exc).__name__})\n")

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        pumping, waiting = asyncio.ensure_future(pump()), asyncio.ensure_future(gone())
        try:
            await asyncio.wait({pumping, waiting}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (pumping, waiting):
                task.cancel()
            for task in (pumping, waiting):
                with suppress(BaseException):
                    await task
        if waiting.cancelled():  # the stream ended with the page still there (the server stops): it is told so
            with suppress(Exception):
                await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _refuse(send: Send, status: int, error: str, code: str) -> None:
    """A stream refused before it starts: one line of JSON, as every refusal of the server."""
    body = json.dumps({"error": error, "code": code}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *SECURITY_HEADERS]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
