"""A riichi hand started where the table says (the round wind, hand, honba, sticks, scores and dealer
given), refused where it cannot be; a chombo in the last hand, which never ends the match; and two
chombos of one player taken off the final result twice (EMA). Worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import Cli

PLAYERS = ("-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai")


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.db", capsys)


def test_a_hand_started_where_the_table_says(cli: Cli) -> None:
    assert cli("new", "riichi", *PLAYERS, "--id", "given").code == 0
    started = cli("round", "given", "--wind", "s", "--hand", "4", "--honba", "2", "--sticks", "1",
                  "--scores", "24000,40000,20000,15000", "--dealer", "1")  # fmt: skip
    assert started.code == 0, started.err
    hand = cli("replay", "given", "--json").json()["round"]
    assert (hand["name"], hand["dealer"], hand["honba"], hand["sticks"], hand["scores"]) == (
        "South 4", 1, 2, 1, [24000, 40000, 20000, 15000])  # fmt: skip


def test_the_next_hand_carries_the_honba_and_the_sticks_each_where_it_belongs(cli: Cli) -> None:
    """East 1: Aki (dealing) and Beni declare riichi and are tenpai at the draw: 1,500 from each of
    Chie and Dai, the two sticks stay on the table. Aki keeps the deal: East 1 again, 1 honba, 2
    sticks. Plant: the honba carried from the sticks."""
    assert cli("new", "riichi", *PLAYERS, "--id", "carry").code == 0
    assert cli("round", "carry").code == 0
    assert cli("result", "carry", "draw", "tenpai", "Aki", "Beni", "riichi", "Aki", "Beni").code == 0
    assert cli("round", "carry").code == 0
    hand = cli("replay", "carry", "--json").json()["round"]
    assert (hand["name"], hand["dealer"], hand["honba"], hand["sticks"], hand["scores"]) == (
        "East 1", 0, 1, 2, [25500, 25500, 23500, 23500])  # fmt: skip


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--wind", "x"), "--wind is E, S, W or N, not 'x'"),
        (
            ("--scores", "25000,25000,a,25000"),
            "--scores takes 4 whole numbers separated by commas, e.g. 25000,25000,...",
        ),
    ],
)
def test_a_hand_start_the_rules_cannot_take_is_refused(cli: Cli, flags: tuple[str, ...], said: str) -> None:
    assert cli("new", "riichi", *PLAYERS, "--id", "given").code == 0
    refused = cli("round", "given", *flags)
    assert (refused.code, refused.err) == (2, f"taikyoku: error: {said}\n")
    assert [e["type"] for e in cli("log", "given", "--json").json()] == ["match_started"]


def test_a_chombo_in_the_last_hand_never_ends_the_match(cli: Cli) -> None:
    # South 4, Beni deals and leads with 40,000 (Tenhou's goal is 30,000). Aki's chombo: a reverse
    # mangan, 4,000 to the dealer and 2,000 to each other: Beni 44,000, still first. A dealer who keeps
    # the deal while first with the goal would stop; a chombo decides nothing: the hand is played again.
    assert cli("new", "riichi", *PLAYERS, "--id", "last").code == 0
    assert cli("round", "last", "--wind", "S", "--hand", "4", "--scores", "24000,40000,21000,15000",
               "--dealer", "1").code == 0  # fmt: skip
    assert cli("result", "last", "chombo", "Aki").code == 0
    listed = {m["match_id"]: m["status"] for m in cli("matches", "--json").json()}
    assert listed == {"last": "in play"}
    assert cli("round", "last").code == 0
    hand = cli("replay", "last", "--json").json()["round"]
    assert (hand["name"], hand["dealer"], hand["honba"], hand["scores"]) == (
        "South 4",
        1,
        0,
        [16000, 44000, 23000, 17000],
    )


def test_two_chombos_of_one_player_both_come_off_the_final_result(cli: Cli) -> None:
    # EMA, South 4 at 30,000 each, Dai dealing: Aki's chombo twice (20,000 each, after uma; the table's
    # scores untouched; the hand played again), then Beni rons Chie for 1 han 30 fu (1,000): the deal
    # passes and the match is over. Beni 31,000: 1.0 + 15 = +16.0; Aki and Dai level at 30,000 share
    # second and third, (5 - 5) / 2 = 0: Dai 0.0, Aki 0.0 - 20.0 - 20.0 = -40.0; Chie 29,000: -1.0 - 15
    # = -16.0.
    assert cli("new", "riichi", *PLAYERS, "--ruleset", "ema2016", "--id", "twice").code == 0
    assert cli("round", "twice", "--wind", "S", "--hand", "4", "--scores", "30000,30000,30000,30000",
               "--dealer", "3").code == 0  # fmt: skip
    for line in (("chombo", "Aki"), ("chombo", "Aki"), ("ron", "Beni", "1han30fu", "from", "Chie")):
        done = cli("result", "twice", *line)
        assert done.code == 0, done.err
    final = cli("replay", "twice", "--json").json()
    assert final["complete"] is True and final["final"]["scores"] == [30000, 31000, 29000, 30000]
    assert [str(r) for r in final["final"]["results"]] == ["-40.0", "16.0", "-16.0", "0.0"]


@pytest.mark.parametrize(
    ("wind", "hand", "dealer", "scores", "line", "over"),
    [
        # The dealer Aki rons Dai for 1 han 30 fu, 1,500: Dai from 1,500 to 0 is not below zero.
        ("E", "1", "0", "26000,25000,24000,1500", ("ron", "Aki", "1han30fu", "from", "Dai"), None),
        # From 1,400 to -100 he is: the match ends at once.
        ("E", "1", "0", "26100,25000,24000,1400", ("ron", "Aki", "1han30fu", "from", "Dai"), "Dai went below zero"),
        # South 4, Dai deals; Aki rons him for 1,000: 29,000 to exactly 30,000, the goal: over.
        ("S", "4", "3", "29000,25000,25000,21000", ("ron", "Aki", "1han30fu", "from", "Dai"), "the last hand is played"),
        # 28,900 to 29,900, short of it: into the West.
        ("S", "4", "3", "28900,25100,25000,21000", ("ron", "Aki", "1han30fu", "from", "Dai"), None),
        # West 1 (Tenhou's sudden death): the deal leaves its dealer and the top holds exactly the goal.
        ("W", "1", "3", "29000,25000,25000,21000", ("ron", "Aki", "1han30fu", "from", "Dai"),
         "30000 reached the return points in the extension"),
        ("W", "1", "3", "28900,25100,25000,21000", ("ron", "Aki", "1han30fu", "from", "Dai"), None),
        # West 4, the extension's last hand: the deal leaves its dealer with nobody at the goal.
        ("W", "4", "3", "28000,25000,25000,22000", ("ron", "Aki", "1han30fu", "from", "Dai"),
         "the extension is played out"),
    ],
)  # fmt: skip
def test_the_match_ends_at_its_edges(
    cli: Cli, wind: str, hand: str, dealer: str, scores: str, line: tuple[str, ...], over: str | None
) -> None:
    assert cli("new", "riichi", *PLAYERS, "--id", "edge").code == 0
    assert cli("round", "edge", "--wind", wind, "--hand", hand, "--dealer", dealer, "--scores", scores).code == 0
    assert cli("result", "edge", *line).code == 0
    following = cli("round", "edge")
    if over is None:
        assert following.code == 0, following.err
        assert {m["match_id"]: m["status"] for m in cli("matches", "--json").json()} == {"edge": "in play"}
    else:
        assert following.code == 2
        assert following.err.endswith(f"the match is over: {over}; record match_ended [riichi.match.over]\n")
        assert {m["match_id"]: m["status"] for m in cli("matches", "--json").json()} == {"edge": "complete"}


def test_a_tie_for_first_goes_to_the_seat_nearer_the_first_dealer_not_seat_0(cli: Cli) -> None:
    # Beni deals first, so Aki (seat 0) deals South 4. Aki tsumo 1 han 30 fu (500 all): Aki 29,000 and Chie
    # 31,000 both end on 30,500, over the goal. Chie sits nearer Beni (one seat on, Aki three): Chie is
    # first, the dealer is not, and keeps the deal: the match goes on.
    assert cli("new", "riichi", *PLAYERS, "--dealer", "Beni", "--id", "tie").code == 0
    assert (
        cli("round", "tie", "--wind", "S", "--hand", "4", "--dealer", "0", "--scores", "29000,20000,31000,20000").code
        == 0
    )
    assert cli("result", "tie", "tsumo", "Aki", "1han30fu").code == 0
    assert {m["match_id"]: m["status"] for m in cli("matches", "--json").json()} == {"tie": "in play"}
    assert cli("round", "tie").code == 0
