"""Append throughput and latency of the event store, against raw sqlite3 in the same run.

    python bench/append.py [--events N] [--singles N]

Prints events/s for each path and the ratios the README quotes. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Run as a script, this folder comes first on sys.path, and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.canonical import dumps  # noqa: E402
from events.envelope import PendingEvent, envelope_text, new_event_id, now_timestamp  # noqa: E402
from events.match import Annotation  # noqa: E402
from replay.app.service import build_match_started  # noqa: E402
from store import EventStore  # noqa: E402
from store.chain import GENESIS, link  # noqa: E402
from store.migrations import MIGRATIONS  # noqa: E402
from store.sqlite import _INSERT  # noqa: E402


def start() -> PendingEvent:
    started = build_match_started("tensho", ["East", "West"])
    return PendingEvent(started, new_event_id(), now_timestamp(), "bench")


def documents(count: int) -> list[dict[str, Any]]:
    """What arrives from outside: plain dicts, one per event, not yet validated."""
    return [
        {"seq": 1, "kind": "note", "text": f"turn {i}: pine-crane captured with pine-chaff-1"} for i in range(count)
    ]


def raw_rows(docs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The same rows the store writes, prepared in advance (hashes included) for the raw baseline."""
    rows, prev, stamp = [], GENESIS, now_timestamp()
    for seq, doc in enumerate(docs, 2):
        text = dumps(doc)
        event_id = new_event_id()
        digest = link(
            prev,
            envelope_text(
                match_id="m-raw",
                seq=seq,
                event_id=event_id,
                type="annotation",
                schema_version=1,
                recorded_at=stamp,
                recorded_by="bench",
                payload_text=text,
            ),
        )
        rows.append(("m-raw", seq, event_id, "annotation", 1, stamp, "bench", text, prev, digest))
        prev = digest
    return rows


def raw_connection(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    for statement in MIGRATIONS[0][2]:
        conn.execute(statement)
    return conn


def bench_raw_executemany(folder: Path, rows: list[tuple[Any, ...]]) -> float:
    conn = raw_connection(folder / "raw.db")
    began = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(_INSERT, rows)
    conn.execute("COMMIT")
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def bench_store_bulk(folder: Path, docs: list[dict[str, Any]]) -> float:
    with EventStore.open(folder / "store.db", create=True) as store:
        store.append("m-bulk", 0, [start()])
        stamp = now_timestamp()
        ids = [row[2] for row in raw_rows(docs)]  # the ids arrive with the events, as in the raw rows
        began = time.perf_counter()
        # Full validation of every document into its typed payload, inside one atomic append:
        # the store consumes a generator as it writes, as a bulk import does.
        events = (
            PendingEvent(Annotation.model_validate(doc), event_id, stamp, "bench")
            for doc, event_id in zip(docs, ids, strict=True)
        )
        store.append("m-bulk", 1, events)
        elapsed = time.perf_counter() - began
        assert store.head("m-bulk") == len(docs) + 1
    return elapsed


def percentile(samples: list[float], q: float) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[int(q) - 1]


def bench_single_raw(folder: Path, rows: list[tuple[Any, ...]]) -> list[float]:
    conn = raw_connection(folder / "raw-single.db")
    samples = []
    for row in rows:
        began = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(_INSERT, row)
        conn.execute("COMMIT")
        samples.append(time.perf_counter() - began)
    conn.close()
    return samples


def bench_single_store(folder: Path, docs: list[dict[str, Any]]) -> list[float]:
    samples = []
    with EventStore.open(folder / "store-single.db", create=True) as store:
        store.append("m-single", 0, [start()])
        for seq, doc in enumerate(docs, 1):
            began = time.perf_counter()
            event = PendingEvent(Annotation.model_validate(doc), new_event_id(), now_timestamp(), "bench")
            store.append("m-single", seq, [event])
            samples.append(time.perf_counter() - began)
    return samples


def main() -> None:
    gc.collect()
    gc.freeze()  # as the taikyoku command does at start-up (replay/cli/__init__.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50_000, help="events in the bulk runs")
    parser.add_argument("--singles", type=int, default=2_000, help="single durable appends")
    parser.add_argument("--repeat", type=int, default=3, help="bulk runs; the best is kept")
    parser.add_argument(
        "--postgres", default=POSTGRES, help="the server for the PostgreSQL rows ('' to leave them out)"
    )
    args = parser.parse_args()

    docs = documents(args.events)
    rows = raw_rows(docs)
    raw_best = store_best = float("inf")
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as name:
            raw_best = min(raw_best, bench_raw_executemany(Path(name), rows))
            store_best = min(store_best, bench_store_bulk(Path(name), docs))
    raw_rate, store_rate = args.events / raw_best, args.events / store_best
    print(f"bulk, {args.events} events in one transaction (best of {args.repeat}):")
    print(f"  raw sqlite3 executemany          {raw_rate:>12,.0f} events/s")
    print(f"  store append, full validation    {store_rate:>12,.0f} events/s")
    print(f"  ratio store / raw                {store_rate / raw_rate:>12.2f}x   (target >= 0.5x)")

    singles = docs[: args.singles]
    with tempfile.TemporaryDirectory() as name:
        raw = bench_single_raw(Path(name), rows[: args.singles])
        ours = bench_single_store(Path(name), singles)
    raw_p50, raw_p99 = percentile(raw, 50), percentile(raw, 99)
    our_p50, our_p99 = percentile(ours, 50), percentile(ours, 99)
    print(f"single durable append (synchronous=FULL, WAL), {args.singles} appends:")
    print(f"  raw commit        p50 {raw_p50 * 1e6:>8.0f} us   p99 {raw_p99 * 1e6:>8.0f} us")
    print(f"  store append      p50 {our_p50 * 1e6:>8.0f} us   p99 {our_p99 * 1e6:>8.0f} us")
    print(f"  p50 over raw      {(our_p50 - raw_p50) * 1e6:>8.0f} us   (target <= 100 us)")
    print(f"  p99               {our_p99 * 1e6:>8.0f} us   (target < 1000 us)")
    print(f"  ratio p50 store / raw {our_p50 / raw_p50:.2f}x; events/s {1 / our_p50:,.0f} vs {1 / raw_p50:,.0f}")
    if args.postgres:
        postgres_rows(args.postgres, docs, rows, args.singles, args.repeat)


POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


def postgres_rows(url: str, docs: list[dict[str, Any]], rows: list[tuple[Any, ...]], singles: int, repeat: int) -> None:
    """The same work on a PostgreSQL server: each run in a fresh schema with the store's tables."""
    import uuid

    import psycopg

    from store.postgres import _INSERT as PG_INSERT
    from store.postgres import PostgresStore

    try:
        admin = psycopg.connect(url, autocommit=True)
    except psycopg.Error as exc:
        print(f"postgresql: not measured, no server at {url} ({str(exc).splitlines()[0]})")
        return

    def fresh() -> str:
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        admin.execute(f"CREATE SCHEMA {schema}")  # type: ignore[arg-type]
        made.append(schema)
        target = f"{url}?options=-csearch_path%3D{schema}"
        with PostgresStore.open(target, create=True):
            pass  # the store's own tables, triggers and indexes
        return target

    made: list[str] = []
    columns = "match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, payload, prev_hash, hash"
    try:
        raw = copy = ours = float("inf")
        for _ in range(repeat):
            with psycopg.connect(fresh()) as conn, conn.cursor() as cursor:
                began = time.perf_counter()
                cursor.executemany(PG_INSERT, rows)
                conn.commit()
                raw = min(raw, time.perf_counter() - began)
            with psycopg.connect(fresh()) as conn, conn.cursor() as cursor:
                began = time.perf_counter()
                with cursor.copy(f"COPY events ({columns}) FROM STDIN") as copying:  # type: ignore[arg-type]
                    for row in rows:
                        copying.write_row(row)
                conn.commit()
                copy = min(copy, time.perf_counter() - began)
            with PostgresStore.open(fresh()) as store:
                store.append("m-bulk", 0, [start()])
                stamp = now_timestamp()
                ids = [row[2] for row in rows]
                began = time.perf_counter()
                store.append("m-bulk", 1, (PendingEvent(Annotation.model_validate(d), i, stamp, "bench")
                                           for d, i in zip(docs, ids, strict=True)))  # fmt: skip
                ours = min(ours, time.perf_counter() - began)
        count = len(rows)
        print(f"postgresql bulk, {count} events in one transaction (best of {repeat}), {url}:")
        print(f"  raw psycopg executemany          {count / raw:>12,.0f} events/s")
        print(f"  raw COPY                         {count / copy:>12,.0f} events/s")
        print(f"  store append, full validation    {count / ours:>12,.0f} events/s")
        print(f"  ratio store / executemany        {raw / ours:>12.2f}x   (target >= 0.5x)")
        print(f"  ratio store / COPY               {copy / ours:>12.2f}x")
        samples_raw: list[float] = []
        samples_ours: list[float] = []
        with psycopg.connect(fresh(), autocommit=True) as conn:
            for row in rows[:singles]:
                began = time.perf_counter()
                conn.execute(PG_INSERT, row)
                samples_raw.append(time.perf_counter() - began)
        with PostgresStore.open(fresh()) as store:
            store.append("m-single", 0, [start()])
            for seq, doc in enumerate(docs[:singles], 1):
                event = PendingEvent(Annotation.model_validate(doc), new_event_id(), now_timestamp(), "bench")
                began = time.perf_counter()
                store.append("m-single", seq, [event])
                samples_ours.append(time.perf_counter() - began)
        print(f"postgresql single durable append (synchronous_commit on), {singles} appends:")
        print(
            f"  raw INSERT, autocommit  p50 {percentile(samples_raw, 50) * 1e6:>8.0f} us   p99 {percentile(samples_raw, 99) * 1e6:>8.0f} us"
        )
        print(
            f"  store append            p50 {percentile(samples_ours, 50) * 1e6:>8.0f} us   p99 {percentile(samples_ours, 99) * 1e6:>8.0f} us"
        )
    finally:
        for schema in made:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")  # type: ignore[arg-type]
        admin.close()


if __name__ == "__main__":
    main()
