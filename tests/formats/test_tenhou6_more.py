"""The second real corpus (tests/data/tenhou6-more: 57 four-player games from 2009 to 2024, every
room, East-only and South games, the West extension, busts, anonymous players, kans of every kind):
every game imports, and every hand's score change, every next hand's start and every final score
is Tenhou's own, game by game."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from replay.app import service
from replay.cli import run
from replay.games.riichi.flow import final_standings
from store import EventStore
from tests.paths import CORPUS_MORE

FILES = sorted(CORPUS_MORE.glob("*.json"))


def _run(args: list[str]) -> tuple[int, str, str]:
    """The command run in this process: exit code, stdout, stderr."""
    buffer, errors, old = io.StringIO(), io.StringIO(), sys.stderr
    sys.stderr = errors
    try:
        with redirect_stdout(buffer):
            code = run(args)
    finally:
        sys.stderr = old
    return code, buffer.getvalue(), errors.getvalue()


def _import(paths: list[Path], db: Path) -> tuple[int, dict[str, Any], str]:
    code, out, err = _run(["import", *map(str, paths), "--db", str(db), "--json"])
    return code, json.loads(out), err


def _import_strict(paths: list[Path], db: Path) -> tuple[int, str, str]:
    return _run(["import", *map(str, paths), "--db", str(db), "--strict"])


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    db = tmp_path_factory.mktemp("more") / "more.db"
    code, report, errors = _import(FILES, db)
    assert code == 0, errors
    return db, report


def test_every_four_player_game_imports(imported: tuple[Path, dict[str, Any]]) -> None:
    _, report = imported
    assert len(FILES) == 57
    assert len(report["imported"]) == 57 and report["skipped"] == []


def _tenhous_score_chain(store: EventStore, match: str) -> Any:
    """The match replayed, each hand's score changes checked against what Tenhou recorded for it, and
    each next hand's starting scores against where this one ended."""
    folded = service.replay_match(store, match)
    claims = {c.payload.round: c.payload for c in folded.history.claims}
    starts = [s for s in folded.history.effective if s.type == "riichi.round_started"]
    for index, result in enumerate(folded.state.results):
        assert result.paid == tuple(claims[result.number].points), (match, result.number, result.explanation)
        if index + 1 < len(starts):
            assert tuple(starts[index + 1].payload.scores) == result.scores, (match, result.number)
    return folded


def test_every_score_change_next_start_and_final_score_is_tenhous(imported: tuple[Path, dict[str, Any]]) -> None:
    db, report = imported
    hands = finals = 0
    with EventStore.open(db) as store:
        for entry in report["imported"]:
            match = entry["match_id"]
            folded = _tenhous_score_chain(store, match)
            hands += len(folded.state.results)
            recorded = json.loads(next(c.payload.text for c in folded.history.claims if c.payload.round == 0))
            standings = final_standings(folded.state)
            assert tuple(standings["scores"]) == tuple(recorded[0::2]), match
            # The results too, exactly the server's numbers (whole thousands to 2020, tenths from 2022;
            # the server writes 62 where a tenth is kept as 62.0: the same number).
            assert [Decimal(str(r)) for r in standings["results"]] == [Decimal(str(r)) for r in recorded[1::2]], match
            finals += 1
    assert finals == 57
    assert report["imported"] and all(entry["findings"] == [] for entry in report["imported"])
    assert hands == sum(m["hands"] for m in report["imported"])


def test_the_kan_dora_turned_after_the_replacement_discard_passes_nothing(tmp_path: Path) -> None:
    """Hand 3 of 2018060200gm: seat 0's open kan of 8s, its replacement 7m discarded, the new
    indicator turned, then seat 3 (in riichi) rons the 7m. The reveal is not a pass: no furiten."""
    path = CORPUS_MORE / "2018060200gm-00a9-0000-20015615.json"
    code, report, errors = _import([path], tmp_path / "one.db")
    assert code == 0, errors
    with EventStore.open(tmp_path / "one.db") as store:
        folded = service.replay_match(store, report["imported"][0]["match_id"])
    third = folded.state.results[2]
    assert [(w.seat, w.kind, w.from_seat) for w in third.wins] == [(3, "ron", 0)]
    assert third.paid == (-5200, 0, 0, 7200)  # 40 fu 3 han, riichi, tanyao, dora: Tenhou's own figures


def test_both_three_player_games_import_and_reproduce_every_score_change_and_the_final_results(
    tmp_path: Path,
) -> None:
    files = sorted((CORPUS_MORE / "sanma").glob("*.json"))
    code, report, errors = _import(files, tmp_path / "three.db")
    assert code == 0, errors
    assert [(m["hands"], m["wins"]) for m in report["imported"]] == [(8, 8), (9, 7)]
    # Tenhou's final scores, from each file's sc, and the results worked out by hand as Tenhou counts
    # them since 2022 (every hundred kept): return points 40,000, oka 3 x 5,000 = 15 to the top, uma
    # +20/0/-20. 75,700: 35.7 + 15 + 20 = +70.7; 6,800: -33.2 - 20 = -53.2; 22,500: -17.5 + 0 = -17.5.
    # -4,900: -44.9 - 20 = -64.9; 21,600: -18.4; 88,300: 48.3 + 15 + 20 = +83.3. As the sc says.
    expected = {
        "2024010120gm-00b9-0000-e324b88a": ((75700, 6800, 22500), ("70.7", "-53.2", "-17.5")),
        "2024010120gm-00b9-0000-ef5da89f": ((-4900, 21600, 88300), ("-64.9", "-18.4", "83.3")),
    }
    with EventStore.open(tmp_path / "three.db") as store:
        for match, (scores, results) in expected.items():
            folded = _tenhous_score_chain(store, match)
            assert folded.state.options is not None and folded.state.options.ruleset == "tenhou-sanma"
            standings = final_standings(folded.state)
            assert tuple(standings["scores"]) == scores
            assert tuple(str(r) for r in standings["results"]) == results
            assert folded.history.effective[-1].payload.reason == "completed"


def test_anonymous_players_who_share_a_name_are_seats_shown_apart(tmp_path: Path) -> None:
    log = json.loads((CORPUS_MORE / "2018060200gm-00a9-0000-20015615.json").read_text())
    log["name"] = ["NoName"] * 4  # as Tenhou shows every anonymous player
    path = tmp_path / "anonymous.json"
    path.write_text(json.dumps(log, ensure_ascii=False))
    code, report, errors = _import([path], tmp_path / "anon.db")
    assert code == 0, errors
    match = report["imported"][0]["match_id"]
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert run(["replay", match, "--db", str(tmp_path / "anon.db")]) == 0
    assert "NoName (East), NoName (South), NoName (West), NoName (North)" in buffer.getvalue()


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda log: log.__setitem__("name", ["A" * 70, "B", "C", "D"]), "the header: name is 70 characters long"),
        (lambda log: log["log"][0].__setitem__(4, log["log"][0][4][:12]), "seat 0's dealt hand holds 12 tiles"),
        (lambda log: log["log"][0].__setitem__(5, [11, {"x": 1}]), "seat 0's takes (entry 5) must be a list"),
    ],
    ids=["long-name", "short-hand", "odd-take"],
)
def test_an_import_message_names_the_file_and_place_never_a_library(tmp_path: Path, edit, says: str) -> None:  # type: ignore[no-untyped-def]
    log = json.loads((CORPUS_MORE / "2018060200gm-00a9-0000-20015615.json").read_text())
    edit(log)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(log, ensure_ascii=False))
    code, report, errors = _import([path], tmp_path / "e.db")
    assert code == 1
    (skipped,) = report["skipped"]
    assert skipped["reason"].startswith("edited.json: ") and says in skipped["reason"], skipped["reason"]
    for internal in ("validation error", "pydantic", "Error", "errors.pydantic.dev", "Traceback"):
        assert internal not in errors


def test_a_three_player_game_exports_as_tenhou_wrote_it_and_round_trips(tmp_path: Path) -> None:
    path = CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-ef5da89f.json"
    db = tmp_path / "three.db"
    assert _import([path], db)[0] == 0
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    match = "2024010120gm-00b9-0000-ef5da89f"
    assert run(["export", match, "--format", "tenhou6", "-o", str(first), "--db", str(db)]) == 0
    exported, original = json.loads(first.read_text()), json.loads(path.read_text())
    # Tenhou's shape: 17 entries a hand with the fourth seat empty, kita as f44, calls from across
    # counted round four seats; every hand, score and result as the server wrote it.
    assert exported["log"] == original["log"]
    assert exported["name"] == ["龍、巣食う", "つるっぱげ", "れすこ", ""]
    assert exported["sc"] == [-4900, -64.9, 21600, -18.4, 88300, 83.3, 0, 0]
    again = tmp_path / "again.db"
    assert _import([first], again)[0] == 0
    (again_id,) = [m.match_id for m in EventStore.open(again).matches()]  # named after the file: no ref
    assert run(["export", again_id, "--format", "tenhou6", "-o", str(second), "--db", str(again)]) == 0
    assert first.read_bytes() == second.read_bytes()


# ---- a server's record is the table's record (issue 15 item 8) ---------------------------------

NINE_TERMINALS = CORPUS_MORE / "2017081719gm-00a9-0000-2ad81a60.json"


def _eight_terminals(tmp_path: Path, *, break_the_chain: bool = False) -> Path:
    """The real game with one edit the rules refuse but the log stays whole with: in hand 2 North
    (seat 3) declares nine terminals with 1m made 2m in the deal, so he holds eight kinds. No more
    than four 2m are in play, and the hand's score changes (none) still lead to hand 3's scores."""
    game = json.loads(NINE_TERMINALS.read_text())
    hand = game["log"][1]
    assert hand[-1] == ["九種九牌"] and hand[13][0] == 11
    hand[13][0] = 12
    if break_the_chain:
        game["log"][2][1][0] += 1000  # hand 3 starts from scores hand 2 cannot lead to
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(game, ensure_ascii=False))
    return path


def test_a_whole_log_the_rules_refuse_is_imported_as_recorded_with_a_finding(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    code, report, errors = _import([_eight_terminals(tmp_path)], db)
    assert code == 1
    (entry,) = report["imported"]
    assert entry["hands"] == 11 and report["skipped"] == []
    (finding,) = entry["findings"]
    assert (
        finding
        == "edited.json: hand 2, result: renkun holds 8 kinds of terminal and honor, not 9 [riichi.abort.kyuushu]"
    )
    code, _, errors = _run(["import", str(_eight_terminals(tmp_path)), "--db", str(tmp_path / "plain.db")])
    assert code == 1 and errors == (
        "taikyoku: finding: edited.json: hand 2, result: renkun holds 8 kinds of terminal and honor, not 9 "
        "[riichi.abort.kyuushu]; imported, and `taikyoku audit 2017081719gm-00a9-0000-2ad81a60` shows both\n"
    )
    match = entry["match_id"]
    with EventStore.open(db) as store:
        folded = service.replay_match(store, match)
        results = folded.state.results
        assert [r.depth for r in results] == ["moves", "record"] + ["moves"] * 9
        assert results[1].paid == (0, 0, 0, 0) and results[1].next_dealer == 0  # the abort: dealer stays
        standings = final_standings(folded.state)
    assert tuple(standings["scores"]) == tuple(json.loads(NINE_TERMINALS.read_text())["sc"][0::2])
    audit = io.StringIO()
    with redirect_stdout(audit):
        assert run(["audit", match, "--db", str(db)]) == 1
    assert (
        "record [import.kept_as_recorded]" in audit.getvalue()
        and "round 2 is kept as the log recorded" in audit.getvalue()
    )


def test_strict_refuses_a_log_the_rules_refuse_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    code, _, errors = _import_strict([_eight_terminals(tmp_path)], db)
    assert code == 1 and "--strict imports nothing" in errors
    assert not db.exists()


def test_a_log_the_rules_refuse_that_is_not_consistent_with_itself_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    code, report, _ = _import([_eight_terminals(tmp_path, break_the_chain=True)], db)
    assert code == 1 and report["imported"] == []
    (skipped,) = report["skipped"]
    assert "not consistent with itself: hand 2's score changes [0, 0, 0, 0] do not lead" in skipped["reason"]


def test_a_hand_the_log_contradicts_is_kept_with_a_finding_and_the_stick_left_out_is_a_finding(
    tmp_path: Path,
) -> None:
    from tests.paths import CORPUS

    files = [CORPUS / "mjai-reviewer-confusing_nakis_1.json", CORPUS / "mjai-reviewer-confusing_nakis_2.json"]
    code, report, _ = _import(files, tmp_path / "t.db")
    assert code == 1 and report["skipped"] == []
    findings = [f for entry in report["imported"] for f in entry["findings"]]
    assert findings == [
        "mjai-reviewer-confusing_nakis_1.json: hand 1: the log records score changes [1600, 0, -1600, 0], "
        "the tenhou rules give [2600, 0, -1600, 0] (seat 0 ron from seat 2: Yakuhai (chun) 1 (1 han 30 fu))",
        "mjai-reviewer-confusing_nakis_2.json: hand 1, result: the result says seat 1 won from seat 0, but its "
        "score changes [-3200, 0, 3200, 0] do not pay that winner",
    ]
