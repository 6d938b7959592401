"""A seat as a person at the table names it (``replay/games/seats.py``), and the players' names in
what the rules say (``replay/engine/words.py``): where the application names seats."""

from __future__ import annotations

from replay.engine.words import in_names as in_names
from replay.games.seats import WIND_WORDS as WIND_WORDS
from replay.games.seats import seat_number as seat_number
