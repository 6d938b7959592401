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
