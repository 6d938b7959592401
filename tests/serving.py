"""`taikyoku serve` in its own process, as a club runs it, for the tests that talk to it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.paths import ROOT

SERVER_WAIT = 120  # seconds a server may take to answer on a busy machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``taikyoku serve`` in its own process, and what it printed."""

    def __init__(
        self, db: str, secret: Path, workers: int = 1, host: str = "127.0.0.1", env: dict[str, str] | None = None,
        extra: tuple[str, ...] = (), cwd: Path | None = None,
    ) -> None:  # fmt: skip
        self.port = _free_port()
        self.env = os.environ | {"TAIKYOKU_SECRET_FILE": str(secret)} | (env or {})
        command = [sys.executable, "-c", "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))",
                   "serve", "--db", db, "--port", str(self.port), "--workers", str(workers), "--host", host,
                   *extra]  # fmt: skip
        self.env = self.env | {"PYTHONPATH": str(ROOT)}  # the code under test, from any folder
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.env,
                                     cwd=cwd or ROOT, text=True)  # fmt: skip
        assert self.proc.stdout is not None
        self.first_line = self.proc.stdout.readline()
        deadline = time.monotonic() + SERVER_WAIT
        while True:  # listening: the state waited for, within a generous bound
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                assert self.proc.poll() is None, self.proc.communicate()
                assert time.monotonic() < deadline, "the server did not listen"
                time.sleep(0.05)
        self.base = f"http://127.0.0.1:{self.port}"

    def raw(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """A request with exactly these headers (a Host of one's choosing too): status, headers, body."""
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=SERVER_WAIT)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            given = {"Host": f"127.0.0.1:{self.port}"} | (headers or {})
            if body or method == "POST":
                given.setdefault("Content-Length", str(len(body)))
            for name, value in given.items():
                connection.putheader(name, value)
            connection.endheaders(body or None)
            answer = connection.getresponse()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
        finally:
            connection.close()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=SERVER_WAIT) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"null")

    def stop(self) -> str:
        """Everything it printed, once it has stopped (read through the same files as its first line:
        what they had read ahead of it is theirs, not the pipe's). Stopping it again says the same."""
        if getattr(self, "said", None) is not None:
            return str(self.said)
        if self.proc.poll() is None:
            self.proc.terminate()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self.proc.wait, daemon=True).start()
        out = self.proc.stdout.read()
        err = self.proc.stderr.read()
        self.proc.wait(timeout=SERVER_WAIT)
        self.proc.stdout.close()
        self.proc.stderr.close()
        self.said: str | None = self.first_line + out + err
        return self.said


def token_of(cli: Cli, secret: Path, match: str, db: str | None = None) -> str:
    os.environ["TAIKYOKU_SECRET_FILE"] = str(secret)
    try:
        found = cli("token", match, *(["--db", db] if db else []))
    finally:
        del os.environ["TAIKYOKU_SECRET_FILE"]
    assert found.code == 0
    return found.out.strip()


@contextmanager
def host_and_room(browser: Any, db: Path, secret: Path) -> Iterator[tuple[Any, Any, Server]]:
    """The host's page and the room's screen on a laptop (1280x900), against a real server over
    ``db``; both closed, and the server stopped, after."""
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host, room = context.new_page(), context.new_page()
        host.goto(f"{server.base}/host")
        room.goto(f"{server.base}/")
        yield host, room, server
    finally:
        context.close()
        server.stop()


# The room screen's players' lines cut short: a name running into its score, or a score past its
# card's edge (the boxes' own edges: a rounded scroll width can be a pixel over where nothing is cut).
CUT_LINES = """() => [...document.querySelectorAll('.table li')].filter((line) => {
  const [name, score] = line.children, edge = line.getBoundingClientRect().right;
  return name.getBoundingClientRect().right > score.getBoundingClientRect().left + 0.01
    || score.getBoundingClientRect().right > edge + 0.01;
}).map((line) => line.textContent)"""


def host_opening(context: Any, base: str, game: str, ruleset: str) -> Any:
    """The host's page on a store with no night open, ``game`` and ``ruleset`` chosen and the
    ruleset's options drawn."""
    host = context.new_page()
    host.goto(f"{base}/host")
    host.wait_for_selector("#open-night:not([hidden])")
    host.select_option("#night-game", game)
    host.select_option("#night-ruleset", ruleset)
    host.wait_for_selector(f'#night-option-list[data-ruleset="{ruleset}"]', state="attached")
    return host


def room_standings(room: Any) -> list[list[str]]:
    """Every row of the room screen's standings, each page's in turn (turned by its own "next"; the
    screen opened with ``?turn=0``, so no timer turns it meanwhile), as their cells; each row seen
    whole on the screen, inside the standings' part of it. A page is read in one step: the screen
    draws itself again whenever a table moves."""
    assert "turn=0" in room.url, "open the room with ?turn=0 to read its pages"
    pages = int(room.get_attribute("#standings", "data-pages") or "1")
    rows: list[list[str]] = []
    for page in range(1, pages + 1):
        if pages > 1:
            room.wait_for_selector(f'#standings[data-page="{page}"]')
        found = room.evaluate("""() => {
          const side = document.getElementById('standings').getBoundingClientRect();
          return [...document.querySelectorAll('#standings tbody tr')].map((row) => {
            const box = row.getBoundingClientRect();
            return [side.top <= box.top && box.bottom <= side.bottom + 0.5, [...row.cells].map((c) => c.textContent)];
          });
        }""")
        assert all(inside for inside, _ in found), [cells for inside, cells in found if not inside]
        rows += [cells for _, cells in found]
        if pages > 1:
            room.click("#next-standings")
    return rows
