"""The replay page's first frame, against a page that embeds the raw log, in the same run.

    python bench/page.py [--rounds N]

Two real games of the tests: a one-hand log and the longest one (17 hands, 2,019 events). For each,
`taikyoku export --format html` writes the replay page, and the floor is a page that carries the
same game's tenhou.net/6 log as it came, parsed by the browser (`JSON.parse`) and nothing drawn.
Round after round, in turn, each page is opened in a new tab of Debian's Chromium (Playwright) from
the file: the time from the start of its navigation to its first frame on the table (the page's own
mark, ``data-first-frame``), and to the floor's log parsed. Prints the medians, their ratio, the
pages' sizes and the load average. Figures, never pass/fail. Target: the first frame within 2x of
the floor, whatever the game's length.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
GAMES = {
    "one hand": ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-chankan.json",
    "17 hands": ROOT / "tests" / "data" / "tenhou6-more" / "2022060107gm-00a9-0000-a990aa36.json",
}
FLOOR = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head><body>
<script type="application/json" id="log">{log}</script>
<script>
const log = JSON.parse(document.getElementById("log").textContent);
document.body.dataset.parsed = String(performance.now());
document.body.dataset.hands = String(log.log.length);
</script></body></html>
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as folder:
        pages: dict[str, tuple[Path, Path]] = {}
        for name, log in GAMES.items():
            db = Path(folder) / f"{log.stem}.db"
            subprocess.run(
                [str(BIN / "taikyoku"), "import", str(log), "--db", str(db)], check=False, capture_output=True
            )
            match = json.loads(subprocess.run([str(BIN / "taikyoku"), "matches", "--json", "--db", str(db)],
                                              check=True, capture_output=True, text=True).stdout)[0]["match_id"]  # fmt: skip
            out = Path(folder) / log.stem  # a folder: a page per match, and an index
            subprocess.run([str(BIN / "taikyoku"), "export", match, "--format", "html", "-o", str(out), "--db", str(db)],
                           check=True, capture_output=True)  # fmt: skip
            ours = out / f"{match}.html"
            floor = Path(folder) / f"{log.stem}-floor.html"
            raw = log.read_text(encoding="utf-8").replace("</", "<\\/")
            floor.write_text(FLOOR.format(title=log.stem, log=raw), encoding="utf-8")
            pages[name] = (ours, floor)
        times: dict[tuple[str, str], list[float]] = {(n, k): [] for n in GAMES for k in ("ours", "floor")}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for _ in range(args.rounds):
                for name, (ours, floor) in pages.items():
                    for kind, path, mark in (("ours", ours, "firstFrame"), ("floor", floor, "parsed")):
                        tab = browser.new_page(viewport={"width": 1280, "height": 900})
                        tab.goto(path.as_uri())
                        tab.wait_for_function(f"document.body.dataset.{mark}")
                        times[(name, kind)].append(float(tab.evaluate(f"document.body.dataset.{mark}")))
                        tab.close()
            browser.close()
        for name, (ours, floor) in pages.items():
            mine, theirs = (statistics.median(times[(name, kind)]) for kind in ("ours", "floor"))
            print(f"{name}: first frame {mine:6.0f} ms, the raw log parsed {theirs:6.0f} ms: {mine / theirs:.2f}x "
                  f"(target at most 2x); the page {ours.stat().st_size / 1024:.0f} KB, "
                  f"the raw log's {floor.stat().st_size / 1024:.0f} KB")  # fmt: skip
    print(f"medians of {args.rounds} rounds; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
