"""Tensho through the real command: golden rounds, short recording commands, replay, simulate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.games.tensho.support import DEAD, FIELD, HAND0, HAND1, PILE
from tests.helpers import Cli, rows
from tests.paths import GOLDEN


def summarize(replayed: dict[str, Any]) -> dict[str, Any]:
    return {
        "results": [
            {
                k: r[k]
                for k in ("round", "dealer", "yaku_set", "winner", "reason", "explanation", "points", "next_dealer")
            }
            | {
                "players": [
                    {k: p[k] for k in ("seat", "yaku_points", "chaff", "card_value")}
                    | {"yaku": [y["key"] for y in p["yaku"]]}
                    for p in r["players"]
                ]
            }
            for r in replayed["results"]
        ],
        "standings": replayed["standings"],
        "complete": replayed["complete"],
    }


def test_golden_three_round_match_replays_to_its_checked_results(cli: Cli) -> None:
    """Round 1 was checked by hand card by card (East: 7 chaff, value 42; West: 6 chaff, value 63;
    no yaku, so East wins on chaff); rounds 2 and 3 are pinned as recorded."""
    result = cli("record", "golden-7", str(GOLDEN / "tensho-seed7.jsonl"))
    assert result.code == 0, result.err
    replayed = cli("replay", "golden-7", "--json").json()
    expected = json.loads((GOLDEN / "tensho-seed7.expected.json").read_text())
    assert summarize(replayed) == expected
    assert replayed["results"][2]["players"][1]["yaku"][0]["name"] == "Front Elder"


def test_golden_red_four_round(cli: Cli) -> None:
    assert cli("record", "red-4", str(GOLDEN / "tensho-red-four.jsonl")).code == 0
    replayed = cli("replay", "red-4", "--json").json()
    (result,) = replayed["results"]
    assert (result["winner_name"], result["reason"], result["points"]) == ("Alice", "instantWin", [1, 0])
    alice = result["players"][0]
    assert [y["key"] for y in alice["yaku"]] == ["red-four"] and alice["yaku"][0]["instant_win"]
    assert (alice["chaff"], alice["card_value"]) == (2, 28)  # pine and wisteria chaff; 15 + 1 + 10 + 1 + 1
    assert replayed["round"]["hands"][1] == [
        "plum-poetry",
        "cherry-poetry",
        "iris-ribbon",
        "peony-blue",
        "clover-ribbon",
    ]


def test_replay_at_any_seq_and_round(cli: Cli) -> None:
    cli("record", "golden-7", str(GOLDEN / "tensho-seed7.jsonl"))
    early = cli("replay", "golden-7", "--at", "6", "--json").json()
    rnd = early["round"]
    assert early["at_seq"] == 6 and rnd["number"] == 1 and rnd["phase"] == "draw"
    assert rnd["captured"][0] == ["cherry-curtain", "cherry-chaff-1"] and not early["results"]
    assert rnd["expects"] == "East (seat 0) to draw"
    first = cli("replay", "golden-7", "--round", "1", "--json").json()
    assert first["round"]["number"] == 1 and first["round"]["phase"] == "over" and len(first["results"]) == 1
    human = cli("replay", "golden-7", "--round", "2")
    assert human.code == 0 and "Round 2" in human.out and "standings" in human.out
    missing = cli("replay", "golden-7", "--round", "9")
    assert missing.code == 2 and "no round 9" in missing.err


def test_a_round_recorded_with_short_commands(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "Alice", "-p", "Bob", "--id", "club").code == 0
    assert cli("round", "club").code == 0
    assert cli("yaku-set", "club", "2", "--decided-by", "dealer").code == 0
    field = ",".join(c.rsplit("-", 1)[0] if c.endswith("-1") and "chaff" in c else c for c in FIELD)
    dealt = cli(
        "deal",
        "club",
        "--hand",
        ",".join(HAND0),
        "--hand",
        ",".join(HAND1),
        "--field",
        field,
        "--pile",
        ",".join(PILE),
        "--dead",
        ",".join(DEAD),
    )
    assert dealt.code == 0, dealt.err
    assert "pine-chaff read as pine-chaff-1" in dealt.out  # a bare <suit>-chaff, resolved and said
    played = cli("play", "club", "01-0")  # the Crane, by its MM-i code; the only match is taken
    assert played.code == 0 and "pine-crane takes pine-chaff-1" in played.out
    assert cli("draw", "club").code == 0  # the known top card: the Phoenix
    assert cli("play", "club", "pine-poetry", "--seat", "1").code == 0
    assert cli("draw", "club", "maple-blue").code == 0
    won = cli("play", "club", "wisteria-ribbon")
    assert won.code == 0 and "round 1 over" in won.out and "Red Four" in won.out
    logged = cli("log", "club", "--json").json()
    assert [e["type"] for e in logged][-2:] == ["tensho.play", "tensho.capture"]
    assert cli("verify").code == 0


def test_short_commands_refuse_bad_entries_and_store_nothing(cli: Cli, db: Path) -> None:
    assert cli("record", "red-4", str(GOLDEN / "tensho-red-four.jsonl")).code == 0
    # Back up to a live position: a fresh match with the same deal, one play in.
    lines = (GOLDEN / "tensho-red-four.jsonl").read_text().splitlines()[:4]
    assert cli("record", "live", "-", stdin="\n".join(lines)).code == 0
    before = len(rows(db))
    cases = [
        (("play", "live", "pine-poetry"), "not in Alice's hand"),
        (("play", "live", "pine-crane", "--seat", "1"), "turn"),
        (("play", "live", "pine-crane", "--capture", "plum-chaff"), "no unseen plum chaff can be captured"),
        (("play", "live", "kings-crown"), "is not a card"),
        (("draw", "live"), "must play a card from the hand first"),
        (("triple", "live", "pine-chaff-1", "plum-chaff-1"), "different suits"),
        (("round", "live"), "not over"),
        (("yaku-set", "live", "3"), "the yaku set is 1 (shichi-bu yaku) or 2 (han yaku), not 3"),
    ]
    for args, needle in cases:
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        assert needle in result.err, (args, result.err)
        assert result.err.count("\n") == 1
    assert len(rows(db)) == before


def test_two_matches_resolve_to_the_chosen_capture(cli: Cli) -> None:
    lines = (GOLDEN / "tensho-seed7.jsonl").read_text().splitlines()
    assert cli("record", "g", "-", stdin=lines[0]).code == 2  # too short an id, said plainly
    assert cli("record", "g-1", "-", stdin="\n".join(lines[:4])).code == 0
    # East's Cherry Curtain matches both field cherries: he must say which.
    ambiguous = cli("play", "g-1", "cherry-curtain")
    assert ambiguous.code == 2 and "say which it takes with --capture" in ambiguous.err
    chosen = cli("play", "g-1", "cherry-curtain", "--capture", "cherry-chaff-2")
    assert chosen.code == 0, chosen.err
    state = cli("replay", "g-1", "--json").json()["round"]
    assert state["captured"][0] == ["cherry-curtain", "cherry-chaff-2"]


def test_simulate_is_reproducible_and_legal(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "42", "--rounds", "3").code == 0
    other = tmp_path / "other.db"
    assert cli("simulate", "tensho", "--seed", "42", "--rounds", "3", "--db", str(other)).code == 0
    one = cli("replay", "tensho-sim-42", "--json").json()
    two = cli("replay", "tensho-sim-42", "--json", "--db", str(other)).json()
    assert one["results"] == two["results"] and one["complete"]
    assert cli("verify").code == 0
    again = cli("simulate", "tensho", "--seed", "42")
    assert again.code == 2 and "already exists" in again.err


def test_a_round_at_result_depth_scores_as_the_moves_do(cli: Cli, db: Path) -> None:
    """The walkthrough's round (seed 5): each seat's captures alone give the same result."""
    assert (
        cli("simulate", "tensho", "--seed", "5", "--rounds", "1", "--id", "moves-5", "-p", "Aki", "-p", "Ben").code == 0
    )
    by_moves = cli("replay", "moves-5", "--json").json()
    captured = by_moves["round"]["captured"]
    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--length", "1", "--id", "result-5").code == 0
    assert cli("round", "result-5").code == 0
    early = cli("result", "result-5", *captured[0], "/", *captured[1])
    assert early.code == 2 and "choose the yaku set first" in early.err
    assert cli("yaku-set", "result-5", "2").code == 0
    recorded = cli("result", "result-5", *captured[0], "/", *captured[1])
    assert recorded.code == 0, recorded.err
    (result,) = cli("replay", "result-5", "--json").json()["results"]
    (expected,) = by_moves["results"]
    assert result["depth"] == "result" and expected["depth"] == "moves"
    assert {k: v for k, v in result.items() if k != "depth"} == {k: v for k, v in expected.items() if k != "depth"}
    assert "recorded at result depth" in cli("replay", "result-5").out
    assert cli("audit", "result-5").code == 0


def test_result_depth_refusals(cli: Cli, db: Path) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--id", "bad-5").code == 0
    assert cli("round", "bad-5").code == 0
    assert cli("yaku-set", "bad-5", "1").code == 0
    before = rows(db)
    for line, expected in (
        (["pine-crane", "/", "pine-crane"], "pine-crane is captured twice"),
        (["pine-crane", "pine-chaff-1"], "parted by a /"),
        (["paulownia-chaff-2", "/", "pine-crane"], "not in the 45-card Tensho deck"),
        (["pine-chaff", "/", "pine-crane"], "name the chaff card exactly"),
        (["plum-warbler", "/", "stone"], "'stone' is not a card"),
    ):
        refused = cli("result", "bad-5", *line)
        assert refused.code == 2 and expected in refused.err, (line, refused.err)
        assert refused.err.count("\n") == 1
    assert rows(db) == before


def test_a_deal_that_lists_a_card_twice_says_where(cli: Cli, db: Path) -> None:
    assert cli("new", "tensho", "-p", "Alice", "-p", "Bob", "--id", "club").code == 0
    assert cli("round", "club").code == 0
    assert cli("yaku-set", "club", "1").code == 0
    before = len(rows(db))
    hand1 = ",".join([*HAND1[:5], HAND0[0]])  # seat 0's first card, dealt to seat 1 as well
    twice = cli("deal", "club", "--hand", ",".join(HAND0), "--hand", hand1, "--field", ",".join(FIELD))
    assert twice.code == 2
    assert f"{HAND0[0]} is listed twice, in seat 0's hand and in seat 1's hand" in twice.err
    field = ",".join([*FIELD[:5], FIELD[0]])
    same = cli("deal", "club", "--hand", ",".join(HAND0), "--hand", ",".join(HAND1), "--field", field)
    assert same.code == 2 and f"{FIELD[0]} is listed twice, in the field;" in same.err
    # Tensho's deck has 45 cards of the 48: the paulownia chaff are not in it.
    hand0 = ",".join([*HAND0[:5], "paulownia-chaff-1"])
    foreign = cli("deal", "club", "--hand", hand0, "--hand", ",".join(HAND1), "--field", ",".join(FIELD))
    assert foreign.code == 2 and "paulownia-chaff-1 is not in this game's deck" in foreign.err
    assert len(rows(db)) == before
