"""Every move of the record as the games declare it (``replay/engine/moves.py``), for the adapters
that make their commands and words from it, and the intent a declared move stands for. Light: the
declarations are data, read by ``taikyoku --help`` without loading any game's rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from replay.engine.moves import Move, Offer, Word
from replay.games import moves

if TYPE_CHECKING:
    from replay.app.intents import Intent

__all__ = ["Move", "Offer", "Word", "checked_values", "intent_of_move", "move_named", "moves"]


def move_named(verb: str) -> Move | None:
    """The move ``verb`` (or one of its other names) declares, if any."""
    return next((m for m in moves() if verb == m.verb or verb in m.aliases), None)


def intent_of_move(move: Move, values: Mapping[str, Any]) -> Intent:
    """The intent ``move`` records: the builder its declaration names, in the match's game's folder
    (``replay/games/<game>/builders.py``), given its words by name; a word not said is left to the
    builder's own default."""
    from replay.app import intents

    return intents.of_game(move.builder, **{name: value for name, value in values.items() if value is not None},
                           **move.fixed)  # fmt: skip


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
