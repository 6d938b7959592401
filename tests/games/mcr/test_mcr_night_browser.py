"""An MCR club night of four tables in Chromium: the host opens it from the host's page (MCR, 16
players, one session of two hands a table) and seats it; each table's phone (390x844) records its
hands by their results: by the fans tapped from the list (a fan another implies greyed out), by
the winning hand tapped tile by tile and priced by the rules, a false mahjong, draws. The scores,
the table points, the night's standings and the EMA's rows equal the figures worked by hand below
(mcr-ema: 8 from each other player and the fans from the discarder, or 8 + the fans from each when
self-drawn; a false mahjong 10 to each other player; table points 4, 2, 1, 0, ties sharing).

Table 1: seat 0 wins on seat 1's discard with All Pungs 6 and Half Flush 6, two flowers: 14; seat 1
pays 22, seats 2 and 3 pay 8: [38, -22, -8, -8]; then a draw. Table points: 4, 0, 1.5, 1.5.
Table 2: seat 2 self-drawn, the hand tapped: 11m 33m 55p 77p 99s 11z 7z and 7z: Seven Pairs 24, All
Types 6, Self-Drawn 1 = 31, 39 from each: [-39, -39, 117, -39]; then seat 1 on seat 3's discard with
Big Four Winds (All Pungs greyed once it is tapped): 88, seat 3 pays 96, the others 8:
[-47, 73, 109, -135]. Table points: 1, 2, 4, 0.
Table 3: seat 3's false mahjong (-30, +10 each), then seat 0 self-drawn with Full Flush 24, 32 from
each: [106, -22, -22, -62]; then a draw. Table points: 4, 1.5, 1.5, 0.
Table 4: two draws: [0, 0, 0, 0], 1.75 each.

The night: table points first, then the score: 4 (109), 4 (106), 4 (38), 2 (73), the four at 1.75 (0,
sharing place 5), 1.5 (-8) twice (place 9), 1.5 (-22) twice (place 11), 1 (-47), 0 (-22), 0 (-62),
0 (-135). Base ranks, 1000 x (16 - place) / 15, tied players sharing the mean: 1000, 933, 867, 800,
633 (four), 433 (two), 300 (two), 200, 133, 67, 0.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import host_and_room, token_of

PHONE = {"viewport": {"width": 390, "height": 844}}
PLAYERS = [f"{name} {n}" for name in ("Li", "Wang", "Zhang", "Chen") for n in range(1, 5)]
SEVEN_PAIRS = ["1m", "1m", "3m", "3m", "5p", "5p", "7p", "7p", "9s", "9s", "1z", "1z", "7z"]
# Each table's hands, as the taps that record them (the panel's selectors), and the seq after them
# (a hand's start and its result; a false mahjong is recorded in the hand it was declared in).
HANDS: list[list[tuple[list[str], int]]] = [
    [(['[data-winner="0"]', '[data-from="1"]', '[data-fan="all_pungs"]', '[data-fan="half_flush"]',
       '[data-flowers="2"]', "[data-record]"], 3),
     (['[data-result="draw"]', "[data-record]"], 5)],
    [(['[data-winner="2"]', '[data-how="self"]', '[data-by="hand"]', *[f'[data-tile="{t}"]' for t in SEVEN_PAIRS],
       '[data-target="tile"]', '[data-tile="7z"]', "[data-record]"], 3),
     (['[data-winner="1"]', '[data-from="3"]', '[data-fan="big_four_winds"]', "[data-record]"], 5)],
    [(['[data-result="false"]', '[data-false="3"]', "[data-record]"], 3),
     (['[data-winner="0"]', '[data-how="self"]', '[data-fan="full_flush"]', "[data-record]"], 4),
     (['[data-result="draw"]', "[data-record]"], 6)],
    [(['[data-result="draw"]', "[data-record]"], 3), (['[data-result="draw"]', "[data-record]"], 5)],
]  # fmt: skip
SCORES = [[38, -22, -8, -8], [-47, 73, 109, -135], [106, -22, -22, -62], [0, 0, 0, 0]]
TABLE_POINTS = [[4, 0, 1.5, 1.5], [1, 2, 4, 0], [4, 1.5, 1.5, 0], [1.75, 1.75, 1.75, 1.75]]
# The night's order as (table, seat), the table points, the score, the EMA place and base rank.
ORDER = [((1, 2), 4, 109, 1, 1000), ((2, 0), 4, 106, 2, 933), ((0, 0), 4, 38, 3, 867), ((1, 1), 2, 73, 4, 800),
         *[((3, s), 1.75, 0, 5, 633) for s in range(4)], ((0, 2), 1.5, -8, 9, 433), ((0, 3), 1.5, -8, 9, 433),
         ((2, 1), 1.5, -22, 11, 300), ((2, 2), 1.5, -22, 11, 300), ((1, 0), 1, -47, 13, 200),
         ((0, 1), 0, -22, 14, 133), ((2, 3), 0, -62, 15, 67), ((1, 3), 0, -135, 16, 0)]  # fmt: skip


def test_an_mcr_night_of_four_tables_recorded_on_phones_by_fans_and_by_hands(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    from store import EventStore

    EventStore.open(db, create=True).close()
    with host_and_room(browser, db, secret) as (host, room, server):
        host.wait_for_selector("#open-night:not([hidden])")
        host.select_option("#night-game", "mcr")
        host.fill("#new-players", "\n".join(PLAYERS))
        host.fill("#night-sessions", "1")
        host.fill("#night-length", "2")
        host.fill("#night-title", "MCR Tuesday")
        host.click("#night-open")
        host.wait_for_selector("#said:has-text('the night is open')")
        host.click("#seat")
        host.wait_for_selector("[data-qr]")
        sheet = host.evaluate("night")
        tables = sheet["sessions"][0]["tables"]
        assert len(tables) == 4 and sorted(n for t in tables for n in t["players"]) == sorted(PLAYERS)
        contexts = []
        try:
            for table, hands in zip(tables, HANDS, strict=True):
                match = table["match_id"]
                context = browser.new_context(**PHONE)
                contexts.append(context)
                phone = context.new_page()
                phone.goto(f"{server.base}/tables/{match}?token={token_of(cli, secret, match)}")
                phone.wait_for_selector('#result-panel [data-result="draw"]')
                for taps, seq in hands:
                    for selector in taps:
                        phone.click(f"#result-panel {selector}")
                        if selector == '[data-fan="big_four_winds"]':  # what it implies is not tapped again
                            assert phone.is_disabled('#result-panel [data-fan="all_pungs"]')
                            assert phone.is_disabled('#result-panel [data-fan="seat_wind"]')
                            assert not phone.is_disabled('#result-panel [data-fan="half_flush"]')
                    phone.wait_for_selector(f'body[data-seq="{seq}"]')
        finally:
            for context in contexts:
                context.close()
        for table, scores, points in zip(tables, SCORES, TABLE_POINTS, strict=True):
            final = host.evaluate(f"fetch('/api/matches/{table['match_id']}').then((a) => a.json())")
            assert final["status"] == "complete", table
            assert final["standings"] == scores and final["final"]["results"] == points
        second = host.evaluate(f"fetch('/api/matches/{tables[1]['match_id']}').then((a) => a.json())")
        assert [f["id"] for f in second["results"][0]["fans"]] == ["seven_pairs", "all_types", "self_drawn"]
        assert [f["id"] for f in second["results"][1]["fans"]] == ["big_four_winds"]
        name = {(t, s): tables[t]["players"][s] for t in range(4) for s in range(4)}
        night = host.evaluate(f"fetch('/api/nights/{sheet['night_id']}').then((a) => a.json())")
        standing = night["standings"]["MCR"]
        assert [(r["player"], r["total"], r["score"]) for r in standing][:4] == [
            (name[seat], total, score) for seat, total, score, _, _ in ORDER[:4]
        ]
        assert sorted((r["player"], r["total"], r["score"]) for r in standing) == sorted(
            (name[seat], total, score) for seat, total, score, _, _ in ORDER
        )
        ema = room.evaluate(f"fetch('/nights/{sheet['night_id']}?format=ema').then((a) => a.text())")
        rows = list(csv.DictReader(io.StringIO(ema)))
        assert list(rows[0]) == ["place", "ema_number", "last_name", "first_name", "country", "score", "points",
                                 "base_rank"]  # fmt: skip
        assert sorted((r["last_name"], int(r["place"]), float(r["score"]), int(r["points"]), int(r["base_rank"]))
                      for r in rows) == sorted(
            (name[seat], place, float(total), score, base) for seat, total, score, place, base in ORDER
        )  # fmt: skip
        room.wait_for_selector("#standings tbody tr")
        assert room.locator("#standings tbody tr").count() == 16
