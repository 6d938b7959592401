"""The games, each declared once in its own package (``replay/games/<game>/game.py``), and their rulesets.

Every game package has the same module names: ``game`` (its descriptor), ``options``, ``state``,
``fold``, ``scoring``, ``view``, ``result_line`` and ``simulate``; riichi adds ``shape``, ``calls``,
``wins``, ``draws``, ``flow`` and ``pricing``, and the hanafuda games share ``hanafuda/``. The
descriptors and rulesets are data, so they are gathered here without loading any game's fold.
"""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from events.match import GameName
from replay.engine.fold import Projection
from replay.engine.game import Game
from replay.engine.options import RulesetSpec
from replay.engine.options import markdown as _markdown
from replay.games.riichi.game import GAME as RIICHI
from replay.games.sendai.game import GAME as SENDAI
from replay.games.tensho.game import GAME as TENSHO

GAMES: dict[str, Game] = {game.name: game for game in (TENSHO, SENDAI, RIICHI)}
RULESETS: tuple[RulesetSpec, ...] = tuple(spec for game in GAMES.values() for spec in game.rulesets)
DEFAULT_RULESET: dict[str, str] = {game.name: game.default_ruleset for game in GAMES.values()}


def game(name: str) -> Game:
    """The game called ``name``, or a refusal that lists the games."""
    found = GAMES.get(name)
    if found is None:
        raise InputError(f"unknown game {name!r}; use one of: {', '.join(GAMES)}")
    return found


def ruleset(ruleset_id: str) -> RulesetSpec | None:
    return next((r for r in RULESETS if r.id == ruleset_id), None)


def ruleset_ids(game: GameName | None = None) -> list[str]:
    return [r.id for r in RULESETS if game is None or r.game == game]


def markdown() -> str:
    """docs/rules.md: every ruleset and option, reconstructions marked (a test keeps it current)."""
    return _markdown(RULESETS)


def projection_for(name: GameName) -> Projection[Any]:
    """The fold of ``name``'s matches (each game's projection wraps the match-level one)."""
    return game(name).projection()
