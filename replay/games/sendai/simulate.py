"""A random legal Sendai-hana match from a seed: how it deals, goes or stops, and chooses among the
legal moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

from events.cards import DECK
from events.match import MatchStarted
from events.model import Payload
from events.sendai import KoiKoi, SendaiDeal, SendaiDraw, Stop, TeyakuExposed
from replay.engine.simulate import Driver, play_rounds, shuffled
from replay.games.sendai.fold import SendaiProjection, legal_moves


def payloads(started: MatchStarted, seed: int, rounds: int) -> Iterator[Payload]:
    """The payloads of a whole random Sendai-hana match, match_started first."""

    def deal(rng: random.Random, driver: Driver) -> Payload:
        cards = shuffled(rng, DECK)
        hands, field, driver.pile = (cards[0:7], cards[7:14], cards[14:21]), cards[21:27], cards[27:]
        known = rng.random() >= 0.25
        return SendaiDeal(
            hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2])),
            field=tuple(field),
            draw_pile=tuple(driver.pile) if known else None,
        )

    def choose(rng: random.Random, driver: Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":
            return SendaiDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        if rnd.phase == "decide":
            return Stop(seat=rnd.to_move) if rng.random() < 0.55 else KoiKoi(seat=rnd.to_move)
        exposures = [m for m in moves if isinstance(m, TeyakuExposed)]
        if exposures and rng.random() < 0.8:
            return exposures[0]  # the best teyaku of the first seat holding one
        return rng.choice([m for m in moves if not isinstance(m, TeyakuExposed)])

    driver = Driver(SendaiProjection())
    yield driver.step(started)
    yield from play_rounds(driver, random.Random(seed), rounds, deal, choose, legal_moves)
