"""A random legal koi-koi match from a seed: how it deals, calls koi-koi or stops, and chooses among
the legal moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

from events.cards import DECK
from events.koikoi import Koikoi, KoikoiDeal, KoikoiDraw, KoikoiStop, KoikoiTeyakuExposed
from events.match import MatchStarted
from events.model import Payload
from replay.engine.simulate import Driver, play_rounds, shuffled
from replay.games.koikoi.fold import KoikoiProjection, legal_moves


def payloads(started: MatchStarted, seed: int, rounds: int) -> Iterator[Payload]:
    """The payloads of a whole random koi-koi match, match_started first."""

    def deal(rng: random.Random, driver: Driver) -> Payload:
        cards = shuffled(rng, DECK)
        hands, field, driver.pile = (cards[0:8], cards[8:16]), cards[16:24], cards[24:]
        known = rng.random() >= 0.25
        return KoikoiDeal(
            hands=(tuple(hands[0]), tuple(hands[1])),
            field=tuple(field),
            draw_pile=tuple(driver.pile) if known else None,
        )

    def choose(rng: random.Random, driver: Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":
            return KoikoiDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        if rnd.phase == "decide":
            calls = [m for m in moves if isinstance(m, Koikoi)]
            return calls[0] if calls and rng.random() < 0.4 else KoikoiStop(seat=rnd.to_move)
        shown = [m for m in moves if isinstance(m, KoikoiTeyakuExposed)]
        if shown and rng.random() < 0.8:
            return shown[0]
        return rng.choice([m for m in moves if not isinstance(m, KoikoiTeyakuExposed)])

    driver = Driver(KoikoiProjection())
    yield driver.step(started)
    yield from play_rounds(driver, random.Random(seed), rounds, deal, choose, legal_moves)
