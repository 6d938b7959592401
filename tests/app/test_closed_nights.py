"""The league's ranking reads every closed night's summary: kept as one answer and grown by the
nights that close or move, not read again from every night and head when the ranking is made
again for what the league says of its players (a merge, a name). Real SQLite files; the MERS
figures worked by hand from the EMA's method, and each ranking checked against the one a copy of
the store with no kept answer makes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from replay.app import kept_answers
from tests.helpers import Cli, copy_store
from tests.league.test_league_ranking import _ranking, _two_clubs_three_nights

FOUR = ["Aki", "Beni", "Chie", "Dai"]
APART = [(1, "Aki", "375.08", 2), (2, "Beni", "299.93", 2), (3, "Chie", "225.00", 2), (4, "Dai", "0.00", 2),
         (None, "Aki T.", None, 1), (None, "Eri", None, 1), (None, "Fumi", None, 1), (None, "Gen", None, 1)]  # fmt: skip


def _made() -> tuple[int, int]:
    """How many rankings and kept closed nights were made (not read back) so far."""
    return kept_answers.MADE["league ranking"], kept_answers.MADE["league nights"]


def _same_as_from_the_events(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], *method: str
) -> None:  # fmt: skip
    """The ranking (by ``method``, where given) as ``--json`` printed it is what a copy of the
    store with no kept answer prints."""
    copy = tmp_path / "copy.db"
    copy_store(db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM read_models WHERE model = ?", [kept_answers.MODEL])
    asked = ("league", "ranking", "--game", "riichi", "--json", *method)
    counted = kept_answers.MADE.copy()
    kept, fresh = cli(*asked), Cli(copy, capsys)(*asked)
    kept_answers.MADE.clear()
    kept_answers.MADE.update(counted)  # the copy's answers, made, are not the store's
    assert kept.code == 0 and fresh.code == 0 and kept.out == fresh.out
    assert kept.out.startswith('{\n  "game": "riichi",\n  "method": ')  # laid out for a person, as kept


def test_the_rankings_nights_are_kept_whatever_is_said_of_names_and_grown_by_nights(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kyoto 1 (Beni, Aki, Chie, Dai: base ranks 1000, 667, 333, 0), Kyoto 2 (Aki, Chie, Beni,
    Dai) and Osaka 1 (Aki T. first); then Kyoto 3 as Kyoto 1, while Kyoto 4 stays open. Plants:
    the nights made again for a merge (the count); a night that closed not summed up again where
    its tables were not stored to since; an open night counted, or taken out where it never was (a
    missing key); the nights out of the order they opened in (a merged player's events); the
    rest of the nights passed over after one of another game; a result's place or a night's title
    lost; a night of another game counted; a day's bounds read as exclusive, or either one alone;
    a name never named counted without its club; the ranking kept, and printed, on one line."""
    _two_clubs_three_nights(cli)
    assert cli("league", "adopt").code == 0
    later = ["Jun", "Kei", "Leo", "Mio"]
    opened = cli("night", "open", "riichi", *[a for p in later for a in ("-p", p)], "--club", "kyoto",
                 "--id", "night-kyoto-4", "--seed", "1")  # fmt: skip
    assert opened.code == 0, opened.err
    assert cli("night", "seat", "night-kyoto-4").code == 0
    rankings, nights = _made()
    assert _ranking(cli) == APART
    assert _made() == (rankings + 1, nights + 1)
    aki = cli("league", "ranking", "--game", "riichi", "--json").json()["players"][0]
    assert [(e["event_id"], e["title"], e["place"], e["of"]) for e in aki["events"]] == [
        ("night-kyoto-1", "tenhou night", 2, 4), ("night-kyoto-2", "tenhou night", 1, 4)]  # fmt: skip

    # Kyoto 3's table ends (its night still open: nothing the ranking reads), then Aki and Aki T.
    # are merged: the ranking is made again, from the nights read back.
    assert cli("night", "open", "riichi", *[a for p in FOUR for a in ("-p", p)], "--club", "kyoto",
               "--id", "night-kyoto-3", "--seed", "1").code == 0  # fmt: skip
    assert cli("night", "seat", "night-kyoto-3").code == 0
    assert cli("round", "night-kyoto-3-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "night-kyoto-3-t1", "ron", "S", "mangan", "from", "N").code == 0
    assert _ranking(cli) == APART and _made() == (rankings + 1, nights + 1)
    merged = cli("league", "merge", "p1", "p5", "--reason", "the same man")
    assert merged.code == 0 and merged.out.startswith("p5 merged into p1 (merge ")
    assert _ranking(cli)[0] == (1, "Aki", "600.08", 3)
    assert _made() == (rankings + 2, nights + 1)

    # A Tensho night opens and closes, Kyoto 4 gives a penalty and Kyoto 3 closes: the nights
    # grow by Kyoto 3 alone. Aki (667, 1000, 1000, 667 and a zero of weight 1): A = 3334/5 =
    # 666.8, B = 3334/4 = 833.5: 750.15. Beni (1000, 333, 1000): 466.6 and 583.25, 524.925 shown
    # 524.93. Chie (333, 667, 333): 266.6 and 333.25: 299.93.
    tensho = cli("night", "open", "tensho", "-p", "Eri", "-p", "Fumi", "--club", "osaka", "--id", "night-a-tensho")
    assert tensho.code == 0, tensho.err
    assert cli("night", "close", "night-a-tensho").code == 0
    assert cli("night", "penalty", "night-kyoto-4", "Jun", "--points", "-5", "--reason", "late").code == 0
    assert cli("night", "close", "night-kyoto-3").code == 0
    assert _ranking(cli) == [(1, "Aki", "750.15", 4), (2, "Beni", "524.93", 3), (3, "Chie", "299.93", 3),
                             (4, "Dai", "0.00", 3), (None, "Eri", None, 1), (None, "Fumi", None, 1),
                             (None, "Gen", None, 1)]  # fmt: skip
    assert _made() == (rankings + 3, nights + 1)
    _same_as_from_the_events(cli, db, tmp_path, capsys)

    # Apart again. Aki (667, 1000, 667, two zeros of weight 1): A = 2334/5 = 466.8, B = 2334/4 =
    # 583.5: 525.15.
    seq = merged.out.removeprefix("p5 merged into p1 (merge ").removesuffix(")\n")
    assert cli("league", "unmerge", seq, "--reason", "two men after all").code == 0
    third = [(1, "Aki", "525.15", 3), (2, "Beni", "524.93", 3), (3, "Chie", "299.93", 3), (4, "Dai", "0.00", 3),
             (None, "Aki T.", None, 1), (None, "Eri", None, 1), (None, "Fumi", None, 1), (None, "Gen", None, 1)]  # fmt: skip
    assert _ranking(cli) == third
    assert _made() == (rankings + 4, nights + 1)
    _same_as_from_the_events(cli, db, tmp_path, capsys)
    # Tenhou's R and Glicko read each table's places: their nights are kept apart, with them.
    for method in ("tenhou_r", "glicko"):
        _same_as_from_the_events(cli, db, tmp_path, capsys, "--method", method)
    # Tenhou's R, the nights in turn (Kyoto 1, 2, 3): Beni 1530, then 0.998 x (-10 + (1500 -
    # 1530) / 40) = -10.7285, then 0.996 x (30 + (1500 - 1519.2715) / 40) = +29.4001: 1548.67.
    # Aki 1510, +29.6905, then 0.996 x (10 + (1500 - 1539.6905) / 40) = +8.9717: 1548.66.
    assert _ranking(cli, "--method", "tenhou_r")[:2] == [(1, "Beni", "1548.67", 3), (2, "Aki", "1548.66", 3)]

    # The end of Kyoto 3's table taken back after the close: the night is summed up again.
    last = cli("log", "night-kyoto-3-t1", "--json").json()[-1]
    assert cli("retract", "night-kyoto-3-t1", str(last["seq"]), "--reason", "scored wrong").code == 0
    # Its four players tie for first there (base rank 500 each): Aki (667, 1000, 500) 433.4 and
    # 541.75, 487.575 shown 487.58; Beni (1000, 333, 500) 366.6 and 458.25: 412.43; Chie (333,
    # 667, 500) 300 and 375: 337.50; Dai (0, 0, 500) 100 and 125: 112.50.
    assert _ranking(cli) == [
        (1, "Aki", "487.58", 3), (2, "Beni", "412.43", 3), (3, "Chie", "337.50", 3), (4, "Dai", "112.50", 3),
        (None, "Aki T.", None, 1), (None, "Eri", None, 1), (None, "Fumi", None, 1), (None, "Gen", None, 1)]  # fmt: skip
    assert _made() == (rankings + 5, nights + 1)
    assert _ranking(cli)[0] == (1, "Aki", "487.58", 3) and _made() == (rankings + 5, nights + 1)  # read back
    _same_as_from_the_events(cli, db, tmp_path, capsys)
    _same_as_from_the_events(cli, db, tmp_path, capsys, "--method", "tenhou_r")

    # Between two days, both kept: every night (all on one day) counts; up to the day before, none.
    from datetime import date, timedelta

    day = next(n["opened_at"][:10] for n in cli("night", "list", "--json").json() if n["night_id"] == "night-kyoto-3")
    assert _ranking(cli, "--since", day, "--until", day)[:4] == [
        (1, "Aki", "487.58", 3), (2, "Beni", "412.43", 3), (3, "Chie", "337.50", 3), (4, "Dai", "112.50", 3)]  # fmt: skip
    assert _ranking(cli, "--until", str(date.fromisoformat(day) - timedelta(days=1))) == []

    # Kyoto 4's table abandoned and the night closed: Jun, never named, stands in its results by
    # his penalty alone (the table gave no one a result), under the name typed at the club.
    assert cli("night", "abandon", "night-kyoto-4", "night-kyoto-4-t1", "--reason", "power cut").code == 0
    assert cli("night", "close", "night-kyoto-4").code == 0
    unnamed = cli("league", "ranking", "--game", "riichi", "--json").json()["players"]
    assert [(r["place"], r["player"], r["person"]) for r in unnamed if r["person"] is None] == [
        (None, "Jun @kyoto", None)
    ]
    _same_as_from_the_events(cli, db, tmp_path, capsys)


def test_a_night_held_over_two_days_weighs_two_and_counts_only_in_a_period_that_holds_both(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kyoto 1 and 2 on 7 March; Kyoto 5 opened on Saturday 14 March, its table played out and the
    night closed on Sunday 15 March: two days, MERS weight 2, its day the 15th. Kyoto 5 as Kyoto 1
    (Beni 1000, Aki 667, Chie 333, Dai 0). Reckoned on 1 December, all in full. Aki (1000, 667,
    667 x 2, two zeros): A = 3001/6 = 500.17, B (1000, 667 x 2, 667, 0) = 3001/5 = 600.2:
    550.18. Beni (1000, 333, 1000 x 2): A = 3333/6 = 555.5, B = 3333/5 = 666.6: 611.05. Chie
    (333, 667, 333 x 2): A = 1666/6, B = 1666/5: 305.43. A period up to the 14th holds only
    its first day: Kyoto 1 and 2 alone. Plants: the night's days read as its opening day alone
    (weight 1: Aki 525.15 first); the period bounded by the day a night opened; a result's MERS
    and its aged weight shown each as the other."""
    clock = ["2026-03-07T19:00:00.000000Z"]
    monkeypatch.setattr("events.envelope.now_timestamp", lambda: clock[0])
    _two_clubs_three_nights(cli)
    assert cli("league", "adopt").code == 0
    clock[0] = "2026-03-14T19:00:00.000000Z"
    assert cli("night", "open", "riichi", *[a for p in FOUR for a in ("-p", p)], "--club", "kyoto",
               "--id", "night-kyoto-5", "--seed", "1").code == 0  # fmt: skip
    assert cli("night", "seat", "night-kyoto-5").code == 0
    clock[0] = "2026-03-15T11:00:00.000000Z"
    assert cli("round", "night-kyoto-5-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "night-kyoto-5-t1", "ron", "S", "mangan", "from", "N").code == 0
    assert cli("night", "close", "night-kyoto-5").code == 0
    on = ("--on", "2026-12-01")
    assert _ranking(cli, *on)[:4] == [(1, "Beni", "611.05", 3), (2, "Aki", "550.18", 3), (3, "Chie", "305.43", 3),
                                      (4, "Dai", "0.00", 3)]  # fmt: skip
    aki = cli("league", "ranking", "--game", "riichi", "--json", *on).json()["players"][1]
    assert [(e["event_id"], e["day"], e["mers"]) for e in aki["events"]] == [
        ("night-kyoto-1", "2026-03-07", "1"), ("night-kyoto-2", "2026-03-07", "1"),
        ("night-kyoto-5", "2026-03-15", "2")]  # fmt: skip
    # A year on (10 March 2027), Kyoto 1 and 2 count at half, Kyoto 5 (its last day the 15th) in
    # full: each row says its MERS and its weight apart. Aki (1000 x 0.5, 667 x 2, 667 x 0.5, two
    # zeros): A = 2167.5/5 = 433.5, B (the same four best) = 2167.5/4 = 541.875: 487.69.
    later = ("--on", "2027-03-10")
    aki = next(r for r in cli("league", "ranking", "--game", "riichi", "--json", *later).json()["players"]
               if r["player"] == "Aki")  # fmt: skip
    assert aki["figure"] == "487.69"
    assert [(e["event_id"], e["mers"], e["weight"]) for e in aki["events"]] == [
        ("night-kyoto-1", "1", "0.5"), ("night-kyoto-2", "1", "0.5"), ("night-kyoto-5", "2", "2")]  # fmt: skip
    # Kyoto 1 and 2 alone: Aki (1000, 667) 375.08 first, as in the league's own test.
    assert _ranking(cli, "--until", "2026-03-14", *on)[:2] == [(1, "Aki", "375.08", 2), (2, "Beni", "299.93", 2)]
    assert _ranking(cli, "--since", "2026-03-15", *on) == []  # its first day before the period
    assert sorted(_ranking(cli, "--since", "2026-03-14", "--until", "2026-03-15", *on)) == [
        (None, name, None, 1) for name in FOUR]  # Kyoto 5 alone: one result each, none ranked  # fmt: skip
    _same_as_from_the_events(cli, db, tmp_path, capsys, *on)


def test_a_name_said_moves_the_ranking_only_where_a_ranked_result_bears_it(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kyoto's names made players, Osaka's not: Aki T., Eri, Fumi and Gen stand as their names at
    Osaka. A name no closed night bears (Nobody anywhere; Eri at Kyoto, where she never played)
    leaves the ranking as it was, read back, and does not hide what is stored after it (a table
    of a night still open, then a night closed); Aki T. at Osaka said to be Aki makes it again,
    with his Osaka win his. Plants: a name said never moving the ranking; a name at one club read
    as at any; a name at any club read as at none; the streams after the league's, or after an
    open night's table, passed over."""
    _two_clubs_three_nights(cli)
    assert cli("league", "adopt", "--club", "kyoto").code == 0
    apart = [(1, "Aki", "375.08", 2), (2, "Beni", "299.93", 2), (3, "Chie", "225.00", 2), (4, "Dai", "0.00", 2),
             (None, "Aki T. @osaka", None, 1), (None, "Eri @osaka", None, 1), (None, "Fumi @osaka", None, 1),
             (None, "Gen @osaka", None, 1)]  # fmt: skip
    assert _ranking(cli) == apart
    rankings, nights = _made()
    for said in (("p1", "Nobody"), ("p2", "Eri", "--club", "kyoto")):
        assert cli("league", "name", *said).code == 0
        assert _ranking(cli) == apart
        assert _made() == (rankings, nights)  # read back
    _same_as_from_the_events(cli, db, tmp_path, capsys)
    # Stored since, in turn: a name no table has seen, a match ended at Kyoto 4 (its night still
    # open), then Kyoto 3 closed (as Kyoto 1): what the ranking reads comes after what it does
    # not, and moves it. Aki (667, 1000, 667, two zeros): 466.8 and 583.5, 525.15; Beni (1000,
    # 333, 1000): 524.93; Chie (333, 667, 333): 299.93.
    assert cli("league", "name", "p1", "Nobody Either").code == 0
    later = ["Jun", "Kei", "Leo", "Mio"]
    for night, players, closed in (("night-kyoto-4", later, False), ("night-kyoto-3", FOUR, True)):
        assert cli("night", "open", "riichi", *[a for p in players for a in ("-p", p)], "--club", "kyoto",
                   "--id", night, "--seed", "1").code == 0  # fmt: skip
        assert cli("night", "seat", night).code == 0
        assert cli("round", f"{night}-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
        assert cli("result", f"{night}-t1", "ron", "S", "mangan", "from", "N").code == 0
        assert not closed or cli("night", "close", night).code == 0
    assert _ranking(cli)[:4] == [(1, "Aki", "525.15", 3), (2, "Beni", "524.93", 3), (3, "Chie", "299.93", 3),
                                 (4, "Dai", "0.00", 3)]  # fmt: skip
    assert _made() == (rankings + 1, nights)
    rankings += 1
    assert cli("league", "name", "p1", "Aki T.", "--club", "osaka").code == 0
    # Aki (667, 1000, 667, 1000, a zero): A = 3334/5 = 666.8, B = 3334/4 = 833.5: 750.15.
    assert _ranking(cli)[:2] == [(1, "Aki", "750.15", 4), (2, "Beni", "524.93", 3)]
    assert _made() == (rankings + 1, nights)
    # Fumi, said at any club to be Chie: Fumi played at Osaka (second of four, 667), so it moves the
    # ranking. Chie (333, 667, 333, 667, a zero): A = 2000/5 = 400, B = 2000/4 = 500: 450.00.
    assert cli("league", "name", "p3", "Fumi").code == 0
    ranked = _ranking(cli)
    assert ranked[:3] == [(1, "Aki", "750.15", 4), (2, "Beni", "524.93", 3), (3, "Chie", "450.00", 4)]
    assert "Fumi @osaka" not in [row[1] for row in ranked] and _made() == (rankings + 2, nights)
    _same_as_from_the_events(cli, db, tmp_path, capsys)
