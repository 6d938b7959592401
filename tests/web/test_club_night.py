"""A club night end to end, in Chromium against the real `serve --host 0.0.0.0` process: the host
opens a night for 8 players from the host's page on the laptop (1280 wide) and seats the first
session from another device with the host link; each table's QR code, decoded as a phone's camera
would, gives an address on the network (never loopback); both riichi tables are recorded by their
results alone on phones (390x844), through a double ron, an exhaustive draw with two tenpai, an
abortive draw, a chombo, and a tsumo with honba and sticks on the table, every tap counted against
its budget; each table ends (a player below zero, Tenhou's rule), and the final scores,
placements and the night's standings equal what the rules give, worked out by hand below; the
room's screen (1920x1080) shows both tables and the standings, and follows each result through
the room's one live stream (the page keeps the version it last heard), besides its slow poll."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from tests.serving import Server

PHONE = {"viewport": {"width": 390, "height": 844}}
EIGHT = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]

# Table A, seats by number (seat 0 the first dealer); the scores after each hand, by hand:
# 1. Aki-dealer hand, a double ron on seat 3: seat 1 3 han 30 fu (960 x 4 = 3,840 -> 3,900), seat 2
#    a mangan (8,000): 25000, 28900, 33000, 13100.
# 2. Seat 1 deals: exhaustive draw, seats 0 and 2 tenpai (1,500 from each noten seat): 26500,
#    27400, 34500, 11600; the dealer was noten: the deal passes, 1 honba.
# 3. Seat 2 deals: four riichi, an abortive draw: each puts 1,000 down, 4 sticks stay on the table:
#    25500, 26400, 33500, 10600; the same dealer, 2 honba.
# 4. Seat 3's chombo: a reverse mangan (4,000 to the dealer, 2,000 to the others): 27500, 28400,
#    37500, 2600; the hand is played again: 2 honba, 4 sticks.
# 5. Seat 0 tsumo 3 han 30 fu: the dealer 2,000 + 200, the others 1,000 + 200, and the 4 sticks:
#    +8,600: 36100, 27200, 35300, 1400; the deal passes to seat 3.
# 6. Seat 1, in riichi, rons seat 3 for 3 han 30 fu (3,900; his stick comes back): 36100, 31100,
#    35300, -2500: seat 3 is below zero and the match ends.
# Tenhou's results (thousands, every hundred kept; 30,000 returned; oka 20 to first; uma 20/10):
# seat 0 6.1 + 20 + 20 = +46.1, seat 2 5.3 + 10 = +15.3, seat 1 1.1 - 10 = -8.9, seat 3 -32.5 - 20 =
# -52.5.
A_HANDS: list[tuple[list[str], int | None]] = [
    (['[data-winner="1"]', '[data-winner="2"]', '[data-from="3"]', '[data-han="3"][data-seat="1"]',
      '[data-fu="30"][data-seat="1"]', '[data-limit="mangan"][data-seat="2"]', "[data-record]"], None),
    (['[data-result="draw"]', '[data-tenpai="0"]', '[data-tenpai="2"]', "[data-record]"], 4),
    (['[data-result="abort"]', '[data-abort="four_riichi"]', '[data-riichi="0"]', '[data-riichi="1"]',
      '[data-riichi="2"]', '[data-riichi="3"]', "[data-record]"], None),
    (['[data-result="chombo"]', '[data-chombo="3"]', "[data-record]"], None),
    (['[data-winner="0"]', '[data-how="tsumo"]', '[data-han="3"]', '[data-fu="30"]', "[data-record]"], 5),
    (['[data-winner="1"]', '[data-from="3"]', '[data-riichi="1"]', '[data-han="3"]', '[data-fu="30"]',
      "[data-record]"], 6),
]  # fmt: skip
A_SCORES = [36100, 31100, 35300, -2500]
A_RESULTS = [46.1, -8.9, 15.3, -52.5]
# Table B: 1. the dealer (seat 0) tsumo a yakuman, 16,000 from each: 73000, 9000, 9000, 9000.
# 2. The dealer again (1 honba) rons seat 1 for a mangan, 12,000 + 300: 85300, -3300, 9000, 9000:
# seat 1 below zero. Seats 2 and 3 level at 9,000: seat 2 sits nearer the first dealer and is
# second. Results: seat 2 -21.0 + 10 = -11.0, seat 3 -21.0 - 10 = -31.0, seat 1 -33.3 - 20 = -53.3,
# seat 0 55.3 + 20 + 20 = +95.3.
B_HANDS: list[tuple[list[str], int | None]] = [
    (['[data-winner="0"]', '[data-how="tsumo"]', '[data-limit="yakuman"]', "[data-record]"], 5),
    (['[data-winner="0"]', '[data-from="1"]', '[data-limit="mangan"]', "[data-record]"], 6),
]  # fmt: skip
B_SCORES = [85300, -3300, 9000, 9000]
B_RESULTS = [95.3, -53.3, -11.0, -31.0]


def _decoded(shot: bytes) -> str:
    import zxingcpp
    from PIL import Image

    [found] = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    return str(found.text)


def _said_lines(server: Server) -> list[str]:
    """What serve printed first: its addresses and the host link."""
    lines = [server.first_line.strip()]
    assert server.proc.stdout is not None
    while not any(line.startswith("the host's page on another device: ") for line in lines):
        lines.append(server.proc.stdout.readline().strip())
        assert lines[-1], lines
    return lines


def test_a_club_night_of_two_riichi_tables_run_from_the_host_page_and_recorded_on_phones(
    browser: Any, db: Path, secret: Path
) -> None:
    from store import EventStore

    EventStore.open(db, create=True).close()
    server = Server(str(db), secret, host="0.0.0.0")
    contexts = []
    try:
        lines = _said_lines(server)
        host_link = next(line for line in lines if line.startswith("the host's page on another device: "))
        host_link = host_link.split(": ", 1)[1]
        public = re.fullmatch(r"(http://[^/]+)/host\?key=\w+", host_link)
        assert public is not None and not re.match(r"http://(127\.|\[::1\]|0\.0\.0\.0)", public[1]), host_link

        # The host, on the laptop: tonight's night, eight players, two tables of four.
        laptop = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(laptop)
        host = laptop.new_page()
        host.goto(f"{server.base}/host")
        host.wait_for_selector("#open-night:not([hidden])")
        host.fill("#new-players", "\n".join(EIGHT))
        host.fill("#night-sessions", "2")
        host.fill("#night-title", "Thursday club")
        host.click("#night-open")
        host.wait_for_selector("#said:has-text('the night is open')")
        assert "8 players present, 4 a table" in host.inner_text("#night-facts")

        # The host walks away with a tablet: the host link opens the page from the network.
        tablet_context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(tablet_context)
        tablet = tablet_context.new_page()
        refused = tablet.goto(f"{public[1]}/api/host/nights")
        assert refused is not None and refused.status == 403  # from the network, without the key
        tablet.goto(host_link)
        tablet.wait_for_selector("#running:not([hidden])")
        tablet.click("#seat")
        tablet.wait_for_selector("[data-qr]")
        sheet = tablet.evaluate("night")
        tables = sheet["sessions"][0]["tables"]
        assert len(tables) == 2 and sorted(n for t in tables for n in t["players"]) == sorted(EIGHT)

        # The room's screen, before anything is recorded.
        room_context = browser.new_context(viewport={"width": 1920, "height": 1080})
        contexts.append(room_context)
        room = room_context.new_page()
        room.goto(f"{server.base}/")
        for table in tables:
            room.wait_for_selector(f'[data-match="{table["match_id"]}"]')

        # Each table's phone scans its code: the link carries the network address and the token.
        phones = []
        for table in tables:
            link = _decoded(tablet.locator(f'[data-qr="{table["match_id"]}"]').screenshot())
            assert link.startswith(f"{public[1]}/tables/{table['match_id']}?token="), link
            phone_context = browser.new_context(**PHONE)
            contexts.append(phone_context)
            phone = phone_context.new_page()
            phone.goto(link)
            phone.wait_for_selector('body[data-seq="1"]')
            phone.wait_for_selector('#result-panel [data-result="draw"]')
            phones.append(phone)

        def play(phone: Any, match: str, hands: list[tuple[list[str], int | None]]) -> None:
            for number, (taps, budget) in enumerate(hands, start=1):
                heard = room.evaluate("heardVersion")
                for selector in taps:
                    phone.click(f"#result-panel {selector}")
                if budget is not None:
                    assert len(taps) <= budget, (match, number, len(taps))
                seq = 1 + 2 * number  # each hand: its start, then its result
                phone.wait_for_selector(f'body[data-seq="{seq}"]')
                room.wait_for_selector(f'[data-match="{match}"][data-seq="{seq}"]')
                # The result reached the room through the room's one live stream (whatever the poll did).
                room.wait_for_function(f"() => heardVersion > {heard}")

        play(phones[0], tables[0]["match_id"], A_HANDS)
        play(phones[1], tables[1]["match_id"], B_HANDS)

        for table, scores, results in ((tables[0], A_SCORES, A_RESULTS), (tables[1], B_SCORES, B_RESULTS)):
            final = host.evaluate(f"fetch('/api/matches/{table['match_id']}').then((a) => a.json())")
            assert final["status"] == "complete"
            assert final["results"][-1]["scores"] == scores
            assert final["final"]["results"] == results
        a, b = tables[0]["players"], tables[1]["players"]
        expected = [(b[0], "+95.3"), (a[0], "+46.1"), (a[2], "+15.3"), (a[1], "-8.9"), (b[2], "-11.0"),
                    (b[3], "-31.0"), (a[3], "-52.5"), (b[1], "-53.3")]  # fmt: skip
        night = host.evaluate(f"fetch('/api/nights/{sheet['night_id']}').then((a) => a.json())")
        # The total is a number (read in the browser: -11.0 is -11 there); shown, it keeps its tenth.
        assert [(p["player"], p["shown"], p["total"], p["provisional"]) for p in night["standings"]["riichi"]] == [
            (name, total, float(total), False) for name, total in expected
        ]
        rows = room.locator("#standings tbody tr")
        room.wait_for_function(  # nothing provisional now
            "() => [...document.querySelectorAll('#standings tbody tr td:nth-child(2)')].every((c) => !c.textContent.endsWith(' *'))"
        )
        shown = [rows.nth(i).inner_text().split("\t")[1:3] for i in range(rows.count())]
        assert shown == [[name, total] for name, total in expected]
        for table in tables:
            box = room.locator(f'[data-match="{table["match_id"]}"]').bounding_box()
            assert box is not None and box["y"] + box["height"] <= 1080  # both tables on the one screen
        # The night is closed from the tablet; its sheet is a page of its own, and a CSV.
        tablet.click("#close")
        tablet.wait_for_selector("#said:has-text('the night is closed')")
        csv_text = room.evaluate(f"fetch('/nights/{sheet['night_id']}?format=csv').then((a) => a.text())")
        assert csv_text.count("\n") == 9 and csv_text.startswith("night,session,match,status,seat,player")
        page = room.goto(f"{server.base}/nights/{sheet['night_id']}")
        assert page is not None and page.status == 200 and "Thursday club" in room.inner_text("h1")
    finally:
        for context in contexts:
            context.close()
        server.stop()
