"""A backup copied over the store in place while a server writes: how often is the file left damaged?

    python bench/restore.py [--copies N] [--every MS ...]

The application keeps the SQLite file open as `taikyoku serve` does; a thread stores a new match
every MS milliseconds (0: without pause) while the main thread copies a backup over the file
(`cp backup.db club.db`, in place) N times at random moments, and checks each time, a moment
later, SQLite's quick check of the file. Prints, for each pace, how many copies left a damaged
file. docs/reliability.md quotes it. A figure, never pass/fail; not CI.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from contextlib import suppress
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/replay.py would hide the
# replay package; drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from events.errors import TaikyokuError  # noqa: E402
from replay.app.application import Application  # noqa: E402


def damaged_copies(folder: Path, every: float, copies: int) -> int:
    db, backup = folder / "club.db", folder / "backup.db"
    app = Application(str(db), create=True, keep_file_open=True)
    for number in range(40):
        app.new_match("tensho", ["Aki", "Beni"], recorded_by="bench", match_id=f"b-{number}")
    app.close()
    shutil.copyfile(db, backup)
    stopping = threading.Event()

    def write() -> None:
        number = 0
        while not stopping.is_set():
            with suppress(TaikyokuError):  # refused for a moment, or told the file was replaced: it goes on
                app.new_match("tensho", ["Aki", "Beni"], recorded_by="bench", match_id=f"w-{number}")
            number += 1
            time.sleep(every)

    writer = threading.Thread(target=write)
    writer.start()
    damaged, moments = 0, random.Random(1)
    try:
        for _ in range(copies):
            time.sleep(moments.uniform(0.05, 0.25))
            shutil.copyfile(backup, db)
            time.sleep(0.15)
            check = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            try:
                whole = check.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            except sqlite3.DatabaseError:
                whole = False
            finally:
                check.close()
            damaged += not whole
    finally:
        stopping.set()
        writer.join()
        app.close()
    return damaged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=40, help="copies of the backup made over the file, per pace")
    parser.add_argument("--every", type=float, nargs="*", default=[20.0, 0.0], help="milliseconds between writes")
    args = parser.parse_args()
    for every in args.every:
        with tempfile.TemporaryDirectory(prefix="taikyoku-restore-") as folder:
            damaged = damaged_copies(Path(folder), every / 1000, args.copies)
        print(f"a write every {every:g} ms: {damaged} of {args.copies} copies left a damaged file")


if __name__ == "__main__":
    main()
