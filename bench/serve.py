"""`taikyoku serve` under a club night's load, through HTTP against the real server process.

    python bench/serve.py [--moves 200] [--watchers 200] [--tables 8] [--phones 2] [--seconds 60]
                          [--db postgresql://...] [--workers N] [--others N] [--first-only]

1. A move on a long match: a riichi match of 1,000 events, then ``--moves`` moves posted one after
   another (each a legal move the server offers, chosen at random from a seed): p50 and p95 of
   the POST (the moves stored only), and of the time until the live stream says the new head.
   Then the same with ``--watchers`` live pages open on that match, in turns of 20 moves with
   none open and 20 with them all open, so both are measured side by side: each p95, their
   ratio, and the server's CPU time per move in each. With ``--others N``, N phones record at
   other tables all the while (a league's other clubs), on both sides of the comparison.
2. A club night: ``--tables`` Tensho matches, ``--phones`` phones each, every phone tapping the
   moves it is offered as fast as the server answers, for ``--seconds``: moves stored per second,
   taps refused because another phone got there first (409), and the check that nothing was lost
   or stored twice (the events stored equal the events the 201 answers reported, and `verify` is
   clean).

3. Against a floor, in the same run: a FastAPI app under uvicorn (the server's own stack) that, for
   each POST, reads the match's last row and inserts one after it, chained by SHA-256, on the same
   kind of store (an SQLite file in WAL mode with full sync, or the same PostgreSQL database through
   connections opened once). A taikyoku move and a floor insert in turn: p50 of each, the server
   CPU per request of each, and the ratios.
4. A move at event 20 and at event 5,000 of Tensho matches, in turn: p50 of each and the ratio.
5. ``--idle`` live pages open (default 100) and nothing posted: the server's CPU while they wait,
   in cores.

Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path, data=None if body is None else json.dumps(body).encode(), method=method
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--phones", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--watchers", type=int, default=200, help="live pages open in the watched turns")
    parser.add_argument("--db", default=None, help="a postgresql:// store (default: a new SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only)")
    parser.add_argument("--idle", type=int, default=100, help="live pages open while nothing is posted")
    parser.add_argument(
        "--others",
        type=int,
        default=0,
        help="phones recording at other tables (other clubs of a league) while part 1 is measured",
    )
    parser.add_argument("--first-only", action="store_true", help="part 1 alone (with --others: the league's case)")
    args = parser.parse_args()
    from replay.app.simulate import payloads, simulated_events
    from replay.infra.stores import open_store
    from replay.infra.tokens import TableSecret

    with tempfile.TemporaryDirectory() as folder:
        os.environ["TAIKYOKU_SECRET_FILE"] = str(Path(folder) / "secret")
        db = args.db or str(Path(folder) / "night.db")
        with open_store(db, create=True) as store:
            # a match from event 1,000 for the moves alone and another for the floor's turns: one riichi
            # match has a few hundred moves left in it from there
            for long in ("r-long", "r-floor"):
                store.append(long, 0, simulated_events("riichi", 5, 12, match_id=long)[:1000])
            for table in range(args.tables):
                store.append(f"t-{table}", 0, simulated_events("tensho", table, 200, match_id=f"t-{table}")[:1])
            for length in LENGTHS:  # a round begun, its first moves made: then moves on, from event 20 or 5,000
                store.append(
                    f"t-at-{length}", 0, simulated_events("tensho", 3, 200, match_id=f"t-at-{length}")[:length]
                )
        secret = TableSecret.load()
        with open_store(db) as store:
            firsts = {m.match_id: store.read(m.match_id, to_seq=1)[0].event_id for m in store.matches()}

        def token_for(match: str) -> str:
            return secret.token_for(match, firsts[match])

        port = _port()
        server = subprocess.Popen([str(BIN / "taikyoku"), "serve", "--db", db, "--port", str(port),
                                   "--workers", str(args.workers)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)  # fmt: skip
        assert server.stdout is not None
        server.stdout.readline()
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        held = Held(db) if db.startswith("postgresql") else None
        try:
            deals = [p for p in payloads("riichi", 9, 12) if p.EVENT_TYPE == "riichi.deal"]
            elsewhere = threading.Event()
            others = [threading.Thread(target=recording_elsewhere, args=(base, table, token_for, payloads, elsewhere))
                      for table in range(min(args.others, args.tables))]  # fmt: skip
            for each in others:
                each.start()
            if others:
                print(f"{len(others)} phones recording at other tables meanwhile (other clubs of a league)")
            one_match(base, args.moves, token_for("r-long"), deals, server.pid, args.watchers)
            elsewhere.set()
            for each in others:
                each.join()
            if args.first_only:
                return
            if held is not None:
                print(f"  PostgreSQL connections the server held: at most {held.stop()} (its pools: {args.workers} x 4, "
                      f"and one listening look a process: {args.workers * 5})")  # fmt: skip
            night(base, args, token_for, payloads)
            with floor_server(db, folder) as (floor_base, floor_pid):
                against_floor(base, floor_base, server.pid, floor_pid, token_for("r-floor"), deals, args.moves)
            at_length(base, token_for, payloads, args.moves)
            idle_pages(base, server.pid, args.idle)
        finally:
            server.terminate()
            server.wait(timeout=30)
        found = subprocess.run([str(BIN / "taikyoku"), "verify", "--db", db], capture_output=True, text=True)
        print(f"  verify: {found.stdout.strip() or found.stderr.strip()}")


def _cpu(pid: int) -> float:
    """The CPU seconds a process, its live children (a server's workers) and the children they
    waited for have used."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(stat.parent.name) == pid or int(fields[1]) == pid:  # the process, or its parent is it
                total += sum(int(f) for f in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


def _postgres_cpu() -> float:
    """The CPU seconds the PostgreSQL server's processes on this machine have used."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            text = stat.read_text()
            if "(postgres)" in text:
                total += sum(int(f) for f in text.rsplit(")", 1)[1].split()[11:13])
    return total / os.sysconf("SC_CLK_TCK")


class Held:
    """The most connections the server holds on the PostgreSQL database at once, sampled twice a second."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True, application_name="bench")
        self.most = 0
        self.running = True
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        while self.running:
            row = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'taikyoku'"
            ).fetchone()
            self.most = max(self.most, int(row[0]) if row else 0)
            time.sleep(0.5)

    def stop(self) -> int:
        self.running = False
        self.thread.join()
        self.conn.close()
        return self.most


class Watchers:
    """``count`` live pages open on the server, their streams read as they come (as a browser does)."""

    def __init__(self, base: str, matches: list[str], count: int) -> None:
        import selectors

        host, port = base.removeprefix("http://").split(":")
        self.selector = selectors.DefaultSelector()
        self.sockets = []
        for number in range(count):
            connection = socket.create_connection((host, int(port)), timeout=30)
            path = f"/api/matches/{matches[number % len(matches)]}/live"
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
            connection.setblocking(False)
            self.selector.register(connection, selectors.EVENT_READ)
            self.sockets.append(connection)
        self.running = True
        self.heard = 0  # pages that have heard their match's head
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        started: set[int] = set()
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                with contextlib.suppress(OSError):
                    if b"event: head" in key.fileobj.recv(65536):  # type: ignore[union-attr]
                        started.add(key.fd)
                        self.heard = len(started)

    def close(self) -> None:
        self.running = False
        self.thread.join()
        for connection in self.sockets:
            connection.close()


def one_match(base: str, moves: int, token: str, deals: list[Any], server_pid: int, watchers: int) -> None:
    rng = random.Random(7)
    posted: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, float] = {False: 0.0, True: 0.0}
    heard: list[float] = []
    head = call(base, "GET", "/api/matches/r-long")[1]["head_seq"]
    stream = urllib.request.urlopen(base + "/api/matches/r-long/live", timeout=30)
    open_pages: Watchers | None = None
    done = 0
    while done < 2 * moves:
        watched = (done // 20) % 2 == 1  # turns of 20 moves: none open, then every page open
        if watched and open_pages is None:
            open_pages = Watchers(base, ["r-long"], watchers)  # the whole room on the table being written
            time.sleep(1)  # every page has connected and heard its head
        if not watched and open_pages is not None:
            open_pages.close()
            open_pages = None
        now = call(base, "GET", "/api/matches/r-long/moves")[1]
        offered = [o for o in now["offers"] if o["move"] and o["move"]["verb"] not in ("tsumo", "ron")]
        offered = offered or [
            o for o in now["passed_offers"] if o["move"] and o["move"]["verb"] not in ("tsumo", "ron")
        ]
        if not offered:  # a deal: laid out as a simulated hand dealt
            deal = deals[done % len(deals)]
            body = {
                "expected_seq": head,
                "events": [{"type": deal.EVENT_TYPE, "payload": json.loads(deal.canonical_json())}],
            }
            status, said = call(base, "POST", "/api/matches/r-long/events", body, token)
            head = said.get("head_seq", head)
            continue
        move = rng.choice(offered)  # a win would need its ura indicators said: the phone passes it here
        used = _cpu(server_pid)
        started = time.perf_counter()
        body = {"expected_seq": head, "data": move["move"]}  # as a phone's button sends it
        status, said = call(base, "POST", "/api/matches/r-long/moves", body, token)
        took = time.perf_counter() - started
        if status != 201:  # only a stored move is counted
            continue
        posted[watched].append(took)
        cpu[watched] += _cpu(server_pid) - used
        done += 1
        head = said["head_seq"]
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data:") and json.loads(line[5:]).get("head_seq") == head:
                heard.append(time.perf_counter() - started)
                break
    if open_pages is not None:
        open_pages.close()
    stream.close()
    alone, watched_moves = posted[False], posted[True]
    print(
        f"a move on a riichi match from event 1,000 ({len(alone) + len(watched_moves)} moves stored, one after another):"
    )
    print(f"  no page open:        POST p50 {percentile(alone, 0.5) * 1000:6.1f} ms   p95 "
          f"{percentile(alone, 0.95) * 1000:6.1f} ms   server CPU {cpu[False] / len(alone) * 1000:5.1f} ms a move")  # fmt: skip
    print(f"  {watchers} pages on it: POST p50 {percentile(watched_moves, 0.5) * 1000:6.1f} ms   p95 "
          f"{percentile(watched_moves, 0.95) * 1000:6.1f} ms   server CPU {cpu[True] / len(watched_moves) * 1000:5.1f} ms a move")  # fmt: skip
    print(f"  p95 with the pages open / without: {percentile(watched_moves, 0.95) / percentile(alone, 0.95):.2f}x "
          "(target at most 1.3x)")  # fmt: skip
    if heard:
        print(
            f"  heard live  p50 {percentile(heard, 0.5) * 1000:6.1f} ms   p95 {percentile(heard, 0.95) * 1000:6.1f} ms"
        )


def recording_elsewhere(base: str, table: int, token_for: Any, payloads: Any, stop: threading.Event) -> None:
    """A phone recording at table ``table`` (another club's) until ``stop``: each move offered, or
    the deal, one after another as fast as the server answers."""
    rng = random.Random(table)
    deals = [p for p in payloads("tensho", table, 30) if p.EVENT_TYPE == "tensho.deal"]
    match, token = f"t-{table}", token_for(f"t-{table}")
    while not stop.is_set():
        state = call(base, "GET", f"/api/matches/{match}/moves")[1]
        head, offered = state["head_seq"], [o["move"] for o in state["offers"] if o["move"]]
        if offered:
            call(
                base, "POST", f"/api/matches/{match}/moves", {"expected_seq": head, "data": rng.choice(offered)}, token
            )
        else:
            number = call(base, "GET", f"/api/matches/{match}")[1]["round"]["number"]
            deal = deals[(number - 1) % len(deals)]
            call(base, "POST", f"/api/matches/{match}/events", {"expected_seq": head, "events": [
                {"type": deal.EVENT_TYPE, "payload": json.loads(deal.canonical_json())}]}, token)  # fmt: skip


def night(base: str, args: argparse.Namespace, token_for: Any, payloads: Any) -> None:
    deals = {t: [p for p in payloads("tensho", t, 30) if p.EVENT_TYPE == "tensho.deal"] for t in range(args.tables)}
    counts = {"stored": 0, "conflicts": 0, "refused": 0, "taps": 0}
    reasons: dict[str, int] = {}
    lock = threading.Lock()
    stop_at = time.monotonic() + args.seconds

    def phone(table: int, seed: int) -> None:
        rng = random.Random(seed)
        match, token = f"t-{table}", token_for(f"t-{table}")
        while time.monotonic() < stop_at:
            state = call(base, "GET", f"/api/matches/{match}/moves")[1]
            head, offered = state["head_seq"], [o["move"] for o in state["offers"] if o["move"]]
            if offered:
                status, said = call(base, "POST", f"/api/matches/{match}/moves",
                                    {"expected_seq": head, "data": rng.choice(offered)}, token)  # fmt: skip
            else:  # a deal: laid out as the simulated match dealt this round
                number = call(base, "GET", f"/api/matches/{match}")[1]["round"]["number"]
                deal = deals[table][(number - 1) % len(deals[table])]
                body = {
                    "expected_seq": head,
                    "events": [{"type": deal.EVENT_TYPE, "payload": json.loads(deal.canonical_json())}],
                }
                status, said = call(base, "POST", f"/api/matches/{match}/events", body, token)
            with lock:
                counts["taps"] += 1
                if status == 201:
                    counts["stored"] += len(said["stored"])
                elif status == 409:
                    counts["conflicts"] += 1
                else:
                    counts["refused"] += 1
                    reasons[f"{status} {said.get('code')}: {str(said.get('error'))[:90]}"] = 1 + reasons.get(
                        f"{status} {said.get('code')}: {str(said.get('error'))[:90]}", 0
                    )

    phones = [
        threading.Thread(target=phone, args=(t, t * 10 + p)) for t in range(args.tables) for p in range(args.phones)
    ]
    started = time.monotonic()
    for each in phones:
        each.start()
    for each in phones:
        each.join()
    spent = time.monotonic() - started
    in_store = sum(call(base, "GET", f"/api/matches/t-{t}")[1]["head_seq"] - 1 for t in range(args.tables))
    print(f"\na club night: {args.tables} tables, {args.phones} phones each, {spent:.0f} s:")
    print(f"  {counts['stored'] / spent:6.1f} events stored per second; {counts['taps']} taps, "
          f"{counts['conflicts']} refused as another phone's moment (409), {counts['refused']} refused otherwise")  # fmt: skip
    print(
        f"  events stored {in_store}, events the 201 answers reported {counts['stored']}: "
        + ("nothing lost or doubled" if in_store == counts["stored"] else "THEY DIFFER")
    )
    for reason, times in sorted(reasons.items(), key=lambda kv: -kv[1])[:5]:
        print(f"    refused {times} times: {reason}")


LENGTHS = (20, 5000)

FLOOR_APP = """
import hashlib, os, queue, sqlite3, threading
from fastapi import FastAPI, Request

DB = os.environ["FLOOR_DB"]
app = FastAPI()
LAST = "SELECT seq, hash FROM floor_events WHERE match_id = {0} ORDER BY seq DESC LIMIT 1"
INSERT = "INSERT INTO floor_events (match_id, seq, payload, hash) VALUES ({0}, {0}, {0}, {0})"
if DB.startswith("postgresql"):
    import psycopg

    connections = queue.Queue()
    for _ in range(4):  # opened once: no new session per request
        connections.put(psycopg.connect(DB))
    mark = "%s"
    first = connections.get()
    first.execute("CREATE TABLE IF NOT EXISTS floor_events (match_id TEXT, seq INTEGER, payload TEXT, hash TEXT, "
                  "PRIMARY KEY (match_id, seq))")
    first.commit()
    connections.put(first)
else:
    lock = threading.Lock()
    conn = sqlite3.connect(DB + "-floor", check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE IF NOT EXISTS floor_events (match_id TEXT, seq INTEGER, payload TEXT, hash TEXT, "
                 "PRIMARY KEY (match_id, seq))")
    mark = "?"


def append(match, text):
    if DB.startswith("postgresql"):
        db = connections.get()
        try:
            with db.transaction():
                row = db.execute(LAST.format(mark) + " FOR UPDATE", (match,)).fetchone()
                seq, prev = row if row else (0, "")
                db.execute(INSERT.format(mark), (match, seq + 1, text, hashlib.sha256((prev + text).encode()).hexdigest()))
        finally:
            connections.put(db)
        return seq + 1
    with lock:
        conn.execute("BEGIN IMMEDIATE")
        row = conn.execute(LAST.format(mark), (match,)).fetchone()
        seq, prev = row if row else (0, "")
        conn.execute(INSERT.format(mark), (match, seq + 1, text, hashlib.sha256((prev + text).encode()).hexdigest()))
        conn.execute("COMMIT")
    return seq + 1


@app.post("/floor/{match}", status_code=201)
def post(match: str, body: dict) -> dict:
    return {"head_seq": append(match, str(body))}
"""


@contextlib.contextmanager
def floor_server(db: str, folder: str) -> Any:
    """The floor's server, on its own port, its table beside the store's (its own file, or table)."""
    Path(folder, "floor_app.py").write_text(FLOOR_APP)
    port = _port()
    env = os.environ | {"FLOOR_DB": db, "PYTHONPATH": folder}
    process = subprocess.Popen([sys.executable, "-m", "uvicorn", "floor_app:app", "--port", str(port),
                                "--log-level", "warning"], env=env, cwd=folder)  # fmt: skip
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)
        if db.startswith("postgresql"):
            import psycopg

            with psycopg.connect(db, autocommit=True) as conn:
                conn.execute("DROP TABLE IF EXISTS floor_events")


def _offered(base: str, match: str) -> tuple[int, list[Any]]:
    now = call(base, "GET", f"/api/matches/{match}/moves")[1]
    moves = [o["move"] for o in now["offers"] + now.get("passed_offers", []) if o["move"]]
    return now["head_seq"], [m for m in moves if m["verb"] not in ("tsumo", "ron")]


SETTLE = 0.02  # seconds for a server to finish what it does after an answer is sent


def _move(
    base: str, match: str, token: str, rng: random.Random, deal: Any, pid: int | None = None
) -> tuple[int, float, Any, float]:
    """One move on ``match`` as a phone makes it: (status, seconds of the POST, the move's body, the
    server's CPU seconds for it when ``pid`` is given). A deal, where no move is offered, is laid
    out and not timed (status 0)."""
    head, offered = _offered(base, match)
    if not offered:
        dealt = deal(match)
        body = {
            "expected_seq": head,
            "events": [{"type": dealt.EVENT_TYPE, "payload": json.loads(dealt.canonical_json())}],
        }
        status, said = call(base, "POST", f"/api/matches/{match}/events", body, token)
        if status != 201:  # the match is over: no move and no hand to deal
            raise SystemExit(f"bench: match {match} has no move left ({said}); ask for fewer --moves")
        return 0, 0.0, None, 0.0
    body = {"expected_seq": head, "data": rng.choice(offered)}
    if pid is not None:
        time.sleep(SETTLE)
    used, started = (_cpu(pid) if pid is not None else 0.0), time.perf_counter()
    status, _ = call(base, "POST", f"/api/matches/{match}/moves", body, token)
    took = time.perf_counter() - started
    if pid is not None:
        time.sleep(SETTLE)
    return status, took, body, (_cpu(pid) - used if pid is not None else 0.0)


def against_floor(
    base: str, floor: str, server_pid: int, floor_pid: int, token: str, deals: list[Any], moves: int
) -> None:
    rng = random.Random(11)
    times: dict[str, list[float]] = {"taikyoku": [], "floor": []}
    cpu = {"taikyoku": 0.0, "floor": 0.0}
    database = {"taikyoku": 0.0, "floor": 0.0}  # PostgreSQL's own processes, where the store is there
    # Each server's CPU is read a moment before and after its request, so that what the server did
    # for the request before (the move's offers read, its connection closed) is not counted in it.
    while len(times["taikyoku"]) < moves:
        before = _postgres_cpu()
        status, took, body, spent = _move(
            base, "r-floor", token, rng, lambda _m: deals[rng.randrange(len(deals))], server_pid
        )
        if status != 201:  # a deal, or a move refused: neither is a move stored
            continue
        database["taikyoku"] += _postgres_cpu() - before
        cpu["taikyoku"] += spent
        times["taikyoku"].append(took)
        time.sleep(SETTLE)
        used, started, before = _cpu(floor_pid), time.perf_counter(), _postgres_cpu()
        status, _ = call(floor, "POST", "/floor/r-floor", body)
        times["floor"].append(time.perf_counter() - started)
        time.sleep(SETTLE)
        cpu["floor"] += _cpu(floor_pid) - used
        database["floor"] += _postgres_cpu() - before
        assert status == 201, status
    ours, theirs = percentile(times["taikyoku"], 0.5), percentile(times["floor"], 0.5)
    count = len(times["taikyoku"])
    print(f"\na move against the floor (FastAPI + uvicorn reading the last row, inserting one), {count} each, in turn:")
    print(f"  taikyoku p50 {ours * 1000:6.1f} ms, CPU {cpu['taikyoku'] / count * 1000:5.1f} ms a move;"
          f"  floor p50 {theirs * 1000:6.1f} ms, CPU {cpu['floor'] / count * 1000:5.1f} ms")  # fmt: skip
    print(f"  ratios: p50 {ours / theirs:.2f}x, CPU {cpu['taikyoku'] / max(cpu['floor'], 1e-9):.2f}x "
          "(target: SQLite at most 1.4x, PostgreSQL at most 3x)")  # fmt: skip
    if database["floor"]:
        print(f"  PostgreSQL's own CPU: {database['taikyoku'] / count * 1000:.1f} ms a move, the floor's "
              f"{database['floor'] / count * 1000:.1f} ms")  # fmt: skip


def at_length(base: str, token_for: Any, payloads: Any, moves: int) -> None:
    rng = random.Random(13)
    dealt = [p for p in payloads("tensho", 3, 200) if p.EVENT_TYPE == "tensho.deal"]
    times: dict[int, list[float]] = {length: [] for length in LENGTHS}
    turn = 0
    while min(len(t) for t in times.values()) < moves:
        length = LENGTHS[turn % 2]
        match = f"t-at-{length}"
        number = call(base, "GET", f"/api/matches/{match}")[1]["round"]["number"]
        deal = dealt[(number - 1) % len(dealt)]
        status, took, _, _ = _move(base, match, token_for(match), rng, lambda _m, deal=deal: deal)
        if status == 201:
            times[length].append(took)
            turn += 1
    short, long = (percentile(times[length], 0.5) for length in LENGTHS)
    print(f"\na move at event {LENGTHS[1]:,} and at event {LENGTHS[0]} of a Tensho match, {moves} each, in turn:")
    print(f"  p50 {long * 1000:.1f} ms against {short * 1000:.1f} ms: {long / short:.2f}x (target at most 1.2x)")


def idle_pages(base: str, server_pid: int, count: int) -> None:
    matches = [m["match_id"] for m in call(base, "GET", "/api/matches")[1]]
    pages = Watchers(base, matches, count)
    while pages.heard < count:  # every page has its first head: each stream is open and waiting
        time.sleep(0.05)
    used, began = _cpu(server_pid), time.perf_counter()
    time.sleep(20)
    cores = (_cpu(server_pid) - used) / (time.perf_counter() - began)
    pages.close()
    print(f"\n{count} live pages open, nothing posted, 20 s: the server used {cores:.3f} cores (target under 0.05)")


if __name__ == "__main__":
    main()
