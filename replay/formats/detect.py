"""Which format a file is in, from its first bytes: taikyoku's own export (json or jsonl), or one of
the records of other programs the games declare (``Game.log_formats``).

Only the opening is looked at, so a file of any size is recognised at once; the format's own
reader then checks the whole. A file of none of them is refused with what each format expects.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from events.canonical import MAX_DEPTH, _too_deep, parse_outside_json
from events.errors import InputError
from replay.engine.logs import Opening

Format = str  # native, or a format a game declares (``Game.log_formats``)
# The start of a json export as taikyoku writes it (``native.py`` reads it match by match after it).
HEADER = re.compile(r'\s*\{\s*"format"\s*:\s*"([^"]*)"\s*,\s*"version"\s*:\s*(\d+)\s*,\s*"matches"\s*:\s*\[')
SNIFF = 4096


def detect(opening: bytes, name: str) -> Format:
    """The format of a file that starts with ``opening``; else InputError naming every format tried."""
    from replay.games import log_formats

    text = opening.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if HEADER.match(text):
        return "native"
    first = text.split("\n", 1)[0].strip()
    value: object = None
    if not text.startswith("<") and opening[:2] != b"\x1f\x8b":
        if _opening_depth(text) > MAX_DEPTH:
            raise InputError(_too_deep(name))
        try:
            value = parse_outside_json(first, name) if first else None
        except json.JSONDecodeError:
            value = None  # a JSON document over several lines, or not JSON at all
        except InputError:
            raise  # JSON holding what no log holds (too deep, a number too long, NaN): said as such
    if (value is None and first.startswith("{")
            and all(f'"{key}"' in first for key in ("event_id", "match_id", "payload"))):  # fmt: skip
        return "native"  # an event line longer than the opening looked at: its reader checks the rest
    if isinstance(value, dict) and {"event_id", "match_id", "payload"} <= value.keys():
        return "native"
    seen = Opening(opening, text, value)
    declared = [found for _game, found in log_formats()]
    for found in declared:
        if found.sniff(seen):
            return found.name
    tried = "; ".join(found.looks for found in declared)
    raise InputError(
        f"{name}: not a format taikyoku reads. Tried: taikyoku json/jsonl (starts with "
        f'{{"format": "taikyoku", ...}} or an event a line); {tried}; give --format to force one'
    )


def _opening_depth(text: str) -> int:
    """How deep the brackets of the opening nest, strings aside: a bomb is refused before parsing."""
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


# A string, escapes and all, to its closing quote (or to the end of the opening, cut inside it).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
