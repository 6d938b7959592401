"""The statistics page in a real browser (Debian's Chromium through Playwright): it opens with
no network request and no script error, draws its charts, and every standings and rates figure
it shows is the one `stats --json` gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.paths import CORPUS_MORE, GOLDEN

TABLES = """() => Object.fromEntries([...document.querySelectorAll('table[data-table]')].map(t =>
    [t.dataset.table, [...t.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent))]))"""


def _figure(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}"
    return f"{value:,.0f}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def test_the_stats_page_shows_the_numbers_stats_json_gives(browser: Any, cli: Cli, tmp_path: Path) -> None:
    files = sorted(CORPUS_MORE.glob("*.json"))[:6]
    assert cli("import", *map(str, files)).code == 0
    sendai = (GOLDEN / "sendai-seed45.jsonl").read_text()
    assert cli("record", "sendai-45", "-", stdin=sendai).code == 0
    found = cli("stats", "--json").json()
    out = tmp_path / "stats.html"
    written = cli("stats", "--html", str(out))
    assert written.code == 0 and written.out == f"wrote {out}: 7 matches\n"
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(out.as_uri())
    shown = page.evaluate(TABLES)
    for game, rows in found["standings"].items():
        expected = [
            [r["player"], _figure(r["matches"]), _figure(r["rounds"]), *map(_figure, r["places"]),
             _figure(r["average_place"]), _figure(r["points"]), _figure(r["wins"])]
            + ([f"{r['uma']:+d}"] if game == "riichi" else [])
            for r in rows
        ]  # fmt: skip
        assert shown[f"standings-{game}"] == expected, game
    rates = found["riichi"]["tenhou"]
    assert [row[:7] for row in shown["riichi-tenhou"]] == [
        [r["player"], _figure(r["hands"]), _percent(r["win_rate"]), _percent(r["deal_in_rate"]),
         _percent(r["riichi_rate"]), _percent(r["call_rate"]), _percent(r["tsumo_share"])]
        for r in rates
    ]  # fmt: skip
    assert shown["yaku-sendai"] == [[name, str(count)] for name, count in found["yaku"]["sendai"].items()]
    charts = page.evaluate(
        "[...document.querySelectorAll('figure[data-chart] svg')].map(s => s.parentElement.dataset.chart)"
    )
    assert charts == ["points-riichi", "places-riichi", "yaku-riichi", "points-sendai", "places-sendai", "yaku-sendai"]
    lines = page.evaluate("document.querySelectorAll('figure[data-chart=\"points-sendai\"] polyline').length")
    assert lines == 3  # one per player
    carried = json.loads(page.evaluate("document.getElementById('stats').textContent"))
    assert carried == found
    assert errors == [] and [url for url in requests if not url.startswith("file:")] == []
    page.close()
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(out.as_uri())
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll on a phone
    widths = phone.evaluate("[...document.querySelectorAll('figure svg')].map(s => s.getBoundingClientRect().width)")
    assert widths and max(widths) <= 390  # the charts size to the screen
    wide = phone.evaluate("[...document.querySelectorAll('.scroll')].filter(d => d.scrollWidth > d.clientWidth).length")
    assert wide >= 1  # a wide table scrolls inside itself
    written = phone.evaluate("document.querySelector('figure[data-chart=\"places-riichi\"]').innerText")
    assert "1st in green" in written and "4th in red" in written  # the colours said, not only in tooltips
    phone.close()
