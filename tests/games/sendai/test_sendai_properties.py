"""Invariants of simulated Sendai-hana matches: 48 cards conserved, replay deterministic."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.app import service
from replay.app.simulate import simulated_events
from replay.engine.fold import Step
from replay.games.hanafuda.yaku import YakuTable, evaluate
from replay.games.sendai.fold import SendaiProjection
from replay.games.sendai.scoring import BRIGHTS_GROUP, CHAFF, SENDAI_IDS, dekiyaku_specs
from replay.games.tensho.scoring import yaku_specs
from store import EventStore
from tests.simulated import sendai_payloads

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


def _tables() -> list[YakuTable]:
    sendai = [dekiyaku_specs(t, sake, willow) for t in (7, 8, 9) for sake in (False, True) for willow in (False, True)]
    tensho = [
        yaku_specs(s, *variant) for s in (1, 2) for variant in (("swallow", "peony"), ("rainman", "chrysanthemum"))
    ]
    return sendai + tensho


TABLES = _tables()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TABLES), st.permutations(sorted(SENDAI_IDS)), st.lists(st.integers(1, 4), max_size=16))
def test_a_pile_whose_row_count_says_nothing_changed_makes_the_same_yaku(
    table: YakuTable, deck: list[str], captures: list[int]
) -> None:
    """The shortcuts of the turn check and the round's tally never hide a yaku: when the row
    count says a capture cannot have changed anything, every row holds as before, worth the
    same (``may_have_changed``); when it says no row can hold, none does (``may_hold_any``)."""
    pile: list[str] = []
    count = 0
    for taken in captures:
        before, before_count = list(pile), count
        for card in deck[len(pile) : len(pile) + taken]:
            pile.append(card)
            count += table.increments.get(card, 0)
        assert count == table.row_count(pile)
        if not table.may_hold_any(count):
            assert evaluate(table, pile, highest_only_groups=BRIGHTS_GROUP) == []
        if not table.may_have_changed(before_count, count):
            assert evaluate(table, pile, highest_only_groups=BRIGHTS_GROUP) == evaluate(
                table, before, highest_only_groups=BRIGHTS_GROUP
            )
            assert evaluate(table, pile, supersede=True) == evaluate(table, before, supersede=True)


def test_the_row_count_shortcut_sees_the_card_that_completes_a_yaku() -> None:
    chaff = sorted(CHAFF)
    table = dekiyaku_specs(7, False, False)
    six, seven, eight = (table.row_count(chaff[:n]) for n in (6, 7, 8))
    assert not table.may_have_changed(table.row_count(chaff[:5]), six)  # 6 of 7: nothing yet
    assert table.may_have_changed(six, seven)  # the seventh makes Chaff
    assert table.may_have_changed(seven, eight)  # and each one after adds 10
    crane, curtain, moon = "pine-crane", "cherry-curtain", "susuki-moon"
    three = table.row_count([crane, curtain, moon])
    assert table.may_have_changed(three, three + table.increments["paulownia-phoenix"])  # Four Brights
    assert not table.may_have_changed(three, three + table.increments[chaff[0]])
    assert not table.may_hold_any(six) and table.may_hold_any(seven)
    assert not table.may_hold_any(three) and table.may_hold_any(three + table.increments["paulownia-phoenix"])
