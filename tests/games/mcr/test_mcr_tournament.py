"""An MCR tournament from the command line, into a real SQLite file: eight registered players in
four teams, session 1 seated from the director's schedule, session 2 swiss (the top of the
standings together), one hand a session; the standings by table points then the score, the room's
screen, the team standing and the EMA's rows equal the figures worked by hand below.

Session 1 (the schedule): table 1 Ann, Bo, Cy, Di; table 2 Ed, Flo, Gus, Hal.
  Table 1: Ann wins on Bo's discard with All Pungs and Half Flush, 12: Ann +36, Bo -20, Cy -8,
  Di -8; table points 4, 0, 1.5, 1.5. Table 2: Ed self-drawn with Full Flush, 24: Ed +96, the others
  -32 each; table points 4, and 1 each for the three tied ((2 + 1 + 0) / 3).
  Standings: Ed 4 (96), Ann 4 (36), Cy and Di 1.5 (-8), Flo, Gus, Hal 1 (-32), Bo 0 (-20).
Session 2 (swiss: the best-placed player left, then those who have met the table least, nearest
the top): Ed; Ann (never met Ed); Cy and Flo have each met one of them, Cy placed higher; then Flo
(met Ed only) before Di (met Ann and Cy). Tables: Ed, Ann, Cy, Flo; Di, Gus, Hal, Bo.
  Table 1: Cy wins on Ed's discard, 12: Cy +36, Ed -20, Ann -8, Flo -8; table points Cy 4, Ann and Flo
  1.5, Ed 0. Table 2: a draw, 1.75 each.
Totals: Ann 5.5 (28), Cy 5.5 (28), Ed 4 (76), Di 3.25 (-8), Gus and Hal 2.75 (-32), Flo 2.5 (-40),
  Bo 1.75 (-20). Ann and Cy level on both, and on their average place (1.5): by name; Gus and Hal
  likewise. The EMA's places: Ann and Cy 1, Ed 3, Di 4, Gus and Hal 5, Flo 7, Bo 8; base ranks
  1000 x (8 - place) / 7, tied players sharing the mean: 929, 929, 714, 571, 357, 357, 143, 0.
Teams: Tigers (Cy, Di) 8.75, Dragons (Ann, Bo) 7.25, Cranes (Ed, Flo) 6.5, Pines (Gus, Hal) 5.5.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers import Cli

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
TEAMS = {"Ann": "Dragons", "Bo": "Dragons", "Cy": "Tigers", "Di": "Tigers", "Ed": "Cranes", "Flo": "Cranes",
         "Gus": "Pines", "Hal": "Pines"}  # fmt: skip
STANDINGS = [("Ann", 5.5, 28), ("Cy", 5.5, 28), ("Ed", 4, 76), ("Di", 3.25, -8), ("Gus", 2.75, -32),
             ("Hal", 2.75, -32), ("Flo", 2.5, -40), ("Bo", 1.75, -20)]  # fmt: skip
EMA = [(1, "Ann", 929), (1, "Cy", 929), (3, "Ed", 714), (4, "Di", 571), (5, "Gus", 357), (5, "Hal", 357),
       (7, "Flo", 143), (8, "Bo", 0)]  # fmt: skip


def _ok(cli: Cli, *args: str) -> str:
    said = cli(*args)
    assert said.code == 0, (args, said.err)
    return said.out


def test_an_mcr_tournament_seated_by_schedule_then_swiss_ranks_by_table_points_then_score(
    cli: Cli, tmp_path: Path
) -> None:
    players = [w for p in PLAYERS for w in ("-p", p)]
    _ok(cli, "night", "open", "mcr", *players, "--sessions", "2", "--length", "1", "--id", "night-mcr",
        "--title", "MCR Open")  # fmt: skip
    register = tmp_path / "players.csv"
    register.write_text("name,first_name,last_name,ema_number,country,team\n" + "".join(
        f"{p},{p},{p}son,{11000000 + i},{'DE' if i % 2 else 'NL'},{TEAMS[p]}\n" for i, p in enumerate(PLAYERS)))  # fmt: skip
    _ok(cli, "night", "register", "night-mcr", str(register))
    schedule = tmp_path / "schedule.csv"
    schedule.write_text("1,1,Ann,Bo,Cy,Di\n1,2,Ed,Flo,Gus,Hal\n")
    seated = cli("night", "seat", "night-mcr", "--mode", "prescripted", "--schedule", str(schedule), "--winds",
                 "prescripted", "--json").json()  # fmt: skip
    first = seated["sessions"][0]["tables"]
    assert [t["players"] for t in first] == [["Ann", "Bo", "Cy", "Di"], ["Ed", "Flo", "Gus", "Hal"]]
    _ok(cli, "result", first[0]["match_id"], "Ann", "from", "Bo", "all_pungs", "half_flush")
    _ok(cli, "result", first[1]["match_id"], "Ed", "full_flush")
    second = cli("night", "seat", "night-mcr", "--mode", "swiss", "--json").json()["sessions"][1]["tables"]
    assert [sorted(t["players"]) for t in second] == [["Ann", "Cy", "Ed", "Flo"], ["Bo", "Di", "Gus", "Hal"]]
    _ok(cli, "result", second[0]["match_id"], "Cy", "from", "Ed", "all_pungs", "half_flush")
    _ok(cli, "result", second[1]["match_id"], "draw")
    sheet = cli("night", "show", "night-mcr", "--json").json()
    assert [(r["player"], r["total"], r["score"]) for r in sheet["standings"]["MCR"]] == STANDINGS
    shown = _ok(cli, "night", "show", "night-mcr")
    assert "1. Ann +5.5, score +28 (2 tables)" in shown and "8. Bo +1.75, score -20 (2 tables)" in shown
    teams = cli("night", "teams", "night-mcr", "--json").json()
    assert [(t["team"], t["total"], t["place"]) for t in teams] == [
        ("Tigers", 8.75, 1), ("Dragons", 7.25, 2), ("Cranes", 6.5, 3), ("Pines", 5.5, 4)
    ]  # fmt: skip
    ema = cli("night", "ema", "night-mcr", "--json").json()
    assert [(r["place"], r["player"], r["base_rank"]) for r in ema["results"]] == EMA
    assert [(r["score"], r["points"]) for r in ema["results"]][:3] == [(5.5, 28), (5.5, 28), (4, 76)]
    assert ema["event"]["players"] == 8 and ema["event"]["country_codes"] == ["DE", "NL"]
    rows = _ok(cli, "night", "ema", "night-mcr", "--csv").splitlines()
    assert rows[0] == "place,ema_number,last_name,first_name,country,score,points,base_rank"
    assert rows[1] == "1,11000000,Annson,Ann,NL,5.5,28,929"
    from replay.app.application import Application

    room = Application(str(cli.db)).room()
    assert [(r["player"], r["score"]) for r in room["standings"]["MCR"]] == [(p, s) for p, _, s in STANDINGS]
    assert sorted(t["match_id"] for t in room["tables"]) == sorted(t["match_id"] for t in second)


def test_a_penalty_in_mcr_is_points_off_the_score_and_the_table_points_stand(cli: Cli, tmp_path: Path) -> None:
    """The same tournament, then Ann penalised 20 points: her table points stay 5.5, her score goes
    from 28 to 8, so Cy (5.5, 28) now stands above her, and they no longer share a place."""
    test_an_mcr_tournament_seated_by_schedule_then_swiss_ranks_by_table_points_then_score(cli, tmp_path)
    _ok(cli, "night", "penalty", "night-mcr", "Ann", "--points", "-20", "--reason", "a phone at the table")
    top = cli("night", "show", "night-mcr", "--json").json()["standings"]["MCR"][:2]
    assert [(r["player"], r["total"], r["score"], r.get("penalties", 0)) for r in top] == [
        ("Cy", 5.5, 28, 0),
        ("Ann", 5.5, 8, -20),
    ]
    ema = cli("night", "ema", "night-mcr", "--json").json()["results"][:2]
    assert [(r["place"], r["player"], r["points"]) for r in ema] == [(1, "Cy", 28), (2, "Ann", 8)]
