"""Canonical JSON: the one byte form that is stored and hashed.

Sorted keys, no insignificant whitespace, UTF-8 (not ASCII-escaped). Numbers are integers
in the signed 64-bit range only: a float has no single canonical spelling, so it is refused
on the way in. Strings, integers, booleans, null, arrays and objects are the whole vocabulary.

The bytes are exactly those of ``json.dumps(v, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)``; orjson produces them about three times faster, and a property test
holds the two to the same output.
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

import orjson

from events.errors import InputError

JsonValue = Any  # a parsed JSON value made of dict, list, str, int, bool, None


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_SORTED = orjson.OPT_SORT_KEYS
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def dumps(value: JsonValue) -> str:
    """The canonical text of ``value`` (which must hold no floats)."""
    try:
        return orjson.dumps(value, option=_SORTED).decode("utf-8")
    except orjson.JSONEncodeError as exc:
        raise InputError(f"cannot store this value as canonical JSON ({exc}); use text, integers and lists") from None


def dumps_stdlib(value: JsonValue) -> str:
    """The same text through the standard library: the reference ``dumps`` is tested against."""
    return _ENCODER.encode(value)


def quote(text: str) -> str:
    """``dumps(text)`` for a string, faster when the string needs no escaping."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return _ENCODER.encode(text)


def dump_bytes(value: JsonValue) -> bytes:
    return dumps(value).encode("utf-8")


def _no_float(text: str) -> NoReturn:
    raise InputError(f"number {text} is not an integer; taikyoku stores integers only")


def _int_in_range(text: str) -> int:
    if len(text) > 20:  # past any 64-bit integer: said before int() meets Python's 4,300-digit limit
        raise InputError(
            f"an integer of {len(text.lstrip('-'))} digits is out of range; taikyoku stores signed 64-bit integers"
        )
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise InputError(f"integer {text} is out of range; taikyoku stores signed 64-bit integers")
    return value


def _no_constant(text: str) -> NoReturn:
    raise InputError(f"{text} is not valid JSON; use an integer or a string")


def _no_duplicate_keys(pairs: list[tuple[str, JsonValue]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InputError(f"key {key!r} appears twice in one object; keep one")
        result[key] = value
    return result


def loads(text: str | bytes, *, where: str = "input") -> JsonValue:
    """Parse strict JSON: UTF-8 only, no floats, no NaN, no duplicate keys.

    Errors are ``InputError`` with one line naming ``where`` and the position.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{where}: invalid UTF-8 at byte {exc.start}; save the file as UTF-8") from None
    try:
        value = json.loads(
            text,
            parse_float=_no_float,
            parse_int=_int_in_range,
            parse_constant=_no_constant,
            object_pairs_hook=_no_duplicate_keys,
        )
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except InputError as exc:
        raise InputError(f"{where}: {exc.message}") from None
    except RecursionError:
        raise InputError(_too_deep(where)) from None
    check_depth(value, where)
    return value


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
# Outside strings, a digit before a point or an exponent is a float; 19 digits may be past 64 bits.
_NOT_PLAIN_NUMBER = re.compile(r"\d[.eE]|\d{19}")


def loads_stored(text: str, *, where: str = "input") -> tuple[JsonValue, bool]:
    """``(loads(text), whether text is its canonical spelling)``, for a stored payload.

    A stored payload is almost always canonical; orjson parses it, and where it spells it again
    byte for byte, holds no float and no number near 64 bits, and opens fewer brackets than
    ``MAX_DEPTH`` (so it cannot nest deeper), the strict parse would give the same value: the
    text is canonical, so no key is repeated. Anything else goes through ``loads`` itself, with
    its errors and words."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    else:
        if orjson.dumps(value, option=_SORTED) == text.encode("utf-8", "surrogatepass"):
            plain = _STRING.sub("", text)
            if not _NOT_PLAIN_NUMBER.search(plain) and plain.count("[") + plain.count("{") <= MAX_DEPTH:
                return value, True
    value = loads(text, where=where)
    return value, dumps(value) == text


MAX_DEPTH = 32  # no document taikyoku reads nests deeper than about 6; 32 leaves room and stops a bomb


def _too_deep(where: str) -> str:
    return f"{where}: JSON nested more than {MAX_DEPTH} levels deep; no taikyoku or Tenhou document is"


def check_depth(value: JsonValue, where: str) -> None:
    """Refuse a value nested deeper than ``MAX_DEPTH`` (checked without recursion, a level at a
    time: the containers at each depth, of which a log has a few thousand and an export more)."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            raise InputError(_too_deep(where))
        level = [
            child
            for item in level
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, (dict, list))
        ]
        depth += 1


def too_long_a_number(exc: ValueError) -> str:
    """Python's refusal of an integer of over 4,300 digits, in our words."""
    digits = re.search(r"value has (\d+) digits", str(exc))
    return f"an integer of {digits.group(1) if digits else 'over 4,300'} digits is past any a log or an export holds"


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise InputError(f"the number {text[:40]} is too large for any log")
    return value


def parse_outside_json(text: str, where: str) -> JsonValue:
    """JSON from another program (Tenhou's logs, an export): floats allowed, but no NaN or Infinity,
    no nesting deeper than ``MAX_DEPTH``. A syntax error is ``json.JSONDecodeError``, for the caller
    to word; anything else is one-line ``InputError``."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except InputError as exc:
        raise InputError(f"{where}: {exc.message}") from None
    except RecursionError:
        raise InputError(_too_deep(where)) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer past Python's 4,300 digits: no log holds one
        raise InputError(f"{where}: {too_long_a_number(exc)}") from None
    check_depth(value, where)
    return value


def is_canonical(text: str) -> bool:
    """True when ``text`` is exactly the canonical spelling of the value it holds."""
    try:
        return dumps(loads(text)) == text
    except InputError:
        return False
