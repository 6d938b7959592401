"""Random legal matches, driven through a game's own fold: for demos, tests and benchmarks.

Each game says how it deals and chooses among its legal moves (``replay/games/<game>/simulate.py``);
every payload is applied through the fold before the next choice, so a simulated match is legal
by construction (and the store checks it again).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from events.match import MatchEnded, RoundStarted
from events.model import Payload
from replay.engine.fold import Projection, Step


class Driver:
    """Applies each generated payload through the fold, so the next choice sees the real state."""

    def __init__(self, projection: Projection[Any]) -> None:
        self.projection = projection
        self.state: Any = projection.initial()
        self.seq = 0
        self.pile: list[str] = []  # the real order of the draw pile, known or not to the record

    def step(self, payload: Payload) -> Payload:
        self.seq += 1
        self.state = self.projection.apply(self.state, Step(self.seq, payload.EVENT_TYPE, payload))
        return payload


Deal = Callable[[random.Random, Driver], Payload]
Choose = Callable[[random.Random, Driver, list[Payload]], Payload]


def play_rounds(
    driver: Driver, rng: random.Random, rounds: int, deal: Deal, choose: Choose, legal: Callable[[Any], list[Payload]]
) -> Iterator[Payload]:
    """Rounds after match_started until ``rounds`` are played (or a round ends the match), then match_ended."""
    while True:
        state = driver.state
        rnd = state.round
        if rnd is None or rnd.over:
            if len(state.results) >= rounds or (state.results and state.complete):
                yield driver.step(MatchEnded(reason="completed"))
                return
            yield driver.step(RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer))
        elif rnd.phase == "deal":
            yield driver.step(deal(rng, driver))
        else:
            yield driver.step(choose(rng, driver, legal(state)))


class HasId(Protocol):
    """A card or a tile of a deck: its id is what a deal records."""

    @property
    def id(self) -> str: ...


def shuffled(rng: random.Random, deck: Sequence[HasId]) -> list[str]:
    cards = [c.id for c in deck]
    rng.shuffle(cards)
    return cards
