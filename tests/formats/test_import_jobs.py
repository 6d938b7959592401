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
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.2) as conn:  # a look, not a wait
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
    """The worker processes of an import: its children that run the workers' loop."""
    children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return [child for child in children if b"import_workers" in Path(f"/proc/{child}/cmdline").read_bytes()]


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
        r"taikyoku: error: a worker process stopped (while reading \S+\.json|between two files); the \d+ games stored before it stay, "
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


# ---- Ctrl-C at many moments: as the command starts, its workers start, games are stored, it ends ----

MAIN = "from replay.cli import main; main()"  # the taikyoku command itself, Ctrl-C handling and all
ENDS_WITHIN = 60  # seconds a stopped import may take to end, on a busy machine (it takes well under one)
_SAID = (
    r"taikyoku: error: interrupted; nothing was recorded",
    r"taikyoku: error: interrupted: no game was stored; run the same import again to start it",
    r"taikyoku: error: interrupted: the (\d+) games stored before it stay, each whole; run the same import "
    r"again to go on \(the games stored are skipped\)",
)


@pytest.fixture(scope="module")
def short_archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int], float]:
    """Twelve real games, what a whole import of them stores, and how long that import took here."""
    import subprocess
    import sys
    import time

    folder = tmp_path_factory.mktemp("short")
    logs = folder / "logs"
    logs.mkdir()
    for source in sorted((FOLDER.parent / "tenhou6-more").glob("*.json"))[:12]:
        (logs / source.name).symlink_to(source)
    whole = folder / "whole.db"
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", MAIN, "import", str(logs), "--jobs", "2", "--db", str(whole)],
                          capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return logs, _counts(whole), time.monotonic() - began


def _live_workers(parent: int) -> list[int]:
    """Worker processes started by ``parent`` that are still alive (found by what they were told)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = next(line for line in (entry / "status").read_text().splitlines() if line.startswith("State:"))
        except (OSError, StopIteration):
            continue  # gone meanwhile, or not ours to read
        if f"TAIKYOKU_WORKER_PARENT={parent}\0".encode() in environ and "zombie" not in state:
            found.append(int(entry.name))
    return found


def _interrupted_at(logs: Path, db: Path, moment: Any) -> tuple[int, str, int]:
    """The import started, Ctrl-C sent to its process group when ``moment(proc)`` returns; its exit
    code and stderr, once it has ended and every worker with it (each within a bound)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-c", MAIN, "import", str(logs), "--jobs", "2", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            start_new_session=True)  # fmt: skip
    from tests.cli.test_ctrl_c import running_taikyoku

    running_taikyoku(proc)
    moment(proc)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C, as a terminal sends it
    _, err = proc.communicate(timeout=ENDS_WITHIN)
    deadline = time.monotonic() + ENDS_WITHIN
    while _live_workers(proc.pid):
        assert time.monotonic() < deadline, "a worker outlived the import"
        time.sleep(0.01)
    return proc.returncode, err, proc.pid


def _after(seconds: float) -> Any:
    import time

    return lambda proc: time.sleep(seconds)


def _once_stored(games: int) -> Any:
    """A moment known by state: once the import has stored this many games (or has ended)."""

    def wait(proc: Any) -> None:
        import time

        deadline = time.monotonic() + ENDS_WITHIN * 2
        while _stored(proc.args[-1]) < games and proc.poll() is None:
            assert time.monotonic() < deadline, f"the import did not store {games} games"
            time.sleep(0.001)

    return wait


def _once_workers_run(proc: Any) -> None:
    import time

    deadline = time.monotonic() + ENDS_WITHIN * 2
    while not _live_workers(proc.pid) and proc.poll() is None:
        assert time.monotonic() < deadline, "no worker started"
        time.sleep(0.001)


def test_ctrl_c_at_any_moment_of_an_import_ends_in_one_line_with_130_leaving_only_whole_games(
    short_archive: tuple[Path, dict[str, int], float], tmp_path: Path
) -> None:
    logs, whole, took = short_archive
    # From the moment taikyoku's own code runs (``running_taikyoku``): before that, in Python's first
    # milliseconds, the interpreter's own handling applies (docs/reliability.md).
    fractions = [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0, 1.2]
    moments = [_after(took * f) for f in fractions]
    moments += [_once_workers_run, _once_stored(1), _once_stored(6), _once_stored(11), _once_stored(12)]
    outcomes = []
    for number, moment in enumerate(moments):
        db = tmp_path / f"club-{number}.db"
        code, err, _ = _interrupted_at(logs, db, moment)
        stored = _counts(db) if db.exists() else {}
        assert all(whole[match] == events for match, events in stored.items()), err  # only whole games
        if code == 130:
            lines = err.splitlines()
            assert len(lines) == 1, (moment, err)  # one line, whatever the moment: say what was said if not
            [line] = lines
            said = next((re.fullmatch(form, line) for form in _SAID if re.fullmatch(form, line)), None)
            assert said is not None, line
            assert len(stored) == (int(said.group(1)) if said.groups() else 0), line  # the count said is the count
            assert db.exists() == bool(stored), line  # a store is left only when it holds a game
            outcomes.append(len(stored))
        else:  # the Ctrl-C came after the import ended
            assert code == 0 and stored == whole, err
            outcomes.append(-1)
    assert 0 in outcomes and any(0 < n < len(whole) for n in outcomes), outcomes  # stopped before, and part way
