"""Every example of the source document on tenhou, chiihou and renhou, recorded move by move
and paid under Tenhou, Mahjong Soul ranked and EMA 2016 (docs/riichi.md §5)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events.riichi import RiichiCall, RiichiDiscard, RiichiDraw, RiichiWin
from replay.engine.fold import IllegalEvent
from replay.games.riichi.pricing import Priced, Unpriced
from tests.games.riichi.support import RULESETS, Hand, points

CHIIHOU_HAND = "123m456p34789s55z"  # waits on 2s or 5s; the white dragon pair rules out pinfu


@pytest.fixture(params=RULESETS)
def ruleset(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def hand(tmp_path: Path, ruleset: str) -> Iterator[Hand]:
    h = Hand(tmp_path / "r.db", ruleset)
    yield h
    h.close()


def win(hand: Hand) -> Priced:
    record = hand.state.results[-1].wins[-1].priced
    assert isinstance(record, Priced)
    return record


def test_tenhou_pays_48000(hand: Hand) -> None:
    hand.begin({0: "111222333m456p9s"}, reserved="9s")
    hand.record(RiichiDraw(seat=0, tile="9s"), RiichiWin(seat=0, kind="tsumo"))
    assert points(hand) == (48000, -16000, -16000, -16000)
    assert [name for name, _ in win(hand).yaku] == ["Tenhou"]  # no fu, no ordinary yaku, no dora


def test_chiihou_pays_32000(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="5s"), RiichiWin(seat=1, kind="tsumo"))
    assert points(hand) == (-16000, 32000, -8000, -8000)
    assert [name for name, _ in win(hand).yaku] == ["Chiihou"]


def test_the_same_tile_a_turn_later_is_menzen_tsumo_1100(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    hand.turn(0)
    hand.turn(1)  # a junk tile: the first draw passes without a win
    hand.turn(2)
    hand.turn(3)
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="5s"), RiichiWin(seat=1, kind="tsumo"))
    assert points(hand) == (-500, 1100, -300, -300)
    priced = win(hand)
    assert [name for name, _ in priced.yaku] == ["Menzen Tsumo"] and (priced.han, priced.fu) == (1, 30)
    assert dict(priced.fu_details) == {"base": 20, "valued_pair": 2, "tsumo": 2}  # 24, rounded up to 30


def test_chiihou_with_suuankou(hand: Hand, ruleset: str) -> None:
    hand.begin({2: "111m555p999s66z77z"}, reserved="6z7z")
    hand.turn(0)
    hand.turn(1)
    hand.record(RiichiDraw(seat=2, tile="7z"), RiichiWin(seat=2, kind="tsumo"))
    expected = (-16000, -8000, 32000, -8000) if ruleset == "ema2016" else (-32000, -16000, 64000, -16000)
    assert points(hand) == expected
    assert {name for name, _ in win(hand).yaku} == {"Suu Ankou", "Chiihou"}
    if ruleset == "ema2016":
        assert any("do not stack" in note for note in win(hand).notes)


def test_tenhou_with_thirteen_orphans(hand: Hand, ruleset: str) -> None:
    hand.begin({0: "119m19p19s123456z"}, reserved="7z")
    hand.record(RiichiDraw(seat=0, tile="7z"), RiichiWin(seat=0, kind="tsumo"))
    record = hand.state.results[-1].wins[-1].priced
    if ruleset == "mahjongsoul":
        assert isinstance(record, Unpriced) and record.stands
        assert "13-sided" in record.reason
        assert points(hand) == (0, 0, 0, 0)  # nothing is invented
        assert "unpriced" in hand.state.results[-1].explanation
    elif ruleset == "tenhou":
        assert points(hand) == (96000, -32000, -32000, -32000)  # the 13-sided wait counts single
    else:
        assert points(hand) == (48000, -16000, -16000, -16000)  # one yakuman at most


def test_renhou(hand: Hand, ruleset: str) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    hand.record(RiichiDraw(seat=0, tile="5s"), RiichiDiscard(seat=0, tile="5s", tsumogiri=True))
    before = hand.count()
    if ruleset == "ema2016":
        hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
        assert points(hand) == (-8000, 8000, 0, 0)
        assert win(hand).yaku == (("Renhou", 5),) and win(hand).limit == "mangan"
    else:
        with pytest.raises(IllegalEvent) as caught:
            hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
        assert caught.value.code == "riichi.win.no_win"
        assert "no renhou" in caught.value.reason and "no yaku" in caught.value.reason
        assert hand.count() == before


def test_a_closed_kan_by_the_dealer_before_the_first_discard_ends_tenhou(hand: Hand) -> None:
    hand.begin({0: "1111m78m234p567s9s"}, reserved="9s9m", dora="4z")
    hand.record(
        RiichiDraw(seat=0, tile="9s"),
        RiichiCall(kind="ankan", seat=0, tiles=("1m", "1m", "1m", "1m")),
        RiichiDraw(seat=0, tile="9m", rinshan=True),
        RiichiWin(seat=0, kind="tsumo"),
    )
    priced = win(hand)
    assert {name for name, _ in priced.yaku} == {"Rinshan Kaihou", "Menzen Tsumo"}
    assert (priced.han, priced.fu) == (2, 60)  # 20 + 32 for the closed kan of ones + 2 tsumo = 54, rounded up
    assert points(hand) == (6000, -2000, -2000, -2000)


def test_a_call_before_a_non_dealers_first_draw_ends_chiihou(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND, 3: "1357m2468p135s4z4z"}, reserved="2s5s5s4z")
    hand.record(RiichiDraw(seat=0, tile="4z"), RiichiDiscard(seat=0, tile="4z", tsumogiri=True))
    hand.record(RiichiCall(kind="pon", seat=3, tiles=("4z", "4z", "4z"), called="4z", from_seat=0))
    hand.record(RiichiDiscard(seat=3, tile=hand.state.round.hands[3][0]))  # type: ignore[union-attr]
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="5s"), RiichiWin(seat=1, kind="tsumo"))
    assert [name for name, _ in win(hand).yaku] == ["Menzen Tsumo"]
    assert points(hand) == (-500, 1100, -300, -300)


def test_double_riichi_needs_the_uninterrupted_first_go_around(hand: Hand) -> None:
    hand.begin({1: "123m456p34789s55z"}, reserved="2s5s5s1z")
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="1z"))
    from events.riichi import RiichiDeclared

    hand.record(RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile="1z", tsumogiri=True))
    assert 1 in hand.state.round.double  # type: ignore[union-attr]
