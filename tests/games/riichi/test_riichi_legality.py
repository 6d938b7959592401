"""Illegal riichi events are refused with the reason and a stable code, and nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.model import Payload
from events.riichi import (
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiHandResult,
    RiichiWin,
)
from replay.engine.fold import IllegalEvent
from replay.games.riichi.view import result_json
from tests.games.riichi.support import Hand, tiles

CHIIHOU_HAND = "123m456p34789s55z"


@pytest.fixture
def hand(tmp_path: Path) -> Iterator[Hand]:
    h = Hand(tmp_path / "r.db", "tenhou")
    yield h
    h.close()


def refused(hand: Hand, code: str, *events: Payload) -> str:
    before = hand.count()
    with pytest.raises(IllegalEvent) as caught:
        hand.record(*events)
    assert caught.value.code == code, caught.value
    assert hand.count() == before
    return caught.value.reason


def test_a_fifth_copy_of_a_tile(hand: Hand) -> None:
    hand.begin({0: "1111m234p567s99s1z"})
    reason = refused(hand, "riichi.tiles.fifth_copy", RiichiDraw(seat=0, tile="1m"))
    assert "a fifth 1m" in reason


def test_a_fifth_copy_in_the_deal(hand: Hand) -> None:
    from events.riichi import RiichiRoundStarted

    hand.record(RiichiRoundStarted(dealer=0, hand=1, honba=0, round_wind="E", scores=(25000,) * 4, sticks=0))
    bad = RiichiDeal(
        hands=(
            tiles("11112223m45678p"),
            tiles("1m9999p1234s1234z"),
            tiles("5555s6666s7777s1z"),
            tiles("8888s9999s5555z2z"),
        ),
        dora_indicator="2p",
    )
    reason = refused(hand, "riichi.tiles.fifth_copy", bad)
    assert "a fifth 1m" in reason


def test_no_red_fives_where_the_ruleset_has_none(tmp_path: Path) -> None:
    ema = Hand(tmp_path / "e.db", "ema2016")
    ema.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    reason = refused(ema, "riichi.tiles.no_red", RiichiDraw(seat=0, tile="0p"))
    assert "without red fives" in reason
    ema.close()


def test_a_discard_not_in_the_hand(hand: Hand) -> None:
    hand.begin({0: "111222333m456p9s"}, reserved="9s")
    hand.record(RiichiDraw(seat=0, tile="9s"))
    reason = refused(hand, "riichi.discard.not_in_hand", RiichiDiscard(seat=0, tile="7z"))
    assert "7z is not in seat 0's hand" in reason


def test_discard_out_of_turn_and_before_drawing(hand: Hand) -> None:
    hand.begin({0: "111222333m456p9s"}, reserved="9s")
    refused(hand, "riichi.discard.out_of_turn", RiichiDiscard(seat=0, tile="1m"))
    hand.record(RiichiDraw(seat=0, tile="9s"))
    refused(hand, "riichi.turn.wrong_seat", RiichiDiscard(seat=1, tile="1m"))
    refused(hand, "riichi.draw.out_of_turn", RiichiDraw(seat=1, tile="1z"))


def test_a_call_the_hand_cannot_make(hand: Hand) -> None:
    hand.begin({0: "123m456p34789s55z", 2: "5z1368m258p369s14z"}, reserved="5z")
    hand.record(RiichiDraw(seat=0, tile="5z"), RiichiDiscard(seat=0, tile="5z", tsumogiri=True))
    # Seat 2 holds one white dragon: no pon.
    refused(hand, "riichi.call.not_in_hand", RiichiCall(kind="pon", seat=2, tiles=("5z", "5z", "5z"), called="5z"))
    refused(hand, "riichi.call.shape", RiichiCall(kind="pon", seat=2, tiles=("5z", "6z", "7z"), called="5z"))
    refused(hand, "riichi.call.chi_seat", RiichiCall(kind="chi", seat=3, tiles=("5z", "6z", "7z"), called="5z"))


def test_a_chi_only_from_the_left_and_only_a_run(hand: Hand) -> None:
    hand.begin({0: "111222333m456p9s", 1: "34m8m258p369s1234z"}, reserved="5m")
    hand.record(RiichiDraw(seat=0, tile="5m"), RiichiDiscard(seat=0, tile="5m", tsumogiri=True))
    refused(hand, "riichi.call.chi_seat", RiichiCall(kind="chi", seat=2, tiles=("3m", "4m", "5m"), called="5m"))
    refused(hand, "riichi.call.shape", RiichiCall(kind="chi", seat=1, tiles=("3m", "5m", "8m"), called="5m"))
    hand.record(RiichiCall(kind="chi", seat=1, tiles=("3m", "4m", "5m"), called="5m", from_seat=0))
    state = hand.state.round
    assert state is not None and state.to_move == 1 and state.interrupted and state.phase == "discard"


def test_a_call_out_of_turn(hand: Hand) -> None:
    hand.begin({0: "1111m234p567s9s1z2z", 1: "2345m2468p1357s1z"}, reserved="9s")
    refused(hand, "riichi.call.out_of_turn", RiichiCall(kind="ankan", seat=0, tiles=("1m",) * 4))
    hand.record(RiichiDraw(seat=0, tile="9s"))
    refused(hand, "riichi.call.out_of_turn", RiichiCall(kind="ankan", seat=1, tiles=("1m",) * 4))
    refused(hand, "riichi.call.no_discard", RiichiCall(kind="pon", seat=1, tiles=("9s", "9s", "9s"), called="9s"))


def test_riichi_with_an_open_hand(hand: Hand) -> None:
    hand.begin({0: "111222333m456p9s", 1: "34m689m258p369s12z"}, reserved="5m")
    hand.record(RiichiDraw(seat=0, tile="5m"), RiichiDiscard(seat=0, tile="5m", tsumogiri=True))
    hand.record(RiichiCall(kind="chi", seat=1, tiles=("3m", "4m", "5m"), called="5m", from_seat=0))
    reason = refused(hand, "riichi.riichi.open_hand", RiichiDeclared(seat=1))
    assert "open" in reason


def test_riichi_on_a_hand_not_in_tenpai(hand: Hand) -> None:
    hand.begin({1: "1357m2468p1357s1z"}, reserved="9s")
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="9s"))
    reason = refused(hand, "riichi.riichi.not_tenpai", RiichiDeclared(seat=1))
    assert "tenpai" in reason


def test_riichi_with_the_wrong_discard_is_refused_at_the_discard(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s9s")
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="9s"))
    refused(hand, "riichi.riichi.not_tenpai", RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile="1m"))
    hand.record(RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile="9s", tsumogiri=True))
    assert hand.state.round.riichi[1]  # type: ignore[union-attr]


def test_riichi_with_fewer_than_1000_points(tmp_path: Path) -> None:
    poor = Hand(tmp_path / "p.db", "tenhou")
    poor.begin({1: CHIIHOU_HAND}, reserved="2s5s5s9s", scores=(25000, 900, 37100, 37000))
    poor.turn(0)
    poor.record(RiichiDraw(seat=1, tile="9s"))
    reason = refused(poor, "riichi.riichi.points", RiichiDeclared(seat=1))
    assert "900 points" in reason
    poor.close()


@pytest.mark.parametrize(("own", "named"), [(("2s",), "2s"), (("2s", "5s"), "2s and 5s")])
def test_a_ron_in_furiten_own_discard(hand: Hand, own: tuple[str, ...], named: str) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s2s2s2s5s5s5s5s")
    for tile in own:
        hand.turn(0)
        hand.record(RiichiDraw(seat=1, tile=tile))
        hand.record(RiichiDiscard(seat=1, tile=tile, tsumogiri=True))  # discards a wait: furiten
        hand.turn(2)
        hand.turn(3)
    hand.record(RiichiDraw(seat=0, tile="5s"), RiichiDiscard(seat=0, tile="5s", tsumogiri=True))
    reason = refused(hand, "riichi.win.furiten", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == f"seat 1 is furiten: it waits on {named}, in its own river"


def test_a_ron_in_furiten_after_passing_a_winning_tile(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s2s5s5s")
    hand.turn(0)
    hand.turn(1)
    hand.record(RiichiDraw(seat=2, tile="2s"), RiichiDiscard(seat=2, tile="2s", tsumogiri=True))
    hand.turn(3)  # seat 1 let the 2s pass
    hand.record(RiichiDraw(seat=0, tile="5s"), RiichiDiscard(seat=0, tile="5s", tsumogiri=True))
    reason = refused(hand, "riichi.win.furiten", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "seat 1 passed a winning tile since its last discard"


ALL_TWOS_AND_FIVES = "2s2s2s2s5s5s5s5s"  # seat 1's waits, kept out of every other hand and junk draw


def test_a_passed_winning_tile_is_furiten_until_ones_own_discard_then_clears(hand: Hand) -> None:
    hand.begin({1: "234m456p678p34s66s"}, reserved=ALL_TWOS_AND_FIVES)  # tanyao, waiting on 2s and 5s
    hand.turn(0)
    hand.turn(1)
    hand.record(RiichiDraw(seat=2, tile="2s"), RiichiDiscard(seat=2, tile="2s", tsumogiri=True))  # seat 1 lets it pass
    hand.turn(3)
    hand.record(RiichiDraw(seat=0, tile="5s"), RiichiDiscard(seat=0, tile="5s", tsumogiri=True))
    refused(hand, "riichi.win.furiten", RiichiWin(seat=1, kind="ron", from_seat=0))  # the same go-around
    hand.turn(1)  # his own discard ends the temporary furiten
    hand.record(RiichiDraw(seat=2, tile="5s"), RiichiDiscard(seat=2, tile="5s", tsumogiri=True))
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=2))
    assert hand.state.results[-1].winners == (1,)


def test_a_winning_tile_passed_in_riichi_is_furiten_for_the_rest_of_the_hand(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved=ALL_TWOS_AND_FIVES)
    hand.turn(0)
    junk = hand.junk.pop(0)
    hand.record(RiichiDraw(seat=1, tile=junk), RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile=junk, tsumogiri=True))
    hand.record(RiichiDraw(seat=2, tile="2s"), RiichiDiscard(seat=2, tile="2s", tsumogiri=True))  # passed in riichi
    hand.turn(3)
    hand.turn(0)
    hand.turn(1)  # his own discard does not clear it in riichi
    hand.record(RiichiDraw(seat=2, tile="5s"), RiichiDiscard(seat=2, tile="5s", tsumogiri=True))
    reason = refused(hand, "riichi.win.furiten", RiichiWin(seat=1, kind="ron", from_seat=2))
    assert reason == "seat 1 passed a winning tile after riichi and may not ron"


def test_a_win_on_a_hand_that_is_not_complete(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s9s")
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="9s"))
    reason = refused(hand, "riichi.win.incomplete", RiichiWin(seat=1, kind="tsumo"))
    assert reason == "123m456p347899s55z is not a complete hand"  # the hand and the drawn 9s, sorted


def test_a_win_without_yaku(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    hand.turn(0)
    hand.turn(1)
    hand.turn(2)
    hand.record(RiichiDraw(seat=3, tile="5s"), RiichiDiscard(seat=3, tile="5s", tsumogiri=True))
    reason = refused(hand, "riichi.win.no_win", RiichiWin(seat=1, kind="ron", from_seat=3))
    assert reason == "this win does not stand under tenhou: the hand has no yaku"


def test_an_exhaustive_draw_while_tiles_remain(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    hand.turn(0)
    reason = refused(hand, "riichi.draw.not_exhausted", ExhaustiveDraw(tenpai=(1,)))
    assert "tiles are left" in reason


def test_a_kan_dora_with_no_kan(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s5s")
    refused(hand, "riichi.dora.no_kan", DoraRevealed(indicator="1z"))


def test_with_red_fives_the_fourth_five_is_the_red_one(hand: Hand) -> None:
    hand.begin({0: "555m123p456p789s1z", 1: CHIIHOU_HAND})
    reason = refused(hand, "riichi.tiles.red_five", RiichiDraw(seat=0, tile="5m"))
    assert "write 0m" in reason
    hand.record(RiichiDraw(seat=0, tile="0m"))  # the red one is fine


def test_the_set_has_one_red_five_of_a_suit(hand: Hand) -> None:
    hand.begin({0: "055m123p456p789s1z", 1: CHIIHOU_HAND})
    reason = refused(hand, "riichi.tiles.fifth_copy", RiichiDraw(seat=0, tile="0m"))
    assert "a second red 5m" in reason


def test_a_red_five_counts_towards_the_four_fives(hand: Hand) -> None:
    hand.begin({0: "0555m123p456p789s", 1: CHIIHOU_HAND})
    reason = refused(hand, "riichi.tiles.fifth_copy", RiichiDraw(seat=0, tile="5m"))
    assert "a fifth 5m" in reason


def test_an_ura_indicator_is_a_tile_like_any_other_no_fifth_copy(hand: Hand) -> None:
    # Seat 1 holds one 9s and seat 2 three: a 9s ura indicator would be the fifth.
    hand.begin({1: CHIIHOU_HAND, 2: "999s1112223334z"}, reserved=ALL_TWOS_AND_FIVES)
    hand.turn(0)
    junk = hand.junk.pop(0)
    hand.record(RiichiDraw(seat=1, tile=junk), RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile=junk, tsumogiri=True))
    hand.turn(2, discard="4z")
    hand.turn(3)
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="2s"))
    reason = refused(hand, "riichi.tiles.fifth_copy", RiichiWin(seat=1, kind="tsumo", ura_indicators=("9s",)))
    assert "a fifth 9s" in reason
    hand.record(RiichiWin(seat=1, kind="tsumo", ura_indicators=("8s",)))


def test_a_discard_by_a_seat_that_is_not_to_move_names_whose_turn_it_is(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND})
    reason = refused(hand, "riichi.turn.wrong_seat", RiichiDiscard(seat=1, tile="5z"))
    assert reason == "it is seat 0's turn to draw; seat 1 cannot discard now"
    hand.turn(0)
    reason = refused(hand, "riichi.discard.out_of_turn", RiichiDiscard(seat=1, tile="5z"))
    assert reason == "seat 1 must draw before discarding"


# ---- every refusal of a win, by its code ----
# Seat 1 holds 123m 456p 34789s 55z: tenpai on 2s and 5s.


def test_a_tsumo_is_only_on_the_tile_just_drawn_by_the_seat_to_move(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    reason = refused(hand, "riichi.win.tsumo_out_of_turn", RiichiWin(seat=1, kind="tsumo"))
    assert reason == "a tsumo is declared on the tile just drawn, before discarding"


def test_a_ron_needs_a_discard(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    reason = refused(hand, "riichi.win.no_discard", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "a ron is declared on a discard (or an added kan), and there is none"


def test_a_ron_names_the_seat_that_discarded(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    hand.turn(0, draw="5s")
    reason = refused(hand, "riichi.win.from_seat", RiichiWin(seat=1, kind="ron", from_seat=2))
    assert reason == "the tile to ron is seat 0's, not seat 2's"


def test_nobody_rons_his_own_discard(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    hand.turn(0, draw="5s")
    reason = refused(hand, "riichi.win.own_discard", RiichiWin(seat=0, kind="ron", from_seat=0))
    assert reason == "a player cannot ron his own discard"


def test_one_seat_wins_once_on_a_tile(hand: Hand) -> None:
    hand.begin({1: "234m456p34678s88p"}, reserved="2s5s")  # all simples: tanyao on a ron of 2s or 5s
    hand.turn(0, draw="5s")
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    reason = refused(hand, "riichi.win.twice", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "seat 1 has already won on this tile"


def test_ura_dora_only_for_a_riichi_winner(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    hand.turn(0, draw="5s")
    reason = refused(hand, "riichi.win.ura", RiichiWin(seat=1, kind="ron", from_seat=0, ura_indicators=("1m",)))
    assert reason == "ura dora are turned only for a riichi winner"


# ---- liability (pao): the seat named must have fed one of the winner's dragon or wind melds ----


def daisangen_with_a_fed_pon_of_each_kind(hand: Hand) -> None:
    """Seat 1 pons White from seat 0 and 1m from seat 3, and draws 9s to Daisangen (666z 777z
    concealed, 9s alone): seat 0 fed a dragon, seat 3 a number tile, seat 2 nothing."""
    hand.begin({1: "11m4p8p9s55z666z777z"}, reserved="5z1m9s")
    hand.record(RiichiDraw(seat=0, tile="5z"), RiichiDiscard(seat=0, tile="5z", tsumogiri=True))
    hand.record(RiichiCall(kind="pon", seat=1, tiles=("5z", "5z", "5z"), called="5z", from_seat=0))
    hand.record(RiichiDiscard(seat=1, tile="4p", tsumogiri=False))
    hand.turn(2)
    hand.record(RiichiDraw(seat=3, tile="1m"), RiichiDiscard(seat=3, tile="1m", tsumogiri=True))
    hand.record(RiichiCall(kind="pon", seat=1, tiles=("1m", "1m", "1m"), called="1m", from_seat=3))
    hand.record(RiichiDiscard(seat=1, tile="8p", tsumogiri=False))
    hand.turn(2)
    hand.turn(3)
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="9s"))


@pytest.mark.parametrize(
    ("named", "why"),
    [
        (2, "seat 2 fed none of seat 1's dragon or wind melds; no pao"),  # fed nothing
        (3, "seat 3 fed none of seat 1's dragon or wind melds; no pao"),  # fed a pon of 1m
        (1, "seat 1 fed none of seat 1's dragon or wind melds; no pao"),  # the winner himself
    ],
)
def test_pao_only_on_a_seat_that_fed_a_dragon_or_wind_meld(hand: Hand, named: int, why: str) -> None:
    daisangen_with_a_fed_pon_of_each_kind(hand)
    assert refused(hand, "riichi.win.pao", RiichiWin(seat=1, kind="tsumo", pao_seat=named)) == why


def test_a_pao_tsumo_is_paid_whole_by_the_liable_seat(hand: Hand) -> None:
    daisangen_with_a_fed_pon_of_each_kind(hand)
    hand.record(RiichiWin(seat=1, kind="tsumo", pao_seat=0))
    # A non-dealer's yakuman is 32,000; on a tsumo the seat that fed the dragon pays it all.
    assert hand.state.results[-1].points == (-32000, 32000, 0, 0)


def test_without_pao_the_same_tsumo_is_paid_by_all(hand: Hand) -> None:
    daisangen_with_a_fed_pon_of_each_kind(hand)
    hand.record(RiichiWin(seat=1, kind="tsumo"))
    assert hand.state.results[-1].points == (-16000, 32000, -8000, -8000)  # the dealer pays half


# ---- renhou (EMA: a mangan): a non-dealer's ron before his first draw, with no call in between ----


@pytest.fixture
def ema(tmp_path: Path) -> Iterator[Hand]:
    h = Hand(tmp_path / "ema.db", "ema2016")
    yield h
    h.close()


def test_a_ron_on_the_dealers_first_discard_is_renhou(ema: Hand) -> None:
    ema.begin({1: CHIIHOU_HAND}, reserved="5s", sticks=1)
    ema.turn(0, draw="5s")
    ema.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    # Renhou alone, a mangan under EMA: 8,000 from the dealer (the hand has no other yaku), and
    # the riichi stick left on the table from an earlier hand.
    paid = ema.state.results[-1].paid
    assert paid == (-8000, 9000, 0, 0)
    assert [type(p) for p in paid] == [int, int, int, int]  # whole points, never 9000.0
    (win,) = result_json(ema.state.results[-1])["wins"]
    assert json.dumps([win["honba"], win["sticks"]]) == "[0, 1]"  # the win's record, as the replay shows it


def test_no_renhou_after_the_winners_own_first_draw(ema: Hand) -> None:
    ema.begin({1: CHIIHOU_HAND}, reserved="5s")
    ema.turn(0)
    ema.turn(1)
    ema.turn(2)
    ema.turn(3)
    ema.turn(0, draw="5s")
    reason = refused(ema, "riichi.win.no_win", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "this win does not stand under ema2016: the hand has no yaku"


def test_no_renhou_once_a_call_has_interrupted_the_first_go_around(ema: Hand) -> None:
    ema.begin({1: CHIIHOU_HAND, 2: "1z1z5s2m3m4m6m7m8m1p2p3p9p"}, reserved="1z")
    ema.record(RiichiDraw(seat=0, tile="1z"), RiichiDiscard(seat=0, tile="1z", tsumogiri=True))
    ema.record(RiichiCall(kind="pon", seat=2, tiles=("1z", "1z", "1z"), called="1z", from_seat=0))
    ema.record(RiichiDiscard(seat=2, tile="5s", tsumogiri=False))  # seat 1 has not drawn yet
    reason = refused(ema, "riichi.win.no_win", RiichiWin(seat=1, kind="ron", from_seat=2))
    assert reason == "this win does not stand under ema2016: the hand has no yaku"


def test_no_more_ura_indicators_than_dora_indicators(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved=ALL_TWOS_AND_FIVES)
    hand.turn(0)
    junk = hand.junk.pop(0)
    hand.record(RiichiDraw(seat=1, tile=junk), RiichiDeclared(seat=1), RiichiDiscard(seat=1, tile=junk, tsumogiri=True))
    hand.turn(2)
    hand.turn(3)
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="2s"))
    reason = refused(hand, "riichi.win.ura", RiichiWin(seat=1, kind="tsumo", ura_indicators=("8s", "8m")))
    assert reason == "no more ura indicators than dora indicators (1)"


def test_a_tsumo_by_a_seat_whose_turn_it_is_not(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    hand.record(RiichiDraw(seat=0, tile="5s"))  # seat 0 holds the 5s it drew, and seat 1 calls tsumo
    reason = refused(hand, "riichi.win.tsumo_out_of_turn", RiichiWin(seat=1, kind="tsumo"))
    assert reason == "a tsumo is declared on the tile just drawn, before discarding"


def test_no_ron_once_the_next_seat_has_drawn(hand: Hand) -> None:
    hand.begin({1: CHIIHOU_HAND}, reserved="2s5s")
    hand.turn(0, draw="5s")
    hand.record(RiichiDraw(seat=1, tile="2s"))  # seat 1 drew instead of calling ron on the 5s
    reason = refused(hand, "riichi.win.no_discard", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "a ron is declared on a discard (or an added kan), and there is none"


# Three seats wait on 2s and 5s with all-simples hands; every 2s and 5s is kept for the test.
TRIPLE = {1: "234m456p34678s88p", 2: "345m567p34s66s777p", 3: "678m234p34s22p888m"}


def triple_wait(hand: Hand) -> None:
    hand.begin(TRIPLE, reserved=ALL_TWOS_AND_FIVES, dora="9m", sticks=1)
    for seat in (0, 1, 2, 3):  # a go-around first: no renhou
        hand.turn(seat)
    hand.turn(0, draw="5s")


def test_a_third_ron_aborts_the_hand_under_tenhou(hand: Hand) -> None:
    triple_wait(hand)
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
    reason = refused(hand, "riichi.win.triple_ron", RiichiWin(seat=3, kind="ron", from_seat=0))
    assert reason == (
        "three rons on one tile abort the hand under tenhou: record riichi.abortive_draw triple_ron instead"
    )


def test_rons_on_one_tile_in_turn_order_from_the_discarder(hand: Hand) -> None:
    triple_wait(hand)
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
    reason = refused(hand, "riichi.win.order", RiichiWin(seat=1, kind="ron", from_seat=0))
    assert reason == "record the rons in turn order from the discarder"


def test_three_rons_under_ema_each_paid(ema: Hand) -> None:
    triple_wait(ema)
    for seat in (1, 2, 3):
        ema.record(RiichiWin(seat=seat, kind="ron", from_seat=0))
    # Seat 1: pinfu tanyao, 30 fu 2 han: 2,000. Seats 2 and 3: tanyao with a closed pung of simples,
    # 20 + 10 (closed ron) + 4 = 34, so 40 fu 1 han: 1,300 each. EMA: the stick on the table goes
    # to the winner nearest the discarder (seat 1).
    paid = ema.state.results[-1].paid
    assert paid == (-4600, 3000, 1300, 1300)
    assert [type(p) for p in paid] == [int, int, int, int]


def test_two_riichi_winners_on_one_tile_share_the_ura_indicators_turned_once(hand: Hand) -> None:
    # Seat 3 holds three 2p and the fourth is kept out of play: 2p as the ura indicator is the
    # fourth copy seen, counted once though both winners name it.
    hand.begin(TRIPLE, reserved=ALL_TWOS_AND_FIVES + "2p", dora="9m")
    hand.turn(0)
    for seat in (1, 2):
        junk = hand.junk.pop(0)
        hand.record(RiichiDraw(seat=seat, tile=junk), RiichiDeclared(seat=seat))
        hand.record(RiichiDiscard(seat=seat, tile=junk, tsumogiri=True))
    hand.turn(3)
    hand.turn(0, draw="5s")
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0, ura_indicators=("2p",)))
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0, ura_indicators=("2p",)))
    assert [(w.seat, w.hand.ura_indicators) for w in hand.state.results[-1].wins] == [(1, ("2p",)), (2, ("2p",))]


def test_a_hand_won_move_by_move_takes_no_second_ron_at_result_depth(hand: Hand) -> None:
    triple_wait(hand)
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    second = RiichiHandResult(kind="ron", seat=2, from_seat=0, hand=tiles(TRIPLE[2]), win_tile="5s",
                              dora_indicators=("9m",))  # fmt: skip
    reason = refused(hand, "riichi.result.second_win", second)
    assert reason == "a second win in one hand is another ron on the same discard, recorded the same way"


def test_rons_on_the_north_seats_discard_in_turn_order(hand: Hand) -> None:
    # Seat 3 discards the 5s: seat 0 is one seat on from him, seat 1 two, seat 2 three.
    hand.begin(TRIPLE, reserved=ALL_TWOS_AND_FIVES, dora="9m")
    for seat in (0, 1, 2, 3, 0, 1, 2):
        hand.turn(seat)
    hand.turn(3, draw="5s")
    reason = refused(
        hand, "riichi.win.order", RiichiWin(seat=2, kind="ron", from_seat=3), RiichiWin(seat=1, kind="ron", from_seat=3)
    )
    assert reason == "record the rons in turn order from the discarder"
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=3), RiichiWin(seat=2, kind="ron", from_seat=3))
    assert [w.seat for w in hand.state.results[-1].wins] == [1, 2]


def test_two_rons_the_honba_and_the_sticks_go_to_the_winner_nearest_the_discarder(hand: Hand) -> None:
    """Tenhou, two honba and a stick on the table; seats 1 and 2 ron the dealer's 5s. Seat 1 (pinfu
    tanyao, 30 fu 2 han: 2,000) is nearest the discarder: it takes the 600 of honba and the 1,000
    stick; seat 2 (tanyao with a closed pung of simples, 40 fu 1 han: 1,300) takes its hand alone.
    The dealer pays 2,600 + 1,300. Plant: every winner paid the honba and the sticks."""
    hand.begin(TRIPLE, reserved=ALL_TWOS_AND_FIVES, dora="9m", sticks=1, honba=2)
    for seat in (0, 1, 2, 3):  # a go-around first: no renhou
        hand.turn(seat)
    hand.turn(0, draw="5s")
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
    assert hand.state.results[-1].paid == (-3900, 3600, 1300, 0)
