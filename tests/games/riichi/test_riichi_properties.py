"""Invariants of simulated riichi hands: tiles conserved, points zero-sum, replay deterministic."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from events.tiles import plain
from replay.app import service
from replay.app.simulate import simulated_events
from replay.engine.fold import Step
from replay.games.riichi.fold import RiichiProjection
from store import EventStore
from tests.simulated import riichi_payloads

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


# Hands whose waits are easy to get wrong, each worked out by hand: nine gates waits on every
# kind of its suit; seven pairs on its single; thirteen orphans on the kind it lacks, or on all
# thirteen; a hand holding all four of the one tile it waits on waits on nothing; two suits one
# over a meld (the tile goes to either, the other keeps the pair).
@example(kinds=[0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8], one_suit=False)  # 1112345678999m: 1m to 9m
@example(kinds=[0, 0, 9, 9, 18, 18, 27, 27, 30, 30, 33, 33, 5], one_suit=False)  # seven pairs: 6m
@example(kinds=[0, 0, 3, 3, 6, 6, 10, 10, 13, 13, 16, 16, 26], one_suit=False)  # 114477m 225588p: 9s
@example(kinds=[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 32], one_suit=False)  # orphans less 7z
@example(kinds=[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], one_suit=False)  # 13-sided
@example(kinds=[1, 1, 1, 1, 11, 12, 13, 14, 15, 16, 26, 26, 26], one_suit=False)  # 2222m: on nothing
@example(kinds=[0, 0, 10, 10, 18, 19, 20, 21, 22, 23, 27, 27, 27], one_suit=False)  # 11m 22p: 1m, 2p
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=33), min_size=1, max_size=13), st.booleans())
def test_the_folds_waits_are_the_tiles_the_mahjong_library_completes_the_hand_with(
    kinds: list[int], one_suit: bool
) -> None:
    from mahjong.agari import Agari

    from events.tiles import KIND_NAMES
    from replay.games.riichi.shape import completes, waits

    counts = [0] * 34
    for kind in kinds:
        kind = kind % 9 if one_suit else kind
        if counts[kind] < 4:
            counts[kind] += 1
    if sum(counts) % 3 != 1:
        return
    hand = tuple(KIND_NAMES[k] for k in range(34) for _ in range(counts[k]))
    expected = []
    for k in range(34):
        if counts[k] == 4:
            continue  # no fifth tile of a kind
        counts[k] += 1
        if Agari().is_agari(counts):
            expected.append(KIND_NAMES[k])
        counts[k] -= 1
    assert waits(hand) == expected
    assert [name for name in KIND_NAMES if completes(hand, name)] == expected
    assert waits(hand) == waits(tuple(reversed(hand)))  # the order tiles were drawn in is no matter


def test_hand_worked_waits() -> None:
    from replay.games.riichi.shape import waits

    assert waits(("1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m")) == [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    ]  # fmt: skip
    assert waits(("1m", "1m", "1p", "1p", "1s", "1s", "1z", "1z", "4z", "4z", "7z", "7z", "6m")) == ["6m"]
    pairs = ("1m", "1m", "4m", "4m", "7m", "7m", "2p", "2p", "5p", "5p", "8p", "8p")
    assert waits((*pairs, "9s")) == ["9s"]  # no run anywhere: only seven pairs waits
    orphans = ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z")
    assert waits((*orphans, "6z")) == ["7z"]
    assert waits((*orphans, "7z")) == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert waits(("2m", "2m", "2m", "2m", "3p", "4p", "5p", "6p", "7p", "8p", "9s", "9s", "9s")) == []
    assert waits(("1m", "1m", "2p", "2p", "1s", "2s", "3s", "4s", "5s", "6s", "1z", "1z", "1z")) == ["1m", "2p"]
    assert waits(("1m", "2m", "1p", "1p", "1s", "2s", "3s", "4s", "5s", "6s", "1z", "1z", "1z")) == ["3m"]
    assert waits(("0m", "3p", "4p", "5p")) == ["5m"]  # a red five is a five


@example(kinds=[0, 0, 0, 0, 9, 10, 11, 12, 13, 14, 15, 16, 17], one_suit=False)  # 1111m 123456789p: 1m, no fifth
@example(kinds=[27, 27, 27, 27, 9, 10, 11, 12, 13, 14, 15, 16, 17], one_suit=False)  # 1111z and a run of pins
@example(kinds=[0, 1, 2, 3, 3, 3, 3, 4, 5, 6, 7, 8, 8], one_suit=True)
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=33), min_size=1, max_size=14), st.booleans())
def test_tenpai_is_what_the_mahjong_librarys_shanten_says(kinds: list[int], one_suit: bool) -> None:
    from mahjong.shanten import Shanten

    from events.tiles import KIND_NAMES
    from replay.games.riichi.shape import can_discard_to_tenpai, forget, is_tenpai

    counts = [0] * 34
    for kind in kinds:
        kind = kind % 9 if one_suit else kind
        if counts[kind] < 4:
            counts[kind] += 1
    if sum(counts) % 3 == 0:
        return
    hand = tuple(KIND_NAMES[k] for k in range(34) for _ in range(counts[k]))
    forget()  # the answer from nothing, not from what an earlier example left
    shanten = Shanten().calculate_shanten(counts)
    if sum(counts) % 3 == 1:
        assert is_tenpai(hand) == (shanten == 0)
    else:
        assert can_discard_to_tenpai(hand) == (shanten <= 0)
