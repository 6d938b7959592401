"""The payment facts of docs/riichi.md §5, priced through the ruleset layer over the `mahjong` library."""

from __future__ import annotations

import pytest

from replay.games import ruleset
from replay.games.riichi.options import RiichiOptions as RiichiRules
from replay.games.riichi.pricing import MeldTiles, Priced, Unpriced, WinHand, price
from tests.games.riichi.support import RULESETS, tiles

WHITE_PON = (MeldTiles("pon", ("5z", "5z", "5z")),)
RULES = {name: RiichiRules.of(name, ruleset(name).defaults()) for name in RULESETS}  # type: ignore[union-attr]


def win(text: str, win_tile: str, **kw: object) -> WinHand:
    base: dict[str, object] = {
        "concealed": tiles(text), "win_tile": win_tile, "melds": (), "tsumo": True, "seat": 1, "dealer": 0,
        "from_seat": None, "players": 4, "round_wind": "1z", "dora_indicators": ("4z",),
    }  # fmt: skip
    base.update(kw)
    return WinHand(**base)  # type: ignore[arg-type]


def paid(hand: WinHand, name: str) -> tuple[int, ...]:
    result = price(hand, RULES[name])
    assert isinstance(result, Priced), result
    return result.payments


@pytest.mark.parametrize("name", RULESETS)
def test_1_dealer_yakuman_tsumo(name: str) -> None:
    hand = win("111222333m456p99s", "9s", seat=0, tenhou=True)
    assert paid(hand, name) == (48000, -16000, -16000, -16000)


@pytest.mark.parametrize("name", RULESETS)
def test_2_non_dealer_yakuman_tsumo(name: str) -> None:
    assert paid(win("123m456p34789s55z5s", "5s", chiihou=True), name) == (-16000, 32000, -8000, -8000)


@pytest.mark.parametrize("name", RULESETS)
def test_3_menzen_tsumo_1_han_30_fu(name: str) -> None:
    assert paid(win("123m456p34789s55z5s", "5s"), name) == (-500, 1100, -300, -300)


@pytest.mark.parametrize(("name", "expected"), [
    ("tenhou", (-32000, -16000, 64000, -16000)),
    ("mahjongsoul", (-32000, -16000, 64000, -16000)),
    ("ema2016", (-16000, -8000, 32000, -8000)),
])  # fmt: skip
def test_4_chiihou_with_suuankou(name: str, expected: tuple[int, ...]) -> None:
    assert paid(win("111m555p999s66777z", "7z", seat=2, chiihou=True), name) == expected


def test_5_tenhou_with_kokushi() -> None:
    hand = win("119m19p19s1234567z", "7z", seat=0, tenhou=True)
    assert paid(hand, "tenhou") == (96000, -32000, -32000, -32000)
    assert paid(hand, "ema2016") == (48000, -16000, -16000, -16000)
    unpriced = price(hand, RULES["mahjongsoul"])
    assert isinstance(unpriced, Unpriced) and unpriced.stands


def test_6_renhou_only_under_ema() -> None:
    hand = win("123m456p34789s55z5s", "5s", tsumo=False, from_seat=0, renhou=True)
    assert paid(hand, "ema2016") == (-8000, 8000, 0, 0)
    for name in ("tenhou", "mahjongsoul"):
        result = price(hand, RULES[name])
        assert isinstance(result, Unpriced) and not result.stands and "no renhou" in result.reason


def test_6_renhou_is_not_cumulative_with_dora_under_ema() -> None:
    with_dora = win("123m456p34789s55z5s", "5s", tsumo=False, from_seat=0, renhou=True, dora_indicators=("7z", "7z"))
    assert paid(with_dora, "ema2016") == (-8000, 8000, 0, 0)  # the library alone would say haneman


def test_6_renhou_gives_way_to_a_bigger_hand_under_ema() -> None:
    chinitsu = win("1112345678999m5m", "5m", tsumo=False, from_seat=0, renhou=True)
    result = price(chinitsu, RULES["ema2016"])
    assert isinstance(result, Priced) and result.payments[1] > 8000
    assert any("worth more" in n for n in result.notes)


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_7_non_dealer_double_yakuman(name: str) -> None:
    # Daisangen + tsuuiisou (the white dragons called, so no suuankou): two yakuman, which stack.
    ron = win("666777z11z22z2z", "2z", tsumo=False, from_seat=0, melds=WHITE_PON)
    assert paid(ron, name) == (-64000, 64000, 0, 0)
    tsumo = win("666777z11z22z2z", "2z", melds=WHITE_PON)
    assert paid(tsumo, name) == (-32000, 64000, -16000, -16000)


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_8_dealer_double_yakuman(name: str) -> None:
    ron = win("666777z11z22z2z", "2z", seat=0, tsumo=False, from_seat=1, melds=WHITE_PON)
    assert paid(ron, name) == (96000, -96000, 0, 0)
    assert paid(win("666777z11z22z2z", "2z", seat=0, melds=WHITE_PON), name) == (96000, -32000, -32000, -32000)


def test_7_and_8_ema_pays_one_yakuman() -> None:
    ron = win("666777z11z22z2z", "2z", tsumo=False, from_seat=0, melds=WHITE_PON)
    assert paid(ron, "ema2016") == (-32000, 32000, 0, 0)


@pytest.mark.parametrize("name", RULESETS)
def test_9_yakuman_ron(name: str) -> None:
    daisangen = "555666777z123m99p"
    assert paid(win(daisangen, "9p", tsumo=False, from_seat=0), name) == (-32000, 32000, 0, 0)
    assert paid(win(daisangen, "9p", seat=0, tsumo=False, from_seat=1), name) == (48000, -48000, 0, 0)


@pytest.mark.parametrize(("name", "share"), [("tenhou", 8000), ("mahjongsoul", 8000), ("ema2016", 6000)])
def test_10_kazoe(name: str, share: int) -> None:
    # riichi, tsumo, pinfu, iipeiko, ittsu, chinitsu, dora 3: 15 han.
    hand = win("11223345678999p", "4p", riichi=True, dora_indicators=("8p",))
    result = price(hand, RULES[name])
    assert isinstance(result, Priced) and result.han >= 13
    assert result.payments == (-2 * share, 4 * share, -share, -share)
    assert result.limit == ("yakuman" if name != "ema2016" else "sanbaiman")  # by counting: no yakuman yaku
    assert all(h < 13 for _, h in result.yaku)


def test_11_four_han_thirty_fu_without_kiriage() -> None:
    hand = win("234567m345p3477s5s", "5s", tsumo=False, from_seat=0, riichi=True, dora_indicators=("1m",))
    for name in RULESETS:
        result = price(hand, RULES[name])
        assert isinstance(result, Priced) and (result.han, result.fu) == (4, 30)
        assert result.payments == (-7700, 7700, 0, 0)
    kiriage = RiichiRules.of("tenhou", {**ruleset("tenhou").defaults(), "riichi.kiriageMangan": True})  # type: ignore[union-attr]
    assert price(hand, kiriage).payments == (-8000, 8000, 0, 0)  # type: ignore[union-attr]


@pytest.mark.parametrize("name", RULESETS)
def test_12_honba_and_sticks_on_a_tsumo(name: str) -> None:
    hand = win("123m456p34789s55z5s", "5s", honba=3, sticks=2)
    assert paid(hand, name) == (-800, 4000, -600, -600)


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_13_open_tanyao_with_a_red_five_honba_and_a_stick(name: str) -> None:
    hand = win(
        "234p678s34m88p0m", "0m", tsumo=False, from_seat=0, honba=2, sticks=1,
        melds=(MeldTiles("pon", tiles("444s")),),
    )  # fmt: skip
    result = price(hand, RULES[name])
    assert isinstance(result, Priced) and (result.han, result.fu) == (2, 30)
    assert result.payments == (-2600, 3600, 0, 0)


def test_13_under_ema_a_red_five_is_a_plain_five() -> None:
    from replay.games.riichi.state import WinRecord
    from replay.games.riichi.view import reprice

    hand = win(
        "234p678s34m88p0m", "0m", tsumo=False, from_seat=0, honba=2, sticks=1, melds=(MeldTiles("pon", tiles("444s")),)
    )
    recorded = price(hand, RULES["tenhou"])
    assert isinstance(recorded, Priced)
    ema = reprice(WinRecord(1, "ron", 0, hand, recorded), "ema2016", RULES["tenhou"])
    assert isinstance(ema, Priced) and ema.han == 1  # tanyao alone: no aka dora
    assert ema.payments == (-1600, 2600, 0, 0) and any("no red fives" in n for n in ema.notes)


DRAGON_PONS = (MeldTiles("pon", ("5z",) * 3), MeldTiles("pon", ("6z",) * 3), MeldTiles("pon", ("7z",) * 3))


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Seat 2 fed the third dragon pon (liable), seat 0 dealt in; a non-dealer's yakuman is 32,000,
        # shared half and half, and the 2 honba (600) go with the liable player on Tenhou ...
        ("tenhou", (-16000, 32600, -16600, 0)),
        # ... and with the discarder under EMA ("only the discarder pays for any counters").
        ("ema2016", (-16600, 32600, -16000, 0)),
    ],
)
def test_a_pao_ron_shares_the_hand_and_the_ruleset_says_who_pays_the_honba(
    name: str, expected: tuple[int, ...]
) -> None:
    hand = win("123m99s", "9s", melds=DRAGON_PONS, tsumo=False, from_seat=0, pao_seat=2, honba=2)
    assert paid(hand, name) == expected


def test_a_match_recorded_before_the_pao_honba_option_keeps_what_it_played() -> None:
    spec = ruleset("tenhou")
    assert spec is not None
    recorded = {k: v for k, v in spec.defaults().items() if k != "riichi.paoRonHonba"}
    assert RiichiRules.of("tenhou", recorded).pao_ron_honba == "discarder"  # the rule the code applied then


def test_a_pao_ron_at_three_players_pays_the_honba_at_200() -> None:
    """Tenhou's three-player rules (docs/riichi.md §4: a honba is worth 200 on a ron): seat 2 fed the
    third dragon pon, seat 0 (the dealer) dealt in; a non-dealer's yakuman is 32,000, half and half,
    and the liable seat pays the 2 honba, 400. Plant: the four-player honba (300) at three players."""
    sanma = RiichiRules.of("tenhou-sanma", ruleset("tenhou-sanma").defaults(), players=3)  # type: ignore[union-attr]
    hand = win("123p99s", "9s", melds=DRAGON_PONS, tsumo=False, from_seat=0, pao_seat=2, honba=2, players=3)
    result = price(hand, sanma)
    assert isinstance(result, Priced), result
    assert result.payments == (-16000, 32400, -16400)
