"""MCR's replay page in Chromium: a simulated match of two hands stepped through event by event
with the keyboard's arrow, each seat's hand, flowers and discards shown as `replay --at SEQ --json` has
them, every tile and flower drawn from the page's own sprite with its name (no card drawn), the
fans of each win laid out, nothing fetched, and nothing cut off at a phone's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browsing import walk
from tests.helpers import Cli

SHOWN = """() => Object.fromEntries([...document.querySelectorAll('#board [data-zone]')]
    .map(z => [z.dataset.zone, [...z.querySelectorAll('[data-piece]')].map(p => p.dataset.piece)]))"""


def _expected(state: dict[str, Any]) -> dict[str, list[str]]:
    rnd = state["round"]
    if rnd is None or not any(rnd["hands"]):
        return {}
    zones: dict[str, list[str]] = {}
    for seat in range(4):
        zones[f"hand-{seat}"] = list(rnd["hands"][seat])
        zones[f"river-{seat}"] = list(rnd["rivers"][seat])
        if rnd["flowers"][seat]:
            zones[f"flowers-{seat}"] = list(rnd["flowers"][seat])
    return zones


def test_the_mcr_page_draws_every_event_as_the_replay_has_it(browser: Any, cli: Cli, db: Path, tmp_path: Path) -> None:
    from replay.app.application import Application

    assert cli("simulate", "mcr", "--seed", "5", "--hands", "2", "--id", "mcr-page").code == 0
    out = tmp_path / "mcr-page.html"
    assert cli("view", "mcr-page", "-o", str(out)).code == 0
    truth = Application(str(db)).replay_frames("mcr-page", where=str(db))["frames"]
    seqs = [f["seq"] for f in truth]
    for width in (1280, 390):
        page = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844})
        requests: list[str] = []
        page.on("request", lambda request, seen=requests: seen.append(request.url))
        errors: list[str] = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-laid-out]", state="attached")
        flowers_seen = False
        walked = walk(page, len(seqs), SHOWN, every_shown=width == 1280, shown_every=40, checked_every=60)
        for index, (at_seq, frame, shown, scroll_width, _text) in enumerate(walked):
            seq = seqs[index]
            assert at_seq == str(seq) and frame == truth[index]["state"], seq
            if shown is not None:
                for zone, pieces in _expected(truth[index]["state"]).items():
                    assert shown.get(zone, []) == pieces, (seq, zone)
                    flowers_seen = flowers_seen or (zone.startswith("flowers") and bool(pieces))
            if index % 60 == 0 or index == len(seqs) - 1:
                assert scroll_width is not None and scroll_width <= width, (width, seq)
        if width == 1280:
            assert flowers_seen  # seed 5 deals flowers, set aside and drawn on the table
        symbols = set(page.evaluate("[...document.querySelectorAll('symbol')].map((s) => s.id)"))
        assert {f"t-{n}f" for n in range(1, 9)} <= symbols and "t-7z" in symbols
        assert not [s for s in symbols if s.startswith("c-") or s == "t-0m"]  # no card, no red five
        named = page.evaluate("document.querySelector('symbol#t-1f title').textContent")
        assert named == "plum (flower 1)"
        won = truth[-1]["state"]["results"][1]  # seed 5: hand 1 drawn, hand 2 won at its last event
        assert won["winner"] == 0 and won["total"] == 13
        fans = page.evaluate("[...document.querySelectorAll('[data-zone=\"fans\"] tr')].map((r) => r.dataset.fan)")
        assert fans == [f["id"] for f in won["fans"]]
        assert errors == [] and [url for url in requests if not url.startswith("file:")] == []
        page.close()
