"""Every move of the record as the games declare it (``replay/engine/moves.py``), for the adapters
that make their commands and words from it, and the intent a declared move stands for. Light: the
declarations are data, read by ``taikyoku --help`` without loading any game's rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from replay.engine.moves import Move, Word
from replay.games import moves

if TYPE_CHECKING:
    from replay.app.intents import Intent

__all__ = ["Move", "Word", "intent_of_move", "move_named", "moves"]


def move_named(verb: str) -> Move | None:
    """The move ``verb`` (or one of its other names) declares, if any."""
    return next((m for m in moves() if verb == m.verb or verb in m.aliases), None)


def intent_of_move(move: Move, values: Mapping[str, Any]) -> Intent:
    """The intent ``move`` records (``replay/app/intents.py``, the function its declaration names),
    given its words by name; a word not said is left to the intent's own default."""
    from replay.app import intents

    build = getattr(intents, move.builder)
    return build(**{name: value for name, value in values.items() if value is not None}, **move.fixed)  # type: ignore[no-any-return]
