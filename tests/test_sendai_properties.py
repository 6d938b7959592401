"""Invariants of simulated Sendai-hana matches: 48 cards conserved, replay deterministic."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay import service
from replay.fold import Step
from replay.sendai import SENDAI_IDS, SendaiProjection
from replay.simulate import sendai_payloads, simulated_events
from store import EventStore

seeds = st.integers(min_value=0, max_value=2**32 - 1)
modes = st.sampled_from(["claimAndContinue", "winRound"])


@settings(max_examples=50, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=4), modes)
def test_simulated_matches_conserve_the_48_cards(seed: int, rounds: int, mode: str) -> None:
    projection = SendaiProjection()
    state = projection.initial()
    drawn = 0
    for seq, payload in enumerate(sendai_payloads(seed, rounds, options=[f"sendai.teyakuMode={mode}"]), 1):
        if payload.EVENT_TYPE == "sendai.deal":
            drawn = 0
        if payload.EVENT_TYPE == "sendai.draw":
            drawn += 1
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        rnd = state.round
        if rnd is None or rnd.phase in ("deal",):
            continue
        places = [*rnd.field, *(c for h in rnd.hands for c in h), *(c for p in rnd.captured for c in p)]
        if rnd.pending:
            places.append(rnd.pending)
        assert all(n == 1 for n in Counter(places).values())
        assert set(places) <= SENDAI_IDS
        assert len(places) + (21 - drawn) == 48
    assert len(state.results) == rounds and state.complete
    assert all(sum(r.points) >= 0 for r in state.results)


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=3))
def test_replay_from_the_store_is_deterministic(seed: int, rounds: int) -> None:
    options = ["sendai.teyakuMode=claimAndContinue", "sendai.payment=eachOpponentPays"]
    events = simulated_events("sendai", seed, rounds, match_id="prop-s", options=options)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.db"
        with EventStore.open(path, create=True) as store:
            service.check_and_append(store, "prop-s", events, expected_seq=0)
        with EventStore.open(path) as store:
            first = service.replay_match(store, "prop-s").state
            second = service.replay_match(store, "prop-s").state
    assert first.results == second.results
    assert sum(first.standings) == 0  # each opponent pays: zero-sum
