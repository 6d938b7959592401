"""What a person at the table says, as a recording intent: the games it records for, and how it
becomes events from the match's state. Each game builds its own verbs (``replay/games/<game>/
builders.py``, keyed by the builder's name its move declares); ``replay/app/intents.py`` finds the
match's game's builder and adds the intents every game shares (a result line, a note, a claim)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from events.model import Payload
from replay.engine.match import MatchView

# The events an intent makes from the match's state, and notes said to the person (a forced capture).
Build = Callable[[str, MatchView], tuple[list[Payload], list[str]]]


@dataclass(frozen=True, slots=True)
class Intent:
    """One thing said at the table: the games it records for, and how it becomes events."""

    games: Collection[str]
    build: Build


Builder = Callable[..., Build]  # a game's verb: given the move's words by name, how it becomes events
Builders = Mapping[str, Builder]  # a game's, by the builder name its moves declare (``Move.builder``)
