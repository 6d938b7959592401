"""Before and after: the same command-line work done by this checkout and by an earlier commit,
interleaved in one run.

    python bench/versions.py --baseline REV [--rounds N]

The baseline's source is taken from git (``git archive REV``) into a scratch folder and run with
this environment's packages, so the two differ only in taikyoku's own code. Each round runs every
workload once per version, alternating which version goes first, each run cold: a new process, a
new folder, a new database (a replay and a listing read a store the same version wrote just
before, untimed). The inputs are this checkout's files for both. Printed: the median seconds of
each workload per version and their ratio (after / before; under 1 is faster). Figures, never
pass/fail.

- append: ``record`` a hand-checked Sendai-hana match (tests/golden/sendai-seed45.jsonl);
- import: ``import`` the 27 Tenhou logs of tests/data/tenhou6 into a new store;
- replay: ``replay --json`` of the longest of those games, from the store it imported;
- cli: ``matches --json`` on that store.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "sendai-seed45.jsonl"
CORPUS = ROOT / "tests" / "data" / "tenhou6"
LONGEST = "2019081518gm-00a9-0000-cce9d00c"  # 16 hands: the longest game of the corpus
RUN = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"


def source_of(rev: str, into: Path) -> Path:
    """The tree of ``rev``, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def taikyoku(tree: Path, folder: Path, *args: str) -> float:
    """Seconds for one command of the version in ``tree``, run in ``folder``; it must succeed."""
    env = {**os.environ, "PYTHONPATH": str(tree), "TAIKYOKU_DB": str(folder / "t.db")}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUN, *args], cwd=folder, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if done.returncode not in (0, 1):  # 1: an import with findings, which the corpus has
        raise SystemExit(f"{tree.name}: taikyoku {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return seconds


def one_round(tree: Path, scratch: Path) -> dict[str, float]:
    """Each workload once, cold, for the version in ``tree``."""
    seconds: dict[str, float] = {}
    with tempfile.TemporaryDirectory(dir=scratch) as name:
        seconds["append"] = taikyoku(tree, Path(name), "record", "m-1", str(GOLDEN))
    with tempfile.TemporaryDirectory(dir=scratch) as name:
        folder = Path(name)
        seconds["import"] = taikyoku(tree, folder, "import", str(CORPUS))
        match = f"mjlog2json-{LONGEST}"
        listed = subprocess.run(
            [sys.executable, "-c", RUN, "matches", "--json"],
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(tree), "TAIKYOKU_DB": str(folder / "t.db")},
            capture_output=True,
            text=True,
        )  # untimed: which id this version gave the game
        if match not in listed.stdout:
            match = LONGEST
        seconds["replay"] = taikyoku(tree, folder, "replay", match, "--json")
        seconds["cli"] = taikyoku(tree, folder, "matches", "--json")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="the commit to compare against (a hash, tag or branch)")
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        before = source_of(options.baseline, scratch / "before")
        versions = {"before": before, "after": ROOT}
        runs: dict[str, dict[str, list[float]]] = {v: {} for v in versions}
        for round_no in range(options.rounds):
            order = list(versions) if round_no % 2 == 0 else list(reversed(versions))
            for version in order:
                for workload, seconds in one_round(versions[version], scratch).items():
                    runs[version].setdefault(workload, []).append(seconds)
            print(f"round {round_no + 1} of {options.rounds}", file=sys.stderr)
    print(f"{'workload':8} {'before s':>9} {'after s':>9} {'after/before':>13}   ({options.rounds} rounds, medians)")
    for workload in runs["before"]:
        old, new = statistics.median(runs["before"][workload]), statistics.median(runs["after"][workload])
        print(f"{workload:8} {old:9.3f} {new:9.3f} {new / old:13.2f}")


if __name__ == "__main__":
    main()
