"""`taikyoku serve` under a club night's load, through HTTP against the real server process.

    python bench/serve.py [--moves 200] [--tables 8] [--phones 2] [--seconds 60] [--db postgresql://...]

1. A move on a long match: a riichi match of 1,000 events, then ``--moves`` moves posted one after
   another (each a legal move the server offers, chosen at random from a seed): p50 and p95 of
   the POST, and of the time until the live stream says the new head.
2. A club night: ``--tables`` Tensho matches, ``--phones`` phones each, every phone tapping the
   moves it is offered as fast as the server answers, for ``--seconds``: moves stored per second,
   taps refused because another phone got there first (409), and the check that nothing was lost
   or stored twice (the events stored equal the events the 201 answers reported, and `verify` is
   clean).

Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
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
    parser.add_argument("--db", default=None, help="a postgresql:// store (default: a new SQLite file)")
    args = parser.parse_args()
    from replay.app.simulate import payloads, simulated_events
    from replay.app.stores import open_store
    from replay.app.tokens import token_for

    with tempfile.TemporaryDirectory() as folder:
        os.environ["TAIKYOKU_SECRET_FILE"] = str(Path(folder) / "secret")
        db = args.db or str(Path(folder) / "night.db")
        with open_store(db, create=True) as store:
            store.append("r-long", 0, simulated_events("riichi", 5, 12, match_id="r-long")[:1000])
            for table in range(args.tables):
                store.append(f"t-{table}", 0, simulated_events("tensho", table, 200, match_id=f"t-{table}")[:1])
        port = _port()
        server = subprocess.Popen([str(BIN / "taikyoku"), "serve", "--db", db, "--port", str(port)],
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
        try:
            one_match(
                base,
                args.moves,
                token_for("r-long"),
                [p for p in payloads("riichi", 9, 12) if p.EVENT_TYPE == "riichi.deal"],
            )
            night(base, args, token_for, payloads)
        finally:
            server.terminate()
            server.wait(timeout=30)
        found = subprocess.run([str(BIN / "taikyoku"), "verify", "--db", db], capture_output=True, text=True)
        print(f"  verify: {found.stdout.strip() or found.stderr.strip()}")


def one_match(base: str, moves: int, token: str, deals: list[Any]) -> None:
    rng = random.Random(7)
    posted: list[float] = []
    heard: list[float] = []
    head = call(base, "GET", "/api/matches/r-long")[1]["head_seq"]
    stream = urllib.request.urlopen(base + "/api/matches/r-long/live", timeout=30)
    for _ in range(moves):
        offered = [m for m in call(base, "GET", "/api/matches/r-long/moves")[1]["moves"] if m != "pass"]
        if not offered:  # a deal: laid out as a simulated hand dealt
            deal = deals[len(posted) % len(deals)]
            body = {
                "expected_seq": head,
                "events": [{"type": deal.EVENT_TYPE, "payload": json.loads(deal.canonical_json())}],
            }
            status, said = call(base, "POST", "/api/matches/r-long/events", body, token)
            head = said.get("head_seq", head)
            continue
        move = rng.choice([m for m in offered if not m.startswith(("tsumo", "ron"))] or offered)
        started = time.perf_counter()
        status, said = call(base, "POST", "/api/matches/r-long/moves", {"expected_seq": head, "move": move}, token)
        posted.append(time.perf_counter() - started)
        if status != 201:
            continue
        head = said["head_seq"]
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data:") and json.loads(line[5:])["head_seq"] == head:
                heard.append(time.perf_counter() - started)
                break
    stream.close()
    print(f"a move on a riichi match from event 1,000 ({len(posted)} moves, one after another):")
    print(
        f"  POST p50 {percentile(posted, 0.5) * 1000:6.1f} ms   p95 {percentile(posted, 0.95) * 1000:6.1f} ms  (target p95 < 50 ms)"
    )
    if heard:
        print(
            f"  heard live  p50 {percentile(heard, 0.5) * 1000:6.1f} ms   p95 {percentile(heard, 0.95) * 1000:6.1f} ms"
        )


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
            head, offered = state["head_seq"], [m for m in state["moves"] if m != "pass"]
            if offered:
                status, said = call(base, "POST", f"/api/matches/{match}/moves",
                                    {"expected_seq": head, "move": rng.choice(offered)}, token)  # fmt: skip
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


if __name__ == "__main__":
    main()
