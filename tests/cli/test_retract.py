"""Undo from the command line: a play or draw that captured is retracted with its capture, which
rests on it, in one command that says so, as table mode's undo does; anything else is retracted
alone, and a retract the rules refuse stores nothing."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import Cli, rows
from tests.paths import GOLDEN


def _recorded(cli: Cli, tmp_path: Path, events: int) -> None:
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join((GOLDEN / "tensho-seed7.jsonl").read_text().splitlines()[:events]) + "\n")
    assert cli("record", "club", str(part)).code == 0


def test_a_draw_that_captured_is_retracted_with_its_capture(cli: Cli, tmp_path: Path) -> None:
    _recorded(cli, tmp_path, 10)  # seq 9 West draws the Maple Deer, seq 10 it takes the Maple Blue
    done = cli("retract", "club", "9", "--reason", "the wrong card was turned")
    assert done.code == 0, done.err
    assert done.out.splitlines() == [
        "seq 9 (draw) and seq 10 (capture), which rests on it, are retracted",
        "seq 11: retract recorded in club",
        "seq 12: retract recorded in club",
    ]
    log = cli("log", "club", "--json").json()
    assert [(e["type"], e["payload"]["seq"]) for e in log[10:]] == [("retract", 10), ("retract", 9)]
    state = cli("replay", "club", "--json").json()
    assert state["at_seq"] == 8 and state["round"]["to_move"] == 1 and state["round"]["phase"] == "draw"


def test_an_event_with_nothing_resting_on_it_is_retracted_alone(cli: Cli, tmp_path: Path) -> None:
    _recorded(cli, tmp_path, 12)  # seq 12: a draw that captured nothing yet
    done = cli("retract", "club", "12", "--reason", "not drawn yet", "--json")
    assert done.code == 0, done.err
    assert done.json()["payload"] == {"reason": "not drawn yet", "seq": 12}


def test_a_retract_the_rules_refuse_stores_nothing(cli: Cli, db: Path, tmp_path: Path) -> None:
    _recorded(cli, tmp_path, 12)
    before = rows(db)
    refused = cli("retract", "club", "9", "--reason", "too late")  # later moves rest on the turn it made
    assert refused.code == 2 and "[tensho.turn.wrong_seat]" in refused.err
    assert rows(db) == before


def test_a_number_out_of_range_is_said_in_our_words(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "A", "-p", "B", "--id", "abc").code == 0
    assert cli("round", "abc").code == 0
    for args, said in (
        (("yaku-set", "abc", "3"), "the yaku set is 1 (shichi-bu yaku) or 2 (han yaku), not 3"),
        (("yaku-set", "abc", "x"), "Invalid value for 'SET': give a whole number (see 'taikyoku yaku-set --help')"),
        (
            ("replay", "abc", "--round", "0"),
            "Invalid value for '--round': it must be at least 1 (see 'taikyoku replay --help')",
        ),
    ):
        result = cli(*args)
        assert result.code == 2 and result.err == f"taikyoku: error: {said}\n", result.err
        assert "Input should" not in result.err


def test_a_riichi_hand_not_yet_dealt_says_so(cli: Cli) -> None:
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "rrr").code == 0
    assert cli("round", "rrr").code == 0
    shown = cli("replay", "rrr").out
    assert "East 1 (hand 1), 0 honba, 0 sticks; not dealt yet; next: the deal" in shown
    assert "dora indicators ;" not in shown and "wall 0" not in shown


def test_results_and_refusals_name_the_players_not_their_seat_numbers(cli: Cli) -> None:
    assert cli("simulate", "riichi", "--seed", "3", "--hands", "2", "--id", "r-1").code == 0
    shown = cli("replay", "r-1").out
    assert "hand 1: Ton ron from Nan: Tanyao 1 (1 han 30 fu)" in shown
    assert "hand 2: Ton ron from Pei: Riichi 1, Dora 2 (3 han 40 fu)" in shown
    assert "seat 0" not in shown and "seat 1 " not in shown
    assert cli("replay", "r-1", "--json").json()["results"][0]["explanation"].startswith("seat 0 ron from seat 1")
