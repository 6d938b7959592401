"""A match as one self-contained HTML page: the table at every event, the move list, the results,
the notes and the audit's findings, with no server and nothing fetched.

Every frame of the page is the same document ``replay --at SEQ --json`` prints (the game's own
view of the projection), made by the application (``replay/app/frames.py``). The page carries the first frame and each later one as its change from
the one before (``page.delta``); its small inline script makes every frame again and draws it. The
page cannot disagree with the replay because it is the replay.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

from replay.app.catalog import GAMES
from replay.present.page import delta, fill, patch, shell, sprite


def carried(document: dict[str, Any]) -> dict[str, Any]:
    """The document as the page carries it: each frame's state as its change from the frame
    before (``"d"``), not whole; ``made_again`` is the inverse."""
    before: Any = {}
    recorder = None
    light = []
    for frame in document["frames"]:
        state = frame["state"]
        kept = {k: v for k, v in frame.items() if k not in ("state", "by", "retracted")}
        if frame["by"] != recorder:  # said when it changes; the page carries it forward
            kept["by"] = recorder = frame["by"]
        if frame["retracted"]:
            kept["retracted"] = True
        light.append(kept | {"d": delta(before, state)})
        before = state
    return document | {"frames": light}


def made_again(carried_document: dict[str, Any]) -> list[dict[str, Any]]:
    """Every frame whole from the carried document, as the page's script makes them."""
    state: dict[str, Any] = {}
    recorder = None
    made = []
    for frame in carried_document["frames"]:
        state = patch(state, frame["d"])
        recorder = frame.get("by", recorder)
        whole = {k: v for k, v in frame.items() if k != "d"} | {"by": recorder, "state": state}
        made.append(whole | {"retracted": frame.get("retracted", False)})
    return made


def page(frames: dict[str, Any], *, start_seq: int | None = None) -> str:
    """The whole HTML page for one match from its frames (``Application.replay_frames``), opening
    at ``start_seq`` (default: the first event)."""
    document = carried(frames)
    document["start_seq"] = start_seq
    document["piece_names"] = sprite.names(document["game"])
    document["last_seq"] = document["frames"][-1]["seq"] if document["frames"] else 0
    body = fill(asset("view.html"), {"sprite": sprite.sprite(document["game"]), "opening": packed(opening(document)),
                                     "data": packed(document)})  # fmt: skip
    return shell(f"{document['match_id']} ({document['game']})", body, style=asset("table.css"),
                 script=scripts(document["game"], "view.js"))  # fmt: skip


def opening(document: dict[str, Any]) -> dict[str, Any]:
    """What the page needs to draw the frame it opens at, read before the whole match: the document
    with the frames up to that one alone (and without the findings and the review), so that the
    first frame of a long match comes as soon as a short one's."""
    start = document["start_seq"]
    until = next((i for i, f in enumerate(document["frames"]) if f["seq"] == start), 0) if start else 0
    shown = {k: v for k, v in document.items() if k not in ("frames", "findings", "review")}
    return shown | {"frames": document["frames"][: until + 1], "findings": [], "review": None}


def asset(name: str) -> str:
    """One of the pages' own files (``replay/present/page/``): script, style or template."""
    return "\n" + resources.files("replay.present.page").joinpath(name).read_text(encoding="utf-8") + "\n"


def scripts(game: str, page: str) -> str:
    """A page's script: the shared drawing (render.js), the game's own (its ``page.js``), then the
    page's (view.js, table.js)."""
    own = resources.files(GAMES[game].page_package).joinpath("page.js").read_text(encoding="utf-8")
    return _uncommented(asset("render.js") + "\n" + own + "\n" + asset(page))


def _uncommented(script: str) -> str:
    """The script without its lines that are only a comment (they are for whoever reads the source;
    a page of every match carries them otherwise). No script of the pages has a string across lines."""
    return "\n".join(line for line in script.split("\n") if not line.lstrip().startswith("//"))


def packed(document: dict[str, Any]) -> str:
    """The document as the page holds it: JSON, gzip (the browser's own DecompressionStream reads
    it), base64. Made the same way every time (no time stamp in the gzip header)."""
    data = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")


def unpacked(html_page: str) -> dict[str, Any]:
    """The document a page holds (the inverse of ``packed``)."""
    found = re.search(r'<script id="match-data" type="application/octet-stream">([A-Za-z0-9+/=]*)</script>', html_page)
    if found is None:
        raise ValueError("no match data in this page")
    document: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
    return document


def index(entries: Sequence[tuple[str, str, str]]) -> str:
    """An index page for ``export --all --format html``: (file, match id, game) each."""
    rows = "".join(
        f'<li><a href="{html.escape(name)}">{html.escape(match)}</a> ({html.escape(game)})</li>'
        for name, match, game in entries
    )
    return shell("taikyoku matches", f"<h1>Matches</h1><ul>{rows}</ul>")
