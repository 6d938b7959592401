"""`taikyoku serve` under attack and under trouble, against the real server process and real secret
files: forged and stale tokens, secrets that are not secrets, bodies sent to exhaust memory, other
sites' names (DNS rebinding), a store locked, moved away or on a full disk, and the headers
every answer carries. Each test names the fault it would catch if it were planted back."""

from __future__ import annotations

import json
import multiprocessing
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.infra.tokens import TableSecret
from tests.helpers import Cli, fill_disk
from tests.paths import ROOT
from tests.serving import SERVER_WAIT, Server, token_of

MOVE = {"expected_seq": 1, "move": "next"}


@pytest.fixture
def served(cli: Cli, db: Path, secret: Path) -> Iterator[Server]:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret)
    yield server
    server.stop()


def _one_line(err: str) -> str:
    [line] = err.splitlines()
    assert line.startswith("taikyoku: error: "), line
    return line


def _serve_refused(db: Path, secret: Path) -> str:
    """``taikyoku serve`` that must refuse to start: its one line, once it has ended."""
    command = [sys.executable, "-c", "from replay.cli import main; main()", "serve", "--db", str(db), "--port", "1"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=SERVER_WAIT,
                          env=os.environ | {"TAIKYOKU_SECRET_FILE": str(secret)})  # fmt: skip
    assert done.returncode == 2, done.stderr
    return _one_line(done.stderr)


def _token(cli: Cli, secret: Path, *args: str) -> tuple[int, str, str]:
    os.environ["TAIKYOKU_SECRET_FILE"] = str(secret)
    try:
        found = cli("token", *args)
    finally:
        del os.environ["TAIKYOKU_SECRET_FILE"]
    return found.code, found.out.strip(), found.err


# ---- the secret ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "mode", "says"),
    [
        (b"", 0o600, "is not a taikyoku secret"),  # plant: an empty key accepted (anyone can forge)
        (b"0123456789abcdef", 0o600, "is not a taikyoku secret"),  # plant: a short key used as it is
        (b"z" * 64, 0o600, "is not a taikyoku secret"),
        (b"ab" * 32, 0o644, "can be read by others (mode 644); make it private: chmod 600"),
        (b"ab" * 32, 0o640, "can be read by others (mode 640)"),
    ],
)
def test_a_secret_file_that_is_not_a_secret_is_refused_in_one_line(
    cli: Cli, db: Path, secret: Path, content: bytes, mode: int, says: str
) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    secret.write_bytes(content)
    secret.chmod(mode)
    code, out, err = _token(cli, secret, "tbl-1")
    assert code == 2 and out == "" and says in _one_line(err), err
    assert says in _serve_refused(db, secret)
    assert secret.read_bytes() == content  # never replaced silently


def _mounted_full(folder: Path) -> bool:
    """A 64 KiB tmpfs at ``folder``, filled to its last byte; False where the machine allows no mount."""
    folder.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True)
    if made.returncode != 0:
        return False
    _fill(folder)
    return True


def _fill(folder: Path) -> None:
    fill_disk(folder)


def test_a_secret_made_on_a_full_disk_leaves_no_file_and_is_made_whole_once_there_is_room(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    """Plant: writing the secret straight into its place (a full disk leaves a 0-byte file that every
    later run takes as the key)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    full = tmp_path / "full"
    secret = full / "taikyoku" / "table-secret"
    if _mounted_full(full):
        try:
            code, out, err = _token(cli, secret, "tbl-1")
            assert code == 2 and "the disk is full" in _one_line(err), err
            assert not secret.exists() and sorted(p.name for p in secret.parent.iterdir()) == []
            (full / "filler").unlink()
            code, out, err = _token(cli, secret, "tbl-1")
            assert code == 0 and len(out) == 24, err
            assert len(secret.read_bytes()) == 65 and stat.S_IMODE(secret.stat().st_mode) == 0o600
        finally:
            subprocess.run(["umount", str(full)], check=True)
    else:  # no mount here: a process that may write no byte (RLIMIT_FSIZE) meets the same refusal
        code_line = (
            "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
            "resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0)); from replay.cli import main; main()"
        )
        done = subprocess.run([sys.executable, "-c", code_line, "token", "tbl-1", "--db", str(db)],
                              capture_output=True, text=True, cwd=ROOT,
                              env=os.environ | {"TAIKYOKU_SECRET_FILE": str(secret)})  # fmt: skip
        assert done.returncode == 2 and "the disk is full" in _one_line(done.stderr), done.stderr
        assert not secret.exists()


def _load_at_once(path: str, barrier: multiprocessing.synchronize.Barrier, keys: multiprocessing.Queue[bytes]) -> None:
    barrier.wait()
    keys.put(TableSecret.load(Path(path)).key)


def test_processes_making_the_secret_at_once_all_take_the_one_made_whole(tmp_path: Path) -> None:
    """Plant: O_EXCL creation then a write (a reader between the two takes an empty key)."""
    context = multiprocessing.get_context("fork")
    for attempt in range(40):
        path = tmp_path / f"round-{attempt}" / "table-secret"
        barrier, keys = context.Barrier(4), context.Queue()
        workers = [context.Process(target=_load_at_once, args=(str(path), barrier, keys)) for _ in range(4)]
        for worker in workers:
            worker.start()
        taken = [keys.get(timeout=SERVER_WAIT) for _ in workers]
        for worker in workers:
            worker.join(timeout=SERVER_WAIT)
        assert len(set(taken)) == 1 and len(taken[0]) == 64, taken
        assert path.read_bytes() == taken[0] + b"\n"
        assert sorted(p.name for p in path.parent.iterdir()) == ["table-secret"]  # nothing staged is left


def test_the_secret_removed_while_serving_is_written_back_and_the_tables_keep_writing(
    cli: Cli, secret: Path, served: Server
) -> None:
    """Plant: the server reading the secret at each request and making a new one when it is gone
    (every phone locked out with 403, nothing said)."""
    token = token_of(cli, secret, "tbl-1")
    before = secret.read_bytes()
    secret.unlink()
    assert served.call("POST", "/api/matches/tbl-1/moves", MOVE, token)[0] == 201
    assert secret.read_bytes() == before
    assert token_of(cli, secret, "tbl-1") == token


# ---- tokens ---------------------------------------------------------------------------------------


def test_a_token_opens_its_match_only_not_a_new_match_of_the_same_id(cli: Cli, db: Path, secret: Path) -> None:
    """Plant: a token made of the match id alone (last week's token opens this week's new store)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    last_week = token_of(cli, secret, "tbl-1")
    db.unlink()
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0  # a new store, the same id
    this_week = token_of(cli, secret, "tbl-1")
    assert this_week != last_week
    server = Server(str(db), secret)
    try:
        status, said = server.call("POST", "/api/matches/tbl-1/moves", MOVE, last_week)
        assert status == 403 and said["code"] == "auth.wrong"
        assert server.call("POST", "/api/matches/tbl-1/moves", MOVE, this_week)[0] == 201
    finally:
        server.stop()


def test_a_token_of_any_text_is_an_answer_in_json_never_an_error(cli: Cli, secret: Path, served: Server) -> None:
    """Plant: comparing a non-ASCII token as text (a 500 with a traceback in the log)."""
    for given in ("zürich-tokén", "x" * 5000, "\u202e", "tbl-1"):
        status, _, body = served.raw("POST", "/api/matches/tbl-1/moves", json.dumps(MOVE).encode(),
                                           {"Authorization": f"Bearer {given}".encode().decode("latin-1"),
                                            "Content-Type": "application/json"})  # fmt: skip
        assert status == 403 and json.loads(body)["code"] == "auth.wrong", (given, body)
    said = served.stop()
    assert "Traceback" not in said


# ---- bodies ----------------------------------------------------------------------------------------


def _peak_memory(pid: int) -> int:
    """The process's peak resident memory, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def _send_body(port: int, headers: str, size: int) -> bytes:
    """Headers, then up to ``size`` bytes of body for as long as the server takes them; its answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=SERVER_WAIT) as connection:
        connection.sendall(headers.encode())
        chunk = b"[" * 65536
        sent = 0
        try:
            while sent < size:
                sent += connection.send(chunk[: size - sent])
        except OSError:
            pass  # the server answered and closed: it takes no more
        connection.shutdown(socket.SHUT_WR) if sent >= size else None
        answer = b""
        try:
            while part := connection.recv(65536):
                answer += part
        except OSError:
            pass
        return answer


def test_a_huge_body_is_refused_before_it_is_read_with_a_token_or_without(
    cli: Cli, secret: Path, served: Server
) -> None:
    """Plant: the body parsed before the token is checked, with no size limit (200 MiB took the
    server from 98 MB to 1.35 GB before its 401)."""
    token = token_of(cli, secret, "tbl-1")
    before = _peak_memory(served.proc.pid)
    size = 200 << 20
    request = "POST /api/matches/tbl-1/moves HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
    without = _send_body(served.port, request.format(port=served.port) + f"Content-Length: {size}\r\n\r\n", size)
    assert without.startswith(b"HTTP/1.1 401"), without[:200]
    declared = request.format(port=served.port) + f"Authorization: Bearer {token}\r\nContent-Length: {size}\r\n\r\n"
    assert _send_body(served.port, declared, size).startswith(b"HTTP/1.1 413")
    chunked = request.format(port=served.port) + f"Authorization: Bearer {token}\r\nTransfer-Encoding: chunked\r\n\r\n"
    with socket.create_connection(("127.0.0.1", served.port), timeout=SERVER_WAIT) as connection:
        connection.sendall(chunked.encode())
        try:
            for _ in range(4096):  # 256 MiB in chunks, if the server would take them
                connection.sendall(b"10000\r\n" + b"[" * 65536 + b"\r\n")
        except OSError:
            pass
        answer = connection.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["code"] == "request.too_large"
    assert _peak_memory(served.proc.pid) - before < 64 << 20  # far below one such body
    assert served.call("POST", "/api/matches/tbl-1/moves", MOVE, token)[0] == 201  # and it serves on


def test_a_body_nested_past_reading_is_one_line_of_json(cli: Cli, secret: Path, served: Server) -> None:
    token = token_of(cli, secret, "tbl-1")
    for body in (b"[" * 200_000 + b"]" * 200_000, b'{"expected_seq": 1, "move": ' + b"[" * 100_000 + b"}"):
        status, _, answer = served.raw("POST", "/api/matches/tbl-1/moves", body, {
            "Authorization": f"Bearer {token}", "Content-Type": "application/json"})  # fmt: skip
        said = json.loads(answer)
        assert status == 422 and sorted(said) == ["code", "error"] and said["code"] == "request.invalid", said
    assert "Traceback" not in served.stop()


# ---- names: DNS rebinding -----------------------------------------------------------------------------


def test_another_sites_name_is_refused_and_never_sees_a_token(cli: Cli, secret: Path, served: Server) -> None:
    """Plant: no Host check (``/host`` answered 200 with every token to ``Host: attacker.example``)."""
    token = token_of(cli, secret, "tbl-1")
    for path in ("/host", "/", "/api/matches", "/tables/tbl-1"):
        status, _, body = served.raw("GET", path, headers={"Host": "attacker.example"})
        assert status == 421 and token.encode() not in body and json.loads(body)["code"] == "host.unknown"
    foreign = {"Host": "attacker.example", "Origin": "http://attacker.example", "Authorization": f"Bearer {token}",
               "Content-Type": "application/json"}  # fmt: skip
    status, _, _ = served.raw("POST", "/api/matches/tbl-1/moves", json.dumps(MOVE).encode(), foreign)
    assert status == 421  # Origin and Host both the other site's: still not ours
    other_page = foreign | {"Host": f"127.0.0.1:{served.port}"}
    status, _, body = served.raw("POST", "/api/matches/tbl-1/moves", json.dumps(MOVE).encode(), other_page)
    assert status == 403 and json.loads(body)["code"] == "origin"
    assert served.raw("GET", "/host", headers={"Host": f"localhost:{served.port}"})[0] == 200
    assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1]


def test_a_url_named_with_url_is_answered_and_carried_by_the_tables_codes(cli: Cli, db: Path, secret: Path) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, extra=("--url", "http://club.example:8080"))
    try:  # through a proxy on the laptop that says the laptop asked
        laptop = {"Host": "club.example:8080", "X-Forwarded-For": "127.0.0.1"}
        status, _, body = server.raw("GET", "/host", headers=laptop)
        assert status == 200 and b'href="http://club.example:8080/tables/tbl-1?token=' in body
    finally:
        said = server.stop()
    assert "phones open http://club.example:8080/" in said


def test_listening_on_every_ipv6_address_prints_addresses_that_connect(cli: Cli, db: Path, secret: Path) -> None:
    """Plant: ``--host ::`` printed as ``http://:::PORT/``."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, host="::")
    try:
        assert server.first_line.startswith(f"taikyoku serving {db} at http://[::1]:{server.port}/ "
                                             f"(the host's page: http://[::1]:{server.port}/host)")  # fmt: skip
        import urllib.request

        with urllib.request.urlopen(f"http://[::1]:{server.port}/host", timeout=SERVER_WAIT) as page:
            assert page.status == 200 and b"/tables/tbl-1?token=" in page.read()
        # The laptop's own IPv4 request arrives as ::ffff:127.0.0.1: the laptop still (plant: refused).
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/host", timeout=SERVER_WAIT) as page:
            assert page.status == 200 and b"/tables/tbl-1?token=" in page.read()
    finally:
        said = server.stop()
    assert ":::" not in said


# ---- the store in trouble ----------------------------------------------------------------------------


def test_a_locked_or_missing_store_is_503_and_says_so_in_one_line(cli: Cli, db: Path, secret: Path) -> None:
    """Plant: store errors answered 500 (a phone then drops what it sent)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    token = token_of(cli, secret, "tbl-1")
    server = Server(str(db), secret, env={"TAIKYOKU_BUSY_TIMEOUT_MS": "300"})
    try:
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another process holds the store
        status, headers, body = server.raw("POST", "/api/matches/tbl-1/moves", json.dumps(MOVE).encode(), {
            "Authorization": f"Bearer {token}", "Content-Type": "application/json"})  # fmt: skip
        said = json.loads(body)
        assert status == 503 and said["code"] == "store.locked" and headers["retry-after"] == "2", said
        holder.execute("ROLLBACK")
        holder.close()
        moved = db.with_name("elsewhere.db")
        db.rename(moved)
        status, headers, body = server.raw("GET", "/api/matches/tbl-1")
        said = json.loads(body)
        assert status == 503 and said["code"] == "store.missing" and str(db) not in said["error"], said
        moved.rename(db)
        status, _, body = server.raw("GET", "/api/matches/nope-1")
        said = json.loads(body)
        assert status == 404 and said["code"] == "store.unknown_match" and str(db.parent) not in said["error"], said
        assert server.call("POST", "/api/matches/tbl-1/moves", MOVE, token)[0] == 201
    finally:
        said_on_stderr = server.stop()
    assert "Traceback" not in said_on_stderr


def test_a_full_disk_while_serving_is_said_as_a_full_disk_not_a_corrupt_store(
    cli: Cli, tmp_path: Path, secret: Path
) -> None:
    """Plant: SQLite's "database or disk is full" read as a corrupt store (exit 4, a 500)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.fail("this test needs a small file system: run it as root (CI does)")
    try:
        db = folder / "club.db"
        assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1", "--db", str(db)).code == 0
        token = token_of(cli, secret, "tbl-1", str(db))
        server = Server(str(db), secret)
        try:
            _fill(folder)
            move = {"expected_seq": 1, "move": "note " + "a long note " * 100}
            status, said = server.call("POST", "/api/matches/tbl-1/moves", move, token)
            assert status == 507 and said["code"] == "store.full", said
            refused = cli("note", "tbl-1", "1", "x" * 3000, "--db", str(db))
            assert refused.code == 3 and "is full" in _one_line(refused.err), refused.err
            (folder / "filler").unlink()
            stored = server.call("POST", "/api/matches/tbl-1/moves", move, token)
            assert stored[0] == 201, stored
        finally:
            assert "Traceback" not in server.stop()
        assert cli("verify", "--db", str(db)).code == 0
    finally:
        subprocess.run(["umount", str(folder)], check=True)


# ---- headers ---------------------------------------------------------------------------------------


def test_every_answer_forbids_framing_and_the_hosts_page_is_never_kept(cli: Cli, secret: Path, served: Server) -> None:
    """Plant: no frame-ancestors or X-Frame-Options (a page of another site frames the table's)."""
    for path in ("/", "/host", "/tables/tbl-1", "/api/matches", "/api/matches/tbl-1", "/nowhere"):
        _, headers, _ = served.raw("GET", path)
        assert headers["x-frame-options"] == "DENY", path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
    _, headers, _ = served.raw("GET", "/host")
    assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "no-referrer"
    status, _, body = served.raw("GET", "/nowhere")
    assert status == 404 and json.loads(body)["code"] == "not_found"


# ---- watchers ----------------------------------------------------------------------------------------


@pytest.fixture
def own_database() -> Iterator[str]:
    """A new database on the test server, as a store URL: its sessions are the server's alone (the
    test database's count includes every other test's running beside it)."""
    import uuid

    import psycopg

    from tests.conftest import POSTGRES

    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    try:
        yield POSTGRES.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")  # type: ignore[arg-type]


def _sessions(url: str) -> tuple[int, int]:
    """The sessions the PostgreSQL server has opened on this database, ever (this question's own
    included), and those open now (not counting this one)."""
    import psycopg

    with psycopg.connect(url, autocommit=True, application_name="counting") as conn:
        found = conn.execute(
            "SELECT sessions, (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name <> 'counting') FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    assert found is not None
    return int(found[0]), int(found[1])


@pytest.mark.postgres
def test_open_live_pages_cost_postgresql_no_session_of_their_own(cli: Cli, own_database: str, secret: Path) -> None:
    """Plant: each live page polling the head through a new connection (4,587 sessions in 30 s).
    Two server processes hold at most their pools (4 connections each) and one listening look each."""
    pg_url = own_database
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1", "--db", pg_url).code == 0
    token = token_of(cli, secret, "tbl-1", pg_url)
    server = Server(pg_url, secret, workers=2)
    streams: list[socket.socket] = []
    try:
        for _ in range(40):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=SERVER_WAIT)
            connection.sendall(
                f"GET /api/matches/tbl-1/live HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
            )
            streams.append(connection)
        for connection in streams:  # each page has heard the head: the stream is open and served
            heard = b""
            while b'"head_seq": 1' not in heard:
                part = connection.recv(4096)
                assert part, heard
                heard += part
        opened, _ = _sessions(pg_url)
        deadline = time.monotonic() + 3  # three looks at the heads by every worker, at the least
        while time.monotonic() < deadline:
            time.sleep(0.25)
        now, held = _sessions(pg_url)
        assert now - opened == 1, "live pages opened sessions of their own"  # the first count's own, nothing else
        assert held <= 2 * (4 + 1), held
        assert server.call("POST", "/api/matches/tbl-1/moves", MOVE, token)[0] == 201
        for connection in streams:  # every page hears of the new event
            heard = b""
            while b'"head_seq": 2' not in heard:
                part = connection.recv(4096)
                assert part, heard
                heard += part
    finally:
        for connection in streams:
            connection.close()
        server.stop()


@pytest.mark.parametrize(
    ("url", "headers", "status"),
    [
        # Served through a proxy (--url): the proxy's own connection comes from the laptop, so only a
        # forwarded address of the laptop makes a request the host's.
        (True, {}, 403),  # a proxy that sets no X-Forwarded-For: anyone at all
        (True, {"X-Forwarded-For": "192.168.1.20"}, 403),  # a phone, through the proxy
        (True, {"X-Forwarded-For": "192.168.1.20, 127.0.0.1"}, 403),  # a phone, through two proxies on the laptop
        (True, {"X-Forwarded-For": "127.0.0.1, 127.0.0.1"}, 200),  # the laptop, through two
        (True, {"X-Forwarded-For": "127.0.0.1, 192.168.1.20"}, 403),  # a phone that wrote the header itself
        (True, {"Forwarded": 'for="[::1]:4711";proto=http'}, 200),
        (True, {"Forwarded": "for=192.168.1.20"}, 403),
        (True, {"X-Real-IP": "127.0.0.1"}, 200),
        (True, {"Via": "1.1 nginx"}, 403),
        # Served straight (no --url): a request with no proxy's headers is the laptop's; one a proxy
        # marks is the host's only if it says the laptop asked.
        (False, {}, 200),
        (False, {"X-Forwarded-For": "192.168.1.20"}, 403),
        (False, {"Via": "1.1 nginx"}, 403),
        (False, {"X-Forwarded-For": "127.0.0.1"}, 200),
    ],
)  # fmt: skip
def test_the_hosts_page_through_a_proxy_on_the_laptop_needs_a_forwarded_address_of_the_laptop(
    cli: Cli, db: Path, secret: Path, url: bool, headers: dict[str, str], status: int
) -> None:
    """Plant: the host known by the connection's address alone (behind a proxy on the same machine
    that sets no X-Forwarded-For, every phone got the host's page)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    extra = ("--url", "http://club.example:8080") if url else ()
    server = Server(str(db), secret, extra=extra)
    try:
        host = {"Host": "club.example:8080" if url else f"127.0.0.1:{server.port}"}
        assert server.raw("GET", "/host", headers=host | headers)[0] == status
        assert server.raw("GET", "/api/host/nights", headers=host | headers)[0] == status
        key = TableSecret.load(secret).host_key()  # the host link works from anywhere
        assert server.raw("GET", f"/host?key={key}", headers=host | headers)[0] == 200
    finally:
        server.stop()


def test_listening_on_every_ipv4_address_prints_only_addresses_that_connect(cli: Cli, db: Path, secret: Path) -> None:
    """Plant: an IPv6 address of the machine printed for ``--host 0.0.0.0``, which listens on IPv4 alone."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, host="0.0.0.0")
    try:
        assert server.proc.stdout is not None
        printed = [server.first_line]
        while not printed[-1].startswith("the host's page on another device"):
            printed.append(server.proc.stdout.readline())
            assert printed[-1], printed
        phones = [line.split()[-1] for line in printed if line.startswith("phones open ")]
        assert phones, printed
        for address in phones:
            host = address.removeprefix("http://").rsplit(":", 1)[0]
            assert ":" not in host.strip("[]"), address  # IPv4 alone
            with socket.create_connection((host.strip("[]"), server.port), timeout=SERVER_WAIT):
                pass
    finally:
        server.stop()
