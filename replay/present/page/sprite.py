"""The piece sets, tiles (``events/tiles.py``) and cards (``events/cards.py``), drawn by the
project as one SVG sprite: a ``<symbol>`` per piece, embedded once in a page and shown with
``<use href="#t-5p">`` where a piece lies. Each piece has an accessible name ("5 of dots, red", "pine crane (bright)").

Tiles: pips for dots, bamboo sticks for bamboo, the numeral and 萬 for characters, the kanji for
winds and dragons (white an empty frame), red fives in red; every character is drawn as strokes
(``glyphs.py``), never as text a font must have; a small index in the corner ("5m") says the tile
to a reader who does not read the kanji. Cards: the month's colour and number on a band, and the
card's own picture: its month's plant and the bright, animal or ribbon it carries.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from html import escape

from events.cards import BY_ID, DECK
from events.tiles import TILES
from replay.present.page.glyphs import FIGURES, PLANTS, POEM_MARKS, RIBBON_PATH, YELLOW_FOOT, glyph

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
MONTH_COLOURS = ("#3b7d3a", "#c2477a", "#e79bb5", "#7a5aa6", "#4a5fb0", "#b0304a",
                 "#8a6d3b", "#9a8f5a", "#d9a520", "#c0392b", "#2f6f73", "#6b4f8a")  # fmt: skip
RIBBON_COLOURS = {"poetry": "#c0392b", "blue": "#2450a6", "plain": "#c0392b"}


def tile_name(tile: str) -> str:
    """A tile's accessible name: "5 of dots, red", "East wind"."""
    if tile[1] == "z":
        return HONOURS[tile][1]
    number = 5 if tile[0] == "0" else int(tile[0])
    return f"{number} of {SUIT_NAMES[tile[1]]}" + (", red" if tile[0] == "0" else "")


def card_name(card: str) -> str:
    """A card's accessible name: "pine crane (bright)", "peony blue ribbon (ribbon)"."""
    found = BY_ID[card]
    words = card.rstrip("0123456789").rstrip("-").replace("-", " ")
    if found.ribbon in ("poetry", "blue"):
        words += " ribbon"
    return f"{words} ({found.type})"


def _tile_symbol(tile: str) -> str:
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


def _card_symbol(card: str) -> str:
    found = BY_ID[card]
    colour = MONTH_COLOURS[found.month - 1]
    plant = PLANTS[found.month]
    if card.endswith("-chaff-2"):  # the month's other chaff: its plant drawn the other way round
        plant = f'<g transform="translate(30 0) scale(-1 1)">{plant}</g>'
    elif card.endswith("-chaff-3"):
        plant = f'<g transform="translate(3 6) scale(0.8)">{plant}</g>'
    marks = [plant]
    if card == "paulownia-chaff-1":
        marks.append(YELLOW_FOOT)
    if found.type == "ribbon":
        marks.append(f'<path d="{RIBBON_PATH}" fill="{RIBBON_COLOURS[found.ribbon or "plain"]}"/>')
        if found.ribbon == "poetry":  # the poem's writing on the red ribbon
            marks.append(POEM_MARKS)
    marks.append(FIGURES.get(card, ""))
    return (f'<symbol id="c-{card}" viewBox="0 0 30 48"><title>{escape(card_name(card))}</title>'
            f'<rect x="0.5" y="0.5" width="29" height="47" rx="3" fill="#f8f1df" stroke="#6b5a3a"/>'
            f'{"".join(marks)}'
            f'<rect x="2" y="2" width="26" height="9" rx="2" fill="{colour}"/>'
            f'<text x="15" y="9.3" font-size="7.5" text-anchor="middle" fill="#fff" font-weight="700">{found.month}</text>'
            '</symbol>')  # fmt: skip


UNSEEN = "?"  # a piece whose face is not known (the public record): drawn face down
UNSEEN_NAME = "face down: not seen yet"


def _tile_back() -> str:
    """A tile face down: its green back."""
    return (f'<symbol id="t-{UNSEEN}" viewBox="0 0 30 40"><title>a tile not yet seen</title>'
            '<rect x="0.5" y="0.5" width="29" height="39" rx="3" fill="#2f7d4f" stroke="#1d4a30"/></symbol>')  # fmt: skip


def _card_back() -> str:
    """A card face down: the back of a card (a dark red back)."""
    return (f'<symbol id="c-{UNSEEN}" viewBox="0 0 30 48"><title>{UNSEEN_NAME}</title>'
            '<rect x="0.5" y="0.5" width="29" height="47" rx="3" fill="#7a2020" stroke="#3a1010"/>'
            '<rect x="4" y="4" width="22" height="40" rx="2" fill="none" stroke="#c9a35a"/></symbol>')  # fmt: skip


# Each kind of piece's drawings, by the word a game calls its pieces (``Game.piece_word``).
_DRAWINGS: dict[str, Callable[[], list[str]]] = {
    "tiles": lambda: [_tile_symbol(t) for t in TILES],
    "cards": lambda: [_card_symbol(c.id) for c in DECK],
}


@cache
def sprite(pieces: str) -> str:
    """The sprite of a game whose pieces are ``pieces`` ("tiles" or "cards", its ``piece_word``): an
    SVG of their symbols and both backs, hidden, to embed once in a page (a page of a game of tiles
    carries no card, one of cards no tile: the browser parses the page's drawings before its first frame)."""
    # a word no drawing is kept under: every piece, as a page of any game can take
    drawn = _DRAWINGS[pieces]() if pieces in _DRAWINGS else [one for draw in _DRAWINGS.values() for one in draw()]
    symbols = [*drawn, _card_back(), _tile_back()]
    return ('<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true">'
            + "".join(symbols) + "</svg>")  # fmt: skip


@cache
def names() -> dict[str, str]:
    """Every piece's accessible name, by its id."""
    return {t: tile_name(t) for t in TILES} | {c.id: card_name(c.id) for c in DECK} | {UNSEEN: UNSEEN_NAME}
