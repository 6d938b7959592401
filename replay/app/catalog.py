"""The games, their rules and their moves as an adapter (the CLI, the served pages) shows and
parses them, without a store: the registry of games (each declared once in ``replay/games``), the
rulesets and their options, and every move of the record as the games declare it
(``replay/engine/moves.py``), which the adapters make their commands and words from. Light: the
declarations are data, read by ``taikyoku --help`` without loading any game's rules, events or
models; what needs more loads it when asked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from replay.engine.moves import Move, Offer, Word
from replay.games import GAME_NAMES, GAMES, game, markdown, moves, result_lines, ruleset, ruleset_ids, rulesets

if TYPE_CHECKING:
    from events.match import OptionValue
    from replay.engine.game import Game
    from replay.engine.options import RulesetSpec

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "Game",
    "Move",
    "Offer",
    "RulesetSpec",
    "Word",
    "check_game_name",
    "checked_values",
    "game",
    "games_said",
    "markdown",
    "move_named",
    "moves",
    "result_lines",
    "ruleset",
    "ruleset_ids",
    "rulesets",
    "show_value",
    "written_formats",
]


def games_said() -> str:
    """The games' names as a sentence says them: "a, b or c"."""
    return f"{', '.join(GAME_NAMES[:-1])} or {GAME_NAMES[-1]}"


def written_formats() -> list[str]:
    """The formats of other programs' records that ``export --format`` writes, as the games declare them."""
    from replay.games import log_formats

    return [found.name for _game, found in log_formats() if found.writes]


def check_game_name(name: str, flag: str = "--game") -> str:
    """``name`` if it is a game's, else a one-line refusal that lists them."""
    if name not in GAMES:
        names = list(GAMES)
        raise InputError(f"{flag} is {', '.join(names[:-1])} or {names[-1]}, not {name!r}")
    return name


def show_value(value: OptionValue) -> str:
    """A rule option's value as `taikyoku rules` writes it."""
    from replay.engine.options import show_value as shown

    return shown(value)


# ---- the moves ------------------------------------------------------------------------------


def move_named(verb: str) -> Move | None:
    """The move ``verb`` (or one of its other names) declares, if any."""
    return next((m for m in moves() if verb == m.verb or verb in m.aliases), None)


_KINDS = {"text": (str, "a text"), "number": (int, "a whole number"), "flag": (bool, "true or false"),
          "either": (bool, "true or false")}  # fmt: skip


def checked_values(move: Move, values: Mapping[str, object]) -> dict[str, Any]:
    """A move's values as a program sends them (the phone's tap as data), each checked against the
    declaration: a word it takes, of its kind; one line that says what is wrong otherwise."""
    words = {word.name: word for word in move.words}
    checked: dict[str, Any] = {}
    for name, value in values.items():
        word = words.get(name)
        if word is None:
            takes = ", ".join(words) or "nothing"
            raise InputError(f"{move.verb} takes no {name!r}; it takes {takes}")
        if word.kind == "texts":
            valid, what = isinstance(value, list) and all(isinstance(v, str) for v in value), "a list of texts"
        else:
            kind, what = _KINDS[word.kind]
            valid = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
        if not valid:
            raise InputError(f"{move.verb}'s {name} is {what}, not {value!r}")
        checked[name] = value
    missing = [word for word in move.words if word.required and word.name not in checked]
    if missing:
        raise InputError(f"{move.verb} needs {missing[0].name}: {missing[0].help}")
    return checked
