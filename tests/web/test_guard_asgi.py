"""The server's guard in-process, message by message as an ASGI server speaks to it (the real server
process is tests/web/test_guard.py): the names it answers to, a write's origin, token check and body
limit before the application sees a byte, the headers every answer carries, and a bug said in one
line. Every refusal is matched whole: status, headers and body."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from replay.web.guard import BODY_LIMIT, Guard, Message

HOSTS = frozenset({"127.0.0.1", "localhost", "club.local"})
SECURITY = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class Seen:
    """What the application behind the guard was given, and what went out to the client."""

    def __init__(self) -> None:
        self.app_calls: list[dict[str, Any]] = []
        self.receives: list[Any] = []
        self.first_messages: list[Message] = []
        self.bodies: list[bytes] = []
        self.after_body: list[Message] = []
        self.checked: list[tuple[str, str | None]] = []
        self.sent: list[Message] = []
        self.received = 0


def run(
    method: str = "GET",
    path: str = "/",
    headers: dict[str, str] | None = None,
    chunks: list[bytes] | None = None,
    *,
    messages: list[Message] | None = None,
    no_host: bool = False,
    refusal: tuple[int, str, str] | None = None,
    app_headers: list[tuple[bytes, bytes]] | None = None,
    fails: str = "",
    scope_type: str = "http",
    bare: bool = False,
) -> Seen:
    seen = Seen()
    app_headers = [] if app_headers is None and not bare else app_headers
    given = ({} if no_host else {"host": "127.0.0.1:8000"}) | (headers or {})
    scope = {"type": scope_type, "method": method, "path": path,
             "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in given.items()]}  # fmt: skip
    queue = (
        [{"type": "http.request", "body": c, "more_body": i < len(chunks) - 1} for i, c in enumerate(chunks)]
        if chunks
        else []
    )
    queue = list(messages) if messages is not None else queue
    queue.append({"type": "http.disconnect"})

    async def receive() -> Message:
        seen.received += 1
        return queue.pop(0)

    async def send(message: Message) -> None:
        seen.sent.append(message)

    async def app(scope: Any, app_receive: Any, send: Any) -> None:
        seen.app_calls.append(scope)
        seen.receives.append(app_receive)
        if fails == "before":
            raise RuntimeError("a bug")
        if method not in ("GET", "HEAD", "OPTIONS"):
            first = await app_receive()
            seen.first_messages.append(first)
            seen.bodies.append(first["body"])
            seen.after_body.append(await app_receive())
        started: Message = {"type": "http.response.start", "status": 200}
        if app_headers is not None:
            started["headers"] = app_headers
        await send(started)
        if fails == "after":
            raise RuntimeError("a bug")
        await send({"type": "http.response.body", "body": b"ok"})

    async def check_write(match: str, authorization: str | None) -> tuple[int, str, str] | None:
        seen.checked.append((match, authorization))
        return refusal

    asyncio.run(Guard(app, hosts=HOSTS, check_write=check_write)(scope, receive, send))
    seen.scope = scope  # type: ignore[attr-defined]
    seen.receive = receive  # type: ignore[attr-defined]
    return seen


def refused(seen: Seen) -> tuple[int, dict[str, Any], list[tuple[bytes, bytes]]]:
    start, body = seen.sent
    assert body["type"] == "http.response.body"
    return start["status"], json.loads(body["body"]), start["headers"]


def refusal_headers(body: dict[str, Any]) -> list[tuple[bytes, bytes]]:
    length = str(len(json.dumps(body).encode())).encode()
    return [(b"content-type", b"application/json"), (b"content-length", length), (b"cache-control", b"no-store"),
            *SECURITY]  # fmt: skip


def test_a_name_the_server_does_not_answer_to_is_refused_before_anything_else() -> None:
    seen = run("POST", "/api/matches/m-1/moves", {"host": "evil.example:8000"}, [b"{}"])
    said = {"error": "this server does not answer to that name; open it by the address `taikyoku serve` printed",
            "code": "host.unknown"}  # fmt: skip
    assert refused(seen) == (421, said, refusal_headers(said))
    assert (seen.app_calls, seen.checked, seen.received) == ([], [], 0)
    assert refused(run("GET", "/", {"host": ""}))[0] == 421  # an empty Host
    assert refused(run("GET", "/", no_host=True))[0] == 421  # no Host at all


def test_a_read_goes_through_with_the_headers_every_answer_carries() -> None:
    for method in ("GET", "HEAD", "OPTIONS"):
        seen = run(method, "/api/matches/m-1/moves", {"host": "club.local:8000"})
        assert seen.app_calls == [seen.scope] and seen.checked == [] and seen.received == 0  # type: ignore[attr-defined]
        assert seen.sent[0] == {"type": "http.response.start", "status": 200, "headers": SECURITY}
    # A header the application set itself is kept, never doubled.
    seen = run(app_headers=[(b"x-frame-options", b"SAMEORIGIN")])
    assert seen.sent[0]["headers"] == [(b"x-frame-options", b"SAMEORIGIN"), *SECURITY[1:]]
    # An answer that names no headers at all gets them too.
    assert run(bare=True).sent[0]["headers"] == SECURITY


def test_a_websocket_or_lifespan_scope_passes_untouched() -> None:
    seen = run(scope_type="lifespan", headers={"host": "evil.example"})
    assert seen.app_calls == [seen.scope] and seen.receives == [seen.receive]  # type: ignore[attr-defined]
    assert seen.sent[0]["headers"] == []


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("HTTP://Club.Local:8000", "club.local:8000", True),  # names are not case-sensitive
        ("http://evil.example", "127.0.0.1:8000", False),  # another site
        ("http://localhost:8000", "127.0.0.1:8000", False),  # one of ours, but not the one written to
        ("http://127.0.0.1:9000", "127.0.0.1:8000", False),  # another port
        ("127.0.0.1:8000", "127.0.0.1:8000", True),  # no scheme: the name and port are what is compared
    ],
)
def test_a_write_from_a_page_of_another_site_is_refused(origin: str, host: str, allowed: bool) -> None:
    seen = run("POST", "/api/matches/m-1/moves", {"host": host, "origin": origin}, [b"{}"])
    if allowed:
        assert len(seen.app_calls) == 1 and seen.checked == [("m-1", None)]
        return
    said = {"error": "this write comes from a page of another site; record from the table's own page", "code": "origin"}
    assert refused(seen) == (403, said, refusal_headers(said))
    assert (seen.app_calls, seen.checked, seen.received) == ([], [], 0)


def test_a_tables_write_is_checked_before_its_body_is_read() -> None:
    seen = run("POST", "/api/matches/m-1/events", {"authorization": "Bearer abc"}, [b"{}"],
               refusal=(401, "scan the table's code", "auth.missing"))  # fmt: skip
    said = {"error": "scan the table's code", "code": "auth.missing"}
    assert refused(seen) == (401, said, refusal_headers(said))
    assert (seen.checked, seen.received, seen.app_calls) == ([("m-1", "Bearer abc")], 0, [])
    # Any other write is the application's to answer (a 404, a 405): no token asked.
    seen = run("POST", "/api/matches/m-1/moves/extra", {}, [b"{}"])
    assert seen.checked == [] and len(seen.app_calls) == 1
    seen = run("DELETE", "/api/matches/m-1/moves", {}, [b""])
    assert seen.checked == [("m-1", None)]


def test_a_body_is_read_whole_up_to_the_limit_and_given_to_the_application_once() -> None:
    half = b"x" * (BODY_LIMIT // 2)
    seen = run("POST", "/api/matches/m-1/moves", {}, [half, half])
    assert seen.bodies == [half + half]  # exactly the limit: taken
    assert seen.after_body == [{"type": "http.disconnect"}]  # then the client's own messages
    seen = run("POST", "/api/matches/m-1/moves", {}, [b"ab", b"", b"cd"])
    assert seen.bodies == [b"abcd"]
    # The application is given the body as one message, and then the client's own.
    assert seen.first_messages == [{"type": "http.request", "body": b"abcd", "more_body": False}]
    assert seen.app_calls == [seen.scope]  # type: ignore[attr-defined]
    # A message may leave out its body (empty) and more_body (the last): read once, no more.
    bare = run("POST", "/api/matches/m-1/moves", messages=[{"type": "http.request"}])
    assert bare.bodies == [b""] and bare.after_body == [{"type": "http.disconnect"}]
    last = run("POST", "/api/matches/m-1/moves", messages=[{"type": "http.request", "body": b"ab"}])
    assert last.bodies == [b"ab"] and last.after_body == [{"type": "http.disconnect"}]


def test_a_body_over_the_limit_is_refused_as_soon_as_it_is_seen_to_be() -> None:
    said = {"error": "the request is larger than 1024 KiB; send fewer events at a time", "code": "request.too_large"}
    declared = run("POST", "/api/matches/m-1/moves", {"content-length": str(BODY_LIMIT + 1)}, [b"x"])
    assert refused(declared) == (413, said, refusal_headers(said)) and declared.received == 0
    exact = run("POST", "/api/matches/m-1/moves", {"content-length": str(BODY_LIMIT)}, [b"x"])
    assert exact.bodies == [b"x"]
    sent = run("POST", "/api/matches/m-1/moves", {}, [b"x" * BODY_LIMIT, b"y", b"never read"])
    assert refused(sent) == (413, said, refusal_headers(said)) and sent.received == 2 and sent.app_calls == []


def test_a_client_gone_mid_body_leaves_what_came() -> None:
    seen = run("POST", "/api/matches/m-1/moves", {}, [b"ab", b"cd"])
    assert seen.bodies == [b"abcd"]
    gone = run("POST", "/api/matches/m-1/moves", {}, [])  # only the disconnect
    assert gone.bodies == [b""]


def test_a_bug_is_one_line_here_and_one_line_of_json_to_the_client(capsys: pytest.CaptureFixture[str]) -> None:
    seen = run("GET", "/tables/" + "x" * 300, fails="before")
    said = {"error": "internal error; please report it", "code": "internal"}
    assert refused(seen) == (500, said, refusal_headers(said))
    assert (
        capsys.readouterr().err
        == f"taikyoku: internal error (RuntimeError) on GET /tables/{'x' * 192}; please report it\n"
    )
    late = run("GET", "/", fails="after")  # the answer had begun: nothing more can be sent
    assert [m["type"] for m in late.sent] == ["http.response.start"]
    assert capsys.readouterr().err == "taikyoku: internal error (RuntimeError) on GET /; please report it\n"
