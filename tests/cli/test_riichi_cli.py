"""Riichi through the real command: recording by short commands and JSON, replay, price, refusals."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Cli, rows

HANDS = ["1112223334445z", "123m456p34789s55z", "1199m1199p1199s6z", "2266m2266p2266s6z"]


def started(cli: Cli, ruleset: str = "ema2016") -> None:
    assert (
        cli(
            "new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", ruleset, "--id", "r-1"
        ).code
        == 0
    )
    assert cli("round", "r-1").code == 0
    dealt = cli("deal", "r-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m")
    assert dealt.code == 0, dealt.err


def test_a_chiihou_recorded_by_short_commands_then_replayed_and_priced(cli: Cli) -> None:
    started(cli, "tenhou")
    for args in (("draw", "r-1", "7m"), ("discard", "r-1", "7m"), ("draw", "r-1", "5s")):
        result = cli(*args)
        assert result.code == 0, (args, result.err)
    offered = cli("replay", "r-1", "--json").json()["round"]
    assert offered["expects"].endswith("; the hand is complete: tsumo?")  # the win is offered
    won = cli("tsumo", "r-1")
    assert won.code == 0 and "Chiihou" in won.out
    data = cli("replay", "r-1", "--json").json()
    hand = data["round"]
    assert hand["name"] == "East 1" and hand["seat_winds"] == ["East", "South", "West", "North"]
    assert hand["rivers"][0] == [{"tile": "7m", "tsumogiri": True, "riichi": False, "taken": False}]
    assert hand["dora_indicators"] == ["3m"] and hand["hands"][1] == "123m456p345789s55z"
    result = data["results"][0]
    assert result["points"] == [-16000, 32000, -8000, -8000] and result["scores"] == [9000, 57000, 17000, 17000]
    assert result["wins"][0]["conditions"] == ["chiihou"]
    priced = cli("price", "r-1", "--round", "1", "--json").json()
    assert [p["ruleset"] for p in priced["wins"][0]["prices"]] == ["tenhou", "mahjongsoul", "ema2016"]
    assert all(p["payments"] == [-16000, 32000, -8000, -8000] for p in priced["wins"][0]["prices"])
    human = cli("price", "r-1", "--round", "1")
    assert human.code == 0 and "Chiihou 13" in human.out and "+32000" in human.out


def test_renhou_priced_side_by_side(cli: Cli) -> None:
    started(cli, "ema2016")
    assert cli("draw", "r-1", "5s").code == 0
    discarded = cli("discard", "r-1", "5s")
    assert discarded.code == 0 and "it completes Nan's hand: ron?" in discarded.out
    assert cli("ron", "r-1", "--seat", "1").code == 0
    prices = {p["ruleset"]: p for p in cli("price", "r-1", "--round", "1", "--json").json()["wins"][0]["prices"]}
    assert prices["ema2016"]["payments"] == [-8000, 8000, 0, 0] and prices["ema2016"]["limit"] == "mangan"
    for name in ("tenhou", "mahjongsoul"):
        assert prices[name]["priced"] is False and "no renhou" in prices[name]["reason"]


def test_a_hand_recorded_as_json(cli: Cli) -> None:
    started(cli, "tenhou")
    events = [
        {"type": "riichi.draw", "payload": {"seat": 0, "tile": "7m"}},
        {"type": "riichi.discard", "payload": {"seat": 0, "tile": "7m", "tsumogiri": True}},
        {"type": "riichi.draw", "payload": {"seat": 1, "tile": "5s"}},
        {"type": "riichi.win", "payload": {"seat": 1, "kind": "tsumo"}},
    ]
    result = cli("record", "r-1", "-", stdin="\n".join(json.dumps(e) for e in events))
    assert result.code == 0, result.err
    assert cli("replay", "r-1", "--json").json()["results"][0]["points"] == [-16000, 32000, -8000, -8000]


def test_refusals_store_nothing(cli: Cli, db: Path) -> None:
    started(cli, "tenhou")
    before = len(rows(db))
    cases = [
        (("discard", "r-1", "7m"), "must draw before discarding"),
        (("draw", "r-1", "5x"), "is not a tile"),
        (("draw", "r-1", "m7"), "'m7' is not a tile; did you mean 7m?"),
        (("draw", "r-1", "chun"), "did you mean 7z?"),
        (("draw", "r-1", "Haku"), "did you mean 5z?"),
        (("draw", "r-1", "nz"), "did you mean 4z?"),
        (("draw", "r-1", "8z"), "the honours are only 1z..7z"),
        (("draw", "r-1", "7m", "--seat", "2"), "Ton draws next, not Sha"),
        (("tsumo", "r-1"), "tile just drawn"),
        (("call", "r-1", "pon", "555p", "--seat", "2"), "no discard to pon"),
        (("call", "r-1", "steal"), "unknown call"),
        (("price", "r-1", "--round", "1"), "still being played"),
        (("price", "r-1", "--round", "1", "--ruleset", "wrc-1999"), "unknown riichi ruleset"),
        (("play", "r-1", "pine-crane"), "riichi match"),
    ]
    for args, needle in cases:
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        assert needle in result.err and result.err.count("\n") == 1, (args, result.err)
    assert cli("draw", "r-1", "7m").code == 0
    after = len(rows(db))
    for args, needle in [(("discard", "r-1", "9p"), "not in Ton's hand"), (("ron", "r-1", "--seat", "1"), "ron")]:
        result = cli(*args)
        assert result.code == 2 and needle in result.err, (args, result.err)
    assert len(rows(db)) == after == before + 1


def test_simulate_riichi(cli: Cli) -> None:
    made = cli("simulate", "riichi", "--seed", "3", "--hands", "3")
    assert made.code == 0, made.err
    data = cli("replay", "riichi-sim-3", "--json").json()
    assert len(data["results"]) == 3
    assert sum(data["scores"]) + 1000 * data["results"][-1]["sticks_left"] == 100000
    assert cli("verify").code == 0


def test_three_players_play_under_the_three_player_ruleset_and_are_told_so(cli: Cli, db: Path) -> None:
    refused = cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "--id", "sanma-1")
    assert refused.code == 2
    assert refused.err == "taikyoku: error: the tenhou ruleset is for 4 players; for 3, use --ruleset tenhou-sanma\n"
    assert rows(db) == []
    made = cli("simulate", "riichi", "-p", "A", "-p", "B", "-p", "C", "--ruleset", "tenhou-sanma", "--seed", "2",
               "--hands", "30", "--id", "sim-3", "--json")  # fmt: skip
    assert made.code == 0
    replayed = cli("replay", "sim-3", "--json").json()
    assert replayed["ruleset"]["id"] == "tenhou-sanma"
    # South 3 ends it with B over the 40,000 returned. Results by hand, every hundred kept (Tenhou since
    # 2022): C 20,700 -> -19.3 - 20 (uma) = -39.3; A 32,600 -> -7.4 + 0 = -7.4; B 51,700 -> +11.7, the oka
    # 3 x 5,000 = +15 and the uma +20: +46.7.
    assert replayed["complete"] is True
    final = replayed["final"]
    assert (final["scores"], final["ranks"], final["precision"]) == ([32600, 51700, 20700], [2, 1, 3], 1)
    assert [str(r) for r in final["results"]] == ["-7.4", "46.7", "-39.3"]
    shown = cli("replay", "sim-3").out.splitlines()[-1]
    assert (
        shown
        == "final (points, and results in thousands with oka and uma): 1. B 51700 (+46.7), 2. A 32600 (-7.4), 3. C 20700 (-39.3)"
    )


def test_a_riichi_match_is_listed_with_its_starting_points_before_any_hand_ends(cli: Cli) -> None:
    """A table that has not finished a hand shows what each player holds: 25,000 under Tenhou's rules
    (EMA 2016 gives 30,000), before the first hand and while it is played; then the scores after it."""
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "r-1").code == 0
    assert (
        cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--ruleset", "ema2016", "--id", "r-2").code
        == 0
    )

    def listed() -> dict[str, list[int]]:
        return {m["match_id"]: m["standings"] for m in cli("matches", "--json").json()}

    assert listed() == {"r-1": [25000, 25000, 25000, 25000], "r-2": [30000, 30000, 30000, 30000]}
    assert cli("round", "r-1").code == 0
    assert listed()["r-1"] == [25000, 25000, 25000, 25000]
    assert cli("result", "r-1", "draw", "tenpai", "E", "S").code == 0
    assert listed()["r-1"] == [26500, 26500, 23500, 23500]  # 3,000 from the two noten players to the two tenpai


def test_a_riichi_match_is_in_play_until_the_rules_end_it(cli: Cli) -> None:
    """One hanchan is not one hand: after a first hand a riichi match is still in play; a daisangen
    ron that leaves the dealer at -7,000 ends it under Tenhou's rules (a player below zero), and
    the final results are, in thousands to a tenth: Chie 57,000 first (+27.0, oka +20, uma +20: +67.0),
    Beni 25,000 second on the tie with Dai (nearer the first dealer: -5.0 + 10 = +5.0), Dai -15.0,
    Aki -7,000 last (-37.0 - 20 = -57.0)."""
    for match in ("r-1", "r-2"):
        assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", match).code == 0
        assert cli("round", match).code == 0
    assert cli("result", "r-1", "draw", "tenpai", "E", "S").code == 0
    assert cli("result", "r-2", "ron", "W", "from", "E", "555z666z777z123m4p", "+4p", "dora", "1m").code == 0
    listed = {m["match_id"]: m["status"] for m in cli("matches", "--json").json()}
    assert listed == {"r-1": "in play", "r-2": "complete"}
    final = cli("replay", "r-2", "--json").json()["final"]
    assert final == {"scores": [-7000, 25000, 57000, 25000], "ranks": [4, 2, 1, 3], "results": [-57, 5, 67, -15],
                     "precision": 1}  # fmt: skip
    assert [str(r) for r in final["results"]] == ["-57.0", "5.0", "67.0", "-15.0"]
