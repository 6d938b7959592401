"""A whole riichi game's review (`taikyoku review`: each discard weighed, its safety, what happened),
against the discards' weighing done with the `mahjong` package's Shanten in the same run.

    python bench/review.py [--rounds N]

The game is the longest real one in the tests (17 hands, 2,019 events). Each round runs in a fresh
process, cold (no cache carried over), ours and the library's interleaved; the figures are medians,
printed with the load average. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "data" / "tenhou6-more" / "2022060107gm-00a9-0000-a990aa36.json"
MATCH = "2022060107gm-00a9-0000-a990aa36"

WORK = """
import sys, time
from replay.app import steps as match_steps
from replay.engine.fold import history
from store import EventStore
with EventStore.open(sys.argv[1]) as store:
    steps = history(match_steps.read_steps(store, sys.argv[2])).effective
if sys.argv[3] == "ours":
    from replay.games.riichi.analysis import review
    start = time.perf_counter()
    found = review(steps)
    took = time.perf_counter() - start
    print(took, len(found["discards"]))
else:  # the same discards, each weighed with the mahjong package's Shanten over every kind
    from mahjong.shanten import Shanten
    from replay.games.riichi.analysis import _unseen_to
    from replay.games.riichi.efficiency import counts, index
    from replay.games.riichi.fold import RiichiProjection
    library = Shanten()
    def least(hand, melds):
        return library.calculate_shanten(hand, use_chiitoitsu=melds == 0, use_kokushi=melds == 0)
    start = time.perf_counter()
    projection = RiichiProjection()
    state = projection.initial()
    weighed = 0
    for step in steps:
        rnd = state.round
        if step.type == "riichi.discard" and rnd is not None and not rnd.riichi[step.payload.seat]:
            seat = step.payload.seat
            hand = counts(rnd.hands[seat])
            melds = len(rnd.melds[seat])
            unseen = _unseen_to(state, seat)
            least(hand, melds)
            for kind in sorted({index(t) for t in rnd.hands[seat]}):
                hand[kind] -= 1
                now = least(hand, melds)
                for other in range(34):
                    if hand[other] < 4 and unseen[other]:
                        hand[other] += 1
                        least(hand, melds)
                        hand[other] -= 1
                hand[kind] += 1
            weighed += 1
        state = projection.apply(state, step)
    print(time.perf_counter() - start, weighed)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "review.db"
        code = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"
        subprocess.run([sys.executable, "-c", code, "import", str(GAME), "--db", str(db)], check=True,
                       capture_output=True, cwd=ROOT)  # fmt: skip
        times: dict[str, list[float]] = {"ours": [], "mahjong": []}
        weighed: dict[str, int] = {}
        for _ in range(rounds):
            for which in times:
                done = subprocess.run([sys.executable, "-c", WORK, str(db), MATCH, which], check=True,
                                      capture_output=True, text=True, cwd=ROOT)  # fmt: skip
                took, count = done.stdout.split()
                times[which].append(float(took))
                weighed[which] = int(count)
    ours, theirs = statistics.median(times["ours"]), statistics.median(times["mahjong"])
    print(f"load average {os.getloadavg()[0]:.2f}; {rounds} rounds, each cold in its own process")
    print(f"review of a 17-hand game, {weighed['ours']} discards weighed: {ours:.2f} s")
    print(f"the same discards with the mahjong package's Shanten: {theirs:.2f} s")
    print(f"ratio (ours / the library's): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
