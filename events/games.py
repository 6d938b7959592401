"""The games' names: each game's events live in ``events/<name>.py`` and are named after it
(``tensho.deal``). A game is registered by adding its name here. No imports, so the event registry
can read it without a cycle."""

from __future__ import annotations

from typing import Literal, get_args

GameName = Literal["tensho", "sendai", "koikoi", "riichi"]
GAMES: tuple[GameName, ...] = get_args(GameName)
