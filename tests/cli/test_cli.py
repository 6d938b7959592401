"""The CLI end to end, against real database files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import Cli, rows


def new_match(cli: Cli, *extra: str) -> str:
    result = cli("new", "tensho", "--player", "Alice", "--player", "Bob", *extra)
    assert result.code == 0, result.err
    return result.out.strip()


def test_new_prints_the_id_and_records_every_option(cli: Cli, db: Path) -> None:
    match = new_match(cli, "--option", "tensho.compoundYaku=stack", "--length", "3", "--dealer", "Bob")
    assert match.startswith("tensho-")
    logged = cli("log", match, "--json").json()
    assert len(logged) == 1
    payload = logged[0]["payload"]
    assert payload["ruleset"]["id"] == "tensho-fudawiki"
    options = payload["ruleset"]["options"]
    assert options["tensho.compoundYaku"] == "stack"
    assert options["tensho.back2Card"] == "swallow"  # a default, spelled out
    assert len(options) == 12
    assert payload["length"] == {"count": 3, "unit": "rounds"}
    assert payload["first_dealer"] == 1
    assert [p["name"] for p in payload["players"]] == ["Alice", "Bob"]


def test_new_with_chosen_id_and_json(cli: Cli) -> None:
    result = cli(
        "new",
        "sendai",
        "-p",
        "A",
        "-p",
        "B",
        "-p",
        "C",
        "--option",
        "sendai.teyakuMode=winRound",
        "--id",
        "club-1",
        "--json",
    )
    assert result.code == 0, result.err
    event = result.json()
    assert event["match_id"] == "club-1"
    assert event["payload"]["ruleset"]["options"]["sendai.teyakuMode"] == "winRound"
    assert len(event["hash"]) == 64


def test_record_jsonl_from_stdin_then_log(cli: Cli) -> None:
    match = new_match(cli)
    lines = "\n".join(
        json.dumps(e)
        for e in [
            {"type": "round_started", "payload": {"round": 1, "dealer": 0}},
            {"type": "annotation", "payload": {"seq": 2, "kind": "dispute", "text": "Bob says the crane was his"}},
        ]
    )
    result = cli("record", match, "-", stdin=lines)
    assert result.code == 0, result.err
    assert "recorded 2 events" in result.out
    logged = cli("log", match, "--json").json()
    assert [e["type"] for e in logged] == ["match_started", "round_started", "annotation"]
    assert [e["seq"] for e in logged] == [1, 2, 3]
    assert all(e["recorded_by"] for e in logged)
    human = cli("log", match)
    assert human.code == 0 and "annotation" in human.out and "round_started" in human.out


def test_record_a_json_array_file_with_full_envelopes(cli: Cli, tmp_path: Path) -> None:
    match = new_match(cli)
    events = [
        {
            "type": "round_started",
            "seq": 2,
            "match_id": match,
            "event_id": "6f1f7c1e-5d55-4b8e-9a57-0c0d7c2f9a10",
            "schema_version": 1,
            "recorded_at": "2026-11-29T10:00:00.000000Z",
            "recorded_by": "scorer",
            "payload": {"round": 1, "dealer": 0},
        },
        {"type": "retract", "payload": {"seq": 2, "reason": "recorded too early"}},
        {"type": "round_started", "payload": {"round": 1, "dealer": 0}},
    ]
    path = tmp_path / "events.json"
    path.write_text(json.dumps(events))
    result = cli("record", match, str(path), "--json")
    assert result.code == 0, result.err
    stored = result.json()
    assert stored[0]["event_id"] == "6f1f7c1e-5d55-4b8e-9a57-0c0d7c2f9a10"
    assert stored[0]["recorded_by"] == "scorer"
    logged = cli("log", match, "--json").json()
    assert logged[1]["retracted_by"] == 3  # the voided event stays, marked
    assert "retracted_by" not in logged[3]


def test_retract_then_rerecord_keeps_rounds_in_order(cli: Cli) -> None:
    match = new_match(cli)
    assert cli("record", match, stdin='{"type":"round_started","payload":{"round":1,"dealer":0}}').code == 0
    # Round 1 was started; retracting it means the next round_started is round 1 again.
    assert cli("record", match, stdin='{"type":"retract","payload":{"seq":2,"reason":"too early"}}').code == 0
    again = cli("record", match, stdin='{"type":"round_started","payload":{"round":1,"dealer":0}}')
    assert again.code == 0, again.err


def test_matches_lists_every_match(cli: Cli) -> None:
    first = new_match(cli)
    second = new_match(cli)
    listed = cli("matches", "--json").json()
    assert [m["match_id"] for m in listed] == [first, second]
    assert listed[0]["players"] == ["Alice", "Bob"] and listed[0]["events"] == 1
    assert first in cli("matches").out


def test_verify_ok(cli: Cli) -> None:
    match = new_match(cli)
    cli("record", match, stdin='{"type":"round_started","payload":{"round":1,"dealer":0}}')
    result = cli("verify")
    assert result.code == 0 and "ok: 2 events" in result.out
    report = cli("verify", match, "--json").json()
    assert report == {"ok": True, "events": 2, "matches": 1, "nights": 0, "findings": []}


def test_db_from_environment(cli: Cli, tmp_path: Path, monkeypatch: object) -> None:
    import pytest

    other = tmp_path / "elsewhere.db"
    mp = pytest.MonkeyPatch()
    mp.setenv("TAIKYOKU_DB", str(other))
    try:
        from replay.cli import run

        code = run(["new", "tensho", "-p", "A", "-p", "B"])
        assert code == 0
    finally:
        mp.undo()
    assert len(rows(other)) == 1


def test_schemas_export_check_passes_on_the_committed_files(cli: Cli) -> None:
    result = cli("schemas", "export", "--check")
    assert result.code == 0, result.out
    listed = cli("schemas", "list", "--json").json()
    assert {"type": "match_started", "version": 1, "file": "match_started.v1.json"} in listed


def test_schemas_export_writes_and_check_finds_drift(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "stale.v9.json").write_text("{}")
    assert cli("schemas", "export", "--check", "--dir", str(target)).code == 1
    assert cli("schemas", "export", "--dir", str(target)).code == 0
    assert not (target / "stale.v9.json").exists()
    assert (target / "retract.v1.json").exists()
    (target / "retract.v1.json").write_text("{}")
    drift = cli("schemas", "export", "--check", "--dir", str(target))
    assert drift.code == 1 and "retract.v1.json: differs" in drift.out


def test_help_and_exit_codes_are_documented(cli: Cli) -> None:
    result = cli("--help")
    assert result.code == 0
    assert "Exit codes: 0 ok, 1 findings, 2 usage" in " ".join(result.out.split())


def test_ctrl_c_in_a_command_is_one_line_exit_130_and_nothing_recorded(cli: Cli, db: Path) -> None:
    import sys

    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--id", "m-1").code == 0
    before = rows(db)

    class Interrupted:
        """A terminal whose reader pressed Ctrl-C while the command waited for input."""

        class buffer:  # as sys.stdin names it
            @staticmethod
            def read() -> bytes:
                raise KeyboardInterrupt

    sys.stdin = Interrupted()  # type: ignore[assignment]
    try:
        result = cli("record", "m-1", "-")
    finally:
        sys.stdin = sys.__stdin__
    assert result.code == 130
    assert result.err == "taikyoku: error: interrupted; nothing was recorded\n"
    assert rows(db) == before


def test_ctrl_c_after_a_seating_was_stored_says_it_stands(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as `night seat` prints, after its seating was stored: the line says the events stored
    stand (the night's seating and each table's first event), not that nothing was recorded.
    Plant: "nothing more was recorded" whatever was stored."""
    import io
    import sys

    from replay.cli import run

    players = [a for name in ("Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana") for a in ("-p", name)]
    assert run(["night", "open", "riichi", *players, "--id", "night-cut", "--db", str(db)]) == 0
    before = len(rows(db))

    class Interrupted(io.StringIO):
        """A terminal whose reader pressed Ctrl-C as the seating was being shown."""

        def write(self, text: str) -> int:
            raise KeyboardInterrupt

    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", Interrupted())
    code = run(["night", "seat", "night-cut", "--db", str(db)])
    monkeypatch.undo()
    assert code == 130
    stored = len(rows(db)) - before
    assert stored == 3  # the night's seating, and the first event of each of its two tables
    assert capsys.readouterr().err == (
        "taikyoku: error: interrupted; the 3 events recorded before it stand, and nothing after them was recorded\n"
    )
