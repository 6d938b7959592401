"""The KoiKoi-AI game records (tests/data/koikoi, 40 real games played under KoiKoi-Japan's rules):
a bare `taikyoku import` finds their format, and every round's deal, turn, koi-koi call and points
come out as the records have them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.paths import KOIKOI


def _record(number: int) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((KOIKOI / f"{number}.json").read_text(encoding="utf-8"))
    return loaded


def test_the_40_records_import_and_audit_clean_and_every_round_scores_as_recorded(cli: Cli) -> None:
    result = cli("import", str(KOIKOI), "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["skipped"] == []
    assert len(report["imported"]) == 40
    assert all(entry["findings"] == [] for entry in report["imported"])
    for number in range(1, 41):
        record = _record(number)
        match = f"koikoi-ai-{number}"
        replayed = cli("replay", match, "--json").json()
        assert replayed["ruleset"]["id"] == "koikoi-japan"
        rounds = sorted((int(k[5:]), v["basic"]) for k, v in record["record"].items())
        # Each round's points, each round's winner and dealer, as the record has them.
        assert [r["points"] for r in replayed["results"]] == [
            [basic["player1RoundPts"], basic["player2RoundPts"]] for _, basic in rounds
        ]
        assert [r["dealer"] for r in replayed["results"]] == [basic["Dealer"] - 1 for _, basic in rounds]
        # The record's winner: 1 or 2, or 0 when nobody stopped before the cards ran out.
        assert [r["winner"] for r in replayed["results"]] == [
            None if basic["roundWinner"] == 0 else basic["roundWinner"] - 1 for _, basic in rounds
        ]
        ended = record["result"]
        assert replayed["points_held"] == [ended["player1EndPts"], ended["player2EndPts"]]
        assert replayed["complete"] is True
        audit = cli("audit", match, "--json").json()
        assert audit["findings"] == []
    assert cli("verify").code == 0


def test_every_koi_koi_call_of_a_record_is_an_event(cli: Cli) -> None:
    # Record 1, round 1: player 1 calls koi-koi at turn 4 and stops at turn 14 (the record's isKoiKoi).
    assert cli("import", str(KOIKOI / "1.json")).code == 0
    logged = cli("log", "koikoi-ai-1", "--json").json()
    first_round = []
    for event in logged:
        if event["type"] == "round_started" and event["payload"]["round"] == 2:
            break
        first_round.append(event)
    calls = [(e["type"], e["payload"]["seat"]) for e in first_round if e["type"] in ("koikoi.koikoi", "koikoi.stop")]
    assert calls == [("koikoi.koikoi", 0), ("koikoi.stop", 0)]
    # Flower and moon viewing, 3 each after a koi-koi, and the call itself: 3 + 3 + 1 = 7.
    replayed = cli("replay", "koikoi-ai-1", "--json").json()
    first = replayed["results"][0]
    assert first["points"] == [7, -7]
    assert [(y["key"], y["points"]) for y in first["players"][0]["yaku"]] == [("hanami-zake", 3), ("tsukimi-zake", 3)]


def test_a_record_whose_round_points_differ_from_the_rules_is_imported_with_a_finding(cli: Cli, tmp_path: Path) -> None:
    record = _record(1)
    record["record"]["round1"]["basic"]["player1RoundPts"] = 6
    record["record"]["round1"]["basic"]["player2RoundPts"] = -6
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = cli("import", str(path), "--json")
    (entry,) = result.json()["imported"]
    assert result.code == 1
    assert entry["findings"][0].startswith(
        "changed.json: round 1: the file records [6, -6], the koikoi-japan rules give [7, -7]"
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r["record"]["round1"]["turn1"].__setitem__("discardCard", [13, 1]),
         "bad.json: round 1: turn 1: discardCard: [13, 1] is not a card (months 1-12, index 1-4)"),
        (lambda r: r["record"]["round1"]["turn1"].__setitem__("discardCard", [9, 1]),
         "bad.json: round 1: turn 1: chrysanthemum-cup is not in Guan-2's hand (in Guan-1's hand) [koikoi.play.not_in_hand]"),
        (lambda r: r["record"]["round1"]["turn1"].__setitem__("playerInTurn", 1),
         "bad.json: round 1: turn 1: it is Guan-2 (seat 1)'s turn to play a card, not Guan-1 [koikoi.turn.wrong_seat]"),
        (lambda r: r.__setitem__("record", []), "bad.json: not a KoiKoi-AI game record as that project writes it"),
    ],
)  # fmt: skip
def test_a_record_that_does_not_hold_together_is_named_and_nothing_is_stored(
    cli: Cli, db: Path, tmp_path: Path, change: Any, said: str
) -> None:
    record = _record(1)
    change(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = cli("import", str(path), "--json")
    assert result.code == 1
    (skipped,) = result.json()["skipped"]
    assert skipped["reason"].startswith(said)
    assert "Traceback" not in result.err
    assert not db.exists()
