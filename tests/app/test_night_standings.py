"""The night's standings from its tables' glances, worked by hand: a player with two tables of
which one is known (ended) and one plays on is provisional whichever comes first; equal totals go
to the better average place, then the name."""

from __future__ import annotations

from typing import Any

import pytest

from replay.app.club import standings_of


def _table(players: list[str], results: list[int], places: list[int], status: str) -> dict[str, Any]:
    return {"title": "riichi", "players": players, "credited": None, "results": results, "places": places,
            "status": status}  # fmt: skip


ENDED = _table(["Aki", "Beni", "Chie", "Dai"], [45, 5, -15, -35], [1, 2, 3, 4], "complete")
PLAYING = _table(["Aki", "Eri", "Fumi", "Gen"], [0, 0, 0, 0], [1, 2, 3, 4], "in play")


@pytest.mark.parametrize("tables", [[ENDED, PLAYING], [PLAYING, ENDED]], ids=["ended first", "in play first"])
def test_a_player_is_provisional_while_any_of_their_tables_plays_on(tables: list[dict[str, Any]]) -> None:
    """Plant: the last table read decides (Aki shown final with a table still in play)."""
    rows = {row["player"]: row for row in standings_of(tables)["riichi"]}
    assert {name: row["provisional"] for name, row in rows.items()} == {
        "Aki": True, "Beni": False, "Chie": False, "Dai": False, "Eri": True, "Fumi": True, "Gen": True,
    }  # fmt: skip
    assert (rows["Aki"]["tables"], rows["Aki"]["shown"]) == (2, "+45")


def test_equal_totals_go_to_the_better_average_place_then_the_name() -> None:
    """+10 each: Chie (second and second) and Hana (second) average 2, so by name; Beni (first and
    fourth) averages 2.5 and comes after them. -10 each: Eri (first and fourth, 2.5) above Dai and
    Fumi (third, 3), those two by name. Plant: the average place left out (the name decided)."""
    first = _table(["Beni", "Chie", "Dai", "Aki"], [40, 5, -10, -35], [1, 2, 3, 4], "complete")
    second = _table(["Eri", "Chie", "Fumi", "Beni"], [35, 5, -10, -30], [1, 2, 3, 4], "complete")
    third = _table(["Gen", "Hana", "Eri", "Ivo"], [30, 10, -45, -5], [1, 2, 4, 3], "complete")
    order = [(row["player"], row["shown"]) for row in standings_of([first, second, third])["riichi"]]
    assert order == [
        ("Gen", "+30"), ("Chie", "+10"), ("Hana", "+10"), ("Beni", "+10"), ("Ivo", "-5"), ("Eri", "-10"),
        ("Dai", "-10"), ("Fumi", "-10"), ("Aki", "-35"),
    ]  # fmt: skip
