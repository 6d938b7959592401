"""Ctrl-C on a server with a room of live pages open: every page's stream ends at once, and the
server stops in one line (no traceback per page, no wait for streams that never end by themselves),
with one worker on an SQLite file and with two on PostgreSQL."""

from __future__ import annotations

import signal
import socket
from pathlib import Path

import pytest

from tests.helpers import Cli
from tests.serving import SERVER_WAIT, Server

PAGES = 100


def _watching(server: Server, match: str) -> list[socket.socket]:
    """``PAGES`` live streams on ``match``, each past its first bytes (the stream is open)."""
    pages = []
    for _ in range(PAGES):
        page = socket.create_connection(("127.0.0.1", server.port), timeout=SERVER_WAIT)
        page.sendall(f"GET /api/matches/{match}/live HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        pages.append(page)
    for page in pages:
        assert page.recv(64).startswith(b"HTTP/1.1 200")
    return pages


def _stopped_by_ctrl_c(server: Server, pages: list[socket.socket]) -> str:
    server.proc.send_signal(signal.SIGINT)
    server.proc.wait(timeout=SERVER_WAIT)  # stopped by the signal alone, never by stop()'s own
    said = server.stop()
    for page in pages:
        page.close()
    assert server.proc.returncode == 130
    return said.split("\n", 1)[1]  # what it said after its first line (the address)


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_ctrl_c_with_a_hundred_pages_open_stops_the_server_in_one_line(
    cli: Cli, db: Path, secret: Path, store: str, request: pytest.FixtureRequest
) -> None:
    """Plant: the streams left to the server's graceful wait (2 s, then each cancelled with a
    traceback: some 8,000 lines for 100 pages)."""
    target = str(db) if store == "sqlite" else request.getfixturevalue("pg_url")
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "m-1", "--db", target).code == 0
    server = Server(target, secret, workers=1 if store == "sqlite" else 2)
    said = _stopped_by_ctrl_c(server, _watching(server, "m-1"))
    assert said == "taikyoku: error: interrupted; nothing was recorded\n", said[-2000:]
