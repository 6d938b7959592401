"""A tournament's own sheets, from the night's standings: the players' registration (a director's
CSV: names as played, first and last names, EMA numbers, countries, teams), the team standing
beside the individual one, and the results as the EMA publishes a tournament's (docs/club-night.md,
"A tournament day"). Pure: the night and its standings come in, rows go out."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from events.night import Registered
from events.text import name_problem
from replay.engine.exact import carried, exact, signed

COLUMNS = ("name", "first_name", "last_name", "ema_number", "country", "team")


def read_registration(text: str) -> list[Registered]:
    """The registration CSV: a first line naming its columns (``name`` and any of first_name,
    last_name, ema_number, country, team), then one player a line. Raises ValueError naming the line."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or "name" not in [cell.strip().lower() for cell in rows[0]]:
        raise ValueError(f"the first line names the columns: name, then any of {', '.join(COLUMNS[1:])}")
    header = [cell.strip().lower() for cell in rows[0]]
    unknown = [column for column in header if column not in COLUMNS]
    if unknown:
        raise ValueError(f"line 1: no column {unknown[0]!r}; the columns are {', '.join(COLUMNS)}")
    found = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise ValueError(f"line {number}: {len(row)} values for {len(header)} columns")
        values = {column: cell.strip() or None for column, cell in zip(header, row, strict=True)}
        if values.get("country"):
            values["country"] = str(values["country"]).upper()
        for column in ("name", "first_name", "last_name", "team"):  # shown on pages and sheets: the name rule
            given = values.get(column)
            problem = name_problem(f"line {number}: the {column.replace('_', ' ')}", given) if given else None
            if problem is not None:
                raise ValueError(problem)
        try:
            found.append(Registered.model_validate(values))
        except ValidationError as exc:
            error = exc.errors()[0]
            field = ".".join(str(part) for part in error["loc"])
            hint = {"ema_number": "8 digits", "country": "two letters (ISO 3166-1), e.g. DE",
                    "name": "a name of 1 to 64 characters"}.get(field, "at most 64 characters")  # fmt: skip
            raise ValueError(f"line {number}: the {field.replace('_', ' ')} {values.get(field)!r} is not "
                             f"valid: {hint}") from None  # fmt: skip
    if not found:
        raise ValueError("no player is listed under the first line")
    return found


def team_standing(players: Sequence[dict[str, Any]], registered: Sequence[Registered]) -> list[dict[str, Any]]:
    """Each team's total, the sum of its players' (penalties included), best first; its players as
    they stand. Players without a team are in no team's."""
    team_of = {entry.name: entry.team for entry in registered if entry.team}
    teams: dict[str, dict[str, Any]] = {}
    for row in players:
        team = team_of.get(row["player"])
        if team is None:
            continue
        mine = teams.setdefault(team, {"team": team, "players": [], "total": Decimal(0)})
        mine["players"].append(row["player"])
        mine["total"] += exact(row["total"])
    ranked = sorted(teams.values(), key=lambda t: (-t["total"], t["team"]))
    for row in ranked:  # tied totals share the better place
        row["place"] = 1 + sum(1 for other in ranked if other["total"] > row["total"])
    for row in ranked:
        row["shown"] = signed(row["total"])
        row["total"] = carried(row["total"])
    return ranked


def ema_results(players: Sequence[dict[str, Any]], registered: Sequence[Registered]) -> list[dict[str, Any]]:
    """The results as the EMA takes them, in the standings' order: place (players next to each other
    on the same total, and score where the game parts ties by it, on the same side of a cut, share
    the better place), EMA number (or none), last and first name, country, score (and the game's
    points beside table points), and the base rank, 1000 x (N - place) / (N - 1), which tied
    players share (the mean over the places they hold), rounded to a whole number."""
    details = {entry.name: entry for entry in registered}
    count = len(players)
    found = []
    first = 0  # where the run of players tied with this one begins
    for at, row in enumerate(players):
        if at and not _tied(players[at - 1], row):
            first = at
        last = at
        while last + 1 < count and _tied(players[last + 1], row):
            last += 1
        held = range(first + 1, last + 2)  # the places the tied players hold between them
        base = Fraction(sum(1000 * (count - place) for place in held), len(held) * (count - 1)) if count > 1 else 1000
        entry = details.get(row["player"])
        found.append({
            "place": first + 1,
            "ema_number": entry.ema_number if entry else None,
            "last_name": (entry.last_name if entry and entry.last_name else row["player"]),
            "first_name": entry.first_name if entry else None,
            "country": entry.country if entry else None,
            "player": row["player"],
            "score": row["total"],
            "shown": row["shown"],
            **({"points": row["score"]} if "score" in row else {}),  # beside table points: the game's score
            "base_rank": int((Decimal(base.numerator) / Decimal(base.denominator)).quantize(0, ROUND_HALF_UP)),
        })  # fmt: skip
    return found


def _tied(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Level on the total, and on the score where the game parts ties by it, on one side of a cut."""
    return (exact(one["total"]) == exact(other["total"]) and one.get("score") == other.get("score")
            and bool(one.get("cut")) == bool(other.get("cut")))  # fmt: skip


def ema_header(title: str, days: Sequence[str], results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The event's header as the EMA lists it: its name, first and last day, players and countries."""
    countries = sorted({row["country"] for row in results if row["country"]})
    return {"title": title, "first_day": min(days) if days else None, "last_day": max(days) if days else None,
            "players": len(results), "countries": len(countries), "country_codes": countries}  # fmt: skip
