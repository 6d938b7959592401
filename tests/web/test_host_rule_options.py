"""The host's page sets a night's rule options as `night open -O` does: the chosen ruleset's options,
each at its default; those changed are recorded in the night and in every table's first event, and
the night's facts name them. Real `serve` process, Chromium, an SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.serving import Server, host_opening

FOUR = ["Aki", "Beni", "Chie", "Dai"]


def test_the_host_opens_a_night_with_rule_options_of_its_own(browser: Any, cli: Cli, db: Path, secret: Path) -> None:
    """EMA 2016 with its leftover sticks lost and a chombo of 10,000: the facts say both, the table's
    match records both (and every other option at the ruleset's own). Plants: the changed controls
    not sent; every option sent (the facts would list none changed: the same); the options of the
    ruleset first shown kept after another is chosen."""
    from store import EventStore

    EventStore.open(db, create=True).close()
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        assert server.call("GET", "/api/host/rulesets/ema2017") == (
            422, {"error": "unknown ruleset 'ema2017'; use one of: " + ", ".join(
                r["id"] for r in cli("rules", "--json").json()), "code": "input.invalid"},
        )  # fmt: skip
        host = host_opening(context, server.base, "riichi", "tenhou")
        host.select_option("#night-ruleset", "ema2016")
        host.wait_for_selector('#night-option-list[data-ruleset="ema2016"]', state="attached")
        host.click("#night-options summary")
        leftover = '#night-option-list [data-option="riichi.leftoverSticks"]'
        assert host.input_value(leftover) == "firstPlace"  # the ruleset's own, as docs/rules.md gives it
        host.select_option(leftover, "lost")
        host.fill('#night-option-list [data-option="riichi.chomboPoints"]', "10000")
        host.fill("#new-players", "\n".join(FOUR))
        host.fill("#night-sessions", "1")
        host.click("#night-open")
        host.wait_for_function("() => document.getElementById('said').textContent !== ''")
        assert host.inner_text("#said") == "the night is open: seat the first session"
        assert host.inner_text("#night-facts").startswith(
            "riichi, ema2016 (riichi.chomboPoints=10000, riichi.leftoverSticks=lost); 0 of 1 sessions seated"
        )
        host.click("#seat")
        host.wait_for_selector("[data-qr]")
        match = host.evaluate("night")["sessions"][0]["tables"][0]["match_id"]
    finally:
        context.close()
        server.stop()
    started = cli("log", match, "--json").json()[0]["payload"]["ruleset"]
    assert started["id"] == "ema2016"
    options = started["options"]
    assert (options["riichi.leftoverSticks"], options["riichi.chomboPoints"]) == ("lost", 10000)
    assert (options["riichi.chombo"], options["riichi.uma"]) == ("finalPenalty", [15000, 5000, -5000, -15000])


def test_the_host_is_asked_for_an_option_the_ruleset_leaves_open(browser: Any, db: Path, secret: Path) -> None:
    """Sendai-hana as fudawiki gives no default for its teyaku: the night is not opened until the
    host chooses one, and then records it. Plant: the form sent without it (the server's words
    about --option on the host's page)."""
    from store import EventStore

    EventStore.open(db, create=True).close()
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host = host_opening(context, server.base, "sendai", "sendai-fudawiki")
        host.fill("#new-players", "Aki\nBeni\nChie")
        host.click("#night-open")
        host.wait_for_selector("#said.error")
        assert host.inner_text("#said") == (
            'choose sendai.teyakuMode under "rule options": this ruleset has no default for it'
        )
        assert host.evaluate("document.getElementById('night-options').open") is True
        host.select_option('#night-option-list [data-option="sendai.teyakuMode"]', "winRound")
        host.click("#night-open")
        host.wait_for_function("() => !document.getElementById('said').textContent.startsWith('choose')")
        assert host.inner_text("#said") == "the night is open: seat the first session"
        assert "(sendai.teyakuMode=winRound)" in host.inner_text("#night-facts")
    finally:
        context.close()
        server.stop()
