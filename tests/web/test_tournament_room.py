"""A tournament's room at 1920x1080: 120 players at 30 tables, twelve tables at a time, the screen
turned by "next" (here: only by it, ``?turn=0``), every name whole and every table reachable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import Server

# Long names of a real kind: a double surname, a long given name.
PLAYERS = [f"Maximiliane Oberhauser-Lindqvist {n:03d}" for n in range(1, 121)]


def test_thirty_tables_are_paged_twelve_at_a_time_with_every_name_whole(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Plant: every table on one screen (30 cards, names cut)."""
    opened = cli("night", "open", "riichi", *[a for n in PLAYERS for a in ("-p", n)], "--sessions", "1",
                 "--id", "night-big")  # fmt: skip
    assert opened.code == 0, opened.err
    assert cli("night", "seat", "night-big").code == 0
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        room = context.new_page()
        room.goto(f"{server.base}/?turn=0")
        room.wait_for_selector('body[data-page="1/3"]', state="attached")
        seen: list[str] = []
        for page, count in (("1/3", 12), ("2/3", 12), ("3/3", 6)):
            room.wait_for_selector(f'body[data-page="{page}"]', state="attached")
            cards = room.locator("#tables article.table")
            assert cards.count() == count
            seen += [cards.nth(i).get_attribute("data-match") or "" for i in range(count)]
            # Every name whole: no player's line is wider than its box, and every card on the screen.
            cut = room.evaluate("""() => [...document.querySelectorAll('#tables li span:first-child')]
                .filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent)""")
            assert cut == []
            below = room.evaluate("""() => [...document.querySelectorAll('#tables article.table')]
                .filter((a) => a.getBoundingClientRect().bottom > window.innerHeight).length""")
            assert below == 0
            room.click("#next-tables")
        room.wait_for_selector('body[data-page="1/3"]', state="attached")  # after the last, the first again
        assert sorted(seen) == sorted(f"night-big-t{n}" for n in range(1, 31))
        assert "tables 1 to 12 of 30, page 1 of 3" in room.inner_text("#paging")
    finally:
        context.close()
        server.stop()
