"""Statistics over a big history: the standings of 10,000 matches.

    python bench/stats.py [--matches N] [--repeat R]

Builds a store of N matches (by default 10,000: two in five Tensho and two in five Sendai-hana,
simulated, and one in five riichi, the real Tenhou games of tests/data/tenhou6-more), each copy
with its own ids and players drawn from a club of 40 names. Then, side by side on that store:

- the baseline: reading the rows alone, a bare SELECT of every event's match, type and payload
  (what any statistics must at least read when nothing is cached), and json.loads of each payload;
- stats, cold: every match folded into its digest and the digests kept in the store's read model
  (what the first `taikyoku stats` on a store does);
- stats, warm: the digests read back and added up (what every later `taikyoku stats` does, until
  a match moves on).

Target: the warm standings of 10,000 matches in under 2 s. Prints seconds and the ratio of each
to the baseline. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

# Run as a script, this folder comes first on sys.path and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.envelope import PendingEvent, now_timestamp  # noqa: E402
from events.match import MatchStarted, PlayerSeat  # noqa: E402
from replay.app import stats  # noqa: E402
from replay.app.simulate import simulated_events  # noqa: E402
from replay.games.riichi.logs import tenhou6  # noqa: E402
from replay.games.riichi.logs.folding import fold_import  # noqa: E402
from store import EventStore  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLUB = [f"player-{n:02d}" for n in range(40)]
TARGET_SECONDS = 2.0


def templates() -> list[list[PendingEvent]]:
    """The matches copied: simulated hanafuda, and real riichi games."""
    made: list[list[PendingEvent]] = []
    for seed in range(10):
        made.append(simulated_events("tensho", seed, 6, match_id=f"t-{seed}"))
        made.append(simulated_events("sendai", seed, 6, match_id=f"s-{seed}", options=["sendai.teyakuMode=winRound"]))
    for path in sorted((ROOT / "tests" / "data" / "tenhou6-more").glob("*.json"))[:10]:
        for index, game in enumerate(games := tenhou6.read(path.read_bytes(), path.name)):
            converted = fold_import(tenhou6.TenhouReading(game), tenhou6.match_id_for(game, index, len(games)))
            assert converted.problem is None, converted.problem
            made.append([PendingEvent(p, "", "", "bench") for p in converted.payloads])
    return made


def build(path: Path, count: int) -> int:
    """``count`` matches copied from the templates, each with its own ids and players."""
    pool = templates()
    shares = [m for m in pool if isinstance(m[0].payload, MatchStarted) and m[0].payload.game != "riichi"]
    riichi = [m for m in pool if m not in shares]
    chooser = random.Random(7)
    stamp = now_timestamp()
    events = 0
    with EventStore.open(path, create=True) as store:
        for number in range(count):
            template = riichi[number % len(riichi)] if number % 5 == 4 else shares[number % len(shares)]
            started = template[0].payload
            assert isinstance(started, MatchStarted)
            names = chooser.sample(CLUB, len(started.players))
            players = tuple(PlayerSeat(name=name, seat=seat) for seat, name in enumerate(names))
            first = started.model_copy(update={"players": players})
            copied = [PendingEvent(first, str(uuid.uuid4()), stamp, "bench")]
            copied += [PendingEvent(e.payload, str(uuid.uuid4()), stamp, "bench") for e in template[1:]]
            events += len(store.append(f"club-{number:05d}", 0, copied))
            if number % 1000 == 999:
                print(f"  built {number + 1:,} matches", file=sys.stderr)
    return events


def rows_alone(path: Path) -> float:
    conn = sqlite3.connect(path)
    began = time.perf_counter()
    for _match, _type, payload in conn.execute("SELECT match_id, type, payload FROM events"):
        json.loads(payload)
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def standings(path: Path, *, cold: bool) -> tuple[float, int]:
    with EventStore.open(path) as store:
        if cold:
            store.drop_read_model(stats.DIGEST_MODEL)
        gc.collect()
        began = time.perf_counter()
        found = stats.compute(stats.digests(store))
        elapsed = time.perf_counter() - began
    return elapsed, found["matches"]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3, help="warm runs and baseline runs; the best is printed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.db"
        print(f"building {args.matches:,} matches ...", file=sys.stderr)
        events = build(path, args.matches)
        base = min(rows_alone(path) for _ in range(args.repeat))
        cold, counted = standings(path, cold=True)
        warm = min(standings(path, cold=False)[0] for _ in range(args.repeat))
        again = min(rows_alone(path) for _ in range(args.repeat))  # the baseline again, after: same caches
    base = min(base, again)
    print(f"{args.matches:,} matches, {events:,} events ({counted:,} counted: abandoned ones are left out)")
    print(f"  baseline: the rows alone, SELECT + json.loads   {base:8.2f} s")
    print(f"  stats, cold: fold every match, keep its digest  {cold:8.2f} s   {cold / base:6.2f}x the baseline")
    verdict = "met" if warm < TARGET_SECONDS else "not met"
    print(
        f"  stats, warm: read the digests, add them up      {warm:8.2f} s   {warm / base:6.2f}x the baseline"
        f"   (target < {TARGET_SECONDS:.0f} s: {verdict})"
    )


if __name__ == "__main__":
    main()
