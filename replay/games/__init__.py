"""The games, each declared once in its own package (``replay/games/<game>/game.py``, or a game
plugged in from elsewhere: ``events/games.py``), and their rulesets.

Every game package has the same module names: ``game`` (its descriptor), ``options``, ``state``,
``fold``, ``scoring``, ``view``, ``result_line`` and ``simulate``; riichi adds ``shape``, ``calls``,
``wins``, ``draws``, ``flow`` and ``pricing``, and the hanafuda games share ``hanafuda/``. The
descriptors and rulesets are data, so they are gathered here without loading any game's fold.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from events.games import GAMES as REGISTERED
from events.games import PLUG_VARIABLE, PLUGGED, package_of

if TYPE_CHECKING:  # this registry loads nothing of a game until it is asked for (`--help` reads moves only)
    from events.match import GameName
    from replay.engine.fold import Projection
    from replay.engine.game import Game
    from replay.engine.logs import LogFormat
    from replay.engine.moves import Move
    from replay.engine.options import RulesetSpec

GAME_NAMES: tuple[GameName, ...] = REGISTERED  # registered in events/games.py, listed in that order


class _Games(Mapping[str, "Game"]):
    """Every game by name, each descriptor loaded when it is first asked for: a command on a Tensho
    match loads neither riichi's rules nor its events."""

    def __getitem__(self, name: str) -> Game:
        if name not in GAME_NAMES:
            raise KeyError(name)
        found: Game = _game_module(name, "game").GAME
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_NAMES)

    def __len__(self) -> int:
        return len(GAME_NAMES)


GAMES: Mapping[str, Game] = _Games()


def _game_module(name: str, module: str) -> ModuleType:
    """A module of the game ``name``'s package: its ``game`` (the descriptor) or its ``moves``."""
    try:
        return importlib.import_module(f"{package_of(name)}.{module}")
    except ImportError as exc:
        if name not in PLUGGED:
            raise
        raise InputError(
            f"{PLUG_VARIABLE} plugs in {package_of(name)}, which has no {module} module that can be "
            f"imported ({exc}); fix the package or the variable"
        ) from None


@cache
def rulesets() -> tuple[RulesetSpec, ...]:
    """Every game's rulesets, in the order of the games."""
    return tuple(spec for game in GAMES.values() for spec in game.rulesets)


def default_ruleset(name: str) -> str:
    return game(name).default_ruleset


def game(name: str) -> Game:
    """The game called ``name``, or a refusal that lists the games."""
    if name not in GAME_NAMES:
        raise InputError(f"unknown game {name!r}; use one of: {', '.join(GAME_NAMES)}")
    return GAMES[name]


def ruleset(ruleset_id: str, game: GameName | None = None) -> RulesetSpec | None:
    """The ruleset of that id (of ``game``'s, when it is known: no other game is loaded)."""
    specs = GAMES[game].rulesets if game is not None else rulesets()
    return next((r for r in specs if r.id == ruleset_id), None)


def ruleset_ids(game: GameName | None = None) -> list[str]:
    return [r.id for r in (GAMES[game].rulesets if game is not None else rulesets())]


def markdown() -> str:
    """docs/rules.md: every ruleset and option, reconstructions marked (a test keeps it current)."""
    from replay.engine.options import markdown as options_markdown

    return options_markdown(rulesets())


@cache
def moves() -> tuple[Move, ...]:
    """Every move of the record, declared once: those every game shares (``replay/engine/moves.py``),
    then each game's own (``replay/games/<game>/moves.py``; one two games share is listed once).
    Data only: no game's rules or events are loaded."""
    from replay.engine.moves import SHARED, with_added_words

    found = {move.verb: move for move in SHARED}
    added: dict[str, list[tuple[str, Move]]] = {}
    for name in GAME_NAMES:
        for move in _game_module(name, "moves").MOVES:
            if move.adds_words:  # words for a shared move: listed with it, naming this game
                if move.verb not in {shared.verb for shared in SHARED}:
                    raise RuntimeError(f"{name} adds words to {move.verb!r}, which is not a move every game shares")
                added.setdefault(move.verb, []).append((name, move))
                continue
            known = found.setdefault(move.verb, move)
            if known != move:  # one verb, two meanings: the command line and the phones would pick one
                raise RuntimeError(f"the verb {move.verb!r} is declared twice, differently ({name}'s is the second)")
    return tuple(with_added_words(move, added.get(move.verb, [])) if move.verb in added else move
                 for move in found.values())  # fmt: skip


@cache
def result_lines() -> dict[str, str]:
    """How each game's round is recorded by its result alone, as its ``moves`` module says it
    (data only, for --help)."""
    return {name: str(_game_module(name, "moves").RESULT_LINE) for name in GAME_NAMES}


def projection_for(name: GameName) -> Projection[Any]:
    """The fold of ``name``'s matches (each game's projection wraps the match-level one)."""
    return game(name).projection()


def log_formats() -> list[tuple[Game, LogFormat]]:
    """Every other program's record the games read, with the game it holds, in the games' order
    (each game's ``log_formats``)."""
    return [(found, declared) for found in GAMES.values() for declared in found.log_formats]


def log_format(name: str) -> tuple[Game, LogFormat] | None:
    """The format called ``name``, with its game; None where no game declares it."""
    return next((pair for pair in log_formats() if pair[1].name == name), None)
