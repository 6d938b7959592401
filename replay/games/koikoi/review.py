"""What the statistics and the audit take of a koi-koi match (``replay/games/hanafuda/review.py``),
with the koi-koi and stop calls."""

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
from replay.games.koikoi.scoring import KoikoiResult
from replay.games.koikoi.state import KoikoiState

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
    results: Sequence[KoikoiResult], effective: Sequence[Step], state: KoikoiState, round_no: int | None
) -> list[tuple[str, str, int | None, int]]:
    """What one player wins the other pays: each round's points sum to zero."""
    return [
        ("balance.not_zero_sum", f"round {result.round}: the points sum to {sum(result.points)}, not 0", None,
         result.round)
        for result in results
        if (round_no is None or result.round == round_no) and sum(result.points) != 0
    ]  # fmt: skip


def repricing(
    results: Sequence[KoikoiResult], state: KoikoiState, rulesets: Sequence[str], round_no: int | None
) -> list[dict[str, Any]]:
    return []
