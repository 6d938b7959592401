"""The tenhou.net/6 pipeline against the `mahjong` library's own scoring of the same wins.

    python bench/import.py [--repeat N]

Imports the corpus (tests/data/tenhou6), stores it, replays every match from the store
with every legality check and every price, N times; and, in the same run, times the library
alone scoring each of those wins (the same tiles, melds and conditions). Prints hands/s and
the ratio. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this folder comes first on sys.path and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.envelope import PendingEvent, new_event_id, now_timestamp  # noqa: E402
from replay.app import service  # noqa: E402
from replay.formats import tenhou6  # noqa: E402
from replay.games.riichi.pricing import _estimate  # noqa: E402
from store import EventStore  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "tenhou6"


def pipeline(files: list[Path], folder: Path, run: int, stages: dict[str, float]) -> tuple[int, list[object], int]:
    """Read, convert (with the fold's checks and prices), store, and replay from the store.

    Adds the time of each stage to ``stages``; returns the hands, the wins and the events stored.
    """
    hands = events = 0
    wins: list[object] = []
    clock = time.perf_counter
    with EventStore.open(folder / f"bench-{run}.db", create=True) as store:
        for path in files:
            began = clock()
            games = tenhou6.read(path.read_bytes(), path.name)
            items = [tenhou6.convert(game, tenhou6.match_id_for(game, i, len(games))) for i, game in enumerate(games)]
            stages["read and convert, every event checked"] += clock() - began
            for item in items:
                if item.problem:
                    continue
                began = clock()
                stamp = now_timestamp()
                store.append(item.match_id, 0, [PendingEvent(p, new_event_id(), stamp, "bench") for p in item.payloads])
                stages["store: validate, hash, append"] += clock() - began
                events += len(item.payloads)
                began = clock()
                state = service.replay_match(store, item.match_id).state
                stages["replay from the store, priced"] += clock() - began
                hands += len(state.results)
                wins += [(w.hand, state.options) for r in state.results for w in r.wins]
    return hands, wins, events


def raw_insert(folder: Path, events: int) -> float:
    """SQLite alone: executemany of as many rows of the same size, no checks, no hashes."""
    import sqlite3

    conn = sqlite3.connect(folder / "raw.db")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS e (match_id TEXT, seq INTEGER, type TEXT, payload TEXT, PRIMARY KEY (match_id, seq))"
    )
    rows = [("raw", seq, "riichi.discard", '{"seat":0,"tile":"5m","tsumogiri":false}') for seq in range(events)]
    conn.execute("DELETE FROM e")
    began = time.perf_counter()
    with conn:
        conn.executemany("INSERT INTO e VALUES (?, ?, ?, ?)", rows)
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def library_alone(wins: list[object]) -> None:
    for hand, rules in wins:  # type: ignore[misc]
        _estimate(hand, rules)


def main() -> None:
    gc.collect()
    gc.freeze()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        raise SystemExit(f"no logs in {CORPUS}")
    best_pipeline = best_library = best_raw = float("inf")
    best_stages: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as name:
        for run in range(args.repeat):
            stages = dict.fromkeys(STAGES, 0.0)
            began = time.perf_counter()
            hands, wins, events = pipeline(files, Path(name), run, stages)
            elapsed = time.perf_counter() - began
            if elapsed < best_pipeline:
                best_pipeline, best_stages = elapsed, stages
            began = time.perf_counter()
            library_alone(wins)
            best_library = min(best_library, time.perf_counter() - began)
            best_raw = min(best_raw, raw_insert(Path(name), events))
    print(f"corpus: {len(files)} files, {hands} hands, {len(wins)} wins, {events} events (best of {args.repeat}):")
    print(
        f"  pipeline: read, convert, check, store, replay, price   {hands / best_pipeline:>8,.0f} hands/s  {best_pipeline * 1000:>7.1f} ms"
    )
    print(
        f"  the mahjong library scoring the same wins alone          {len(wins) / best_library:>8,.0f} wins/s   {best_library * 1000:>7.1f} ms"
    )
    print(
        f"  ratio pipeline / library                                 {best_pipeline / best_library:>8.1f}x   (target <= 3x)"
    )
    print("  where the pipeline's time goes:")
    for stage, seconds in best_stages.items():
        print(f"    {stage:<52} {seconds * 1000:>7.1f} ms  {seconds / best_library:>6.1f}x the library")
    print(
        f"    {'(SQLite alone: executemany of as many bare rows)':<52} {best_raw * 1000:>7.1f} ms  {best_raw / best_library:>6.1f}x the library"
    )


STAGES = ("read and convert, every event checked", "store: validate, hash, append", "replay from the store, priced")


if __name__ == "__main__":
    main()
