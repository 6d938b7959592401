"""The replay page's template and script, and how data goes into a page so that no text in it
can change the page's structure."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

# Inside a JSON string these escapes mean the same characters; outside one they never occur. So
# no name or note can end the <script> element, open an HTML comment (which sends the tokenizer
# into its escaped-script state and swallows the page's own script), or end a JavaScript line.
_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_UNSAFE_RE = re.compile("[<>&\u2028\u2029]")
_SLOT = re.compile(r"\{\{(\w+)\}\}")


def embedded_json(value: Any) -> str:
    """``value`` as JSON to put inside a <script> element, whatever text it holds."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _UNSAFE_RE.sub(lambda found: _UNSAFE[found.group()], text)


def fill(template: str, slots: Mapping[str, str]) -> str:
    """The template with each ``{{name}}`` replaced once, in one pass: text put into one slot is
    never read again for another slot's marker."""
    return _SLOT.sub(lambda found: slots[found.group(1)], template)


def script_hash(script: str) -> str:
    """The CSP source that lets exactly this inline script run, and no other."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"
