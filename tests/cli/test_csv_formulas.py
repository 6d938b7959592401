"""CSV for spreadsheets: a name a spreadsheet would run as a formula (= + - @, OWASP's CSV
injection) is written with a leading ', so it shows as text; numbers stay numbers (-300 points
is data); --raw writes the text as stored."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.helpers import Cli
from tests.serving import Server

FORMULA = '=HYPERLINK("http://evil.example","click")'


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_every_csv_neutralises_a_formula_and_raw_keeps_it(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", FORMULA, "-p", "@Bob", "--id", "m-1").code == 0
    lines = (
        '{"type":"round_started","payload":{"round":1,"dealer":0}}\n'
        '{"type":"claim","payload":{"round":1,"points":[-300,300],"text":"+agreed"}}'
    )
    assert cli("record", "m-1", stdin=lines).code == 0
    standings = _rows(cli("export", "m-1", "--format", "csv", "--standings").out)
    assert [row[6] for row in standings[1:]] == ["'" + FORMULA, "'@Bob"]
    played = ("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-2", "-p", FORMULA, "-p", "@Bob")
    assert cli(*played).code == 0
    rounds = _rows(cli("export", "m-2", "--format", "csv").out)
    assert [rounds[1][12], rounds[1][14]] == ["'" + FORMULA, "'@Bob"]  # seat 0's and seat 1's names
    assert rounds[1][6] in ("'" + FORMULA, "'@Bob")  # the winner, by name
    stats = _rows(cli("stats", "--csv").out)
    assert sorted(row[1] for row in stats[1:]) == sorted(["'" + FORMULA, "'@Bob"])
    raw = _rows(cli("export", "m-1", "--format", "csv", "--standings", "--raw").out)
    assert [row[6] for row in raw[1:]] == [FORMULA, "@Bob"]
    assert sorted(row[1] for row in _rows(cli("stats", "--csv", "--raw").out)[1:]) == sorted([FORMULA, "@Bob"])


def test_negative_points_stay_numbers(cli: Cli) -> None:
    assert cli("simulate", "riichi", "--seed", "3", "--hands", "2", "--id", "r-1").code == 0
    rounds = _rows(cli("export", "r-1", "--format", "csv").out)
    assert [row[12::2] for row in rounds[1:]] == [["Ton", "Nan", "Sha", "Pei"]] * 2
    assert [row[13::2] for row in rounds[1:]] == [["1500", "-1500", "0", "0"], ["8000", "0", "0", "-8000"]]


def test_raw_without_csv_is_refused(cli: Cli) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    for args in (("export", "m-1", "--raw"), ("stats", "--raw")):
        result = cli(*args)
        assert result.code == 2 and "--raw is about csv cells" in result.err


HOSTILE = (FORMULA, "+1+cmd|calc", "@SUM(A1)", "-2+3")


def test_the_nights_season_and_players_csv_neutralise_formulas_in_the_terminal_and_the_server(
    cli: Cli, db: Path, secret: Path
) -> None:
    """One writer for every export: a night's table, the season and a player's page, from the
    command line and from the server's ?format=csv, each hostile name written with a leading '."""
    players = [a for n in HOSTILE for a in ("-p", n)]
    assert cli("night", "open", "riichi", *players, "--seed", "1", "--id", "night-csv").code == 0
    table = cli("night", "seat", "night-csv", "--json").json()["sessions"][0]["tables"][0]
    seated = table["players"]
    # The last seat starts at 7,000 and deals a mangan into the second: below zero, the match is over.
    assert cli("round", table["match_id"], "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert (
        cli("result", table["match_id"], "ron", "S", "mangan", "from", "N").code == 0
    )  # by seat: a name may start with -
    safe = sorted("'" + name for name in HOSTILE)
    night = _rows(cli("night", "show", "night-csv", "--csv").out)
    column = night[0].index("player")
    assert sorted(row[column] for row in night[1:]) == safe
    season = _rows(cli("season", "--csv").out)
    assert sorted(row[season[0].index("player")] for row in season[1:]) == safe
    for name in HOSTILE:
        mine = _rows(cli("player", "--csv", "--", name).out)
        (played,) = mine[1:]
        assert played[mine[0].index("table")] == "'" + " / ".join(seated)
    server = Server(str(db), secret)
    try:
        from urllib.parse import quote

        answers = {path: server.raw("GET", path) for path in (
            "/nights/night-csv?format=csv", "/season?game=riichi&format=csv",
            *(f"/players/{quote(name, safe='')}?format=csv" for name in HOSTILE))}  # fmt: skip
        season_html = server.raw("GET", "/season?game=riichi")[2].decode()
    finally:
        server.stop()
    for path, (status, headers, body) in answers.items():
        assert status == 200 and headers["content-type"].startswith("text/csv"), (path, status, body[:300])
        if path.startswith("/players/"):  # named after the player, in letters a file name holds
            assert headers["content-disposition"] in (
                'attachment; filename="HYPERLINK-http-evil-example-click.csv"',
                'attachment; filename="1-cmd-calc.csv"',
                'attachment; filename="SUM-A1.csv"',
                'attachment; filename="2-3.csv"',
            ), headers["content-disposition"]
        text = body.decode()
        for name in HOSTILE:
            assert f"\n{name}," not in text and f",{name}," not in text and f",{name}\n" not in text, (path, text)
    night_page = _rows(answers["/nights/night-csv?format=csv"][2].decode())
    assert sorted(row[night_page[0].index("player")] for row in night_page[1:]) == safe
    season_page = _rows(answers["/season?game=riichi&format=csv"][2].decode())
    assert sorted(row[season_page[0].index("player")] for row in season_page[1:]) == safe
    # The season's page heads its columns in words, not the keys of its JSON.
    assert "<th>average place</th>" in season_html and "<th>1st places</th>" in season_html, season_html[:2000]
    assert "average_place" not in season_html
