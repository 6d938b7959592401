"""Replay speed: read, decode, fold and score whole matches from the store.

    python bench/replay.py [--matches N] [--rounds R] [--game tensho|sendai|all]

Records N simulated matches of each game, then replays every one from the store, and
compares with a baseline in the same run: a plain SELECT of the same rows with stdlib
json.loads of each payload. Prints events/s, matches/s and the ratio for two replays: each match
cold (the decoder's memory of payload texts emptied before every match, as a fresh `taikyoku
replay` has it: the target is about this one) and the batch warm (emptied once, so texts repeated
across matches are decoded once for all). And where a cold replay's time goes per event. Figures,
never pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events import registry  # noqa: E402
from replay.app import service  # noqa: E402
from replay.app.simulate import simulated_events  # noqa: E402
from store import EventStore  # noqa: E402

OPTIONS = {"tensho": [], "sendai": ["sendai.teyakuMode=claimAndContinue"]}


def record(path: Path, game: str, matches: int, rounds: int) -> tuple[list[str], int]:
    ids = []
    events = 0
    with EventStore.open(path, create=True) as store:
        for seed in range(matches):
            match_id = f"bench-{game}-{seed}"
            made = simulated_events(game, seed, rounds, match_id=match_id, options=OPTIONS[game])
            stored = store.append(match_id, 0, made)
            ids.append(match_id)
            events += len(stored)
    return ids, events


def baseline(path: Path, ids: list[str]) -> float:
    """A plain SELECT of each match's rows, and json.loads of every payload."""
    conn = sqlite3.connect(path)
    began = time.perf_counter()
    for match_id in ids:
        rows = conn.execute("SELECT type, payload FROM events WHERE match_id = ? ORDER BY seq", (match_id,))
        for _type, payload in rows:
            json.loads(payload)
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def full_replay(path: Path, ids: list[str], *, cold: bool = True) -> tuple[float, int]:
    """Read, decode, fold with every legality check, and score every round of every match.

    ``cold``: the decoder's memory of payload texts is emptied before each match, as a fresh
    `taikyoku replay` of one match has it; otherwise once for the batch, so texts repeated across
    matches are decoded once for all of them (what a long-running process gets)."""
    rounds = 0
    registry.clear_decode_cache()
    with EventStore.open(path) as store:
        began = time.perf_counter()
        for match_id in ids:
            if cold:
                registry.clear_decode_cache()  # inside the timing: a cold replay pays for it
            state = service.replay_match(store, match_id).state
            rounds += len(state.results)
        elapsed = time.perf_counter() - began
    return elapsed, rounds


def read_only(path: Path, ids: list[str]) -> float:
    """The read and decode part of a cold replay alone: the events as the folds get them."""
    registry.clear_decode_cache()
    with EventStore.open(path) as store:
        began = time.perf_counter()
        for match_id in ids:
            registry.clear_decode_cache()
            service.read_steps(store, match_id)
        return time.perf_counter() - began


def main() -> None:
    gc.collect()
    gc.freeze()  # as the taikyoku command does at start-up
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--game", choices=["tensho", "sendai", "all"], default="all")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of the four runs; the best of each is kept")
    args = parser.parse_args()
    for game in ("tensho", "sendai") if args.game == "all" else (args.game,):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "replay.db"
            ids, events = record(path, game, args.matches, args.rounds)
            # Interleaved, one of each per round, the best of each kept: a machine whose load
            # drifts slows all four alike, not the one that happened to run during the drift.
            runs = [
                (baseline(path, ids), full_replay(path, ids, cold=True), full_replay(path, ids, cold=False),
                 read_only(path, ids))
                for _ in range(args.repeat)
            ]  # fmt: skip
            base = min(r[0] for r in runs)
            ours, rounds = min(r[1] for r in runs)
            warm, _ = min(r[2] for r in runs)
            reading = min(r[3] for r in runs)
        assert rounds == args.matches * args.rounds
        print(f"{args.matches} {game} matches, {args.rounds} rounds each, {events} events (best of {args.repeat}):")
        print(
            f"  baseline: SELECT + json.loads     {events / base:>10,.0f} events/s  {args.matches / base:>8,.0f} matches/s"
        )
        print(
            f"  replay, each match cold           {events / ours:>10,.0f} events/s  {args.matches / ours:>8,.0f} matches/s"
            f"   {base / ours:.2f}x   (target >= 0.7x: one match replayed in a fresh process)"
        )
        print(
            f"  replay, the batch warm            {events / warm:>10,.0f} events/s  {args.matches / warm:>8,.0f} matches/s"
            f"   {base / warm:.2f}x   (texts repeated across matches decoded once)"
        )
        print(
            f"  per event: baseline {base / events * 1e6:.2f} us; cold replay {ours / events * 1e6:.2f} us, of which "
            f"read and decode {reading / events * 1e6:.2f} us, fold and score {(ours - reading) / events * 1e6:.2f} us"
        )


if __name__ == "__main__":
    main()
