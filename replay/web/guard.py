"""What every request to ``taikyoku serve`` passes before the application sees it.

- The ``Host`` it names must be one the server answers to (its addresses, ``localhost``, the
  ``--url`` name): a page of another site that had its own name point at the laptop (DNS
  rebinding) is refused (421) and never sees a token.
- A write (POST) must come from the server's own pages (its ``Origin``, when sent, is one of those
  names, and the one the request was sent to), carry the match's token, and fit in ``BODY_LIMIT``
  bytes: the token is checked before a byte of the body is read, and a larger body is refused
  (413) as soon as it is seen to be larger, so nobody without a token can make the server hold
  more than that.
- Every answer says it may not be framed by another site, and keeps its address from being sent on.
- An error of the framework's or a bug is one line of JSON (``{"error", "code"}``) to the client
  and one line on the server's stderr, never a traceback.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from replay.web.addresses import host_name

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODY_LIMIT = 1 << 20  # 1 MiB: 500 events of the largest kind fit in a fifth of it
_WRITE = re.compile(r"^/api/matches/([^/]+)/(moves|events)$")
SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]

# Why a write may not go ahead, before its body is read: (status, message, code), or None.
WriteCheck = Callable[[str, str | None], Awaitable[tuple[int, str, str] | None]]


class Guard:
    """The ASGI middleware that holds every request to the rules above."""

    def __init__(self, app: ASGIApp, *, hosts: frozenset[str], check_write: WriteCheck) -> None:
        self.app = app
        self.hosts = hosts
        self.check_write = check_write

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in SECURITY_HEADERS if h[0] not in present)]  # fmt: skip
            await send(message)

        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        host = headers.get("host", "")
        if not answers_to(host, self.hosts):
            await _refuse(send_guarded, 421, "this server does not answer to that name; open it by the address "
                          "`taikyoku serve` printed", "host.unknown")  # fmt: skip
            return
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refused = await self._refused_write(scope, headers, host)
            if refused is not None:
                await _refuse(send_guarded, *refused)
                return
            body = await _bounded_body(receive, headers)
            if body is None:
                await _refuse(send_guarded, 413, f"the request is larger than {BODY_LIMIT // 1024} KiB; send "
                              "fewer events at a time", "request.too_large")  # fmt: skip
                return
            receive = _replaying(body, receive)
        try:
            await self.app(scope, receive, send_guarded)
        except Exception as exc:  # a bug: one line here, one line of JSON to the client
            sys.stderr.write(f"taikyoku: internal error ({type(exc).__name__}) on {scope['method']} "
                             f"{scope['path'][:200]}; please report it\n")  # fmt: skip
            if not started:
                await _refuse(send_guarded, 500, "internal error; please report it", "internal")

    async def _refused_write(self, scope: Scope, headers: dict[str, str], host: str) -> tuple[int, str, str] | None:
        origin = headers.get("origin")
        if origin is not None and (
            host_name(origin) not in self.hosts or origin.split("://", 1)[-1].lower() != host.lower()
        ):
            return 403, "this write comes from a page of another site; record from the table's own page", "origin"
        found = _WRITE.match(scope["path"])
        if found is None:
            return None  # not a table's write: the application answers it (a 404 or a 405)
        return await self.check_write(found.group(1), headers.get("authorization"))


def answers_to(host: str, hosts: frozenset[str]) -> bool:
    """Whether a request whose ``Host`` header is ``host`` names this server (its rule, held once for
    every request and for the live streams answered in front of the framework)."""
    return host_name(host) in hosts


async def _bounded_body(receive: Receive, headers: dict[str, str]) -> bytes | None:
    """The request's body, or None as soon as it is seen to pass ``BODY_LIMIT``."""
    declared = headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_LIMIT:
        return None
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > BODY_LIMIT:
            return None
        parts.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(parts)


def _replaying(body: bytes, receive: Receive) -> Receive:
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: the client's disconnect, when it comes

    return replay


async def _refuse(send: Send, status: int, error: str, code: str) -> None:
    body = json.dumps({"error": error, "code": code}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-store")]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
