"""Mahjong tiles as the pages draw them, for every game played with them: a ``<symbol>`` a tile
(``#t-5p``) and the back of a tile not yet seen, with each tile's accessible name ("5 of dots,
red", "East wind"). Pips for dots,
bamboo sticks for bamboo, the numeral and 萬 for characters, the kanji for winds and dragons (white
an empty frame), red fives in red; every character drawn as strokes (``glyphs.py``), never as text
a font must have; a small index in the corner ("5m") says the tile to a reader who does not read
the kanji."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from replay.engine.game import UNSEEN, UNSEEN_NAME
from replay.games.tiles.glyphs import glyph

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
HONOURS = {"1z": ("東", "East wind"), "2z": ("南", "South wind"), "3z": ("西", "West wind"),
           "4z": ("北", "North wind"), "5z": ("", "White dragon"), "6z": ("發", "Green dragon"),
           "7z": ("中", "Red dragon")}  # fmt: skip
NUMERALS = "一二三四五六七八九"
# Where the pips of a dots tile lie (x, y in a 30 x 40 face), one to nine.
PIPS = {
    1: [(15, 20)], 2: [(15, 11), (15, 29)], 3: [(8, 9), (15, 20), (22, 31)],
    4: [(9, 11), (21, 11), (9, 29), (21, 29)], 5: [(9, 10), (21, 10), (15, 20), (9, 30), (21, 30)],
    6: [(10, 9), (20, 9), (10, 20), (20, 20), (10, 31), (20, 31)],
    7: [(7, 7), (15, 10), (23, 13), (10, 23), (20, 23), (10, 33), (20, 33)],
    8: [(10, 6), (20, 6), (10, 15), (20, 15), (10, 25), (20, 25), (10, 34), (20, 34)],
    9: [(7, 8), (15, 8), (23, 8), (7, 20), (15, 20), (23, 20), (7, 32), (15, 32), (23, 32)],
}  # fmt: skip


def tile_name(tile: str) -> str:
    """A tile's accessible name: "5 of dots, red", "East wind"."""
    if tile[1] == "z":
        return HONOURS[tile][1]
    number = 5 if tile[0] == "0" else int(tile[0])
    return f"{number} of {SUIT_NAMES[tile[1]]}" + (", red" if tile[0] == "0" else "")


def tile_symbol(tile: str) -> str:
    """A tile's face, as a ``<symbol>`` whose id is ``t-`` and the tile."""
    red = tile[0] == "0"
    ink = "#c0392b" if red else "#1d1d1d"
    body: list[str] = []
    if tile[1] == "z":
        char = HONOURS[tile][0]
        colour = {"6z": "#1e7b3c", "7z": "#c0392b"}.get(tile, "#1d1d1d")
        if char:
            body.append(glyph(char, 5, 9, 20, 22, colour, 2.0))
        else:  # the white dragon: an empty blue frame
            body.append(
                '<rect x="7" y="8" width="16" height="24" rx="2" fill="none" stroke="#2450a6" stroke-width="2"/>'
            )
    elif tile[1] == "m":
        number = 5 if red else int(tile[0])
        body.append(glyph(NUMERALS[number - 1], 8, 5, 14, 11, ink, 1.6))
        body.append(glyph("萬", 7, 19, 16, 17, "#c0392b", 1.3))
    elif tile[1] == "p":
        number = 5 if red else int(tile[0])
        radius = {1: 9, 2: 6, 3: 5}.get(number, 4)
        for index, (x, y) in enumerate(PIPS[number]):
            fill = "#c0392b" if red or (number == 5 and index == 2) or number == 1 else "#1f5fa8"
            body.append(f'<circle cx="{x}" cy="{y}" r="{radius}" fill="none" stroke="{fill}" stroke-width="2"/>'
                        f'<circle cx="{x}" cy="{y}" r="{radius / 2.5:.1f}" fill="{fill}"/>')  # fmt: skip
    else:
        number = 5 if red else int(tile[0])
        stick = "#c0392b" if red else "#1e7b3c"
        if number == 1:  # the one of bamboo: a bird, drawn as a peacock's round body and tail
            body.append(
                '<circle cx="15" cy="17" r="6" fill="#1e7b3c"/><path d="M9 30 L15 21 L21 30 Z" fill="#c0392b"/>'
            )
        else:
            for x, y in PIPS[number]:
                body.append(f'<rect x="{x - 2}" y="{y - 5}" width="4" height="10" rx="1.5" fill="{stick}"/>')
    corner = "" if tile[1] == "z" else f'<text x="2.5" y="8" font-size="6.5" fill="#555">{tile}</text>'
    return (f'<symbol id="t-{tile}" viewBox="0 0 30 40"><title>{escape(tile_name(tile))}</title>'
            f'<rect x="0.5" y="0.5" width="29" height="39" rx="4" fill="#fffdf4" stroke="#8a8270"/>'
            f'{"".join(body)}{corner}</symbol>')  # fmt: skip


def tile_back() -> str:
    """A tile face down: its green back."""
    return (f'<symbol id="t-{UNSEEN}" viewBox="0 0 30 40"><title>a tile not yet seen</title>'
            '<rect x="0.5" y="0.5" width="29" height="39" rx="3" fill="#2f7d4f" stroke="#1d4a30"/></symbol>')  # fmt: skip


def symbols(tiles: Iterable[str]) -> list[str]:
    """The faces of ``tiles``, and the back of a tile not yet seen."""
    return [*(tile_symbol(tile) for tile in tiles), tile_back()]


def names(tiles: Iterable[str]) -> dict[str, str]:
    """Each of ``tiles``' accessible name, and the name of a tile not yet seen."""
    return {tile: tile_name(tile) for tile in tiles} | {UNSEEN: UNSEEN_NAME}
