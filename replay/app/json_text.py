"""JSON as taikyoku shows it, to a person and a program alike (``--json``, the API's kept answers):
indented three levels deep, each thing deeper (or short) on one line. Kept answers keep this very
text, so that an answer read back is printed as it stands, neither parsed nor written again."""

from __future__ import annotations

import json


def json_text(value: object) -> str:
    """``value`` as JSON for a person and a program alike: indented three levels deep, and each thing
    deeper (or short) on one line. Python's indenting encoder is its slow one, about ten times
    the compact one: a league's ranking runs to millions of values, each encoded here once."""
    return _json_texts(value, 0)[1]


def _json_texts(value: object, depth: int) -> tuple[str, str]:
    """(``value`` on one line, ``value`` as shown at ``depth``): a container's one line is made from
    its items' own, so nothing is encoded twice."""
    if depth >= 3 or not isinstance(value, dict | list) or not value:
        flat = json.dumps(value, ensure_ascii=False)
        return flat, flat
    if isinstance(value, dict):
        keys = [json.dumps(key, ensure_ascii=False) for key in value]
        items = [_json_texts(item, depth + 1) for item in value.values()]
        flat = "{" + ", ".join(f"{key}: {item[0]}" for key, item in zip(keys, items, strict=True)) + "}"
        if len(flat) <= 100:
            return flat, flat
        inner = "  " * (depth + 1)
        lines = ",\n".join(f"{inner}{key}: {item[1]}" for key, item in zip(keys, items, strict=True))
        return flat, "{\n" + lines + "\n" + "  " * depth + "}"
    items = [_json_texts(item, depth + 1) for item in value]
    flat = "[" + ", ".join(item[0] for item in items) + "]"
    if len(flat) <= 100:
        return flat, flat
    inner = "  " * (depth + 1)
    return flat, "[\n" + ",\n".join(f"{inner}{item[1]}" for item in items) + "\n" + "  " * depth + "]"
