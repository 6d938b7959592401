"""A Tenhou game is judged by Tenhou's rules as they stood on the day it was played.

Tenhou's blog, 2010-05-18 ("ラス親トップの自動聴牌止め導入"): from June 2010 a last dealer who leads with the
return points and is tenpai at an exhaustive draw ends the match; before, the dealer kept the deal. The
post names the month, not the day (a real game of 2010-06-01 06:00 still played on): a game of June 2010
is read under whichever rule its own log follows, with no finding.

The games are built from a real one (2022060102gm-00a9-0000-721b23eb, tests/data/tenhou6-more): it ends at
South 4 where the dealer (seat 3, 34,000 -> 35,000, first) is tenpai at an exhaustive draw. Dated on either
side of June 2010 by its ref, and again with one more hand played on: the game's own East 4 (the same dealer,
seat 3; seat 1 rons seat 0, riichi ippatsu ura, 40 fu 3 han, 5,200) as South 4 with 1 honba and the 2 sticks
left: seat 1 takes 5,200 + 300 + 2,000 + its own riichi stick = 8,500, seat 0 pays 5,500; the deal leaves the
last dealer with 35,000 on top, so the match ends there under either rule.

Tenhou's final results of 2010 are whole thousands, each score but the top one rounded half away from
zero, the top one balancing the table (uma +20/+10/-10/-20, 30,000 returned): played on, 33,500 -> 34 - 30 + 10
= +14, 30,400 -> 30 - 30 - 10 = -10, 1,100 -> 1 - 30 - 20 = -49, 35,000 -> +45; stopped at the draw, 30,400 ->
+10, 26,000 -> -14, 6,600 -> 7 - 30 - 20 = -43, 37,000 -> +47."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.paths import CORPUS_MORE

GAME = CORPUS_MORE / "2022060102gm-00a9-0000-721b23eb.json"
BEFORE, AFTER = "2010052012", "2010072012"  # May 20 and July 20, 2010, noon in Japan
WITHIN = "2010060106"  # June 1, 2010, 6 in the morning in Japan: the month of the change


def _built(tmp_path: Path, day: str, *, played_on: bool) -> tuple[Path, str]:
    document: dict[str, Any] = json.loads(GAME.read_text(encoding="utf-8"))
    last = document["log"][-1]
    assert last[0] == [7, 0, 0] and last[-1] == ["流局", [1000, 1000, -3000, 1000]]
    ref = f"{day}gm-00a9-0000-{'0000beef' if played_on else '721b23eb'}"
    document["ref"] = ref
    if played_on:
        again = copy.deepcopy(document["log"][3])  # East 4: seat 3 deals, seat 1 rons seat 0
        assert again[0] == [3, 0, 0] and again[-1][1] == [-5200, 6200, 0, 0]
        again[0] = [7, 1, 2]
        again[1] = [6600, 26000, 30400, 35000]
        again[-1][1] = [-5500, 8500, 0, 0]
        document["log"].append(again)
        document["sc"] = [1100, -49, 33500, 14, 30400, -10, 35000, 45]
    else:
        document["sc"] = [6600, -43, 26000, -14, 30400, 10, 37000, 47]
    path = tmp_path / f"{ref}.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path, ref


def _imported(cli: Cli, path: Path, ref: str) -> tuple[int, list[str], str, bool]:
    """The import's exit code and findings, the match's status and its recorded tenpai-stop rule."""
    result = cli("import", str(path), "--json")
    (entry,) = result.json()["imported"]
    (listed,) = [m for m in cli("matches", "--json").json() if m["match_id"] == ref]
    started = cli("log", ref, "--json").json()[0]["payload"]
    return result.code, entry["findings"], listed["status"], started["ruleset"]["options"]["riichi.leaderStopsAtDraw"]


def test_before_june_2010_a_leading_dealer_tenpai_at_the_last_draw_plays_on(cli: Cli, tmp_path: Path) -> None:
    code, findings, status, stops = _imported(cli, *_built(tmp_path, BEFORE, played_on=True))
    assert (code, findings, status, stops) == (0, [], "complete", False)


def test_from_june_2010_the_same_game_played_on_is_kept_with_a_finding(cli: Cli, tmp_path: Path) -> None:
    path, ref = _built(tmp_path, AFTER, played_on=True)
    code, findings, status, stops = _imported(cli, path, ref)
    assert (code, status, stops) == (1, "complete", True)
    assert findings == [
        f"{path.name}: hand 9: start: the rules end the match before this hand (the last dealer leads with the "
        "return points and stops), and the log plays on: its hands are kept as recorded [riichi.match.over]"
    ]


@pytest.mark.parametrize(("day", "status", "stops"), [(AFTER, "complete", True), (BEFORE, "abandoned", False)])
def test_a_log_that_stops_at_the_tenpai_draw_is_complete_only_under_the_rule_of_june_2010(
    cli: Cli, tmp_path: Path, day: str, status: str, stops: bool
) -> None:
    # Before June 2010 the dealer would have dealt again: a log that stops there was left unfinished.
    code, findings, found_status, found_stops = _imported(cli, *_built(tmp_path, day, played_on=False))
    assert (code, findings, found_status, found_stops) == (0, [], status, stops)


def test_a_match_recorded_here_and_a_log_without_a_date_take_todays_rule(cli: Cli, tmp_path: Path) -> None:
    made = cli("new", "riichi", "--player", "A", "--player", "B", "--player", "C", "--player", "D", "--json")
    assert made.code == 0, made.err
    started = cli("log", made.json()["match_id"], "--json").json()[0]["payload"]
    assert started["ruleset"]["options"]["riichi.leaderStopsAtDraw"] is True
    document = json.loads(GAME.read_text(encoding="utf-8"))
    del document["ref"]
    path = tmp_path / "undated.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    result = cli("import", str(path), "--json")
    (entry,) = result.json()["imported"]
    assert result.code == 0 and entry["findings"] == []
    (listed,) = [m for m in cli("matches", "--json").json() if m["match_id"] == entry["match_id"]]
    assert listed["status"] == "complete"


@pytest.mark.parametrize(("played_on", "stops"), [(True, False), (False, True)])
def test_in_june_2010_a_log_is_read_under_the_rule_it_followed(
    cli: Cli, tmp_path: Path, played_on: bool, stops: bool
) -> None:
    # The day of the change is not known: a game that played on after the tenpai draw followed the old
    # rule, one that stopped there the new; either is complete, with no finding.
    code, findings, status, found_stops = _imported(cli, *_built(tmp_path, WITHIN, played_on=played_on))
    assert (code, findings, status, found_stops) == (0, [], "complete", stops)
