"""Stepping a replay page through every event in Chromium, in few round trips: the page's own
keydown handler moves it on, and each step is read as it stands (the seq shown, the frame drawn,
the pieces in each zone, the page's width and text where asked)."""

from __future__ import annotations

from typing import Any

# One keydown of ArrowRight, as the keyboard sends it to the page's handler.
RIGHT = "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, cancelable: true}))"
BATCH = 25  # steps read in one round trip; the first of each is a real key press


def _script(shown: str) -> str:
    return f"""([first, count, everyShown, shownEvery, checkedEvery, last]) => {{
    const read = [];
    for (let index = first; index < first + count; index++) {{
        if (index > first) {RIGHT};
        const checked = index % checkedEvery === 0 || index === last;
        read.push([document.body.dataset.seq, window.taikyokuFrame(),
                   everyShown || index % shownEvery === 0 ? ({shown})() : null,
                   checked ? document.documentElement.scrollWidth : null, checked ? document.body.innerText : null]);
    }}
    return read;
}}"""


def walk(page: Any, total: int, shown: str, *, every_shown: bool, shown_every: int,
         checked_every: int) -> list[tuple[str, Any, Any, int | None, str | None]]:  # fmt: skip
    """From the first event (the page shown there) to the last, each step's [seq, frame, zones
    (every step, or every ``shown_every``-th), scroll width and text (every ``checked_every``-th
    and the last)]. Every ``BATCH``-th step is a real key press (Playwright's keyboard), the steps
    between the same keydown dispatched to the page, each read after its own step."""
    script = _script(shown)
    readings: list[tuple[str, Any, Any, int | None, str | None]] = []
    for first in range(0, total, BATCH):
        if first:
            page.keyboard.press("ArrowRight")
        count = min(BATCH, total - first)
        readings += [
            tuple(r) for r in page.evaluate(script, [first, count, every_shown, shown_every, checked_every, total - 1])
        ]  # type: ignore[misc]
    return readings


def step_to(page: Any, index: int) -> str:
    """The page at the ``index``-th event (from Home), and the seq it shows."""
    page.keyboard.press("Home")
    return str(
        page.evaluate(f"(n) => {{ for (let i = 0; i < n; i++) {RIGHT}; return document.body.dataset.seq }}", index)
    )
