"""`import --jobs N`: the logs are read, folded and priced by N worker processes, one process
stores each game whole in the order of the files, so the store is the same whatever N is."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

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


# ---- an import stopped part way: Ctrl-C, a worker killed, the importing process killed ----

RUN = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """Every real game of tests/data twice over (168 files, 114 games), and what a whole import of it
    stores: each match's event count."""
    import subprocess
    import sys

    folder = tmp_path_factory.mktemp("archive")
    logs = folder / "logs"
    logs.mkdir()
    for copy in range(2):
        for source in [*FOLDER.glob("*.json"), *(FOLDER.parent / "tenhou6-more").glob("*.json")]:
            (logs / f"{copy}-{source.name}").symlink_to(source)
    whole = folder / "whole.db"
    done = subprocess.run([sys.executable, "-c", RUN, "import", str(logs), "--jobs", "2", "--db", str(whole)],
                          capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert done.returncode == 1, done.stderr  # the second copy of each game: already stored, said
    return logs, _counts(whole)


def _counts(db: Path) -> dict[str, int]:
    import sqlite3

    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT match_id, last_seq FROM match_heads"))


def _stored(db: Path) -> int:
    """How many games the import has stored so far (read beside it, as another reader may)."""
    import sqlite3

    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT count(*) FROM match_heads").fetchone()[0])
    except sqlite3.Error:
        return 0  # not made yet


def _started_importing(logs: Path, db: Path) -> Any:
    """`taikyoku import --jobs 2` in its own process group (as a terminal runs it), once it has
    stored its first games: far from its end, since the workers read 168 files."""
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-c", RUN, "import", str(logs), "--jobs", "2", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 120
    while _stored(db) < 2:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the import stored nothing in two minutes"
        time.sleep(0.002)
    return proc


def _workers(pid: int) -> list[int]:
    """The worker processes of an import: the children of its fork server."""

    def children(of: int) -> list[int]:
        return [int(c) for c in Path(f"/proc/{of}/task/{of}/children").read_text().split()]

    servers = [c for c in children(pid) if "forkserver" in Path(f"/proc/{c}/cmdline").read_text()]
    return [worker for server in servers for worker in children(server)]


def _whole_games_only_and_the_import_run_again_goes_on(cli: Cli, logs: Path, db: Path, whole: dict[str, int]) -> None:
    stored = _counts(db)
    assert 0 < len(stored) < len(whole)  # stopped part way
    assert all(whole[match] == events for match, events in stored.items())  # every game stored is whole
    assert cli("verify", "--no-schemas", "--db", str(db)).code == 0  # every chain, every head
    again = cli("import", str(logs), "--jobs", "2", "--db", str(db), "--json")
    assert again.code == 1  # the games stored before are skipped, said
    assert len(again.json()["imported"]) == len(whole) - len(stored)
    assert _counts(db) == whole


def test_ctrl_c_leaves_whole_games_said_in_one_line_and_the_import_run_again_goes_on(
    cli: Cli, archive: tuple[Path, dict[str, int]], tmp_path: Path
) -> None:
    import os
    import signal

    logs, whole = archive
    db = tmp_path / "club.db"
    proc = _started_importing(logs, db)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the importing process and its workers
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    [line] = err.splitlines()
    assert re.fullmatch(
        r"taikyoku: error: interrupted: the \d+ games stored before it stay, each whole; run the same import "
        r"again to go on \(the games stored are skipped\)", line
    ), line  # fmt: skip
    _whole_games_only_and_the_import_run_again_goes_on(cli, logs, db, whole)


def test_a_killed_worker_stops_the_import_in_one_line_leaving_whole_games(
    cli: Cli, archive: tuple[Path, dict[str, int]], tmp_path: Path
) -> None:
    import os
    import signal

    logs, whole = archive
    db = tmp_path / "club.db"
    proc = _started_importing(logs, db)
    workers = _workers(proc.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)  # as the kernel's out-of-memory killer would
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 3, err  # a retry clears it
    [line] = err.splitlines()
    assert re.fullmatch(
        r"taikyoku: error: a worker process stopped while reading \S+\.json; the \d+ games stored before it stay, "
        r"each whole; run the same import again to go on \(the games stored are skipped\)", line
    ), line  # fmt: skip
    _whole_games_only_and_the_import_run_again_goes_on(cli, logs, db, whole)


def test_a_killed_import_leaves_whole_games(cli: Cli, archive: tuple[Path, dict[str, int]], tmp_path: Path) -> None:
    import os
    import signal

    logs, whole = archive
    db = tmp_path / "club.db"
    proc = _started_importing(logs, db)
    os.killpg(proc.pid, signal.SIGKILL)  # the importing process and its workers, mid-game
    proc.communicate(timeout=120)
    _whole_games_only_and_the_import_run_again_goes_on(cli, logs, db, whole)
