"""Ctrl-C at moments spread over other commands than import (which tests/formats/test_import_jobs.py
holds at 23 moments): each ends in one line and exit 130, or, when the Ctrl-C came after it was
done, as it would have ended; never a traceback, never a file half written. (`serve` stopped by
Ctrl-C once it listens: tests/cli/test_serve.py.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import Cli
from tests.paths import ROOT

ENDS_WITHIN = 60  # seconds, on a busy machine
MOMENTS = (0.0, 0.05, 0.15, 0.3, 0.6)  # seconds after taikyoku's own code runs: loading, reading, writing


def running_taikyoku(proc: subprocess.Popen[str]) -> None:
    """Waits until the process runs taikyoku's own code (its Ctrl-C handler is in place then): the
    command's modules have loaded the validation library's compiled core. Before that moment the
    interpreter's own handling applies (docs/reliability.md)."""
    deadline = time.monotonic() + ENDS_WITHIN
    while proc.poll() is None:
        try:
            if "_pydantic_core" in Path(f"/proc/{proc.pid}/maps").read_text():
                return
        except OSError:
            return  # ended meanwhile
        assert time.monotonic() < deadline, "the command never started"
        time.sleep(0.002)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("club")
    db = folder / "club.db"
    for seed in range(3):
        done = subprocess.run([sys.executable, "-c", "from replay.cli import main; main()", "simulate", "riichi",
                               "--seed", str(seed), "--hands", "6", "--id", f"r-{seed}", "--db", str(db)],
                              capture_output=True, text=True, cwd=ROOT)  # fmt: skip
        assert done.returncode == 0, done.stderr
    return db


@pytest.mark.parametrize(
    "command",
    [
        ("verify",),
        ("export", "--all", "-o", "{out}"),
        ("stats", "--json"),
        ("replay", "r-1", "--json"),
    ],
)
def test_ctrl_c_at_any_moment_of_a_command_is_one_line_and_130(
    cli: Cli, club: Path, tmp_path: Path, command: tuple[str, ...]
) -> None:
    for number, moment in enumerate(MOMENTS):
        out = tmp_path / f"export-{number}.json"
        args = [part.format(out=out) for part in command]
        proc = subprocess.Popen([sys.executable, "-c", "from replay.cli import main; main()", *args, "--db", str(club)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                start_new_session=True, env=os.environ | {"TAIKYOKU_SECRET_FILE": str(tmp_path / "s")})  # fmt: skip
        running_taikyoku(proc)
        time.sleep(moment)  # the moment chosen; what is asserted holds at any moment
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=ENDS_WITHIN)
        assert "Traceback" not in err, (args, moment, err)
        if proc.returncode == 130:
            assert err.splitlines() == ["taikyoku: error: interrupted; nothing was recorded"], (args, err)
        else:
            assert proc.returncode == 0, (args, moment, proc.returncode, err)
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]
        assert leftovers == [], leftovers  # no staged file left behind
        if out.exists():
            assert out.read_text().rstrip().endswith(("]", "}")), "an export written in part"
    assert cli("verify", "--db", str(club)).code == 0


# A command that has done its work and returned when Ctrl-C arrives: the runner's own handler
# (which raises) is still in place, and the signal lands as main() reads what the command stored
# (``interrupts.said``), before the ending's handler is installed.
_RETURNS_AS_INTERRUPTED = """
import os, signal
import replay.cli.runner as runner
from events import interrupts

def run(interruptible=True):
    signal.signal(signal.SIGINT, interrupts.interrupt)
    print("done", flush=True)
    return 0

said, asked = interrupts.said, []

def said_as_interrupted():
    if not asked:
        asked.append(True)
        os.kill(os.getpid(), signal.SIGINT)  # handled here, in main()'s own step after the command
    return said()

runner.run, interrupts.said = run, said_as_interrupted
from replay.cli import main
main()
"""


def test_ctrl_c_as_a_command_returns_is_one_line_and_130() -> None:
    """Plant: the ending's handler installed after the runner's return, outside the guard (a
    traceback, found once by the moments above on a busy machine)."""
    done = subprocess.run([sys.executable, "-c", _RETURNS_AS_INTERRUPTED], capture_output=True, text=True, cwd=ROOT,
                          timeout=ENDS_WITHIN)  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (
        130,
        "done\n",
        "taikyoku: error: interrupted; nothing was recorded\n",
    )
