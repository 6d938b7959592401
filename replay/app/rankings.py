"""The league's ranking across its clubs' events, by the method the league declares, as data: each
method a typed configuration, recorded whole in the league's stream when declared (``league
ranking --declare``), so a ranking never depends on today's defaults. No I/O: the events come in
as ``Event`` values (``replay/app/leagues.py`` reads them from the nights).

- ``mers``: the EMA's ranking (MERS) as its rules publish it (docs/league.md gives the sources).
  Each event's weight is its MERS: 1, 2 or 3 for its days, +0.5 over 40 players and +1 over 80,
  +0.5 from 6 countries and +1 from 10, +1 where players qualified for it. A result counts in
  full within a year of the reckoning day, half within two years, not after. A player needs two
  results; fewer than five are made up to five with results of base rank 0 and weight 1. The
  results are taken best base rank first (the heavier first among equals): part A is the
  weighted average of the best ceil(5 + 0.8 x (results - 5)), part B of the best 4, and the
  ranking is half of each.
- ``glicko``: Glickman's Glicko rating (1999): each event a rating period, each table's players
  met pairwise (the better place wins, a shared place is a draw), a deviation that grows by
  ``c`` each period a player sits out.
- ``totals``: the sum of each player's results (in the game's unit) over the events.
- ``tenhou_r``: Tenhou's R over every table, as the season's page rates (``replay/app/seasons.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from events.errors import InputError

Method = Literal["mers", "glicko", "totals", "tenhou_r"]
METHODS: tuple[str, ...] = ("mers", "glicko", "totals", "tenhou_r")


class Result(NamedTuple):
    """One player's result at one event: who (a person, or a name at a club), their place, base rank
    and total. A tuple: a league's ranking makes 200,000 of them, each in one step."""

    who: str
    place: int
    base_rank: int
    total: Decimal


@dataclass(frozen=True)
class Event:
    """One event of the league: a club's night or tournament, its days, players, countries, the
    results in its standings' order, and its tables (each a list of (who, place))."""

    event_id: str
    club: str | None
    title: str
    first_day: str
    last_day: str
    countries: int
    results: tuple[Result, ...]
    tables: tuple[tuple[tuple[str, int], ...], ...] = ()
    qualified: bool = False


@dataclass(frozen=True)
class Mers:
    """The EMA's ranking: every figure of the method, as published."""

    method: Literal["mers"] = "mers"
    days_weight: tuple[int, ...] = (1, 2, 3)  # one, two, three days (and more: three)
    players_over: tuple[tuple[int, str], ...] = ((40, "0.5"), (80, "1"))  # more than N players: + weight
    countries_from: tuple[tuple[int, str], ...] = ((6, "0.5"), (10, "1"))  # N countries or more: + weight
    qualified_weight: str = "1"
    full_years: int = 1  # within this many years of the reckoning day: in full
    half_years: int = 2  # then half, until this many years; after: not counted
    least_results: int = 2
    made_up_to: int = 5
    over_share: str = "0.8"  # of the results over ``made_up_to``, counted in part A (rounded up)
    part_b_best: int = 4
    part_a_share: str = "0.5"


@dataclass(frozen=True)
class Glicko:
    method: Literal["glicko"] = "glicko"
    start: float = 1500.0
    deviation: float = 350.0
    c: float = 34.6  # a deviation of 50 grows back to 350 in about 100 periods


@dataclass(frozen=True)
class Totals:
    method: Literal["totals"] = "totals"


@dataclass(frozen=True)
class TenhouR:
    method: Literal["tenhou_r"] = "tenhou_r"


Ranking = Mers | Glicko | Totals | TenhouR
_BY_METHOD: dict[str, type[Mers] | type[Glicko] | type[Totals] | type[TenhouR]] = {
    "mers": Mers, "glicko": Glicko, "totals": Totals, "tenhou_r": TenhouR,
}  # fmt: skip


def declared(method: str, options: dict[str, Any] | None = None) -> Ranking:
    """The ranking ``method`` with ``options`` (as stored: every figure), or one line naming the methods."""
    made = _BY_METHOD.get(method)
    if made is None:
        raise InputError(f"unknown ranking {method!r}; use one of: {', '.join(METHODS)}", code="league.ranking")
    given = {k: v for k, v in (options or {}).items() if k != "method"}
    unknown = sorted(set(given) - set(made.__dataclass_fields__))
    if unknown:
        takes = ", ".join(f for f in made.__dataclass_fields__ if f != "method") or "no options"
        raise InputError(f"the {method} ranking takes {takes}; not {', '.join(unknown)}", code="league.ranking")
    from pydantic import TypeAdapter, ValidationError

    try:
        found: Ranking = TypeAdapter(made).validate_python(given)
    except ValidationError as exc:
        top = str(exc.errors()[0]["loc"][0])
        wanted = made.__dataclass_fields__[top].type
        raise InputError(f"the {method} ranking's {top} takes {wanted}, not {given[top]!r}",
                         code="league.ranking") from None  # fmt: skip
    for name, value in asdict(found).items():  # a share written as text ("0.8"): a number, exactly
        if name.endswith(("_share", "_weight")) and isinstance(value, str):
            try:
                Fraction(value)
            except ValueError:
                raise InputError(f"the {method} ranking's {name} is a number such as 0.5, not {value!r}",
                                 code="league.ranking") from None  # fmt: skip
    return found


def reads_tables(ranking: Ranking) -> bool:
    """Whether the method reads each table's places (the ratings), not only each event's results."""
    return isinstance(ranking, Glicko | TenhouR)


def as_data(ranking: Ranking) -> dict[str, Any]:
    """Every figure of the ranking, as the league's stream records it."""
    return asdict(ranking)


# ---- MERS -----------------------------------------------------------------------------------------


def mers_weight(event: Event, rules: Mers) -> Fraction:
    """The event's MERS: its days, players, countries, and whether players qualified for it."""
    days = (date.fromisoformat(event.last_day) - date.fromisoformat(event.first_day)).days + 1
    weight = Fraction(rules.days_weight[min(days, len(rules.days_weight)) - 1])
    players = len(event.results)
    weight += max((Fraction(add) for over, add in rules.players_over if players > over), default=Fraction(0))
    weight += max((Fraction(add) for least, add in rules.countries_from if event.countries >= least),
                  default=Fraction(0))  # fmt: skip
    return weight + (Fraction(rules.qualified_weight) if event.qualified else 0)


def age_factor(last_day: str, reckoning: str, rules: Mers) -> Fraction:
    """A result's share by its age on the reckoning day: whole within ``full_years``, half within
    ``half_years``, none after (nor for an event after the reckoning day)."""
    held, on = date.fromisoformat(last_day), date.fromisoformat(reckoning)
    if held > on:
        return Fraction(0)
    if held >= _years_before(on, rules.full_years):
        return Fraction(1)
    if held >= _years_before(on, rules.half_years):
        return Fraction(1, 2)
    return Fraction(0)


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # the 29th of February: the 28th, that many years before
        return day.replace(year=day.year - years, day=28)


@dataclass
class Standing:
    who: str
    figure: Fraction | float | Decimal | None = None
    counted: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def mers(
    events: Sequence[Event], reckoning: str, rules: Mers, *, weights_as: Callable[[Fraction], object] | None = None
) -> list[Standing]:
    """Each player's MERS on the reckoning day, with every result and whether parts A and B took it
    (each result's ``mers`` and ``weight`` as exact fractions, or as ``weights_as`` gives them: made
    once an event, not once a result)."""
    # Each event's weight once: its MERS, aged, and (the weights being small fractions, halves of
    # halves) in whole units of their least common denominator, so that each part is one exact
    # fraction, not a sum of them.
    weights = {e.event_id: (w := mers_weight(e, rules), w * age_factor(e.last_day, reckoning, rules)) for e in events}
    unit = math.lcm(*(aged.denominator for _, aged in weights.values()), 1)
    results: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        weight, aged = weights[event.event_id]
        units = int(aged * unit)
        mers_shown, weight_shown = (weight, aged) if weights_as is None else (weights_as(weight), weights_as(aged))
        for result in event.results:
            results.setdefault(result.who, []).append({
                "event_id": event.event_id, "club": event.club, "title": event.title, "day": event.last_day,
                "place": result.place, "of": len(event.results), "base_rank": result.base_rank,
                "mers": mers_shown, "weight": weight_shown, "units": units, "part_a": False, "part_b": False,
            })  # fmt: skip
    found = []
    for who, rows in results.items():
        counting = sorted((r for r in rows if r["units"] > 0), key=lambda r: (-r["base_rank"], -r["units"]))
        standing = Standing(who, counted=rows)
        if len(counting) >= rules.least_results:
            scaled = [(r["units"], r["base_rank"]) for r in counting]
            scaled += [(unit, 0)] * max(0, rules.made_up_to - len(counting))
            over = max(len(scaled) - rules.made_up_to, 0)
            in_a = math.ceil(rules.made_up_to + Fraction(rules.over_share) * over)
            part_a = _weighted(scaled[:in_a])
            part_b = _weighted(scaled[:in_a][: rules.part_b_best])
            share = Fraction(rules.part_a_share)
            standing.figure = share * part_a + (1 - share) * part_b
            for at, row in enumerate(counting):
                row["part_a"], row["part_b"] = at < in_a, at < min(in_a, rules.part_b_best)
            standing.extra = {"part_a": part_a, "part_b": part_b, "made_up": max(0, rules.made_up_to - len(counting))}
        for row in rows:
            del row["units"]
        found.append(standing)
    return found


def _weighted(rows: Sequence[tuple[int, int]]) -> Fraction:
    """The weighted average of (weight in whole units, base rank) pairs, exactly."""
    return Fraction(sum(weight * base for weight, base in rows), sum(weight for weight, _ in rows))


# ---- Glicko --------------------------------------------------------------------------------------

_Q = math.log(10) / 400


def _g(deviation: float) -> float:
    return 1 / math.sqrt(1 + 3 * _Q**2 * deviation**2 / math.pi**2)


def glicko_period(rating: float, deviation: float, games: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """One rating period of Glicko: ``games`` as (opponent's rating, opponent's deviation, score 1, 0.5 or 0)."""
    if not games:
        return rating, deviation
    expected = [1 / (1 + 10 ** (-_g(rd) * (rating - r) / 400)) for r, rd, _ in games]
    d_squared = 1 / (_Q**2 * sum(_g(rd) ** 2 * e * (1 - e) for (_, rd, _), e in zip(games, expected, strict=True)))
    change = sum(_g(rd) * (s - e) for (_, rd, s), e in zip(games, expected, strict=True))
    denominator = 1 / deviation**2 + 1 / d_squared
    return rating + _Q / denominator * change, math.sqrt(1 / denominator)


def grown(deviation: float, periods: int, rules: Glicko) -> float:
    """A deviation after ``periods`` rating periods: each adds ``c`` squared, up to the start's."""
    return min(math.sqrt(deviation**2 + rules.c**2 * periods), rules.deviation)


def glicko(events: Sequence[Event], rules: Glicko) -> list[Standing]:
    """Each player's Glicko rating and deviation after the events, oldest first, each a period."""
    now: dict[str, tuple[float, float]] = {}
    last: dict[str, int] = {}  # the period each player last played in
    seen: dict[str, list[dict[str, Any]]] = {}
    for period, event in enumerate(sorted(events, key=lambda e: (e.last_day, e.event_id))):
        players = {who for table in event.tables for who, _ in table}
        for who in players:  # a deviation grows with the periods since the player last played
            rating, rd = now.get(who, (rules.start, rules.deviation))
            now[who] = (rating, grown(rd, period - last[who], rules) if who in last else rd)
            last[who] = period
        games: dict[str, list[tuple[float, float, float]]] = {who: [] for who in players}
        for table in event.tables:
            for who, place in table:
                for other, their in table:
                    if other != who:
                        score = 1.0 if place < their else 0.5 if place == their else 0.0
                        games[who].append((*now[other], score))
        after = {who: glicko_period(*now[who], games[who]) for who in players}
        now.update(after)
        for who in players:
            seen.setdefault(who, []).append({"event_id": event.event_id, "club": event.club, "title": event.title,
                                             "day": event.last_day, "rating": round(after[who][0], 1),
                                             "deviation": round(after[who][1], 1)})  # fmt: skip
    return [Standing(who, now[who][0], seen[who], {"deviation": now[who][1]}) for who in now]


def totals(events: Sequence[Event]) -> list[Standing]:
    """Each player's total over the events."""
    found: dict[str, Standing] = {}
    for event in events:
        for result in event.results:
            standing = found.setdefault(result.who, Standing(result.who, Decimal(0)))
            assert isinstance(standing.figure, Decimal)
            standing.figure += result.total
            standing.counted.append({"event_id": event.event_id, "club": event.club, "title": event.title,
                                     "day": event.last_day, "place": result.place, "total": result.total})  # fmt: skip
    return list(found.values())


def ranked(standings: Sequence[Standing]) -> list[Standing]:
    """Best first; those without a figure (too few results) after, unranked. Equal figures share the
    better place (``extra["place"]``), by name within it."""
    with_figure = sorted((s for s in standings if s.figure is not None), key=lambda s: (-s.figure, s.who))  # type: ignore[operator]
    for at, standing in enumerate(with_figure):
        before = with_figure[at - 1] if at else None
        standing.extra["place"] = before.extra["place"] if before and before.figure == standing.figure else at + 1
    rest = sorted((s for s in standings if s.figure is None), key=lambda s: s.who)
    return [*with_figure, *rest]


def shown(figure: Fraction | float | Decimal | None, places: int = 2) -> str | None:
    """A figure as the ranking prints it: two decimals, half up."""
    if figure is None:
        return None
    exact = (
        Decimal(figure.numerator) / Decimal(figure.denominator)
        if isinstance(figure, Fraction)
        else Decimal(str(figure))
    )
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def tenhou_r(events: Sequence[Event]) -> list[Standing]:
    """Tenhou's R over every table of the events, oldest first (``replay/app/seasons.py``'s rule,
    ``seasons.rated``): each player's rating after each event they played at, and after the last."""
    from replay.app.seasons import rated

    ordered = sorted(events, key=lambda e: (e.last_day, e.event_id))
    tables = [(number, table) for number, event in enumerate(ordered) for table in event.tables]
    found = rated([len(table) for _, table in tables], [who for _, table in tables for who, _ in table],
                  [place for _, table in tables for _, place in table])  # fmt: skip
    standings = []
    for who, history in found.items():
        after: dict[int, float] = {}  # each event's number: the rating after its last table
        for row, rating, _ in history:
            after[tables[row][0]] = rating
        seen = [{"event_id": ordered[number].event_id, "club": ordered[number].club, "title": ordered[number].title,
                 "day": ordered[number].last_day, "rating": round(rating, 1)} for number, rating in after.items()]  # fmt: skip
        standings.append(Standing(who, history[-1][1], seen, {"games": len(history)}))
    return standings
