"""What text an event may hold. A name (a player's, a recorder's) is one line of plain text: no
control character and no bidi override, which would fake table rows or reorder what a terminal
or page shows after it. No text anywhere holds NUL, which PostgreSQL cannot store."""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidi embeddings, overrides
# and isolates that reorder what follows them on screen.
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# A NUL in canonical JSON: the escape \u0000 not itself escaped (an even run of backslashes before it).
_JSON_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


def name_problem(what: str, name: str) -> str | None:
    """Why ``name`` cannot be a name, in words, or None."""
    found = UNSHOWABLE.search(name)
    if found is None:
        return None
    return (
        f"{what} {name[:40]!r} holds the control character U+{ord(found.group()):04X}; "
        "a name is one line of plain text: remove it"
    )


def json_has_nul(text: str) -> bool:
    """Whether a JSON document's text holds a string with NUL in it."""
    return "\\u0000" in text and _JSON_NUL.search(text) is not None
