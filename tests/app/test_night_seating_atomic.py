"""A night is never half-seated: a session's tables and the night's seating are one transaction,
stored whole or not at all whatever stops it (Ctrl-C, kill -9, a full disk), on SQLite and
PostgreSQL; a limit is checked before anything is written; a table an older version's interrupted
seating left outside the night is ended by the next seating, never reused. Real stores, real
processes."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import Cli, fill_disk
from tests.paths import ROOT

FORTY = [f"P{n:02d}" for n in range(40)]  # ten tables of riichi


def _players(names: list[str]) -> list[str]:
    return [a for n in names for a in ("-p", n)]


def _state(cli: Cli, db: str, night: str) -> tuple[int, list[str]]:
    """The sessions the night holds, and the matches named as its tables (in play or not)."""
    sheet = cli("night", "show", night, "--json", "--db", db).json()
    tables = sorted(m["match_id"] for m in cli("matches", "--json", "--db", db).json()
                    if m["match_id"].startswith(f"{night}-t"))  # fmt: skip
    return len(sheet["sessions"]), tables


def _seat_process(db: str, night: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))",
         "night", "seat", night, "--db", db], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_a_seating_stopped_at_any_moment_is_whole_or_not_at_all(
    cli: Cli, db: Path, store: str, how: signal.Signals, request: pytest.FixtureRequest
) -> None:
    """Plant: each table's match stored in its own transaction before the seating (Ctrl-C left 3 of
    20 nights with tables in play that no session names, and a night that could not be seated)."""
    target = str(db) if store == "sqlite" else request.getfixturevalue("pg_url")
    assert cli("night", "open", "riichi", *_players(FORTY), "--id", "night-whole", "--db", target).code == 0
    started = time.monotonic()
    assert _seat_process(target, "night-whole").wait(timeout=120) == 0
    whole = time.monotonic() - started  # one seating, start to end, on this machine now
    for attempt in range(12):
        night = f"night-stop-{attempt}"
        assert cli("night", "open", "riichi", *_players(FORTY), "--id", night, "--seed", "3", "--db", target).code == 0
        seating = _seat_process(target, night)
        # Where the stop falls, spread over the whole command: the verdict below is the same wherever.
        time.sleep(whole * attempt / 11)
        seating.send_signal(how)
        seating.communicate(timeout=120)
        sessions, tables = _state(cli, target, night)
        assert (sessions, len(tables)) in ((0, 0), (1, 10)), (attempt, sessions, tables)
        again = cli("night", "seat", night, "--db", target)  # whatever happened, the night seats on
        assert again.code == 0, again.err
        assert _state(cli, target, night)[0] == sessions + 1


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_an_orphan_table_left_outside_the_night_is_ended_and_not_reused(
    cli: Cli, db: Path, store: str, request: pytest.FixtureRequest
) -> None:
    target = str(db) if store == "sqlite" else request.getfixturevalue("pg_url")
    assert cli("night", "open", "riichi", *_players(FORTY[:8]), "--id", "night-old", "--db", target).code == 0
    # What an older version's interrupted seating left: a table's match, and no seating naming it.
    made = cli("new", "riichi", *_players(FORTY[:4]), "--id", "night-old-t1", "--db", target)
    assert made.code == 0
    sheet = cli("night", "seat", "night-old", "--json", "--db", target).json()
    assert [t["match_id"] for t in sheet["sessions"][0]["tables"]] == ["night-old-t2", "night-old-t3"]
    status = {m["match_id"]: m["status"] for m in cli("matches", "--json", "--db", target).json()}
    assert status["night-old-t1"] == "abandoned"
    assert (status["night-old-t2"], status["night-old-t3"]) == ("in play", "in play")


def test_a_full_disk_during_a_seating_stores_none_of_it(cli: Cli, tmp_path: Path) -> None:
    """Plant: the tables' matches stored one by one (a full disk said "nothing was stored" after 16
    matches were)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.fail("this test needs a small file system: run it as root (CI does)")
    try:
        db = str(folder / "club.db")
        players = [f"Player {n:03d}" for n in range(200)]  # a hundred tables of Tensho
        assert cli("night", "open", "tensho", *_players(players), "--id", "night-full", "--db", db).code == 0
        before = _state(cli, db, "night-full")
        filler = fill_disk(folder)  # the disk filled to its last byte
        refused = cli("night", "seat", "night-full", "--db", db)
        assert refused.code == 3 and "full" in refused.err, refused.err
        filler.unlink()
        assert _state(cli, db, "night-full") == before == (0, [])
        assert cli("night", "seat", "night-full", "--db", db).code == 0
        sessions, tables = _state(cli, db, "night-full")
        assert (sessions, len(tables)) == (1, 100)
        assert cli("verify", "--db", db).code == 0
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_a_night_seats_what_it_holds_and_refuses_more_before_writing(cli: Cli, db: Path) -> None:
    """Plant: a session's tables limited to 50 by its event (a 102-player Tensho night made 51
    matches, then could not be seated, ever)."""
    players = [f"Player {n:03d}" for n in range(102)]
    assert cli("night", "open", "tensho", *_players(players), "--id", "night-big").code == 0
    seated = cli("night", "seat", "night-big", "--json")
    assert seated.code == 0, seated.err
    assert len(seated.json()["sessions"][0]["tables"]) == 51
    more = [f"Player {n:03d}" for n in range(201)]
    refused = cli("night", "open", "tensho", *_players(more), "--id", "night-bigger")
    assert refused.code == 2
    assert refused.err == ("taikyoku: error: 201 players are more than a night holds (at most 200); split them "
                           "into two nights\n")  # fmt: skip
    assert [n["night_id"] for n in cli("night", "list", "--json").json()] == ["night-big"]


def test_seating_again_never_ends_a_table_that_has_started(cli: Cli, db: Path) -> None:
    assert cli("night", "open", "riichi", *_players(FORTY[:8]), "--id", "night-re").code == 0
    table = cli("night", "seat", "night-re", "--json").json()["sessions"][0]["tables"][0]["match_id"]
    assert cli("round", table).code == 0  # a hand under way
    refused = cli("night", "seat", "night-re", "--again")
    assert refused.code == 2 and f"{table} has started" in refused.err
    status = {m["match_id"]: m["status"] for m in cli("matches", "--json").json()}
    assert status[table] == "in play"


def test_the_readmes_serve_command_works_in_an_empty_folder(tmp_path: Path, secret: Path) -> None:
    """Plant: serve refusing a store that does not exist yet ("start a match with taikyoku new"):
    the host's page is where a night starts."""
    import re

    from tests.serving import Server

    readme = (ROOT / "README.md").read_text()
    command = re.search(r"^taikyoku serve (.+?)\s+#", readme, re.M)
    assert command is not None and command[1] == "--db club.db --host 0.0.0.0"
    server = Server("club.db", secret, host="0.0.0.0", cwd=tmp_path)  # an empty folder, as on a fresh machine
    try:
        status, body = server.call("POST", "/api/host/nights", {"game": "riichi", "players": FORTY[:8]})
        assert status == 201, body
        assert body["night_id"].startswith("night-")
    finally:
        said = server.stop()
    assert (tmp_path / "club.db").is_file() and "Traceback" not in said
