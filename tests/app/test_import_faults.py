"""What one bad game or a fault does to an import: the game is skipped with its reason and the
batch goes on; a fault of the store (a full disk) stops it with exit 3 and says what it leaves; a
line with no end is refused before it fills memory; a new database that ends with no game is not
left behind. Real files, real SQLite stores."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import Cli, fill_disk, rows
from tests.paths import ROOT

KOIKOI = ROOT / "tests" / "data" / "koikoi"


def _copy(folder: Path, number: int, name: str, **info: object) -> Path:
    """KoiKoi-AI game ``number`` as a file of its own, with ``info`` put into its header."""
    document = json.loads((KOIKOI / f"{number}.json").read_text())
    document["info"] |= info
    path = folder / f"{name}.json"
    path.write_text(json.dumps(document))
    return path


def test_a_game_with_an_impossible_time_or_a_bad_name_is_skipped_and_the_batch_goes_on(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    """Plants: the time not checked (an internal error, exit 5, that left an empty database and
    stopped the batch); the store's refusal of a name not caught per game (the whole import stopped)."""
    bad_time = _copy(tmp_path, 1, "bad-time", startTime="9999-99-99 99:99:99")
    bad_name = _copy(tmp_path, 2, "bad-name", player1Name="A\u202eB")
    good = _copy(tmp_path, 3, "good")
    alone = cli("import", str(bad_time))
    assert alone.code == 1 and not db.exists()  # nothing stored: no database left behind
    assert alone.err == (
        "taikyoku: skipped: bad-time.json: info: startTime '9999-99-99 99:99:99' is not a real time; the record was "
        "edited, or is not KoiKoi-AI's\n"
    )
    done = cli("import", str(bad_time), str(bad_name), str(good), "--json")
    assert done.code == 1
    report = done.json()
    assert [game["match_id"] for game in report["imported"]] == ["koikoi-ai-good"]
    reasons = sorted(skipped["reason"] for skipped in report["skipped"])
    assert reasons == [
        "bad-name.json: player 0's name 'A\\u202eB' holds the control character U+202E; a name is one line of plain "
        "text: remove it",
        "bad-time.json: info: startTime '9999-99-99 99:99:99' is not a real time; the record was edited, or is not "
        "KoiKoi-AI's",
    ]


def test_a_jsonl_line_with_no_end_is_refused_before_it_is_read_whole(cli: Cli, db: Path, tmp_path: Path) -> None:
    """Plant: the line read to its end before it is checked (this 160 MB line then takes 211 MB at
    its peak; refused at 8 MB, the command's peak is about 61 MB)."""
    endless = tmp_path / "endless.jsonl"
    with endless.open("w") as out:
        out.write('{"match_id":"m-1","payload":"')
        for _ in range(160):  # 160 MB and no newline: far past the 8 MB a line may hold
            out.write("a" * (1 << 20))
    done = subprocess.run(
        # The peak is the process's own (VmHWM): getrusage's ru_maxrss carries over the exec the
        # forking test worker's size, which grows with the tests that ran in it before.
        [sys.executable, "-c", "import sys; from replay.cli import run; code = run(sys.argv[1:]); "
         "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')), file=sys.stderr); "
         "sys.exit(code)",
         "import", str(endless), "--format", "jsonl", "--db", str(db)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    *said, peak = done.stderr.splitlines()
    assert len(said) == 1, done.stderr
    said = said[0]
    assert done.returncode == 2 and not db.exists()
    assert said == (
        "taikyoku: error: endless.jsonl line 1: a line of over 8 MB; a taikyoku jsonl export holds one event a line, "
        "far smaller: the file is not an export"
    )
    assert int(peak) < 150_000  # KiB: the reading stopped near 8 MB, never at the line's end


def test_a_full_disk_during_an_import_stops_it_with_exit_3_and_says_what_it_leaves(cli: Cli, tmp_path: Path) -> None:
    """Plant: the store's full disk taken as one game's problem (39 games "skipped", exit 1)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.fail("this test needs a small file system: run it as root (CI does)")
    try:
        db = folder / "club.db"
        assert cli("import", str(KOIKOI / "1.json"), "--db", str(db)).code == 0
        before = rows(db)
        filler = fill_disk(folder)  # the disk filled to its last byte
        games = sorted(KOIKOI.glob("*.json"), key=lambda p: int(p.stem))[1:]
        done = cli("import", *map(str, games), "--db", str(db))
        assert done.code == 3, done.err
        (line,) = done.err.splitlines()[-1:]
        assert line.startswith("taikyoku: error: ") and "full" in line, done.err
        assert "no game was stored; run the same import again to start it" in line, line
        assert "skipped" not in done.err
        filler.unlink()
        assert rows(db) == before  # each game all or nothing: none half stored
        assert cli("verify", "--db", str(db)).code == 0
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.parametrize(("cards", "refused"), [(40, False), (41, True), (48, True)])
def test_a_koikoi_round_captures_at_most_forty_cards(cli: Cli, db: Path, cards: int, refused: bool) -> None:
    # Eight turns each: 16 cards played, 16 of the pile's 24 drawn, and the field's 8 can be taken;
    # the pile's last 8 are never drawn. 40 chaff-and-all split between the seats.
    from events.cards import DECK

    every = [card.id for card in DECK][:cards]
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", "kk-1").code == 0
    assert cli("round", "kk-1").code == 0
    before = rows(db)
    done = cli("result", "kk-1", *every[: cards // 2], "/", *every[cards // 2 :])
    if not refused:
        assert done.code == 0, done.err
        return
    assert done.code == 2 and rows(db) == before
    assert done.err.endswith(f"{cards} cards are captured; a round sees at most 40 captured [koikoi.result.cards]\n"), (
        done.err
    )
