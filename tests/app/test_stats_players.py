"""Who a player is in the standings: a name across matches, but Tenhou's anonymous "NoName" is a
player of its own match only; and three-player riichi stands apart from four-player riichi,
whose points and uma are not comparable."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Cli
from tests.paths import CORPUS, CORPUS_MORE

FOUR = CORPUS / "mjai-reviewer-double_ron.json"
THREE = CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-e324b88a.json"


def _renamed(tmp_path: Path, source: Path, name: str, names: list[str]) -> Path:
    log = json.loads(source.read_text(encoding="utf-8"))
    log["name"] = names + log["name"][len(names) :]
    log.pop("ref", None)
    path = tmp_path / name
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    return path


def test_each_anonymous_seat_is_a_player_of_its_match_only(cli: Cli, tmp_path: Path) -> None:
    first = _renamed(tmp_path, FOUR, "a.json", ["NoName", "Aki", "NoName", "Bob"])
    second = _renamed(tmp_path, FOUR, "b.json", ["NoName", "Aki", "Cho", "Bob"])
    assert cli("import", str(first), str(second)).code == 0
    rows = cli("stats", "--json").json()["standings"]["riichi"]
    names = sorted(r["player"] for r in rows)
    assert names == [
        "Aki",
        "Bob",
        "Cho",
        "NoName (tenhou-a, seat 0)",
        "NoName (tenhou-a, seat 2)",
        "NoName (tenhou-b, seat 0)",
    ]
    # two NoNames are stored told apart by their winds ("NoName (East)"); each is still one seat
    assert {r["player"]: r["matches"] for r in rows}["Aki"] == 2
    assert all(r["matches"] == 1 for r in rows if r["player"].startswith("NoName"))


def test_three_player_riichi_stands_apart_from_four_player_riichi(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(FOUR), str(THREE)).code == 0
    found = cli("stats", "--json").json()
    assert sorted(found["standings"]) == ["riichi", "riichi (3 players)"]
    assert {len(r["places"]) for r in found["standings"]["riichi"]} == {4}
    assert {len(r["places"]) for r in found["standings"]["riichi (3 players)"]} == {3}
    shown = cli("stats").out
    assert "riichi (3 players): standings" in shown and "result (uma)" in shown
