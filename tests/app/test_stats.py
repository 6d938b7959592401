"""`taikyoku stats` on small histories whose every figure was worked out by hand from the rules.

Tensho: the golden seed-7 match (its results are in tests/golden/tensho-seed7.expected.json,
round 1 checked card by card): round 1, set 2 by agreement, East (the dealer) wins on chaff;
round 2, set 1 by the dealer, West wins on chaff; round 3, set 2 by agreement, West (now the
dealer) wins on yaku points with Front Elder. West takes 2 rounds, East 1.

It is recorded four times: as it is; with the players in each other's seats (a player who
changed seats); with a wrong yaku-set choice recorded, retracted and recorded right (the same
match once the retraction is honoured); and abandoned (never counted).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.paths import GOLDEN


def _lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (GOLDEN / name).read_text().splitlines()]


def _record(cli: Cli, match_id: str, events: list[dict[str, Any]]) -> None:
    result = cli("record", match_id, "-", stdin="\n".join(json.dumps(e) for e in events))
    assert result.code == 0, result.err


@pytest.fixture
def tensho_history(cli: Cli) -> Cli:
    golden = _lines("tensho-seed7.jsonl")
    _record(cli, "as-played", golden)
    swapped = json.loads(json.dumps(golden))
    swapped[0]["payload"]["players"] = [{"name": "West", "seat": 0}, {"name": "East", "seat": 1}]
    _record(cli, "seats-changed", swapped)
    # Seq 3 is a wrong choice (set 1 by the dealer), seq 4 retracts it, seq 5 is the right one.
    wrong = {"type": "tensho.yaku_set_chosen", "payload": {"by": "dealer", "yaku_set": 1}}
    retract = {"type": "retract", "payload": {"seq": 3, "reason": "the players agreed on set 2"}}
    _record(cli, "corrected", [*golden[:2], wrong, retract, *golden[2:]])
    _record(cli, "mistaken", golden[:-1])  # without its match_ended, so it can be abandoned
    assert cli("abandon", "mistaken", "--reason", "recorded twice").code == 0
    return cli


def test_tensho_standings_by_name_across_seats_with_a_retraction_and_an_abandoned_match(tensho_history: Cli) -> None:
    found = tensho_history("stats", "--json").json()
    assert found["matches"] == 3  # the abandoned one left out
    # West: 2 wins and 1st as played, 1 win and 2nd in the other seat, 2 wins and 1st corrected.
    # East: 1 win and 2nd, 2 wins and 1st, 1 win and 2nd.
    assert found["standings"]["tensho"] == [
        {"player": "West", "matches": 3, "complete": 3, "rounds": 9, "places": [2, 1], "average_place": 1.33,
         "points": 5, "wins": 5},
        {"player": "East", "matches": 3, "complete": 3, "rounds": 9, "places": [1, 2], "average_place": 1.67,
         "points": 4, "wins": 4},
    ]  # fmt: skip
    hanafuda = found["hanafuda"]["tensho"]
    assert hanafuda["players"] == [
        {"player": "East", "rounds": 9, "rounds_won": 4, "won_by": {"chaffCount": 3, "yakuPoints": 1},
         "yaku": {"Front Elder": 1}},
        {"player": "West", "rounds": 9, "rounds_won": 5, "won_by": {"chaffCount": 3, "yakuPoints": 2},
         "yaku": {"Front Elder": 2}},
    ]  # fmt: skip
    # Per match: set 2 twice by agreement, the dealer winning both times; set 1 once by the dealer,
    # who lost. The retracted choice (set 1 by the dealer) is not among them.
    assert hanafuda["yaku_sets"] == {
        "1": {"decided by dealer": 3, "dealer did not win": 3, "rounds": 3},
        "2": {"decided by agreement": 6, "dealer won": 6, "rounds": 6},
    }
    assert found["yaku"] == {"tensho": {"Front Elder": 3}}
    # Points over time: each complete match's standings, by name.
    assert [point["points"] for point in found["timeline"]["tensho"]] == [
        {"East": 1, "West": 2},
        {"West": 1, "East": 2},
        {"East": 1, "West": 2},
    ]


def test_filters_by_player_match_and_day(tensho_history: Cli) -> None:
    east = tensho_history("stats", "--player", "East", "--json").json()
    assert [row["player"] for row in east["standings"]["tensho"]] == ["East"]
    one = tensho_history("stats", "--match", "seats-changed", "--json").json()
    assert one["matches"] == 1
    assert one["standings"]["tensho"][0] == {
        "player": "East", "matches": 1, "complete": 1, "rounds": 3, "places": [1, 0], "average_place": 1.0,
        "points": 2, "wins": 2,
    }  # fmt: skip
    assert tensho_history("stats", "--since", "2999-01-01", "--json").json()["matches"] == 0
    assert tensho_history("stats", "--until", "2000-01-01", "--json").json()["matches"] == 0
    assert tensho_history("stats", "--game", "riichi", "--json").json()["matches"] == 0


def test_sendai_goes_stops_forfeits_and_teyaku(cli: Cli) -> None:
    """The golden Sendai-hana match: the dealer stops twice on Chaff; in round 3 the dealer shows
    Three Pairs, Right says go twice holding Blue Ribbons and Chaff, Left stops on Chaff, and
    Right forfeits what he held (the ruleset's forfeitOnOpponentStop)."""
    _record(cli, "sendai-45", _lines("sendai-seed45.jsonl"))
    found = cli("stats", "--json").json()
    assert found["standings"]["sendai"] == [
        {"player": "Dealer", "matches": 1, "complete": 1, "rounds": 3, "places": [1, 0, 0], "average_place": 1.0,
         "points": 170, "wins": 2},
        {"player": "Left", "matches": 1, "complete": 1, "rounds": 3, "places": [0, 1, 0], "average_place": 2.0,
         "points": 10, "wins": 1},
        {"player": "Right", "matches": 1, "complete": 1, "rounds": 3, "places": [0, 0, 1], "average_place": 3.0,
         "points": 0, "wins": 0},
    ]  # fmt: skip
    assert found["hanafuda"]["sendai"]["players"] == [
        {"player": "Dealer", "rounds": 3, "rounds_won": 2, "won_by": {"stop": 2}, "yaku": {"Chaff": 2},
         "goes": 0, "stops": 2, "forfeits": 0, "teyaku": {"Three Pairs": 1}},
        {"player": "Left", "rounds": 3, "rounds_won": 1, "won_by": {"stop": 1}, "yaku": {"Chaff": 1},
         "goes": 0, "stops": 1, "forfeits": 0, "teyaku": {}},
        {"player": "Right", "rounds": 3, "rounds_won": 0, "won_by": {}, "yaku": {"Blue Ribbons": 1, "Chaff": 1},
         "goes": 2, "stops": 0, "forfeits": 1, "teyaku": {}},
    ]  # fmt: skip
    assert found["yaku"]["sendai"] == {"Chaff": 4, "Blue Ribbons": 1}


def test_riichi_rates_of_three_hands_recorded_at_result_depth(cli: Cli) -> None:
    """Hand 1: B (seat 1) rons C's 7z: chun 1 han, 40 fu (20 + 10 closed ron + 4 for the chun
    triplet completed on a discard), 1,300 from C. Hand 2: B, now the dealer, tsumo after riichi:
    riichi and menzen tsumo, 2 han 30 fu (20 + 2 tsumo + 8 for the concealed 999s), 1,000 from
    each of the three. Hand 3: exhaustive draw, B and D tenpai, D in riichi."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "night-1").code == 0
    for line in (
        "ron S from W 234m567p345s11s77z +7z dora 9p",
        "tsumo E 123m456p789s1199s +9s riichi dora 9p ura 9p",
        "draw tenpai E W riichi W",
    ):
        assert cli("round", "night-1").code == 0
        recorded = cli("result", "night-1", line)
        assert recorded.code == 0, recorded.err
    found = cli("stats", "--json").json()
    rows = {row["player"]: row for row in found["riichi"]["tenhou"]}
    assert {name: (r["hands"], r["wins"], r["win_rate"], r["deal_in_rate"], r["riichi_rate"], r["call_rate"])
            for name, r in rows.items()} == {
        "A": (3, 0, 0.0, 0.0, 0.0, 0.0),
        "B": (3, 2, 0.667, 0.0, 0.333, 0.0),
        "C": (3, 0, 0.0, 0.333, 0.0, 0.0),
        "D": (3, 0, 0.0, 0.0, 0.333, 0.0),
    }  # fmt: skip
    assert (rows["B"]["tsumo_share"], rows["B"]["average_win"], rows["B"]["average_han"]) == (0.5, 2150, 1.5)
    assert rows["B"]["yaku"] == {"Menzen Tsumo": 1, "Riichi": 1, "Yakuhai (chun)": 1}
    assert (rows["C"]["average_deal_in"], rows["A"]["average_win"], rows["A"]["tsumo_share"]) == (1300, None, None)
    assert [rows[n]["tenpai_at_draw"] for n in "ABCD"] == [0.0, 1.0, 0.0, 1.0]
    # The match is still in play: it has rounds and wins, but no place and no points yet.
    standing = {row["player"]: row for row in found["standings"]["riichi"]}
    assert standing["B"] == {"player": "B", "matches": 1, "complete": 0, "rounds": 3, "places": [0, 0, 0, 0],
                             "average_place": None, "points": 0, "wins": 2, "uma": 0}  # fmt: skip


def test_bad_filters_are_one_line_and_write_nothing(tensho_history: Cli, db: Path) -> None:
    before = db.stat().st_size
    cases = [
        (("--player", "Zed"), "no match has a player named 'Zed'; the players are: East, West"),
        (("--match", "nope-1"), "no match 'nope-1' in this store"),
        (("--since", "30/11/2026"), "--since '30/11/2026' is not a day; write it as YYYY-MM-DD"),
        (("--since", "2026-12-01", "--until", "2026-11-01"), "is after --until"),
        (("--game", "chess"), "--game is tensho, sendai, koikoi, riichi or mcr"),
        (("--ruleset", "wrc-1999"), "unknown ruleset 'wrc-1999'"),
        (("--json", "--csv"), "give --json or --csv, not both"),
        (("--html", str(db.parent)), "is a folder; give --html a file name"),
        (("--html", str(db.parent / "no-such-folder" / "s.html")), "does not exist"),
    ]
    for args, needle in cases:
        result = tensho_history("stats", *args)
        assert result.code == 2, (args, result.err)
        assert needle in result.err and result.err.count("\n") == 1, (args, result.err)
    assert db.stat().st_size == before
    missing = tensho_history("stats", "--db", str(db.parent / "none.db"))
    assert missing.code == 2 and "does not exist" in missing.err
    assert not (db.parent / "none.db").exists()


def test_csv_is_a_table_a_spreadsheet_sorts(tensho_history: Cli) -> None:
    import csv
    import io

    result = tensho_history("stats", "--csv")
    assert result.code == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert list(rows[0]) == ["game", "player", "matches", "complete", "rounds", "first", "second", "third", "fourth",
                             "average_place", "points", "uma", "wins"]  # fmt: skip
    assert [(r["player"], r["first"], r["second"], r["average_place"], r["points"], r["wins"]) for r in rows] == [
        ("West", "2", "1", "1.33", "5", "5"),
        ("East", "1", "2", "1.67", "4", "4"),
    ]


# SHA-256 of the filters as JSON, none given: [null, [], null, null, null, []]
NO_FILTERS = "ce5629585c19ef1b446a57737808e16ebac234717cc95eba4dd9946ad1dbd1b6"


def test_the_cached_digests_follow_the_events(cli: Cli, db: Path) -> None:
    import sqlite3

    golden = _lines("tensho-seed7.jsonl")
    _record(cli, "as-played", golden[:-1])
    first = cli("stats", "--json").json()
    assert first["matches"] == 1
    with sqlite3.connect(db) as conn:
        kept = conn.execute("SELECT model, match_id, head_hash FROM read_models ORDER BY model").fetchall()
        head = conn.execute("SELECT last_hash FROM match_heads WHERE match_id = 'as-played'").fetchone()[0]
    # The match's digest at its head, and the statistics added up, kept under their filters.
    assert [row[:2] for row in kept] == [("stats-digest-3", "as-played"), ("stats-result-3", f"filters:{NO_FILTERS}")]
    assert kept[0][2] == head
    # A body changed behind the store's back is never shown: its seal fails, the match is folded again.
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE read_models SET body = replace(body, '\"West\"', '\"Wanda\"')")
    assert cli("stats", "--json").json() == first
    assert cli("stats", "--rebuild", "--json").json() == first
    # The match moves on (it is abandoned): its digest is stale and it is folded again.
    assert cli("abandon", "as-played", "--reason", "a test").code == 0
    assert cli("stats", "--json").json()["matches"] == 0
    assert cli("verify").code == 0  # the read model is not part of the record


def _cards(words: str) -> list[str]:
    return words.split()


def test_two_hanafuda_players_level_at_the_end_both_count_as_first(cli: Cli) -> None:
    """A Sendai-hana match of two rounds recorded by its results: Cy stops with Chaff in round 1
    (10 points: stopperScores pays the stopper alone), Ben with Chaff in round 2 (10). Ben and Cy
    finish level at 10 and share first place; Ann, at 0, is third (places 1, 1, 3), not second."""
    first = _cards(
        "chrysanthemum-chaff-1 chrysanthemum-cup willow-rainman willow-swallow wisteria-ribbon "
        "wisteria-cuckoo iris-chaff-2 iris-chaff-1 plum-poetry plum-chaff-1 paulownia-chaff-2 "
        "paulownia-phoenix"
    )
    chaff_a = _cards(
        "pine-crane pine-poetry susuki-geese susuki-chaff-2 maple-blue maple-chaff-1 peony-chaff-1 "
        "peony-blue paulownia-chaff-1 paulownia-chaff-3 peony-chaff-2 peony-butterflies "
        "chrysanthemum-chaff-2 chrysanthemum-blue clover-chaff-2 clover-boar wisteria-chaff-1 "
        "wisteria-chaff-2"
    )
    chaff_b = _cards(
        "plum-warbler plum-chaff-2 clover-ribbon clover-chaff-1 cherry-chaff-2 cherry-chaff-1 "
        "iris-ribbon iris-bridge susuki-chaff-1 susuki-moon willow-ribbon willow-lightning pine-chaff-2 "
        "pine-chaff-1 cherry-curtain cherry-poetry maple-deer maple-chaff-2"
    )
    assert cli("new", "sendai", "-p", "Ann", "-p", "Ben", "-p", "Cy", "--length", "2", "--id", "level",
               "-O", "sendai.teyakuMode=winRound").code == 0  # fmt: skip
    for captured, stopper in (
        ([*first, "/", *chaff_a, "/", *chaff_b], "2"),
        ([*first, "/", *chaff_b, "/", *chaff_a], "1"),
    ):
        assert cli("round", "level").code == 0
        recorded = cli("result", "level", *captured, "stop", stopper)
        assert recorded.code == 0, recorded.err
    standings = {row["player"]: row for row in cli("stats", "--json").json()["standings"]["sendai"]}
    assert {name: (row["points"], row["places"], row["average_place"]) for name, row in standings.items()} == {
        "Ben": (10, [1, 0, 0], 1.0),
        "Cy": (10, [1, 0, 0], 1.0),
        "Ann": (0, [0, 0, 1], 3.0),
    }


def test_two_matches_of_one_ruleset_with_other_house_options_are_each_priced_by_their_own(cli: Cli) -> None:
    """The same open hand won in two Tenhou matches, one with open tanyao (the default), one
    without (riichi.openTanyao=false): S rons W's 5p holding 234p 234s 678s 5p with 234m called.
    Open tanyao 1 + open sanshoku 1 = 2 han; 30 fu (20, +2 for the single wait, rounded up): a
    non-dealer's 2,000. Without open tanyao: sanshoku alone, 1 han 30 fu: 1,000. Recorded and
    counted in one process, so nothing priced for the one match may stand for the other."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "kuitan-on").code == 0
    assert cli("new", "riichi", "-p", "E", "-p", "F", "-p", "G", "-p", "H", "--id", "kuitan-off",
               "-O", "riichi.openTanyao=false").code == 0  # fmt: skip
    for match in ("kuitan-on", "kuitan-off"):
        assert cli("round", match).code == 0
        recorded = cli("result", match, "ron", "S", "from", "W", "234p234s678s5p", "chi:234m", "+5p", "dora", "1z")
        assert recorded.code == 0, recorded.err
    rows = {row["player"]: row for row in cli("stats", "--json").json()["riichi"]["tenhou"]}
    assert (rows["B"]["average_win"], rows["B"]["yaku"]) == (2000, {"Tanyao": 1, "Sanshoku Doujun": 1})
    assert (rows["F"]["average_win"], rows["F"]["yaku"]) == (1000, {"Sanshoku Doujun": 1})
    off = cli("replay", "kuitan-off", "--json").json()["results"][0]
    assert off["points"] == [0, 1000, -1000, 0]
