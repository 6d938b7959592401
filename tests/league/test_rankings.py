"""The league's rankings, worked by hand from the published methods and written as literals.

MERS (the EMA's ranking rules, docs/league.md): an event's weight from its days, players,
countries and qualification; a result's age; two results needed, made up to five with zeros;
part A the best ceil(5 + 0.8 x (n - 5)), part B the best four; half of each. Glicko: the worked
example of Glickman's own paper (1999)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from events.errors import InputError
from replay.app.rankings import (
    Event,
    Glicko,
    Mers,
    Result,
    age_factor,
    declared,
    glicko,
    glicko_period,
    grown,
    mers,
    mers_weight,
    ranked,
    shown,
    tenhou_r,
    totals,
)

RECKONING = "2026-12-01"
BASE_OF_EIGHT = (1000, 857, 714, 571, 429, 286, 143, 0)  # 1000 x (8 - place) / 7, rounded


def _event(event_id: str, first: str, last: str, players: int, countries: int, mine: dict[str, int],
           qualified: bool = False) -> Event:  # fmt: skip
    """An event of ``players`` whose named players had the base ranks ``mine``; the others, each
    at this event alone, fill the field."""
    named = [Result(who, 0, base, Decimal(0)) for who, base in mine.items()]
    others = [Result(f"{event_id}-{n}", 0, 0, Decimal(0)) for n in range(players - len(named))]
    return Event(event_id, "kyoto", event_id, first, last, countries, tuple(named + others), qualified=qualified)


EVENTS = [
    _event("e1", "2026-06-06", "2026-06-07", 48, 4, {"Ann": 900, "Eve": 800, "Fay": 800}),  # 2 days, 41+ players: 2.5
    _event("e2", "2025-10-10", "2025-10-10", 12, 6, {"Ann": 1000}),  # 1 + 6 countries 0.5 = 1.5; a year old: 0.75
    _event("e3", "2026-11-01", "2026-11-01", 8, 1, {"Ann": 500, "Dee": 1000, "Eve": 800, "Fay": 800}),  # 1
    _event("e4", "2024-11-30", "2024-11-30", 8, 1, {"Ann": 1000, "Dee": 1000}),  # over two years: not counted
    *[
        _event(f"c{n}", f"2026-{n:02}-10", f"2026-{n:02}-10", 8, 1, {"Cy": base})
        for n, base in enumerate((*BASE_OF_EIGHT, 1000, 857), start=1)
    ],  # ten events of weight 1
    _event("b1", "2025-12-01", "2025-12-01", 8, 1, {"Bob": 1000}),  # a year to the day: in full
    _event("b2", "2024-12-01", "2024-12-01", 8, 1, {"Bob": 1000}),  # two years to the day: half
]


def test_an_events_weight_is_its_days_players_countries_and_qualification() -> None:
    rules = Mers()
    assert mers_weight(EVENTS[0], rules) == Fraction(5, 2)
    assert mers_weight(EVENTS[1], rules) == Fraction(3, 2)
    assert mers_weight(EVENTS[2], rules) == 1
    three_days = _event("big", "2026-03-01", "2026-03-03", 90, 10, {}, qualified=True)
    assert mers_weight(three_days, rules) == 6  # 3 days + over 80 players 1 + 10 countries 1 + qualified 1
    assert mers_weight(_event("x", "2026-03-01", "2026-03-05", 40, 5, {}), rules) == 3  # five days count three
    assert mers_weight(_event("x", "2026-03-01", "2026-03-01", 41, 9, {}), rules) == 2  # 1 + 0.5 + 0.5
    assert mers_weight(_event("x", "2026-03-01", "2026-03-01", 81, 5, {}), rules) == 2  # 1 + 1 + 0


def test_a_results_age_counts_it_whole_half_or_not() -> None:
    rules = Mers()
    assert [age_factor(day, RECKONING, rules) for day in
            ("2026-12-01", "2025-12-01", "2025-11-30", "2024-12-01", "2024-11-30", "2026-12-02")] == [
        1, 1, Fraction(1, 2), Fraction(1, 2), 0, 0]  # fmt: skip


def test_the_mers_of_hand_worked_players() -> None:
    """Cy, ten results of weight 1: part A the best 9, (1000+1000+857+857+714+571+429+286+143)/9 =
    5857/9; part B (1000+1000+857+857)/4 = 928.5; 789.64. Ann: 1000 x 0.75, 900 x 2.5, 500 x 1,
    and two made-up zeros: A = 3500/6.25 = 560, B = 3500/5.25; 613.33 (her result of over two years
    left out). Eve and Fay, tied at both their events: 2800/6.5 and 2800/5.5, 469.93 each, sharing
    the third place. Bob: 1000 in full and 1000 at half: 1500/4.5 and 1500/3.5, 380.95. Dee: one
    result counts (the other is too old): unranked."""
    found = ranked(mers(EVENTS, RECKONING, Mers()))
    table = [(s.extra.get("place"), s.who, shown(s.figure)) for s in found if "-" not in s.who]  # the fillers aside
    assert table == [(1, "Cy", "789.64"), (2, "Ann", "613.33"), (3, "Eve", "469.93"), (3, "Fay", "469.93"),
                     (5, "Bob", "380.95"), (None, "Dee", None)]  # fmt: skip
    ann = next(s for s in found if s.who == "Ann")
    assert (ann.extra["part_a"], ann.extra["part_b"], ann.extra["made_up"]) == (560, Fraction(3500 * 4, 21), 2)
    assert [(r["event_id"], r["weight"], r.get("part_a"), r.get("part_b")) for r in ann.counted] == [
        ("e1", Fraction(5, 2), True, True), ("e2", Fraction(3, 4), True, True), ("e3", 1, True, True),
        ("e4", 0, False, False)]  # fmt: skip
    cy = next(s for s in found if s.who == "Cy")
    assert [r["base_rank"] for r in cy.counted if not r["part_a"]] == [0]  # the worst of ten left out of part A
    assert sorted(r["base_rank"] for r in cy.counted if r["part_b"]) == [857, 857, 1000, 1000]


def test_glicko_as_glickmans_worked_example() -> None:
    """A player at 1500 (deviation 200) beats one at 1400 (30), loses to 1550 (100) and 1700 (300):
    1464 and 151.4, as the paper works it."""
    rating, deviation = glicko_period(1500, 200, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert (round(rating), round(deviation, 1)) == (1464, 151.4)


def test_a_ranking_is_declared_with_every_figure_and_refused_otherwise() -> None:
    assert declared("glicko", {"c": 50.0}) == Glicko(c=50.0)
    assert declared("mers", {"players_over": [[40, "0.5"], [80, "1"]]}) == Mers()
    with pytest.raises(InputError) as refused:
        declared("elo")
    assert str(refused.value) == "unknown ranking 'elo'; use one of: mers, glicko, totals, tenhou_r"
    with pytest.raises(InputError) as refused:
        declared("glicko", {"k": 32})
    assert str(refused.value) == "the glicko ranking takes start, deviation, c; not k"


def _table_event(event_id: str, day: str, *places: tuple[str, int]) -> Event:
    return Event(event_id, "kyoto", event_id, day, day, 1,
                 tuple(Result(who, place, 0, Decimal(0)) for who, place in places), (tuple(places),))  # fmt: skip


def test_glicko_over_events_and_a_deviation_that_grows_while_a_player_sits_out() -> None:
    """Two new players (1500, 350), one beats the other: g(350) = 0.6691, E = 0.5, d^2 = 269,640;
    1/350^2 + 1/d^2 = 1.1872e-5: 1500 +- 0.0057565 / 1.1872e-5 x 0.6691 x 0.5 = 1662.2 and 1337.8,
    deviation 290.2. Two periods sat out at c = 34.6: sqrt(290.2^2 + 2 x 34.6^2) = 294.3."""
    found = {s.who: s for s in glicko([_table_event("e1", "2026-01-01", ("Ann", 1), ("Bob", 2))], Glicko())}
    assert (round(found["Ann"].figure), round(found["Bob"].figure)) == (1662, 1338)  # type: ignore[arg-type]
    assert round(found["Ann"].extra["deviation"]) == 290
    assert round(grown(290.2, 2, Glicko()), 1) == 294.3
    assert grown(345.0, 10, Glicko()) == 350.0  # sqrt(345^2 + 10 x 34.6^2) = 361.9: never past the start's
    events = [_table_event("e1", "2026-01-01", ("Ann", 1), ("Bob", 2)),
              _table_event("e2", "2026-01-08", ("Cy", 1), ("Dee", 2)),
              _table_event("e3", "2026-01-15", ("Cy", 1), ("Dee", 2)),
              _table_event("e4", "2026-01-22", ("Ann", 1), ("Bob", 2))]  # fmt: skip
    again = {s.who: s for s in glicko(events, Glicko())}
    assert [r["event_id"] for r in again["Ann"].counted] == ["e1", "e4"]
    # Ann and Bob, level in deviation, sat out the same two periods: the same move up and down.
    assert round(again["Ann"].figure - 1662.2, 0) == round(1337.8 - again["Bob"].figure, 0)  # type: ignore[operator]


def test_tenhou_r_and_totals_over_events() -> None:
    """Four new players at one table: 1500 + 30, 10, -10, -30 (their own R the table's average)."""
    four = Event("e1", "kyoto", "e1", "2026-01-01", "2026-01-01", 1,
                 tuple(Result(w, p, 0, Decimal(t)) for w, p, t in (("A", 1, "47.0"), ("B", 2, "14.0"), ("C", 3, "-10.0"),
                                                                 ("D", 4, "-51.0"))),
                 ((("A", 1), ("B", 2), ("C", 3), ("D", 4)),))  # fmt: skip
    assert {s.who: round(s.figure, 1) for s in tenhou_r([four])} == {"A": 1530.0, "B": 1510.0, "C": 1490.0, "D": 1470.0}  # type: ignore[arg-type]
    # The same four again, places the other way (e2): the table's average 1500, A's adjustment
    # 0.998, her change 0.998 x (-30 + (1500 - 1530) / 40) = -30.6885: 1499.3115, shown 1499.3.
    again = Event("e2", "kyoto", "e2", "2026-01-01", "2026-01-01", 1, four.results,
                  ((("A", 4), ("B", 3), ("C", 2), ("D", 1)),))  # fmt: skip
    a = next(s for s in tenhou_r([again, four]) if s.who == "A")
    assert (round(a.figure, 4), a.extra) == (1499.3115, {"games": 2})  # type: ignore[arg-type]
    assert [(e["event_id"], e["rating"]) for e in a.counted] == [("e1", 1530.0), ("e2", 1499.3)]
    assert [(s.who, s.figure) for s in ranked(totals([four, four]))] == [
        ("A", Decimal("94.0")), ("B", Decimal("28.0")), ("C", Decimal("-20.0")), ("D", Decimal("-102.0"))]  # fmt: skip
    assert (shown(Fraction(375075, 1000)), shown(Decimal("-0.005")), shown(None)) == ("375.08", "-0.01", None)


def test_every_refusal_of_a_ranking_has_its_code() -> None:
    for method, options in (("elo", None), ("glicko", {"k": 1}), ("glicko", {"c": "x"}), ("mers", {"over_share": "x"})):
        with pytest.raises(InputError) as refused:
            declared(method, options)
        assert refused.value.code == "league.ranking"
    assert str(refused.value) == "the mers ranking's over_share is a number such as 0.5, not 'x'"
    with pytest.raises(InputError) as refused:
        declared("totals", {"c": 1})
    assert str(refused.value) == "the totals ranking takes no options; not c"


def test_a_result_of_one_weight_unit_counts_and_a_leap_day_reckons_from_the_28th() -> None:
    """Bob alone: weights 1 and 0.5 are counted in halves, the half-aged result one unit, and still
    his: 380.95 as among every event. A reckoning on the 29th of February looks back to the 28th."""
    bob = ranked(mers([e for e in EVENTS if e.event_id in ("b1", "b2")], RECKONING, Mers()))
    assert [(s.who, shown(s.figure)) for s in bob if s.who == "Bob"] == [("Bob", "380.95")]
    rules = Mers()
    assert [age_factor(day, "2028-02-29", rules) for day in ("2027-02-28", "2027-02-27", "2026-02-28", "2026-02-27")] == [
        1, Fraction(1, 2), Fraction(1, 2), 0]  # fmt: skip


def test_players_all_level_share_the_first_place() -> None:
    from replay.app.rankings import Standing

    assert [(s.who, s.extra["place"]) for s in ranked([Standing("Ann", 5), Standing("Bob", 5)])] == [
        ("Ann", 1), ("Bob", 1)]  # fmt: skip
