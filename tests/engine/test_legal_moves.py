"""Legal moves come from the fold: a game lists candidates and the same handlers that check an
event decide which of them may come next, so no rule has a second copy. Every simulated match,
under every option set that changes what may be played, folds without a refusal.

The seed that once found the two copies apart (Sendai-hana, a second teyaku offered where the
fold takes one) stays as an explicit example."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from replay.app.simulate import payloads
from replay.engine.fold import Step
from replay.games import projection_for
from replay.games.sendai.fold import candidate_moves as sendai_candidates
from replay.games.sendai.fold import legal_moves as sendai_legal
from replay.games.tensho.fold import candidate_moves as tensho_candidates
from replay.games.tensho.fold import legal_moves as tensho_legal


def _every(template: str, *choices: Sequence[str]) -> list[list[str]]:
    return [
        [template.split("|")[i].format(value) for i, value in enumerate(combo)] for combo in itertools.product(*choices)
    ]


# The options that change what may be played, in every combination: what the sweep of simulated
# matches covers to show the legal moves offer nothing the fold refuses.
MOVE_OPTION_SETS: dict[str, list[list[str]]] = {
    "tensho": _every(
        "tensho.phoenixDealtToField={}|tensho.dealerTripleOption={}|tensho.fourOfSuitOnField={}|capture.mandatoryIfMatch={}",
        ["uncapturable", "dealerCaptures", "dealerMayTakeInsteadOfPlay"], ["true", "false"],
        ["misdeal", "dealerTakesAll"], ["true", "false"],
    ),
    "sendai": _every(
        "sendai.teyakuMode={}|sendai.teyakuGroupExclusive={}|sendai.fourOfAKindCountsAsTwoPairs={}|"
        "sendai.misdealFourOnField={}",
        ["claimAndContinue", "winRound"], ["true", "false"], ["true", "false"], ["true", "false"],
    ),
}  # fmt: skip


OPTION_SETS = [(game, options) for game, sets in MOVE_OPTION_SETS.items() for options in sets]


def _folds(game: str, seed: int, options: list[str]) -> int:
    """Fold a simulated match afresh; at every state, the listed moves are exactly the candidates the
    fold accepts. The number of events."""
    made = list(payloads(game, seed, 2, options=options))
    projection = projection_for(game)  # type: ignore[arg-type]
    state = projection.initial()
    legal, candidates = (tensho_legal, tensho_candidates) if game == "tensho" else (sendai_legal, sendai_candidates)
    for seq, payload in enumerate(made, 1):
        listed = legal(state)
        if state.round is not None and not state.round.over and state.round.phase != "deal" and listed:
            assert payload in listed or payload.EVENT_TYPE.endswith(("round_started", "match_ended")), (seq, payload)
            for move in candidates(state):
                taken = _accepts(projection, state, move, seq)
                assert taken == (move in listed), (seq, move)
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return len(made)


def _accepts(projection: Any, state: Any, move: Any, seq: int) -> bool:
    from replay.engine.fold import IllegalEvent

    try:
        projection.apply(state, Step(seq, move.EVENT_TYPE, move))
    except IllegalEvent:
        return False
    return True


def test_the_seed_that_found_a_second_teyaku_offered_simulates() -> None:
    assert _folds("sendai", 1753024, ["sendai.teyakuMode=claimAndContinue"]) > 0


@pytest.mark.parametrize(("game", "options"), OPTION_SETS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(OPTION_SETS)])
def test_every_option_set_simulates_and_lists_only_what_the_fold_takes(game: str, options: list[str]) -> None:
    for seed in range(3):
        assert _folds(game, seed, options) > 0


@settings(max_examples=30)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 2**32 - 1))
@example(("sendai", ["sendai.teyakuMode=claimAndContinue"]), 1753024)
def test_any_seed_simulates_under_any_option_set(option_set: tuple[str, list[str]], seed: int) -> None:
    game, options = option_set
    assert _folds(game, seed, options) > 0
