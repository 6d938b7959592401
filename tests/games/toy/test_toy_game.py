"""A fifth game that moves into the house through the registry alone: tsuki-awase, a toy card game
in this folder (rules.py), plugged in by ``TAIKYOKU_GAMES=tests.games.toy``. It is recorded move by
move and by its result, replayed, audited, exported and read back, verified, served to a phone
that taps its moves and shown on the room's screen, with no file outside this folder naming it.

Every command runs in its own process with the variable set, as a club would run it: the tests'
own process never loads the toy, so the rest of the suite sees the four built-in games only.

The match worked by hand (toy-standard: hands of 3, 2 rounds; of each pair the higher month takes
the trick, equal months nobody). Round 1, Ann deals and lays first:
  Ann susuki-moon (8) against Ben plum-warbler (2): Ann's.
  Ann pine-crane (1) against Ben maple-deer (10): Ben's.
  Ann peony-blue (6) against Ben peony-butterflies (6): nobody's.
  Ann 1, Ben 1: nobody wins the round. Round 2 is Ben's deal, recorded by its result: Ann 0, Ben 2.
  The match: Ann 1, Ben 3; Ben first, Ann second.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT
from tests.serving import Server

PLUGGED = {"TAIKYOKU_GAMES": "tests.games.toy", "PYTHONPATH": str(ROOT)}
TOY = ROOT / "tests" / "games" / "toy"
RUN = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"


def taikyoku(db: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in its own process, the toy plugged in (or ``env`` as given)."""
    given = os.environ | {"TAIKYOKU_DB": str(db)} | (PLUGGED if env is None else env)
    return subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, env=given, cwd=ROOT)


def ok(db: Path, *args: str) -> str:
    done = taikyoku(db, *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def recorded(db: Path) -> None:
    ok(db, "new", "toy", "-p", "Ann", "-p", "Ben", "--id", "toy-1")
    ok(db, "round", "toy-1")
    ok(db, "deal", "toy-1", "--hand", "pine-crane,susuki-moon,peony-blue",
       "--hand", "maple-deer,plum-warbler,peony-butterflies")  # fmt: skip
    for card in ("susuki-moon", "plum-warbler", "pine-crane", "maple-deer", "peony-blue", "peony-butterflies"):
        ok(db, "lay", "toy-1", card)
    ok(db, "round", "toy-1")
    ok(db, "result", "toy-1", "0", "2")


def test_the_toy_game_is_recorded_replayed_audited_exported_and_verified(tmp_path: Path) -> None:
    """Plant: a trick given to the lower month, equal months given to one, or the deal not passed
    on: each changes a literal below."""
    db = tmp_path / "toy.db"
    recorded(db)
    document = json.loads(ok(db, "replay", "toy-1", "--json"))
    assert [(r["round"], r["dealer"], r["points"], r["winner"], r["depth"]) for r in document["results"]] == [
        (1, 0, [1, 1], None, "moves"),
        (2, 1, [0, 2], 1, "result"),
    ]
    assert (document["standings"], document["complete"]) == ([1, 3], True)
    first = json.loads(ok(db, "replay", "toy-1", "--round", "1", "--json"))["round"]
    assert (first["tricks"], first["hands"]) == ([1, 1], [[], []])
    assert "Ann 1, Ben 3" in ok(db, "replay", "toy-1")  # the terminal's layout is the game's own
    assert ok(db, "audit", "toy-1").startswith("audit of toy-1 (toy, 2 rounds): no findings")
    # The help says the toy's own result line, from its moves.py, beside the other games'.
    assert "toy: the tricks each seat took, seat 0 first: 2 1." in " ".join(ok(db, "result", "--help").split())
    refused = taikyoku(db, "lay", "toy-1", "pine-crane")
    assert (refused.returncode, refused.stderr.strip()) == (
        2,
        "taikyoku: error: no round is in play: start one with `round`",
    )
    rows = ok(db, "export", "toy-1", "--format", "csv").splitlines()
    assert [row.split(",")[4:9] + row.split(",")[12:16] for row in rows[1:]] == [
        ["1", "Ann", "", "level", "", "Ann", "1", "Ben", "1"],
        ["2", "Ben", "Ben", "tricks", "2 tricks", "Ann", "0", "Ben", "2"],
    ]
    ok(db, "export", "toy-1", "--format", "json", "-o", str(tmp_path / "toy.json"))
    again = tmp_path / "again.db"
    ok(again, "import", str(tmp_path / "toy.json"))
    assert json.loads(ok(again, "replay", "toy-1", "--json")) == document  # the same match, read back elsewhere
    assert ok(again, "verify", "--deep").startswith("ok: 11 events in 1 match")
    standings = json.loads(ok(db, "stats", "--json"))
    assert standings["standings"]["toy"][0]["player"] == "Ben"


def test_the_toy_game_on_a_phone_and_on_the_rooms_screen(browser: Any, tmp_path: Path) -> None:
    """A round of hands of 2 tapped on a table's phone: Ann deals and lays cherry-curtain (3), Ben
    lays maple-deer (10): Ben's; Ann lays willow-swallow (11), Ben pine-crane (1): Ann's. 1 each.
    The room's screen shows the table, its round and each player's tricks. Plant: the phone offering
    the other seat's cards, or the room not hearing the round's end."""
    db = tmp_path / "club.db"
    secret = tmp_path / "secret"
    secret.write_text("ab" * 32)
    secret.chmod(0o600)
    ok(db, "new", "toy", "-p", "Ann", "-p", "Ben", "-O", "toy.handSize=2", "--id", "toy-2")
    token = taikyoku(db, "token", "toy-2", env=PLUGGED | {"TAIKYOKU_SECRET_FILE": str(secret)}).stdout.strip()
    server = Server(str(db), secret, env=PLUGGED)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    room = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = phone.new_page()
        page.goto(f"{server.base}/tables/toy-2?token={token}")
        page.click('[data-move="next"]')
        page.wait_for_selector('body[data-seq="2"]')
        page.fill("#entry", "deal --hand cherry-curtain,willow-swallow --hand maple-deer,pine-crane")
        page.press("#entry", "Enter")
        page.wait_for_selector('body[data-seq="3"]')
        offered = page.eval_on_selector_all("#tap [data-move]", "bs => bs.map(b => b.dataset.move)")
        assert [m for m in offered if m.startswith("lay")] == ["lay cherry-curtain", "lay willow-swallow"]
        for seq, card in enumerate(("cherry-curtain", "maple-deer", "willow-swallow", "pine-crane"), 4):
            page.click(f'#tap [data-move="lay {card}"]')
            page.wait_for_selector(f'body[data-seq="{seq}"]')
        screen = room.new_page()
        screen.goto(f"{server.base}/")
        screen.wait_for_selector('[data-match="toy-2"]')
        table = screen.inner_text('[data-match="toy-2"]')
        assert table.startswith("toy-2 · Tsuki-awase\nround 1 over") and "last: tricks taken: Ann 1, Ben 1" in table
        assert [screen.inner_text(f'[data-match="toy-2"] li[data-seat="{s}"]') for s in range(2)] == [
            "1. Ann\n1",
            "▶ 1. Ben\n1",
        ]  # fmt: skip (▶ the next dealer)
    finally:
        phone.close()
        room.close()
        server.stop()
    document = json.loads(ok(db, "replay", "toy-2", "--json"))
    assert [r["points"] for r in document["results"]] == [[1, 1]]


def test_no_file_outside_the_toys_folder_names_it_and_its_schemas_are_its_models() -> None:
    """The house holds no trace of the toy: the game is its folder and the variable that names it;
    a game plugged in rewrites no published schema file, and its own schemas are its models'."""
    for package in ("events", "store", "replay", "schemas"):
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".js", ".html", ".json", ".css"):
                text = path.read_text(encoding="utf-8")
                assert "tests.games" not in text and "tsuki-awase" not in text.lower(), path
    probe = ("from replay.infra import schema_files; from pathlib import Path; import json\n"
             "toy = Path('tests/games/toy/schemas')\n"
             "print(json.dumps([schema_files.drift(schema_files.default_directory()),\n"
             "  {n: (toy / n).read_text() == t for n, t in schema_files.expected_files('toy').items()}]))\n")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                          env=os.environ | PLUGGED)  # fmt: skip
    assert json.loads(done.stdout) == [
        [],
        {"toy.deal.v1.json": True, "toy.lay.v1.json": True, "toy.round_result.v1.json": True},
    ], done.stderr


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("bad name!", "taikyoku: error: TAIKYOKU_GAMES names 'bad name!': give a Python package whose last name is "
         "the game's (2-20 lower-case letters and digits), several parted by commas"),
        ("tests.games.nothere", "taikyoku: error: TAIKYOKU_GAMES names tests.games.nothere, which is no package "
         "that can be imported; install it, or set PYTHONPATH to the folder that holds it"),
        ("tests.games.toy,tests.games.toy", "taikyoku: error: TAIKYOKU_GAMES names the game 'toy' twice (or a "
         "built-in one's name)"),
    ],
)  # fmt: skip
def test_a_wrong_plug_is_said_in_one_line_and_nothing_is_written(tmp_path: Path, value: str, said: str) -> None:
    db = tmp_path / "none.db"
    done = taikyoku(db, "new", "tensho", "-p", "A", "-p", "B", env={"TAIKYOKU_GAMES": value, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr.strip()) == (2, said)
    assert not db.exists()
