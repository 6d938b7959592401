"""`taikyoku serve`: the club laptop's server. Every table's phone records its game by tapping the
moves the rules allow; the umpire and the room watch every table live. An adapter over the
application core, as the CLI is: the moves are table mode's words (``replay/app/table.py``), the
state is the repository's, the pages draw with the replay page's renderer.

Reading is open to the network served; writing to a match needs its token (``Authorization:
Bearer TOKEN``; ``replay/infra/tokens.py``). A write names the head it was made on
(``expected_seq``): the second of two taps on the same moment gets 409 and nothing is stored
twice. No request's token or query string is ever logged.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.background import BackgroundTask
from starlette.exceptions import HTTPException as StarletteHTTPException

from events.errors import InputError, TaikyokuError
from events.games import SEASON_GAME
from replay.app.application import Application
from replay.app.catalog import GAMES
from replay.app.errors import answer_for
from replay.infra import stores
from replay.infra.tokens import TableSecret
from replay.present import club_pages as pages
from replay.present.view_page import asset, scripts
from replay.web.addresses import (
    EVERYWHERE,
    LOOPBACK,
    forwarded_client,
    host_name,
    is_loopback,
    phone_addresses,
    served_hosts,
    url_host,
)
from replay.web.bodies import (
    AbandonIn,
    ClockIn,
    EventsIn,
    MoveIn,
    NightIn,
    PenaltyIn,
    PlayersIn,
    SeatIn,
    SubstituteIn,
    UndoIn,
    Written,
)
from replay.web.guard import Guard
from replay.web.live import Heads


def refusal(status: int, error: str, code: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": error, "code": code, **more}, status_code=status)


@asynccontextmanager
async def _stops_live_pages(app: FastAPI) -> AsyncIterator[None]:
    """Ctrl-C (or a stop) ends every live page's stream at once: the server then stops in a moment
    and in one line, not after waiting for streams that never end by themselves, then cancelling
    each with a traceback. The server's own handler is kept, and called after."""
    import signal
    import threading

    loop = asyncio.get_running_loop()
    if threading.current_thread() is threading.main_thread():
        for number in (signal.SIGINT, signal.SIGTERM):
            previous = signal.getsignal(number)
            if callable(previous):

                def stopping(signum: int, frame: Any, previous: Any = previous) -> None:
                    loop.call_soon_threadsafe(app.state.heads.stop)
                    previous(signum, frame)

                signal.signal(number, stopping)
    yield


def create_app(
    db: str,
    *,
    hosts: frozenset[str] = LOOPBACK,
    secret: TableSecret | None = None,
    public: str | None = None,
    proxied: bool = False,
) -> FastAPI:
    """The served application over the store ``db`` (an SQLite file or a postgresql:// URL),
    answering to the names ``hosts`` (``replay/web/guard.py``); tokens under ``secret``; the
    tables' links and codes on the host's page start with ``public`` (the address phones open),
    else with the address the page was opened at."""
    app = FastAPI(title="taikyoku", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
                  lifespan=_stops_live_pages)  # fmt: skip
    table_secret = secret or TableSecret.load()
    taikyoku = Application(db)  # every use case over the store, wired once for this process
    app.state.taikyoku = taikyoku

    def write_refused(match: str, authorization: str | None) -> tuple[int, str, str] | None:
        """Why a write to ``match`` may not go ahead (no token, another match's), before its body is read."""
        if not authorization or not authorization.startswith("Bearer "):
            return 401, "writing needs the table's token: Authorization: Bearer TOKEN", "auth.missing"
        table_secret.write_back_if_missing()
        try:
            first = taikyoku.first_event_id(match)
        except TaikyokuError as exc:
            return answer_for(exc).http_status, _said(exc), exc.code
        if not table_secret.opens(match, first, authorization.removeprefix("Bearer ")):
            return 403, f"this token does not open match {match}; scan the table's code again", "auth.wrong"
        return None

    async def check_write(match: str, authorization: str | None) -> tuple[int, str, str] | None:
        if taikyoku.known_first_event_id(match) is not None:  # nothing to read: checked here, at once
            return write_refused(match, authorization)
        return await asyncio.to_thread(write_refused, match, authorization)

    app.add_middleware(Guard, hosts=hosts, check_write=check_write)
    heads = app.state.heads = Heads(lambda: stores.open_store(db), pushed=stores.is_server(db))

    def written(stored: Sequence[Any]) -> JSONResponse:
        """A write's answer; its match's live pages hear of it the moment the answer is sent (the
        phone that wrote is answered first, then every page watching)."""
        match, head = stored[-1].match_id, stored[-1].seq

        async def tell() -> None:  # on the event loop, where the pages wait (a sync task would run in a thread)
            heads.told(match, head)

        return JSONResponse({"head_seq": head, "stored": [e.seq for e in stored]}, status_code=201,
                            background=BackgroundTask(tell))  # fmt: skip

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A body that is not what the endpoint takes: said in one line, with where."""
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "the body"
        kind = str(first.get("type", ""))
        said = {"missing": "is missing", "json_invalid": "is not JSON"}.get(kind, "is not what this endpoint takes")
        return refusal(422, f"{where} {said}; send {{\"expected_seq\": N, ...}} as /api/openapi.json describes",
                       "request.invalid")  # fmt: skip

    @app.exception_handler(StarletteHTTPException)
    async def framework(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """The framework's own refusals (no such page, a method not taken, a body it cannot parse)."""
        if exc.status_code == 404:
            return refusal(404, "there is no such page; the tables are listed at /", "not_found")
        if exc.status_code == 405:
            return refusal(405, f"{request.method} is not taken here; see /api/openapi.json", "method")
        if exc.status_code == 400:
            return refusal(422, "the body is not JSON that can be read (too deeply nested?); send "
                           "{\"expected_seq\": N, ...} as /api/openapi.json describes", "request.invalid")  # fmt: skip
        return refusal(exc.status_code, str(exc.detail)[:200], "auth.host" if exc.status_code == 403 else "request")

    @app.exception_handler(TaikyokuError)
    async def said(request: Request, exc: TaikyokuError) -> JSONResponse:
        """Every expected error: the CLI's stable code, words a player reads (no seq), its data."""
        status = answer_for(exc).http_status
        if status == 503 and not request.url.path.startswith("/api/"):  # a page: it says so, and tries again
            return HTMLResponse(pages.behind_page(), status_code=503,  # type: ignore[return-value]
                                headers={"Retry-After": "2", "Cache-Control": "no-store"})  # fmt: skip
        answer = refusal(status, _said(exc), exc.code, **exc.details())
        if status == 503:
            answer.headers["Retry-After"] = "2"
        return answer

    @app.get("/api/matches")
    def api_matches() -> list[dict[str, Any]]:
        """Every match, as `taikyoku matches --json` lists it."""
        return taikyoku.matches()

    @app.get("/api/matches/{match}")
    def api_match(match: str) -> dict[str, Any]:
        """The match as `taikyoku replay MATCH --json` gives it, with its head (``head_seq``) and status."""
        return taikyoku.document(match)

    @app.get("/api/matches/{match}/moves")
    def api_moves(match: str) -> dict[str, Any]:
        """The moves the rules allow now, each in table mode's words and as data, and the decision
        asked, if any."""
        return taikyoku.moves(match)

    @app.post("/api/matches/{match}/events", status_code=201, response_model=Written)
    def api_events(match: str, body: EventsIn, request: Request) -> Any:
        """Append events (the documents `taikyoku record` takes): all of them, or none. The
        token was checked before the body was read (``replay/web/guard.py``)."""
        from events import ingest

        documents = [
            ingest.Document(f"event {offset + 1}", {"type": event.type, "payload": event.payload}
                            | ({} if event.schema_version is None else {"schema_version": event.schema_version}))
            for offset, event in enumerate(body.events)
        ]  # fmt: skip
        stored = taikyoku.record_documents(match, documents, recorded_by=recorder(request),
                                           expected_seq=body.expected_seq)  # fmt: skip
        return written(stored)

    @app.post("/api/matches/{match}/moves", status_code=201, response_model=Written)
    def api_move(match: str, body: MoveIn, request: Request) -> Any:
        """Record one move on the head the phone showed: as data (the declared move and its values,
        as ``GET /api/matches/{match}/moves`` offers it), or in table mode's words (``discard 5m``, ``undo``, ``note
        TEXT``). The token was checked before the body was read."""
        if (body.data is None) == (body.move is None):
            raise InputError('send the move as data ({"verb": ..., "values": {...}}) or as words ("move"), one of them')
        if body.data is not None:
            done = taikyoku.enter_move(match, body.data.verb, body.data.values, recorded_by=recorder(request),
                                       expected_seq=body.expected_seq)  # fmt: skip
            return written(done.stored)
        entered = taikyoku.enter(match, str(body.move), recorded_by=recorder(request), expected_seq=body.expected_seq)
        if not entered.stored:
            raise InputError("say a move, e.g. discard 5m")
        return written(entered.stored)

    @app.get("/api/matches/{match}/live")
    async def live(match: str, request: Request) -> StreamingResponse:
        """Server-sent events: the match's head each time it moves (a page then reads the match),
        and ``trouble`` while the store cannot be read. It always answers 200 and never ends by
        itself, so a page's stream comes back after any outage (``replay/web/live.py``)."""

        return _event_stream(heads.watch(match), "head", f"the live stream of {match[:64]}")

    @app.get("/api/room/live")
    async def room_live() -> StreamingResponse:
        """Server-sent events for the room's screen, one stream for every table: ``room`` with a
        version each time any table moves or starts (the screen then reads ``/api/room``), and
        ``trouble`` while the store cannot be read."""

        return _event_stream(heads.watch_room(), "room", "the room's live stream")

    @app.get("/api/room")
    def api_room() -> dict[str, Any]:
        """Every table of the night at a glance, and each game's standings (the room's screen)."""
        return taikyoku.room()

    @app.get("/", response_class=HTMLResponse)
    def room() -> Response:
        """The room's screen: every table of the night live, and the standings beside them."""

        from replay.present.page import shell

        page = shell(
            "taikyoku: the room", asset("room.html"), style=asset("room.css"), script=asset("dom.js") + asset("room.js")
        )
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    def host_allowed(request: Request) -> bool:
        """The host's own: the serving laptop, or a device with the host link's key (as the page
        sends it on, in a header, or the link gives it)."""
        key = request.headers.get("x-taikyoku-host-key") or request.query_params.get("key", "")
        if table_secret.opens_host(key):
            return True
        if not is_loopback(request.client.host if request.client else ""):
            return False
        # A request from this machine: the laptop itself, or a proxy on it passing on anyone's.
        # Served through a proxy (--url), only a forwarded address of this machine is the host;
        # otherwise a request a proxy's headers mark is the laptop only if they say it is.
        said = forwarded_client(dict(request.headers))
        if proxied:
            return said is not None and is_loopback(said)
        return said is None or is_loopback(said)

    def host_only(request: Request) -> None:
        if not host_allowed(request):
            raise StarletteHTTPException(403, "only the host runs the night: open the host's page on the serving "
                                         "laptop, or with the host link `taikyoku serve` printed")  # fmt: skip

    def with_codes(sheet: dict[str, Any], request: Request) -> dict[str, Any]:
        """A night's sheet for the host: each table in play with its link (its token) and QR code."""
        import segno

        base = public or str(request.base_url).rstrip("/")
        table_secret.write_back_if_missing()
        for session in sheet["sessions"]:
            for table in session["tables"]:
                if table["status"] != "in play":
                    continue
                link = f"{base}/tables/{table['match_id']}?token="
                link += table_secret.token_for(table["match_id"], taikyoku.first_event_id(table["match_id"]))
                table["link"] = link
                table["qr"] = segno.make(link, error="m").svg_inline(scale=3)
        return sheet

    @app.get("/api/host/nights")
    def api_host_nights(request: Request) -> dict[str, Any]:
        """The host's start: the nights in the store (newest first), every player's name known, and
        the games with their rulesets."""
        host_only(request)
        from replay.app.catalog import rulesets

        games: dict[str, list[str]] = {}
        for spec in rulesets():
            games.setdefault(spec.game, []).append(spec.id)
        return {"nights": taikyoku.nights(), "known_players": taikyoku.known_players(), "games": games}

    @app.post("/api/host/nights", status_code=201)
    def api_open_night(body: NightIn, request: Request) -> dict[str, Any]:
        """Open a night: the game, ruleset, sessions planned, the players present."""
        host_only(request)
        sheet = taikyoku.open_night(body.game, body.players, ruleset_id=body.ruleset, options=body.options,
                                    length=body.length, sessions=body.sessions, title=body.title)  # fmt: skip
        return with_codes(sheet, request)

    @app.get("/api/host/nights/{night}")
    def api_host_night(night: str, request: Request) -> dict[str, Any]:
        host_only(request)
        return with_codes(taikyoku.night_sheet(night), request)

    @app.post("/api/host/nights/{night}/players")
    def api_night_players(night: str, body: PlayersIn, request: Request) -> dict[str, Any]:
        host_only(request)
        return with_codes(taikyoku.night_players(night, body.players), request)

    @app.post("/api/host/nights/{night}/seat")
    def api_night_seat(night: str, body: SeatIn, request: Request) -> dict[str, Any]:
        """Seat the next session (``again``: the last one once more, before any table of it starts)."""
        host_only(request)
        return with_codes(taikyoku.seat_session(night, again=body.again), request)

    @app.post("/api/host/nights/{night}/abandon")
    def api_night_abandon(night: str, body: AbandonIn, request: Request) -> dict[str, Any]:
        host_only(request)
        return with_codes(taikyoku.abandon_table(night, body.match, reason=body.reason), request)

    @app.post("/api/host/nights/{night}/clock")
    def api_night_clock(night: str, body: ClockIn, request: Request) -> dict[str, Any]:
        """Start the session's clock: ``minutes`` of play from now (0 stops it)."""
        host_only(request)
        return with_codes(taikyoku.start_clock(night, body.minutes), request)

    @app.get("/api/matches/{match}/clock")
    def api_table_clock(match: str) -> dict[str, Any]:
        """The clock of the session a table plays in, for its phone (none outside a night)."""
        return taikyoku.table_clock(match)

    @app.post("/api/host/nights/{night}/penalty")
    def api_night_penalty(night: str, body: PenaltyIn, request: Request) -> dict[str, Any]:
        """A referee's penalty ``{player, points, reason, match}``, or ``{cancels: seq}`` to take one back."""
        host_only(request)
        if body.cancels is not None:
            return with_codes(taikyoku.cancel_penalty(night, body.cancels), request)
        return with_codes(taikyoku.give_penalty(night, body.player or "", body.points, body.reason or "",
                                                match=body.match), request)  # fmt: skip

    @app.post("/api/host/nights/{night}/substitute")
    def api_night_substitute(night: str, body: SubstituteIn, request: Request) -> dict[str, Any]:
        """A substitute takes a player's seat: ``{match, leaves, substitute, reason, counts_for}``."""
        host_only(request)
        return with_codes(taikyoku.substitute(night, body.match, body.leaves, body.substitute, reason=body.reason,
                                              counts_for=body.counts_for), request)  # fmt: skip

    @app.post("/api/host/nights/{night}/undo")
    def api_night_undo(night: str, body: UndoIn, request: Request) -> dict[str, Any]:
        """Take back a table's last hand, its match ended or not (the phone's own undo lasts only
        minutes after the end; the host's, always)."""
        host_only(request)
        return with_codes(taikyoku.undo_at_table(night, body.match), request)

    @app.post("/api/host/nights/{night}/close")
    def api_night_close(night: str, request: Request) -> dict[str, Any]:
        host_only(request)
        return with_codes(taikyoku.close_night(night), request)

    @app.get("/api/nights/{night}")
    def api_night(night: str) -> dict[str, Any]:
        """A night's sheet, as anyone may see it: the tables, results and standings, no token."""
        return taikyoku.night_sheet(night)

    @app.get("/api/season")
    def api_season(game: str = SEASON_GAME, since: str | None = None, until: str | None = None,
                   min_games: int = 1) -> dict[str, Any]:  # fmt: skip
        """The season's standings of a game, as `taikyoku season --json` gives them."""
        return taikyoku.season(game, since=since, until=until, min_games=max(1, min_games))

    @app.get("/api/players/{name:path}")
    def api_player(name: str) -> dict[str, Any]:
        """A player's page, as `taikyoku player NAME --json` gives it."""
        return taikyoku.player_page(name)

    @app.get("/season", response_class=HTMLResponse)
    def season_page(request: Request, game: str = SEASON_GAME, min_games: int = 1) -> Response:
        """The season's standings as a page, with its CSV."""
        from replay.present.rows import standings_rows

        found = taikyoku.season(game, min_games=max(1, min_games))
        rows = standings_rows(found)
        if request.query_params.get("format") == "csv":
            return _csv(rows, f"season-{game}.csv")
        return HTMLResponse(pages.season_page(found, rows), headers={"Cache-Control": "no-store"})

    @app.get("/players/{name:path}", response_class=HTMLResponse)
    def player_page(name: str, request: Request) -> Response:
        """A player's page: their matches, places, results and rating over time, with its CSV."""
        from replay.present.rows import player_rows

        found = taikyoku.player_page(name)
        rows = player_rows(found)
        if request.query_params.get("format") == "csv":
            return _csv(rows, f"{pages.file_name(name)}.csv")
        return HTMLResponse(pages.player_page(name, found, rows), headers={"Cache-Control": "no-store"})

    @app.get("/nights/{night}", response_class=HTMLResponse)
    def night_page(night: str, request: Request) -> Response:
        """A night's result sheet: who played whom, the scores, the places, the night's standings."""
        from replay.present.rows import night_rows

        sheet = taikyoku.night_sheet(night)
        rows = night_rows(sheet)
        if request.query_params.get("format") == "csv":
            return _csv(rows, f"{night}.csv")
        return HTMLResponse(pages.night_page(sheet, rows), headers={"Cache-Control": "no-store"})

    @app.get("/host/nights/{night}/codes", response_class=HTMLResponse)
    def night_codes(night: str, request: Request) -> Response:
        """One page of the night's QR codes, to show or print: each table in play with its players."""
        private = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
        if not host_allowed(request):
            return HTMLResponse(pages.said_page(pages.HOST_ONLY), 403, headers=private)
        return HTMLResponse(pages.codes_page(with_codes(taikyoku.night_sheet(night), request)), headers=private)

    @app.get("/host", response_class=HTMLResponse)
    def host(request: Request) -> Response:
        """The host's page, on the serving laptop or with the host link `serve` printed (a tablet):
        each table's link with its token, and its QR code."""
        if not host_allowed(request):
            return HTMLResponse(pages.said_page(pages.HOST_ONLY), 403,
                                headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})  # fmt: skip
        import segno

        base = public or str(request.base_url).rstrip("/")  # a Host the server answers to (replay/web/guard.py)
        table_secret.write_back_if_missing()

        in_play = [r["match_id"] for r in taikyoku.matches() if r["status"] == "in play"]
        links = []
        for match, first in ((m, taikyoku.first_event_id(m)) for m in in_play):
            link = f"{base}/tables/{match}?token={table_secret.token_for(match, first)}"
            links.append((match, link, segno.make(link, error="m").svg_inline(scale=3)))
        from replay.present.page import shell

        tables = pages.host_tables(links)
        page = shell("taikyoku: host", asset("host.html").replace("{{tables}}", tables), style=asset("host.css"),
                     script=asset("dom.js") + asset("host.js"))  # fmt: skip
        return HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    @app.get("/tables/{match}", response_class=HTMLResponse)
    def table_page(match: str) -> Response:
        """A table's page: the table as the replay draws it, and the moves of the moment to tap."""
        at = taikyoku.match(match)
        started: Any = at.steps[0].payload
        from replay.present.page import embedded_json, fill, shell, sprite

        context = {"match_id": match, "players": list(at.state.names), "pieces": GAMES[at.game].piece_word,
                   "round_word": GAMES[at.game].round_word, "piece_names": sprite.names(), "game": started.game,
                   "result_words": dict(GAMES[at.game].result_words),
                   "declared": sorted(GAMES[at.game].declared)}  # fmt: skip
        body = fill(asset("table.html"), {"sprite": sprite.sprite(), "data": embedded_json(context)})
        page = shell(f"{match}: the table", body, style=asset("table.css") + asset("recorder.css"),
                     script=scripts(at.game, "table.js"))  # fmt: skip
        return HTMLResponse(page, headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    return app


def recorder(request: Request) -> str:
    """Who recorded a write: the phone's own name for itself if it gave one, else the table's phone."""
    given = request.headers.get("x-taikyoku-recorder", "").strip()
    return given[:60] if given and given.isprintable() else "table phone"


def _said(exc: TaikyokuError) -> str:
    """An error's one line as a client sees it: never where the store is kept on the laptop."""
    if exc.kind in ("missing", "unavailable"):
        return "the store cannot be reached for a moment; what was sent is kept, send it again"
    if exc.kind == "full":
        return "the laptop's disk is full: nothing was stored; free some space there, then send it again"
    return exc.to_a_table


def _event_stream(watched: AsyncIterator[dict[str, Any] | None], event: str, what: str) -> StreamingResponse:
    """Server-sent events of what ``watched`` tells: ``event`` with it, ``trouble`` while the store
    cannot be read, a comment now and then to keep the line open. It always answers 200 and never
    ends by itself (but at the server's stop), so a page's stream comes back after any outage."""

    async def said() -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        try:
            async for now in watched:
                if now is None:
                    yield ": still here\n\n"
                elif "trouble" in now:
                    yield f"event: trouble\ndata: {json.dumps(now)}\n\n"
                else:
                    yield f"event: {event}\ndata: {json.dumps(now)}\n\n"
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug: one line, and the page reconnects
            sys.stderr.write(f"taikyoku: {what} stopped ({type(exc).__name__})\n")

    return StreamingResponse(said(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


def _csv(rows: Sequence[dict[str, Any]], name: str) -> Response:
    from replay.present.rows import rows_csv

    return Response(rows_csv(rows), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})  # fmt: skip


def serve(db: str, host: str, port: int, workers: int, say: Callable[[str], None], url: str | None = None) -> None:
    """Run the server until it is stopped; ``say`` gets the addresses first: the laptop's own, and
    those phones open (``url`` when the laptop is reached by another name or through a proxy)."""
    import uvicorn

    # A new store is made (the host's page is where a night starts); a bad --db is the usual
    # one-line error, before anything listens.
    stores.open_store(db, create=True).close()
    TableSecret.load()  # a bad secret: one line, before anything listens; made here once for every worker
    import errno
    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be listened on ({exc.strerror})"
            raise InputError(f"{host}:{port} {why}; choose another with --port, or --host 127.0.0.1") from None
    local = ("[::1]" if host == "::" else "127.0.0.1") if host in EVERYWHERE else url_host(host)
    say(f"taikyoku serving {stores.shown(db)} at http://{local}:{port}/ (the host's page: http://{local}:{port}/host)")
    hosts = served_hosts(host)
    public = None
    if url is not None:
        public = url.rstrip("/")
        hosts |= {host_name(public)}
        say(f"phones open {public}/")
    elif host not in LOOPBACK:
        reachable = phone_addresses(host)
        for address in reachable:
            say(f"phones open http://{url_host(address)}:{port}/")
        public = f"http://{url_host(reachable[0])}:{port}" if reachable else None
    if public is not None:  # the night run from a tablet: the host's page wherever the phones reach the laptop
        say(f"the host's page on another device: {public}/host?key={TableSecret.load().host_key()}")
    if host not in LOOPBACK:
        sys.stderr.write("taikyoku: the tables are now reachable from the network; anyone on it can watch, "
                         "only a table's token writes\n")  # fmt: skip
    if workers > 1:
        import os

        os.environ["TAIKYOKU_SERVE_DB"] = db
        os.environ["TAIKYOKU_SERVE_HOSTS"] = ",".join(sorted(hosts))
        os.environ["TAIKYOKU_SERVE_PUBLIC"] = public or ""
        os.environ["TAIKYOKU_SERVE_PROXIED"] = "1" if url is not None else ""
        uvicorn.run("replay.web.server:from_environment", factory=True, host=host, port=port, workers=workers,
                    access_log=False, log_level="warning", timeout_graceful_shutdown=2, proxy_headers=False)  # fmt: skip
        raise KeyboardInterrupt  # the workers stop only when told to: said as one worker's stop is
    else:  # proxy_headers off: who asks is decided here, from the connection and the proxies' headers (addresses.py)
        config = uvicorn.Config(create_app(db, hosts=hosts, public=public, proxied=url is not None), host=host, port=port, access_log=False,
                                log_level="warning", timeout_graceful_shutdown=2, proxy_headers=False)  # fmt: skip
        if host == "::":  # every address, IPv4 too (asyncio would listen on IPv6 alone)
            listening = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            listening.bind(("::", port))
            uvicorn.Server(config).run(sockets=[listening])
        else:
            uvicorn.Server(config).run()


def from_environment() -> FastAPI:
    """The application for each worker process of ``serve --workers N``."""
    import os

    hosts = frozenset(os.environ.get("TAIKYOKU_SERVE_HOSTS", "").split(",")) | LOOPBACK
    public = os.environ.get("TAIKYOKU_SERVE_PUBLIC") or None
    proxied = bool(os.environ.get("TAIKYOKU_SERVE_PROXIED"))
    return create_app(os.environ["TAIKYOKU_SERVE_DB"], hosts=hosts, public=public, proxied=proxied)
