"""What-if replay for a dispute: one event left out or changed, the results compared, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Cli, rows
from tests.paths import GOLDEN


def event_file(tmp_path: Path, name: str, document: dict[str, object]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return str(path)


def test_another_yaku_set_changes_the_tensho_winner(cli: Cli, db: Path, tmp_path: Path) -> None:
    # Seed 5 ties on yaku and on chaff; East wins on card values. Under the other set West holds 150.
    assert cli("simulate", "tensho", "--seed", "5", "--rounds", "1", "--id", "table-5").code == 0
    recorded = cli("replay", "table-5", "--json").json()["results"][0]
    assert (recorded["winner"], recorded["reason"]) == (0, "cardValueSum")
    assert cli("log", "table-5", "--json").json()[2]["payload"] == {"by": "agreement", "yaku_set": 2}
    before = rows(db)
    set1 = event_file(
        tmp_path, "set1.json", {"type": "tensho.yaku_set_chosen", "payload": {"by": "agreement", "yaku_set": 1}}
    )
    what_if = cli("replay", "table-5", "--round", "1", "--replace", f"3={set1}", "--json")
    assert what_if.code == 0, what_if.err
    data = what_if.json()
    assert (data["stands"], data["changed"], data["moot"]) == (True, True, [])
    assert [r["winner"] for r in data["recorded"]] == [0] and [r["winner"] for r in data["results"]] == [1]
    assert data["results"][0]["explanation"] == "West wins on yaku points: 150 to 0"
    human = cli("replay", "table-5", "--replace", f"3={set1}")
    assert (
        "changes: recorded: yaku points tied at 0; chaff count tied at 4; East wins on card values: 61 to 58"
        in human.out
    )
    assert "would be: West wins on yaku points: 150 to 0" in human.out
    assert rows(db) == before  # nothing written


def test_a_stop_said_earlier_ends_the_sendai_round_and_changes_the_winner(cli: Cli, db: Path, tmp_path: Path) -> None:
    assert cli("record", "sendai-45", str(GOLDEN / "sendai-seed45.jsonl")).code == 0
    before = rows(db)
    stop = event_file(tmp_path, "stop.json", {"type": "sendai.stop", "payload": {"seat": 1}})
    data = cli("replay", "sendai-45", "--replace", f"142={stop}", "--json").json()
    assert data["moot"] == list(range(143, 160))  # the plays after Right's stop never happen
    recorded, would_be = data["recorded"][2], data["results"][2]
    assert recorded["explanation"].endswith("Left stops with Chaff 10: 10")
    assert would_be["explanation"] == "Dealer's teyaku Three Pairs: 150; Right stops with Blue Ribbons 150: 150"
    assert data["recorded"][:2] == data["results"][:2]
    human = cli("replay", "sendai-45", "--replace", f"142={stop}")
    assert "seq 143..159 would not have happened" in human.out
    assert rows(db) == before


def test_leaving_out_an_event_the_round_needs_says_why_the_record_no_longer_stands(cli: Cli, db: Path) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    result = cli("replay", "gold-7", "--without", "5")  # East's first play: the capture after it is now impossible
    assert result.code == 1
    assert "without seq 5 (play), the record no longer stands: seq 6 (capture)" in result.out
    same = cli("replay", "gold-7", "--without", "125", "--json").json()  # match_ended changes no result
    assert (same["stands"], same["changed"]) == (True, False)


def test_what_if_refuses_bad_input_in_one_line(cli: Cli, db: Path, tmp_path: Path) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    before = rows(db)
    wrong_card = event_file(
        tmp_path, "bad.json", {"type": "tensho.play", "payload": {"card": "pine-dragon", "seat": 0}}
    )
    two = tmp_path / "two.jsonl"
    two.write_text('{"type": "tensho.play", "payload": {"card": "pine-crane", "seat": 0}}\n' * 2)
    for args, expected in (
        (("--without", "999"), "no seq 999"),
        (("--without", "5", "--replace", "5=x.json"), "not both"),
        (("--replace", "five=x.json"), "SEQ=FILE"),
        (("--replace", f"5={tmp_path / 'missing.json'}"), "missing.json"),
        (("--replace", f"5={wrong_card}"), "pine-dragon"),
        (("--replace", f"5={two}"), "holds 2 events"),
        (("--without", "5", "--at", "9"), "--at does not combine"),
    ):
        result = cli("replay", "gold-7", *args)
        assert result.code == 2 and expected in result.err, (args, result.err)
        assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert rows(db) == before


def test_a_verdict_settles_a_dispute(cli: Cli) -> None:
    assert cli("simulate", "tensho", "--seed", "5", "--rounds", "1", "--id", "table-5").code == 0
    assert cli("dispute", "table-5", "3", "West: we agreed on set 1", "--by", "west").code == 0
    assert cli("audit", "table-5").code == 1
    not_a_dispute = cli("verdict", "table-5", "3", "set 2 stands")
    assert not_a_dispute.code == 2 and "match.verdict.not_a_dispute" in not_a_dispute.err
    assert (
        cli("verdict", "table-5", "44", "set 2 was announced before the deal; the record stands", "--by", "umpire").code
        == 0
    )
    report = cli("audit", "table-5", "--json")
    assert report.code == 0 and report.json()["findings"] == []
    assert [(h["what"], h["target"], h["by"]) for h in report.json()["history"]] == [
        ("dispute", 3, "west"),
        ("verdict", 44, "umpire"),
    ]
