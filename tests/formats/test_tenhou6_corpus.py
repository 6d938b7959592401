"""Proof on real logs: every tenhou.net/6 log in tests/data/tenhou6, imported and replayed under
Tenhou's rules, reproduces every score change Tenhou recorded, and every final score."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from replay.app import service
from replay.games.riichi.flow import final_standings
from store import EventStore
from tests.paths import CORPUS

FILES = sorted(CORPUS.glob("*.json"))

# What the logs themselves get wrong, each checked to be exactly this and nothing else:
# - confusing_nakis_1 records 1,600 for a 1,000-point ron at 2 honba, leaving out the stick of the
#   loser's riichi, which had passed (declared on 1m; the ronned tile is a later 7p). Tenhou's
#   rule, as docs/riichi.md §3.2 verifies on 323 wins, pays it to the winner: 2,600.
# - confusing_nakis_2 names seat 1 as winner from seat 0 with no score, while its changes pay
#   seat 2: it contradicts itself, so its hand is kept as its score changes have it.
# Both are imported, each with its finding (issue 15 item 8).
KNOWN_CLAIM_DIFFERENCES = {("mjai-reviewer-confusing-nakis-1", 1): ((2600, 0, -1600, 0), (1600, 0, -1600, 0))}
KEPT_AS_RECORDED = {("mjai-reviewer-confusing-nakis-2", 1)}


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 27, f"expected the 27 logs of {CORPUS}"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    import io
    import sys
    from contextlib import redirect_stdout

    from replay.cli import run

    db = tmp_path_factory.mktemp("corpus") / "corpus.db"
    buffer = io.StringIO()
    errors = io.StringIO()
    old = sys.stderr
    sys.stderr = errors
    try:
        with redirect_stdout(buffer):
            code = run(["import", *map(str, FILES), "--db", str(db), "--json"])
    finally:
        sys.stderr = old
    assert code == 1  # two logs are imported with findings, and said
    return db, json.loads(buffer.getvalue())


def test_every_log_imports_and_the_two_faulty_ones_with_their_findings(imported: tuple[Path, dict[str, Any]]) -> None:
    _, report = imported
    assert len(report["imported"]) == 27 and report["skipped"] == []
    with_findings = [(m["file"], len(m["findings"])) for m in report["imported"] if m["findings"]]
    assert with_findings == [("mjai-reviewer-confusing_nakis_1.json", 1), ("mjai-reviewer-confusing_nakis_2.json", 1)]
    assert sum(m["hands"] for m in report["imported"]) == 106  # 93 + the 13-hand viewer file
    assert sum(m["wins"] for m in report["imported"]) == 88  # 85 winning hands, 3 of them double rons; 1 kept


def test_every_recorded_score_change_is_reproduced(imported: tuple[Path, dict[str, Any]]) -> None:
    db, report = imported
    checked = finals = 0
    with EventStore.open(db) as store:
        for entry in report["imported"]:
            match = entry["match_id"]
            folded = service.replay_match(store, match)
            claims = {c.payload.round: c.payload for c in folded.history.claims}
            results = folded.state.results
            for index, result in enumerate(results):
                claimed = tuple(claims[result.number].points)
                computed = result.paid
                if (match, result.number) in KEPT_AS_RECORDED:
                    assert result.depth == "record" and computed == claimed
                    continue
                assert result.depth == "moves", (match, result.number)
                if (match, result.number) in KNOWN_CLAIM_DIFFERENCES:
                    assert (computed, claimed) == KNOWN_CLAIM_DIFFERENCES[(match, result.number)]
                    continue
                assert computed == claimed, (match, result.number, result.explanation)
                checked += 1
                # The next hand starts from the scores this one ended with.
                steps = [s for s in folded.history.effective if s.type == "riichi.round_started"]
                if index + 1 < len(steps):
                    assert tuple(steps[index + 1].payload.scores) == result.scores, (match, result.number)
            if 0 in claims:
                standings = final_standings(folded.state)
                recorded = json.loads(claims[0].text)
                assert tuple(standings["scores"]) == tuple(recorded[0::2]), match
                # Exactly the server's own results (whole to 2020, tenths from 2022; 62 and 62.0 are one number).
                assert [Decimal(str(v)) for v in standings["results"]] == [Decimal(str(v)) for v in recorded[1::2]], (
                    match
                )
                finals += 1
    assert checked == 104  # every hand but the one known difference
    assert finals == 8  # every log that records final scores


def test_export_gives_back_tenhous_own_hands(imported: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    from replay.cli import run

    db, report = imported
    for entry in report["imported"]:
        target = tmp_path / f"{entry['match_id']}.json"
        assert run(["export", entry["match_id"], "--format", "tenhou6", "-o", str(target), "--db", str(db)]) == 0
        exported = json.loads(target.read_text(encoding="utf-8"))
        original_text = (CORPUS / entry["file"]).read_text(encoding="utf-8")
        try:
            originals = [json.loads(original_text)]
        except json.JSONDecodeError:
            originals = [json.loads(line) for line in original_text.splitlines() if line.strip()]
        original_log = [hand for document in originals for hand in document["log"]]
        assert exported["log"] == original_log, entry["file"]  # every hand, call string and result
        assert exported["name"] == originals[0]["name"]


def test_import_export_import_export_is_byte_identical(imported: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    from replay.cli import run

    db, report = imported
    for entry in report["imported"]:
        first = tmp_path / "first.json"
        second = tmp_path / "second.json"
        again = tmp_path / f"again-{entry['match_id']}.db"
        assert (
            run(["export", entry["match_id"], "--format", "tenhou6", "-o", str(first), "--force", "--db", str(db)]) == 0
        )
        has_finding = entry["match_id"] in ("mjai-reviewer-confusing-nakis-1", "mjai-reviewer-confusing-nakis-2")
        assert run(["import", str(first), "--format", "tenhou6", "--db", str(again)]) == (1 if has_finding else 0)
        (match_id,) = [m.match_id for m in EventStore.open(again).matches()]
        assert run(["export", match_id, "--format", "tenhou6", "-o", str(second), "--force", "--db", str(again)]) == 0
        assert first.read_bytes() == second.read_bytes(), entry["file"]
