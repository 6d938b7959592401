"""A table's phone in Chromium at 390x844 against the real server when the store is in trouble:
taps kept while the store cannot take them, a live page that comes back after an outage and says
it is behind while it is, and a token the phone forgets once its match is over."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import Server, token_of

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


def test_a_phone_forgets_its_token_when_the_match_is_over(
    browser: Any, cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    """Plant: the token kept in the phone's storage for ever."""
    token = token_of(cli, secret, "tbl-1")
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{served.base}/tables/tbl-1?token={token}")
        phone.wait_for_selector('[data-move="next"]')
        assert phone.evaluate("localStorage.getItem('taikyoku-token-tbl-1')") == token
        assert cli("abandon", "tbl-1", "--reason", "the players left").code == 0
        phone.wait_for_selector('body[data-seq="2"]')  # heard live
        phone.wait_for_function("() => localStorage.getItem('taikyoku-token-tbl-1') === null")
        assert phone.locator("[data-move]").count() == 0
    finally:
        context.close()
