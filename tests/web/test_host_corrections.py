"""The host's corrections on a club night, in Chromium against the real server: the last hand of a
table that ended the match is undone from the host's page (the match and the night's standings
reopened with it); abandoning a table asks why and a second tap; seating the next session while a
table of the last plays on asks first; a retracted abandon leaves the night and `matches` agreeing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import Server

EIGHT = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]


def _statuses(cli: Cli, night: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each table's status as the night says it, and as `matches` says it."""
    sheet = cli("night", "show", night, "--json").json()
    in_night = {t["match_id"]: t["status"] for s in sheet["sessions"] for t in s["tables"]}
    listed = {m["match_id"]: m["status"] for m in cli("matches", "--json").json() if m["match_id"] in in_night}
    return in_night, listed


def test_the_host_undoes_a_hand_that_ended_a_match_and_abandons_with_a_reason(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Plants: no undo once a match ended; an abandon in one tap with no reason; a seating over a
    table still playing without a word."""
    assert cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-fix").code == 0
    sheet = cli("night", "seat", "night-fix", "--json").json()
    first, second = (t["match_id"] for t in sheet["sessions"][0]["tables"])
    # The first table ends on a mangan from a player at 7,000: below zero.
    assert cli("round", first, "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", first, "ron", "S", "mangan", "from", "N").code == 0
    assert _statuses(cli, "night-fix") == ({first: "complete", second: "in play"},) * 2
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host = context.new_page()
        host.goto(f"{server.base}/host")
        host.wait_for_selector(f'[data-match="{first}"][data-status="complete"]')
        host.click(f'[data-undo="{first}"]')
        assert host.inner_text(f'[data-undo="{first}"]').endswith("? tap again")
        host.click(f'[data-undo="{first}"]')
        host.wait_for_selector(f'[data-match="{first}"][data-status="in play"]')
        assert _statuses(cli, "night-fix") == ({first: "in play", second: "in play"},) * 2
        standing = cli("night", "show", "night-fix", "--json").json()["standings"]["riichi"]
        assert all(row["provisional"] for row in standing)  # reopened: the table plays on
        # No hand of the table has a result now: nothing is counted yet (the final result of the ended
        # match, +47.0 for the winner of the mangan, is gone with the hand).
        assert [row["shown"] for row in standing] == ["0", "0", "0", "0"]
        # Abandon: a reason first, then a second tap.
        host.click(f'[data-abandon="{second}"]')
        host.wait_for_selector(f'[data-reason="{second}"]:visible')
        host.click(f'[data-abandon="{second}"]')  # no reason yet: said, and nothing done
        host.wait_for_selector("#said:has-text('say why the table is abandoned first')")
        host.fill(f'[data-reason="{second}"]', "Dai was called away")
        host.click(f'[data-abandon="{second}"]')
        assert _statuses(cli, "night-fix")[0][second] == "in play"  # asked, not done
        host.click(f'[data-abandon="{second}"]')
        host.wait_for_selector(f'[data-match="{second}"][data-status="abandoned"]')
        log = cli("log", second, "--json").json()
        assert log[-1]["payload"]["note"] == "Dai was called away"
        # The next session while the first table plays on: asked first.
        host.click("#seat")
        assert "still play: seat the next session anyway? tap again" in host.inner_text("#seat")
        assert len(cli("night", "show", "night-fix", "--json").json()["sessions"]) == 1
        host.click("#seat")
        host.wait_for_selector('[data-session="2"]')
    finally:
        context.close()
        server.stop()


def test_a_retracted_abandon_leaves_the_night_and_matches_agreeing(cli: Cli) -> None:
    """Plant: the night's status read from its abandon alone (the night said abandoned while
    `matches` said in play, and the table could never be abandoned again)."""
    assert cli("night", "open", "riichi", *[a for n in EIGHT[:4] for a in ("-p", n)], "--id", "night-ab").code == 0
    (table,) = (t["match_id"] for t in cli("night", "seat", "night-ab", "--json").json()["sessions"][0]["tables"])
    assert cli("night", "abandon", "night-ab", table, "--reason", "a mistake").code == 0
    assert _statuses(cli, "night-ab") == ({table: "abandoned"}, {table: "abandoned"})
    ended = cli("log", table, "--json").json()[-1]["seq"]
    assert cli("retract", table, str(ended), "--reason", "the table plays on").code == 0
    assert _statuses(cli, "night-ab") == ({table: "in play"}, {table: "in play"})
    assert cli("night", "abandon", "night-ab", table, "--reason", "now it is").code == 0
    assert _statuses(cli, "night-ab") == ({table: "abandoned"}, {table: "abandoned"})
