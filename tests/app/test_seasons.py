"""The club rating (Tenhou's R) and the season's standings on values worked out by hand."""

from __future__ import annotations

from typing import Any

from replay.app.seasons import player, rating_change, ratings, season, shared_bases


def digest(match: str, day: str, players: list[str], places: list[int], results: list[int] | None,
           points: list[int], game: str = "riichi", status: str = "complete") -> dict[str, Any]:  # fmt: skip
    return {"match_id": match, "started_at": f"{day}T19:00:00Z", "players": players, "places": places,
            "uma": results, "points": points, "game": game, "status": status, "complete": status == "complete"}  # fmt: skip


TABLE = ["Aki", "Beni", "Chie", "Dai"]
TWO = [
    digest("m-1", "2026-11-05", TABLE, [1, 2, 3, 4], [45, 5, -15, -35], [45000, 25000, 15000, 15000]),
    digest("m-2", "2026-11-12", TABLE, [4, 3, 2, 1], [-35, -15, 5, 45], [15000, 15000, 25000, 45000]),
]


def test_tenhou_r_over_two_matches() -> None:
    """Match 1, everyone at 1500 with no games: 1 x (base + 0) = +30, +10, -10, -30. Match 2, the
    table's average is 1500 again and each has 1 game (adjustment 0.998): Dai, 1470, first:
    0.998 x (30 + 30/40) = 30.6885; Chie, 1490, second: 0.998 x (10 + 10/40) = 10.2295; Beni, 1510,
    third: 0.998 x (-10 - 10/40) = -10.2295; Aki, 1530, fourth: 0.998 x (-30 - 30/40) = -30.6885."""
    found = ratings(TWO, "riichi")
    assert [found[name][0]["rating"] for name in TABLE] == [1530, 1510, 1490, 1470]
    assert [found[name][1]["rating"] for name in TABLE] == [1499.31, 1499.77, 1500.23, 1500.69]
    assert [found[name][1]["change"] for name in TABLE] == [-30.69, -10.23, 10.23, 30.69]


def test_the_adjustment_stops_falling_at_400_games() -> None:
    """First of four, the table level: 30 x (1 - 0.002 x games before): 30 x 0.202 = 6.06 after 399
    games; from the 400th on a fifth: 6."""
    assert round(rating_change(1500, 1500, 30, 0), 6) == 30
    assert round(rating_change(1500, 1500, 30, 399), 6) == 6.06
    assert round(rating_change(1500, 1500, 30, 400), 6) == 6
    assert round(rating_change(1500, 1500, 30, 900), 6) == 6
    assert round(rating_change(1600, 1500, 10, 0), 6) == 7.5  # 10 + (1500 - 1600) / 40
    # R 2000 at a table averaging 1600, fourth after 400 games: 0.2 x (-30 + (1600 - 2000) / 40)
    # = 0.2 x -40 = -8.
    assert round(rating_change(2000, 1600, -30, 400), 6) == -8


def test_tied_players_share_the_bases_of_their_places() -> None:
    assert shared_bases([1, 1]) == [0, 0]  # two hanafuda players level: +30 and -30 shared
    assert shared_bases([1, 1, 3]) == [15, 15, -30]
    assert shared_bases([1, 2, 2, 4]) == [30, 0, 0, -30]


def test_the_season_ranks_by_total_with_a_minimum_of_games_and_leaves_out_what_did_not_end() -> None:
    more = [*TWO, digest("m-3", "2026-11-19", ["Aki", "Beni", "Chie", "Eri"], [1, 2, 3, 4], [50, 10, -20, -40],
                         [50000, 30000, 10000, 10000]),
            digest("m-4", "2026-11-26", TABLE, [1, 2, 3, 4], [99, 0, 0, -99], [0, 0, 0, 0], status="abandoned"),
            digest("m-5", "2026-12-03", TABLE, [1, 2, 3, 4], [99, 0, 0, -99], [0, 0, 0, 0])]  # fmt: skip
    found = season(more, "riichi", until="2026-11-30", min_games=2)
    assert found["matches"] == 3
    table = [(r["rank"], r["player"], r["games"], r["total"]) for r in found["standings"]]
    # Aki 45 - 35 + 50 = 60; Dai 45 - 35 = 10; Beni 5 - 15 + 10 = 0; Chie -15 + 5 - 20 = -30; Eri one game.
    assert table == [
        (1, "Aki", 3, 60),
        (2, "Dai", 2, 10),
        (3, "Beni", 3, 0),
        (4, "Chie", 3, -30),
        (None, "Eri", 1, -40),
    ]


def test_a_players_page() -> None:
    page = player(TWO, "Dai")
    assert [(m["match_id"], m["place"], m["result"]) for m in page["matches"]] == [("m-1", 4, -35), ("m-2", 1, 45)]
    assert page["games"]["riichi"]["average_place"] == 2.5 and page["games"]["riichi"]["average_result"] == 5
    assert [r["rating"] for r in page["games"]["riichi"]["rating"]] == [1470, 1500.69]
