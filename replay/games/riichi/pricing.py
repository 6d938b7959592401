"""Pricing a riichi win under a ruleset: the `mahjong` library for han and fu, and a thin rules
layer above it for what the library does not model (docs/riichi.md §1–2):

- yakuman that do not stack (EMA): the limit is clamped to one yakuman;
- renhou as a mangan that is not cumulative with other yaku or dora (EMA), or no renhou at all;
- a tenhou has no drawn tile: the tile that scores highest is taken as drawn (Mahjong Soul's
  rule; it changes nothing where double yakuman are off), and a 13-sided kokushi chosen that
  way is left unpriced on Mahjong Soul, whose rules do not say how the rule applies to it;
- payments to each seat, with honba and the riichi sticks on the table.

A case a ruleset does not price is returned as ``Unpriced`` with the reason, never invented.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld

from events.tiles import WINDS, kind, to_136
from replay.games.riichi.options import RiichiOptions

KOKUSHI_13_SIDED = "Kokushi Musou Juusanmen Matchi"

LIBRARY_ERRORS = {
    "winning_tile_not_in_hand": "the winning tile is not in the hand",
    "hand_not_winning": "the tiles do not make a complete hand",
    "no_yaku": "the hand has no yaku",
    "open_hand_riichi_not_allowed": "riichi with an open hand",
    "open_hand_daburi_not_allowed": "double riichi with an open hand",
    "ippatsu_without_riichi_not_allowed": "ippatsu without riichi",
}


class MeldTiles(NamedTuple):
    kind: str  # chi, pon, daiminkan, ankan, kakan
    tiles: tuple[str, ...]


class WinHand(NamedTuple):
    """One win as the record gives it: the tiles, and every condition the scoring depends on."""

    concealed: tuple[str, ...]  # the concealed tiles, the winning tile included
    win_tile: str  # for a tenhou the tile drawn last; the pricer may read another as drawn
    melds: tuple[MeldTiles, ...]
    tsumo: bool
    seat: int
    dealer: int
    from_seat: int | None
    players: int
    round_wind: str  # "1z".."4z"
    dora_indicators: tuple[str, ...]
    ura_indicators: tuple[str, ...] = ()
    honba: int = 0
    sticks: int = 0  # riichi sticks on the table when the hand is won, this hand's included
    kita: int = 0
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    pao_seat: int | None = None  # liable for a daisangen or daisuushi it fed

    @property
    def seat_wind(self) -> str:
        return WINDS[(self.seat - self.dealer) % self.players]


class Priced(NamedTuple):
    ruleset: str
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]  # (name, han)
    fu_details: tuple[tuple[str, int], ...]  # (reason, fu)
    limit: str  # "", "mangan", "haneman", ..., "yakuman", "2x yakuman"
    payments: tuple[int, ...]  # what each seat gains (+) or pays (-) for the win, honba and sticks included
    notes: tuple[str, ...] = ()

    @property
    def priced(self) -> bool:
        return True


class Unpriced(NamedTuple):
    ruleset: str
    reason: str
    stands: bool = False  # a legal win the ruleset does not price (not a hand that cannot win)

    @property
    def priced(self) -> bool:
        return False


def price(hand: WinHand, rules: RiichiOptions) -> Priced | Unpriced:
    """What the win pays under ``rules``, or why the ruleset does not price it."""
    if hand.renhou and rules.renhou == "none":
        plain = price(hand._replace(renhou=False), rules)
        if isinstance(plain, Unpriced) and "no yaku" in plain.reason:
            return Unpriced(rules.ruleset, f"{rules.ruleset} has no renhou, and without it {plain.reason}")
        return plain
    if hand.renhou and rules.renhou == "mangan":
        return _renhou_mangan(hand, rules)
    if hand.tenhou:
        return _tenhou(hand, rules)
    return _library(hand, rules)


def _library(hand: WinHand, rules: RiichiOptions, notes: Sequence[str] = ()) -> Priced | Unpriced:
    response = _estimate(hand, rules)
    if response.error:
        reason = LIBRARY_ERRORS.get(response.error, response.error.replace("_", " "))
        return Unpriced(rules.ruleset, reason)
    assert response.cost is not None and response.han is not None and response.fu is not None
    cost: dict[str, Any] = dict(response.cost)
    han = response.han
    notes = list(notes)
    yakuman = [y for y in response.yaku or [] if y.is_yakuman]
    if yakuman and not rules.yakuman_stacking and han > 13:
        # EMA: yakuman are not cumulative; pay one.
        cost = dict(ScoresCalculator().calculate_scores(13, response.fu, _config(hand, rules), is_yakuman=True))
        notes.append(
            f"{' + '.join(y.name for y in yakuman)} pay one yakuman: yakuman do not stack under {rules.ruleset}"
        )
        han = 13
    return Priced(
        ruleset=rules.ruleset,
        han=han,
        fu=response.fu,
        yaku=tuple((y.name, _yaku_han(y, response.is_open_hand)) for y in response.yaku or []),
        fu_details=tuple((d["reason"], d["fu"]) for d in response.fu_details or []),
        limit=str(cost["yaku_level"]),
        payments=_with_pao(hand, rules, cost, response, notes),
        notes=tuple(notes),
    )


def _yaku_han(yaku: Any, is_open: bool) -> int:
    return int(yaku.han_open if is_open and yaku.han_open else yaku.han_closed)


def _tenhou(hand: WinHand, rules: RiichiOptions) -> Priced | Unpriced:
    """A tenhou's 14 tiles came in the deal: take as drawn the tile that scores highest."""
    best: Priced | Unpriced | None = None
    for tile in dict.fromkeys(hand.concealed):
        result = _library(hand._replace(win_tile=tile), rules)
        thirteen_sided = isinstance(result, Priced) and any(name == KOKUSHI_13_SIDED for name, _ in result.yaku)
        if thirteen_sided and rules.double_yakuman:
            return Unpriced(
                rules.ruleset,
                "tenhou with a 13-sided thirteen orphans: the ruleset takes the tile that scores highest as "
                "drawn, but does not say how that applies to the 13-sided wait",
                stands=True,
            )
        if best is None or (isinstance(result, Priced) and (not isinstance(best, Priced) or _won(result) > _won(best))):
            best = result
    assert best is not None
    return best


def _won(result: Priced) -> int:
    return max(result.payments)


def _renhou_mangan(hand: WinHand, rules: RiichiOptions) -> Priced | Unpriced:
    """EMA: renhou is a mangan, not cumulative with other yaku or dora; the higher value is taken."""
    plain = _library(hand._replace(renhou=False), rules)
    config = _config(hand._replace(renhou=False), rules)
    cost = dict(ScoresCalculator().calculate_scores(5, 30, config, is_yakuman=False))
    mangan = Priced(
        ruleset=rules.ruleset,
        han=5,
        fu=30,
        yaku=(("Renhou", 5),),
        fu_details=(),
        limit="mangan",
        payments=_payments(hand, cost),
        notes=("renhou is a mangan, not cumulative with other yaku or dora",),
    )
    if isinstance(plain, Priced) and _won(plain) > _won(mangan):
        return plain._replace(notes=(*plain.notes, "the hand's own yaku are worth more than renhou's mangan"))
    return mangan


def _config(hand: WinHand, rules: RiichiOptions) -> HandConfig:
    return HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi and not hand.double_riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu and rules.ippatsu,
        is_rinshan=hand.rinshan,
        is_chankan=hand.chankan,
        is_haitei=hand.haitei,
        is_houtei=hand.houtei,
        is_tenhou=hand.tenhou,
        is_chiihou=hand.chiihou,
        is_renhou=hand.renhou,
        player_wind=EAST + WINDS.index(hand.seat_wind),
        round_wind=EAST + WINDS.index(hand.round_wind),
        kyoutaku_number=hand.sticks,
        tsumi_number=hand.honba,
        num_nuki_dora=hand.kita,
        options=rules.library_options(),
    )


# A hand is priced again, unchanged, each time a match is replayed (a page served, the stats, an
# audit after an import): the library's answer for the same tiles, conditions and rules is kept.
@lru_cache(maxsize=4096)
def _estimate(hand: WinHand, rules: RiichiOptions) -> HandResponse:
    meld_tiles = [t for meld in hand.melds for t in meld.tiles]
    ids = to_136([*hand.concealed, *meld_tiles])
    concealed_ids = ids[: len(hand.concealed)]
    win_index = max(i for i, t in enumerate(hand.concealed) if t == hand.win_tile)
    melds = []
    position = len(hand.concealed)
    for meld in hand.melds:
        meld_ids = ids[position : position + len(meld.tiles)]
        position += len(meld.tiles)
        kind_of = {"chi": Meld.CHI, "pon": Meld.PON, "daiminkan": Meld.KAN, "ankan": Meld.KAN, "kakan": Meld.SHOUMINKAN}
        melds.append(Meld(kind_of[meld.kind], tuple(sorted(meld_ids)), opened=meld.kind != "ankan"))
    config = _config(hand, rules)
    response = HandCalculator.estimate_hand_value(
        tiles=ids,
        win_tile=concealed_ids[win_index],
        melds=melds or None,
        dora_indicators=[kind(t) * 4 + 3 for t in hand.dora_indicators] or None,
        config=config,
        ura_dora_indicators=[kind(t) * 4 + 3 for t in hand.ura_indicators] or None,
    )
    return response


def _payments(hand: WinHand, cost: Mapping[str, Any]) -> tuple[int, ...]:
    """Each seat's gain or loss for the win, honba and the sticks on the table included."""
    seats = hand.players
    deltas = [0] * seats
    main = int(cost["main"]) + int(cost["main_bonus"])
    additional = int(cost["additional"]) + int(cost["additional_bonus"])
    if not hand.tsumo:
        assert hand.from_seat is not None
        deltas[hand.from_seat] -= main
    else:
        for seat in range(seats):
            if seat == hand.seat:
                continue
            if hand.seat == hand.dealer or seat == hand.dealer:
                deltas[seat] -= main
            else:
                deltas[seat] -= additional
    deltas[hand.seat] = -sum(deltas) + int(cost["kyoutaku_bonus"])
    return tuple(deltas)


PAO_YAKUMAN = ("Daisangen", "Dai Suushii")


def _with_pao(
    hand: WinHand, rules: RiichiOptions, cost: Mapping[str, Any], response: HandResponse, notes: list[str]
) -> tuple[int, ...]:
    """Payments, with the liable seat paying for a daisangen or daisuushi it fed (pao)."""
    plain = _payments(hand, cost)
    liable = hand.pao_seat
    names = [y.name for y in response.yaku or []]
    if liable is None or not any(name in PAO_YAKUMAN for name in names):
        return plain
    deltas = [0] * hand.players
    sticks = int(cost["kyoutaku_bonus"])
    value = plain[hand.seat] - sticks  # what the payers pay, honba included
    if rules.pao == "paoYakumanOnly" and len([y for y in response.yaku or [] if y.is_yakuman]) > 1:
        # Only one yakuman's worth is liable (the pao one); the rest is paid as the win would be.
        one = ScoresCalculator().calculate_scores(13, response.fu or 0, _config(hand, rules), is_yakuman=True)
        share = sum(-d for d in _payments(hand._replace(honba=0), {**one, "kyoutaku_bonus": 0}) if d < 0)
        deltas = [round(p * (value - share) / value / 100) * 100 if value and i != hand.seat else 0
                  for i, p in enumerate(plain)]  # fmt: skip
        deltas[liable] -= share
        notes.append(f"seat {liable} is liable (pao) for one yakuman: {share}")
    elif hand.tsumo:
        deltas[liable] = -value  # the liable seat pays the whole win, honba included
        notes.append(f"seat {liable} is liable (pao) and pays the whole tsumo")
    else:
        assert hand.from_seat is not None
        honba = (200 if hand.players == 3 else 300) * hand.honba  # as the library prices a ron's honba
        half = (value - honba) // 2
        if rules.pao_ron_honba == "liable":  # Tenhou: the liable player pays the honba
            deltas[liable] -= half + honba
            deltas[hand.from_seat] -= value - honba - half
            notes.append(f"seat {liable} is liable (pao) and pays half the ron and the honba")
        else:
            deltas[liable] -= half
            deltas[hand.from_seat] -= value - half  # the discarder pays the other half and the honba
            notes.append(f"seat {liable} is liable (pao) and pays half the ron with the discarder")
    deltas[hand.seat] = -sum(deltas) + sticks
    return tuple(deltas)


def forget() -> None:
    """Empty the memory of prices, as a new process starts (for a benchmark that times a cold import)."""
    _estimate.cache_clear()
