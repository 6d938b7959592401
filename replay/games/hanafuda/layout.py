"""What the hanafuda games' terminal layouts share: a match's length and a list of cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.engine.words import in_names


def counted(length: dict[str, Any]) -> str:
    """{"count": 1, "unit": "rounds"} -> '1 round'."""
    unit = str(length["unit"])
    return f"{length['count']} {unit.removesuffix('s') if length['count'] == 1 else unit}"


def cards(shown: Sequence[str]) -> str:
    return ", ".join(shown) if shown else "—"


def result_lines(results: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Each round's explanation, its seats said by name."""
    return [
        f"round {r['round']}{' (recorded at result depth)' if r.get('depth') == 'result' else ''}: "
        f"{in_names(r['explanation'], names)}"
        for r in results
    ]
