"""A table's phone in Chromium at 390x844 against the real server when the store is in trouble:
taps kept while the store cannot take them, a live page that comes back after an outage and says
it is behind while it is, and a token the phone forgets once its match is over."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import SERVER_WAIT, Server, token_of

PHONE = {"viewport": {"width": 390, "height": 844}}


@pytest.fixture
def served(cli: Cli, db: Path, secret: Path) -> Iterator[Server]:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, env={"TAIKYOKU_BUSY_TIMEOUT_MS": "300"})
    yield server
    server.stop()


def test_taps_the_store_cannot_take_are_kept_and_sent_when_it_can(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """Plant: a 500 or 503 treated as "the table moved on" (the taps dropped though the table had
    not moved). Only a 409 drops them."""
    token = token_of(cli, secret, "tbl-1")
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{served.base}/tables/tbl-1?token={token}")
        phone.wait_for_selector('[data-move="next"]')
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # the store locked by another process for a while
        try:
            phone.click('[data-move="next"]')
            phone.wait_for_selector("#said:has-text('waits on this phone and is sent again')")
            phone.wait_for_selector("#waiting:has-text('1 waiting to be sent: next')")
            phone.evaluate("flush()")  # sent again while the store is still locked: still kept
            phone.wait_for_function("() => !flushing")
            assert phone.inner_text("#waiting") == "1 waiting to be sent: next"
            assert phone.get_attribute("body", "data-seq") == "1"
            box = phone.locator("#waiting").bounding_box()
            assert box is not None and box["y"] < 120  # said at the top, not below the buttons
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        phone.wait_for_selector('body[data-seq="2"]')  # sent again by itself once the store is free
        phone.wait_for_function("() => document.getElementById('waiting').textContent === ''")
        assert [e["type"] for e in cli("log", "tbl-1", "--json").json()] == ["match_started", "round_started"]
    finally:
        context.close()


def test_a_live_page_says_it_is_behind_through_an_outage_and_comes_back(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """Plant: the live stream answering 500 while the store is away (the browser then stops
    reconnecting and the page stays at its old event for good)."""
    token = token_of(cli, secret, "tbl-1")
    context = browser.new_context(**PHONE)
    try:
        watcher = context.new_page()  # a spectator's page: no token
        watcher.goto(f"{served.base}/tables/tbl-1")
        watcher.wait_for_selector('body[data-seq="1"]')
        away = db.with_name("away.db")
        db.rename(away)  # the store gone: moved away, as a restore or a full disk can make it
        try:
            watcher.wait_for_selector("#behind:visible")
            assert "behind at event 1" in watcher.inner_text("#behind")
            opened = context.new_page()  # a page opened during the outage says so, and comes back too
            opened.goto(f"{served.base}/tables/tbl-1")
            opened.wait_for_selector("#behind:has-text('tries again by itself')")
        finally:
            away.rename(db)
        assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0] == 201
        for page in (watcher, opened):
            page.wait_for_selector('body[data-seq="2"]')
            page.wait_for_selector("#behind", state="hidden")
    finally:
        context.close()


SETTLED = "() => taikyokuReadings().begun === taikyokuReadings().back"  # every reading asked has come back


@contextmanager
def _phone_on_tbl_1(browser: Any, served: Server, token: str, *, live: bool = True) -> Iterator[Any]:
    """The table's phone on tbl-1 at event 1, its opening readings all back (``live``: else its
    live stream cut, so that only the readings the test makes are made)."""
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        if not live:
            phone.route(f"{served.base}/api/matches/tbl-1/live", lambda route: route.abort())
        phone.goto(f"{served.base}/tables/tbl-1?token={token}")
        phone.wait_for_selector('[data-move="next"]')
        phone.wait_for_function(SETTLED)
        yield phone
    finally:
        context.close()


def _hold_the_first(phone: Any, address: str, *, answered: bool) -> list[tuple[Any, Any]]:
    """The first request for ``address`` from now on, held (``answered``: with the server's answer
    as it is now, else asked of the server when the test lets it go); the rest go on."""
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch() if answered else None))

    phone.route(address, hold)
    return held


def _until_held(phone: Any, *held: list[tuple[Any, Any]]) -> None:
    """Until each list holds its request, the page's events heard meanwhile (the route handlers run
    while Playwright waits on the page); at most the server's wait, on a busy machine."""
    deadline = time.monotonic() + SERVER_WAIT
    while not all(held):
        assert time.monotonic() < deadline, "the page never asked for the table"
        phone.wait_for_function("() => true")


def _shows_event_2_with_its_moves(phone: Any) -> None:
    """Every reading back, the phone shows event 2 and offers its moves (the yaku sets), not event 1's."""
    phone.wait_for_function(SETTLED)
    assert phone.get_attribute("body", "data-seq") == "2"
    assert phone.locator('#tap [data-move="next"]').count() == 0
    assert phone.locator('#tap [data-move^="yaku-set"]').count() == 2


def test_a_reading_begun_before_the_one_shown_never_takes_the_phone_back(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """Two readings of the table overlap, as a tap's answer and the live stream's word of it do: the
    one begun first comes back last, with the table as it was before the move. The phone stays on
    the table after the move, with its buttons. The older answer is held by the test until the
    newer one is shown. Plant: every reading shown as it comes back (the phone goes back to event 1
    and offers "next" again, and a tap on the buttons shown is refused for good)."""
    token = token_of(cli, secret, "tbl-1")
    with _phone_on_tbl_1(browser, served, token) as phone:
        held = _hold_the_first(phone, f"{served.base}/api/matches/tbl-1", answered=True)
        phone.select_option("#seat", "1")  # a reading begun at event 1
        _until_held(phone, held)  # the server has answered it (at event 1)
        assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0] == 201
        phone.wait_for_selector('body[data-seq="2"]')  # the live stream's reading, begun later, shown first
        route, before = held[0]
        route.fulfill(response=before)
        _shows_event_2_with_its_moves(phone)


def test_a_reading_whose_table_and_moves_disagree_reads_again(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """A reading asks for the table and for its moves at once; a move stored between the two
    answers makes them disagree (the table after the move, the buttons before it). The phone reads
    again, and offers the moves of the table it shows. The live stream is cut, so no later reading
    mends it. Plant: the two answers shown as they come (event 2 with "next" still offered)."""
    token = token_of(cli, secret, "tbl-1")
    with _phone_on_tbl_1(browser, served, token, live=False) as phone:
        table = _hold_the_first(phone, f"{served.base}/api/matches/tbl-1", answered=False)
        moves = _hold_the_first(phone, f"{served.base}/api/matches/tbl-1/moves", answered=True)  # at event 1
        phone.select_option("#seat", "1")
        _until_held(phone, table, moves)
        assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0] == 201
        table[0][0].continue_()  # the table read after the move: event 2
        route, before = moves[0]
        route.fulfill(response=before)
        phone.wait_for_selector('body[data-seq="2"]')
        _shows_event_2_with_its_moves(phone)


def test_a_phone_may_undo_the_hand_that_ended_its_match_never_an_abandon_then_forgets_its_token(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """A riichi table whose first hand ends the match (Dai, at 7,000, deals a mangan): the phone
    offers the undo until the server's window closes, and undoes the hand with one undo (its start
    with its result). The hand recorded again from the command line is heard. The host abandons the
    table: the phone writes no more, forgets its token, and the server refuses its undo (403) in
    the words it would show. Plants: the token dropped the moment the match ended (the undo did
    nothing); the phone's undo of the host's abandon taken; the token kept for ever; the result
    undone without its start (a deal panel between two undos); the header read by a descriptor
    closed (the server's reader then hears nothing more: "malformed")."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "tbl-2").code == 0
    assert cli("round", "tbl-2", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", "tbl-2", "ron", "S", "mangan", "from", "N").code == 0
    token = token_of(cli, secret, "tbl-2")
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{served.base}/tables/tbl-2?token={token}")
        phone.wait_for_selector("#status:has-text('its last hand can be undone here until')")
        assert phone.locator("[data-move]").count() == 0  # nothing else is offered
        assert phone.inner_text("#undo") == "undo the last"
        phone.click("#undo")
        assert phone.inner_text("#undo") == "undo the last? tap again to record it"
        phone.click("#undo")  # asked once, then done: the hand whole, its start with its result
        phone.wait_for_selector('body[data-seq="5"]')
        assert phone.inner_text("#undo") == "undo the last"  # its word again, not still asking
        assert [m["status"] for m in cli("matches", "--json").json() if m["match_id"] == "tbl-2"] == ["in play"]
        assert [e["type"] for e in cli("log", "tbl-2", "--json").json()][-2:] == ["retract", "retract"]
        assert cli("round", "tbl-2", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0  # the hand again
        assert cli("result", "tbl-2", "ron", "S", "mangan", "from", "N").code == 0
        phone.wait_for_selector('body[data-seq="7"]')  # heard, with the server's reader on the file all along
        phone.click("#undo")
        assert phone.inner_text("#undo") == "undo the last? tap again to record it"  # asked in the same words
        phone.click("#undo")
        phone.wait_for_selector('body[data-seq="9"]')
        assert cli("abandon", "tbl-2", "--reason", "the players left").code == 0
        phone.wait_for_selector('body[data-seq="10"]')  # heard live
        phone.wait_for_function("() => localStorage.getItem('taikyoku-token-tbl-2') === null")
        phone.wait_for_selector("#status:has-text('the host')")
        assert phone.locator("#undo").is_hidden()
    finally:
        context.close()
    assert served.call("POST", "/api/matches/tbl-2/moves", {"expected_seq": 10, "move": "undo"}, token=token) == (
        403, {"error": "the match was abandoned (the players left); only the host's page can reopen it",
              "code": "phone.match_abandoned"},
    )  # fmt: skip
    assert [e["type"] for e in cli("log", "tbl-2", "--json").json()][-1] == "match_ended"


def test_a_hand_recorded_by_its_result_shows_the_scores_the_hand_the_dealer_and_the_sticks(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """A riichi table recorded by results alone: after Chie's ron (riichi, pinfu, tanyao, dora: 4 han
    30 fu, 7,700 from Aki, her own stick back), the scorer's page shows each player's score, the
    hand and its dealer, the honba and sticks; then the next hand with its new dealer. Plant: the
    page drawing nothing of a hand without tiles ("The deal is next.")."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "r-1").code == 0
    assert cli("round", "r-1").code == 0
    line = ("ron", "W", "from", "E", "234m567p345s67s55m", "+8s", "riichi", "dora", "3m")
    assert cli("result", "r-1", *line).code == 0
    server = Server(str(db), secret)
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{server.base}/tables/r-1")  # watching: no token
        phone.wait_for_selector('body[data-seq="3"]')
        seats = [phone.inner_text(f'#board [data-seat="{seat}"]') for seat in range(4)]
        assert ["17300" in seats[0], "25000" in seats[1], "32700" in seats[2], "25000" in seats[3]] == [True] * 4
        assert "Aki · East · dealer" in seats[0] and "Chie · West" in seats[2] and "riichi" in seats[2]
        centre = phone.inner_text("#board .centre")
        assert "East 1" in centre and "Aki deals · honba 0 · riichi sticks 0" in centre
        assert cli("round", "r-1").code == 0  # Aki was not the winner: the deal passes to Beni
        phone.wait_for_selector('body[data-seq="4"]')
        centre = phone.inner_text("#board .centre")
        assert "East 2" in centre and "Beni deals · honba 0 · riichi sticks 0" in centre
        assert "Beni · East · dealer" in phone.inner_text('#board [data-seat="1"]')
        assert "32700" in phone.inner_text('#board [data-seat="2"]')  # the scores the hand left
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("screen", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 800}])
def test_the_rooms_screen_shows_every_table_and_the_standings_and_follows_each_result(
    browser: Any, cli: Cli, db: Path, secret: Path, screen: dict[str, int]
) -> None:
    """Two riichi tables under Tenhou's rules. Table r-2 ends on a daisangen ron from its dealer
    (Chie 57,000; Beni and Dai 25,000, Beni second by the seat nearer the first dealer; Aki -7,000):
    in thousands, every hundred kept (30,000 returned, oka 20 to first, uma 20/10/-10/-20): Chie 27.0
    + 20 + 20 = +67.0, Beni -5.0 + 10 = +5.0, Dai -5.0 - 10 = -15.0, Aki -37.0 - 20 = -57.0. Table r-1
    plays on: its first hand an exhaustive draw with Aki and Beni tenpai (1,500 each from Chie and Dai):
    Aki 26,500 first and Beni 26,500 second (the tie to the seat nearer the first dealer), Chie and
    Dai 23,500; as if it ended now: Aki -3.5 + 20 + 20 = +36.5, Beni -3.5 + 10 = +6.5, Chie -6.5 - 10 =
    -16.5, Dai -6.5 - 20 = -26.5. The night so far (provisional): Chie +50.5, Beni +11.5, Aki -20.5,
    Dai -41.5.
    Plant: the screen read once and never again, or standings summed from the wrong table."""
    names = ("-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai")
    for match in ("r-1", "r-2"):
        assert cli("new", "riichi", *names, "--id", match).code == 0
        assert cli("round", match).code == 0
    assert cli("result", "r-2", "ron", "W", "from", "E", "555z666z777z123m4p", "+4p", "dora", "1m").code == 0
    server = Server(str(db), secret)
    context = browser.new_context(viewport=screen)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        page.wait_for_selector('[data-match="r-1"]')
        both = page.inner_text("#tables")
        assert "r-1 · riichi" in both and "r-2 · riichi" in both
        ended = page.inner_text('[data-match="r-2"]')
        assert "East 1 over (0 honba) · finished" in ended and "Chie ron from Aki: Daisangen 13 (yakuman)" in ended
        assert [page.inner_text(f'[data-match="r-2"] li[data-seat="{s}"]') for s in range(4)] == [
            "▶ 4. Aki\n-7,000",
            "2. Beni\n25,000",
            "1. Chie\n57,000",
            "3. Dai\n25,000",
        ]  # fmt: skip (▶ the dealer)
        assert cli("result", "r-1", "draw", "tenpai", "E", "S").code == 0  # the screen hears it by itself
        page.wait_for_selector('[data-match="r-1"][data-seq="3"]')
        assert [page.inner_text(f'[data-match="r-1"] li[data-seat="{s}"]') for s in range(4)] == [
            "▶ 1. Aki\n26,500", "2. Beni\n26,500", "3. Chie\n23,500", "4. Dai\n23,500"]  # fmt: skip
        rows = page.locator("#standings tbody tr")
        assert [rows.nth(i).inner_text().split("\t") for i in range(rows.count())] == [
            ["1", "Chie *", "+50.5", "2"], ["2", "Beni *", "+11.5", "2"],
            ["3", "Aki *", "-20.5", "2"], ["4", "Dai *", "-41.5", "2"],
        ]  # fmt: skip
        box = page.locator("#standings").bounding_box()
        assert box is not None and box["y"] + box["height"] <= screen["height"]  # beside the tables, on the screen
    finally:
        context.close()
        server.stop()


def test_a_hand_kept_on_a_phone_without_network_is_said_in_names_and_the_final_result_is_shown(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Offline, Beni's mangan from Dai is kept on the phone: the queue says it in names, and the
    panel is cleared for the next hand. Back online it is stored; it ends the match (Dai below
    zero), and the phone shows the final result, oka and uma in it (Tenhou, every hundred kept,
    30,000 returned, oka 20 to first, uma 20/10/-10/-20): Beni 37,000 +47.0, Aki 34,000 +14.0,
    Chie 30,000 -10.0, Dai -1,000 -51.0. Plants: the queue shown as the line sent ("result ron 1
    ..."); the hand's choices left chosen; no final result on the phone."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "off-1").code == 0
    assert cli("round", "off-1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    server = Server(str(db), secret)
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{server.base}/tables/off-1?token={token_of(cli, secret, 'off-1')}")
        phone.wait_for_selector('#result-panel [data-winner="1"]')
        context.set_offline(True)
        for selector in (
            '[data-winner="1"]',
            '[data-from="3"]',
            '[data-limit="mangan"][data-seat="1"]',
            "[data-record]",
        ):
            phone.click(f"#result-panel {selector}")
        phone.wait_for_selector("#waiting:has-text('1 waiting to be sent')")
        assert phone.inner_text("#waiting") == "1 waiting to be sent: the result: Beni mangan ron from Dai"
        assert phone.locator('#result-panel [aria-pressed="true"]').count() == 0  # cleared for the next hand
        context.set_offline(False)
        phone.wait_for_selector('body[data-seq="3"]')
        phone.wait_for_selector('[data-zone="final"]')
        assert [phone.inner_text(f'[data-zone="final"] li:nth-child({n})') for n in range(1, 5)] == [
            "Beni: 37000 · +47.0", "Aki: 34000 · +14.0", "Chie: 30000 · -10.0", "Dai: -1000 · -51.0"]  # fmt: skip
    finally:
        context.close()
        server.stop()
