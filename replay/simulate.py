"""Random legal matches, reproducible from a seed: for demos, tests and benchmarks.

Every event is produced by asking the game's own fold what may come next, and applied
through it, so a simulated match is legal by construction (and the store checks it again).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence

from events.cards import TENSHO_DECK
from events.envelope import PendingEvent, now_timestamp
from events.match import MatchEnded, RoundStarted
from events.model import Payload
from events.tensho import DealerTripleCapture, TenshoDeal, TenshoDraw
from replay.fold import Step
from replay.service import build_match_started
from replay.tensho import TenshoProjection, TenshoState, legal_moves

RECORDER = "simulator"


def tensho_payloads(
    seed: int,
    rounds: int,
    *,
    players: Sequence[str] = ("East", "West"),
    options: Sequence[str] = (),
    unknown_pile_share: float = 0.25,
) -> Iterator[Payload]:
    """The payloads of a whole random Tensho match, in order."""
    rng = random.Random(seed)
    projection = TenshoProjection()
    started = build_match_started("tensho", players, options=options, length=rounds)
    state: TenshoState = projection.initial()
    seq = 0
    pile: list[str] = []

    def step(payload: Payload) -> Payload:
        nonlocal state, seq
        seq += 1
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        return payload

    yield step(started)
    while True:
        rnd = state.round
        if rnd is None or rnd.over:
            if len(state.results) >= rounds:
                yield step(MatchEnded(reason="completed"))
                return
            yield step(RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer))
            continue
        if rnd.phase == "deal":
            deck: list[str] = [c.id for c in TENSHO_DECK]
            rng.shuffle(deck)
            field, hands, pile, dead = deck[:9], (deck[9:15], deck[15:21]), deck[21:39], deck[39:]
            known = rng.random() >= unknown_pile_share
            yield step(
                TenshoDeal(
                    field=tuple(field),
                    hands=(tuple(hands[rnd.dealer]), tuple(hands[1 - rnd.dealer])),
                    draw_pile=tuple(pile) if known else None,
                    dead=tuple(dead) if known else None,
                )
            )
            continue
        moves = legal_moves(state)
        if rnd.phase == "draw":  # the real next card, whether or not the record knows the order
            top = pile.pop(0)
            yield step(TenshoDraw(card=top, seat=rnd.to_move))
            continue
        triples = [m for m in moves if isinstance(m, DealerTripleCapture)]
        if triples and rng.random() < 0.7:
            yield step(rng.choice(triples))
            continue
        plays = [m for m in moves if not isinstance(m, DealerTripleCapture)]
        yield step(rng.choice(plays))


def tensho_events(
    seed: int, rounds: int, *, match_id: str, players: Sequence[str] = ("East", "West"), options: Sequence[str] = ()
) -> list[PendingEvent]:
    """A simulated match as events ready to append: ids from the seed and match id, so reproducible."""
    ids = random.Random(f"{seed}:{match_id}")
    stamp = now_timestamp()
    return [
        PendingEvent(payload, str(uuid.UUID(int=ids.getrandbits(128), version=4)), stamp, RECORDER)
        for payload in tensho_payloads(seed, rounds, players=players, options=options)
    ]
