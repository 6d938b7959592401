"""How fast the commands start, beside `sqlite-utils tables` on the same database.

    python bench/cli.py [--runs N] [--matches 1000]

Each command runs N times, interleaved with the baseline (so the machine's load falls on both
alike), in fresh processes on a small store (one simulated match of each game). Prints the median
of each and its ratio to the baseline's median. Figures, never pass/fail.

A second reference is printed beside it: a bare interpreter importing only the packages the
design fixes (typer with the pydantic it loads to parse options, rich, pydantic, sqlite-utils),
which every command that reads the store and prints a table needs. What a command takes above
that floor is taikyoku's own start-up.

Then the same on a season's store (``--matches`` simulated matches, their glances kept by a first
`taikyoku matches`): `matches` against `sqlite-utils tables` on that file (target 1.5x), and an
entry at the table, a discard the rules refuse, at event 1,000 of a riichi match against one at
event 20 (target 1.2x: a command folds a match once, so a long match costs only its reading).

Byte-compiled files are written before timing (``PYTHONDONTWRITEBYTECODE`` is dropped for the
runs): a user's installed copy has them, and without them every run compiles taikyoku from source.
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

# Run as a script, this file's folder comes first on sys.path, where bench/replay.py would hide
# the replay package: drop it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

BIN = Path(sys.executable).parent
TARGET = 1.5  # at most this many times the baseline
PACKAGES_TARGET = 1.25  # at most this many times the fixed packages imported alone: taikyoku's own start-up


ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
FIXED_PACKAGES = "import typer, typer._adapters, rich.console, rich.table, pydantic, sqlite_utils"


def timed(argv: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENVIRONMENT)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--matches", type=int, default=1000)
    args = parser.parse_args()
    taikyoku = str(BIN / "taikyoku")
    baseline_tool = shutil.which("sqlite-utils", path=str(BIN)) or shutil.which("sqlite-utils")
    if baseline_tool is None:
        raise SystemExit("sqlite-utils is not installed beside taikyoku; it is a dependency: reinstall")
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "club.db")
        for game, extra in (("tensho", ["--rounds", "2"]), ("riichi", ["--hands", "2"])):
            subprocess.run([taikyoku, "simulate", game, "--seed", "1", *extra, "--db", db], check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
        commands = {
            "taikyoku --help": [taikyoku, "--help"],
            # on a store of its own: the matches it makes would grow the one the others read
            "taikyoku new": [
                taikyoku,
                "new",
                "tensho",
                "-p",
                "Aki",
                "-p",
                "Beni",
                "--db",
                str(Path(folder) / "new.db"),
            ],
            "taikyoku matches": [taikyoku, "matches", "--db", db],
            "taikyoku play (a refused move)": [taikyoku, "play", "tensho-sim-1", "pine-crane", "--db", db],
        }
        baseline = [baseline_tool, "tables", db]
        packages = [sys.executable, "-c", FIXED_PACKAGES]
        for argv in commands.values():
            timed(argv)  # writes the byte-compiled files a user's copy has
        times: dict[str, list[float]] = {name: [] for name in commands}
        base: list[float] = []
        floor: list[float] = []
        for _ in range(args.runs):
            base.append(timed(baseline))
            floor.append(timed(packages))
            for name, argv in commands.items():
                times[name].append(timed(argv))
    middle = statistics.median(base)
    print(f"median of {args.runs} interleaved runs, each a fresh process:")
    packages_only = statistics.median(floor)
    print(f"  {'sqlite-utils tables (the baseline)':<36} {middle * 1000:>7.0f} ms")
    print(
        f"  {'the fixed packages, imported alone':<36} {packages_only * 1000:>7.0f} ms  {packages_only / middle:>5.2f}x"
    )
    for name, values in times.items():
        median = statistics.median(values)
        verdict = "met" if median / middle <= TARGET else "not met"
        over_packages = median / packages_only
        own = "met" if over_packages <= PACKAGES_TARGET else "not met"
        print(
            f"  {name:<36} {median * 1000:>7.0f} ms  {median / middle:>5.2f}x  (target <= {TARGET}x: {verdict}); "
            f"{over_packages:.2f}x the packages alone ({(median - packages_only) * 1000:+.0f} ms; "
            f"target <= {PACKAGES_TARGET}x: {own})"
        )
    season(args.runs, args.matches, taikyoku, baseline_tool)


def season(runs: int, matches: int, taikyoku: str, baseline_tool: str) -> None:
    """`matches` on a store of many matches, and a table entry late in a long riichi match."""
    from replay.app.simulate import simulated_events
    from store import EventStore

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "season.db"
        with EventStore.open(db, create=True) as store:
            template = [simulated_events("tensho", seed, 1, match_id=f"t-{seed}") for seed in range(20)]
            for number in range(matches):
                first = template[number % len(template)]
                events = first if number < len(template) else simulated_events(
                    "tensho", number % len(template), 1, match_id=f"t-{number}")  # fmt: skip
                store.append(f"t-{number}", 0, events)
            long = simulated_events("riichi", 5, 12, match_id="r-long")
            store.append("r-long", 0, long[:1000])
            store.append("r-short", 0, simulated_events("riichi", 5, 12, match_id="r-short")[:20])
        subprocess.run([taikyoku, "matches", "--db", str(db)], check=True, stdout=subprocess.DEVNULL)  # keeps glances
        commands = {
            f"taikyoku matches ({matches + 2} matches)": ([taikyoku, "matches", "--db", str(db)], "base"),
            "a table entry at event 20": ([taikyoku, "discard", "r-short", "9z", "--db", str(db)], None),
            "a table entry at event 1,000": ([taikyoku, "discard", "r-long", "9z", "--db", str(db)], "short"),
        }
        baseline = [baseline_tool, "tables", str(db)]
        for argv, _ in commands.values():
            timed(argv)
        times: dict[str, list[float]] = {name: [] for name in commands}
        base: list[float] = []
        for _ in range(runs):
            base.append(timed(baseline))
            for name, (argv, _) in commands.items():
                times[name].append(timed(argv))
    middle = statistics.median(base)
    short = statistics.median(times["a table entry at event 20"])
    print(f"\na season's store, median of {runs} interleaved runs:")
    print(f"  {'sqlite-utils tables (the baseline)':<36} {middle * 1000:>7.0f} ms")
    for name, (_, against) in commands.items():
        median = statistics.median(times[name])
        if against == "base":
            ratio, target, what = median / middle, TARGET, "the baseline"
        elif against == "short":
            ratio, target, what = median / short, 1.2, "the entry at event 20"
        else:
            print(f"  {name:<36} {median * 1000:>7.0f} ms")
            continue
        verdict = "met" if ratio <= target else "not met"
        print(f"  {name:<36} {median * 1000:>7.0f} ms  {ratio:>5.2f}x {what} (target <= {target}x: {verdict})")


if __name__ == "__main__":
    main()
