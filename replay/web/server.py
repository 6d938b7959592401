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
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import FrameType

from fastapi import FastAPI

from events.errors import InputError
from replay.app.application import Application
from replay.infra import stores
from replay.infra.tokens import TableSecret
from replay.web import errors
from replay.web.addresses import EVERYWHERE, LOOPBACK, host_name, phone_addresses, served_hosts, url_host
from replay.web.guard import Guard
from replay.web.live import Heads, LiveFront
from replay.web.routes import club, host, league, matches, room
from replay.web.served import Shared

Handler = Callable[[int, FrameType | None], object]  # a signal handler Python calls


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

                def stopping(signum: int, frame: FrameType | None, previous: Handler = previous) -> None:
                    loop.call_soon_threadsafe(app.state.heads.stop)
                    previous(signum, frame)

                signal.signal(number, stopping)
    try:
        yield
    finally:
        app.state.shared.taikyoku.close()  # the kept connections: an SQLite file's log folded in


def create_app(
    db: str,
    *,
    hosts: frozenset[str] = LOOPBACK,
    secret: TableSecret | None = None,
    public: str | None = None,
    proxied: bool = False,
) -> LiveFront:
    """The served application over the store ``db`` (an SQLite file or a postgresql:// URL),
    answering to the names ``hosts`` (``replay/web/guard.py``); tokens under ``secret``; the
    tables' links and codes on the host's page start with ``public`` (the address phones open),
    else with the address the page was opened at. Its routes are ``replay/web/routes/``'s."""
    app = FastAPI(title="taikyoku", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
                  lifespan=_stops_live_pages)  # fmt: skip
    # Every use case over the store, wired once for this process, with what the routes share.
    application = Application(db, keep_file_open=True)
    heads = Heads(application.heads_reader())
    shared = Shared(application, heads, secret or TableSecret.load(), public, proxied)
    app.state.shared, app.state.heads = shared, heads
    app.add_middleware(Guard, hosts=hosts, check_write=shared.check_write)
    errors.install(app)
    for routes in (matches, room, host, club, league):
        app.include_router(routes.router)
    return LiveFront(app, heads, hosts)  # the live streams in front of the per-request middleware


def serve(db: str, host: str, port: int, workers: int, say: Callable[[str], None], url: str | None = None) -> None:
    """Run the server until it is stopped; ``say`` gets the addresses first: the laptop's own, and
    those phones open (``url`` when the laptop is reached by another name or through a proxy)."""
    # A new store is made (the host's page is where a night starts); a bad --db is the usual
    # one-line error, before anything listens.
    Application(db).make_store()
    # A bad secret: one line, before anything listens; made here once for every worker, and kept
    # (written back if it goes missing) until the server stops.
    keeper = TableSecret.load().keep_while_serving()
    import signal

    def terminated(signum: int, frame: FrameType | None) -> None:  # uvicorn raises SIGTERM again once it has stopped
        keeper.stop()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        _serve(db, host, port, workers, say, url)
    finally:
        keeper.stop()
        signal.signal(signal.SIGTERM, previous)


def _serve(db: str, host: str, port: int, workers: int, say: Callable[[str], None], url: str | None) -> None:
    import errno
    import socket

    import uvicorn

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


def from_environment() -> LiveFront:
    """The application for each worker process of ``serve --workers N``."""
    import os

    hosts = frozenset(os.environ.get("TAIKYOKU_SERVE_HOSTS", "").split(",")) | LOOPBACK
    public = os.environ.get("TAIKYOKU_SERVE_PUBLIC") or None
    proxied = bool(os.environ.get("TAIKYOKU_SERVE_PROXIED"))
    return create_app(os.environ["TAIKYOKU_SERVE_DB"], hosts=hosts, public=public, proxied=proxied)
