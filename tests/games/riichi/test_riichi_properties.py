"""Invariants of simulated riichi hands: tiles conserved, points zero-sum, replay deterministic."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from events.tiles import plain
from replay.app import service
from replay.app.simulate import riichi_payloads, simulated_events
from replay.engine.fold import Step
from replay.games.riichi.fold import RiichiProjection
from store import EventStore

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rulesets = st.sampled_from(["tenhou", "mahjongsoul", "ema2016"])


@settings(max_examples=10, deadline=None)
@given(seeds, rulesets)
def test_tiles_are_conserved_and_hands_are_zero_sum(seed: int, ruleset: str) -> None:
    projection = RiichiProjection()
    state = projection.initial()
    for seq, payload in enumerate(riichi_payloads(seed, 2, ruleset_id=ruleset), 1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        rnd = state.round
        if rnd is None or rnd.phase == "deal":
            continue
        seen = rnd.seen()
        by_kind = Counter()
        for tile, count in seen.items():
            by_kind[plain(tile)] += count
        assert max(by_kind.values()) <= 4
        # What is not seen is in the live wall, or face down in the dead wall (always 14 tiles).
        assert sum(seen.values()) + rnd.live_left + 14 - len(rnd.dora) == 136
    first = state.results[0]
    starts = [s - p for s, p in zip(first.scores, first.points, strict=True)]
    sticks = 0
    for result in state.results:
        table = 1000 * (result.sticks - sticks)
        assert sum(result.points) + table == 0, result
        assert [s + p for s, p in zip(starts, result.points, strict=True)] == list(result.scores)
        starts, sticks = list(result.scores), result.sticks


@settings(max_examples=5, deadline=None)
@given(seeds, rulesets)
def test_replay_from_the_store_is_deterministic(seed: int, ruleset: str) -> None:
    events = simulated_events("riichi", seed, 2, match_id="prop-r", options=())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.db"
        with EventStore.open(path, create=True) as store:
            service.check_and_append(store, "prop-r", events, expected_seq=0)
        with EventStore.open(path) as store:
            first = service.replay_match(store, "prop-r").state
            second = service.replay_match(store, "prop-r").state
    assert first.results == second.results and len(first.results) == 2
    del ruleset


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=33), min_size=1, max_size=14), st.booleans())
def test_the_folds_complete_hand_check_agrees_with_the_mahjong_library(kinds: list[int], one_suit: bool) -> None:
    from mahjong.agari import Agari

    from replay.games.riichi.shape import is_complete_counts

    counts = [0] * 34
    for kind in kinds:
        kind = kind % 9 if one_suit else kind  # one suit makes complete hands common enough to test
        if counts[kind] < 4:
            counts[kind] += 1
    if sum(counts) % 3 != 2:
        return
    assert is_complete_counts(counts) == bool(Agari().is_agari(counts))
