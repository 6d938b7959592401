"""Canonical JSON: the one byte form that is stored and hashed.

Sorted keys, no insignificant whitespace, UTF-8 (not ASCII-escaped). Numbers are integers
only: a float has no single canonical spelling, so it is refused on the way in. Strings,
integers, booleans, null, arrays and objects are the whole vocabulary.
"""

from __future__ import annotations

import json
from typing import Any

from events.errors import InputError

JsonValue = Any  # a parsed JSON value made of dict, list, str, int, bool, None


def dumps(value: JsonValue) -> str:
    """The canonical text of ``value`` (which must hold no floats)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def dump_bytes(value: JsonValue) -> bytes:
    return dumps(value).encode("utf-8")


def _no_float(text: str) -> Any:
    raise InputError(f"number {text} is not an integer; taikyoku stores integers only")


def _no_constant(text: str) -> Any:
    raise InputError(f"{text} is not valid JSON; use an integer or a string")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
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
        return json.loads(
            text,
            parse_float=_no_float,
            parse_constant=_no_constant,
            object_pairs_hook=_no_duplicate_keys,
        )
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except InputError as exc:
        raise InputError(f"{where}: {exc.message}") from None


def is_canonical(text: str) -> bool:
    """True when ``text`` is exactly the canonical spelling of the value it holds."""
    try:
        return dumps(loads(text)) == text
    except InputError:
        return False
