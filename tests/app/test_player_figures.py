"""A player's numbers over a season and the season's achievements, worked by hand from a real
game's tenhou.net/6 log (tests/data/tenhou6, 2019123123gm-...-f4386d0e: 12 hands, A B C D), on
`taikyoku player`, `taikyoku season`, their --json, and the served pages.

The log's eleven wins, read from its result entries (winner, from whom, fu and han, yaku), with
the calls and riichi of its move columns:
   1. A ron C, 40 fu 3 han: round wind, seat wind, dora 1 (A had called: open)
   2. C ron D, 30 fu 2 han: round wind, red five (open)
   3. B ron D, 30 fu 1 han: white (open)
   4. C ron A, 2 han: tanyao, red five (open)
   5. C ron A, 2 han: straight (1 han: open), dora 1
   6. A tsumo, mangan: riichi, ippatsu, tsumo, pinfu, red five
   7. B ron D, 30 fu 1 han: red dragon (open)
   8. A ron B, 2 han: riichi, red five
   9. B tsumo, 3 han: riichi, ippatsu, tsumo
  10. A ron B, 30 fu 3 han: pinfu, two red fives (closed, no riichi: dama)
  11. C tsumo, mangan: tsumo, pinfu, tanyao, dora 2 (closed, no riichi: dama)
Riichi declared: A 3 (won 2), B 1 (won 1), C 0, D 1 (won 0). Dealer wins: A 2, B 1, C 1.
Deal-ins: A 2 (4, 5: to open hands), B 2 (8: to riichi; 10: to dama), C 1 (1: to open), D 3
(2, 3, 7: to open). Points paid in them: A 2,300 + 2,900 = 5,200; B 3,900 + 4,200 = 8,100;
C 7,700; D 2,300 + 1,500 + 1,000 = 4,800. Dora in the wins: A 1 + 1 + 1 + 2 = 5 over 4; C 1 + 1
+ 1 + 2 = 5 over 4; B none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.paths import CORPUS
from tests.serving import Server

GAME = "mjlog2json-2019123123gm-00a9-0000-f4386d0e.json"


def test_a_players_figures_as_the_log_gives_them(cli: Cli) -> None:
    """B over the game's 12 hands: 3 wins (9 in riichi; 3 and 7 open), 2 deal-ins (8 to A's
    riichi, 10 to A's dama), 1 riichi won of 1, 1 dealer win, 1 tsumo; wins of 1 han twice (white,
    red dragon: 30 fu, no dora: both cheap) and 3 han once; no dora in any win."""
    assert cli("import", str(CORPUS / GAME)).code == 0
    found = cli("player", "B", "--json").json()
    riichi = found["games"]["riichi"]
    assert riichi["places"] == {"3": 1}
    [row] = riichi["figures"]["tenhou"]
    assert (row["hands"], row["wins"], row["win_rate"], row["deal_in_rate"]) == (12, 3, 0.25, 0.167)
    assert row["counts"] == {
        "riichi": 1, "calls": 3, "tsumo": 1, "deal_ins": 2, "draws": 1, "tenpai": 0,
        "deal_ins_to_riichi": 1, "deal_ins_to_open": 0, "deal_ins_to_dama": 1,
        "wins_riichi": 1, "wins_open": 2, "wins_dama": 0, "riichi_won": 1, "dealer_wins": 1,
        "cheap_wins": 2, "yakuman": 0, "most_fu": 30,
    }  # fmt: skip
    assert (row["deal_in_to_riichi_rate"], row["deal_in_to_dama_rate"], row["riichi_won_share"]) == (0.083, 0.083, 1.0)
    assert row["han"] == {"1": 2, "3": 1} and row["average_dora"] == 0
    assert [(a["achievement"], a["players"]) for a in riichi["achievements"]] == [
        ("Best Tsumoist", ["A", "B", "C"]), ("Cheap Shot", ["B"])]  # fmt: skip
    shown = cli("player", "B").out
    assert "riichi under tenhou: deal-ins and wins by kind" in shown and "Cheap Shot" in shown


def test_the_seasons_achievements_as_the_log_gives_them(cli: Cli) -> None:
    """Every player sat all 12 hands. Die Hard: C's one deal-in (1/12). Careful Planning: D's 4,800
    paid (400 a hand), less than A's 5,200, B's 8,100, C's 7,700. Brave Sapper: D's 3 deal-ins.
    Ninja: A and C, one dama win each. Best Tsumoist: A, B and C, one each. Best Dealer: A, 2.
    Honored Donor: A (3 riichi, 2 won) and D (1, none won). Cheap Shot: B's two 1 han 30 fu wins.
    Max Fu: A's 40. Dora Magnet: A and C, 5 dora over 4 wins each: 1.25. Catch Them All: A's 6
    kinds (round wind, seat wind, riichi, ippatsu, tsumo, pinfu; C and B 5). No yakuman."""
    assert cli("import", str(CORPUS / GAME)).code == 0
    held = cli("season", "--game", "riichi", "--json").json()["achievements"]
    assert [(a["achievement"], a["players"], a["value"]) for a in held] == [
        ("Die Hard", ["C"], 0.0833), ("Careful Planning", ["D"], 400.0), ("Brave Sapper", ["D"], 3),
        ("Ninja", ["A", "C"], 1), ("Best Tsumoist", ["A", "B", "C"], 1), ("Best Dealer", ["A"], 2),
        ("Honored Donor", ["A", "D"], 1), ("Cheap Shot", ["B"], 2), ("Max Fu", ["A"], 40),
        ("Dora Magnet", ["A", "C"], 1.25), ("Catch Them All", ["A"], 6),
    ]  # fmt: skip
    assert "  Die Hard: C (0.08; the fewest deal-ins a hand)" in cli("season", "--game", "riichi").out


def test_the_players_page_has_the_charts_figures_and_achievements(cli: Cli, db: Path, secret: Path) -> None:
    """/players/A: a chart of A's places and one of the han of A's wins (3 han twice, 2 and 5 once),
    the figures' tables and the achievements held; /season lists every achievement."""
    assert cli("import", str(CORPUS / GAME)).code == 0
    server = Server(str(db), secret)
    try:
        page = server.raw("GET", "/players/A")[2].decode()
        season = server.raw("GET", "/season?game=riichi")[2].decode()
        api = server.raw("GET", "/api/players/A")[2].decode()
    finally:
        server.stop()
    assert 'data-chart="places-riichi"' in page and 'data-chart="han-riichi-tenhou"' in page
    assert "<title>3 han: 2</title>" in page and "<title>5 han: 1</title>" in page
    assert 'data-table="riichi-tenhou-kinds"' in page and 'data-table="riichi-achievements"' in page
    assert "Best Dealer" in page and "Catch Them All" in page and "Brave Sapper" not in page
    assert "Brave Sapper" in season and "<h2>Achievements</h2>" in season
    assert '"achievements"' in api and '"figures"' in api


def test_a_hanafuda_seasons_achievements_from_a_real_game(cli: Cli) -> None:
    """KoiKoi-AI's game 1 (tests/data/koikoi/1.json): its record's round winners are 1 1 2 2 2 2 2
    1, so Guan-2 won 5 rounds of 8. The yaku each made (as the scoring the koi-koi corpus tests hold
    to each round's recorded points finds them): Guan-2 six kinds (animals; boar, deer and
    butterflies; chaff; moon viewing; ribbons; three brights), Guan-1 four."""
    assert cli("import", str(CORPUS.parent / "koikoi" / "1.json")).code == 0
    held = cli("season", "--game", "koikoi", "--json").json()["achievements"]
    assert [(a["achievement"], a["players"], a["value"]) for a in held] == [
        ("Most Rounds Won", ["Guan-2"], 5), ("Catch Them All", ["Guan-2"], 6)]  # fmt: skip
    page = cli("player", "Guan-1", "--json").json()["games"]["koikoi"]
    assert page["achievements"] == [] and page["places"] == {"2": 1}


def test_achievements_add_up_a_season_of_matches_by_hand() -> None:
    """Two matches' digests written out: Aki sits 10 + 14 = 24 hands with 1 + 2 = 3 deal-ins (0.125
    a hand), Ben 12 + 12 = 24 with 3 + 0 = 3; Dan 12 hands, exactly half the most, with 1 deal-in
    (0.0833): Die Hard; Cho only 4 hands with none (fewer than half of 24: not counted for a
    fewest, but his one yakuman is the season's most). Brave Sapper: Aki and Ben, 3 each. Aki's
    most fu is 70 (70 in the first match, 40 in the other: the most, not the last or the sum). Dora
    Magnet: Aki 7 dora over exactly 3 priced wins, 2.33; Ben 9 over 2 is too few to count. Catch
    Them All: Aki's riichi, pinfu and tanyao (dora not a kind), 3. Over the second match alone no
    one has three priced wins: no Dora Magnet, and the achievements after it still come."""
    from replay.games.riichi.achievements import achievements

    def seat(**counts: object) -> dict[str, object]:
        return {"hands": 0, "deal_ins": 0, "deal_in_points": 0, "priced_wins": 0, "dora": 0, "most_fu": 0,
                "yakuman": 0, "yaku": {}, "han_counts": {}} | counts  # fmt: skip

    first = {"players": ["Aki", "Ben", "Cho", "Dan"], "seats": [
        seat(hands=10, deal_ins=1, deal_in_points=1000, most_fu=70, priced_wins=1, dora=2,
             yaku={"Riichi": 1, "Dora": 2}),
        seat(hands=12, deal_ins=3, deal_in_points=9000, priced_wins=2, dora=9, yaku={"Dora": 2}),
        seat(hands=4, yakuman=1),
        seat(hands=12, deal_ins=1, deal_in_points=12000)]}  # fmt: skip
    second = {"players": ["Aki", "Ben"], "seats": [
        seat(hands=14, deal_ins=2, deal_in_points=2000, most_fu=40, priced_wins=2, dora=5,
             yaku={"Pinfu": 1, "Tanyao": 1, "Aka Dora": 1}),
        seat(hands=12)]}  # fmt: skip

    def every_seat(digest: dict[str, object]) -> list[tuple[int, str]]:
        return list(enumerate(digest["players"]))  # type: ignore[arg-type]

    found = achievements([first, second], every_seat)
    held = {a["achievement"]: (a["players"], a["value"]) for a in found}
    assert held["Die Hard"] == (["Dan"], 0.0833)
    assert held["Brave Sapper"] == (["Aki", "Ben"], 3)
    assert held["Careful Planning"] == (["Aki"], 125.0)  # 3,000 over 24 hands; Ben 375, Dan 1,000
    assert held["Max Fu"] == (["Aki"], 70)
    assert held["Yakuman"] == (["Cho"], 1)
    assert held["Dora Magnet"] == (["Aki"], 2.33)
    assert held["Catch Them All"] == (["Aki"], 3)
    assert "Ninja" not in held  # nobody: a most of none is no achievement
    assert found[0]["source"] == "Pantheon's Die Hard"
    # Ben's second seat of another shape (one count more than the others have, and a count written
    # as a bool): added one count at a time, to the same figures, and Ninja is his with that count.
    other = {
        "players": ["Aki", "Ben"],
        "seats": [second["seats"][0], seat(hands=12, deal_ins=False) | {"wins_dama": 1}],
    }
    mixed = {a["achievement"]: (a["players"], a["value"]) for a in achievements([first, other], every_seat)}
    assert mixed == held | {"Ninja": (["Ben"], 1)}

    # Every seat but the very first of another shape (a count of 0 more): each added one count at
    # a time, the same season as when they are added as rows (Ben's two such seats, Aki's fu).
    def widened(digest: dict[str, Any], skip: int) -> dict[str, Any]:
        return digest | {"seats": [s if at < skip else s | {"extra": 0} for at, s in enumerate(digest["seats"])]}

    assert achievements([widened(first, 1), widened(second, 0)], every_seat) == found
    alone = [a["achievement"] for a in achievements([second], every_seat)]
    assert "Dora Magnet" not in alone and alone[-1] == "Catch Them All"


def test_a_value_declared_counts_its_riichi_and_never_guesses_a_call(cli: Cli) -> None:
    """Two hands written as declared values: Ben's mangan from Dai says nothing of riichi or calls,
    so it counts in no kind (not dama); Aki's mangan from Ben names Aki in riichi: a riichi win, and
    Ben's deal-in to riichi."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Ben", "-p", "Cho", "-p", "Dai", "--id", "rr-1").code == 0
    assert cli("round", "rr-1").code == 0
    assert cli("result", "rr-1", "ron", "S", "mangan", "from", "N").code == 0
    assert cli("round", "rr-1").code == 0
    assert cli("result", "rr-1", "ron", "N", "mangan", "from", "E", "riichi", "N").code == 0
    rows = {r["player"]: r["counts"] for r in cli("stats", "--json").json()["riichi"]["tenhou"]}
    kinds = ("wins_riichi", "wins_open", "wins_dama", "deal_ins", "deal_ins_to_riichi", "deal_ins_to_open",
             "deal_ins_to_dama", "riichi_won")  # fmt: skip
    assert {name: tuple(rows[name][k] for k in kinds) for name in rows} == {
        "Aki": (1, 0, 0, 0, 0, 0, 0, 1), "Ben": (0, 0, 0, 1, 1, 0, 0, 0),
        "Cho": (0, 0, 0, 0, 0, 0, 0, 0), "Dai": (0, 0, 0, 1, 0, 0, 0, 0)}  # fmt: skip
