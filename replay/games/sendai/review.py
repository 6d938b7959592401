"""What the statistics and the audit take of a Sendai-hana match (``replay/games/hanafuda/review.py``),
with the go and stop calls and the teyaku."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.engine.fold import Step
from replay.games.hanafuda import review
from replay.games.hanafuda.review import (
    SeatsOf,
    achievements,
    as_recorded,
    computed_points,
    describe_round,
    final_differs,
    final_scores,
    finished,
    glance,
    scores_now,
    scoring_words,
    tables,
)
from replay.games.sendai.scoring import SendaiResult
from replay.games.sendai.state import SendaiState

__all__ = [
    "achievements",
    "as_recorded",
    "balance",
    "computed_points",
    "describe_round",
    "digest",
    "final_differs",
    "final_scores",
    "finished",
    "glance",
    "repricing",
    "scores_now",
    "scoring_words",
    "summary",
    "tables",
]


def digest(data: dict[str, Any], effective: Sequence[Step]) -> dict[str, Any]:
    return review.digest(data, effective, yaku_sets=False)


def summary(matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf) -> dict[str, Any]:
    return review.summary(matches, wanted, seats_of, decisions=True, yaku_sets=False)


def balance(
    results: Sequence[SendaiResult], effective: Sequence[Step], state: SendaiState, round_no: int | None
) -> list[tuple[str, str, int | None, int]]:
    """Zero-sum when each opponent pays the winner (the other payment rule pays from a pot)."""
    if state is None or state.options is None or state.options.payment != "eachOpponentPays":
        return []
    return [
        ("balance.not_zero_sum", f"round {result.round}: the points sum to {sum(result.points)}, not 0", None,
         result.round)
        for result in results
        if (round_no is None or result.round == round_no) and sum(result.points) != 0
    ]  # fmt: skip


def repricing(
    results: Sequence[SendaiResult], state: SendaiState, rulesets: Sequence[str], round_no: int | None
) -> list[dict[str, Any]]:
    return []
