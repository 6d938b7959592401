"""The season's standings, a player's page and their CSV rows, whole, on digests worked out by hand:
exact totals of results kept to a tenth, the dates of a season inclusive in the match's own day,
the tie-breaks, Tenhou's R over three matches, and hanafuda measured by its points."""

from __future__ import annotations

from typing import Any

from replay.app.seasons import player, ratings, season
from replay.present.rows import night_rows, player_rows, standings_rows


def digest(match: str, started: str, players: list[str], places: list[int], results: list[float] | None,
           points: list[int], game: str = "riichi", status: str = "complete") -> dict[str, Any]:  # fmt: skip
    return {"match_id": match, "started_at": started, "players": players, "places": places, "uma": results,
            "points": points, "game": game, "status": status, "complete": status == "complete"}  # fmt: skip


DIGESTS = [
    # Before the season (its day is the 4th, the season opens on the 5th).
    digest("m-0", "2026-11-04T23:59:59Z", ["Aki", "Beni", "Chie", "Dai"], [4, 3, 2, 1], [-40.0, -10.0, 10.0, 40.0],
           [10000, 20000, 30000, 40000]),
    digest("m-1", "2026-11-05T00:00:00Z", ["Aki", "Beni", "Chie", "Dai"], [1, 2, 3, 4], [45.2, 5.1, -15.3, -35.0],
           [45200, 25100, 14700, 15000]),
    digest("h-1", "2026-11-06T19:00:00Z", ["Aki", "Beni"], [1, 2], None, [57, 33], game="tensho"),
    digest("m-2", "2026-11-12T23:59:59Z", ["Aki", "Beni", "Chie", "Eri"], [2, 1, 4, 3], [10.0, 40.4, -30.3, -20.1],
           [30000, 40400, 9700, 19900]),
    digest("m-3", "2026-11-12T20:00:00Z", ["Aki", "Beni", "Chie", "Dai"], [1, 2, 3, 4], [99.0, 0.0, 0.0, -99.0],
           [0, 0, 0, 0], status="abandoned"),
    # After the season (the 13th).
    digest("m-4", "2026-11-13T00:00:00Z", ["Aki", "Beni", "Chie", "Dai"], [1, 2, 3, 4], [50.0, 10.0, -20.0, -40.0],
           [50000, 30000, 10000, 10000]),
]  # fmt: skip


def test_the_seasons_standings_whole() -> None:
    """m-1 and m-2 (the 5th and the 12th, both days inclusive; m-3 abandoned, h-1 another game).
    Aki 45.2 + 10.0 = +55.2 over 2 (average 27.60, places 1 and 2: 1.5); Beni 5.1 + 40.4 = +45.5
    (22.75, 1.5); Chie -15.3 - 30.3 = -45.6 (-22.80, 3.5); Dai -35.0 and Eri -20.1 have one game, under
    the minimum of 2: listed after, Eri first by total. Tenhou's R: m-1 from 1500 with no games, +30,
    +10, -10, -30. m-2, the table's average (1530 + 1510 + 1490 + 1500) / 4 = 1507.5: Aki, second,
    0.998 x (10 - 22.5/40) = +9.418625 -> 1539.42; Beni, first, 0.998 x (30 - 2.5/40) -> 1539.88;
    Chie, fourth, 0.998 x (-30 + 17.5/40) -> 1460.5; Eri, third, no games before: -10 + 7.5/40 = -9.8125
    -> 1490.19; Dai 1470."""
    found = season(DIGESTS, "riichi", since="2026-11-05", until="2026-11-12", min_games=2)
    assert {k: v for k, v in found.items() if k != "standings"} == {
        "game": "riichi", "since": "2026-11-05", "until": "2026-11-12", "min_games": 2, "matches": 2,
        "unit": "results in thousands, with oka and uma",
        "achievements": [],  # these digests carry standings only: no seat's counts to award
    }  # fmt: skip
    assert found["standings"] == [
        {"player": "Aki", "games": 2, "total": 55.2, "penalties": 0, "average": 27.6, "average_place": 1.5,
         "places": {"1": 1, "2": 1}, "rating": 1539.42, "ranked": True, "rank": 1},
        {"player": "Beni", "games": 2, "total": 45.5, "penalties": 0, "average": 22.75, "average_place": 1.5,
         "places": {"1": 1, "2": 1}, "rating": 1539.88, "ranked": True, "rank": 2},
        {"player": "Chie", "games": 2, "total": -45.6, "penalties": 0, "average": -22.8, "average_place": 3.5,
         "places": {"3": 1, "4": 1}, "rating": 1460.5, "ranked": True, "rank": 3},
        {"player": "Eri", "games": 1, "total": -20.1, "penalties": 0, "average": -20.1, "average_place": 3.0,
         "places": {"3": 1}, "rating": 1490.19, "ranked": False, "rank": None},
        {"player": "Dai", "games": 1, "total": -35.0, "penalties": 0, "average": -35.0, "average_place": 4.0,
         "places": {"4": 1}, "rating": 1470.0, "ranked": False, "rank": None},
    ]  # fmt: skip
    assert [str(r["total"]) for r in found["standings"]] == ["55.2", "45.5", "-45.6", "-20.1", "-35.0"]
    assert standings_rows(found)[0] == {"rank": 1, "player": "Aki", "games": 2, "total": 55.2, "penalties": 0, "average": 27.6,
                                        "average_place": 1.5, "rating": 1539.42, "place_1": 1, "place_2": 1}  # fmt: skip
    assert standings_rows(found)[3]["rank"] == ""


def test_with_the_default_minimum_every_player_is_ranked_and_ties_go_to_the_better_average_place() -> None:
    # Two matches that leave two pairs level on their totals.
    level = [digest("x-1", "2026-11-20T19:00:00Z", ["Fumi", "Gen", "Hana", "Iku"], [1, 2, 3, 4], [20.0, 20.0, -20.0, -20.0],
                    [0, 0, 0, 0]),
             digest("x-2", "2026-11-21T19:00:00Z", ["Fumi", "Gen", "Hana", "Iku"], [4, 1, 4, 1], [0.0, 0.0, 0.0, 0.0],
                    [0, 0, 0, 0])]  # fmt: skip
    found = season(level, "riichi")
    # Fumi and Gen +20.0 each: Gen's places 2 and 1 (1.5) beat Fumi's 1 and 4 (2.5); Iku and Hana -20.0:
    # Iku 4 and 1 (2.5) before Hana 3 and 4 (3.5).
    assert [(r["rank"], r["player"], str(r["total"]), r["average_place"]) for r in found["standings"]] == [
        (1, "Gen", "20.0", 1.5), (2, "Fumi", "20.0", 2.5), (3, "Iku", "-20.0", 2.5), (4, "Hana", "-20.0", 3.5),
    ]  # fmt: skip
    assert found["min_games"] == 1 and found["since"] is None and found["until"] is None


def test_hanafuda_is_measured_by_its_points() -> None:
    found = season(DIGESTS, "tensho")
    assert found["unit"] == "points" and found["matches"] == 1
    assert [(r["player"], r["total"], r["average"]) for r in found["standings"]] == [
        ("Aki", 57, 57.0),
        ("Beni", 33, 33.0),
    ]


def test_tenhous_r_counts_the_games_played_before_and_keeps_to_its_game() -> None:
    """Aki's three riichi matches of DIGESTS before m-4 (m-0, m-1, m-2; h-1 is tensho's and does not
    count): m-0, fourth at a level table, -30 -> 1470; m-1, first, one game before (0.998), table
    average (1470 + 1490 + 1510 + 1530) / 4 = 1500: 0.998 x (30 + 30/40) = 30.6885 -> 1500.6885; m-2,
    second, two games before (0.996)."""
    found = ratings(DIGESTS, "riichi")
    assert [(e["match_id"], e["date"]) for e in found["Aki"]] == [
        ("m-0", "2026-11-04"), ("m-1", "2026-11-05"), ("m-2", "2026-11-12"), ("m-4", "2026-11-13"),
    ]  # fmt: skip
    assert found["Aki"][0] == {"match_id": "m-0", "date": "2026-11-04", "rating": 1470.0, "change": -30.0}
    assert found["Aki"][1]["rating"] == 1500.69 and found["Aki"][1]["change"] == 30.69
    # m-0 (places 4, 3, 2, 1 from 1500): Aki 1470, Beni 1490, Chie 1510, Dai 1530. m-1 (places 1 to 4,
    # 0.998, average 1500): Aki +30.6885, Beni 0.998 x (10 + 10/40) = +10.2295 -> 1500.2295, Chie
    # 0.998 x (-10 - 10/40) -> 1499.7705. m-2: Aki 1500.6885, Beni 1500.2295, Chie 1499.7705, Eri 1500:
    # average 1500.172125; Aki, second, two games before: 0.996 x (10 + (1500.172125 - 1500.6885)/40)
    # = 0.996 x 9.987090625 = 9.94714... -> 1510.6356...: shown 1510.64, change 9.95.
    assert found["Aki"][2]["rating"] == 1510.64 and found["Aki"][2]["change"] == 9.95
    assert "h-1" not in [e["match_id"] for e in found["Aki"]]


def test_a_table_size_the_rating_has_no_bases_for_is_passed_over() -> None:
    five = digest("f-1", "2026-11-01T19:00:00Z", ["A", "B", "C", "D", "E"], [1, 2, 3, 4, 5], [1.0] * 5, [0] * 5)
    found = ratings([five, DIGESTS[1]], "riichi")
    assert "E" not in found and found["Aki"][0]["rating"] == 1530.0


def test_a_players_page_and_its_rows() -> None:
    page = player(DIGESTS, "Beni")
    assert page["player"] == "Beni"
    assert page["matches"] == [
        {"match_id": "m-0", "date": "2026-11-04", "game": "riichi", "players": ["Aki", "Beni", "Chie", "Dai"],
         "place": 3, "result": -10.0, "points": 20000},
        {"match_id": "m-1", "date": "2026-11-05", "game": "riichi", "players": ["Aki", "Beni", "Chie", "Dai"],
         "place": 2, "result": 5.1, "points": 25100},
        {"match_id": "h-1", "date": "2026-11-06", "game": "tensho", "players": ["Aki", "Beni"], "place": 2,
         "result": 33, "points": 33},
        {"match_id": "m-2", "date": "2026-11-12", "game": "riichi", "players": ["Aki", "Beni", "Chie", "Eri"],
         "place": 1, "result": 40.4, "points": 40400},
        {"match_id": "m-4", "date": "2026-11-13", "game": "riichi", "players": ["Aki", "Beni", "Chie", "Dai"],
         "place": 2, "result": 10.0, "points": 30000},
    ]  # fmt: skip
    # riichi: places 3, 2, 1, 2 -> 2.0; results -10.0 + 5.1 + 40.4 + 10.0 = 45.5 -> 11.375 -> 11.38 (half up).
    riichi = page["games"]["riichi"]
    assert (riichi["games"], riichi["average_place"], riichi["average_result"]) == (4, 2.0, 11.38)
    assert page["games"]["tensho"]["games"] == 1 and page["games"]["tensho"]["average_result"] == 33.0
    rows = player_rows(page)
    assert rows[1] == {"date": "2026-11-05", "match": "m-1", "game": "riichi", "place": 2, "result": 5.1,
                       "points": 25100, "rating": riichi["rating"][1]["rating"], "table": "Aki / Beni / Chie / Dai"}  # fmt: skip
    assert [r["rating"] for r in rows if r["game"] == "tensho"] == [page["games"]["tensho"]["rating"][0]["rating"]]


def test_the_nights_sheet_as_rows() -> None:
    sheet = {
        "night_id": "night-1",
        "sessions": [
            {"session": 1, "tables": [
                {"match_id": "night-1-t1", "status": "complete", "players": ["Aki", "Beni", "Chie", "Dai"],
                 "scores": [34600, 30000, 30000, 25400], "places": [1, 2, 2, 4], "results": [19.6, 0.0, 0.0, -19.6]},
                {"match_id": "night-1-t2", "status": "in play", "players": ["Eri", "Ren", "Gen", "Hana"],
                 "stood_in_for": [None, "Fumi", None, None], "credited": ["Eri", "Fumi", "Gen", "Hana"]},
            ]},
        ],
    }  # fmt: skip
    rows = night_rows(sheet)
    assert rows[0] == {"night": "night-1", "session": 1, "match": "night-1-t1", "status": "complete", "seat": 0,
                       "player": "Aki", "stood_in_for": "", "result_counts_for": "Aki", "score": 34600, "place": 1,
                       "result": 19.6}  # fmt: skip
    assert [(r["seat"], r["player"], r["place"], str(r["result"])) for r in rows[:4]] == [
        (0, "Aki", 1, "19.6"), (1, "Beni", 2, "0.0"), (2, "Chie", 2, "0.0"), (3, "Dai", 4, "-19.6"),
    ]  # fmt: skip
    assert rows[4] == {"night": "night-1", "session": 1, "match": "night-1-t2", "status": "in play", "seat": 0,
                       "player": "Eri", "stood_in_for": "", "result_counts_for": "Eri", "score": None, "place": None,
                       "result": None}  # fmt: skip
    # Ren sits in for Fumi, whose the seat's result is.
    assert (rows[5]["player"], rows[5]["stood_in_for"], rows[5]["result_counts_for"]) == ("Ren", "Fumi", "Fumi")
    assert len(rows) == 8


def test_averages_round_half_up_and_repeated_places_count_each_time() -> None:
    """Kai's four matches: places 1, 1, 2, 1 and results +0.1, +0.1, +0.2, +0.1: average place
    5 / 4 = 1.25, average result 0.5 / 4 = 0.125, a half rounded up: 0.13. Over the first three,
    places 1, 1, 2: 4 / 3 = 1.33. A table of five (no rating bases for it) is a match of the page but
    has no rating."""
    table = ["Kai", "Lin", "Mo", "Nao"]
    four = [digest(f"k-{n}", f"2026-11-0{n}T19:00:00Z", table, [p, 2 if p == 1 else 1, 3, 4], [r, 0.0, -0.1, -r],
                   [0, 0, 0, 0]) for n, p, r in ((1, 1, 0.1), (2, 1, 0.1), (3, 2, 0.2), (4, 1, 0.1))]  # fmt: skip
    found = season(four, "riichi")
    kai = next(r for r in found["standings"] if r["player"] == "Kai")
    assert (kai["places"], kai["average_place"], kai["average"], str(kai["total"])) == (
        {"1": 3, "2": 1},
        1.25,
        0.13,
        "0.5",
    )
    assert next(r for r in season(four[:3], "riichi")["standings"] if r["player"] == "Kai")["average_place"] == 1.33
    five = digest("k-5", "2026-11-05T19:00:00Z", [*table, "Oto"], [1, 2, 3, 4, 5], [1.0, 0.5, 0.0, -0.5, -1.0],
                  [0] * 5)  # fmt: skip
    with_five = season([*four, five], "riichi")
    assert next(r for r in with_five["standings"] if r["player"] == "Oto")["rating"] == 1500.0
    page = player([*four, five], "Oto")
    assert page["games"]["riichi"]["rating"] == [] and player_rows(page)[0]["rating"] == ""
    kai_page = player([*four, five], "Kai")
    assert (kai_page["games"]["riichi"]["average_place"], kai_page["games"]["riichi"]["average_result"]) == (1.2, 0.3)


def test_a_players_page_keeps_every_match_after_one_without_them() -> None:
    page = player(DIGESTS, "Dai")  # not at h-1 nor m-2
    assert [m["match_id"] for m in page["matches"]] == ["m-0", "m-1", "m-4"]


def test_a_referees_penalties_count_in_the_season_of_their_nights_day() -> None:
    """Aki's -10 on the night of the 12th takes his +55.2 to +45.2, under Beni's +45.5: Beni leads. A
    penalty of the 13th (after the season) and one of the 4th (before) count nowhere. Fumi, penalised
    without a match ended in the season, is listed unranked with her -5 and no averages. Plants: the
    penalty kept beside the total, its day not checked against the season's."""
    given = [
        {"date": "2026-11-12", "player": "Aki", "points": -10},
        {"date": "2026-11-13", "player": "Beni", "points": -30},
        {"date": "2026-11-04", "player": "Beni", "points": -30},
        {"date": "2026-11-05", "player": "Fumi", "points": -5},
    ]
    found = season(DIGESTS, "riichi", since="2026-11-05", until="2026-11-12", min_games=2, penalties=given)
    shown = [(r["player"], r["total"], r["penalties"], r["games"], r["average"], r["rank"]) for r in found["standings"]]
    assert shown == [
        ("Beni", 45.5, 0, 2, 22.75, 1),
        ("Aki", 45.2, -10, 2, 22.6, 2),
        ("Chie", -45.6, 0, 2, -22.8, 3),
        ("Fumi", -5, -5, 0, None, None),
        ("Eri", -20.1, 0, 1, -20.1, None),
        ("Dai", -35.0, 0, 1, -35.0, None),
    ]
    fumi = standings_rows(found)[3]
    assert (fumi["player"], fumi["games"], fumi["total"], fumi["penalties"], fumi["average"], fumi["average_place"]) == (
        "Fumi", 0, -5, -5, "", "")  # fmt: skip
