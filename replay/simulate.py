"""Random legal matches, reproducible from a seed: for demos, tests and benchmarks.

Every event is produced by asking the game's own fold what may come next, and applied
through it, so a simulated match is legal by construction (and the store checks it again).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from events.cards import DECK, TENSHO_DECK
from events.envelope import PendingEvent, now_timestamp
from events.match import MatchEnded, RoundStarted
from events.model import Payload
from events.sendai import KoiKoi, SendaiDeal, SendaiDraw, Stop, TeyakuExposed
from events.tensho import DealerTripleCapture, TenshoDeal, TenshoDraw
from replay.fold import Projection, Step
from replay.service import build_match_started

RECORDER = "simulator"
DEFAULT_PLAYERS = {"tensho": ("East", "West"), "sendai": ("Dealer", "Right", "Left")}


class _Driver:
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


def _match(
    game: str,
    seed: int,
    rounds: int,
    players: Sequence[str],
    options: Sequence[str],
    deal: Callable[[random.Random, _Driver], Payload],
    choose: Callable[[random.Random, _Driver, list[Payload]], Payload],
    legal: Callable[[Any], list[Payload]],
) -> Iterator[Payload]:
    from replay.games import projection_for

    rng = random.Random(seed)
    driver = _Driver(projection_for(game))  # type: ignore[arg-type]
    yield driver.step(build_match_started(game, players, options=options, length=rounds))
    while True:
        state = driver.state
        rnd = state.round
        if rnd is None or rnd.over:
            if len(state.results) >= rounds:
                yield driver.step(MatchEnded(reason="completed"))
                return
            yield driver.step(RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer))
        elif rnd.phase == "deal":
            yield driver.step(deal(rng, driver))
        else:
            yield driver.step(choose(rng, driver, legal(state)))


def _shuffled(rng: random.Random, deck: Sequence[Any]) -> list[str]:
    cards = [c.id for c in deck]
    rng.shuffle(cards)
    return cards


def tensho_payloads(
    seed: int, rounds: int, *, players: Sequence[str] = DEFAULT_PLAYERS["tensho"], options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Tensho match, in order."""
    from replay.tensho import legal_moves

    def deal(rng: random.Random, driver: _Driver) -> Payload:
        dealer = driver.state.round.dealer
        cards = _shuffled(rng, TENSHO_DECK)
        field, hands, driver.pile, dead = cards[:9], (cards[9:15], cards[15:21]), cards[21:39], cards[39:]
        known = rng.random() >= 0.25  # a quarter of the deals record no pile order
        return TenshoDeal(
            field=tuple(field),
            hands=(tuple(hands[dealer]), tuple(hands[1 - dealer])),
            draw_pile=tuple(driver.pile) if known else None,
            dead=tuple(dead) if known else None,
        )

    def choose(rng: random.Random, driver: _Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":  # the real next card, whether or not the record knows the order
            return TenshoDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        triples = [m for m in moves if isinstance(m, DealerTripleCapture)]
        if triples and rng.random() < 0.7:
            return rng.choice(triples)
        return rng.choice([m for m in moves if not isinstance(m, DealerTripleCapture)])

    return _match("tensho", seed, rounds, players, options, deal, choose, legal_moves)


def sendai_payloads(
    seed: int, rounds: int, *, players: Sequence[str] = DEFAULT_PLAYERS["sendai"], options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Sendai-hana match, in order."""
    from replay.sendai import legal_moves

    def deal(rng: random.Random, driver: _Driver) -> Payload:
        cards = _shuffled(rng, DECK)
        hands, field, driver.pile = (cards[0:7], cards[7:14], cards[14:21]), cards[21:27], cards[27:]
        known = rng.random() >= 0.25
        return SendaiDeal(
            hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2])),
            field=tuple(field),
            draw_pile=tuple(driver.pile) if known else None,
        )

    def choose(rng: random.Random, driver: _Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":
            return SendaiDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        if rnd.phase == "decide":
            return Stop(seat=rnd.to_move) if rng.random() < 0.55 else KoiKoi(seat=rnd.to_move)
        exposures = [m for m in moves if isinstance(m, TeyakuExposed)]
        if exposures and rng.random() < 0.8:
            return exposures[0]  # the best teyaku of the first seat holding one
        return rng.choice([m for m in moves if not isinstance(m, TeyakuExposed)])

    return _match("sendai", seed, rounds, players, options, deal, choose, legal_moves)


PAYLOADS = {"tensho": tensho_payloads, "sendai": sendai_payloads}


def simulated_events(
    game: str,
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] | None = None,
    options: Sequence[str] = (),
) -> list[PendingEvent]:
    """A simulated match as events ready to append: ids from the seed and match id, so reproducible."""
    ids = random.Random(f"{seed}:{match_id}")
    stamp = now_timestamp()
    payloads = PAYLOADS[game](seed, rounds, players=players or DEFAULT_PLAYERS[game], options=options)
    return [PendingEvent(p, str(uuid.UUID(int=ids.getrandbits(128), version=4)), stamp, RECORDER) for p in payloads]


def tensho_events(
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] = DEFAULT_PLAYERS["tensho"],
    options: Sequence[str] = (),
) -> list[PendingEvent]:
    return simulated_events("tensho", seed, rounds, match_id=match_id, players=players, options=options)
