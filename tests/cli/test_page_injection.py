"""No text in a match can change the structure of its page: names and notes that would open an
HTML comment inside the data (which swallows the page's own script), end the <script> element,
carry a template marker, or a JavaScript line separator are shown as text, in a real browser; and
the page's policy lets only its own script run, so an inline script put into it runs not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli

HOSTILE = [
    "<!--<script>",
    "</script><script>window.pwned=1</script>",
    "{{script}}",
    "{{data}}",
    "a\u2028b\u2029c",
    "<img src=x onerror=window.pwned=1>",
]


def _open(browser: Any, path: Path) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    if "match-data" in path.read_text():  # a replay page draws its opening frame, then reads the whole match
        page.wait_for_selector(
            "body[data-seq][data-whole-read]", state="attached"
        )  # no eval: the page's policy forbids it
    return page, errors


@pytest.mark.parametrize(
    "text", HOSTILE, ids=["comment", "end-script", "script-marker", "data-marker", "separators", "img"]
)
def test_a_hostile_name_and_note_leave_the_view_page_whole(browser: Any, cli: Cli, tmp_path: Path, text: str) -> None:
    name = "Aki" if "\u2028" in text else f"Aki {text}"  # a name is one line: the separators go in the note
    assert cli("new", "tensho", "-p", name, "-p", "Bob", "--id", "m-1").code == 0
    assert cli("note", "m-1", "1", f"note {text}").code == 0
    out = tmp_path / "m-1.html"
    assert cli("view", "m-1", "-o", str(out)).code == 0
    page, errors = _open(browser, out)
    assert page.evaluate("document.getElementById('title').textContent") == f"m-1: {name}, Bob"
    assert page.evaluate("document.querySelectorAll('#moves li').length") == 2  # the page's own script drew it
    notes = page.evaluate("[...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ')")
    assert f"note {text}" in notes
    assert page.evaluate("window.pwned") is None and errors == []
    page.close()


def test_a_hostile_name_leaves_the_stats_page_and_the_index_whole(browser: Any, cli: Cli, tmp_path: Path) -> None:
    text = "<!--<script>{{data}}</script>"
    assert cli("new", "tensho", "-p", text, "-p", "Bob", "--id", "m-1").code == 0
    stats = tmp_path / "stats.html"
    assert cli("stats", "--html", str(stats)).code == 0
    page, errors = _open(browser, stats)
    data = page.evaluate("JSON.parse(document.getElementById('stats').textContent)")
    assert data["matches"] == 0 or isinstance(data, dict)
    assert page.evaluate("document.querySelectorAll('script').length") == 1 and errors == []
    page.close()
    folder = tmp_path / "pages"
    assert cli("export", "--all", "--format", "html", "-o", str(folder), "--include-abandoned").code == 0
    index = (folder / "index.html").read_text()
    assert "Content-Security-Policy" in index and "default-src 'none'" in index


def test_an_inline_script_put_into_the_page_does_not_run(browser: Any, cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    out = tmp_path / "m-1.html"
    assert cli("view", "m-1", "-o", str(out)).code == 0
    text = out.read_text()
    assert "unsafe-inline'; img" not in text and "script-src 'sha256-" in text
    out.write_text(text.replace("</body>", "<script>window.pwned = 1</script></body>"))  # as an injection would
    page, _ = _open(browser, out)
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("document.querySelectorAll('#moves li').length") > 10  # while the page's own script ran
    page.close()
