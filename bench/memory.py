"""Peak memory of export and import as the history grows: it should stay flat.

Builds stores of growing size from simulated Tensho matches, then in a fresh process for each
measurement runs ``taikyoku export --all --format json`` and ``--format jsonl`` to a file, and
``taikyoku import --format jsonl`` of that file into an empty store, and prints each process's
peak resident memory beside the baseline: a process that loads taikyoku and opens the store but
does no work. Figures, never pass or fail; the target is a peak flat in the history's size (at
most 150 MB for 768,000 events).

Then hostile imports, each in a fresh process: a 1 MB gzip that inflates to 1 GiB, an mjlog of
two million empty elements, a 200 MB Tenhou JSON file, and a taikyoku json export of one match
of 30 MB. Each must stay under 150 MB and end (refused, or imported) in seconds.

    python bench/memory.py [--matches 100,400,1600] [--hostile-only]
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
import sys
from replay.cli import run
code = run(sys.argv[1:]) if sys.argv[1] != "--idle" else 0
if sys.argv[1] == "--idle":
    from store import EventStore
    EventStore.open(sys.argv[2]).close()
# VmHWM, not getrusage's ru_maxrss: Linux carries ru_maxrss over an exec from the forking
# process, so a child of a large parent would report the parent's peak.
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))  # KiB
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


def timed_peak(*args: str) -> tuple[int, float, float, str]:
    """(exit code, peak MiB, seconds, last line on stderr) of one command in a fresh process."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, check=False)
    took = time.perf_counter() - started
    lines = done.stderr.strip().splitlines()
    code, peak = lines[-1].split()
    said = next((line for line in reversed(lines[:-1]) if line.startswith("taikyoku:")), "")
    return int(code), int(peak) / 1024, took, said


def build_hostile(folder: Path) -> list[tuple[str, Path]]:
    """The hostile inputs of the reliability issue, written into ``folder``."""
    import gzip
    import json

    bomb = folder / "bomb.mjlog"
    with gzip.open(bomb, "wb", compresslevel=9) as stream:
        stream.write(b'<mjloggm ver="2.3">')
        zeros = b" " * (1 << 20)
        for _ in range(1024):  # 1 GiB of blanks inside the root element
            stream.write(zeros)
        stream.write(b"</mjloggm>")
    elements = folder / "elements.xml"
    elements.write_bytes(b'<mjloggm ver="2.3">' + b"<a/>" * 1_950_000 + b"</mjloggm>")
    big_json = folder / "big.json"
    with big_json.open("w") as stream:
        stream.write('{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"","aka":1},"log":[')
        hand = json.dumps([[0, 0, 0], [25000] * 4, [51], []] + [[11] * 13, [], []] * 4 + [["流局", [0] * 4]])
        stream.write(",".join([hand] * (200_000_000 // len(hand))))
        stream.write("]}")
    store, export = folder / "one.db", folder / "one-match.json"
    from events.envelope import new_event
    from events.match import Annotation

    with EventStore.open(store, create=True) as writing:
        writing.append("long-1", 0, simulated_events("tensho", 1, 1, match_id="long-1"))
        for _ in range(8):  # about 30 MB of notes in one match
            head = writing.head("long-1")
            notes = [Annotation(seq=1, kind="note", text="x" * 250) for _ in range(5000)]
            writing.append("long-1", head, [new_event(n, recorded_by="bench") for n in notes])
    assert peak_mib("export", "long-1", "-o", str(export), "--db", str(store)) > 0
    return [("gzip bomb, 1 GiB inflated", bomb), ("mjlog of 1.95 M elements", elements),
            ("Tenhou JSON of 200 MB", big_json), ("export of one 30 MB match", export)]  # fmt: skip


def hostile() -> None:
    print(f"\n{'hostile import':<28} {'file MB':>8} {'exit':>5} {'peak MiB':>9} {'seconds':>8}  what it said")
    with tempfile.TemporaryDirectory() as folder:
        cases = build_hostile(Path(folder))
        for what, path in cases:
            code, peak, took, said = timed_peak("import", str(path), "--db", str(Path(folder) / f"{path.stem}-in.db"))
            size = path.stat().st_size / 1e6
            print(f"{what:<28} {size:>8.1f} {code:>5} {peak:>9.1f} {took:>8.2f}  {said[:90]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", default="100,400,1600", help="store sizes, in matches of about 250 events")
    parser.add_argument("--hostile-only", action="store_true", help="only the hostile imports")
    args = parser.parse_args()
    if args.hostile_only:
        hostile()
        return
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
    hostile()


if __name__ == "__main__":
    main()
