"""Riichi match flow: several rons on one tile under each ruleset, and the end below zero."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.riichi import AbortiveDraw, RiichiDiscard, RiichiDraw, RiichiDrawResult, RiichiRoundStarted, RiichiWin
from replay.engine.fold import IllegalEvent
from replay.games.riichi.pricing import Priced, price
from tests.games.riichi.support import Hand

# Seats 1, 2 and 3 all wait on 3m, each with a yaku (white, red, their seat wind North).
WAITING = {1: "12m456p789s11z555z", 2: "12m789p234s66z777z", 3: "12m111p999s33z444z"}


def double_ron(tmp_path: Path, ruleset: str) -> Hand:
    hand = Hand(tmp_path / f"{ruleset}.db", ruleset)
    hand.begin({1: WAITING[1], 2: WAITING[2]}, reserved="3m", honba=2, sticks=1)
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
    return hand


def bare(hand: Hand, seat: int) -> int:
    """What the win is worth with no honba and no sticks."""
    record = next(w for w in hand.state.results[-1].wins if w.seat == seat)
    assert hand.state.options is not None
    plain = price(record.hand._replace(honba=0, sticks=0), hand.state.options)
    assert isinstance(plain, Priced)
    return plain.payments[seat]


def test_tenhou_double_ron_gives_honba_and_sticks_to_the_nearest_winner(tmp_path: Path) -> None:
    hand = double_ron(tmp_path, "tenhou")
    points = hand.state.results[-1].points
    assert points[1] == bare(hand, 1) + 600 + 1000
    assert points[2] == bare(hand, 2)
    assert points[0] == -(bare(hand, 1) + 600) - bare(hand, 2)
    hand.close()


def test_ema_double_ron_pays_honba_to_each_winner(tmp_path: Path) -> None:
    hand = double_ron(tmp_path, "ema2016")
    points = hand.state.results[-1].points
    assert points[1] == bare(hand, 1) + 600 + 1000  # the nearest takes the stick on the table
    assert points[2] == bare(hand, 2) + 600
    hand.close()


def test_rons_are_recorded_nearest_first(tmp_path: Path) -> None:
    hand = Hand(tmp_path / "o.db", "tenhou")
    hand.begin({1: WAITING[1], 2: WAITING[2]}, reserved="3m")
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
    with pytest.raises(IllegalEvent) as caught:
        hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    assert caught.value.code == "riichi.win.order"
    hand.close()


@pytest.mark.parametrize(("ruleset", "allowed"), [("tenhou", False), ("mahjongsoul", True), ("ema2016", True)])
def test_triple_ron(tmp_path: Path, ruleset: str, allowed: bool) -> None:
    hand = Hand(tmp_path / "t.db", ruleset)
    hand.begin(WAITING, reserved="3m")
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0), RiichiWin(seat=2, kind="ron", from_seat=0))
    third = RiichiWin(seat=3, kind="ron", from_seat=0)
    if allowed:
        hand.record(third)
        assert len(hand.state.results[-1].wins) == 3
    else:
        with pytest.raises(IllegalEvent) as caught:
            hand.record(third)
        assert caught.value.code == "riichi.win.triple_ron" and "abortive_draw" in caught.value.reason
    hand.close()


def test_three_rons_abort_a_tenhou_hand_when_three_players_may_ron(tmp_path: Path) -> None:
    """Seats 1, 2 and 3 all wait on 3m; the dealer lets it go: the hand is aborted. Nothing is paid."""
    hand = Hand(tmp_path / "t.db", "tenhou")
    hand.begin(WAITING, reserved="3m")
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    hand.record(AbortiveDraw(kind="triple_ron"))
    result = hand.state.results[-1]
    assert (result.kind, result.points) == ("abortive", (0, 0, 0, 0))
    hand.close()


@pytest.mark.parametrize(("ruleset", "waiting", "says"), [
    ("tenhou", {1: WAITING[1]}, "only when three players may ron the last discard; 1 player may ron it"),
    ("tenhou", {}, "no one may ron it"),
    ("mahjongsoul", WAITING, "under mahjongsoul three rons on one tile all win: record each ron"),
])  # fmt: skip
def test_three_rons_are_refused_as_an_abort_where_they_are_not(
    tmp_path: Path, ruleset: str, waiting: dict[int, str], says: str
) -> None:
    """Plant: the triple-ron abort accepted after any discard (it was offered as the first button)."""
    hand = Hand(tmp_path / "t.db", ruleset)
    hand.begin(waiting, reserved="3m")
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    with pytest.raises(IllegalEvent) as caught:
        hand.record(AbortiveDraw(kind="triple_ron"))
    assert caught.value.code == "riichi.abort.triple_ron" and says in caught.value.reason, caught.value.reason
    hand.close()


@pytest.mark.parametrize(("ruleset", "ends"), [("tenhou", True), ("ema2016", False)])
def test_a_player_below_zero_ends_the_match_where_the_ruleset_says(tmp_path: Path, ruleset: str, ends: bool) -> None:
    hand = Hand(tmp_path / "z.db", ruleset)
    hand.begin({1: "123m456p34789s55z"}, reserved="2s5s5s", scores=(5000, 25000, 35000, 35000))
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="5s"), RiichiWin(seat=1, kind="tsumo"))  # chiihou: the dealer pays 16,000
    assert hand.state.results[-1].scores[0] == -11000
    following = RiichiRoundStarted(
        dealer=1, hand=2, honba=0, round_wind="E", scores=hand.state.results[-1].scores, sticks=0
    )
    if ends:
        with pytest.raises(IllegalEvent) as caught:
            hand.record(following)
        assert caught.value.code == "riichi.match.over" and "Ton went below zero" in caught.value.reason
    else:
        hand.record(following)
    hand.close()


@pytest.mark.parametrize(
    ("ruleset", "scores", "goes_on"),
    [
        # South 4: the dealer (North) noten, East alone tenpai, so East gains 3,000.
        ("mahjongsoul", (26000, 25000, 24000, 25000), True),  # East 29,000: under 30,000, into West
        ("tenhou", (26000, 25000, 24000, 25000), True),
        ("mahjongsoul", (28000, 24000, 24000, 24000), False),  # East 31,000: the game is over
        ("ema2016", (26000, 25000, 24000, 25000), False),  # EMA plays no extension
    ],
)
def test_the_last_hand_ends_the_game_only_when_the_top_player_holds_the_goal(
    tmp_path: Path, ruleset: str, scores: tuple[int, ...], goes_on: bool
) -> None:
    # Mahjong Soul returns 25,000 but, like Tenhou, plays into West until someone holds 30,000.
    hand = Hand(tmp_path / "g.db", ruleset)
    start = RiichiRoundStarted(dealer=3, hand=4, honba=0, round_wind="S", scores=scores, sticks=0)
    hand.record(start, RiichiDrawResult(tenpai=(0,)))  # East +3,000; the others -1,000 each
    west = RiichiRoundStarted(dealer=0, hand=1, honba=1, round_wind="W", scores=hand.state.results[-1].scores, sticks=0)
    if goes_on:
        hand.record(west)
    else:
        with pytest.raises(IllegalEvent) as caught:
            hand.record(west)
        assert caught.value.code == "riichi.match.over"
    hand.close()
