"""A random legal Tensho match from a seed: how it deals and chooses among the legal moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

from events.cards import TENSHO_DECK
from events.match import MatchStarted
from events.model import Payload
from events.tensho import DealerTripleCapture, TenshoDeal, TenshoDraw
from replay.engine.simulate import Driver, play_rounds, shuffled
from replay.games.tensho.fold import TenshoProjection, legal_moves


def payloads(started: MatchStarted, seed: int, rounds: int) -> Iterator[Payload]:
    """The payloads of a whole random Tensho match, match_started first."""

    def deal(rng: random.Random, driver: Driver) -> Payload:
        dealer = driver.state.round.dealer
        cards = shuffled(rng, TENSHO_DECK)
        field, hands, driver.pile, dead = cards[:9], (cards[9:15], cards[15:21]), cards[21:39], cards[39:]
        known = rng.random() >= 0.25  # a quarter of the deals record no pile order
        return TenshoDeal(
            field=tuple(field),
            hands=(tuple(hands[dealer]), tuple(hands[1 - dealer])),
            draw_pile=tuple(driver.pile) if known else None,
            dead=tuple(dead) if known else None,
        )

    def choose(rng: random.Random, driver: Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":  # the real next card, whether or not the record knows the order
            return TenshoDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        triples = [m for m in moves if isinstance(m, DealerTripleCapture)]
        if triples and rng.random() < 0.7:
            return rng.choice(triples)
        return rng.choice([m for m in moves if not isinstance(m, DealerTripleCapture)])

    driver = Driver(TenshoProjection())
    yield driver.step(started)
    yield from play_rounds(driver, random.Random(seed), rounds, deal, choose, legal_moves)
