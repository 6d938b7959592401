"""Invariants of simulated Tensho matches: the 45 cards are conserved, and replay is deterministic."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.app import service
from replay.engine.fold import Step
from replay.games.tensho.fold import TenshoProjection
from replay.games.tensho.scoring import TENSHO_IDS
from replay.games.tensho.state import TenshoState
from store import EventStore
from tests.simulated import tensho_events, tensho_payloads

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def conserved(state: TenshoState, actual_pile_left: int) -> None:
    rnd = state.round
    if rnd is None or rnd.phase in ("set", "deal"):
        return
    places = [*rnd.hands[0], *rnd.hands[1], *rnd.field, *rnd.captured[0], *rnd.captured[1]]
    if rnd.pending:
        places.append(rnd.pending)
    counts = Counter(places)
    assert all(n == 1 for n in counts.values()), [c for c, n in counts.items() if n > 1]
    assert set(places) <= TENSHO_IDS
    # Whatever is not in play is in the draw pile or among the dead cards: 45 in all.
    assert len(places) + actual_pile_left + 6 == 45
    if rnd.pile is not None:
        assert not set(rnd.pile) & set(places)


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=4))
def test_simulated_matches_conserve_the_45_cards(seed: int, rounds: int) -> None:
    projection = TenshoProjection()
    state = projection.initial()
    drawn = 0
    for seq, payload in enumerate(tensho_payloads(seed, rounds), 1):
        if payload.EVENT_TYPE == "tensho.deal":
            drawn = 0
        if payload.EVENT_TYPE == "tensho.draw":
            drawn += 1
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        conserved(state, 18 - drawn)
    assert len(state.results) == rounds and state.complete


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=3))
def test_replay_from_the_store_is_deterministic(seed: int, rounds: int) -> None:
    events = tensho_events(seed, rounds, match_id="prop-1")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.db"
        with EventStore.open(path, create=True) as store:
            service.check_and_append(store, "prop-1", events, expected_seq=0)
        with EventStore.open(path) as store:
            first = service.replay_match(store, "prop-1").state
            second = service.replay_match(store, "prop-1").state
    projection = TenshoProjection()
    direct = projection.initial()
    for seq, event in enumerate(events, 1):
        direct = projection.apply(direct, Step(seq, event.type, event.payload))
    assert first.results == second.results == direct.results
    assert first.standings == direct.standings


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_the_same_seed_gives_the_same_match(seed: int) -> None:
    one = [(e.type, e.payload, e.event_id) for e in tensho_events(seed, 2, match_id="a-1")]
    two = [(e.type, e.payload, e.event_id) for e in tensho_events(seed, 2, match_id="a-1")]
    assert one == two
    other = tensho_events(seed, 2, match_id="b-1")
    assert [e.payload for e in other] == [p for _, p, _ in one]  # same game, other ids
    assert not {e.event_id for e in other} & {i for _, _, i in one}
