"""Simulate every game under every option set that changes what may be played, over a range of
seeds, and report any that the fold refuses (which would mean the legal moves offered something
the rules do not take). Not timed against a baseline: a sweep, with its count and time.

    python bench/simulate.py [--seeds 0-2000] [--rounds 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

RIICHI = [("tenhou", 4), ("tenhou-sanma", 3), ("mahjongsoul", 4), ("mahjongsoul", 3), ("ema", 4)]


def sweep(job: tuple[str, tuple[str, ...], str | None, int, int, int, int]) -> list[str]:
    from events.errors import TaikyokuError
    from replay.app.simulate import payloads

    game, options, ruleset, players, first, last, rounds = job
    names = ("A", "B", "C", "D")[:players] if players else None
    failed = []
    for seed in range(first, last + 1):
        try:
            for _ in payloads(game, seed, rounds, players=names, options=options, ruleset_id=ruleset):
                pass
        except TaikyokuError as exc:
            where = " ".join(filter(None, (game, ruleset, f"{players}p" if players else "", *options)))
            failed.append(f"{where} seed {seed}: {exc.message} [{exc.code}]")
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="0-2000")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, last = (int(n) for n in args.seeds.split("-"))
    from replay.games import ruleset_ids

    riichi = [(r, n) for r, n in RIICHI if r in ruleset_ids("riichi")]
    jobs: list[tuple[str, tuple[str, ...], str | None, int, int, int, int]]
    from replay.app.simulate import MOVE_OPTION_SETS

    jobs = [
        (game, tuple(o), None, 0, first, last, args.rounds) for game, sets in MOVE_OPTION_SETS.items() for o in sets
    ]
    jobs += [("riichi", (), r, n, first, last, args.rounds) for r, n in riichi]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        failures = [f for found in pool.map(sweep, jobs) for f in found]
    took = time.perf_counter() - started
    matches = len(jobs) * (last - first + 1)
    print(f"{matches} simulated matches ({len(jobs)} option sets x seeds {first}-{last}), {took:.0f} s: "
          f"{len(failures)} refused")  # fmt: skip
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
