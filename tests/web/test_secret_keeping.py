"""The table secret under a running server: a command never makes a new one while a server serves
with it (`token` prints what the server accepts, and a restart keeps every token and the host's
link), and `verify` says, exiting 1, when the seals of the kept rows could not be checked because
the secret cannot be read. Against the real server process and real SQLite files."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tests.helpers import Cli
from tests.serving import Server, token_of

MOVE = {"expected_seq": 1, "move": "next"}


def _with_secret(cli: Cli, secret: Path, *args: str) -> tuple[int, str, str]:
    os.environ["TAIKYOKU_SECRET_FILE"] = str(secret)
    try:
        done = cli(*args)
    finally:
        del os.environ["TAIKYOKU_SECRET_FILE"]
    return done.code, done.out, done.err


def test_a_command_run_while_the_secret_is_missing_takes_the_servers_and_a_restart_keeps_it(
    cli: Cli, db: Path, secret: Path
) -> None:
    """The secret file removed while the server serves; `matches` and `token` run at once, before
    any page asked for a table's link: neither makes a new secret, `token` prints what the server
    accepts; stopped and started again, the server takes last minute's token and host key. Plants:
    a command making a new secret beside a serving server (its token refused with 403, and a
    restart changing every table's token and the host's link); the file written back only when a
    page asks for a link."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret)
    try:
        kept = secret.read_bytes()
        secret.unlink()
        assert _with_secret(cli, secret, "matches")[0] == 0
        token = token_of(cli, secret, "tbl-1")
        assert secret.read_bytes() == kept
        assert server.call("POST", "/api/matches/tbl-1/moves", MOVE, token)[0] == 201
        secret.unlink()
    finally:
        server.stop()
    assert secret.read_bytes() == kept  # written back as the server stopped
    again = Server(str(db), secret)
    try:
        assert (
            again.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 2, "move": "yaku-set 1"}, token)[0] == 201
        )
    finally:
        again.stop()
    assert secret.read_bytes() == kept


def test_verify_says_when_the_seals_went_unchecked_and_exits_1(cli: Cli, db: Path, secret: Path) -> None:
    """A kept statistics row edited, then the secret made readable by others (which taikyoku refuses
    to read): `verify` names the unchecked seals and why, and exits 1; with the secret private
    again it finds the edit (exit 4). Plant: "ok" over an edited row when the key could not be read."""
    assert cli("simulate", "tensho", "--seed", "7", "--rounds", "1", "--id", "sim-1").code == 0
    assert _with_secret(cli, secret, "matches")[0] == 0  # its glance is kept, sealed
    with sqlite3.connect(db) as conn:
        changed = conn.execute("UPDATE read_models SET body = replace(body, 'complete', 'in play')").rowcount
    assert changed >= 1
    # The key is read once a process: the same secret at other paths stands for the next commands'.
    unreadable, private = secret.with_name("shared-secret"), secret.with_name("private-secret")
    for path, mode in ((unreadable, 0o644), (private, 0o600)):
        path.write_bytes(secret.read_bytes())
        path.chmod(mode)
    code, out, _ = _with_secret(cli, unreadable, "verify")
    assert code == 1, out
    assert " ".join(out.split()) == (  # rich wraps the line at the terminal's width
        f"FAIL store.read_model.unchecked: the seals of the kept rows were not checked: the table secret "
        f"{unreadable} can be read by others (mode 644); make it private: chmod 600 {unreadable}; `taikyoku verify` "
        "checks them once it can read the secret"
    )
    code, out, _ = _with_secret(cli, private, "verify")
    assert code == 4 and "store.read_model.altered" in out, out
