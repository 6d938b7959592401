"""Hostile text in a store: names, notes, recorders, disputes and imported Tenhou names holding rich
markup and terminal escape sequences. Every read command, run on a real terminal (a pty), exits 0
and writes no escape sequence but the styling rich itself emits; JSON keeps the data as it is."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import Cli, insert_legacy_match

RETITLE = "\x1b]0;pwned\x07"  # sets the terminal's title
CLEAR = "\x1b[2J"  # clears the screen
NAME_A = f"[/]{RETITLE}"  # an unbalanced closing tag: rich's MarkupError
NAME_B = f"[link=http://x]A[/link]{CLEAR}"  # a hyperlink
RECORDER = "[red]rec\x1b[31m"
NOTE = f"[bold]x[/] {CLEAR}\u202eevil"
SGR = re.compile(rb"\x1b\[[0-9;]*m")  # bold, colours and reset: rich's own styling


def run_on_a_terminal(db: Path, *args: str, stdin: str = "") -> tuple[int, bytes]:
    """The real command in a fresh process whose stdout and stderr are a terminal."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TAIKYOKU_DB": str(db), "COLUMNS": "200", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [sys.executable, "-c", "from replay.cli import main; main()", *args],
        stdin=subprocess.PIPE,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    assert process.stdin is not None
    process.stdin.write(stdin.encode())
    process.stdin.close()
    output = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the follower closed: the process has ended
            break
        if not chunk:
            break
        output += chunk
    os.close(leader)
    return process.wait(timeout=120), output


@pytest.fixture
def hostile(cli: Cli, db: Path, tmp_path: Path) -> Path:
    """Names and recorders with escapes are refused at the door today; a store written before
    that holds them, so the match is written as such a store has it."""
    started = {
        "first_dealer": 0,
        "game": "tensho",
        "length": {"count": 6, "unit": "rounds"},
        "players": [{"name": NAME_A, "seat": 0}, {"name": NAME_B, "seat": 1}],
        "ruleset": {"id": "tensho-fudawiki", "options": cli_options(cli)},
    }
    insert_legacy_match(db, "evil-1", [
        ("match_started", started, RECORDER),
        ("round_started", {"dealer": 0, "round": 1}, RECORDER),
        ("annotation", {"kind": "note", "seq": 1, "text": NOTE}, RECORDER),
        ("annotation", {"kind": "dispute", "seq": 1, "text": NOTE}, RECORDER),
    ])  # fmt: skip
    assert cli("verify").code == 0
    log = {
        "title": ["", ""],
        "name": [NAME_A, NAME_B, "C", "D"],
        "rule": {"disp": "般南喰赤", "aka": 1},
        "log": [
            [
                [0, 0, 0], [25000, 25000, 25000, 25000], [51], [],
                [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [], [],
                [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44], [], [],
                [25, 26, 27, 28, 29, 11, 12, 13, 14, 15, 16, 17, 18], [], [],
                [19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33], [], [],
                ["流局", [0, 0, 0, 0]],
            ]
        ],
    }  # fmt: skip
    path = tmp_path / f"{NAME_A.replace('/', '_')}.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    cli("import", str(path))  # whatever the rules say of the log, its name and file name are shown safely
    return db


def cli_options(cli: Cli) -> dict[str, object]:
    """The Tensho ruleset's options as `taikyoku new` records them."""
    assert cli("new", "tensho", "--id", "plain-1", "-p", "A", "-p", "B").code == 0
    first = cli("log", "plain-1", "--json").json()[0]
    return dict(first["payload"]["ruleset"]["options"])


READS = [
    ("matches",),
    ("log", "evil-1"),
    ("replay", "evil-1"),
    ("audit", "evil-1"),
    ("verify",),
    ("table", "evil-1"),
]


@pytest.mark.parametrize("args", READS, ids=lambda a: a[0])
def test_every_read_command_shows_hostile_text_as_text(hostile: Path, args: tuple[str, ...]) -> None:
    code, output = run_on_a_terminal(hostile, *args, stdin="show\nquit\n")
    expected = 1 if args[0] == "audit" else 0  # the open dispute is a finding: audit's exit 1
    assert code == expected, output.decode(errors="replace")
    assert b"\x07" not in output
    assert b"\x1b" not in SGR.sub(b"", output), output  # no escape sequence but rich's styling
    text = output.decode()
    assert "\u202e" not in text
    if args[0] in ("matches", "replay"):
        assert r"[/]\x1b]0;pwned\x07" in text  # the name itself, escaped, markup and all
        assert r"[link=http://x]A[/link]\x1b[2J" in text


def test_json_keeps_the_text_as_it_is(hostile: Path, cli: Cli) -> None:
    listed = cli("matches", "--json").json()
    names = next(m["players"] for m in listed if m["match_id"] == "evil-1")
    assert NAME_A in names and NAME_B in names


def test_an_error_that_echoes_hostile_text_is_one_safe_line(hostile: Path) -> None:
    code, output = run_on_a_terminal(hostile, "replay", f"x{CLEAR}\nsecond line")
    assert code == 2
    assert b"\x1b" not in SGR.sub(b"", output)
    assert output.decode().strip().count("\n") == 0
