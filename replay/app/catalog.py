"""The games and their rules as an adapter (the CLI, the served pages) shows and parses them: the
registry of games (each declared once in ``replay/games``), the rulesets and their options, and
the names of pieces a person types (Tensho's deck, Sendai-hana's teyaku, riichi's winds). Read
only: what an adapter may ask of the rules without recording anything."""

from __future__ import annotations

from events.errors import InputError
from replay.engine.game import Game
from replay.engine.options import RulesetSpec, show_value
from replay.games import GAME_NAMES, GAMES, game, markdown, ruleset, ruleset_ids, rulesets

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "Game",
    "RulesetSpec",
    "game",
    "games_said",
    "markdown",
    "ruleset",
    "ruleset_ids",
    "rulesets",
    "show_value",
]


def games_said() -> str:
    """The games' names as a sentence says them: "tensho, sendai or riichi"."""
    return f"{', '.join(GAME_NAMES[:-1])} or {GAME_NAMES[-1]}"


def check_game_name(name: str, flag: str = "--game") -> str:
    """``name`` if it is a game's, else a one-line refusal that lists them."""
    if name not in GAMES:
        names = list(GAMES)
        raise InputError(f"{flag} is {', '.join(names[:-1])} or {names[-1]}, not {name!r}")
    return name
