"""A riichi hand at result depth, from the one line a table without a recorder writes down.

    ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m also-riichi N
    ron 2 from 0 1m234p567s chi:345m pon:777z +1m dora 7p
    draw tenpai E W riichi W

The winner and the discarder are seat winds for this hand (E is the dealer) or seat numbers;
the concealed tiles without the winning one; ``+TILE`` the winning tile; melds as
``KIND:TILES`` (chi, pon, kan for an open kan, ankan, kakan); the conditions the table saw
(riichi, double-riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou);
``dora`` and ``ura`` each followed by their indicators; ``also-riichi`` and the other seats that
had declared riichi (their sticks go to the winner). An exhaustive draw is ``draw``, ``tenpai``
and the tenpai seats (or none), ``riichi`` and the seats in riichi, and ``nagashi`` and the
seats with nagashi mangan, where the ruleset has it; an abortive draw is
``abort`` and its kind (four_riichi, four_kans, four_winds, kyuushu_kyuuhai, triple_ron), and the
seats in riichi. Nothing is guessed: a
word that is none of these is an error naming it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, cast, get_args

from events.errors import InputError
from events.model import Payload
from events.riichi import (
    AbortKind,
    RiichiChombo,
    RiichiDeclaredWin,
    RiichiDrawResult,
    RiichiHandResult,
    ScoredMeld,
    WinCondition,
)
from events.tiles import WIND_LETTERS, parse_many
from events.tiles import parse as parse_tile
from replay.games.riichi.state import RiichiRound

MELD_KINDS = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "daiminkan": "daiminkan", "ankan": "ankan",
              "kakan": "kakan"}  # fmt: skip
CONDITIONS = {c.replace("_", "-") for c in get_args(WinCondition)}  # as typed: double-riichi
EXAMPLE = "e.g. ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m"
ABORTS = set(get_args(AbortKind))


def parse_result(
    line: str, *, dealer: int, players: int, names: Sequence[str] = ()
) -> RiichiHandResult | RiichiDrawResult | RiichiDeclaredWin | RiichiChombo:
    words = line.split()

    def _seat(word: str, dealer: int, players: int) -> int:
        return seat_of(word, dealer, players, names)

    if words and words[0].lower() == "chombo":
        return _chombo(words[1:], dealer, players, names)
    if words and words[0].lower() in ("ron", "tsumo") and any(_is_value(w) for w in words[1:]):
        return _declared(words, dealer, players, names)
    if words and words[0].lower() == "draw":
        return _draw(words[1:], dealer, players, names)
    if words and words[0].lower() == "abort":
        if len(words) < 2 or words[1].lower().replace("-", "_") not in ABORTS:
            raise InputError(
                f"abort takes its kind: {', '.join(sorted(ABORTS))}; e.g. abort four_riichi riichi E S W N"
            )
        drawn = _draw(["tenpai", *words[2:]], dealer, players, names)
        return drawn.model_copy(update={"abort": words[1].lower().replace("-", "_")})
    if len(words) < 2 or words[0].lower() not in ("ron", "tsumo"):
        raise InputError(
            f"a result line starts with ron or tsumo and the winner, draw, abort or chombo; {EXAMPLE}, "
            "or ron Mika 3han30fu from Sato riichi Mika"
        )
    kind = words[0].lower()
    seat = _seat(words[1], dealer, players)
    rest = words[2:]
    from_seat = None
    if kind == "ron":
        if len(rest) < 2 or rest[0].lower() != "from":
            raise InputError(f"a ron says who dealt in: from W (or from 2); {EXAMPLE}")
        from_seat = _seat(rest[1], dealer, players)
        rest = rest[2:]
    hand: list[str] = []
    win_tile: str | None = None
    melds: list[ScoredMeld] = []
    conditions: list[str] = []
    indicators: dict[str, list[str]] = {"dora": [], "ura": []}
    others: list[int] = []
    collecting: str | None = None
    for word in rest:
        lower = word.lower()
        if lower in indicators or lower == "also-riichi":
            collecting = lower
        elif collecting == "also-riichi" and (word.upper() in WIND_LETTERS or word.isdigit()):
            others.append(_seat(word, dealer, players))
        elif word.startswith("+"):
            win_tile = parse_tile(word[1:])
            collecting = None
        elif ":" in word:
            name, _, tiles = word.partition(":")
            if name.lower() not in MELD_KINDS:
                raise InputError(f"{word}: a meld is chi:, pon:, kan:, ankan: or kakan: with its tiles")
            melds.append(ScoredMeld(kind=MELD_KINDS[name.lower()], tiles=tuple(parse_many(tiles))))
            collecting = None
        elif lower.replace("_", "-") in CONDITIONS:
            conditions.append(lower.replace("-", "_"))
            collecting = None
        elif collecting is not None:
            indicators[collecting] += parse_many(word)
        elif not hand:
            hand = parse_many(word)
        else:
            raise InputError(f"{word!r} is not a tile group, a meld, a condition, dora or ura; {EXAMPLE}")
    if not hand:
        raise InputError(f"give the concealed tiles, without the winning one; {EXAMPLE}")
    if win_tile is None:
        raise InputError(f"give the winning tile after a +, e.g. +7z; {EXAMPLE}")
    if not indicators["dora"]:
        raise InputError(f"give the dora indicators after dora, e.g. dora 3p; {EXAMPLE}")
    fields: dict[str, Any] = {
        "conditions": tuple(cast(WinCondition, c) for c in conditions),
        "dora_indicators": tuple(indicators["dora"]),
        "from_seat": from_seat,
        "hand": tuple(hand),
        "kind": kind,
        "melds": tuple(melds),
        "others_in_riichi": tuple(others),
        "seat": seat,
        "ura_indicators": tuple(indicators["ura"]),
        "win_tile": win_tile,
    }
    return RiichiHandResult.model_validate(fields)


def _draw(words: list[str], dealer: int, players: int, names: Sequence[str]) -> RiichiDrawResult:
    seats: dict[str, list[int]] = {"tenpai": [], "riichi": [], "nagashi": []}
    collecting: str | None = None
    for word in words:
        lower = word.lower()
        if lower in seats:
            collecting = lower
        elif lower == "none" and collecting == "tenpai":
            continue
        elif collecting is None:
            raise InputError(
                f"{word!r}: a draw line is draw tenpai SEATS [riichi SEATS], e.g. draw tenpai E W riichi W"
            )
        else:
            seats[collecting].append(seat_of(word, dealer, players, names))
    if collecting is None:
        raise InputError("say who was tenpai: draw tenpai E W (or draw tenpai none)")
    return RiichiDrawResult(
        tenpai=tuple(sorted(set(seats["tenpai"]))),
        riichi=tuple(sorted(set(seats["riichi"]))),
        nagashi=tuple(sorted(set(seats["nagashi"]))),
    )


def seat_of(word: str, dealer: int, players: int, names: Sequence[str] = ()) -> int:
    """A seat said by a player's name (as names are stored, in NFC), its wind this hand (E is the
    dealer) or its number."""
    word = unicodedata.normalize("NFC", word)
    for seat, name in enumerate(names):
        if word == name or word.casefold() == name.casefold():
            return seat
    letter = word.upper()
    if letter in WIND_LETTERS[:players]:
        return (dealer + WIND_LETTERS.index(letter)) % players
    if word.isdigit() and int(word) < players:
        return int(word)
    winds = " ".join(WIND_LETTERS[:players])
    who = f"a player's name ({', '.join(names)}), " if names else ""
    raise InputError(
        f"{word!r} is not a seat: give {who}its wind this hand ({winds}, E is the dealer) or 0 to {players - 1}"
    )


LIMIT_WORDS = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
               "yakuman": "yakuman", "double-yakuman": "double_yakuman", "double_yakuman": "double_yakuman",
               "2x-yakuman": "double_yakuman"}  # fmt: skip
_HAN_FU = re.compile(r"^(?:(\d+)han)?(?:(\d+)fu)?$")
_SLASH = re.compile(r"^(\d+)/(\d+)$")
DECLARED = "e.g. ron Mika 3han30fu from Sato riichi Mika, tsumo Sato mangan, ron Mika 2han40fu Ken 3/30 from Sato"


def _is_value(word: str) -> bool:
    """A word of a declared value (3han30fu, 3/30, han, mangan ...), which no tile group is."""
    lower = word.lower()
    return (
        lower in LIMIT_WORDS
        or lower in ("han", "fu")
        or bool(_SLASH.match(lower))
        or (bool(_HAN_FU.match(lower)) and lower[-1:] in ("n", "u"))
    )


def _declared(words: list[str], dealer: int, players: int, names: Sequence[str]) -> RiichiDeclaredWin:
    """``ron WINNER VALUE [WINNER VALUE...] from SEAT [riichi SEATS] [yaku Y,Y]`` or
    ``tsumo WINNER VALUE [riichi SEATS]``: a VALUE is 3han30fu (or 3 han 30 fu, 3/30), 6han, or a
    limit (mangan, haneman, baiman, sanbaiman, yakuman, double-yakuman)."""
    kind = words[0].lower()
    wins: list[dict[str, Any]] = []
    riichi: list[int] = []
    from_seat: int | None = None
    collecting: str | None = None
    riichi_named = True  # after the word riichi: whether a seat followed it
    rest = words[1:]
    at = 0
    while at < len(rest):
        word, lower = rest[at], rest[at].lower()
        following = rest[at + 1].lower() if at + 1 < len(rest) else ""
        at += 1
        if lower in ("from", "riichi", "yaku"):
            if collecting == "riichi" and not riichi_named:
                raise InputError(f"riichi takes the seats in riichi, e.g. riichi Mika; {DECLARED}")
            collecting, riichi_named = lower, lower != "riichi"
            if lower == "yaku" and not wins:
                raise InputError(f"name the winner before the yaku; {DECLARED}")
            continue
        number = _HAN_FU.match(lower) if lower not in ("", "han", "fu") else None
        slash = _SLASH.match(lower)
        if word.isdigit() and following in ("han", "fu"):
            number, at = _HAN_FU.match(f"{word}{following}"), at + 1
        if collecting == "yaku":  # one word, the yaku parted by commas: riichi,pinfu,tanyao
            wins[-1]["yaku"] += [y for y in word.split(",") if y]
            collecting = None
            continue
        if collecting != "riichi" and (lower in LIMIT_WORDS or number or slash):
            if not wins:
                raise InputError(f"name the winner before the value {word!r}; {DECLARED}")
            value = wins[-1]
            if lower in LIMIT_WORDS:
                value["limit"] = LIMIT_WORDS[lower]
            elif slash:
                value["han"], value["fu"] = int(slash[1]), int(slash[2])
            elif number:
                if number[1]:
                    value["han"] = int(number[1])
                if number[2]:
                    value["fu"] = int(number[2])
            collecting = None
            continue
        seat = seat_of(word, dealer, players, names)
        if collecting == "from":
            from_seat, collecting = seat, None
        elif collecting == "riichi":
            riichi.append(seat)
            riichi_named = True
        else:
            wins.append({"seat": seat, "yaku": []})
    if collecting == "riichi" and not riichi_named:
        raise InputError(f"riichi takes the seats in riichi, e.g. riichi Mika; {DECLARED}")
    return _declared_win({"kind": kind, "from_seat": from_seat, "riichi": sorted(set(riichi)), "wins": wins}, names)


def _declared_win(fields: dict[str, Any], names: Sequence[str]) -> RiichiDeclaredWin:
    """A win by its declared value, checked as the table would check it, typed or tapped alike."""
    wins = fields.get("wins")
    if not wins or not isinstance(wins, list):
        raise InputError(f"name the winner and the value; {DECLARED}")
    for value in wins:
        if not isinstance(value, dict):
            raise InputError(f"each win is a seat and its value; {DECLARED}")
        if value.get("han") is None and value.get("limit") is None:
            raise InputError(f"give the value of {_name(value.get('seat'), names)}'s hand; {DECLARED}")
        if isinstance(value.get("han"), int) and value["han"] > 12:
            raise InputError("13 han or more is a yakuman (or a sanbaiman, where counted yakuman are not played): "
                             "say yakuman or sanbaiman")  # fmt: skip
        if value.get("fu") not in (None, 20, 25, *range(30, 120, 10)):
            raise InputError(f"{value['fu']} fu is not a hand's fu: 20, 25, or 30 to 110 in tens")
    if fields.get("kind") == "ron" and fields.get("from_seat") is None:
        raise InputError(f"a ron says who dealt in: from Sato; {DECLARED}")
    return RiichiDeclaredWin.model_validate(fields)


def _name(seat: object, names: Sequence[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


def _chombo(words: list[str], dealer: int, players: int, names: Sequence[str]) -> RiichiChombo:
    """``chombo SEAT [riichi SEATS]``."""
    if not words:
        raise InputError("say who made the chombo: chombo Mika")
    riichi = words[2:] if len(words) > 1 and words[1].lower() == "riichi" else []
    if len(words) > 1 and not riichi:
        raise InputError(f"after chombo {words[0]} only riichi and the seats in riichi may follow")
    return RiichiChombo(
        seat=seat_of(words[0], dealer, players, names),
        riichi=tuple(sorted({seat_of(w, dealer, players, names) for w in riichi})),
    )


def parse(
    words: Sequence[str], rnd: RiichiRound | None, names: Sequence[str] = ()
) -> RiichiHandResult | RiichiDrawResult | RiichiDeclaredWin | RiichiChombo:
    """One hand's line, read with this hand's dealer (seat winds count from the dealer) and the
    players' names."""
    if rnd is None:  # the application starts the hand before it reads the line
        raise InputError("there is no hand to record a result on: start one with next")
    return parse_result(" ".join(words), dealer=rnd.dealer, players=rnd.players, names=names)


def of_data(
    values: Mapping[str, object], rnd: RiichiRound | None, names: Sequence[str] = ()
) -> RiichiHandResult | RiichiDrawResult | RiichiDeclaredWin | RiichiChombo:
    """A phone's result, as data: ``{"event": "riichi.declared_win", "kind": "ron", "from_seat": 2,
    "riichi": [0], "wins": [{"seat": 1, "han": 3, "fu": 30}]}``, or a ``riichi.draw_result`` (tenpai,
    nagashi, riichi, abort), a ``riichi.chombo`` (seat, riichi) or a ``riichi.hand_result`` with its
    tiles: the event's fields, seats by number, checked as the typed line is."""
    fields = {key: _seats(value) if key in SEAT_LISTS else value for key, value in values.items() if key != "event"}
    event = values.get("event")
    if event == "riichi.declared_win":
        return _declared_win(fields, names)
    models: dict[str, type[RiichiDrawResult | RiichiChombo | RiichiHandResult]] = {
        "riichi.draw_result": RiichiDrawResult,
        "riichi.chombo": RiichiChombo,
        "riichi.hand_result": RiichiHandResult,
    }
    model = models.get(str(event))
    if model is None:
        kinds = ", ".join(["riichi.declared_win", *models])
        raise InputError(f"a hand's result is one of: {kinds} (its event); {event!r} is none of them")
    return model.model_validate(fields)


SEAT_LISTS = (
    "riichi",
    "tenpai",
    "nagashi",
    "others_in_riichi",
)  # each seat said once, in order, as the line reads them


def _seats(value: object) -> object:
    """A list of seats as the typed line reads it: each once, in order (anything else is left for
    the event's model to refuse)."""
    if isinstance(value, list) and all(isinstance(seat, int) and not isinstance(seat, bool) for seat in value):
        return sorted(set(value))
    return value


def takes_another(result: Payload, rnd: RiichiRound | None) -> bool:
    """Whether ``result`` is a second result on a hand already over: another ron, with its tiles, on
    a hand recorded at result depth (a double ron, which the fold checks). A ron by its declared
    value names every winner in one, so is never a second one."""
    ron_with_tiles = isinstance(result, RiichiHandResult) and result.kind == "ron"
    return ron_with_tiles and rnd is not None and rnd.over and rnd.result is not None and rnd.result.depth == "result"
