"""A tournament day at its size: 120 players, 30 tables, 8 sessions.

Builds a store in a temporary folder through the application (a night of 120 players under EMA
2025; session 1 drawn at random, the rest swiss; each table records a whole hanchan by its
results, as a table's phone does: 240 finished matches), then times, each in a fresh process (cold), round after round in turn:

- the floor: `sqlite-utils query`, every event grouped by match (the same rows the standings read);
- `taikyoku night show NIGHT --json` (the standings and the team standing);
- `taikyoku night ema NIGHT --csv` (the EMA's results);
- `taikyoku verify --deep` (the day replayed: every table folded and checked, every chain);

and, in this process, seating the 120 players for a ninth session by each mode (random annealed,
swiss, interval) from the eight sessions' history.

Prints seconds and the ratio of each to the floor's median. Figures, never pass/fail; the targets
(docs/performance.md): seating, the standings and the EMA export each under 1 s.

    python bench/tournament.py [--rounds 5] [--postgres postgresql://127.0.0.1/postgres]

With --postgres, the store is a database of its own on that server, ``taikyoku_bench`` (made anew,
and dropped after), and the floor a psql query grouping its events.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent
sys.path[0] = str(Path(__file__).resolve().parent.parent)  # the project, not bench/ (whose replay.py is a bench)
FLOOR_SQL = "SELECT match_id, count(*), max(seq), max(recorded_at) FROM events GROUP BY match_id"
PLAYERS = [f"Player {n:03d}" for n in range(120)]
NIGHT = "night-open-2026"


def timed(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def build(db: Path | str) -> None:
    from replay.app import intents
    from replay.app.application import Application

    app = Application(str(db), create=True)
    app.open_night("riichi", PLAYERS, ruleset_id="ema2025", sessions=9, seed=7, night_id=NIGHT, title="Open")
    from replay.app.service import status_of

    lines = ["ron 0 mangan from 1", "ron 2 mangan from 3", "ron 1 mangan from 0", "ron 3 mangan from 2"]
    for session in range(1, 9):
        sheet = app.seat_session(NIGHT, mode="random" if session == 1 else "swiss")
        for number, table in enumerate(sheet["sessions"][-1]["tables"]):
            # A whole hanchan as a table's phone records it: two hands won, then exhaustive draws with
            # nobody tenpai until South 4 has been played (EMA 2025: no extension), eight hands.
            for line in (lines[number % 4], lines[(number + 1) % 4]):
                app.record(table["match_id"], intents.result(line.split()), recorded_by="bench")
            while status_of(app.match(table["match_id"]).state) == "in play":
                app.record(table["match_id"], intents.result(["draw", "tenpai", "none"]), recorded_by="bench")
    registration = "name,country,team\n" + "".join(f"{p},{'DE' if n % 3 else 'FR'},Team {n % 30}\n"
                                                   for n, p in enumerate(PLAYERS))  # fmt: skip
    app.register_players(NIGHT, registration)


def seating_times(db: Path | str) -> dict[str, float]:
    from replay.app import nights, seating
    from replay.app.application import Application

    with Application(str(db)).store() as store:
        night = nights.read(store, NIGHT)
    history = [tuple(tuple(t.players) for t in session) for session in night.sessions]
    order = list(PLAYERS)
    found = {}
    ways: tuple[tuple[str, Callable[[], object]], ...] = (
        ("random (annealed, 1 session left)", lambda: seating.seat_session(order, 4, history, seed=1)),
        ("swiss", lambda: seating.with_winds(seating.swiss(order, 4, history), history, "balanced", 1)),
        ("interval (k = 30)", lambda: seating.with_winds(seating.interval(order, 4, 30), history, "balanced", 1)),
    )
    for mode, seat in ways:
        started = time.perf_counter()
        seat()
        found[mode] = time.perf_counter() - started
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--postgres", help="a PostgreSQL server's URL: the store is a database made there")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db: Path | str = Path(folder) / "tournament.db"
        floor = [str(BIN / "sqlite-utils"), "query", str(db), FLOOR_SQL]
        if args.postgres:
            server = args.postgres
            for sql in ("DROP DATABASE IF EXISTS taikyoku_bench", "CREATE DATABASE taikyoku_bench"):
                subprocess.run(["psql", "-q", server, "-c", sql], check=True)
            db = server.rsplit("/", 1)[0] + "/taikyoku_bench"
            floor = ["psql", "-q", str(db), "-c", FLOOR_SQL]
        started = time.perf_counter()
        build(db)
        print(f"store: 120 players, 8 sessions x 30 tables, built in {time.perf_counter() - started:.1f} s")
        commands = {
            "floor: every event grouped by match": floor,
            "taikyoku night show --json (standings, teams)": [
                str(BIN / "taikyoku"),
                "night",
                "show",
                NIGHT,
                "--json",
                "--db",
                str(db),
            ],
            "taikyoku night ema --csv (the EMA's results)": [
                str(BIN / "taikyoku"),
                "night",
                "ema",
                NIGHT,
                "--csv",
                "--db",
                str(db),
            ],
        }
        commands["taikyoku verify --deep (the day replayed)"] = [str(BIN / "taikyoku"), "verify", "--deep", "--db",
                                                                 str(db)]  # fmt: skip
        seconds: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                seconds[name].append(timed(argv))
        base = statistics.median(seconds[next(iter(commands))])
        for name, values in seconds.items():
            median = statistics.median(values)
            print(f"  {name:<58} {median:6.2f} s  {median / base:6.2f}x the floor  (median of {args.rounds})")
        for mode, spent in seating_times(db).items():
            print(f"  seating 120 players, {mode:<36} {spent:6.3f} s  (target < 1 s)")
        if args.postgres:
            subprocess.run(["psql", "-q", args.postgres, "-c", "DROP DATABASE taikyoku_bench"], check=True)


if __name__ == "__main__":
    main()
