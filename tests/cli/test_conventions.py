"""The CLI's conventions: grouped help with -h and --version, `go` as in table mode, and a match
that can be abandoned, then shown and filtered as such."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Cli


def test_help_groups_the_commands_and_takes_h_and_version(cli: Cli) -> None:
    shown = cli("-h")
    assert shown.code == 0
    panels = [line for line in shown.out.splitlines() if line and not line.startswith(" ") and line.endswith(":")]
    assert panels == [
        "Options:",
        "The store:",
        "Recording a round:",
        "Results and the table:",
        "The club:",
        "Review:",
        "Exchange:",
    ]
    store_part = shown.out.split("The store:")[1].split("Recording a round:")[0]
    assert [line.split()[0] for line in store_part.strip().splitlines()][:4] == ["new", "record", "log", "matches"]
    version = cli("--version")
    assert version.code == 0 and version.out.startswith("taikyoku 0.")


def test_go_is_koikoi(cli: Cli) -> None:
    assert "the same as koikoi" in " ".join(cli("go", "-h").out.split())


def test_an_abandoned_match_is_shown_filtered_and_left_out_of_export_all(cli: Cli, db: Path, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "done-1").code == 0
    assert cli("new", "tensho", "-p", "Ann", "-p", "Ben", "--id", "oops-1").code == 0
    assert cli("new", "tensho", "-p", "Ann", "-p", "Cy", "--id", "live-1").code == 0
    ended = cli("abandon", "oops-1", "--reason", "wrong players")
    assert ended.code == 0 and ended.out == "oops-1: abandoned at seq 2 (wrong players)\n"
    again = cli("abandon", "oops-1", "--reason", "twice")
    assert again.code == 2 and "has ended already (abandoned)" in again.err
    listed = {m["match_id"]: m for m in cli("matches", "--json").json()}
    assert {k: v["status"] for k, v in listed.items()} == {
        "done-1": "complete",
        "oops-1": "abandoned",
        "live-1": "in play",
    }
    assert listed["live-1"]["standings"] == [0, 0]
    assert [m["match_id"] for m in cli("matches", "--player", "Ann", "--status", "in play", "--json").json()] == [
        "live-1"
    ]
    assert [m["match_id"] for m in cli("matches", "--game", "riichi", "--json").json()] == []
    assert cli("matches", "--status", "over").code == 2
    out = tmp_path / "all.json"
    assert cli("export", "--all", "-o", str(out)).code == 0
    assert sorted(m["match_id"] for m in json.loads(out.read_text())["matches"]) == ["done-1", "live-1"]
    assert cli("export", "--all", "--include-abandoned", "-o", str(out), "--force").code == 0
    assert len(json.loads(out.read_text())["matches"]) == 3


def test_a_misspelt_card_is_answered_with_the_card_meant(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "Ann", "-p", "Ben", "--id", "typo-1").code == 0
    assert cli("round", "typo-1").code == 0
    result = cli("yaku-set", "typo-1", "1")
    assert result.code == 0
    result = cli("deal", "typo-1", "--hand", "pine-cranee", "--hand", "x", "--field", "y")
    assert result.code == 2
    assert (
        result.err == "taikyoku: error: 'pine-cranee' is not a card; did you mean pine-crane? (see `taikyoku cards`)\n"
    )
    far = cli("deal", "typo-1", "--hand", "banana", "--hand", "x", "--field", "y")
    assert far.code == 2 and "did you mean" not in far.err and "use an ID like pine-crane" in far.err


def test_a_seat_is_taken_as_a_number_a_seat_wind_or_a_name(cli: Cli) -> None:
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "seats-1").code == 0
    assert cli("round", "seats-1").code == 0
    hands = ["--hand", "123m456p34789s55z", "--hand", "111m456p34789s55z", "--hand", "999m666s111z222z7z",
             "--hand", "123456789p1234s"]  # fmt: skip
    assert cli("deal", "seats-1", *hands, "--dora", "3m").code == 0
    assert cli("draw", "seats-1", "7m", "--seat", "East").code == 0  # East 1: the dealer, seat 0, is East
    assert cli("discard", "seats-1", "7m", "--seat", "Ton").code == 0  # by name
    assert cli("draw", "seats-1", "9p", "--seat", "S").code == 0  # South: seat 1
    assert cli("discard", "seats-1", "9p", "--seat", "1").code == 0
    moves = [(e["type"], e["payload"]["seat"]) for e in cli("log", "seats-1", "--json").json()[3:]]
    assert moves == [("riichi.draw", 0), ("riichi.discard", 0), ("riichi.draw", 1), ("riichi.discard", 1)]
    wrong = cli("draw", "seats-1", "8p", "--seat", "Bob")
    assert wrong.code == 2 and wrong.err == (
        "taikyoku: error: 'Bob' is not a seat here; give 0 to 3, a seat wind (E, S, W, N) or a name "
        "(Ton, Nan, Sha, Pei)\n"
    )
    assert cli("draw", "seats-1", "8p", "--seat", "7").err == (
        "taikyoku: error: seat 7 is not at this table; seats are 0 to 3\n"
    )


def test_every_commands_help_uses_placeholders_a_person_can_read(cli: Cli) -> None:
    from replay.cli.app import COMMANDS

    for name in COMMANDS:
        shown = cli(name, "-h").out
        for python in ("{", "<str>", "<int", "list[str]", "<path>", "[[", "range>"):
            assert python not in shown, (name, python, shown)
    assert cli("play", "-h").out.startswith("Usage: taikyoku play [OPTIONS] MATCH CARD\n")
    assert "-p, --player NAME" in cli("new", "-h").out
    assert cli("record", "-h").out.startswith("Usage: taikyoku record [OPTIONS] MATCH [FILE|-]\n")


def test_json_output_is_indented_three_levels_and_deeper_things_stand_on_one_line(cli: Cli) -> None:
    """Plant: the whole document indented by Python's slow encoder (a league's ranking of 200,000
    matches spent most of its time writing its JSON), or nothing indented at all."""
    assert cli("new", "riichi", "-p", "Ann", "-p", "Bob", "-p", "Cy", "-p", "Dee", "--id", "m-one").code == 0
    shown = cli("replay", "m-one", "--json")
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert '  "match_id": "m-one",' in lines
    players = lines.index('  "players": [')  # a long list: an item a line, each short item whole on its line
    assert lines[players + 1 : players + 5] == [
        '    {"seat": 0, "name": "Ann"},', '    {"seat": 1, "name": "Bob"},',
        '    {"seat": 2, "name": "Cy"},', '    {"seat": 3, "name": "Dee"}',
    ]  # fmt: skip
    assert '    "scores": [25000, 25000, 25000, 25000],' in lines  # the third level, short: on one line
    assert '    "options": {' in lines and '      "riichi.redFives": 3,' in lines  # the third level's items
    assert not [line for line in lines if line.startswith("       ")], "nothing is indented deeper than three levels"
    assert json.loads(shown.out)["players"][3] == {"seat": 3, "name": "Dee"}
