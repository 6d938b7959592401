"""A riichi match written as a tenhou.net/6 log: the hands, the calls in Tenhou's notation, each
hand's result block, and the final scores."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from events.canonical import JsonValue
from events.errors import InputError
from events.match import MatchStarted
from events.riichi import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiRecordedResult,
    RiichiRoundStarted,
    RiichiUnseenDeal,
    RiichiUnseenDraw,
    RiichiWin,
)
from events.tiles import WIND_LETTERS, plain
from replay.games.riichi.logs.tenhou6.read import ABORTS, number

if TYPE_CHECKING:
    from replay.engine.fold import Step
    from replay.games.riichi.state import HandResult

ABORT_NAMES = {v: k for k, v in ABORTS.items()}

# The `mahjong` library's yaku names, as Tenhou writes them in a result block.
TENHOU_YAKU = {
    "Menzen Tsumo": "門前清自摸和", "Riichi": "立直", "Ippatsu": "一発", "Chankan": "槍槓", "Rinshan Kaihou": "嶺上開花",
    "Haitei Raoyue": "海底摸月", "Houtei Raoyui": "河底撈魚", "Double Riichi": "両立直", "Renhou": "人和",
    "Pinfu": "平和", "Tanyao": "断幺九", "Iipeiko": "一盃口", "Yakuhai (haku)": "役牌 白", "Yakuhai (hatsu)": "役牌 發",
    "Yakuhai (chun)": "役牌 中", "Yakuhai (seat wind east)": "自風 東", "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西", "Yakuhai (seat wind north)": "自風 北",
    "Yakuhai (round wind east)": "場風 東", "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (round wind west)": "場風 西", "Yakuhai (round wind north)": "場風 北",
    "Sanshoku Doujun": "三色同順", "Ittsu": "一気通貫", "Chantai": "混全帯幺九", "Honroutou": "混老頭",
    "Toitoi": "対々和", "San Ankou": "三暗刻", "San Kantsu": "三槓子", "Sanshoku Doukou": "三色同刻",
    "Chiitoitsu": "七対子", "Shou Sangen": "小三元", "Honitsu": "混一色", "Junchan": "純全帯幺九",
    "Ryanpeikou": "二盃口", "Chinitsu": "清一色", "Kokushi Musou": "国士無双", "Chuuren Poutou": "九蓮宝燈",
    "Suu Ankou": "四暗刻", "Daisangen": "大三元", "Shousuushii": "小四喜", "Ryuuiisou": "緑一色", "Suu Kantsu": "四槓子",
    "Tsuu Iisou": "字一色", "Chinroutou": "清老頭", "Dai Suushii": "大四喜", "Kokushi Musou Juusanmen Matchi": "国士無双１３面",
    "Suu Ankou Tanki": "四暗刻単騎", "Daburu Chuuren Poutou": "純正九蓮宝燈", "Tenhou": "天和", "Chiihou": "地和",
    "Dora": "ドラ", "Aka Dora": "赤ドラ", "Ura Dora": "裏ドラ",
}  # fmt: skip
# Where Tenhou lists a yaku: riichi, ippatsu and tsumo first, the dora last; the rest in between.
TENHOU_ORDER = {
    "Riichi": 0,
    "Double Riichi": 0,
    "Ippatsu": 1,
    "Menzen Tsumo": 2,
    "Dora": 20,
    "Aka Dora": 21,
    "Ura Dora": 22,
}
TENHOU_LIMITS = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}
PON_POSITION = {1: 0, 2: 2, 3: 4}  # seats back from the caller (1 = kamicha) -> where the letter goes
KAN_POSITION = {1: 0, 2: 2, 3: 6}


def _meld_string(kind: str, tiles: Sequence[str], called: str | None, caller: int, source: int | None) -> str:
    """A call in tenhou's notation: the letter where the source sits, the called tile after it."""
    codes = [number(t) for t in tiles]
    if kind == "chi":
        assert called is not None
        rest = codes.copy()
        rest.remove(number(called))
        return "c" + "".join(f"{c:02d}" for c in [number(called), *rest])
    if kind == "ankan":
        return "".join(f"{c:02d}" for c in codes[:3]) + "a" + f"{codes[3]:02d}"
    if kind == "kita":
        return "f44"
    assert source is not None and called is not None
    back = (caller - source) % 4  # round four seats, the empty one included when three play
    position = (PON_POSITION if kind in ("pon", "kakan") else KAN_POSITION)[back]
    rest = codes.copy()
    index = position // 2
    if index < len(rest) and rest[index] == number(called):
        del rest[index]  # the tiles are in tenhou's order already: keep it
    else:
        rest.remove(number(called))
    before, after = rest[: position // 2], rest[position // 2 :]
    letter = {"pon": "p", "daiminkan": "m", "kakan": "k"}[kind]
    return "".join(f"{c:02d}" for c in before) + letter + "".join(f"{c:02d}" for c in [number(called), *after])


def export(steps: Sequence[Step], names: Sequence[str]) -> dict[str, Any]:
    """A match's events as one tenhou.net/6 game."""
    from replay.engine.fold import history
    from replay.games.riichi.flow import final_standings
    from replay.games.riichi.fold import RiichiProjection

    hist = history(steps)
    claims: dict[int, JsonValue] = {c.payload.round: c.payload for c in hist.claims}  # type: ignore[attr-defined]
    projection = RiichiProjection()
    state = projection.initial()
    log: list[list[JsonValue]] = []
    current: dict[str, Any] = {}
    pons: dict[tuple[int, str], int] = {}  # (seat, tile kind) -> the seat the pon came from
    header_text: str | None = None  # the header of the log the match was imported from, if it was
    for step in hist.effective:
        payload = step.payload
        if isinstance(payload, RiichiUnseenDeal | RiichiUnseenDraw):
            raise InputError("this match is a public record (hands and draws not seen); tenhou.net/6 records every "
                             "tile, so it cannot hold it: export it as json, jsonl or mjai")  # fmt: skip
        state = projection.apply(state, step)
        if isinstance(payload, MatchStarted):
            red = state.options.red_fives if state.options is not None else 0
            players = len(payload.players)
            header_text = payload.source
        elif isinstance(payload, RiichiRoundStarted):
            wind = WIND_LETTERS.index(payload.round_wind)
            current = {
                "head": [wind * 4 + payload.hand - 1, payload.honba, payload.sticks],
                "scores": list(payload.scores),
                "dora": [],
                "ura": [],
                "haipai": [],
                "takes": [[] for _ in range(players)],
                "discards": [[] for _ in range(players)],
                "declaring": None,
            }
            pons = {}
        elif isinstance(payload, RiichiDeal):
            current["haipai"] = [[number(t) for t in hand] for hand in payload.hands]
            current["dora"].append(number(payload.dora_indicator))
        elif isinstance(payload, RiichiDraw):
            current["takes"][payload.seat].append(number(payload.tile))
        elif isinstance(payload, DoraRevealed):
            current["dora"].append(number(payload.indicator))
        elif isinstance(payload, RiichiDeclared):
            current["declaring"] = payload.seat
        elif isinstance(payload, RiichiDiscard):
            code: JsonValue = 60 if payload.tsumogiri else number(payload.tile)
            if current["declaring"] == payload.seat:
                code, current["declaring"] = f"r{code}", None
            current["discards"][payload.seat].append(code)
        elif isinstance(payload, RiichiCall):
            seat = payload.seat
            if payload.kind in ("chi", "pon", "daiminkan"):
                text = _meld_string(payload.kind, payload.tiles, payload.called, seat, payload.from_seat)
                current["takes"][seat].append(text)
                if payload.kind == "pon":
                    assert payload.called is not None and payload.from_seat is not None  # the fold checked the pon
                    pons[(seat, plain(payload.called))] = payload.from_seat
                if payload.kind == "daiminkan":
                    current["discards"][seat].append(0)
            else:
                source = pons.get((seat, plain(payload.called))) if payload.kind == "kakan" and payload.called else None
                text = _meld_string(payload.kind, payload.tiles, payload.called, seat, source)
                current["discards"][seat].append(text)
        elif isinstance(payload, RiichiWin) and payload.ura_indicators and not current["ura"]:
            current["ura"] = [number(t) for t in payload.ura_indicators]
        rnd = state.round
        if isinstance(payload, RiichiRecordedResult) and payload.record:
            log.append(json.loads(payload.record))  # a hand kept as the log wrote it
            continue
        result = rnd.result if rnd is not None and rnd.over else None
        if isinstance(payload, RiichiWin | ExhaustiveDraw | AbortiveDraw) and result is not None:
            claim = claims.get(result.number)
            block = _recorded_block(claim) or _result_block(result)
            scores = current["scores"] + [0] * (4 - players)  # Tenhou's shape: an empty fourth seat
            entry = [current["head"], scores, current["dora"], current["ura"]]
            for seat in range(players):
                entry += [current["haipai"][seat], current["takes"][seat], current["discards"][seat]]
            entry += [[], [], []] * (4 - players)
            if players < 4:
                block = [v + [0] * (4 - players) if isinstance(v, list) and len(v) == players and all(
                    isinstance(x, int) for x in v) else v for v in block]  # fmt: skip
            if log and log[-1][0] == entry[0] and log[-1][1] == entry[1]:
                log[-1] = [*entry, block]  # a second ron on the same tile rewrites the hand's entry
            else:
                log.append([*entry, block])
    game: dict[str, Any] = {
        "title": ["", ""],
        "name": list(names) + [""] * (4 - len(names)),
        "rule": {"disp": "taikyoku tenhou", "aka": 1 if red else 0},
    }
    if header_text is not None:  # a game imported from Tenhou: what its log said of itself, as it said it
        header = json.loads(header_text)
        game = {**game, **{key: value for key, value in header.items() if key not in ("log", "sc")}}
    game["log"] = log
    if 0 in claims and claims[0].source == "import":
        game["sc"] = json.loads(claims[0].text)
    elif state.results:
        final = final_standings(state)
        # Whole results as Tenhou writes them (62, not 62.0); tenths as they are (8.4).
        results = [int(r) if r == int(r) else r for r in final["results"]]
        game["sc"] = [v for pair in zip(final["scores"], results, strict=True) for v in pair]
        game["sc"] += [0, 0] * (4 - len(final["scores"]))
    return game


def _recorded_block(claim: JsonValue) -> list[JsonValue] | None:
    """The result block a tenhou6 import kept as the claim's text, if this claim is one."""
    if claim is None or claim.source != "import" or not claim.text.startswith('["'):
        return None
    block = json.loads(claim.text)
    return block if isinstance(block, list) and block and isinstance(block[0], str) else None


def _result_block(result: HandResult) -> list[JsonValue]:
    """A result in tenhou's words, for a hand recorded here rather than imported."""
    from replay.games.riichi.pricing import Priced  # loaded by the fold that priced the hand

    if result.kind == "win":
        block: list[JsonValue] = ["和了"]
        for win in result.wins:
            priced = win.priced
            deltas = list(priced.payments) if isinstance(priced, Priced) else [0] * len(result.points)
            source = win.seat if win.from_seat is None else win.from_seat
            pao = win.hand.pao_seat if win.hand.pao_seat is not None else win.seat
            listed = sorted(
                priced.yaku if isinstance(priced, Priced) else (), key=lambda yaku: TENHOU_ORDER.get(yaku[0], 10)
            )
            words = [_yaku_words(name, han) for name, han in listed]
            block += [deltas, [win.seat, source, pao, _score_words(win), *words]]
        return block
    if result.kind == "exhaustive":
        paid = list(result.paid)
        if not any(paid):
            return ["全員聴牌" if len(result.tenpai) == len(paid) else "全員不聴"]
        return ["流局", paid]
    return [ABORT_NAMES.get(result.abort or "", "流局")]


def _yaku_words(name: str, han: int) -> str:
    """A yaku as Tenhou writes it: its Japanese name, and its han, or 役満 for a yakuman."""
    shown = TENHOU_YAKU.get(name, name)
    return f"{shown}(役満)" if han >= 13 and name not in ("Dora", "Aka Dora", "Ura Dora") else f"{shown}({han}飜)"


def _score_words(win: JsonValue) -> str:
    """The hand's value as Tenhou writes it: without honba or riichi sticks; a non-dealer's tsumo
    as what a non-dealer and the dealer pay, a dealer's tsumo as what each pays, with ∀."""
    from replay.games.riichi.pricing import Priced

    priced = win.priced
    if not isinstance(priced, Priced):
        return "unpriced"
    hand = win.hand
    if win.kind == "tsumo":
        each = [-d - 100 * hand.honba for d in priced.payments if d < 0]
        value = f"{max(each)}点∀" if hand.seat_wind == "1z" else f"{min(each)}-{max(each)}点"
    else:
        honba = (200 if hand.players == 3 else 300) * hand.honba
        value = f"{max(-d for d in priced.payments if d < 0) - honba}点"
    limit = priced.limit
    if limit:
        return ("役満" if "yakuman" in limit else TENHOU_LIMITS.get(limit, limit)) + value
    return f"{priced.fu}符{priced.han}飜{value}"
