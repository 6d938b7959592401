"""Riichi hands recorded by the value the table declares (han and fu, or a limit), with names, no
tiles: what a club's scorer knows at the end of a hand. Every figure below is worked out by hand
from the scoring rules (basic points = fu x 2^(han+2), a mangan's 2,000; a non-dealer's ron pays 4
times the basic points, a dealer's 6, rounded up to 100; a tsumo 1 and 2 times from each; 300
(100 from each on a tsumo) per honba; 1,000 per riichi stick), never from the product's tables."""

from __future__ import annotations

import pytest

from tests.helpers import Cli

NAMES = ("Mika", "Sato", "Ken", "Aya")


def started(cli: Cli, ruleset: str = "tenhou", match: str = "dv-1") -> str:
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--ruleset", ruleset, "--id", match).code == 0
    return match


def results(cli: Cli, match: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = cli("replay", match, "--json").json()["results"]
    return found


def test_a_night_of_declared_hands_pays_as_the_rules_say(cli: Cli) -> None:
    match = started(cli)
    # Hand 1, Mika deals: she declares riichi and rons Sato for 3 han 30 fu. A dealer's ron:
    # 30 x 2^5 = 960, x 6 = 5,760, up to 5,800; her own stick comes back to her.
    assert cli("result", match, "ron", "Mika", "3han30fu", "from", "Sato", "riichi", "Mika").code == 0
    # Hand 2 (1 honba, Mika keeps the deal): Sato tsumo 3 han 30 fu. The dealer pays 1,920 up
    # to 2,000 and 100 for the honba; the others 960 up to 1,000 and 100.
    assert cli("result", match, "tsumo", "Sato", "3", "han", "30", "fu").code == 0
    # Hand 3, Sato deals: exhaustive draw, Mika and Ken tenpai, Ken in riichi: 3,000 shared.
    assert cli("result", match, "draw", "tenpai", "Mika", "Ken", "riichi", "Ken").code == 0
    # Hand 4, Ken deals, 1 honba, 1 stick: Aya deals into Mika (2 han 40 fu) and Ken (mangan).
    # Mika sits nearer Aya: 40 x 2^4 = 640, x 4 = 2,560 up to 2,600, + 300 honba + 1,000 stick;
    # Ken, the dealer, a mangan: 12,000. Ken keeps the deal.
    assert cli("result", match, "ron", "Mika", "2/40", "Ken", "mangan", "from", "Aya").code == 0
    # Hand 5, Ken deals again, 2 honba: Ken's chombo (tenhou: a reverse mangan, 4,000 to each as
    # the dealer); the hand is played again: the same dealer, the same honba.
    assert cli("result", match, "chombo", "Ken").code == 0
    got = results(cli, match)
    assert [r["points"] for r in got] == [
        [5800, -5800, 0, 0],
        [-2100, 4300, -1100, -1100],
        [1500, -1500, 500, -1500],
        [3900, 0, 12000, -14900],
        [4000, 4000, -12000, 4000],
    ]
    assert got[-1]["scores"] == [38100, 26000, 24400, 11500]
    assert [r["depth"] for r in got] == ["declared", "declared", "result", "declared", "declared"]
    assert [(w["result"]["han"], w["result"]["fu"], w["result"]["limit"]) for w in got[3]["wins"]] == [  # type: ignore[union-attr,index]
        (2, 40, ""),
        (0, 0, "mangan"),
    ]
    hand = cli("replay", match, "--json").json()["round"]
    assert (hand["dealer"], hand["honba"], hand["sticks"]) == (2, 2, 0)
    shown = cli("replay", match).out
    assert "hand 4 (declared at the table, no tiles): Mika ron from Aya: 2 han 40 fu; Ken ron from Aya: mangan" in shown
    audit = cli("audit", match)
    assert audit.code == 0
    assert "round 1 recorded by the value declared at the table, no tiles" in audit.out


@pytest.mark.parametrize(
    ("line", "points"),
    [
        # A non-dealer's ron of 4 han 30 fu: 30 x 2^6 = 1,920, x 4 = 7,680 up to 7,700.
        ("ron Sato 4han30fu from Ken", [0, 7700, -7700, 0]),
        # 4 han 40 fu reaches a mangan: 2,560 basic, capped at 2,000: 8,000.
        ("ron Sato 4han40fu from Ken", [0, 8000, -8000, 0]),
        # 6 han is a haneman (3,000 basic): 12,000 from a non-dealer's ron.
        ("ron Sato 6han from Ken", [0, 12000, -12000, 0]),
        # A dealer's tsumo, baiman: 4,000 x 2 = 8,000 from each.
        ("tsumo Mika baiman", [24000, -8000, -8000, -8000]),
        # A non-dealer's tsumo of a yakuman: 16,000 from the dealer, 8,000 from the others.
        ("tsumo Ken yakuman", [-16000, -8000, 32000, -8000]),
        # Seven pairs, 2 han 25 fu, a non-dealer's ron: 25 x 16 = 400, x 4 = 1,600.
        ("ron Aya 2han25fu from Mika", [-1600, 0, 0, 1600]),
        # Pinfu tsumo, 2 han 20 fu, non-dealer: 20 x 16 = 320: 400 up from 320 x 2 = 640 to 700
        # from the dealer, 320 up to 400 from the others.
        ("tsumo Ken 2han20fu", [-700, -400, 1500, -400]),
    ],
)
def test_the_value_declared_is_paid_by_the_scoring_table(cli: Cli, line: str, points: list[int]) -> None:
    match = started(cli)
    recorded = cli("result", match, *line.split())
    assert recorded.code == 0, recorded.err
    assert results(cli, match)[0]["points"] == points


def test_kiriage_mangan_where_the_house_plays_it(cli: Cli) -> None:
    match = "dv-2"
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--id", match, "--option", "riichi.kiriageMangan=true").code == 0
    # 4 han 30 fu is 7,700 without kiriage; rounded up to a mangan with it.
    assert cli("result", match, "ron", "Sato", "4han30fu", "from", "Ken").code == 0
    assert results(cli, match)[0]["points"] == [0, 8000, -8000, 0]


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        ("ron Mika 3han30fu from Mika", "riichi.declared.from_seat", "cannot ron their own discard"),
        ("ron Mika 1han20fu from Sato", "riichi.declared.fu", "a ron scores at least 30 fu"),
        ("tsumo Mika 1han20fu", "riichi.declared.fu", "20 fu comes with 2 han at least"),
        ("ron Mika 3han from Sato", "riichi.declared.fu", "3 han needs its fu"),
        ("ron Mika 3han30fu from Sato yaku menzen-tsumo", "riichi.declared.yaku", "only made by a tsumo"),
        ("tsumo Mika mangan yaku houtei", "riichi.declared.yaku", "only made by a ron"),
        ("ron Mika 3han30fu from Sato yaku riichi,pinfu", "riichi.declared.yaku", "riichi needs riichi"),
        ("ron Mika 3han30fu from Sato yaku lucky", "riichi.declared.yaku_unknown", "'lucky' is not a yaku"),
        ("ron Mika 3han30fu from Sato riichi Mika yaku riichi,pinfu,tanyao", None, None),
        ("ron Mika mangan Ken mangan Aya mangan from Sato", "riichi.win.triple_ron", "abort the hand under tenhou"),
        ("ron Mika double-yakuman from Sato", None, None),  # tenhou adds yakuman up: a double stands
    ],
)
def test_a_declared_value_the_rules_refuse_is_said_and_nothing_stored(
    cli: Cli, line: str, code: str | None, words: str | None
) -> None:
    match = started(cli)
    before = cli("replay", match, "--json").json()["at_seq"]
    recorded = cli("result", match, *line.split())
    if code is None:
        assert recorded.code == 0, recorded.err
        return
    assert recorded.code == 2, recorded.out
    [said] = recorded.err.splitlines()
    assert f"[{code}]" in said and words is not None and words in said
    assert cli("replay", match, "--json").json()["at_seq"] == before  # not even the hand's start


def test_a_double_yakuman_where_yakuman_neither_add_up_nor_count_double(cli: Cli) -> None:
    match = started(cli, "ema2016")
    recorded = cli("result", match, "ron", "Mika", "double-yakuman", "from", "Sato")
    assert recorded.code == 2
    assert "under ema2016 no hand counts double yakuman" in recorded.err


def test_a_riichi_needs_a_stick_to_put_down(cli: Cli) -> None:
    match = started(cli)
    # Hand 1: Sato pays Mika's dealer yakuman, 48,000: Sato is at -23,000 and tenhou ends the match
    # there; on a house rule that plays on (tobi off), Sato may not declare riichi.
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--id", "dv-3", "--option", "riichi.tobi=false").code == 0
    assert cli("result", "dv-3", "ron", "Mika", "yakuman", "from", "Sato").code == 0
    refused = cli("result", "dv-3", "ron", "Ken", "mangan", "from", "Aya", "riichi", "Sato")
    assert refused.code == 2 and "[riichi.declared.riichi]" in refused.err and "Sato holds -23000" in refused.err
    del match


def test_ema_chombo_is_taken_off_the_final_result_after_uma(cli: Cli) -> None:
    match = started(cli, "ema2016", "dv-4")
    assert cli("result", match, "chombo", "Sato").code == 0
    assert results(cli, match)[0]["points"] == [0, 0, 0, 0]  # the table's scores untouched
    # East 1 is played again; then in each of the eight hands the player after the dealer rons the
    # one after him for 1 han 30 fu (1,000): everyone wins twice and pays twice, and the match
    # ends after South 4 with all four level at 30,000.
    for hand in range(8):
        dealer = hand % 4
        winner, loser = NAMES[(dealer + 1) % 4], NAMES[(dealer + 2) % 4]
        done = cli("result", match, "ron", winner, "1han30fu", "from", loser)
        assert done.code == 0, done.err
    final = cli("replay", match, "--json").json()
    assert final["complete"] is True
    assert final["results"][-1]["scores"] == [30000, 30000, 30000, 30000]
    # Level: EMA's tied players share the places they tie for, and split their uma: all four share
    # first, (15 + 5 - 5 - 15) / 4 = 0 each; no oka; Sato's chombo takes 20.0 off his after uma.
    assert final["final"]["ranks"] == [1, 1, 1, 1]
    assert final["final"]["results"] == [0.0, -20.0, 0.0, 0.0]
    assert [str(v) for v in final["final"]["results"]] == ["0.0", "-20.0", "0.0", "0.0"]  # a tenth kept
