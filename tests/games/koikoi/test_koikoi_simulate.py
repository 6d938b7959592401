"""Simulated koi-koi matches: every card where one card can be, each round zero-sum, and the match a
simulation folded as it went equal to the match replayed from a real SQLite store, for 150 seeds
under each ruleset."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from events.cards import DECK
from replay.app import service
from replay.app.simulate import payloads, simulated_events
from replay.engine.fold import Step
from replay.games.koikoi.fold import KoikoiProjection
from store import EventStore

SEEDS = range(150)


@pytest.mark.parametrize("ruleset", ["koikoi-nintendo", "koikoi-japan"])
def test_simulate_and_replay_agree_for_150_seeds(tmp_path: Path, ruleset: str) -> None:
    deck = {card.id for card in DECK}
    folded = {}
    for seed in SEEDS:
        projection = KoikoiProjection()
        state = projection.initial()
        for seq, payload in enumerate(payloads("koikoi", seed, 6, ruleset_id=ruleset), 1):
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
            rnd = state.round
            if rnd is None or rnd.phase in ("deal", "misdeal"):
                continue
            places = [*rnd.field, *(c for h in rnd.hands for c in h), *(c for p in rnd.captured for c in p)]
            places += [rnd.pending] if rnd.pending else []
            assert max(Counter(places).values()) == 1  # no card in two places
            assert set(places) <= deck
            assert len(places) + (24 - rnd.drawn) == 48  # and none lost: the rest is in the pile
        assert state.complete
        assert all(sum(result.points) == 0 for result in state.results)  # what one wins the other pays
        folded[seed] = state
    path = tmp_path / f"{ruleset}.db"
    with EventStore.open(path, create=True) as store:
        for seed in SEEDS:
            match = f"k-{seed}"
            events = simulated_events("koikoi", seed, 6, match_id=match, ruleset_id=ruleset)
            service.check_and_append(store, match, events, expected_seq=0)
    with EventStore.open(path) as store:
        for seed in SEEDS:
            replayed = service.replay_match(store, f"k-{seed}").state
            assert replayed.results == folded[seed].results
            assert replayed.standings == folded[seed].standings


def test_a_match_under_koikoi_japan_ends_when_a_player_has_no_points_left(tmp_path: Path) -> None:
    # Found among the seeds: a match whose standings take a player from 30 to 0 or below before round 8.
    ended = []
    for seed in range(200):
        projection = KoikoiProjection()
        state = projection.initial()
        for seq, payload in enumerate(payloads("koikoi", seed, 8, ruleset_id="koikoi-japan"), 1):
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        if len(state.results) < 8:
            ended.append((seed, state))
    assert ended, "no simulated match ran a player out of points"
    for _seed, state in ended:
        held = [30 + s for s in state.standings]
        assert min(held) <= 0 and state.complete and state.results[-1].ends_match
        before = [30 + sum(r.points[seat] for r in state.results[:-1]) for seat in range(2)]
        assert min(before) > 0  # the match ended at the first round that left a player without points
