"""The characters a mahjong tile carries, drawn as strokes, so
every piece reads the same on a machine with no Japanese font (a text glyph there is a blank box).

A glyph is strokes on a 10 x 10 grid, each a line through its points, scaled into the box a tile
gives it. Simplified shapes, as a tile's print is: 一 to 九 and 萬 for characters, 東 南 西 北 for the
winds, 發 and 中 for the dragons. A card's picture is its month's plant and the bright, animal or
ribbon it carries; the chaff of a month are the plant alone, each drawn its own way round.
"""

from __future__ import annotations

Stroke = tuple[tuple[float, float], ...]

_BOX_4_2_9 = ((1.5, 3.5), (8.5, 3.5), (8.5, 9.5), (1.5, 9.5), (1.5, 3.5))

STROKES: dict[str, tuple[Stroke, ...]] = {
    "一": (((1, 5), (9, 5)),),
    "二": (((2, 3), (8, 3)), ((1, 7.5), (9, 7.5))),
    "三": (((2, 2), (8, 2)), ((3, 5), (7, 5)), ((1, 8.5), (9, 8.5))),
    "四": (((1, 2), (9, 2), (9, 9), (1, 9), (1, 2)), ((4, 2), (3.5, 6)), ((6, 2), (6, 6), (7.5, 6))),
    "五": (((2, 1.5), (8, 1.5)), ((4.5, 1.5), (3.5, 8.5)), ((2.5, 5), (7, 5), (7, 8.5)), ((1, 8.5), (9, 8.5))),
    "六": (((5, 0.5), (5.5, 2)), ((1, 3.2), (9, 3.2)), ((3.5, 5), (2, 9)), ((6.5, 5), (8, 9))),
    "七": (((1, 4.5), (9, 3.5)), ((4, 0.5), (4, 8), (5, 9), (9, 9), (9, 7.5))),
    "八": (((4, 1.5), (3, 5.5), (1, 9)), ((6, 1.5), (7, 6), (9, 9))),
    "九": (((1, 3.5), (6, 3.5), (6, 8), (7, 9), (9, 9), (9, 7.5)), ((4, 0.5), (3.5, 5), (1, 9))),
    "萬": (
        ((1, 1.5), (9, 1.5)), ((3.5, 0.3), (3.5, 2.8)), ((6.5, 0.3), (6.5, 2.8)),
        ((2.5, 3.5), (7.5, 3.5), (7.5, 6), (2.5, 6), (2.5, 3.5)), ((5, 3.5), (5, 6)), ((2.5, 4.75), (7.5, 4.75)),
        ((1.5, 9.5), (1.5, 7), (8.5, 7), (8.5, 9.5), (7.5, 9.7)), ((5, 6), (5, 8.5)), ((3.5, 8.5), (6.5, 8.5)),
    ),
    "東": (
        ((1, 2.5), (9, 2.5)), ((2.5, 3.7), (7.5, 3.7), (7.5, 6.5), (2.5, 6.5), (2.5, 3.7)), ((2.5, 5.1), (7.5, 5.1)),
        ((5, 0.5), (5, 9.5)), ((5, 6.5), (1.5, 9)), ((5, 6.5), (8.5, 9)),
    ),
    "南": (
        ((1, 2), (9, 2)), ((5, 0.3), (5, 2)), ((1.5, 9.5), (1.5, 3.5), (8.5, 3.5), (8.5, 9.5), (7.5, 9.7)),
        ((4, 4.5), (4.5, 5.5)), ((6, 4.5), (5.5, 5.5)), ((3, 6.2), (7, 6.2)), ((3, 7.8), (7, 7.8)), ((5, 6.2), (5, 9.5)),
    ),
    "西": (((1, 1.5), (9, 1.5)), _BOX_4_2_9, ((4, 1.5), (4, 5.5), (3, 7)), ((6, 1.5), (6, 6.5), (7, 7))),
    "北": (
        ((4, 0.5), (4, 9.5)), ((1, 4), (4, 4)), ((4, 7), (1, 9)),
        ((6, 0.5), (6, 8.5), (7, 9.3), (9, 9.3), (9, 8)), ((9, 3), (6, 5)),
    ),
    "發": (
        ((1, 1), (3, 3)), ((3, 0.5), (4.5, 2.5)), ((5.5, 2.5), (7, 0.5)), ((7, 1), (9, 3)),
        ((1.5, 4), (4, 4), (4, 5.6), (1.5, 5.6), (1.5, 7.4), (4, 7.4), (4, 9.5), (3, 9.7)),
        ((6, 4), (6, 5.6), (8.5, 5.6), (8.5, 4)), ((5.5, 7), (8.8, 7)), ((6, 7.3), (8.8, 9.5)), ((8.6, 7.3), (5.5, 9.5)),
    ),
    "中": (((1.5, 3), (8.5, 3), (8.5, 7), (1.5, 7), (1.5, 3)), ((5, 0.5), (5, 9.5))),
}  # fmt: skip


def glyph(char: str, x: float, y: float, width: float, height: float, colour: str, weight: float = 1.6) -> str:
    """``char`` drawn as strokes in the box at (x, y), width by height, as an SVG path."""
    sx, sy = width / 10, height / 10
    parts = []
    for stroke in STROKES[char]:
        points = [f"{x + px * sx:.1f} {y + py * sy:.1f}" for px, py in stroke]
        parts.append("M" + " L".join(points))
    return (f'<path d="{" ".join(parts)}" fill="none" stroke="{colour}" stroke-width="{weight}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')  # fmt: skip
