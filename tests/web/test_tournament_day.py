"""A 40-player, four-session tournament run from the host's page in Chromium, as a director runs
one: the first session from the director's schedule file, swiss for the rest, the players registered
from a file (names, EMA numbers, countries, ten teams), a penalty and a substitute, time called at
every table, a cut after session 3 (the best 16 go on, results halved), the last session hidden
from the room and then revealed. The final standings, the team standing and the EMA's results are
literals worked out by hand.

WRC rules (30,000 start and return, uma +15/+5/-5/-15, ties sharing; time up: the hand in play is
the last). At every table East wins a mangan (12,000) from South, then time is called: East 42,000
(+12 + 15 = +27.0), South 18,000 (-27.0), West and North 30,000 tied for 2nd and 3rd ((5 - 5) / 2:
0.0). Session 1: table k seats Ak (East), Bk, Ck, Dk. Each swiss table was checked by hand against
the rule (the best placed left, then the best placed of those who met the table least, within the
next two tables' worth of players), and each table's winds against the balanced rule (the first order
of the names, sorted, in which each has the wind they have had least):

  session 2: A01 A02 A03 A04 | A05 A06 A07 A08 | C01 A09 A10 C02 | C03 C04 C05 C06 | C07 C08 C09 C10 |
             D01 D02 D03 D04 | D05 D06 D07 D08 | B01 D09 D10 B02 | B03 B04 B05 B06 | B07 B08 B09 B10
  session 3: A10 A01 A05 C03 | A03 A07 D05 C01 | A04 A08 D01 C07 | C02 C05 D03 C09 | C06 C10 D04 D07 |
             A02 D08 A06 A09 | C04 B01 B03 B07 | B05 D10 B09 C08 | B02 B06 B10 D02 | B04 D06 D09 B08
  session 4 (the 16 who went on): C02 A03 C06 A05 | C09 D05 A04 A10 | C01 C03 A02 C07 | D03 D01 D04 A01

After session 3 (each the sum of its seats; D10 -5 for a penalty): 54 for A03 A04 A05 A10; 27 for
C01 C02 C03 C06 C07 D01 D05 (average place 5/3) then A01 A02 (2); 0 for C09 D03 D04 D07 (2), ...; the
best 16 are those, C09 D03 D04 (by name, 17th D07). Halved: 27, 13.5, 0. Session 4 adds +27 to C02,
C09, C01, D03 and -27 to A03, D05, C03, D01."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import Server, room_standings

NIGHT = "night-open"
PLAYERS = [f"{letter}{number:02d}" for letter in "ABCD" for number in range(1, 11)]
TEAMS = ["Aachen", "Bergen", "Cork", "Delft", "Essen", "Faro", "Graz", "Hamar", "Ieper", "Jena"]
COUNTRY = {"A": "DE", "B": "FR", "C": "IT", "D": "NL"}

# The final standings: those who went on first, then those cut, each by total, average place, name.
FINAL = [
    ("C01", "+40.5"), ("C02", "+40.5"), ("A04", "+27.0"), ("A05", "+27.0"), ("A10", "+27.0"), ("C09", "+27.0"),
    ("D03", "+27.0"), ("C06", "+13.5"), ("C07", "+13.5"), ("A01", "+13.5"), ("A02", "+13.5"), ("A03", "0.0"),
    ("D04", "0.0"), ("C03", "-13.5"), ("D01", "-13.5"), ("D05", "-13.5"),
    ("D07", "0.0"), ("A06", "0.0"), ("A07", "0.0"), ("A08", "0.0"), ("A09", "0.0"), ("B02", "0.0"), ("B03", "0.0"),
    ("B05", "0.0"), ("B07", "0.0"), ("C04", "0.0"), ("B09", "-13.5"), ("B10", "-13.5"), ("C05", "-13.5"),
    ("C08", "-13.5"), ("C10", "-13.5"), ("D02", "-13.5"), ("D08", "-13.5"), ("D09", "-13.5"), ("B01", "-13.5"),
    ("B04", "-13.5"), ("D10", "-18.5"), ("B06", "-27.0"), ("B08", "-27.0"), ("D06", "-27.0"),
]  # fmt: skip
# Team k is Ak, Bk, Ck and Dk: Bergen 13.5 + 0 + 40.5 - 13.5; Aachen 13.5 - 13.5 + 40.5 - 13.5; ...
TEAM_STANDING = [
    ("1", "Bergen", "40.5", "C02 A02 B02 D02"), ("2", "Aachen", "27.0", "C01 A01 D01 B01"),
    ("3", "Cork", "13.5", "D03 A03 C03 B03"), ("3", "Delft", "13.5", "A04 D04 C04 B04"),
    ("3", "Graz", "13.5", "C07 D07 A07 B07"), ("6", "Essen", "0.0", "A05 D05 B05 C05"),
    ("6", "Ieper", "0.0", "C09 A09 B09 D09"), ("8", "Jena", "-18.5", "A10 B10 C10 D10"),
    ("9", "Faro", "-40.5", "C06 A06 B06 D06"), ("10", "Hamar", "-54.0", "A08 C08 D08 B08"),
]  # fmt: skip
# The EMA's rows: players next to each other on one total (and one side of the cut) share the
# better place and the mean base rank of the places they hold, 1000 x (40 - place) / 39:
# 1-2: 77000 / 78 = 987.2; 3-7: 175000 / 195 = 897.4; 8-11: 122000 / 156 = 782.1; 12-13: 55000 / 78
# = 705.1; 14-16: 75000 / 117 = 641.0; 17-26: 185000 / 390 = 474.4; 27-36: 85000 / 390 = 217.9;
# 37: 3000 / 39 = 76.9; 38-40: 3000 / 117 = 25.6.
RUNS = [(1, 2, 987), (3, 5, 897), (8, 4, 782), (12, 2, 705), (14, 3, 641), (17, 10, 474), (27, 10, 218),
        (37, 1, 77), (38, 3, 26)]  # fmt: skip


def _registration() -> str:
    lines = ["name,first_name,last_name,ema_number,country,team"]
    for name in PLAYERS:
        letter, number = name[0], int(name[1:])
        ema = f"{'ABCD'.index(letter) + 1:02d}{number:06d}" if letter in "AC" else ""
        lines.append(f"{name},{letter}. {number},Player {name},{ema},{COUNTRY[letter]},{TEAMS[number - 1]}")
    return "\n".join(lines) + "\n"


def _said(host: Any, words: str, click: str, twice: bool = False) -> None:
    """Tap a button of the host's page (twice where it asks first) and wait for what it says."""
    host.evaluate("() => { document.getElementById('said').textContent = ''; }")
    host.click(click)
    if twice:
        host.click(click)
    host.wait_for_selector(f"#said:has-text('{words}')")


def _tables(cli: Cli, session: int) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = cli("night", "show", NIGHT, "--json").json()["sessions"][session - 1]["tables"]
    return tables


def _play(cli: Cli, host: Any, session: int) -> None:
    """Each table's phone records East's mangan from South; then the director calls time."""
    for table in _tables(cli, session):
        done = cli("result", table["match_id"], "ron", "0", "mangan", "from", "1")
        assert done.code == 0, done.err
    host.reload()
    host.wait_for_selector("#running:not([hidden])")
    _said(host, "time is up at every table", "#time", twice=True)
    assert {t["status"] for t in _tables(cli, session)} == {"complete"}


def _seat(host: Any, mode: str) -> None:
    host.select_option("#seat-mode", mode)
    _said(host, "seated", "#seat")


def _room_standings(room: Any) -> list[tuple[str, str]]:
    return [(row[1], row[2]) for row in room_standings(room)]  # every page of them


def test_a_tournament_day_run_from_the_host_page(
    browser: Any, cli: Cli, db: Path, secret: Path, tmp_path: Path
) -> None:
    schedule = tmp_path / "schedule.csv"
    schedule.write_text("session,table,east,south,west,north\n" + "".join(
        f"1,{k},A{k:02d},B{k:02d},C{k:02d},D{k:02d}\n" for k in range(1, 11)), encoding="utf-8")  # fmt: skip
    registration = tmp_path / "players.csv"
    registration.write_text(_registration(), encoding="utf-8")
    opened = cli("night", "open", "riichi", "--ruleset", "wrc", *[a for n in PLAYERS for a in ("-p", n)],
                 "--sessions", "4", "--seed", "5", "--id", NIGHT, "--title", "Open")  # fmt: skip
    assert opened.code == 0, opened.err
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    screen = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        host = context.new_page()
        host.goto(f"{server.base}/host")
        host.wait_for_selector("#running:not([hidden])")
        # Session 1 from the director's file; the players registered; a penalty.
        host.select_option("#seat-mode", "prescripted")
        host.set_input_files("#seat-schedule", str(schedule))
        _said(host, "seated", "#seat")
        assert [t["players"] for t in _tables(cli, 1)][:2] == [
            ["A01", "B01", "C01", "D01"],
            ["A02", "B02", "C02", "D02"],
        ]
        host.fill("#clock-minutes", "90")
        _said(host, "the clock runs: 90 minutes", "#clock-start")
        host.select_option("#clock-table", "night-open-t2")  # table 2 started late: 20 minutes of its own
        host.fill("#clock-minutes", "20")
        _said(host, "own clock runs: 20 minutes", "#clock-start")
        clocks = [t["own_clock"] for t in _tables(cli, 1)]
        assert (
            clocks[1]["minutes"] == 20 and clocks[1]["table"] is True and clocks[0] is None and clocks[2:] == [None] * 8
        )
        host.set_input_files("#register-file", str(registration))
        _said(host, "the players are registered", "#register")
        host.select_option("#penalty-player", "D10")
        host.fill("#penalty-points", "-5")
        host.fill("#penalty-reason", "late to the table")
        _said(host, "penalty: D10 -5", "#penalty-give", twice=True)
        _play(cli, host, 1)
        # Session 2, swiss; D10 leaves table 8 and a substitute finishes it (the result stays D10's).
        _seat(host, "swiss")
        seated = _tables(cli, 2)
        assert [t["players"] for t in seated][7] == ["B01", "D09", "D10", "B02"]
        host.select_option("#substitute-seat", f'["{seated[7]["match_id"]}","D10"]')
        host.fill("#substitute-name", "Sora Substitute")
        host.fill("#substitute-reason", "called away")
        _said(host, "Sora Substitute sits in for D10", "#substitute-give", twice=True)
        _play(cli, host, 2)
        _seat(host, "swiss")
        assert [t["players"] for t in _tables(cli, 3)][:3] == [["A10", "A01", "A05", "C03"], ["A03", "A07", "D05", "C01"],
                                                               ["A04", "A08", "D01", "C07"]]  # fmt: skip
        _play(cli, host, 3)
        # The cut: the best 16 go on, their results so far halved; session 4 hidden from the room.
        host.fill("#cut-keep", "16")
        host.select_option("#cut-carry", "halved")
        _said(host, "the best 16 go on", "#cut", twice=True)
        host.fill("#hide-from", "4")
        _said(host, "session 4 on is hidden from the room", "#hide")
        _seat(host, "swiss")
        assert [t["players"] for t in _tables(cli, 4)] == [
            ["C02", "A03", "C06", "A05"], ["C09", "D05", "A04", "A10"], ["C01", "C03", "A02", "C07"],
            ["D03", "D01", "D04", "A01"],
        ]  # fmt: skip
        _play(cli, host, 4)
        room = screen.new_page()
        room.goto(f"{server.base}/?turn=0")  # its standings turned by a tap
        room.wait_for_selector("#standings tbody tr")
        room.wait_for_selector('[data-match="night-open-t31"] .score:has-text("hidden")')
        # The room stands as after session 3, halved: the 16 first (A03 A04 A05 A10 at +27.0 ...).
        hidden = _room_standings(room)
        assert hidden[:5] == [("A03", "+27.0"), ("A04", "+27.0"), ("A05", "+27.0"), ("A10", "+27.0"), ("C01", "+13.5")]
        assert "C01 +40.5" not in room.locator("#standings").inner_text()
        _said(host, "the results are shown to the room", "#reveal")
        room.reload()
        room.wait_for_selector('[data-match="night-open-t31"] .score:has-text("42,000")')
        assert _room_standings(room) == FINAL
        host.wait_for_selector("#teams tbody tr")
        teams = host.locator("#teams tbody tr")
        assert [tuple(teams.nth(i).inner_text().split("\t")[:3]) for i in range(teams.count())] == [
            (place, team, "+" + total if total[0] != "-" and total != "0.0" else total)
            for place, team, total, _ in TEAM_STANDING
        ]
        status, _, body = server.raw("GET", "/players/C01")  # a player's own page: their table and standing
        assert status == 200
        assert ('Open, session 4: table <a href="/tables/night-open-t33">night-open-t33</a>, East, with C03, A02, '
                "C07 (complete); 1st of 40, +40.5") in body.decode()  # fmt: skip
        status, _, body = server.raw("GET", f"/nights/{NIGHT}?format=teams")
        assert status == 200
        assert list(csv.reader(io.StringIO(body.decode()))) == [["place", "team", "total", "players"],
                                                                *[list(row) for row in TEAM_STANDING]]  # fmt: skip
        status, _, body = server.raw("GET", f"/nights/{NIGHT}?format=ema")
        rows = list(csv.reader(io.StringIO(body.decode())))
        assert rows[0] == ["place", "ema_number", "last_name", "first_name", "country", "score", "base_rank"]
        expected = []
        places = [(first, base) for first, size, base in RUNS for _ in range(size)]
        for (name, shown), (place, base) in zip(FINAL, places, strict=True):
            letter, number = name[0], int(name[1:])
            ema = f"{'ABCD'.index(letter) + 1:02d}{number:06d}" if letter in "AC" else ""
            score = shown.lstrip("+")
            expected.append(
                [str(place), ema, f"Player {name}", f"{letter}. {number}", COUNTRY[letter], score, str(base)]
            )
        assert rows[1:] == expected
    finally:
        context.close()
        screen.close()
        server.stop()
