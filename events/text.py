"""What text an event may hold. A name (a player's, a recorder's) is one line of plain text: no
control character and no bidi override, which would fake table rows or reorder what a terminal
or page shows after it, and nothing invisible (every default-ignorable character, and the blanks
that show nothing), which would make two names look one; an emoji sequence keeps its joiners and
presentation selectors. No text anywhere holds NUL, which PostgreSQL cannot store.

A player's name taken from a person (the command line, the host's page) is written in NFC, so
"Zoë" typed either way is one name, and refused when it only looks like another present name:
another case (``zoë`` beside ``Zoë``), a compatibility form (``Ａki``), a small capital, or a
letter of another script with the same shape (UTS #39's confusable skeletons: ``Еri`` with a
Cyrillic Е beside ``Eri``, ``Akı`` beside ``Aki``): docs/reliability.md, "Names"."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from events.errors import InputError

NAME_LIMIT = 64  # characters, as match_started's and the night's schemas allow
ANONYMOUS = frozenset({"NoName"})  # the name Tenhou gives every player who logged in without one

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidi embeddings, overrides
# and isolates that reorder what follows them on screen.
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Characters that show nothing: Unicode's default-ignorable code points (soft hyphen, the
# combining grapheme joiner, zero-width spaces and joiners, the bidi marks, word joiners and
# invisible operators, fillers, variation selectors, the byte order mark, tags, the musical
# formatting controls and the reserved ranges among them) and blanks drawn as nothing (the
# braille blank, the Hangul fillers).
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2060-\u206f\u2800\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
ZWJ, TEXT_STYLE, EMOJI_STYLE, KEYCAP = "\u200d", "\ufe0e", "\ufe0f", "\u20e3"
BLACK_FLAG, CANCEL_TAG = "\U0001f3f4", "\U000e007f"
# Small capitals, read as the letters they are: "ᴀᴋɪ" is "Aki" in another case.
SMALL_CAPITALS = str.maketrans(
    "\u1d00\u0299\u1d04\u1d05\u1d07\ua730\u0262\u029c\u026a\u1d0a\u1d0b\u029f\u1d0d\u0274\u1d0f\u1d18"
    "\ua7af\u0280\ua731\u1d1b\u1d1c\u1d20\u1d21\u028f\u1d22",
    "abcdefghijklmnopqrstuvwyz",
)
# A NUL in canonical JSON: the escape \u0000 not itself escaped (an even run of backslashes before it).
_JSON_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


def _pictograph(char: str) -> bool:
    """A character an emoji sequence is built on: a symbol (most emoji), a skin tone, a keycap's base."""
    return unicodedata.category(char) in ("So", "Sk") or char in "#*0123456789"


def _in_an_emoji(name: str, at: int) -> bool:
    """Whether the invisible character at ``at`` belongs to an emoji sequence, where it shows: a
    joiner between two pictographs (👩‍💻), a presentation selector after one (❤️, 1️⃣), the tags
    of a flag after the black flag (🏴 with its region's tags and the cancel tag)."""
    char, before = name[at], name[at - 1] if at else ""
    after = name[at + 1] if at + 1 < len(name) else ""
    if char in (TEXT_STYLE, EMOJI_STYLE):
        return bool(before) and _pictograph(before)
    if char == ZWJ:
        start = before if before != EMOJI_STYLE or at < 2 else name[at - 2]
        return bool(start) and bool(after) and _pictograph(start) and _pictograph(after)
    if "\U000e0020" <= char <= CANCEL_TAG:
        run = at
        while run > 0 and "\U000e0020" <= name[run - 1] <= "\U000e007e":
            run -= 1
        ends = name.find(CANCEL_TAG, at)
        tags_only = ends >= 0 and all("\U000e0020" <= c <= "\U000e007e" for c in name[at:ends])
        return run > 0 and name[run - 1] == BLACK_FLAG and tags_only
    return False


def name_problem(what: str, name: str) -> str | None:
    """Why ``name`` cannot be a name, in words, or None."""
    found = UNSHOWABLE.search(name)
    if found is not None:
        return (
            f"{what} {name[:40]!r} holds the control character U+{ord(found.group()):04X}; "
            "a name is one line of plain text: remove it"
        )
    for found in INVISIBLE.finditer(name):
        if not _in_an_emoji(name, found.start()):
            return (
                f"{what} {name[:40]!r} holds the invisible character U+{ord(found.group()):04X}; "
                "a name is what it shows: remove it"
            )
    return None


@functools.lru_cache(maxsize=8192)  # a night's fold asks for each present name's keys once per name listed
def name_keys(name: str) -> frozenset[str]:
    """What a name looks like to a reader: compatibility forms folded (NFKC), small capitals read as
    their letters, the emoji's joiners and selectors dropped, spaces collapsed, then each letter
    by its confusable prototype (UTS #39), case folded before it and after it (so ``Il`` and
    ``ll``, and ``İ`` and ``i``, are both seen). Two names that share a key are one to a reader."""
    from events.confusables import skeleton

    plain = " ".join(INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).translate(SMALL_CAPITALS).split())
    return frozenset(skeleton(form).casefold() for form in (plain, plain.casefold()))


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
    return name  # checked before trimming; NFC composes letters and makes no character refused above


def lookalike(name: str, present: Iterable[str]) -> str | None:
    """A present name that ``name`` only looks like (the same to a reader, spelled otherwise), or None."""
    keys = name_keys(name)
    return next((other for other in present if other != name and not keys.isdisjoint(name_keys(other))), None)


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
