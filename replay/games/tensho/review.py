"""What the statistics and the audit take of a Tensho match (``replay/games/hanafuda/review.py``),
with each round's yaku set beside who won it."""

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
from replay.games.tensho.scoring import RoundResult
from replay.games.tensho.state import TenshoState

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
    return review.digest(data, effective, yaku_sets=True)


def summary(matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf) -> dict[str, Any]:
    return review.summary(matches, wanted, seats_of, decisions=False, yaku_sets=True)


def balance(
    results: Sequence[RoundResult], effective: Sequence[Step], state: TenshoState, round_no: int | None
) -> list[tuple[str, str, int | None, int]]:
    """Tensho's points are each seat's own card values, not a transfer: nothing to balance."""
    return []


def repricing(
    results: Sequence[RoundResult], state: TenshoState, rulesets: Sequence[str], round_no: int | None
) -> list[dict[str, Any]]:
    return []
