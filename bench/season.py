"""A season's store: `taikyoku matches --json` and `taikyoku stats --json` against their floor, in
the same run, on a store of imported matches.

    python bench/season.py [--matches N] [--rounds R]

Builds a store of N matches with bench/stats.py's builder (by default 10,000: simulated Tensho and
Sendai-hana, and real Tenhou games), exports it as jsonl and imports that into a new store with
`taikyoku import`, as a club brings in a season; says how long each took. Then, each a fresh
process (cold against cold), on the imported store:

- the first `matches --json` and the first `stats --json` after the import;
- round after round, in turn: the floor, `sqlite-utils query` grouping every event by match (each
  match's events, last seq and last time: what any listing that keeps nothing must read), then
  `matches --json` and `stats --json`, warm;
- one new match stored, then the first `matches --json` and `stats --json` after it.

Prints seconds, the ratio of each to the floor's median, each process's peak memory and the load
average. Figures, never pass/fail. Targets: `matches --json` warm within 3x the floor; `stats --json`
warm under 1 s; both under 100 MB; the first run after the import under 15 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this folder comes first on sys.path and bench/replay.py would hide the replay
# package; drop the folder, and reach the builder by its path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
FLOOR_SQL = "SELECT match_id, count(*), max(seq), max(recorded_at) FROM events GROUP BY match_id"


def timed(argv: list[str]) -> tuple[float, float]:
    """(seconds, peak MB) of one process, its output thrown away."""
    began = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        assert process.stderr is not None
        raise SystemExit(f"{' '.join(argv)} failed: {process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def taikyoku(*args: str) -> list[str]:
    return [str(BIN / "taikyoku"), *args]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    import stats as builder  # bench/stats.py

    with tempfile.TemporaryDirectory() as folder:
        built, season, db = Path(folder) / "built.db", Path(folder) / "season.jsonl", Path(folder) / "club.db"
        began = time.perf_counter()
        events = builder.build(built, args.matches)
        build_s = time.perf_counter() - began
        export_s, _ = timed(taikyoku("export", "--all", "--format", "jsonl", "-o", str(season), "--db", str(built)))
        import_s, import_mb = timed(taikyoku("import", str(season), "--db", str(db)))
        print(f"{args.matches:,} matches, {events:,} events: built in {build_s:.0f} s, exported in "
              f"{export_s:.0f} s, imported in {import_s:.0f} s ({import_mb:.0f} MB)")  # fmt: skip
        listing = taikyoku("matches", "--json", "--db", str(db))
        standings = taikyoku("stats", "--json", "--db", str(db))
        floor = [str(BIN / "sqlite-utils"), "query", str(db), FLOOR_SQL]
        first_listing, first_stats = timed(listing), timed(standings)
        rows: dict[str, list[tuple[float, float]]] = {"floor": [], "matches": [], "stats": []}
        for _ in range(args.rounds):
            rows["floor"].append(timed(floor))
            rows["matches"].append(timed(listing))
            rows["stats"].append(timed(standings))
        grown = builder.build(Path(folder) / "one.db", 1)  # a new match's events, stored in the club's store
        _one_more(Path(folder) / "one.db", db)
        after_listing, after_stats = timed(listing), timed(standings)
    base = statistics.median(s for s, _ in rows["floor"])

    def line(what: str, seconds: float, mb: float, note: str = "") -> None:
        print(f"  {what:<52} {seconds:7.2f} s  {seconds / base:6.2f}x the floor  {mb:5.0f} MB  {note}")

    print(f"  {'floor: sqlite-utils query, every event grouped by match':<52} {base:7.2f} s  (median of {args.rounds})")
    line("matches --json, the first after the import", *first_listing, "(target < 15 s)")
    line("stats --json, the first after the import", *first_stats, "(target < 15 s)")
    for name, target in (("matches", "(target <= 3x the floor, < 100 MB)"), ("stats", "(target < 1 s, < 100 MB)")):
        seconds = statistics.median(s for s, _ in rows[name])
        line(f"{name} --json, warm (median)", seconds, max(m for _, m in rows[name]), target)
    line(f"matches --json, after one new match ({grown} events)", *after_listing)
    line("stats --json, after one new match", *after_stats)
    print(f"  load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")


def _one_more(source: Path, target: Path) -> None:
    """The one match of ``source`` stored in ``target`` under a new id, as a new match is."""
    import uuid

    from events.envelope import PendingEvent
    from store import EventStore

    with EventStore.open(source) as one:
        stored = one.read("club-00000")
    with EventStore.open(target) as club:
        club.append(
            "new-match", 0, [PendingEvent(e.decode(), str(uuid.uuid4()), e.recorded_at, "bench") for e in stored]
        )


if __name__ == "__main__":
    main()
