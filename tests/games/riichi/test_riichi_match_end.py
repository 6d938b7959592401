"""Where a riichi match ends, hand by hand, under Tenhou's rules and under the older reading the
other rulesets keep (docs/riichi.md, "The end of a match").

Tenhou (its rules page, translated at arcturus.su/mjw "Tenhou.net rules"; mjstars.net "Rules for
4-player ranking match"; mjx-project/mjx State::CheckGameOver, which replays Tenhou's logs):
an abortive draw never ends the match; in all-last, a dealer who wins or is tenpai while first
(ties go to the seat nearer the first dealer) with the goal stops; each hand of the extension ends
the match the same way, except that the extension's last hand ends it unless its dealer keeps
the deal from behind. Each case is one hand at result depth; the scores are worked out here."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.riichi import DeclaredValue, RiichiDeclaredWin, RiichiDrawResult, RiichiRoundStarted
from replay.engine.fold import IllegalEvent
from tests.games.riichi.support import Hand


def _after(
    tmp_path: Path,
    ruleset: str,
    wind: str,
    hand: int,
    scores: tuple[int, ...],
    result: RiichiDrawResult | RiichiDeclaredWin,
    options: tuple[str, ...] = (),
    east_only: bool = False,
) -> tuple[Hand, tuple[int, ...]]:
    played = Hand(tmp_path / f"{ruleset}.db", ruleset, options=options, east_only=east_only)
    dealer = hand - 1  # the first dealer is seat 0
    played.record(
        RiichiRoundStarted(dealer=dealer, hand=hand, honba=0, round_wind=wind, scores=scores, sticks=0), result
    )
    return played, played.state.results[-1].scores


def _goes_on(played: Hand, wind: str, hand: int, dealer: int, scores: tuple[int, ...]) -> str | None:
    """None when the next hand is accepted, else why the match is over."""
    following = RiichiRoundStarted(dealer=dealer, hand=hand, honba=1, round_wind=wind, scores=scores, sticks=0)
    try:
        played.record(following)
    except IllegalEvent as refused:
        assert refused.code == "riichi.match.over"
        return refused.reason
    finally:
        played.close()
    return None


@pytest.mark.parametrize(("ruleset", "over"), [("tenhou", False), ("mahjongsoul", True)])
def test_an_abortive_draw_in_all_last_does_not_let_a_leading_dealer_stop_under_tenhou(
    tmp_path: Path, ruleset: str, over: bool
) -> None:
    # South 4, the dealer (seat 3) first with 35,000; four winds: nothing is paid, the hand is played again.
    played, scores = _after(
        tmp_path, ruleset, "S", 4, (20000, 22000, 23000, 35000), RiichiDrawResult(abort="four_winds")
    )
    assert scores == (20000, 22000, 23000, 35000)
    reason = _goes_on(played, "S", 4, 3, scores)
    assert (reason is not None) is over
    if over:
        assert reason == "the match is over: the last dealer leads with the return points and stops; record match_ended"


def test_a_tenpai_dealer_first_with_the_goal_stops_in_all_last(tmp_path: Path) -> None:
    # South 4: the dealer alone tenpai takes 3,000 (1,000 from each): 30,000 -> 33,000, first.
    played, scores = _after(tmp_path, "tenhou", "S", 4, (30000, 20000, 20000, 30000), RiichiDrawResult(tenpai=(3,)))
    assert scores == (29000, 19000, 19000, 33000)
    assert _goes_on(played, "S", 4, 3, scores) == (
        "the match is over: the last dealer leads with the return points and stops; record match_ended"
    )


def test_a_dealer_tied_for_first_in_all_last_is_second_and_plays_on(tmp_path: Path) -> None:
    # South 4: the dealer alone tenpai, 28,000 -> 31,000, level with seat 0 (32,000 -> 31,000).
    # Seat 0 is nearer the first dealer, so seat 0 is first and the dealer plays on.
    played, scores = _after(tmp_path, "tenhou", "S", 4, (32000, 20000, 20000, 28000), RiichiDrawResult(tenpai=(3,)))
    assert scores == (31000, 19000, 19000, 31000)
    assert _goes_on(played, "S", 4, 3, scores) is None


def test_a_dealer_tied_for_first_with_a_seat_other_than_the_first_dealers_plays_on(tmp_path: Path) -> None:
    # South 4: the dealer (seat 3) alone tenpai, 28,000 -> 31,000, level with seat 1 (32,000 -> 31,000).
    # Seat 1 sits nearer the first dealer (seat 0) than seat 3, so seat 1 is first and the dealer plays on.
    played, scores = _after(tmp_path, "tenhou", "S", 4, (20000, 32000, 20000, 28000), RiichiDrawResult(tenpai=(3,)))
    assert scores == (19000, 31000, 19000, 31000)
    assert _goes_on(played, "S", 4, 3, scores) is None


@pytest.mark.parametrize(("ruleset", "over"), [("tenhou", False), ("mahjongsoul", True)])
def test_an_extension_dealer_who_keeps_the_deal_from_behind_plays_on_under_tenhou(
    tmp_path: Path, ruleset: str, over: bool
) -> None:
    # West 1, dealer seat 0; seats 0 and 1 tenpai take 1,500 each from 2 and 3: seat 1 reaches
    # 31,000, the dealer 25,500 is behind and keeps the deal.
    start = (24000, 29500, 24000, 22500)
    played, scores = _after(tmp_path, ruleset, "W", 1, start, RiichiDrawResult(tenpai=(0, 1)))
    assert scores == (25500, 31000, 22500, 21000)
    reason = _goes_on(played, "W", 1, 0, scores)
    assert (reason is not None) is over
    if over:
        assert reason == "the match is over: 31000 reached the return points in the extension; record match_ended"


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjongsoul"])
def test_an_extension_dealer_first_with_the_goal_stops(tmp_path: Path, ruleset: str) -> None:
    # West 2, dealer seat 1, alone tenpai: 28,000 -> 31,000, first.
    played, scores = _after(tmp_path, ruleset, "W", 2, (25000, 28000, 25000, 22000), RiichiDrawResult(tenpai=(1,)))
    assert scores == (24000, 31000, 24000, 21000)
    assert _goes_on(played, "W", 2, 1, scores) is not None


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjongsoul"])
def test_the_extensions_last_dealer_first_but_short_of_the_goal_plays_west_4_again(
    tmp_path: Path, ruleset: str
) -> None:
    # West 4, dealer seat 3, alone tenpai: 26,000 -> 29,000, first but short of 30,000. Below the goal no
    # dealer may stop, and there is no North round: West 4 is played again with a honba.
    played, scores = _after(tmp_path, ruleset, "W", 4, (24000, 24000, 26000, 26000), RiichiDrawResult(tenpai=(3,)))
    assert scores == (23000, 23000, 25000, 29000)
    assert _goes_on(played, "W", 4, 3, scores) is None


def test_the_extensions_last_dealer_behind_plays_on_under_tenhou(tmp_path: Path) -> None:
    # West 4, dealer seat 3 and seat 0 tenpai: 1,500 each from seats 1 and 2; seat 0 is first.
    played, scores = _after(tmp_path, "tenhou", "W", 4, (28000, 24000, 24000, 24000), RiichiDrawResult(tenpai=(0, 3)))
    assert scores == (29500, 22500, 22500, 25500)
    assert _goes_on(played, "W", 4, 3, scores) is None


def test_an_abortive_draw_in_the_extension_plays_the_hand_again_under_tenhou(tmp_path: Path) -> None:
    # West 2 starts with seat 0 on 31,000 (a score a ruleset may carry in); nine terminals is declared.
    played, scores = _after(
        tmp_path, "tenhou", "W", 2, (31000, 23000, 23000, 23000), RiichiDrawResult(abort="kyuushu_kyuuhai")
    )
    assert scores == (31000, 23000, 23000, 23000)
    assert _goes_on(played, "W", 2, 1, scores) is None


def test_an_extension_dealer_tied_for_first_is_first_by_seat_and_stops_under_tenhou(tmp_path: Path) -> None:
    # West 1, dealer seat 0, and seat 1 tenpai: 1,500 each from seats 2 and 3; both reach 31,000.
    # Seat 0 is the first dealer, so the tie is the dealer's: first with the goal, the dealer stops.
    start = (29500, 29500, 21000, 20000)
    played, scores = _after(tmp_path, "tenhou", "W", 1, start, RiichiDrawResult(tenpai=(0, 1)))
    assert scores == (31000, 31000, 19500, 18500)
    assert _goes_on(played, "W", 1, 0, scores) == (
        "the match is over: 31000 reached the return points in the extension; record match_ended"
    )


def _dealer_tsumo(dealer: int, han: int, fu: int) -> RiichiDeclaredWin:
    return RiichiDeclaredWin(kind="tsumo", wins=(DeclaredValue(seat=dealer, han=han, fu=fu),))


def test_a_dealer_who_wins_west_4_on_top_but_under_the_goal_plays_it_again_under_tenhou(tmp_path: Path) -> None:
    # West 4, dealer seat 3 on 27,000, nobody at 30,000. A dealer tsumo of 1 han 30 fu is 500 from each:
    # 27,000 -> 28,500, first but under 30,000. Tenhou's sudden death: no stop below the goal, and no
    # North round: West 4 is played again, 1 honba (the real games do this; "天鳳で間違えやすい3つのルール").
    start = (24000, 24500, 24500, 27000)
    played, scores = _after(tmp_path, "tenhou", "W", 4, start, _dealer_tsumo(3, 1, 30))
    assert scores == (23500, 24000, 24000, 28500)
    assert _goes_on(played, "W", 4, 3, scores) is None


def test_a_dealer_who_wins_west_4_reaching_the_goal_stops_under_tenhou(tmp_path: Path) -> None:
    # West 4, dealer seat 3 on 27,000: a dealer tsumo of 2 han 30 fu is 1,000 from each (base 480, twice,
    # rounded up): 30,000, first.
    start = (24000, 24500, 24500, 27000)
    played, scores = _after(tmp_path, "tenhou", "W", 4, start, _dealer_tsumo(3, 2, 30))
    assert scores == (23000, 23500, 23500, 30000)
    assert _goes_on(played, "W", 4, 3, scores) == (
        "the match is over: 30000 reached the return points in the extension; record match_ended"
    )


def test_west_4_ends_the_match_when_the_deal_leaves_its_dealer_under_tenhou(tmp_path: Path) -> None:
    # West 4, dealer seat 3; seat 0 tsumo 1 han 30 fu: 300 from each non-dealer, 500 from the dealer.
    # Nobody at 30,000, but the deal leaves the last dealer: there is no North round.
    start = (24000, 24500, 24500, 27000)
    win = RiichiDeclaredWin(kind="tsumo", wins=(DeclaredValue(seat=0, han=1, fu=30),))
    played, scores = _after(tmp_path, "tenhou", "W", 4, start, win)
    assert scores == (25100, 24200, 24200, 26500)
    assert _goes_on(played, "W", 1, 0, scores) == "the match is over: the extension is played out; record match_ended"


def test_an_extension_dealer_who_keeps_the_deal_outranks_another_seat_reaching_the_goal(tmp_path: Path) -> None:
    # West 2, dealer seat 1 and seat 0 tenpai: 1,500 each from seats 2 and 3. Seat 0 reaches 31,000 but the
    # dealer (26,500) keeps the deal: the renchan comes first, West 2 is played again.
    start = (29500, 25000, 23000, 22500)
    played, scores = _after(tmp_path, "tenhou", "W", 2, start, RiichiDrawResult(tenpai=(0, 1)))
    assert scores == (31000, 26500, 21500, 21000)
    assert _goes_on(played, "W", 2, 1, scores) is None


# Tenhou's blog, 2010-05-18 ("ラス親トップの自動聴牌止め導入"): from June 2010 a leading last dealer who is
# tenpai at an exhaustive draw ends the match; before, the dealer kept the deal and played on.
@pytest.mark.parametrize(("stops_at_draw", "over"), [("true", True), ("false", False)])
def test_a_leading_last_dealer_tenpai_at_a_draw_stops_only_under_the_rule_of_june_2010(
    tmp_path: Path, stops_at_draw: str, over: bool
) -> None:
    # South 4: the dealer alone tenpai takes 3,000: 30,000 -> 33,000, first with the goal.
    played, scores = _after(
        tmp_path,
        "tenhou",
        "S",
        4,
        (30000, 20000, 20000, 30000),
        RiichiDrawResult(tenpai=(3,)),
        options=(f"riichi.leaderStopsAtDraw={stops_at_draw}",),
    )
    assert scores == (29000, 19000, 19000, 33000)
    reason = _goes_on(played, "S", 4, 3, scores)
    assert (reason is not None) is over


def test_a_leading_last_dealer_who_wins_stops_under_either_rule_of_2010(tmp_path: Path) -> None:
    # South 4, dealer seat 3 on 30,000: tsumo 1 han 30 fu, 500 from each: 31,500, first. A win stopped
    # the match before June 2010 too.
    start = (30000, 20000, 20000, 30000)
    played, scores = _after(
        tmp_path, "tenhou", "S", 4, start, _dealer_tsumo(3, 1, 30), options=("riichi.leaderStopsAtDraw=false",)
    )
    assert scores == (29500, 19500, 19500, 31500)
    assert _goes_on(played, "S", 4, 3, scores) == (
        "the match is over: the last dealer leads with the return points and stops; record match_ended"
    )


def test_an_extension_dealer_leading_with_the_goal_plays_on_after_a_tenpai_draw_before_june_2010(
    tmp_path: Path,
) -> None:
    # West 2, dealer seat 1, alone tenpai: 28,000 -> 31,000, first. Before June 2010 the dealer kept the deal.
    played, scores = _after(
        tmp_path,
        "tenhou",
        "W",
        2,
        (25000, 28000, 25000, 22000),
        RiichiDrawResult(tenpai=(1,)),
        options=("riichi.leaderStopsAtDraw=false",),
    )
    assert scores == (24000, 31000, 24000, 21000)
    assert _goes_on(played, "W", 2, 1, scores) is None


def test_an_east_only_match_has_its_extension_in_the_south_round_under_tenhou(tmp_path: Path) -> None:
    """A tonpuusen's all-last is East 4, so South 1 is already its extension: seat 1, alone tenpai,
    27,000 -> 30,000 (the others pay 1,000 each), exactly the goal, ends it; in a hanchan the same
    hand is an ordinary South 1 and the match goes on. Plants: the East-only match read as a hanchan
    (its last wind South), the goal reached only above 30,000."""
    played, scores = _after(tmp_path, "tenhou", "S", 1, (25000, 27000, 25000, 23000), RiichiDrawResult(tenpai=(1,)),
                            east_only=True)  # fmt: skip
    assert scores == (24000, 30000, 24000, 22000)
    reason = _goes_on(played, "S", 2, 1, scores)
    assert reason == "the match is over: 30000 reached the return points in the extension; record match_ended"
    (tmp_path / "h").mkdir()
    hanchan, scores = _after(tmp_path / "h", "tenhou", "S", 1, (25000, 27000, 25000, 23000),
                             RiichiDrawResult(tenpai=(1,)))  # fmt: skip
    assert _goes_on(hanchan, "S", 2, 1, scores) is None


def test_west_4_ends_the_match_when_its_dealer_loses_the_deal_under_the_end_at_goal_reading(tmp_path: Path) -> None:
    """Where the extension ends only at the goal or its last hand (riichi.extensionHands=endAtGoal):
    West 4, seat 0 alone tenpai, 26,000 -> 29,000, short of the goal, and the dealer (seat 3) noten
    loses the deal: there is no North round. Plant: the last hand's end needing the North round too."""
    played, scores = _after(tmp_path, "tenhou", "W", 4, (26000, 25000, 25000, 24000), RiichiDrawResult(tenpai=(0,)),
                            options=("riichi.extensionHands=endAtGoal",))  # fmt: skip
    assert scores == (29000, 24000, 24000, 23000)
    assert _goes_on(played, "N", 1, 0, scores) == (
        "the match is over: the extension is played out; record match_ended")  # fmt: skip
