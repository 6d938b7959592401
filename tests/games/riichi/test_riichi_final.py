"""A riichi match's final result as each ruleset declares it, worked out by hand: the rounding of the
scores (Tenhou's whole thousands before its change, half away from zero; every hundred kept since, as
EMA and Mahjong Soul keep it), oka and uma (simple, and by how many end below the start as JPML's A
rules have it), ties (by seat, or shared with their uma), leftover sticks and chombo after uma; and
the dated changes of Tenhou's rules, inside their windows and either side of them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from replay.games.riichi.final import final_results
from replay.games.riichi.options import RULESETS, RiichiOptions
from tests.helpers import Cli


def options(ruleset: str, players: int = 4, played_at: str | None = None, **changed: Any) -> RiichiOptions:
    spec = next(s for s in RULESETS if s.id == ruleset)
    return replace(RiichiOptions.of(ruleset, spec.defaults(played_at), players), **changed)


def results(rules: RiichiOptions, scores: list[int], *, sticks: int = 0, dealer: int = 0,
            penalties: list[int] | None = None) -> tuple[list[str], list[int]]:  # fmt: skip
    found = final_results(rules, scores, sticks, dealer, penalties or [0] * len(scores))
    return [str(r) for r in found["results"]], found["ranks"]


OLD_TENHOU = options("tenhou", played_at="2019-01-01T00:00:00Z")
TENHOU = options("tenhou")
EMA = options("ema2016")


def test_the_rulesets_declare_their_final_results() -> None:
    assert (OLD_TENHOU.final_rounding, OLD_TENHOU.tied_places) == ("halfAwayThousand", "bySeat")
    assert (TENHOU.final_rounding, TENHOU.tied_places) == ("exact", "bySeat")
    assert (EMA.final_rounding, EMA.tied_places, EMA.leftover_sticks) == ("exact", "shareUma", "firstPlace")
    soul = options("mahjongsoul")
    assert (soul.final_rounding, soul.tied_places, soul.uma) == ("exact", "bySeat", (15000, 5000, -5000, -15000))


@pytest.mark.parametrize(
    ("last", "result"),
    [
        # The fourth score (each of the others fixed) rounds half away from zero: 7,500 counts 8,
        # 7,400 counts 7; -1,400 counts -1, -1,500 counts -2; 500 counts 1, -500 counts -1.
        (7500, "-42"), (7400, "-43"), (-1400, "-51"), (-1500, "-52"), (500, "-49"), (-500, "-51"),
        (0, "-50"), (-16500, "-67"),
    ],
)  # fmt: skip
def test_tenhou_before_its_change_rounds_each_score_but_the_first_half_away_from_zero(last: int, result: str) -> None:
    # 60,000 - last for the top seat; 31,800 -> 32 - 30 + 10 = +12; 27,700 -> 28 - 30 - 10 = -12; the
    # last, -30 - 20 after its rounding; the top one balances the table.
    top = 100000 - 31800 - 27700 - last
    found, ranks = results(OLD_TENHOU, [top, 31800, 27700, last])
    assert ranks == [1, 2, 3, 4]
    assert found[1:] == ["12", "-12", result]
    assert sum(int(r) for r in found) == 0


def test_tenhou_after_its_change_keeps_every_hundred() -> None:
    # 45,200: 15.2 + 20 (oka) + 20 = +55.2; 30,100: 0.1 + 10 = +10.1; 24,800: -5.2 - 10 = -15.2;
    # -100: -30.1 - 20 = -50.1 (they add up to 0).
    assert results(TENHOU, [45200, 30100, 24800, -100]) == (["55.2", "10.1", "-15.2", "-50.1"], [1, 2, 3, 4])


def test_tenhou_ties_go_to_the_seat_nearer_the_first_dealer() -> None:
    # All four at 25,000, -5.0 each: with seat 2 dealing first, the order is 2, 3, 0, 1.
    assert results(TENHOU, [25000] * 4, dealer=2) == (["-15.0", "-25.0", "35.0", "5.0"], [3, 4, 1, 2])


def test_leftover_sticks_go_to_first_place_on_tenhou_and_under_ema() -> None:
    # Two sticks left: Tenhou's first 40,000 + 2,000 = 42,000 -> 12 + 40 = +52.0. EMA 2016's winner
    # takes them too (3.6.1): 42,000 + 2,000 -> 14 + 15 = +29.0. Where a match recorded them lost,
    # 42,000 -> 12 + 15 = +27.0 and the table does not add up to 0 (-2.0 lost).
    tenhou, _ = results(TENHOU, [40000, 30000, 20000, 8000], sticks=2)
    assert tenhou == ["52.0", "10.0", "-20.0", "-42.0"]
    ema, _ = results(EMA, [42000, 30000, 28000, 18000], sticks=2)
    assert ema == ["29.0", "5.0", "-7.0", "-27.0"]
    lost, _ = results(replace(EMA, leftover_sticks="lost"), [42000, 30000, 28000, 18000], sticks=2)
    assert lost == ["27.0", "5.0", "-7.0", "-27.0"]


def test_ema_ties_share_the_uma_of_the_places_they_tie_for() -> None:
    # Three tied behind 39,900 at 26,700 share second to fourth: (5 - 5 - 15) / 3 = -5 each: -3.3 - 5.
    assert results(EMA, [39900, 26700, 26700, 26700]) == (["24.9", "-8.3", "-8.3", "-8.3"], [1, 2, 2, 2])
    # Two tied for first share (15 + 5) / 2 = 10; two tied for third share (-5 - 15) / 2 = -10.
    assert results(EMA, [35000, 25000, 35000, 25000]) == (["15.0", "-15.0", "15.0", "-15.0"], [1, 3, 1, 3])
    # All level: all first, (15 + 5 - 5 - 15) / 4 = 0.
    assert results(EMA, [30000] * 4) == (["0.0", "0.0", "0.0", "0.0"], [1, 1, 1, 1])


def test_a_split_that_does_not_fall_on_a_hundred_rounds_half_up() -> None:
    # Tenhou's uma shared three ways for second: (10 - 10 - 20) / 3 = -6.666...; 21,700 - 30,000 =
    # -8.3: -14.9666... -> -15.0; first 34,900: 4.9 + 20 + 20 = +44.9.
    shared = replace(TENHOU, tied_places="shareUma")
    assert results(shared, [34900, 21700, 21700, 21700])[0] == ["44.9", "-15.0", "-15.0", "-15.0"]


def test_ema_chombo_comes_off_after_uma() -> None:
    # 34,600 first: +19.6; a chombo's 20,000 after uma: -0.4.
    assert results(EMA, [34600, 30000, 30000, 25400], penalties=[20000, 0, 0, 0])[0] == ["-0.4", "0.0", "0.0", "-19.6"]


# JPML's A rules (Pantheon's "complex uma"): 30,000 start and return, no oka; by how many end below
# the start: one, +8/+3/+1/-12; two, +8/+4/-4/-8; three, +12/-1/-3/-8.
JPML = replace(EMA, tied_places="bySeat", leftover_sticks="lost", uma_below_start=(8000, 3000, 1000, -12000, 8000, 4000, -4000, -8000,
                                                           12000, -1000, -3000, -8000))  # fmt: skip


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # One below (30,000 exactly is not below): 10 + 8, 2 + 3, 0 + 1, -12 - 12.
        ([40000, 32000, 30000, 18000], ["18.0", "5.0", "1.0", "-24.0"]),
        # Two below: 10 + 8, 5 + 4, -5 - 4, -10 - 8.
        ([40000, 35000, 25000, 20000], ["18.0", "9.0", "-9.0", "-18.0"]),
        # Three below: 21 + 12, -0.1 - 1, -10 - 3, -10.9 - 8.
        ([51000, 29900, 20000, 19100], ["33.0", "-1.1", "-13.0", "-18.9"]),
        # None below: all level at the start, the simple uma +15/+5/-5/-15 by seat.
        ([30000, 30000, 30000, 30000], ["15.0", "5.0", "-5.0", "-15.0"]),
    ],
)
def test_uma_by_how_many_end_below_the_start(scores: list[int], expected: list[str]) -> None:
    assert results(JPML, scores)[0] == expected


def test_three_players_tenhou_and_mahjong_soul() -> None:
    # Tenhou (sanma): 40,000 returned from 35,000: oka 15; uma +20/0/-20. 75,700: 35.7 + 15 + 20 = +70.7.
    assert results(options("tenhou-sanma", 3), [75700, 6800, 22500])[0] == ["70.7", "-53.2", "-17.5"]
    # Before its change: 6,800 -> 7 - 40 - 20 = -53; 22,500 -> 23 - 40 = -17; the top +70.
    old = options("tenhou-sanma", 3, played_at="2019-01-01T00:00:00Z")
    assert results(old, [75700, 6800, 22500])[0] == ["70", "-53", "-17"]
    # Mahjong Soul (sanma): 35,000 returned, no oka, uma +15/0/-15.
    assert results(options("mahjongsoul-sanma", 3), [75700, 6800, 22500])[0] == ["55.7", "-43.2", "-12.5"]


def test_a_match_recorded_before_the_options_keeps_the_results_it_had() -> None:
    # halfUpThousand: -1,500 counts -1 (Tenhou's -2): -1 - 30 - 20 = -51; 31,800 +12; 27,700 -12; the
    # top 42,000 balances: +51 (Tenhou's +52).
    legacy = replace(OLD_TENHOU, final_rounding="halfUpThousand")
    assert results(legacy, [42000, 31800, 27700, -1500])[0] == ["51", "12", "-12", "-51"]
    assert results(OLD_TENHOU, [42000, 31800, 27700, -1500])[0] == ["52", "12", "-12", "-52"]


@pytest.mark.parametrize(
    ("played_at", "rounding", "others"),
    [
        ("2020-02-03T06:59:59Z", "halfAwayThousand", 0),  # before the window: the old rule, and no other
        ("2020-02-03T07:00:00Z", "halfAwayThousand", 1),  # the window opens: either may hold
        ("2022-05-31T14:59:59Z", "halfAwayThousand", 1),
        ("2022-05-31T15:00:00Z", "exact", 0),  # 2022-06-01 00:00 in Japan: the new rule only
        (None, "exact", 2),  # no day: today's, or the rules before either change
    ],
)
def test_tenhous_rounding_change_by_its_window(played_at: str | None, rounding: str, others: int) -> None:
    spec = next(s for s in RULESETS if s.id == "tenhou")
    assert spec.defaults(played_at)["riichi.finalRounding"] == rounding
    assert len(spec.alternatives(played_at)) == others


@pytest.mark.parametrize(
    ("played_at", "stops", "undecided"),
    [
        ("2010-05-31T14:59:59Z", False, False),  # May 31, 23:59:59 in Japan
        ("2010-05-31T15:00:00Z", False, True),  # June 1, 00:00 in Japan: the month of the change
        ("2010-05-31T21:00:00Z", False, True),  # June 1, 06:00: a real game still played on
        ("2010-06-30T14:59:59Z", False, True),
        ("2010-06-30T15:00:00Z", True, False),  # July 1 in Japan: the stop
    ],
)
def test_tenhous_tenpai_stop_by_its_window_in_japans_time(played_at: str, stops: bool, undecided: bool) -> None:
    spec = next(s for s in RULESETS if s.id == "tenhou")
    assert spec.defaults(played_at)["riichi.leaderStopsAtDraw"] is stops
    others = [o["riichi.leaderStopsAtDraw"] for o in spec.alternatives(played_at)]
    assert others == ([True] if undecided else [])


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("riichi.uma=20000,-20000",
         "riichi.uma takes one uma a place: 4 values for 4 players, not 2 [riichi.uma.places]"),
        ("riichi.umaBelowStart=8000,3000,1000,-12000",
         "riichi.umaBelowStart takes a row of 4 uma for each count of players below the start (1 to 3): 12 values, "
         "not 4 [riichi.uma.rows]"),
        ("riichi.finalRounding=floor",
         "option riichi.finalRounding must be one of exact, halfAwayThousand, halfUpThousand; got 'floor'"),
        ("riichi.tiedPlaces=coin", "option riichi.tiedPlaces must be one of bySeat, shareUma; got 'coin'"),
    ],
)  # fmt: skip
def test_a_final_result_rule_that_does_not_fit_is_refused_before_any_store_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, said: str
) -> None:
    db = tmp_path / "club.db"
    refused = Cli(db, capsys)("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--option", option)
    assert (refused.code, refused.err) == (2, f"taikyoku: error: {said}\n")
    assert not db.exists()


def test_uma_rows_that_fit_are_recorded_and_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli = Cli(tmp_path / "club.db", capsys)
    rows = "8000,3000,1000,-12000,8000,4000,-4000,-8000,12000,-1000,-3000,-8000"
    made = cli("new", "riichi", "--ruleset", "ema2016", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "jpml",
               "--option", f"riichi.umaBelowStart={rows}", "--option", "riichi.tiedPlaces=bySeat")  # fmt: skip
    assert made.code == 0, made.err
    options = cli("log", "jpml", "--json").json()[0]["payload"]["ruleset"]["options"]
    assert options["riichi.umaBelowStart"] == [int(v) for v in rows.split(",")]
    assert options["riichi.finalRounding"] == "exact"


def test_the_precision_is_the_rulesets() -> None:
    assert final_results(OLD_TENHOU, [25000] * 4, 0, 0, [0] * 4)["precision"] == 0
    assert final_results(TENHOU, [25000] * 4, 0, 0, [0] * 4)["precision"] == 1


def test_the_old_half_up_rounding_floors_each_thousand_after_adding_500() -> None:
    # halfUpThousand: 7,400 counts 7 (7 - 30 - 20 = -43), 27,700 counts 28 (-12), 31,800 counts 32
    # (+12); the top 33,100 balances: +43.
    legacy = replace(OLD_TENHOU, final_rounding="halfUpThousand")
    assert results(legacy, [33100, 31800, 27700, 7400])[0] == ["43", "12", "-12", "-43"]


def test_a_servers_own_final_results_are_read_exactly() -> None:
    from decimal import Decimal

    from replay.games.riichi.final import claimed_results

    assert claimed_results("[45200, 55.2, 30100, 10.1, 24800, -15.2, -100, -50.1]", 4) == [
        Decimal("55.2"), Decimal("10.1"), Decimal("-15.2"), Decimal("-50.1"),
    ]  # fmt: skip
    assert claimed_results("[75700, 70.7, 6800, -53.2, 22500, -17.5, 0, 0]", 3) == [
        Decimal("70.7"), Decimal("-53.2"), Decimal("-17.5"),
    ]  # fmt: skip
    assert claimed_results("[33000, 42, 31800, 12]", 2) == [Decimal(42), Decimal(12)]
    # Not a record of results: no answer, never a guess.
    assert claimed_results("[45200, 55.2, 30100]", 2) is None  # too short for two players
    assert claimed_results("{}", 2) is None
    assert claimed_results("not json", 2) is None
    assert claimed_results('[45200, "55.2", 30100, 10.1]', 2) is None
    assert claimed_results("[45200, true, 30100, 10.1]", 2) is None


def test_an_exact_result_is_carried_and_shown_as_its_precision() -> None:
    from decimal import Decimal

    from replay.engine.exact import carried, exact, signed

    assert [str(carried(Decimal(v))) for v in ("43", "19.6", "20.0", "-0.0", "0")] == ["43", "19.6", "20.0", "0.0", "0"]
    assert [signed(v) for v in (43, 19.6, 20.0, -0.0, 0, -16)] == ["+43", "+19.6", "+20.0", "0.0", "0", "-16"]
    assert exact(19.6) == Decimal("19.6") and str(exact(20.0)) == "20.0"
    for wrong in (True, None, [1]):
        with pytest.raises(TypeError, match=r"^not a result: "):
            exact(wrong)


def test_a_chombo_comes_off_after_uma_under_every_rounding() -> None:
    # 8,000 off seat 1 after uma: Tenhou's old thousands -8 (12 - 8 = +4), the half-up rule the same,
    # every hundred kept -8.0.
    scores = [42000, 31800, 27700, -1500]
    assert results(OLD_TENHOU, scores, penalties=[0, 8000, 0, 0])[0] == ["52", "4", "-12", "-52"]
    legacy = replace(OLD_TENHOU, final_rounding="halfUpThousand")
    assert results(legacy, scores, penalties=[0, 8000, 0, 0])[0] == ["51", "4", "-12", "-51"]
    assert results(TENHOU, scores, penalties=[0, 8000, 0, 0])[0] == ["52.0", "3.8", "-12.3", "-51.5"]


def test_the_half_up_rule_floors_an_uma_that_is_not_whole_thousands() -> None:
    # The rule of matches recorded before the option: uma // 1000 (15,500 counts 15, -4,500 counts -5).
    legacy = replace(OLD_TENHOU, final_rounding="halfUpThousand", uma=(15500, 4500, -4500, -15500))
    # 31,800 -> 32 - 30 + 4 = +6; 27,700 -> 28 - 30 - 5 = -7; -1,500 -> -1 - 30 - 16 = -47; top +48.
    assert results(legacy, [42000, 31800, 27700, -1500])[0] == ["48", "6", "-7", "-47"]


def test_a_split_that_ends_on_half_a_hundred_rounds_away_from_zero() -> None:
    # Uma +15,000/+5,100/-5,100/-15,000 shared: the two tied first split 20,100 (10,050 each), the two
    # tied third -20,100: 35,000 -> 5 + 10.05 = 15.05 -> +15.1; 25,000 -> -5 - 10.05 -> -15.1.
    shared = replace(EMA, uma=(15000, 5100, -5100, -15000))
    assert results(shared, [35000, 35000, 25000, 25000])[0] == ["15.1", "15.1", "-15.1", "-15.1"]


def test_ties_by_seat_count_round_the_table_from_the_first_dealer() -> None:
    # Level at 25,000 with seat 1 dealing first: the order is 1, 2, 3, 0.
    assert results(TENHOU, [25000] * 4, dealer=1) == (["-25.0", "35.0", "5.0", "-15.0"], [4, 1, 2, 3])
    # Three players, seat 2 first: 2, 0, 1. 35,000 each under Tenhou's sanma: -5.0, oka 15 and uma 20/0/-20.
    sanma = options("tenhou-sanma", 3)
    assert results(sanma, [35000] * 3, dealer=2) == (["-5.0", "-25.0", "30.0"], [2, 3, 1])


def test_with_every_player_below_the_start_the_simple_uma_holds() -> None:
    # Four riichi sticks left and lost under EMA: all four at 29,000, none at the start: the rows are
    # for one to three below; all four below take the simple uma, by seat: -1 + 15, 5, -5, -15.
    rules = replace(JPML, tied_places="bySeat")
    assert results(rules, [29000] * 4, sticks=4) == (["14.0", "4.0", "-6.0", "-16.0"], [1, 2, 3, 4])


def test_a_penalty_that_is_not_whole_thousands_under_each_thousand_rule() -> None:
    # A chombo of 1,500 (a table's own chomboPoints) on seat 3: the half-up rule of old matches takes
    # 1500 // 1000 = 1 off its -51: -52; Tenhou's thousands take 1.5 off -52: -53.5, a half rounded
    # away from zero: -54.
    scores = [42000, 31800, 27700, -1500]
    legacy = replace(OLD_TENHOU, final_rounding="halfUpThousand")
    assert results(legacy, scores, penalties=[0, 0, 0, 1500])[0] == ["51", "12", "-12", "-52"]
    assert results(OLD_TENHOU, scores, penalties=[0, 0, 0, 1500])[0] == ["52", "12", "-12", "-54"]
