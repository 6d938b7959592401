"""A club's season is made from its ended matches and nights kept as one answer and grown by what
the club stores since (a match ended or its end taken back, a penalty, a substitute, results
hidden), not read again from every head and night of the league. Real SQLite files; the standings
worked by hand from Tenhou's uma, and every season checked against one made from nothing but the
events (a copy of the store with no kept answer)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from replay.app import kept_answers
from replay.app.application import Application
from tests.helpers import Cli, copy_store
from tests.league.test_league_ranking import _night

FOUR = ["Aki", "Beni", "Chie", "Dai"]


def _made() -> tuple[int, int]:
    """How many club seasons and kept club matches were made (not read back) so far."""
    return kept_answers.MADE["season"], kept_answers.MADE["club matches"]


def _season(db: Path, *, public: bool = False) -> dict[str, Any]:
    return Application(str(db)).season("riichi", club="kyoto", public=public)


def _from_the_events(db: Path, tmp_path: Path, *, public: bool = False) -> dict[str, Any]:
    """The season as a copy of the store with no kept answer makes it: from every head and night."""
    copy = tmp_path / "copy.db"
    copy_store(db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM read_models WHERE model = ?", [kept_answers.MODEL])
    return Application(str(copy)).season("riichi", club="kyoto", public=public)


def _totals(season: dict[str, Any]) -> list[tuple[str, int, float, int]]:
    return [(r["player"], r["games"], r["total"], r["penalties"]) for r in season["standings"]]


def _same_as_from_the_events(db: Path, tmp_path: Path) -> None:
    for public in (False, True):
        assert json.dumps(_season(db, public=public)) == json.dumps(_from_the_events(db, tmp_path, public=public))


def test_a_clubs_season_grows_by_what_its_nights_and_tables_store(cli: Cli, db: Path, tmp_path: Path) -> None:
    """Kyoto 1: Beni's mangan from Dai (Tenhou, 30,000 returned, oka 20, uma 20-10): Beni 37,000
    +47.0, Aki 34,000 +14.0, Chie 30,000 -10.0, Dai -1,000 -51.0. Kyoto 2's first table: Aki the
    dealer's mangan from Dai: Aki 46,000 +56.0, Chie 30,000 +10.0, Beni 29,000 -11.0, Dai -5,000
    -55.0; and Dai's penalty of -20. Plants: the kept matches made again for a match ended (the
    count); a night's penalties not read again; a table hidden after its session is seated shown
    to the room; a substitute's seat left to the player who left; an end taken back still counted;
    a claim of a match that was there not seen; another club's nights read when made (Osaka's
    penalty); a table still playing at the club taken for one ended and taken back (a missing key);
    a night's day written with its time (the penalty past --until that day)."""
    assert cli("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert cli("club", "add", "osaka", "--name", "Osaka Bay").code == 0
    _night(cli, "kyoto", "night-kyoto-1", FOUR, "S")
    # A match with no club, as Kyoto 1's table: no club's season reads it.
    assert cli("new", "riichi", *[a for p in FOUR for a in ("-p", p)], "--id", "m-free").code == 0
    assert cli("round", "m-free", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "m-free", "ron", "S", "mangan", "from", "N").code == 0
    # Osaka's night, open, with a penalty: nothing of Kyoto's season.
    osaka = cli("night", "open", "riichi", *[a for p in ("Fumi", "Gen", "Hana", "Ivo") for a in ("-p", p)],
                "--club", "osaka", "--id", "night-osaka-0", "--seed", "1")  # fmt: skip
    assert osaka.code == 0, osaka.err
    assert cli("night", "penalty", "night-osaka-0", "Fumi", "--points", "-10", "--reason", "phone").code == 0
    seasons, kept = _made()
    first = _season(db)
    assert _made() == (seasons + 1, kept + 1)
    assert _totals(first) == [("Beni", 1, 47.0, 0), ("Aki", 1, 14.0, 0), ("Chie", 1, -10.0, 0), ("Dai", 1, -51.0, 0)]

    # Kyoto 2 opens, is seated, Dai is penalised and the first table ends: grown, not made again.
    opened = cli("night", "open", "riichi", *[a for p in FOUR for a in ("-p", p)], "--club", "kyoto",
                 "--id", "night-kyoto-2", "--seed", "1")  # fmt: skip
    assert opened.code == 0, opened.err
    assert cli("night", "seat", "night-kyoto-2", "--json").json()["sessions"][0]["tables"][0]["players"] == FOUR
    assert cli("night", "penalty", "night-kyoto-2", "Dai", "--points", "-20", "--reason", "late").code == 0
    # Kyoto 3's table plays its first hand meanwhile (no end): it counts for nothing yet.
    later = ["Jun", "Kei", "Leo", "Mio"]
    assert cli("night", "open", "riichi", *[a for p in later for a in ("-p", p)], "--club", "kyoto",
               "--id", "night-kyoto-3", "--seed", "1").code == 0  # fmt: skip
    assert cli("night", "seat", "night-kyoto-3").code == 0
    assert cli("round", "night-kyoto-3-t1", "--scores", "25000,25000,25000,25000", "--dealer", "0").code == 0
    assert cli("round", "night-kyoto-2-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "night-kyoto-2-t1", "ron", "E", "mangan", "from", "N").code == 0
    assert cli("result", "night-kyoto-3-t1", "draw", "tenpai", "E").code == 0
    seasons, kept = _made()
    second = _season(db)
    assert _made() == (seasons + 1, kept)
    assert second["matches"] == 2
    assert _totals(second) == [("Aki", 2, 70.0, 0), ("Beni", 2, 36.0, 0), ("Chie", 2, 0.0, 0), ("Dai", 2, -126.0, -20)]
    # Up to the day the nights opened, the penalty given that day too.
    day = next(n["opened_at"][:10] for n in cli("night", "list", "--json").json() if n["night_id"] == "night-kyoto-2")
    until = Application(str(db)).season("riichi", club="kyoto", until=day)
    assert _totals(until) == _totals(second)
    _same_as_from_the_events(db, tmp_path)

    # Results hidden from session 2, which is seated after: its table's end is the room's no more.
    # Beni leaves it for Eve, whose the seat's result is; South's mangan from North ends it.
    assert cli("night", "hide", "night-kyoto-2", "--from", "2").code == 0
    seated = cli("night", "seat", "night-kyoto-2", "--json").json()["sessions"][1]["tables"][0]["players"]
    table = "night-kyoto-2-t2"
    substituted = cli("night", "substitute", "night-kyoto-2", table, "Beni", "Eve", "--reason", "ill",
                      "--counts-for", "substitute")  # fmt: skip
    assert substituted.code == 0, substituted.err
    assert cli("round", table, "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", table, "ron", "S", "mangan", "from", "N").code == 0
    seasons, kept = _made()
    third, shown = _season(db), _season(db, public=True)
    assert _made() == (seasons + 2, kept)
    credited = ["Eve" if name == "Beni" else name for name in seated]
    results = dict(zip(credited, (14.0, 47.0, -10.0, -51.0), strict=True))  # East, South, West, North
    assert third["matches"] == 3 and ("Eve", 1, results["Eve"], 0) in _totals(third)
    assert shown == second  # the room's: the hidden table left out
    _same_as_from_the_events(db, tmp_path)

    # Osaka's night: nothing Kyoto's season reads.
    _night(cli, "osaka", "night-osaka-1", ["Fumi", "Gen", "Hana", "Ivo"], "E")
    seasons, kept = _made()
    assert _season(db) == third and _made() == (seasons, kept)

    # The hidden table's end taken back: its match plays on, and counts no more.
    last = cli("log", table, "--json").json()[-1]
    assert cli("retract", table, str(last["seq"]), "--reason", "scored wrong").code == 0
    seasons, kept = _made()
    assert _season(db) == second and _made() == (seasons + 1, kept)
    _same_as_from_the_events(db, tmp_path)

    # The match with no club, played before they were kept, claimed for Kyoto: made again.
    seasons, kept = _made()
    Application(str(db)).claim("kyoto", ["m-free"])
    claimed = _season(db)
    assert _made() == (seasons + 1, kept + 1)
    assert claimed["matches"] == 3
    assert _totals(claimed)[:2] == [("Aki", 3, 84.0, 0), ("Beni", 3, 83.0, 0)]
    _same_as_from_the_events(db, tmp_path)
