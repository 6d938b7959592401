"""`taikyoku import --format tenhou6` on bad batches, as a club importing its archive meets them:
a file that is not JSON, a log with an illegal move, --strict, many games at once, and both
shapes of the format. Real corpus logs, real SQLite files, the real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from store import EventStore
from tests.helpers import Cli, rows
from tests.paths import CORPUS

GOOD = CORPUS / "mjai-reviewer-rinshan.json"
GAMES = sorted(CORPUS.glob("mjlog2json-*.json"))  # Tenhou's own export, one whole game a file


def not_json(folder: Path) -> Path:
    path = folder / "cut-short.json"
    path.write_text('{"log": [[[0, 0, 0],', encoding="utf-8")
    return path


def with_an_illegal_discard(folder: Path) -> Path:
    """The double-ron log with seat 0's fourth move (its first discard) changed to a tile it does not hold."""
    document = json.loads((CORPUS / "mjai-reviewer-double_ron.json").read_text(encoding="utf-8"))
    hand = document["log"][0]
    assert 47 not in hand[4] and hand[6][0] == 41  # 7z not dealt to seat 0; it discards 1z first
    hand[6][0] = 47
    path = folder / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def match_ids(db: Path) -> list[str]:
    with EventStore.open(db) as store:
        return [m.match_id for m in store.matches()]


def test_a_bad_file_and_an_illegal_move_are_named_and_skipped_and_the_good_log_still_imports(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    broken, edited = not_json(tmp_path), with_an_illegal_discard(tmp_path)
    result = cli("import", str(broken), str(edited), str(GOOD))
    assert result.code == 1  # findings: something was skipped
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    assert lines == [
        "taikyoku: skipped: cut-short.json line 1: not JSON (Expecting value at column 21)",
        "taikyoku: skipped: edited.json: hand 1, move 4 (seat 0): 7z is not in A's hand "
        "(406799m1108p189s1z) [riichi.discard.not_in_hand]",
    ]
    assert "1 imported, 2 skipped" in result.out
    assert match_ids(db) == ["mjai-reviewer-rinshan"]  # nothing of the edited game is stored


def test_the_json_report_lists_what_was_imported_and_what_was_skipped(cli: Cli, tmp_path: Path) -> None:
    result = cli("import", str(with_an_illegal_discard(tmp_path)), str(GOOD), "--json")
    assert result.code == 1
    report = result.json()
    assert [(e["file"], e["match_id"], e["hands"]) for e in report["imported"]] == [
        ("mjai-reviewer-rinshan.json", "mjai-reviewer-rinshan", 1)
    ]
    (skipped,) = report["skipped"]
    assert skipped["file"] == "edited.json" and "hand 1, move 4 (seat 0)" in skipped["reason"]


def test_strict_makes_any_finding_fatal_and_writes_nothing(cli: Cli, db: Path, tmp_path: Path) -> None:
    result = cli("import", str(not_json(tmp_path)), str(GOOD), "--strict")
    assert result.code == 1
    assert result.err == "taikyoku: finding: cut-short.json line 1: not JSON (Expecting value at column 21)\n"
    assert not db.exists()  # not even created
    # Into an existing database, the good log is not imported either: not a byte changes.
    assert cli("import", str(GAMES[0])).code == 0
    before = rows(db)
    again = cli("import", str(with_an_illegal_discard(tmp_path)), str(GOOD), "--strict")
    assert again.code == 1 and "edited.json: hand 1, move 4" in again.err
    assert rows(db) == before


def test_strict_on_a_clean_batch_imports_it_all(cli: Cli, db: Path) -> None:
    result = cli("import", str(GOOD), *map(str, GAMES[:2]), "--strict")
    assert result.code == 0, result.err
    assert len(match_ids(db)) == 3


def test_a_file_that_is_not_there_or_a_folder_of_no_logs_is_bad_input_and_nothing_is_imported(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    result = cli("import", str(GOOD), str(tmp_path / "missing.json"))
    assert result.code == 2 and result.err.count("\n") == 1 and "missing.json does not exist" in result.err
    (tmp_path / "notes.txt").write_text("not a log")
    (tmp_path / "deeper").mkdir()
    folder = cli("import", str(GOOD), str(tmp_path))
    assert folder.code == 2 and folder.err == (
        f"taikyoku: error: folder {tmp_path} holds no log files (give --recursive to look in its sub-folders)\n"
    )
    assert rows(db) == []


def test_both_shapes_of_the_format_give_the_same_game(cli: Cli, db: Path) -> None:
    """Tenhou's own export (one object) and a viewer's one hand per line hold the same game."""
    own = CORPUS / "mjlog2json-2019080322gm-00a9-0000-81e85e04.json"
    per_line = CORPUS / "viewer-2019080322gm-00a9-0000-81e85e04-one-hand-per-line.json"
    assert len(per_line.read_text(encoding="utf-8").splitlines()) > 1
    first = cli("import", str(own), "--json")
    assert first.code == 0, first.err
    second = cli("import", str(per_line), "--json", "--db", str(db.with_name("twin.db")))
    assert second.code == 0, second.err
    (a,), (b,) = first.json()["imported"], second.json()["imported"]
    assert a["hands"] == b["hands"] == 13
    with EventStore.open(db) as one, EventStore.open(db.with_name("twin.db")) as other:
        # The two files say different things of themselves (their headers, kept as the first
        # event's source); the games they hold are the same.
        own_events = [(e.type, {k: v for k, v in e.payload.items() if k != "source"}) for e in one.read(a["match_id"])]
        per_line_events = [
            (e.type, {k: v for k, v in e.payload.items() if k != "source"}) for e in other.read(b["match_id"])
        ]
    # Only Tenhou's own export carries the final scores ("sc"), kept as the claim of round 0. Only it
    # is dated (its ref, 2019): its final results are Tenhou's whole thousands of that year, where the
    # undated one takes today's rule (every hundred kept); nothing else differs.
    final = [(t, p) for t, p in own_events if t == "claim" and p["round"] == 0]
    assert final == [("claim", final[0][1])] and final[0][1]["points"] == [19600, 22900, 33500, 24000]
    rounding = [p["ruleset"]["options"]["riichi.finalRounding"] for _, p in (own_events[0], per_line_events[0])]
    assert rounding == ["halfAwayThousand", "exact"]
    per_line_events[0][1]["ruleset"]["options"]["riichi.finalRounding"] = "halfAwayThousand"
    assert [e for e in own_events if e not in final] == per_line_events
    assert len(per_line_events) == 1208


def test_importing_many_games_shows_progress_on_stderr(tmp_path: Path) -> None:
    db = tmp_path / "archive.db"
    env = os.environ | {"TTY_COMPATIBLE": "1", "TAIKYOKU_DB": str(db)}  # rich draws bars only on a terminal
    code = "from replay.cli import run; raise SystemExit(run(['import', *%r]))"
    done = subprocess.run(
        [sys.executable, "-c", code % [str(p) for p in GAMES]], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "importing" in done.stderr and f"{len(GAMES)} imported" in done.stdout
    assert len(match_ids(db)) == len(GAMES) == 6


def test_games_in_one_file_are_numbered_within_it_whatever_else_is_imported(cli: Cli, db: Path, tmp_path: Path) -> None:
    first = json.loads(GOOD.read_text(encoding="utf-8"))
    second = json.loads((CORPUS / "mjai-reviewer-chankan.json").read_text(encoding="utf-8"))
    second["name"] = ["E", "F", "G", "H"]  # another table: another game
    two = tmp_path / "two-games.json"
    two.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    result = cli("import", str(CORPUS / "mjai-reviewer-double_ron.json"), str(two), "--json")
    assert result.code == 0, result.err
    assert [(e["file"], e["match_id"]) for e in result.json()["imported"]] == [
        ("mjai-reviewer-double_ron.json", "mjai-reviewer-double-ron"),
        ("two-games.json", "two-games-1"),
        ("two-games.json", "two-games-2"),
    ]


def test_strict_counts_a_match_already_stored_as_a_finding(cli: Cli, db: Path) -> None:
    assert cli("import", str(GOOD)).code == 0
    before = rows(db)
    result = cli("import", str(GAMES[0]), str(GOOD), "--strict")
    assert result.code == 1
    assert result.err == f"taikyoku: finding: match mjai-reviewer-rinshan is already in {db}\n"
    assert rows(db) == before  # the new game is not imported either


def test_two_files_that_name_the_same_game_import_it_once_and_say_so(cli: Cli, db: Path, tmp_path: Path) -> None:
    copy = tmp_path / "elsewhere"
    copy.mkdir()
    (copy / GOOD.name).write_bytes(GOOD.read_bytes())
    result = cli("import", str(GOOD), str(copy / GOOD.name))
    assert result.code == 1
    assert result.err == f"taikyoku: skipped: match mjai-reviewer-rinshan is already in {db}\n"
    assert match_ids(db) == ["mjai-reviewer-rinshan"]
