"""A Sendai-hana round recorded as the table sees it: the deal's field alone, the three hands and
the pile unseen, each card shown as it is played or drawn, a teyaku taken as the table says it; the
round scores as its full record does."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from events.model import Payload
from events.sendai import SendaiDeal, SendaiFieldDealt
from replay.engine.fold import Step
from replay.games.sendai.fold import SendaiProjection
from replay.games.sendai.state import SendaiState
from tests.simulated import sendai_payloads


def folded(payloads: list[Payload]) -> SendaiState:
    projection = SendaiProjection()
    state = projection.initial()
    for seq, payload in enumerate(payloads, 1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return state


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(["claimAndContinue", "winRound"]),
)
@example(seed=11, rounds=3, mode="winRound")
def test_the_public_record_of_a_match_scores_as_its_full_record(seed: int, rounds: int, mode: str) -> None:
    full = list(sendai_payloads(seed, rounds, options=[f"sendai.teyakuMode={mode}"]))
    public = [SendaiFieldDealt(field=p.field) if isinstance(p, SendaiDeal) else p for p in full]
    whole, seen = folded(full), folded(public)
    assert [r._asdict() for r in seen.results] == [r._asdict() for r in whole.results]
