"""`taikyoku verify` against its floor, in the same run: reading every event and recomputing its SHA-256
chain in plain Python.

    python bench/verify.py [--matches N] [--rounds R]

Builds a store of N matches with bench/stats.py's builder (by default 1,000), and a copy of it that
`taikyoku matches` and `taikyoku stats` have been run on, as a club's store has been (each match's
standings and statistics kept beside its events, sealed). Then, round after round, each in a fresh
process (cold against cold): the floor (every row read, each event's envelope made as the store
makes it, the chain's hashes recomputed and compared), `taikyoku verify` on the bare store and on
the listed one (the chain, the heads, SQLite's integrity check, every event against its schema, the
kept rows' seals), and `taikyoku verify --deep` on the listed one (every match folded again and
compared with what is kept). Prints the medians, the ratios and the load average. Figures, never
pass/fail.
"""

from __future__ import annotations

import argparse
import os
import shutil
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

FLOOR = """
import sqlite3, sys, time
from events.envelope import envelope_text
from store.chain import GENESIS, link
start = time.perf_counter()
conn = sqlite3.connect(sys.argv[1])
previous, match, broken, count = GENESIS, None, 0, 0
for row in conn.execute("SELECT match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, "
                        "payload, prev_hash, hash FROM events ORDER BY match_id, seq"):
    match_id, seq, event_id, kind, version, at, by, payload, prev_hash, hashed = row
    if match_id != match:
        previous, match = GENESIS, match_id
    text = envelope_text(match_id=match_id, seq=seq, event_id=event_id, type=kind, schema_version=version,
                         recorded_at=at, recorded_by=by, payload_text=payload)
    broken += prev_hash != previous or link(previous, text) != hashed
    previous, count = hashed, count + 1
print(time.perf_counter() - start, count, broken)
"""

VERIFY = """
import sys, time
from replay.cli import run
start = time.perf_counter()
code = run(["verify", "--db", sys.argv[1], *sys.argv[2:]])
print(time.perf_counter() - start, code, file=sys.stderr)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_stats", ROOT / "bench" / "stats.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    with tempfile.TemporaryDirectory() as folder:
        path, listed = Path(folder) / "season.db", Path(folder) / "listed.db"
        began = time.perf_counter()
        events = builder.build(path, args.matches)
        built = time.perf_counter() - began
        shutil.copyfile(path, listed)
        for command in ("matches", "stats"):  # what a club has run on its store: the kept rows made
            subprocess.run([sys.executable, "-c", "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))",
                            command, "--json", "--db", str(listed)], capture_output=True, check=True, cwd=ROOT)  # fmt: skip
        floors: list[float] = []
        runs: dict[str, list[float]] = {"bare": [], "listed": [], "listed --deep": []}
        for _ in range(args.rounds):
            done = subprocess.run([sys.executable, "-c", FLOOR, str(path)], capture_output=True, text=True,
                                  check=True, cwd=ROOT)  # fmt: skip
            took, count, broken = done.stdout.split()
            assert int(count) == events and broken == "0"
            floors.append(float(took))
            for name, db, extra in (("bare", path, []), ("listed", listed, []), ("listed --deep", listed, ["--deep"])):
                done = subprocess.run([sys.executable, "-c", VERIFY, str(db), *extra], capture_output=True,
                                      text=True, cwd=ROOT)  # fmt: skip
                took, code = done.stderr.strip().splitlines()[-1].split()
                assert code == "0", done.stderr
                runs[name].append(float(took))
    floor = statistics.median(floors)
    print(
        f"load average {os.getloadavg()[0]:.2f}; {args.matches:,} matches, {events:,} events (built in {built:.0f} s)"
    )
    print(f"floor (read, envelope, SHA-256 chain): {floor:.2f} s")
    for name, took in runs.items():
        median = statistics.median(took)
        print(f"verify on the {name} store: {median:.2f} s; ratio {median / floor:.2f}x")


if __name__ == "__main__":
    main()
