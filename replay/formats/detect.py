"""Which format a file is in, from its first bytes: taikyoku's own export (json or jsonl), a
tenhou.net/6 log (either shape), Tenhou's mjlog XML (plain or gzipped), or mjai JSONL.

Only the opening is looked at, so a file of any size is recognised at once; the format's own
reader then checks the whole. A file of none of them is refused with what each format expects.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from events.canonical import MAX_DEPTH, _too_deep, parse_outside_json
from events.errors import InputError
from replay.engine.game import LogFormat

Format = str  # native, tenhou6, mjlog, mjai, or a game's own (``Game.log_formats``: koikoi-ai)
# The start of a json export as taikyoku writes it (``native.py`` reads it match by match after it).
HEADER = re.compile(r'\s*\{\s*"format"\s*:\s*"([^"]*)"\s*,\s*"version"\s*:\s*(\d+)\s*,\s*"matches"\s*:\s*\[')
SNIFF = 4096
MJAI_TYPES = frozenset({"start_game", "start_kyoku", "tsumo", "dahai", "none"})


def detect(opening: bytes, name: str) -> Format:
    """The format of a file that starts with ``opening``; else InputError naming every format tried."""
    if opening[:2] == b"\x1f\x8b":
        return "mjlog"  # gzip: Tenhou's .mjlog download
    text = opening.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if text.startswith("<"):
        return "mjlog"
    if HEADER.match(text):
        return "native"
    if _opening_depth(text) > MAX_DEPTH:
        raise InputError(_too_deep(name))
    first = text.split("\n", 1)[0].strip()
    try:
        value = parse_outside_json(first, name) if first else None
    except json.JSONDecodeError:
        value = None  # a JSON document over several lines, or not JSON at all
    except InputError:
        raise  # JSON holding what no log holds (too deep, a number too long, NaN): said as such
    if (
        value is None
        and first.startswith("{")
        and all(f'"{key}"' in first for key in ("event_id", "match_id", "payload"))
    ):
        return "native"  # an event line longer than the opening looked at: its reader checks the rest
    if isinstance(value, dict):
        if {"event_id", "match_id", "payload"} <= value.keys():
            return "native"
        if isinstance(value.get("log"), list):
            return "tenhou6"  # Tenhou's one line, whatever other keys it carries
        if value.get("type") in MJAI_TYPES:
            return "mjai"
    if text.startswith("{") and '"log"' in text:
        return "tenhou6"
    for found in game_log_formats():  # a game's own record: a JSON object with the keys it names
        keys = value.keys() if isinstance(value, dict) else {k for k in found.keys if f'"{k}"' in text}
        if text.startswith("{") and found.keys <= keys:
            return found.name
    raise InputError(
        f"{name}: not a format taikyoku reads. Tried: taikyoku json/jsonl (starts with "
        '{"format": "taikyoku", ...} or an event a line), tenhou.net/6 (a JSON object with "log"), mjlog '
        '(XML <mjloggm>, or gzipped), mjai (a JSON object a line, the first {"type": "start_game"}); '
        "give --format to force one"
    )


def game_log_formats() -> list[LogFormat]:
    """The records of other programs that the games read (each game's ``log_formats``)."""
    from replay.games import GAMES

    return [found for game in GAMES.values() for found in game.log_formats]


def _opening_depth(text: str) -> int:
    """How deep the brackets of the opening nest, strings aside: a bomb is refused before parsing."""
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


# A string, escapes and all, to its closing quote (or to the end of the opening, cut inside it).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
