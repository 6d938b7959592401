"""The games' names: each game's events live in ``events/<name>.py`` and are named after it
(``tensho.deal``). A game is registered by adding its name here. No imports, so the event registry
can read it without a cycle."""

from __future__ import annotations

from typing import Literal, get_args

GameName = Literal["tensho", "sendai", "koikoi", "riichi"]
GAMES: tuple[GameName, ...] = get_args(GameName)

# The game a season's page and `night season` show when none is named: the registry names it, as
# it names every game, so no layer above decides by a game's name.
SEASON_GAME: GameName = "riichi"
