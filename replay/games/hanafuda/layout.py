"""What the hanafuda games' terminal layouts share: a match's length, a list of cards, and the
results of the koi-koi family's rounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.engine.game import Grid, Layout, Line
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


def results_table(results: list[dict[str, Any]], names: list[str]) -> Layout:
    """The rounds played, a row each (its dealer, winner, how, each seat's points), and why each went so."""
    if not results:
        return []
    rows = tuple(
        (str(r["round"]), names[r["dealer"]], r["winner_name"] or "—", r["reason"], *(str(p) for p in r["points"]))
        for r in results
    )
    return [Grid("results", ("round", "dealer", "winner", "how", *names), rows),
            *(Line(line) for line in result_lines(results, names))]  # fmt: skip
