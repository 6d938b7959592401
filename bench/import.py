"""Importing real Tenhou games, against a floor built from the best tools that run here.

    python bench/import.py [--repeat N] [--copies K] [--processes]

taikyoku's import of the corpus (tests/data/tenhou6): read, check every move, price every win,
store. The floor does the same work with the fastest tools of the field, side by side in the
same run on the same files:

- convlog-rs (mjai-reviewer's converter, Rust) turns each tenhou.net/6 log into mjai events;
- libriichi (Mortal's engine, Rust, shipped in the ``mjai`` package) replays every event for
  each of the four seats, checking every action;
- the ``mahjong`` library prices every win (the same tiles and conditions);
- SQLite inserts the same rows into the same schema with a bare ``executemany``.

Install the anchors with ``pip install -e '.[bench]'`` and ``pip install --no-deps mjai`` (mjai
pins a mahjong older than ours; only its compiled libriichi is loaded). An anchor that is not
installed is named, and the rest is printed. ``--copies K`` imports the corpus K times into one
store and prints the CPU time per hand at the first copy and the last: the cost of a hand must
not grow with the store. ``--processes`` times both sides as whole processes, start-up included:
`taikyoku import` of the corpus as a user runs it, and the floor's anchors in a process of their
own. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.util
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

# Run as a script, this folder comes first on sys.path and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.model import Payload  # noqa: E402
from replay.app import service  # noqa: E402
from replay.app.importing import ReadModelRows, stored_events  # noqa: E402
from replay.app.log_files import kept_values  # noqa: E402
from replay.games.riichi.logs import tenhou6  # noqa: E402
from replay.games.riichi.logs.folding import fold_import  # noqa: E402
from replay.games.riichi.pricing import _estimate  # noqa: E402
from store import EventStore  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "tenhou6"
TARGET = 300  # hands a second for read, check, price and store


def taikyoku(files: list[Path], db: Path, prefix: str = "") -> tuple[dict[str, float], int, int]:
    """Read, check and price (the fold, as the import does), then store. Returns the seconds of
    each stage, the hands and the events."""
    stages = {
        "read, check every move, price every win": 0.0,
        "what matches and stats keep of each game": 0.0,
        "store: validate, hash, append, flush": 0.0,
    }
    hands = events = 0
    clock = time.perf_counter
    store = EventStore.open(db, create=True)
    run = store.bulk()
    run.__enter__()
    keeping = ReadModelRows()
    try:
        for path in files:
            began = clock()
            games = tenhou6.read(path.read_bytes(), path.name)
            items = [fold_import(tenhou6.TenhouReading(g), prefix + tenhou6.match_id_for(g, i, len(games)))
                     for i, g in enumerate(games)]  # fmt: skip
            stages["read, check every move, price every win"] += clock() - began
            for item in items:
                if item.problem:
                    continue
                began = clock()
                item.kept = kept_values(item)
                stages["what matches and stats keep of each game"] += clock() - began
                began = clock()
                keeping.add(item, store.append(item.match_id, 0, stored_events(item, "bench")))
                stages["store: validate, hash, append, flush"] += clock() - began
                hands += item.hands
                events += len(item.payloads)
            began = clock()
            keeping.keep(store)
            stages["store: validate, hash, append, flush"] += clock() - began
    finally:
        began = clock()  # the end of the run flushes it to disk, and closing folds the WAL into the file
        run.__exit__(None, None, None)
        store.close()
        stages["store: validate, hash, append, flush"] += clock() - began
    return stages, hands, events


def breakdown(files: list[Path], folder: Path) -> dict[str, float]:
    """Where a hand's time goes: each stage of the import alone, on the same files, cold. The
    stages are timed apart (reading, then folding what was read, then storing what was folded),
    so they add up to about the whole; pricing is the time inside the `mahjong` library's
    estimate during the fold, and validating is building again, from their fields, the events
    the reading built."""
    from replay.games.riichi import pricing
    from replay.games.riichi.logs.tenhou6.reading import TenhouReading

    clock = time.perf_counter
    library_cache_clear()
    began = clock()
    games = [(g, i, n) for path in files for gs in [tenhou6.read(path.read_bytes(), path.name)]
             for n in [len(gs)] for i, g in enumerate(gs)]  # fmt: skip
    parsed = clock() - began
    began = clock()
    read = [(g, i, n, list(TenhouReading(g).items())) for g, i, n in games]
    translated = clock() - began
    # Each event the reading built (a draw or a discard is built once and shared), built again.
    built = {id(item): item for *_, items in read for _, item in items if isinstance(item, Payload)}
    began = clock()
    for event in built.values():
        type(event)(**dict(event))  # what building it from the log's values checks
    validated = clock() - began
    priced = 0.0
    estimate = pricing._estimate

    def timed(hand: Any, rules: Any) -> Any:
        nonlocal priced
        started = clock()
        try:
            return estimate(hand, rules)
        finally:
            priced += clock() - started

    pricing._estimate = timed  # type: ignore[assignment]
    try:
        began = clock()
        folded = [fold_import(_Read(TenhouReading(g), items), tenhou6.match_id_for(g, i, n)) for g, i, n, items in read]
        checked = clock() - began - priced
    finally:
        pricing._estimate = estimate
    began = clock()
    with EventStore.open(folder / f"stages-{time.monotonic_ns()}.db", create=True) as store, store.bulk():
        for item in folded:
            if item.problem is None:
                store.append(item.match_id, 0, stored_events(item, "bench"))
    stored = clock() - began
    return {
        "reading: the JSON": parsed,
        "reading: the move order, every event built": translated - validated,
        "validating every event (pydantic), as it is built": validated,
        "the fold: every move checked, every result scored": checked,
        "pricing every win: the mahjong library": priced,
        "the store: envelope, canonical JSON, hash, SQLite": stored,
    }


class _Read:
    """A reading whose events were read before: the fold alone is timed."""

    def __init__(self, reading: Any, items: list[tuple[str, Any]]) -> None:
        self.reading, self.read = reading, items

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reading, name)

    def items(self) -> Any:
        return iter(self.read)


def wins_of(db: Path) -> list[tuple[Any, Any]]:
    """Every win of the stored corpus, as the pricing saw it: for the library anchor."""
    with EventStore.open(db) as store:
        found = []
        for match in store.matches():
            state = service.replay_match(store, match.match_id).state
            found += [(w.hand, state.options) for r in state.results for w in r.wins]
    return found


def replay_seconds(db: Path) -> float:
    began = time.perf_counter()
    with EventStore.open(db) as store:
        for match in store.matches():
            service.replay_match(store, match.match_id)
    return time.perf_counter() - began


def library_cache_clear() -> None:
    """Empty the `mahjong` library's memory of hand decompositions (an lru_cache of 128), and
    taikyoku's own of waits, suit splits, shanten, prices and the draws and discards it has made,
    so each timing starts from nothing, as the first import in a fresh process does."""
    from mahjong.hand_calculating.divider import HandDivider

    from replay.games.riichi import pricing, shape

    clear = getattr(HandDivider._divide_hand_impl, "cache_clear", None)
    if clear is not None:
        clear()
    shape.forget()
    pricing.forget()
    reading = importlib.import_module("replay.games.riichi.logs.tenhou6.read")  # its draws and discards, made once each
    reading._draw.cache_clear()
    reading._discard.cache_clear()


def libriichi() -> ModuleType | None:
    """Mortal's libriichi from the mjai package, loaded without the package's own imports."""
    spec = importlib.util.find_spec("mjai")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for path in Path(folder).glob("mlibriichi*.so"):
            loader = importlib.util.spec_from_file_location("mjai.mlibriichi", path)
            if loader is not None and loader.loader is not None:
                module = importlib.util.module_from_spec(loader)
                loader.loader.exec_module(module)
                return module
    return None


def floor(files: list[Path], db: Path, wins: list[tuple[Any, Any]], folder: Path) -> dict[str, float | str]:
    """Each anchor's seconds on the same work, or why it could not run."""
    parts: dict[str, float | str] = {}
    texts = [path.read_text(encoding="utf-8") for path in files]
    try:
        import convlog_rs
    except ImportError:
        parts["convlog-rs: tenhou6 to mjai"] = "not installed: pip install -e '.[bench]'"
        converted: list[list[str]] = []
    else:
        converted = []
        began = time.perf_counter()
        for text in texts:
            try:
                converted.append(convlog_rs.tenhou_to_mjai(text))
            except Exception:
                continue
        parts["convlog-rs: tenhou6 to mjai"] = time.perf_counter() - began
    engine = libriichi()
    if engine is None:
        parts["libriichi: every action checked, four seats"] = "not installed: pip install --no-deps mjai"
    elif converted:
        began = time.perf_counter()
        for lines in converted:
            for seat in range(4):
                state = engine.state.PlayerState(seat)
                for line in lines:
                    state.update(line)
        parts["libriichi: every action checked, four seats"] = time.perf_counter() - began
    library_cache_clear()
    began = time.perf_counter()
    for hand, rules in wins:
        _estimate(hand, rules)
    parts["mahjong: every win priced"] = time.perf_counter() - began
    parts["SQLite: the same rows, our schema, bare executemany"] = bare_insert(db, folder)
    return parts


def bare_insert(db: Path, folder: Path) -> float:
    """The stored rows inserted again into an empty copy of the schema, with nothing checked."""
    source = sqlite3.connect(db)
    schema = [
        sql for (sql,) in source.execute("SELECT sql FROM sqlite_master WHERE name = 'events' AND type = 'table'")
    ]
    rows = source.execute("SELECT * FROM events").fetchall()
    source.close()
    target = folder / f"bare-{time.monotonic_ns()}.db"
    conn = sqlite3.connect(target)
    conn.execute(schema[0])
    marks = ",".join("?" * len(rows[0]))
    began = time.perf_counter()
    with conn:
        conn.executemany(f"INSERT INTO events VALUES ({marks})", rows)
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def copies(files: list[Path], count: int, folder: Path) -> list[float]:
    """CPU seconds per hand for each copy of the corpus imported into one growing store."""
    db = folder / "growing.db"
    per_hand = []
    for copy in range(count):
        began = time.process_time()
        _, hands, _ = taikyoku(files, db, prefix=f"c{copy}-")
        per_hand.append((time.process_time() - began) / hands)
    return per_hand


def jobs_figures(counts: list[int], repeat: int) -> None:
    """`taikyoku import --jobs N` of every real game in tests/data (both folders), as a user runs
    it: a new process and a new store each time, the values of N interleaved round by round."""
    import json
    import os
    import subprocess

    tool = str(Path(sys.executable).parent / "taikyoku")
    seconds: dict[int, list[float]] = {n: [] for n in counts}
    capacity: list[float] = []  # what this machine's cores give work that needs no writer, each round
    hands = 0
    with tempfile.TemporaryDirectory() as name:
        # Every real game, four times over (under other file names; a copy's games are read,
        # checked and priced, then skipped as stored): enough work that starting the workers
        # is not what is measured.
        logs = Path(name) / "logs"
        logs.mkdir()
        for copy in range(4):
            for source in [*CORPUS.glob("*.json"), *(CORPUS.parent / "tenhou6-more").glob("*.json")]:
                (logs / f"{copy}-{source.name}").symlink_to(source)
        folders = [logs]
        for run in range(repeat):
            capacity.append(_cores_at_work(max(counts)))
            for n in counts if run % 2 == 0 else list(reversed(counts)):
                db = Path(name) / f"jobs-{n}-{run}.db"
                started = time.perf_counter()
                done = subprocess.run([tool, "import", *map(str, folders), "--jobs", str(n), "--db", str(db), "--json"],
                                      capture_output=True, text=True)  # fmt: skip
                seconds[n].append(time.perf_counter() - started)
                hands = 4 * sum(g["hands"] for g in json.loads(done.stdout)["imported"])
    capacity.sort()
    print(f"import --jobs N of {hands} hands ({os.cpu_count()} cores here), median of {repeat} interleaved runs:")
    print(f"  (this machine runs {max(counts)} busy processes at once {capacity[len(capacity) // 2]:.2f}x as fast as one,"
          f" {capacity[0]:.2f}x to {capacity[-1]:.2f}x over the rounds: the most any --jobs can gain)")  # fmt: skip
    base = sorted(seconds[counts[0]])[len(seconds[counts[0]]) // 2]
    for n in counts:
        middle = sorted(seconds[n])[len(seconds[n]) // 2]
        print(
            f"  --jobs {n:<3} {hands / middle:>7,.0f} hands/s  {middle:6.2f} s  {base / middle:5.2f}x --jobs {counts[0]}"
        )


# The floor as a process of its own: the same anchors as ``floor``, started from nothing. It loads
# only what it uses; the wins reach it pickled, so it also loads taikyoku's pricing wrapper (which
# hands the library the same hands and rules), counted on the floor's side.
FLOOR_PROCESS = """
import pickle, sqlite3, sys, time, importlib.util
from pathlib import Path
folder, stored = Path(sys.argv[1]), Path(sys.argv[2])
import convlog_rs
from replay.games.riichi.pricing import _estimate
wins = pickle.loads((folder / "wins.pickle").read_bytes())
if sys.argv[3:] == ["--started"]:
    sys.exit(0)
spec = importlib.util.find_spec("mjai")
engine = None
for place in spec.submodule_search_locations:
    for path in Path(place).glob("mlibriichi*.so"):
        loader = importlib.util.spec_from_file_location("mjai.mlibriichi", path)
        engine = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(engine)
for name in sys.argv[3:]:
    lines = convlog_rs.tenhou_to_mjai(Path(name).read_text(encoding="utf-8"))
    for seat in range(4):
        state = engine.state.PlayerState(seat)
        for line in lines:
            state.update(line)
for hand, rules in wins:
    _estimate(hand, rules)
source = sqlite3.connect(stored)
schema = source.execute("SELECT sql FROM sqlite_master WHERE name = 'events' AND type = 'table'").fetchone()[0]
rows = source.execute("SELECT * FROM events").fetchall()
source.close()
target = sqlite3.connect(folder / f"floor-{time.monotonic_ns()}.db")
target.execute(schema)
with target:
    target.executemany(f"INSERT INTO events VALUES ({','.join('?' * len(rows[0]))})", rows)
target.close()
"""


def processes_figures(files: list[Path], rounds: int) -> None:
    """`taikyoku import` of every real game as a user runs it, a new process and a new store each time,
    beside the floor as a process of its own (``FLOOR_PROCESS``), in turn: wall time from start to
    exit on both sides, start-up included; the ratio is the median of each round's own pair."""
    import pickle
    import subprocess

    try:
        import convlog_rs
    except ImportError:
        raise SystemExit(
            "bench: the floor needs convlog-rs and mjai: pip install -e '.[bench]' && pip install --no-deps mjai"
        ) from None
    if libriichi() is None:
        raise SystemExit("bench: the floor needs mjai's libriichi: pip install --no-deps mjai")

    tool = str(Path(sys.executable).parent / "taikyoku")
    every = [*files, *sorted((CORPUS.parent / "tenhou6-more").glob("*.json"))]  # every real game of the tests
    files = []
    for path in every:  # both sides take the games convlog-rs converts (its four-player ones)
        with contextlib.suppress(Exception):
            convlog_rs.tenhou_to_mjai(path.read_text(encoding="utf-8"))
            files.append(path)
    convertible = [str(path) for path in files]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        stored = folder / "stored.db"
        subprocess.run([tool, "import", *map(str, files), "--db", str(stored)], capture_output=True, check=False)
        (folder / "wins.pickle").write_bytes(pickle.dumps(wins_of(stored)))
        ratios: list[float] = []
        lean: list[float] = []  # the ratio with the floor's start-up only its anchors' imports
        extra: list[float] = []
        times: dict[str, list[float]] = {"ours": [], "floor": []}
        for run in range(rounds):
            took: dict[str, float] = {}
            for side in ("ours", "floor") if run % 2 == 0 else ("floor", "ours"):
                if side == "ours":
                    command = [tool, "import", *map(str, files), "--db", str(folder / f"ours-{run}.db")]
                else:
                    command = [sys.executable, "-c", FLOOR_PROCESS, str(folder), str(stored), *convertible]
                began = time.perf_counter()
                done = subprocess.run(command, capture_output=True, text=True)
                took[side] = time.perf_counter() - began
                if side == "floor" and done.returncode != 0:
                    raise SystemExit(f"the floor's process failed: {done.stderr.strip().splitlines()[-1:]}")
                times[side].append(took[side])
            ratios.append(took["ours"] / took["floor"])
            # What the floor's process spends on taikyoku's pricing wrapper and the pickled wins, above
            # the anchors' own imports: taken off its side for the second ratio.
            began = time.perf_counter()
            subprocess.run([sys.executable, "-c", FLOOR_PROCESS, str(folder), str(stored), "--started"], check=True)
            started = time.perf_counter() - began
            began = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", "import convlog_rs, mahjong.hand_calculating.hand, sqlite3"], check=True
            )
            extra.append(started - (time.perf_counter() - began))
            lean.append(took["ours"] / (took["floor"] - extra[-1]))
            print(f"round {run + 1} of {rounds}: taikyoku import {took['ours']:.2f} s, floor {took['floor']:.2f} s, "
                  f"{ratios[-1]:.2f}x", file=sys.stderr)  # fmt: skip
    ratios.sort()
    ours, theirs = sorted(times["ours"])[rounds // 2], sorted(times["floor"])[rounds // 2]
    print(
        f"as whole processes, {len(files)} real games (tests/data/tenhou6 and tenhou6-more, four players): "
        f"`taikyoku import` {ours:.2f} s, the floor {theirs:.2f} s (medians)"
    )
    print(f"ratio taikyoku / floor: {ratios[len(ratios) // 2]:.2f}x, the median of each round's pair "
          f"({ratios[0]:.2f}x to {ratios[-1]:.2f}x over {rounds} rounds; target at most 3x)")  # fmt: skip
    lean.sort()
    extra.sort()
    print(f"  with the floor's start-up its anchors' imports alone (its process spends {extra[len(extra) // 2]:.2f} s "
          f"more loading taikyoku's pricing wrapper and the wins): {lean[len(lean) // 2]:.2f}x "
          f"({lean[0]:.2f}x to {lean[-1]:.2f}x)")  # fmt: skip


def _cores_at_work(processes: int) -> float:
    """How much faster ``processes`` copies of a pure-Python loop finish together than one alone
    would finish them one after another: the machine's own parallel capacity, measured now (a
    virtual machine's cores are not always whole)."""
    import subprocess

    loop = [sys.executable, "-c", "x = 0\nfor i in range(6_000_000): x += i"]
    began = time.perf_counter()
    subprocess.run(loop, check=True)
    alone = time.perf_counter() - began
    began = time.perf_counter()
    running = [subprocess.Popen(loop) for _ in range(processes)]
    for proc in running:
        proc.wait()
    together = time.perf_counter() - began
    return processes * alone / together


def main() -> None:
    gc.collect()
    gc.freeze()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", type=int, default=0, help="also import K copies into one store")
    parser.add_argument("--jobs", default="", help="e.g. 1,2,4: `taikyoku import --jobs N` of every real game, each N")
    parser.add_argument("--processes", action="store_true", help="`taikyoku import` and the floor as whole processes")
    args = parser.parse_args()
    if args.jobs:
        jobs_figures([int(n) for n in args.jobs.split(",")], args.repeat)
        return
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        raise SystemExit(f"no logs in {CORPUS}")
    if args.processes:
        processes_figures(files, args.repeat)
        return
    best: dict[str, float] | None = None
    best_floor: dict[str, float | str] = {}
    best_stages: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        # Each round times both sides, one right after the other, in turn first: the machine's load
        # falls on both alike, and each round's ratio is its own pair's.
        ratios: list[float] = []
        wins: list[tuple[Any, Any]] = []
        stored = folder / "run-0.db"
        for run in range(args.repeat):
            db = folder / f"run-{run}.db"
            ours_first = run % 2 == 0 or not wins
            for side in ("ours", "floor") if ours_first else ("floor", "ours"):
                if side == "ours":
                    library_cache_clear()  # cold against cold: neither side finds the other's hands in memory
                    stages, hands, events = taikyoku(files, db)
                    if best is None or sum(stages.values()) < sum(best.values()):
                        best = stages
                    if not wins:
                        wins = wins_of(db)
                    ours_now = sum(stages.values())
                else:
                    parts = floor(files, stored, wins, folder)
                    for key, value in parts.items():
                        kept = best_floor.get(key)
                        if isinstance(value, str) or kept is None or (isinstance(kept, float) and value < kept):
                            best_floor[key] = value
                    floor_now = sum(v for v in parts.values() if isinstance(v, float))
            ratios.append(ours_now / floor_now)
            print(f"round {run + 1} of {args.repeat}: taikyoku {ours_now * 1000:.0f} ms, floor {floor_now * 1000:.0f} ms, "
                  f"{ours_now / floor_now:.2f}x", file=sys.stderr)  # fmt: skip
            for stage, seconds in breakdown(files, folder).items():
                best_stages[stage] = min(seconds, best_stages.get(stage, seconds))
        assert best is not None
        replayed = replay_seconds(folder / "run-0.db")
        ours = sum(best.values())
        print(f"corpus: {len(files)} files, {hands} hands, {len(wins)} wins, {events} events (best of {args.repeat})")
        print(f"taikyoku: read, check, price, store     {hands / ours:>7,.0f} hands/s  {ours * 1000:>7.1f} ms"
              f"   target >= {TARGET} hands/s: {'met' if hands / ours >= TARGET else 'not met'}")  # fmt: skip
        for stage, seconds in best.items():
            print(f"  {stage:<46} {seconds * 1000:>7.1f} ms")
        print(f"  (replay from the store, priced, not in the target: {replayed * 1000:.1f} ms)")
        print(f"where a hand's time goes, each stage alone (best of {args.repeat}), per hand:")
        for stage, seconds in best_stages.items():
            print(f"  {stage:<52} {seconds * 1000:>7.1f} ms  {seconds / hands * 1000:>6.3f} ms a hand")
        measured = [v for v in best_floor.values() if isinstance(v, float)]
        floor_total = sum(measured)
        print(f"floor: the same work by the best tools here  {hands / floor_total:>7,.0f} hands/s  "
              f"{floor_total * 1000:>7.1f} ms")  # fmt: skip
        for part, value in best_floor.items():
            shown = f"{value * 1000:>7.1f} ms" if isinstance(value, float) else value
            print(f"  {part:<52} {shown}")
        complete = len(measured) == len(best_floor)
        ratios.sort()
        print(f"ratio taikyoku / floor: {ratios[len(ratios) // 2]:.2f}x, the median of each round's pair "
              f"({ratios[0]:.2f}x to {ratios[-1]:.2f}x over {len(ratios)} rounds); best against best {ours / floor_total:.2f}x"
              + ("" if complete else " (floor incomplete)"))  # fmt: skip
        if args.copies:
            per_hand = copies(files, args.copies, folder)
            print(f"CPU per hand, 1 copy: {per_hand[0] * 1000:.2f} ms; at copy {args.copies}: "
                  f"{per_hand[-1] * 1000:.2f} ms ({per_hand[-1] / per_hand[0] - 1:+.0%}; target within 10%)")  # fmt: skip


if __name__ == "__main__":
    main()
