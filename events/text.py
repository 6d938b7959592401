"""What text an event may hold. A name (a player's, a recorder's) is one line of plain text: no
control character and no bidi override, which would fake table rows or reorder what a terminal
or page shows after it, and nothing invisible, which would make two names look one. No text
anywhere holds NUL, which PostgreSQL cannot store.

A player's name taken from a person (the command line, the host's page) is written in NFC, so
"Zoë" typed either way is one name, and refused when it only looks like another present name
(``zoë`` beside ``Zoë``, ``A`` beside ``\ufeffA``): docs/reliability.md, "Names"."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from events.errors import InputError

NAME_LIMIT = 64  # characters, as match_started's and the night's schemas allow

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidi embeddings, overrides
# and isolates that reorder what follows them on screen.
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Characters that show nothing: zero-width spaces and joiners, the bidi marks, word joiners and
# invisible operators, the byte order mark, soft hyphen, Hangul and Mongolian fillers,
# variation selectors and tag characters.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]"
)
# A NUL in canonical JSON: the escape \u0000 not itself escaped (an even run of backslashes before it).
_JSON_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


def name_problem(what: str, name: str) -> str | None:
    """Why ``name`` cannot be a name, in words, or None."""
    found = UNSHOWABLE.search(name)
    if found is not None:
        return (
            f"{what} {name[:40]!r} holds the control character U+{ord(found.group()):04X}; "
            "a name is one line of plain text: remove it"
        )
    found = INVISIBLE.search(name)
    if found is not None:
        return (
            f"{what} {name[:40]!r} holds the invisible character U+{ord(found.group()):04X}; "
            "a name is what it shows: remove it"
        )
    return None


def name_key(name: str) -> str:
    """What a name looks like: compatibility forms folded (NFKC), case folded, spaces collapsed,
    invisible characters dropped. Two names with one key are one name to a reader."""
    shown = INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).casefold()
    return " ".join(shown.split())


def player_name(text: str, what: str = "a player's name") -> str:
    """A name as a person gives it, as it is stored: trimmed and in NFC; refused in one line
    (code ``input.name``) when it is empty, too long, or holds a control or invisible character."""
    problem = name_problem(what, text)  # before trimming: a control character at an end is one too
    if problem is not None:
        raise InputError(problem, code="input.name")
    name = unicodedata.normalize("NFC", text.strip())
    if not name:
        raise InputError(f"{what} is empty; give each player a name", code="input.name")
    if len(name) > NAME_LIMIT:
        raise InputError(f"{what} {name[:20]!r}... is {len(name)} characters long; use at most {NAME_LIMIT}",
                         code="input.name")  # fmt: skip
    problem = name_problem(what, name)
    if problem is not None:
        raise InputError(problem, code="input.name")
    return name


def lookalike(name: str, present: Iterable[str]) -> str | None:
    """A present name that ``name`` only looks like (the same to a reader, spelled otherwise), or None."""
    key = name_key(name)
    return next((other for other in present if other != name and name_key(other) == key), None)


def player_names(texts: Iterable[str], known: Iterable[str] = (), *, seats: bool = False) -> list[str]:
    """Names given together (one table, one night), each as ``player_name`` takes it, none twice
    and none a look-alike of another of them or of a ``known`` name (a player of the store).
    ``seats``: the names are in seat order, and a refusal says whose (``player 0's name``)."""
    names: list[str] = []
    for number, text in enumerate(texts):
        name = player_name(text, f"player {number}'s name" if seats else "a player's name")
        if name in names:
            raise InputError(f"two players have the same name, {name!r}; give each player a different name",
                             code="input.name")  # fmt: skip
        other = lookalike(name, names)
        if other is not None:
            raise InputError(f"{name!r} and {other!r} look alike; give each player a name the table can tell "
                             "apart", code="input.name")  # fmt: skip
        names.append(name)
    known_names = list(known)
    for name in names:
        other = lookalike(name, known_names)
        if other is not None:
            raise InputError(f"{name!r} looks like {other!r}, a player already recorded here: write {other!r} "
                             "if it is the same player, or a name that tells them apart", code="input.name")  # fmt: skip
    return names


def json_has_nul(text: str) -> bool:
    """Whether a JSON document's text holds a string with NUL in it."""
    return "\\u0000" in text and _JSON_NUL.search(text) is not None
