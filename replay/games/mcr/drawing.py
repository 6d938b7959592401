"""MCR's tiles as the pages draw them: the tile games' faces (``replay/games/tiles``) for the 34
kinds, and the eight flowers and seasons drawn here: a flower's five petals in red for the plum,
orchid, chrysanthemum and bamboo, a sun's rays in blue for the seasons, each with its number as
the tile carries it and its index in the corner (``2f``)."""

from __future__ import annotations

import math
from functools import cache
from html import escape

from events.mcr import FLOWERS, PLAYING
from replay.engine.game import PieceDrawing
from replay.games.mcr.tiles import name
from replay.games.tiles import faces


def _flower_symbol(tile: str) -> str:
    number = int(tile[0])
    season = number > 4
    ink = "#2450a6" if season else "#c0392b"
    parts: list[str] = []
    for k in range(8 if season else 5):
        angle = 2 * math.pi * k / (8 if season else 5) - math.pi / 2
        x, y = 15 + 7 * math.cos(angle), 20 + 7 * math.sin(angle)
        if season:
            parts.append(f'<line x1="15" y1="20" x2="{x:.1f}" y2="{y:.1f}" stroke="{ink}" stroke-width="1.6"/>')
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.6" fill="{ink}" opacity="0.85"/>')
    parts.append(f'<circle cx="15" cy="20" r="{3.5 if season else 2.6}" fill="{"#e8b923" if not season else ink}"/>')
    shown = number if number <= 4 else number - 4
    parts.append(f'<text x="15" y="37" font-size="7" text-anchor="middle" fill="{ink}">{shown}</text>')
    return (f'<symbol id="t-{tile}" viewBox="0 0 30 40"><title>{escape(name(tile))}</title>'
            '<rect x="0.5" y="0.5" width="29" height="39" rx="4" fill="#fffdf4" stroke="#8a8270"/>'
            f'{"".join(parts)}<text x="2.5" y="8" font-size="6.5" fill="#555">{tile}</text></symbol>')  # fmt: skip


@cache
def _symbols() -> list[str]:
    return [*faces.symbols(PLAYING), *(_flower_symbol(tile) for tile in FLOWERS)]


@cache
def _names() -> dict[str, str]:
    return faces.names(PLAYING) | {tile: name(tile) for tile in FLOWERS}


DRAWING = PieceDrawing(_symbols, _names)
