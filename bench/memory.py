"""Peak memory of export and import as the history grows: it should stay flat.

Builds stores of growing size from simulated Tensho matches, then in a fresh process for each
measurement runs ``taikyoku export --all --format json`` and ``--format jsonl`` to a file, and
``taikyoku import --format jsonl`` of that file into an empty store, and prints each process's
peak resident memory beside the baseline: a process that loads taikyoku and opens the store but
does no work. Figures, never pass or fail; the target is a peak flat in the history's size (at
most 150 MB for 768,000 events).

    python bench/memory.py [--matches 100,400,1600]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would hide nothing of
# ours, but keep the house rule of the other benches: drop it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from replay.app.simulate import simulated_events  # noqa: E402
from store import EventStore  # noqa: E402

CHILD = """
import resource, sys
from replay.cli import run
code = run(sys.argv[1:]) if sys.argv[1] != "--idle" else 0
if sys.argv[1] == "--idle":
    from store import EventStore
    EventStore.open(sys.argv[2]).close()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
print(f"{code} {peak}", file=sys.stderr)
"""


def peak_mib(*args: str) -> float:
    done = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, check=False)
    code, peak = done.stderr.strip().splitlines()[-1].split()
    if code != "0":
        raise SystemExit(f"taikyoku {' '.join(args)} failed: {done.stderr.strip()}")
    return int(peak) / 1024


def build(path: Path, matches: int) -> int:
    """A store of ``matches`` simulated six-round Tensho matches; the number of events."""
    events = 0
    template = [simulated_events("tensho", seed, 6, match_id=f"m-{seed}") for seed in range(50)]
    with EventStore.open(path, create=True) as store:
        for number in range(matches):
            base = template[number % len(template)]
            match_id = f"m-{number}"
            batch = simulated_events("tensho", number % len(template), 6, match_id=match_id) if number >= 50 else base
            store.append(match_id, 0, batch)
            events += len(batch)
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", default="100,400,1600", help="store sizes, in matches of about 250 events")
    args = parser.parse_args()
    sizes = [int(n) for n in args.matches.split(",")]
    print(
        f"{'matches':>8} {'events':>9} | {'idle':>7} {'export json':>12} {'export jsonl':>13} {'import jsonl':>13}  (peak RSS, MiB)"
    )
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            base = Path(folder) / f"s{size}"
            base.mkdir()
            store, json_file, jsonl_file = base / "store.db", base / "all.json", base / "all.jsonl"
            started = time.perf_counter()
            events = build(store, size)
            built = time.perf_counter() - started
            idle = peak_mib("--idle", str(store))
            export_json = peak_mib("export", "--all", "--format", "json", "-o", str(json_file), "--db", str(store))
            export_jsonl = peak_mib("export", "--all", "--format", "jsonl", "-o", str(jsonl_file), "--db", str(store))
            imported = peak_mib("import", str(jsonl_file), "--format", "jsonl", "--db", str(base / "again.db"))
            print(
                f"{size:>8} {events:>9} | {idle:>7.1f} {export_json:>12.1f} {export_jsonl:>13.1f} {imported:>13.1f}"
                f"   (built in {built:.0f} s; files {json_file.stat().st_size / 2**20:.0f} MiB json)"
            )


if __name__ == "__main__":
    main()
