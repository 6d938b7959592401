"""Mahjong Soul games in tenhou.net/6 JSON, as the tensoul converters write them: recognised, priced
under Mahjong Soul's rules, dated by their end time, their header kept for export, and two players
with one nickname told apart.

No Mahjong Soul log with a licence that lets it be copied here was found, so the games are built:
real Tenhou games (tests/data/tenhou6-more) with the header each converter writes. tensoul (Node,
Equim-chan/tensoul convert.js) writes the end time as the converting machine's local time in text and
pads names to four; tensoul-py-ng (unStatiK/tensoul-py-ng downloader.py) writes it in seconds since
1970 and adds ``playerMapping``, each seat's nickname and account id. Each built game's ``sc`` is
what Mahjong Soul's own result would be, worked out by hand: each score less the 25,000 returned (no
oka) plus the uma +15/+5/-5/-15 (three players: 35,000, +15/0/-15), every hundred kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.paths import CORPUS_MORE

FOUR = CORPUS_MORE / "2022060102gm-00a9-0000-721b23eb.json"  # 8 hands, South 4 the last
THREE = CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-e324b88a.json"
REF = "231014-84c11a6f-5f2e-4b8c-9a1d-3c6e2f7a9b10"
# The four-player game's final scores 6,600, 26,000, 30,400, 37,000: 37.0 - 25 + 15 = +27.0; 30.4 - 25
# + 5 = +10.4; 26.0 - 25 - 5 = -4.0; 6.6 - 25 - 15 = -33.4 (they add up to 0).
FOUR_SC = [6600, -33.4, 26000, -4, 30400, 10.4, 37000, 27]


def _built(tmp_path: Path, source: Path, file: str, **header: Any) -> Path:
    document: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    for key in ("ref", "rule", "title", "dan", "name", "playerMapping", "sc"):
        if key in header:
            document[key] = header[key]
    if "hands" in header:
        document["log"] = document["log"][: header["hands"]]
    path = tmp_path / f"{file}.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def _listed(cli: Cli, match_id: str) -> dict[str, Any]:
    (listed,) = [m for m in cli("matches", "--json").json() if m["match_id"] == match_id]
    return listed


def test_a_tensoul_py_ng_game_is_mahjong_souls_dated_by_its_end_and_tells_same_named_players_apart(
    cli: Cli, tmp_path: Path
) -> None:
    path = _built(
        tmp_path,
        FOUR,
        "jade",
        sc=FOUR_SC,
        ref=REF,
        rule={"disp": "玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        # 1,697,291,592 s: 19,644 days (1970-01-01 to 2023-10-14: 53 years with 13 leap days, then 286
        # days) are 1,697,241,600 s, and 49,992 s more is 13:53:12 UTC.
        title=["玉の間南喰赤", 1697291592],
        dan=["雀豪2", "雀豪3", "雀聖1", "雀豪1"],
        name=["Mika", "Mika", "Sato", "Kei"],
        playerMapping=[
            {"nickname": "Mika", "account_id": 11111},
            {"nickname": "Mika", "account_id": 22222},
            {"nickname": "Sato", "account_id": 33333},
            {"nickname": "Kei", "account_id": 44444},
        ],
    )
    result = cli("import", str(path), "--json")
    assert result.code == 0, result.err
    assert result.json()["imported"][0]["findings"] == []
    listed = _listed(cli, REF)
    assert listed["ruleset"] == "mahjongsoul"
    assert listed["players"] == ["Mika #11111", "Mika #22222", "Sato", "Kei"]
    assert listed["started_at"] == "2023-10-14T13:53:12Z"
    assert listed["status"] == "complete"
    started = cli("log", REF, "--json").json()[0]["payload"]
    assert started["length"] == {"count": 1, "unit": "hanchan"}
    assert started["ruleset"]["options"]["riichi.startingPoints"] == 25000
    # The two Mikas are two players in the standings.
    players = [row["player"] for row in cli("stats", "--json").json()["standings"]["riichi"]]
    assert sorted(players) == ["Kei", "Mika #11111", "Mika #22222", "Sato"]
    # The export gives the file back: Mahjong Soul's header, the nicknames as they were.
    out = tmp_path / "out.json"
    assert cli("export", REF, "--format", "tenhou6", "-o", str(out)).code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(path.read_text(encoding="utf-8"))


def test_a_tensoul_game_with_its_end_time_as_text_and_no_account_ids(cli: Cli, tmp_path: Path) -> None:
    ref = "231014-0badf00d-1111-4222-8333-944455566677"
    path = _built(
        tmp_path,
        FOUR,
        "gold",
        sc=FOUR_SC,
        ref=ref,
        rule={"disp": "金の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        title=["金の間南喰赤", "10/14/2023, 9:43:12 PM"],  # en-US, 12-hour: 21:43:12
        name=["Mika", "Sato", "Mika", "Kei"],
    )
    assert cli("import", str(path)).code == 0
    listed = _listed(cli, ref)
    assert listed["ruleset"] == "mahjongsoul"
    assert listed["players"] == ["Mika (East)", "Sato", "Mika (West)", "Kei"]
    assert listed["started_at"] == "2023-10-14T21:43:12Z"


def test_an_east_game_is_an_east_game_and_a_text_that_reads_two_ways_dates_it_by_its_ref(
    cli: Cli, tmp_path: Path
) -> None:
    # The game's first four hands as an East game: after East 4 seat 3 leads with 34,700 (>= 30,000).
    ref = "231015-0badf00d-1111-4222-8333-944455566678"
    path = _built(
        tmp_path,
        FOUR,
        "east",
        ref=ref,
        rule={"disp": "銀の間東喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        title=["銀の間東喰赤", "10/11/2023, 09:43:12"],  # day first or month first: not read
        hands=4,
        # After East 4: 34,700 -> +9.7 + 15 = +24.7; 27,700 -> +2.7 + 5 = +7.7; 24,100 -> -0.9 - 5 = -5.9;
        # 13,500 -> -11.5 - 15 = -26.5.
        sc=[13500, -26.5, 27700, 7.7, 24100, -5.9, 34700, 24.7],
    )
    result = cli("import", str(path), "--json")
    assert result.code == 0 and result.json()["imported"][0]["findings"] == []
    listed = _listed(cli, ref)
    assert (listed["ruleset"], listed["status"], listed["rounds"]) == ("mahjongsoul", "complete", 4)
    # The ref's date, 2023-10-15, at midnight on Mahjong Soul's servers (UTC+8): 16:00 UTC the day before.
    assert listed["started_at"] == "2023-10-14T16:00:00Z"
    assert cli("log", ref, "--json").json()[0]["payload"]["length"] == {"count": 1, "unit": "tonpuusen"}


def test_a_three_player_game_is_priced_under_mahjong_souls_three_player_rules(cli: Cli, tmp_path: Path) -> None:
    ref = "240101-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
    path = _built(
        tmp_path,
        THREE,
        "sanma",
        ref=ref,
        rule={"disp": "3玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
        title=["3玉の間南喰赤", "2024/1/1 21:15:02"],
        sc=[75700, 55.7, 6800, -43.2, 22500, -12.5, 0, 0],
    )
    assert cli("import", str(path)).code == 0
    listed = _listed(cli, ref)
    assert listed["ruleset"] == "mahjongsoul-sanma"
    assert listed["started_at"] == "2024-01-01T21:15:02Z"
    assert listed["standings"] == [75700, 6800, 22500]
    # 35,000 returned, no oka, uma 15/0/-15, every hundred kept: first 75,700 -> 40.7 + 15 = +55.7; second
    # 22,500 -> -12.5 + 0 = -12.5; third 6,800 -> -28.2 - 15 = -43.2.
    final = cli("replay", ref, "--json").json()["final"]
    assert [str(v) for v in final["results"]] == ["55.7", "-43.2", "-12.5"]
    assert final["precision"] == 1


def test_a_tournament_game_is_known_by_its_room_alone(cli: Cli, tmp_path: Path) -> None:
    path = _built(
        tmp_path,
        FOUR,
        "contest",
        sc=FOUR_SC,
        ref="",
        rule={"disp": "大会戦南喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        title=["大会戦南喰赤: 123456", 1697291592],
    )
    result = cli("import", str(path), "--json")
    assert result.code == 0
    match_id = result.json()["imported"][0]["match_id"]
    assert _listed(cli, match_id)["ruleset"] == "mahjongsoul"


def test_a_tenhou_game_stays_tenhou(cli: Cli) -> None:
    assert cli("import", str(FOUR)).code == 0
    assert _listed(cli, "2022060102gm-00a9-0000-721b23eb")["ruleset"] == "tenhou"


def test_a_nickname_over_64_characters_skips_its_game_and_says_so(cli: Cli, tmp_path: Path) -> None:
    """Plant: a Mahjong Soul nickname cut to 64 characters without a word."""
    path = _built(tmp_path, FOUR, "long", sc=FOUR_SC, ref=REF, name=["Mika", "Sato", "M" * 65, "Kei"])
    done = cli("import", str(path), "--json")
    assert done.code == 1
    [skipped] = done.json()["skipped"]
    assert skipped["reason"] == (
        "long.json: player 2's name 'MMMMMMMMMMMMMMMMMMMM'... is 65 characters long; taikyoku keeps names of at "
        "most 64: shorten it in the file"
    )
