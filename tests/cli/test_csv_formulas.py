"""CSV for spreadsheets: a name a spreadsheet would run as a formula (= + - @, OWASP's CSV
injection) is written with a leading ', so it shows as text; numbers stay numbers (-300 points
is data); --raw writes the text as stored."""

from __future__ import annotations

import csv
import io

from tests.helpers import Cli

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
