"""A club night under EMA's rules, read on the room's screen and the night's page in Chromium: every
hundred of a final result kept, so two tables' leaders who end 300 points apart are told apart, and
tied players share their places' uma.

The night (seed 3) seats Aiko, Dana, Fay and Zoë at table 1 and Bram, Chen, Emil and Maximilian at
table 2, seat 0 dealing first. Each table plays its hanchan by results: two hands that score, then
six exhaustive draws with nobody tenpai (no payment; the deal passes), South 4 the last.

Table 1: Zoë (seat 3) rons Fay for 2 han 40 fu (2,600), then again for 2 han 30 fu (2,000): Aiko
30,000, Dana 30,000, Fay 25,400, Zoë 34,600. Table 2: Maximilian rons Emil for 1 han 40 fu (1,300),
then is alone tenpai at a draw (1,000 from each of the three): Bram 29,000, Chen 29,000, Emil 27,700,
Maximilian 34,300.

EMA 2016: 30,000 returned, no oka, uma +15/+5/-5/-15; tied players share the uma of the places they
tie for. Zoë 4.6 + 15 = +19.6; Maximilian 4.3 + 15 = +19.3; Aiko and Dana tie for second: (5 - 5) / 2
= 0, so 0.0 each; Bram and Chen likewise, -1.0 + 0 = -1.0 each; Emil -2.3 - 15 = -17.3; Fay -4.6 - 15 =
-19.6. Zoë wins the night. Plant: the results rounded to thousands (both leaders +19, Maximilian
first by name), or the ties by seat (Aiko +5, Dana -5)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import Server

PLAYERS = ("Zoë", "Maximilian", "Aiko", "Bram", "Chen", "Dana", "Emil", "Fay")
STANDINGS = [
    ("Zoë", "+19.6"), ("Maximilian", "+19.3"), ("Aiko", "0.0"), ("Dana", "0.0"),
    ("Bram", "-1.0"), ("Chen", "-1.0"), ("Emil", "-17.3"), ("Fay", "-19.6"),
]  # fmt: skip


def _night(cli: Cli) -> None:
    players = [a for name in PLAYERS for a in ("-p", name)]
    opened = cli("night", "open", "riichi", "--ruleset", "ema2016", *players, "--sessions", "1", "--seed", "3",
                 "--id", "night-ema")  # fmt: skip
    assert opened.code == 0, opened.err
    tables = cli("night", "seat", "night-ema", "--json").json()["sessions"][0]["tables"]
    assert [t["players"] for t in tables] == [["Aiko", "Dana", "Fay", "Zoë"], ["Bram", "Chen", "Emil", "Maximilian"]]
    hands = {
        "night-ema-t1": [("ron", "Zoë", "2han40fu", "from", "Fay"), ("ron", "Zoë", "2han30fu", "from", "Fay")],
        "night-ema-t2": [("ron", "Maximilian", "1han40fu", "from", "Emil"), ("draw", "tenpai", "Maximilian")],
    }
    for match, scoring in hands.items():
        for line in [*scoring, *[("draw", "tenpai", "none")] * 6]:
            done = cli("result", match, *line)
            assert done.code == 0, done.err


def test_an_ema_night_keeps_every_hundred_and_its_winner_is_the_right_one(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    _night(cli)
    finals = {m: cli("replay", m, "--json").json() for m in ("night-ema-t1", "night-ema-t2")}
    assert [f["complete"] for f in finals.values()] == [True, True]
    one, two = finals["night-ema-t1"]["final"], finals["night-ema-t2"]["final"]
    assert one["scores"] == [30000, 30000, 25400, 34600] and one["ranks"] == [2, 2, 4, 1]
    assert [str(r) for r in one["results"]] == ["0.0", "0.0", "-19.6", "19.6"]
    assert two["scores"] == [29000, 29000, 27700, 34300] and two["ranks"] == [2, 2, 4, 1]
    assert [str(r) for r in two["results"]] == ["-1.0", "-1.0", "-17.3", "19.3"]
    shown = cli("night", "show", "night-ema", "--json").json()["standings"]["riichi"]
    assert [(row["player"], row["shown"], row["provisional"]) for row in shown] == [
        (name, total, False) for name, total in STANDINGS
    ]
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        room = context.new_page()
        room.goto(f"{server.base}/")
        room.wait_for_selector("#standings tbody tr")
        rows = room.locator("#standings tbody tr")
        assert [rows.nth(i).inner_text().split("\t")[:3] for i in range(rows.count())] == [
            [str(place), name, total] for place, (name, total) in enumerate(STANDINGS, start=1)
        ]
        sheet = context.new_page()
        sheet.goto(f"{server.base}/nights/night-ema")
        first = sheet.locator("table").first.locator("tbody tr")
        assert [first.nth(i).inner_text().split("\t")[1:3] for i in range(first.count())] == [
            [name, total] for name, total in STANDINGS
        ]
        answer = sheet.request.get(f"{server.base}/nights/night-ema?format=csv")
        rows_csv = list(csv.DictReader(io.StringIO(answer.text())))
        assert {(r["player"], r["result"]) for r in rows_csv} == {
            ("Aiko", "0.0"), ("Dana", "0.0"), ("Fay", "-19.6"), ("Zoë", "19.6"),
            ("Bram", "-1.0"), ("Chen", "-1.0"), ("Emil", "-17.3"), ("Maximilian", "19.3"),
        }  # fmt: skip
    finally:
        context.close()
        server.stop()
