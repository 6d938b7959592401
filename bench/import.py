"""The tenhou.net/6 pipeline against the `mahjong` library's own scoring of the same wins.

    python bench/import.py [--repeat N]

Imports the corpus (../shared/corpus/tenhou6), stores it, replays every match from the store
with every legality check and every price, N times; and, in the same run, times the library
alone scoring each of those wins (the same tiles, melds and conditions). Prints hands/s and
the ratio. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this folder comes first on sys.path and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.envelope import PendingEvent, new_event_id, now_timestamp  # noqa: E402
from replay import service  # noqa: E402
from replay.formats import tenhou6  # noqa: E402
from replay.riichi.pricing import _estimate  # noqa: E402
from store import EventStore  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tenhou6"


def pipeline(files: list[Path], folder: Path, run: int) -> tuple[int, list[object]]:
    """Read, convert (with the fold's checks and prices), store, and replay from the store."""
    hands = 0
    wins: list[object] = []
    with EventStore.open(folder / f"bench-{run}.db", create=True) as store:
        for path in files:
            games = tenhou6.read(path.read_bytes(), path.name)
            for index, game in enumerate(games):
                item = tenhou6.convert(game, tenhou6.match_id_for(game, index, len(games)))
                if item.problem:
                    continue
                stamp = now_timestamp()
                store.append(item.match_id, 0, [PendingEvent(p, new_event_id(), stamp, "bench") for p in item.payloads])
                state = service.replay_match(store, item.match_id).state
                hands += len(state.results)
                wins += [(w.hand, state.options) for r in state.results for w in r.wins]
    return hands, wins


def library_alone(wins: list[object]) -> None:
    for hand, rules in wins:  # type: ignore[misc]
        _estimate(hand, rules)


def main() -> None:
    gc.collect()
    gc.freeze()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        raise SystemExit(f"no logs in {CORPUS}")
    best_pipeline = best_library = float("inf")
    with tempfile.TemporaryDirectory() as name:
        for run in range(args.repeat):
            began = time.perf_counter()
            hands, wins = pipeline(files, Path(name), run)
            best_pipeline = min(best_pipeline, time.perf_counter() - began)
            began = time.perf_counter()
            library_alone(wins)
            best_library = min(best_library, time.perf_counter() - began)
    print(f"corpus: {len(files)} files, {hands} hands, {len(wins)} wins (best of {args.repeat}):")
    print(
        f"  pipeline: read, convert, check, store, replay, price   {hands / best_pipeline:>8,.0f} hands/s  {best_pipeline * 1000:>7.1f} ms"
    )
    print(
        f"  the mahjong library scoring the same wins alone          {len(wins) / best_library:>8,.0f} wins/s   {best_library * 1000:>7.1f} ms"
    )
    print(
        f"  ratio pipeline / library                                 {best_pipeline / best_library:>8.1f}x   (target <= 3x)"
    )


if __name__ == "__main__":
    main()
