"""`taikyoku serve` in its own process, as a club runs it, for the tests that talk to it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
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

    def __init__(self, db: str, secret: Path, workers: int = 1, host: str = "127.0.0.1") -> None:
        self.port = _free_port()
        self.env = os.environ | {"TAIKYOKU_SECRET_FILE": str(secret)}
        command = [sys.executable, "-c", "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))",
                   "serve", "--db", db, "--port", str(self.port), "--workers", str(workers), "--host", host]  # fmt: skip
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.env, cwd=ROOT,
                                     text=True)  # fmt: skip
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
        self.proc.terminate()
        out, err = self.proc.communicate(timeout=SERVER_WAIT)
        return self.first_line + out + err


def token_of(cli: Cli, secret: Path, match: str, db: str | None = None) -> str:
    os.environ["TAIKYOKU_SECRET_FILE"] = str(secret)
    try:
        found = cli("token", match, *(["--db", db] if db else []))
    finally:
        del os.environ["TAIKYOKU_SECRET_FILE"]
    assert found.code == 0
    return found.out.strip()
