"""`taikyoku serve`: the club laptop's server. Every table's phone records its game by tapping the
moves the rules allow; the umpire and the room watch every table live. An adapter over the
application core, as the CLI is: the moves are table mode's words (``replay/app/table.py``), the
state is the repository's, the pages draw with the replay page's renderer.

Reading is open to the network served; writing to a match needs its token (``Authorization:
Bearer TOKEN``; ``replay/app/tokens.py``). A write names the head it was made on
(``expected_seq``): the second of two taps on the same moment gets 409 and nothing is stored
twice. No request's token or query string is ever logged.
"""

from __future__ import annotations

import asyncio
import html
import json
import sys
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field

from events.errors import InputError, TaikyokuError
from replay.app import listing, stores, tokens
from replay.app.catalog import GAMES
from replay.app.reading import view_document
from replay.app.repository import MatchRepository
from replay.app.table import deal_layout, entries, intent_of, question, translate
from replay.app.view_page import asset

LIVE_POLL = 0.25  # seconds between two looks at a match's head for the live pages


class EventIn(BaseModel):
    type: str
    payload: dict[str, Any]
    schema_version: int | None = None


class EventsIn(BaseModel):
    expected_seq: int = Field(ge=1, description="The head the events were made on (the match's last seq).")
    events: list[EventIn] = Field(min_length=1, max_length=500)


class MoveIn(BaseModel):
    expected_seq: int = Field(ge=1, description="The head the move was made on.")
    move: str = Field(min_length=1, max_length=2000, description="A move in table mode's words: `discard 5m`.")


class Written(BaseModel):
    head_seq: int
    stored: list[int]


def refusal(status: int, error: str, code: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": error, "code": code, **more}, status_code=status)


def create_app(db: str) -> FastAPI:
    """The served application over the store ``db`` (an SQLite file or a postgresql:// URL)."""
    app = FastAPI(title="taikyoku", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")

    def using(use: Callable[[Any], Any]) -> Any:
        with stores.open_store(db) as store:
            return use(store)

    def kept(match: str) -> Any:
        return using(lambda store: MatchRepository(store).get(match))

    def allowed(match: str, authorization: str | None) -> JSONResponse | None:
        if not authorization or not authorization.startswith("Bearer "):
            return refusal(401, "writing needs the table's token: Authorization: Bearer TOKEN", "auth.missing")
        if not tokens.is_token_for(match, authorization.removeprefix("Bearer ")):
            return refusal(403, f"this token does not open match {match}; scan the table's code again", "auth.wrong")
        return None

    def same_origin(request: Request) -> bool:
        """A write from a page of another site is refused even before its token is read."""
        origin = request.headers.get("origin")
        return origin is None or origin.split("://", 1)[-1] == request.headers.get("host")

    def refused_write(match: str, request: Request, authorization: str | None) -> JSONResponse | None:
        """Why a write may not go ahead (another site's page, no token, another match's), or None."""
        if not same_origin(request):
            return refusal(403, "this write comes from a page of another site; record from the table's own page",
                           "origin")  # fmt: skip
        return allowed(match, authorization)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A body that is not what the endpoint takes: said in one line, with where."""
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "the body"
        kind = str(first.get("type", ""))
        said = {"missing": "is missing", "json_invalid": "is not JSON"}.get(kind, "is not what this endpoint takes")
        return refusal(422, f"{where} {said}; send {{\"expected_seq\": N, ...}} as /api/openapi.json describes",
                       "request.invalid")  # fmt: skip

    @app.exception_handler(TaikyokuError)
    async def said(request: Request, exc: TaikyokuError) -> JSONResponse:
        kind = type(exc).__name__
        if kind == "ConcurrencyError":
            return refusal(409, exc.message, "conflict", head_seq=getattr(exc, "actual_seq", None))
        if kind == "UnknownMatchError":
            return refusal(404, exc.message, "match.unknown")
        if kind == "IllegalEvent":
            return refusal(422, f"{exc.message}", str(getattr(exc, "code", "illegal")))
        if isinstance(exc, InputError):
            return refusal(422, exc.message, "input")
        return refusal(500, exc.message, kind)

    @app.get("/api/matches")
    def api_matches() -> list[dict[str, Any]]:
        """Every match, as `taikyoku matches --json` lists it."""
        found: list[dict[str, Any]] = using(lambda store: listing.match_rows(store))
        return found

    @app.get("/api/matches/{match}")
    def api_match(match: str) -> dict[str, Any]:
        """The match as `taikyoku replay MATCH --json` gives it, with its head (``head_seq``)."""
        at = kept(match)
        return view_document(match, at.state, at.game, at.head) | {"head_seq": at.head}

    @app.get("/api/matches/{match}/moves")
    def api_moves(match: str) -> dict[str, Any]:
        """The moves the rules allow now, in table mode's words, and the decision asked, if any."""
        at = kept(match)
        asked = question(at.game, at.state)
        everything = GAMES[at.game].entry().entries(at.state)  # once a decision is passed
        return {"head_seq": at.head, "moves": entries(at.game, at.state),
                "asked": None if asked is None else asked[1], "passed": everything,
                "deal": deal_layout(at.game, at.state)}  # fmt: skip

    @app.post("/api/matches/{match}/events", status_code=201, response_model=Written)
    def api_events(
        match: str, body: EventsIn, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """Append events (the documents `taikyoku record` takes): all of them, or none."""
        refused = refused_write(match, request, authorization)
        if refused is not None:
            return refused
        from events import ingest
        from replay.app import service

        def append(store: Any) -> Any:
            pending = []
            for offset, event in enumerate(body.events):
                value: dict[str, Any] = {"type": event.type, "payload": event.payload}
                if event.schema_version is not None:
                    value["schema_version"] = event.schema_version
                document = ingest.Document(f"event {offset + 1}", value)
                complete = ingest.complete(document, match_id=match, seq=body.expected_seq + 1 + offset,
                                           recorded_by=recorder(request))  # fmt: skip
                pending.append(ingest.validate(complete)[2])
            return service.check_and_append(store, match, pending, expected_seq=body.expected_seq)

        stored = using(append)
        return {"head_seq": stored[-1].seq, "stored": [e.seq for e in stored]}

    @app.post("/api/matches/{match}/moves", status_code=201, response_model=Written)
    def api_move(
        match: str, body: MoveIn, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """Record one move in table mode's words (``discard 5m``, ``play pine-crane``, ``undo``)."""
        refused = refused_write(match, request, authorization)
        if refused is not None:
            return refused
        import shlex

        from replay.app import intents, recording

        first, _, rest = body.move.strip().partition(" ")
        try:  # a note or dispute is free text, taken as typed (it's, "quotes")
            words = [first, rest] if first in ("note", "dispute") else shlex.split(body.move)
        except ValueError:
            raise InputError("a quotation mark is not closed; close it, or leave the quotes out") from None
        if not words:
            raise InputError("say a move, e.g. discard 5m")
        at = kept(match)
        if at.head != body.expected_seq:
            return refusal(409, f"the table moved on: the match is at event {at.head}, not {body.expected_seq}",
                           "conflict", head_seq=at.head)  # fmt: skip
        if words[0] == "undo":
            _, stored = using(lambda store: recording.undo_last(
                store, match, recorded_by=recorder(request), expected_seq=body.expected_seq))  # fmt: skip
        elif words[0] in ("note", "dispute"):
            text = rest.strip()
            if not text:
                raise InputError(f"{words[0]} needs a text")
            target = at.folded.history.effective[-1].seq
            intent = intents.annotate(words[0], target, text)
            stored = using(lambda store: recording.record(
                store, match, intent, recorded_by=recorder(request), expected_seq=body.expected_seq).stored)  # fmt: skip
        else:
            intent = intent_of(translate(at.game, at.state, words), match)
            stored = using(lambda store: recording.record(
                store, match, intent, recorded_by=recorder(request), expected_seq=body.expected_seq).stored)  # fmt: skip
        return {"head_seq": stored[-1].seq, "stored": [e.seq for e in stored]}

    @app.get("/api/matches/{match}/live")
    async def live(match: str, request: Request) -> StreamingResponse:
        """Server-sent events: the match's head each time it moves (a page then reads the match)."""
        first = kept(match).head

        async def heads() -> AsyncIterator[str]:
            last = -1
            yield "retry: 1000\n\n"
            while not await request.is_disconnected():  # the store is read off the event loop
                head = first if last < 0 else await asyncio.to_thread(using, lambda store: store.head(match))
                if head != last:
                    last = head
                    yield f"event: head\ndata: {json.dumps({'head_seq': head})}\n\n"
                await asyncio.sleep(LIVE_POLL)

        return StreamingResponse(heads(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    @app.get("/", response_class=HTMLResponse)
    def tables() -> str:
        """The tables in play, with their scores."""
        rows = [r for r in using(lambda store: listing.match_rows(store)) if r["status"] == "in play"]
        items = "".join(
            f'<li><a href="/tables/{html.escape(r["match_id"])}">{html.escape(r["match_id"])}</a> '
            f"({html.escape(r['game'])}): "
            + html.escape(", ".join(f"{n} {s}" for n, s in zip(r["players"], r["standings"], strict=False)))
            + "</li>"
            for r in rows
        )
        return _shell("taikyoku: tables in play", f"<h1>Tables in play</h1><ul>{items or '<li>none yet</li>'}</ul>")

    @app.get("/host", response_class=HTMLResponse)
    def host(request: Request) -> Response:
        """The host's page, on the serving laptop only: each table's link with its token, and its QR code."""
        client = request.client.host if request.client else ""
        if client not in ("127.0.0.1", "::1", "localhost"):
            return HTMLResponse(_shell("taikyoku", "<p>This page opens only on the serving laptop.</p>"), 403)
        import segno

        base = str(request.base_url).rstrip("/")
        items = []
        for row in using(lambda store: listing.match_rows(store)):
            if row["status"] != "in play":
                continue
            link = f"{base}/tables/{row['match_id']}?token={tokens.token_for(row['match_id'])}"
            qr = segno.make(link, error="m").svg_inline(scale=3)
            items.append(f'<li><a href="{html.escape(link)}">{html.escape(row["match_id"])}</a><br>{qr}</li>')
        return HTMLResponse(
            _shell("taikyoku: host", "<h1>Tables: scan at the table</h1><ul>" + "".join(items) + "</ul>")
        )

    @app.get("/tables/{match}", response_class=HTMLResponse)
    def table_page(match: str) -> Response:
        """A table's page: the table as the replay draws it, and the moves of the moment to tap."""
        at = kept(match)
        started: Any = at.steps[0].payload
        from replay.app.page import embedded_json, fill, script_hash, sprite

        script = asset("render.js") + asset("table.js")
        context = {"match_id": match, "players": list(at.state.names), "pieces": GAMES[at.game].piece_word,
                   "round_word": GAMES[at.game].round_word, "piece_names": sprite.names(), "game": started.game}  # fmt: skip
        page = fill(asset("table.html"), {"csp": script_hash(script), "title": html.escape(f"{match}: the table"),
                                         "style": asset("table.css"), "sprite": sprite.sprite(),
                                         "data": embedded_json(context), "script": script})  # fmt: skip
        return HTMLResponse(page, headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    return app


def recorder(request: Request) -> str:
    """Who recorded a write: the phone's own name for itself if it gave one, else the table's phone."""
    given = request.headers.get("x-taikyoku-recorder", "").strip()
    return given[:60] if given and given.isprintable() else "table phone"


def _shell(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font:16px/1.5 system-ui,sans-serif;margin:1em;background:#f6f3ea}li{margin:.5em 0}</style>"
        f"</head><body>{body}</body></html>"
    )


def serve(db: str, host: str, port: int, workers: int, say: Callable[[str], None]) -> None:
    """Run the server until it is stopped; ``say`` gets its address first."""
    import uvicorn

    stores.open_store(db).close()  # a bad --db: the usual one-line error, before anything listens
    import errno
    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be listened on ({exc.strerror})"
            raise InputError(f"{host}:{port} {why}; choose another with --port, or --host 127.0.0.1") from None
    say(f"taikyoku serving {stores.shown(db)} at http://{host}:{port}/ (the host's page: http://127.0.0.1:{port}/host)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        sys.stderr.write(f"taikyoku: the tables are now reachable from the network at {host}:{port}; "
                         "anyone on it can watch, only a table's token writes\n")  # fmt: skip
    if workers > 1:
        import os

        os.environ["TAIKYOKU_SERVE_DB"] = db
        uvicorn.run("replay.web.server:from_environment", factory=True, host=host, port=port, workers=workers,
                    access_log=False, log_level="warning", timeout_graceful_shutdown=2)  # fmt: skip
    else:  # the live pages' streams never end by themselves: a stop waits 2 s for them, then closes them
        uvicorn.run(create_app(db), host=host, port=port, access_log=False, log_level="warning",
                    timeout_graceful_shutdown=2)  # fmt: skip


def from_environment() -> FastAPI:
    """The application for each worker process of ``serve --workers N``."""
    import os

    return create_app(os.environ["TAIKYOKU_SERVE_DB"])
