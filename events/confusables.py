"""Unicode's confusable skeletons (UTS #39, section 4): two strings with one skeleton look alike to a
reader, whatever their scripts ("Eri" in Latin and "Еri" with a Cyrillic Е; "Akı" with a dotless i).

``skeleton(text)`` is the standard's: the text in NFD, each character replaced by its prototype
from the confusables table, then NFD again. The table (``confusables.txt`` beside this file, one
``CODE ; PROTOTYPE CODES`` line per character that has another prototype) is Unicode's own data
as ICU 77.1 carries it for Unicode 16.0, read once, when a name is first compared. To make it
again for a newer Unicode, a maintainer runs ``pip install pyicu-wheels`` then
``python -m events.confusables``: each character's skeleton is asked of ICU's spoof checker.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

TABLE = Path(__file__).with_name("confusables.txt")


@cache
def prototypes() -> dict[str, str]:
    """Each character (in NFD) that has another prototype, and that prototype."""
    found: dict[str, str] = {}
    for line in TABLE.read_text(encoding="ascii").splitlines():
        if not line or line.startswith("#"):
            continue
        code, _, prototype = line.partition(";")
        found[chr(int(code, 16))] = "".join(chr(int(part, 16)) for part in prototype.split())
    return found


def skeleton(text: str) -> str:
    """The confusable skeleton of ``text`` (UTS #39): two texts that look alike have one skeleton."""
    table = prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _write_table() -> None:  # pragma: no cover - a maintainer's step, with ICU installed
    import icu  # type: ignore[import-not-found]

    checker = icu.SpoofChecker()
    lines = [
        f"# Unicode {icu.UNICODE_VERSION} confusable prototypes (UTS #39 confusables.txt), as ICU {icu.ICU_VERSION}'s",
        "# spoof checker gives each character's skeleton; made by `python -m events.confusables`.",
        "# Unicode data: Copyright (c) Unicode, Inc., under the Unicode License v3 (https://www.unicode.org/license.txt).",
    ]
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if unicodedata.normalize("NFD", char) != char:
            continue  # a skeleton takes the text in NFD first: only NFD's characters are looked up
        prototype = checker.getSkeleton(0, char)
        if prototype != char:
            lines.append(f"{code:04X} ; {' '.join(f'{ord(part):04X}' for part in prototype)}")
    TABLE.write_text("\n".join(lines) + "\n", encoding="ascii")


if __name__ == "__main__":  # pragma: no cover
    _write_table()
