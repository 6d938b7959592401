"""A hand recorded by its result alone: typed (`result Mika from Sato all_pungs half_flush`) or
tapped on a phone (its values); both make the same event, which the fold checks."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from pydantic import ValidationError

from events.errors import InputError
from events.mcr import DeclaredMeld, McrDrawnHand, McrFalseWin, McrFansDeclared, McrHandDeclared
from events.model import Payload
from replay.games.mcr.fans import BY_ID, fan_of
from replay.games.mcr.moves import RESULT_LINE
from replay.games.mcr.state import SEATS, McrRound
from replay.games.mcr.tiles import parse as parse_tiles

WINDS = {"e": 0, "east": 0, "s": 1, "south": 1, "w": 2, "west": 2, "n": 3, "north": 3}
MELD_WORDS = {"chow": "chow", "pung": "pung", "kong": "kong", "ckong": "concealed_kong"}
FLAGS = ("fourth_tile", "on_kong", "last_tile")


def _seat(word: str, rnd: McrRound | None, names: Sequence[str]) -> int:
    said = unicodedata.normalize("NFC", word.strip())
    if said.isdigit() and int(said) < SEATS:
        return int(said)
    by_name = [i for i, name in enumerate(names) if name.casefold() == said.casefold()]
    if len(by_name) == 1:
        return by_name[0]
    if said.lower() in WINDS and rnd is not None:
        return rnd.seat_of_wind(WINDS[said.lower()])
    raise InputError(f"{word!r} is not a seat here; give 0 to 3, a seat wind (E S W N) or a name ({', '.join(names)})")


def parse(words: Sequence[str], rnd: McrRound | None, names: Sequence[str]) -> Payload:
    """``draw``; ``false SEAT``; ``WINNER [from SEAT] FAN ... [flowers=N]``; or ``WINNER [from SEAT]
    TILES +TILE [pung:555p ...] [fourth_tile on_kong last_tile] [flowers=N]``."""
    said = [w for w in words if w.strip()]
    if not said:
        raise InputError(f"say the hand's result: {RESULT_LINE}")
    if said[0].lower() == "draw" and len(said) == 1:
        return McrDrawnHand()
    if said[0].lower() == "false" and len(said) == 2:
        return McrFalseWin(seat=_seat(said[1], rnd, names))
    winner, rest = _seat(said[0], rnd, names), said[1:]
    giver = None
    if len(rest) == 1 and rest[0].lower() == "from":
        raise InputError("say whose discard the win was on: `from SEAT` (a number, a seat wind or a name)")
    if len(rest) >= 2 and rest[0].lower() == "from":
        giver, rest = _seat(rest[1], rnd, names), rest[2:]
    flowers = 0
    for word in list(rest):
        if word.lower().startswith("flowers="):
            count = word.split("=", 1)[1]
            if not count.isdigit() or int(count) > 8:
                raise InputError(f"{word!r}: flowers=N, N from 0 to 8")
            flowers = int(count)
            rest.remove(word)
    if any(w.startswith("+") for w in rest):
        return _hand(winner, giver, rest, flowers)
    if not rest:
        raise InputError("name the fans counted (all_pungs half_flush ...) or lay the hand open (TILES +TILE)")
    fans = []
    for word in rest:
        try:
            fans.append(fan_of(word).id)
        except KeyError:
            raise InputError(f"{word!r} is not a fan; `taikyoku rules mcr-ema` lists them (all_pungs, "
                             "half_flush ...)") from None  # fmt: skip
    return McrFansDeclared(seat=winner, from_seat=giver, fans=tuple(fans), flowers=flowers)


def _hand(winner: int, giver: int | None, words: Sequence[str], flowers: int) -> Payload:
    concealed: list[str] = []
    melds: list[DeclaredMeld] = []
    tile: str | None = None
    flags = {flag: False for flag in FLAGS}
    for word in words:
        lowered = word.lower()
        if lowered in flags:
            flags[lowered] = True
        elif word.startswith("+"):
            found = parse_tiles(word[1:])
            if len(found) != 1 or tile is not None:
                raise InputError("give the winning tile once, as +TILE (+5m)")
            tile = found[0]
        elif re.fullmatch(r"[a-z]+:.+", lowered):
            kind, tiles = lowered.split(":", 1)
            if kind not in MELD_WORDS:
                raise InputError(f"{word!r}: a set is pung:555p, chow:345m, kong:7777s or ckong:1111z")
            melds.append(DeclaredMeld(kind=MELD_WORDS[kind], tiles=tuple(parse_tiles(tiles))))
        else:
            concealed += parse_tiles(word)
    try:
        return McrHandDeclared.model_validate({"seat": winner, "from_seat": giver, "concealed": concealed,
                                               "tile": tile, "melds": melds, "flowers": flowers, **flags})  # fmt: skip
    except ValidationError:
        raise InputError("a hand laid open is its concealed tiles (1 to 13, no flowers), +the winning tile and the "
                         "sets laid open: 234m567p11z +1z pung:555s") from None  # fmt: skip


def of_data(values: Mapping[str, object], rnd: McrRound | None, names: Sequence[str]) -> Payload:
    """A phone's result: ``{"kind": "fans", "seat": 0, "from": 2, "fans": [...], "flowers": 1}``,
    ``{"kind": "hand", "seat", "from", "concealed": "...", "tile": "5m", "melds": [{"kind", "tiles"}],
    "fourth_tile", "on_kong", "last_tile", "flowers"}``, ``{"kind": "draw"}`` or ``{"kind": "false", "seat": 1}``."""
    kind = values.get("kind")
    if kind == "draw":
        return McrDrawnHand()
    seat = values.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise InputError("the result names no winner: tap the seat that won (0 to 3)")
    if kind == "false":
        return McrFalseWin(seat=seat)
    giver = values.get("from")
    if giver is not None and (not isinstance(giver, int) or isinstance(giver, bool) or not 0 <= giver < SEATS):
        raise InputError("the discarder is not a seat (0 to 3): tap who discarded, or self-drawn")
    if kind == "fans":
        fans = values.get("fans")
        if not isinstance(fans, list) or not all(isinstance(f, str) and f in BY_ID for f in fans):
            raise InputError("the fans are not the rules' fans: tap them from the list")
        return McrFansDeclared.model_validate({"seat": seat, "from_seat": giver, "fans": fans,
                                               "flowers": values.get("flowers", 0)})  # fmt: skip
    if kind == "hand":
        words = [str(values.get("concealed", "")), f"+{values.get('tile', '')}"]
        for meld in values.get("melds") or []:  # type: ignore[attr-defined]
            if not isinstance(meld, dict):
                raise InputError("a set laid open is {kind, tiles}")
            words.append(f"{'ckong' if meld.get('kind') == 'concealed_kong' else meld.get('kind')}:{meld.get('tiles')}")
        words += [flag for flag in FLAGS if values.get(flag) is True]
        flowers = values.get("flowers", 0)
        if not isinstance(flowers, int) or isinstance(flowers, bool) or not 0 <= flowers <= 8:
            raise InputError("flowers: 0 to 8")
        return _hand(seat, giver, words, flowers)
    raise InputError('the result\'s kind is "fans", "hand", "draw" or "false"')


def takes_another(result: Payload, rnd: McrRound | None) -> bool:
    """A false mahjong is recorded in the hand in play; a hand has one winner (the first in turn
    from the discarder takes it)."""
    return False
