"""The pages' one shell (``shell``: one security policy for every page), their templates and
scripts, and how data goes into a page so that no text in it can change the page's structure."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from events.canonical import JsonValue

# Inside a JSON string these escapes mean the same characters; outside one they never occur. So
# no name or note can end the <script> element, open an HTML comment (which sends the tokenizer
# into its escaped-script state and swallows the page's own script), or end a JavaScript line.
_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_UNSAFE_RE = re.compile("[<>&\u2028\u2029]")
_SLOT = re.compile(r"\{\{(\w+)\}\}")


def embedded_json(value: JsonValue) -> str:
    """``value`` as JSON to put inside a <script> element, whatever text it holds."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _UNSAFE_RE.sub(lambda found: _UNSAFE[found.group()], text)


def fill(template: str, slots: Mapping[str, str]) -> str:
    """The template with each ``{{name}}`` replaced once, in one pass: text put into one slot is
    never read again for another slot's marker."""
    return _SLOT.sub(lambda found: slots[found.group(1)], template)


def shell(title: str, body: str, *, style: str = "", script: str = "", head: str = "") -> str:
    """Every page in the one shell and under the one security policy: nothing loaded from
    elsewhere, styles inline, no script but the page's own (allowed by its hash), images only as
    data, and no connection but to the server it came from. ``title`` is text; ``body`` and
    ``head`` are HTML."""
    from html import escape
    from importlib import resources

    allowed = script_hash(script) if script else "'none'"
    policy = f"default-src 'none'; style-src 'unsafe-inline'; script-src {allowed}; img-src data:; connect-src 'self'"
    template = resources.files("replay.present.page").joinpath("shell.html").read_text(encoding="utf-8")
    whole = body + (f"\n<script>{script}</script>" if script else "")
    return fill(template, {"policy": policy, "head": head, "title": escape(title), "style": style, "body": whole})


def script_hash(script: str) -> str:
    """The CSP source that lets exactly this inline script run, and no other."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"


def delta(before: JsonValue, after: JsonValue) -> dict[str, Any] | None:
    """What turns the JSON value ``before`` into ``after`` (None when they are equal): a page
    carries each frame as its change from the one before, and ``patch`` (here, and in the
    page's script) makes the frame again. A node is {"v": value} (replaced), {"a": items} (a
    list grown at its end), {"l": {index: node}} (a list of the same length, some items
    changed) or {"o": {key: node}, "x": [keys removed]} (an object)."""
    if _same(before, after):
        return None
    if isinstance(before, dict) and isinstance(after, dict):
        changed = {k: d for k in after if (d := delta(before.get(k, _ABSENT), after[k])) is not None}
        removed = [k for k in before if k not in after]
        return {"o": changed} | ({"x": removed} if removed else {})
    if isinstance(before, list) and isinstance(after, list):
        if len(after) > len(before) and after[: len(before)] == before:
            return {"a": after[len(before) :]}
        if len(after) == len(before):
            items = {
                str(i): d for i, (b, a) in enumerate(zip(before, after, strict=True)) if (d := delta(b, a)) is not None
            }
            if len(items) * 2 <= len(after):  # a few items changed: say which; else the list whole
                return {"l": items}
    return {"v": after}


def patch(before: JsonValue, node: dict[str, Any] | None) -> JsonValue:
    """``before`` changed as ``node`` (from ``delta``) says."""
    if node is None:
        return before
    if "v" in node:
        return node["v"]
    if "a" in node:
        return [*before, *node["a"]]
    if "l" in node:
        items = list(before)
        for index, sub in node["l"].items():
            items[int(index)] = patch(items[int(index)], sub)
        return items
    out = dict(before) if isinstance(before, dict) else {}
    for key, sub in node.get("o", {}).items():
        out[key] = patch(out.get(key), sub)
    for key in node.get("x", []):
        out.pop(key, None)
    return out


def _same(a: JsonValue, b: JsonValue) -> bool:
    """Equal as JSON: ``True`` is not ``1``, ``1`` is not ``1.0``, at any depth."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


class _Absent:
    """A key not there before (never equal to any JSON value)."""


_ABSENT = _Absent()
