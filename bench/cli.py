"""How fast the commands start, beside `sqlite-utils tables` on the same database.

    python bench/cli.py [--runs N]

Each command runs N times, interleaved with the baseline (so the machine's load falls on both
alike), in fresh processes on a small store (one simulated match of each game). Prints the median
of each and its ratio to the baseline's median. Figures, never pass/fail.

A second reference is printed beside it: a bare interpreter importing only the packages the
design fixes (typer with the pydantic it loads to parse options, rich, pydantic, sqlite-utils),
which every command that reads the store and prints a table needs. What a command takes above
that floor is taikyoku's own start-up.

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

BIN = Path(sys.executable).parent
TARGET = 1.5  # at most this many times the baseline


ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
FIXED_PACKAGES = "import typer, typer._adapters, rich.console, rich.table, pydantic, sqlite_utils"


def timed(argv: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENVIRONMENT)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
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
        print(
            f"  {name:<36} {median * 1000:>7.0f} ms  {median / middle:>5.2f}x  (target <= {TARGET}x: {verdict}); "
            f"{median / packages_only:.2f}x the packages alone ({(median - packages_only) * 1000:+.0f} ms)"
        )


if __name__ == "__main__":
    main()
