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

from collections.abc import Sequence
from typing import Any, cast, get_args

from events.errors import InputError
from events.riichi import AbortKind, RiichiDrawResult, RiichiHandResult, ScoredMeld, WinCondition
from events.tiles import WIND_LETTERS, parse_many
from events.tiles import parse as parse_tile

MELD_KINDS = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "daiminkan": "daiminkan", "ankan": "ankan",
              "kakan": "kakan"}  # fmt: skip
CONDITIONS = {c.replace("_", "-") for c in get_args(WinCondition)}  # as typed: double-riichi
EXAMPLE = "e.g. ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m"
ABORTS = set(get_args(AbortKind))


def parse_result(line: str, *, dealer: int, players: int) -> RiichiHandResult | RiichiDrawResult:
    words = line.split()
    if words and words[0].lower() == "draw":
        return _draw(words[1:], dealer, players)
    if words and words[0].lower() == "abort":
        if len(words) < 2 or words[1].lower().replace("-", "_") not in ABORTS:
            raise InputError(
                f"abort takes its kind: {', '.join(sorted(ABORTS))}; e.g. abort four_riichi riichi E S W N"
            )
        drawn = _draw(["tenpai", *words[2:]], dealer, players)
        return drawn.model_copy(update={"abort": words[1].lower().replace("-", "_")})
    if len(words) < 2 or words[0].lower() not in ("ron", "tsumo"):
        raise InputError(f"a result line starts with ron or tsumo and the winner, or draw; {EXAMPLE}")
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


def _draw(words: list[str], dealer: int, players: int) -> RiichiDrawResult:
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
            seats[collecting].append(_seat(word, dealer, players))
    if collecting is None:
        raise InputError("say who was tenpai: draw tenpai E W (or draw tenpai none)")
    return RiichiDrawResult(
        tenpai=tuple(sorted(set(seats["tenpai"]))),
        riichi=tuple(sorted(set(seats["riichi"]))),
        nagashi=tuple(sorted(set(seats["nagashi"]))),
    )


def _seat(word: str, dealer: int, players: int) -> int:
    letter = word.upper()
    if letter in WIND_LETTERS[:players]:
        return (dealer + WIND_LETTERS.index(letter)) % players
    if word.isdigit() and int(word) < players:
        return int(word)
    winds = " ".join(WIND_LETTERS[:players])
    raise InputError(
        f"{word!r} is not a seat: give its wind this hand ({winds}, E is the dealer) or 0 to {players - 1}"
    )


def parse(words: Sequence[str], rnd: Any) -> RiichiHandResult | RiichiDrawResult:
    """One hand's line, read with this hand's dealer (seat winds count from the dealer)."""
    return parse_result(" ".join(words), dealer=rnd.dealer, players=rnd.players)
