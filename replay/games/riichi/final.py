"""A riichi match's final result, as its ruleset declares it (``RiichiOptions``, recorded in full in
``match_started``): leftover sticks, places and their ties, oka and uma (simple, or by how many end
below the start), the rounding of the scores, and chombo after uma (docs/riichi.md, the final result).

Results are in thousands of points, exact: whole under a rule that rounds to a thousand, to a
tenth where every hundred is kept (``replay/engine/exact.py``). No I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from replay.engine.exact import carried
from replay.games.riichi.options import RiichiOptions

THOUSAND = 1000


def precision(options: RiichiOptions) -> int:
    """Decimals a result of this ruleset is shown with: 0 where scores round to a thousand, else 1."""
    return 1 if options.final_rounding == "exact" else 0


def seat_order(scores: Sequence[int], first_dealer: int) -> list[int]:
    """Seats best first; an equal score goes to the seat nearer the first dealer, counted round the table."""
    seats = len(scores)
    return sorted(range(seats), key=lambda s: (-scores[s], (s - first_dealer) % seats))


def place_uma(options: RiichiOptions, scores: Sequence[int]) -> list[int]:
    """The uma of each place, 1st first, in points: the simple uma, or the row for how many players
    end below the starting points where the ruleset declares rows (none or all below: the simple one)."""
    seats = len(scores)
    rows = options.uma_below_start
    below = sum(1 for score in scores if score < options.starting_points)
    if rows and 0 < below < seats:
        return list(rows[(below - 1) * seats : below * seats])
    return list(options.uma[:seats])


def places(options: RiichiOptions, scores: Sequence[int], first_dealer: int) -> list[int]:
    """Each seat's place (1 is first): by seat on a tie, or shared (both second) where ties share uma."""
    order = seat_order(scores, first_dealer)
    if options.tied_places == "shareUma":
        return [1 + sum(1 for other in scores if other > score) for score in scores]
    return [order.index(seat) + 1 for seat in range(len(scores))]


def bonuses(options: RiichiOptions, scores: Sequence[int], ranks: Sequence[int]) -> list[Fraction]:
    """Each seat's uma, with the oka on first place, in points; tied places split theirs equally."""
    seats = len(scores)
    per_place = [Fraction(u) for u in place_uma(options, scores)]
    per_place[0] += (options.return_points - options.starting_points) * seats  # the oka
    found = []
    for rank in ranks:
        tied = sum(1 for r in ranks if r == rank)
        found.append(Fraction(sum(per_place[rank - 1 : rank - 1 + tied])) / tied)
    return found


def _thousands(score: int, rounding: str) -> int:
    """A score rounded to thousands: a 500 away from zero (Tenhou's: -1,500 is -2), or always up (-1)."""
    if rounding == "halfAwayThousand":
        whole = (abs(score) + THOUSAND // 2) // THOUSAND
        return whole if score >= 0 else -whole
    return (score + THOUSAND // 2) // THOUSAND


def final_results(
    options: RiichiOptions, final_scores: Sequence[int], sticks: int, first_dealer: int, penalties: Sequence[int]
) -> dict[str, Any]:
    """The final standing from the last hand's scores, the sticks left on the table, and each seat's
    chombo penalties (finalPenalty, in points, after uma): scores (with the sticks where they go),
    places, results (JSON numbers of the ruleset's precision) and that precision."""
    scores = list(final_scores)
    seats = len(scores)
    order = seat_order(scores, first_dealer)
    if options.leftover_sticks == "firstPlace" and options.tied_places == "shareUma":
        # Split between those tied first, each share rounded down to 100 (Pantheon's rule).
        first = [seat for seat in range(seats) if scores[seat] == scores[order[0]]]
        for seat in first:
            scores[seat] += THOUSAND * sticks // len(first) // 100 * 100
    elif options.leftover_sticks == "firstPlace":
        scores[order[0]] += THOUSAND * sticks
    ranks = places(options, scores, first_dealer)
    bonus = bonuses(options, scores, ranks)
    if options.final_rounding == "exact":
        exact = [(Fraction(scores[s] - options.return_points) + bonus[s] - penalties[s]) / THOUSAND
                 for s in range(seats)]  # fmt: skip
        unit = Decimal("0.1")
    else:
        # Each score but first place's rounded to a thousand; first place takes what balances the
        # table (its oka included), as Tenhou counts.
        exact = [Fraction(0)] * seats
        for seat in order[1:]:
            rounded = _thousands(scores[seat], options.final_rounding) - options.return_points // THOUSAND
            if options.final_rounding == "halfUpThousand":  # the results matches kept before the option
                exact[seat] = Fraction(rounded + options.uma[ranks[seat] - 1] // THOUSAND)
            else:
                exact[seat] = rounded + bonus[seat] / THOUSAND
        exact[order[0]] = -Fraction(sum(exact))
        if options.final_rounding == "halfUpThousand":
            exact = [value - penalty // THOUSAND for value, penalty in zip(exact, penalties, strict=True)]
        else:
            exact = [value - Fraction(penalty, THOUSAND) for value, penalty in zip(exact, penalties, strict=True)]
        unit = Decimal(1)
    results = [_decimal(value, unit) for value in exact]
    return {"scores": scores, "ranks": ranks, "results": [carried(r) for r in results],
            "precision": precision(options)}  # fmt: skip


def _decimal(value: Fraction, unit: Decimal) -> Decimal:
    """``value`` at ``unit``: exact where it falls on it (every result but a split uma's third)."""
    quotient = Decimal(value.numerator) / Decimal(value.denominator)
    return quotient.quantize(unit, rounding=ROUND_HALF_UP)


def claimed_results(text: str, players: int) -> list[Decimal] | None:
    """The final results a server's record gives beside its final scores (tenhou.net/6 ``sc`` and
    mjlog ``owari``: score, result, score, result, ...), exact; None where the text holds none."""
    import json

    try:
        values = json.loads(text)
    except ValueError:
        return None
    if not isinstance(values, list) or len(values) < 2 * players:
        return None
    found = values[1 : 2 * players : 2]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in found):
        return None
    return [Decimal(str(v)) for v in found]
