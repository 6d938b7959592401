"""A seat as a person at the table names it: its number, its seat wind (riichi), or the player's
name. Every game's builders read seats this way; the application says them back."""

from __future__ import annotations

import unicodedata

from events.errors import InputError
from replay.engine.match import MatchView
from replay.games import GAMES

WIND_WORDS = {"e": 0, "east": 0, "s": 1, "south": 1, "w": 2, "west": 2, "n": 3, "north": 3}


def seat_number(state: MatchView, text: str | None) -> int | None:
    """The seat ``text`` names, or None when it is None. A number is a seat; a wind (E, South...) is
    the seat with that seat wind this hand (counted from the dealer, or where the round says it
    sits); else a player's name."""
    if text is None:
        return None
    word = unicodedata.normalize("NFC", text.strip())  # as names are stored: "Zoë" typed either way
    names = list(state.names)
    count = len(names)
    if word.isdigit():
        seat = int(word)
        if seat >= count:
            raise InputError(f"seat {seat} is not at this table; seats are 0 to {count - 1}")
        return seat
    by_name = [i for i, name in enumerate(names) if name.casefold() == word.casefold()]
    if len(by_name) == 1:
        return by_name[0]
    wind = WIND_WORDS.get(word.lower())
    rnd = state.round
    started = state.match.started
    by_wind = rnd is not None and started is not None and GAMES[started.game].seat_winds
    if wind is not None and wind < count and by_wind:
        placed = getattr(rnd, "seat_of_wind", None)  # a game whose players change places says where each wind sits
        return int(placed(wind)) if placed is not None else int((rnd.dealer + wind) % count)
    if len(by_name) > 1:
        raise InputError(f"{len(by_name)} players are called {word}; give the seat number (0 to {count - 1})")
    winds = ", a seat wind (E, S, W, N)" if by_wind else ""
    raise InputError(f"{word!r} is not a seat here; give 0 to {count - 1}{winds} or a name ({', '.join(names)})")
