"""`import --jobs N`: the logs are read, folded and priced by N worker processes, one process
stores each game whole in the order of the files, so the store is the same whatever N is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.helpers import Cli
from tests.paths import ROOT

FOLDER = ROOT / "tests" / "data" / "tenhou6"


def _store(cli: Cli, db: Path) -> list[tuple[str, int, str, str, str]]:
    """Every stored event but its time (a log that does not say when its game was played is dated
    by its import): match, seq, id, type, payload."""
    found = []
    for match in cli("matches", "--json", "--db", str(db)).json():
        for event in cli("log", match["match_id"], "--json", "--db", str(db)).json():
            found.append((event["match_id"], event["seq"], event["event_id"], event["type"],
                          json.dumps(event["payload"], sort_keys=True)))  # fmt: skip
    return found


def test_one_worker_and_three_make_the_same_store(cli: Cli, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    shutil.copytree(FOLDER, logs)
    (logs / "broken.json").write_text('{"log": [[1, 2, 3]]}')  # a game refused in a worker is named as ever
    one, three = tmp_path / "one.db", tmp_path / "three.db"
    first = cli("import", str(logs), "--jobs", "1", "--db", str(one), "--json")
    second = cli("import", str(logs), "--jobs", "3", "--db", str(three), "--json")
    assert first.code == second.code == 1  # the broken file: a finding
    assert first.json() == second.json()  # the same games imported, the same skipped, with the same reasons
    assert any(s["file"] == "broken.json" for s in first.json()["skipped"])
    stored = _store(cli, one)
    assert len(stored) > 10_000 and stored == _store(cli, three)
    assert [m["match_id"] for m in cli("matches", "--json", "--db", str(one)).json()] == [
        m["match_id"] for m in cli("matches", "--json", "--db", str(three)).json()
    ]  # stored in the order of the files
    assert cli("verify", "--db", str(one)).code == 0 and cli("verify", "--db", str(three)).code == 0


def test_the_progress_counts_games_and_hands_across_workers(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess
    import sys

    master, slave = pty.openpty()  # a terminal, as a person runs it: the bar shows
    code = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "import", str(ROOT / "tests" / "data" / "tenhou6-more"), "--jobs", "2",
         "--db", str(tmp_path / "p.db")],
        stdin=slave, stdout=slave, stderr=slave, env=os.environ | {"COLUMNS": "160", "TERM": "xterm"}, cwd=ROOT,
    )  # fmt: skip
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(timeout=120)
    os.close(master)
    assert b"57 games, 569 hands" in seen  # the last count: every game stored, with its hands
