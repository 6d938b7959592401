"""Sendai-hana through the real command: a golden match, replay, simulate, refusals."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import Cli, rows
from tests.paths import GOLDEN


def test_golden_match_replays_to_its_checked_results(cli: Cli) -> None:
    """Round 3 checked by hand: the dealer's dealt hand is three pairs (wisteria, cherry, iris),
    exposed and paid 150; Right went on twice with Blue Ribbons and 10 chaff (180) and forfeits
    them when Left stops on exactly 9 chaff, the third seat's threshold, for 10."""
    assert cli("record", "gold-s", str(GOLDEN / "sendai-seed45.jsonl")).code == 0
    data = cli("replay", "gold-s", "--json").json()
    assert [(r["reason"], r["points"], r["winner"]) for r in data["results"]] == [
        ("stop", [10, 0, 0], 0),
        ("stop", [10, 0, 0], 0),
        ("stop", [150, 0, 10], 2),
    ]
    third = data["results"][2]
    dealer, right, left = third["players"]
    assert [t["key"] for t in dealer["teyaku"]] == ["three-pairs"]
    assert right["went"] and [y["key"] for y in right["dekiyaku"]] == ["blue-ribbons", "chaff"]
    assert right["dekiyaku_points"] == 180
    assert left["position"] == "third" and [y["points"] for y in left["dekiyaku"]] == [10]
    assert "Right went on and forfeits 180" in third["explanation"]
    assert data["standings"] == [170, 0, 10] and data["complete"]


def test_replay_views(cli: Cli) -> None:
    cli("record", "gold-s", str(GOLDEN / "sendai-seed45.jsonl"))
    early = cli("replay", "gold-s", "--at", "3", "--json").json()["round"]
    assert early["phase"] == "play" and early["turn_order"] == [0, 1, 2]
    assert [len(h) for h in early["hands"]] == [7, 7, 7] and len(early["field"]) == 6
    assert early["draw_pile"] == {"left": 21, "top": early["draw_pile"]["top"]}
    third = cli("replay", "gold-s", "--round", "3", "--at", "90", "--json").json()["round"]
    assert third["teyaku_held"][0] == ["three-pairs"] and third["teyaku_exposed"][0] == ["three-pairs"]
    human = cli("replay", "gold-s")
    assert human.code == 0 and "Sendai-hana" in human.out and "standings (final)" in human.out


def test_simulate_sendai_needs_the_teyaku_mode(cli: Cli, db: Path) -> None:
    missing = cli("simulate", "sendai", "--seed", "1")
    assert missing.code == 2 and "sendai.teyakuMode has no default" in missing.err
    assert rows(db) == []
    made = cli("simulate", "sendai", "--seed", "1", "--rounds", "2", "--option", "sendai.teyakuMode=winRound")
    assert made.code == 0, made.err
    data = cli("replay", "sendai-sim-1", "--json").json()
    assert data["ruleset"]["options"]["sendai.teyakuMode"] == "winRound" and len(data["results"]) == 2


def test_refused_entries_store_nothing(cli: Cli, db: Path) -> None:
    lines = (GOLDEN / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "live-s", "-", stdin="\n".join(lines[:3])).code == 0  # started and dealt
    before = len(rows(db))
    cases = [
        (("play", "live-s", "cherry-poetry"), "not in Dealer's hand"),
        (("play", "live-s", "susuki-geese", "--seat", "1"), "turn"),
        (("stop", "live-s"), "offered only after"),
        (("koikoi", "live-s"), "offered only after"),
        (("expose", "live-s", "three-pairs", "--seat", "1"), "does not make Three Pairs"),
        (("expose", "live-s", "royal-flush", "--seat", "1"), "unknown teyaku"),
        (("misdeal", "live-s"), "there is no misdeal"),
        (("yaku-set", "live-s", "1"), "this command records Tensho matches"),
        (("draw", "live-s"), "must play a card from the hand first"),
    ]
    for args, needle in cases:
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        assert needle in result.err, (args, result.err)
    assert len(rows(db)) == before


def test_a_round_at_result_depth_scores_as_the_moves_do(cli: Cli, db: Path) -> None:
    """Round 3 of the golden match: a teyaku shown, Right's two koi-koi, Left's stop."""
    golden = (GOLDEN / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "moves-45", stdin="\n".join(golden)).code == 0
    by_moves = cli("replay", "moves-45", "--round", "3", "--json").json()
    captured = by_moves["round"]["captured"]
    assert cli("record", "result-45", stdin=golden[0]).code == 0
    assert cli("round", "result-45").code == 0
    cards = [*captured[0], "/", *captured[1], "/", *captured[2]]
    recorded = cli("result", "result-45", *cards, "expose", "0", "three-pairs", "go", "1", "stop", "2")
    assert recorded.code == 0, recorded.err
    (result,) = cli("replay", "result-45", "--json").json()["results"]
    expected = by_moves["results"][2]
    assert result["depth"] == "result" and expected["depth"] == "moves"
    assert result["explanation"] == expected["explanation"]
    assert result["explanation"] == (
        "Dealer's teyaku Three Pairs: 150; Right went on and forfeits 180; Left stops with Chaff 10: 10"
    )
    assert result["points"] == expected["points"] and result["winner"] == expected["winner"] == 2
    assert "recorded at result depth" in cli("replay", "result-45").out


def test_sendai_result_depth_refusals(cli: Cli, db: Path) -> None:
    golden = (GOLDEN / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "bad-45", stdin=golden[0]).code == 0
    assert cli("round", "bad-45").code == 0
    before = rows(db)
    for line, expected in (
        (["pine-crane", "/", "plum-warbler"], "all 3 seats"),
        (["pine-crane", "/", "plum-warbler", "/", "iris-bridge", "stop", "1"], "holds no dekiyaku"),
        (["pine-crane", "/", "pine-crane", "/", "iris-bridge"], "captured twice"),
        (["pine-crane", "/", "plum-warbler", "/", "iris-bridge", "stop"], "stop takes a seat number"),
        (["pine-crane", "/", "plum-warbler", "/", "iris-bridge", "go", "5"], "seat 5 does not exist"),
    ):
        refused = cli("result", "bad-45", *line)
        assert refused.code == 2 and expected in refused.err, (line, refused.err)
        assert refused.err.count("\n") == 1
    assert rows(db) == before
