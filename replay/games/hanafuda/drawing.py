"""The hanafuda cards as the pages draw them: a ``<symbol>`` a card (``#c-pine-crane``) and the back
of a card not yet seen, with each card's accessible name ("pine crane (bright)"). A card shows its
month's colour and number on a band, and its own picture (``pictures.py``)."""

from __future__ import annotations

from functools import cache
from html import escape

from events.cards import BY_ID, DECK
from replay.engine.game import UNSEEN, UNSEEN_NAME, PieceDrawing
from replay.games.hanafuda.pictures import FIGURES, PLANTS, POEM_MARKS, RIBBON_PATH, YELLOW_FOOT

MONTH_COLOURS = ("#3b7d3a", "#c2477a", "#e79bb5", "#7a5aa6", "#4a5fb0", "#b0304a",
                 "#8a6d3b", "#9a8f5a", "#d9a520", "#c0392b", "#2f6f73", "#6b4f8a")  # fmt: skip
RIBBON_COLOURS = {"poetry": "#c0392b", "blue": "#2450a6", "plain": "#c0392b"}


def card_name(card: str) -> str:
    """A card's accessible name: "pine crane (bright)", "peony blue ribbon (ribbon)"."""
    found = BY_ID[card]
    words = card.rstrip("0123456789").rstrip("-").replace("-", " ")
    if found.ribbon in ("poetry", "blue"):
        words += " ribbon"
    return f"{words} ({found.type})"


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


def _card_back() -> str:
    """A card face down: the back of a card (a dark red back)."""
    return (f'<symbol id="c-{UNSEEN}" viewBox="0 0 30 48"><title>{UNSEEN_NAME}</title>'
            '<rect x="0.5" y="0.5" width="29" height="47" rx="3" fill="#7a2020" stroke="#3a1010"/>'
            '<rect x="4" y="4" width="22" height="40" rx="2" fill="none" stroke="#c9a35a"/></symbol>')  # fmt: skip


@cache
def _symbols() -> list[str]:
    return [*(_card_symbol(card.id) for card in DECK), _card_back()]


@cache
def _names() -> dict[str, str]:
    return {card.id: card_name(card.id) for card in DECK} | {UNSEEN: UNSEEN_NAME}


DRAWING = PieceDrawing(_symbols, _names)
