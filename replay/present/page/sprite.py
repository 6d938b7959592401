"""A game's pieces as one SVG sprite: a ``<symbol>`` a piece, as its game draws them
(``PieceDrawing``, from the game's rules), embedded once in a page and shown with
``<use href="#t-5p">`` where a piece lies, each with an accessible name ("5 of dots, red",
"pine crane (bright)"). A page carries its own game's pieces only: the browser parses the page's
drawings before its first frame."""

from __future__ import annotations

from replay.app.shown import drawing_of


def sprite(game: str) -> str:
    """The game's pieces drawn, hidden, to embed once in its page (none for a game that draws none)."""
    drawing = drawing_of(game)
    symbols = [] if drawing is None else drawing.symbols()
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true">' + "".join(symbols) + "</svg>"
    )


def names(game: str) -> dict[str, str]:
    """Every piece's accessible name, by its id."""
    drawing = drawing_of(game)
    return {} if drawing is None else dict(drawing.names())
