"""A match as one self-contained HTML page: the table at every event, the move list, the results,
the notes and the audit's findings, with no server and nothing fetched.

Every frame of the page is the same document ``replay --at SEQ --json`` prints (the game's own
view of the projection). The page carries the first frame and each later one as its change from
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

from replay.app import service
from replay.app.audit import Report
from replay.engine.fold import Step, history
from replay.engine.snapshot import Snapshot, snapshot
from replay.games import GAMES, projection_for
from replay.present.page import delta, fill, patch, shell, sprite

META = ("annotation", "claim")  # on the record beside the table, not on it


def frames(match_id: str, steps: Sequence[Step], report: Report) -> dict[str, Any]:
    """The document the page draws: each event with the table after it (as ``replay --at``), from
    the match's steps (each with its recorder) and its audit's report (``Application.replayed``)."""
    game = service.game_of(steps)
    view = GAMES[game].view()
    projection = projection_for(game)
    hist = history(steps)
    started: Any = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]
    weigh = GAMES[game].rules().weigh
    reviewed = weigh(hist.effective, None) if weigh is not None else None
    weighed = {w["seq"]: w for w in reviewed["discards"]} if reviewed else {}
    unshown = {w["seq"]: w for w in reviewed.get("unshown_discards", [])} if reviewed else {}  # a public record's
    happened: dict[int, list[dict[str, Any]]] = {}  # what happened, at the event it was seen at
    for check in reviewed.get("happened", []) if reviewed else []:
        happened.setdefault(check["seq"], []).append({key: check[key] for key in ("check", "good", "player", "detail")})
    state = projection.initial()
    out: list[dict[str, Any]] = []
    at_seq = 0  # the last event on the table, as replay --at reports it
    for index, step in enumerate(steps):
        if step.type == "retract":
            # A retract changes what came before it: fold again from the start, as replay --at does.
            again = snapshot(projection, steps[: index + 1])
            state, at_seq = again.state, again.at_seq
        elif step.type not in META:
            state = projection.apply(state, step)  # an event retracted later counts until then
            at_seq = step.seq
        data = view.match_json(match_id, Snapshot(state, at_seq, {}))
        shown = step.type.split(".", 1)[-1].replace("_", " ")  # "tensho.play" -> "play"
        frame = {"seq": step.seq, "type": shown, "words": view.move_words(step, names), "by": step.recorded_by,
                 "retracted": step.seq in hist.retracted_by, "state": data}  # fmt: skip
        if step.type == "annotation":
            frame["about"] = step.payload.seq  # type: ignore[attr-defined]
        found = weighed.get(step.seq)
        if found is not None:  # the discard weighed: its shanten and improving tiles, and the best one's
            frame["weighed"] = {key: found[key] for key in WEIGHED}
        if step.seq in unshown:  # a discard of a hand not shown: its safety from what lay open, and who won on it
            frame["unshown"] = {key: unshown[step.seq][key] for key in ("defense", "dealt_in_to")}
        if step.seq in happened:
            frame["happened"] = happened[step.seq]
        seat = view.decided_by(step.payload)
        if seat is not None:
            frame["decides"] = seat  # a choice that seat made: the page's [ and ] keys go to it
        if step.type.endswith("round_started"):
            rnd = data["round"] or {}
            label = rnd.get("name") or f"{GAMES[game].round_word.capitalize()} {rnd.get('number', '')}"
            frame["round"] = label + (f", {rnd['honba']} honba" if rnd.get("honba") else "")
        out.append(frame)
    findings = [{"seq": f.seq, "kind": f.kind, "code": f.code, "message": f.message} for f in report.findings]
    return {
        "match_id": match_id,
        "game": game,
        "pieces": GAMES[game].piece_word,  # tiles are drawn at a square table, cards on a field
        "round_word": GAMES[game].round_word,
        "players": names,
        "frames": out,
        "findings": findings,
        "review": reviewed["summary"] if reviewed else None,
    }


WEIGHED = ("discard", "shanten_after", "ukeire_count", "best", "best_shanten", "best_count", "waits", "lost", "defense",
           "dealt_in_to")  # fmt: skip
# Moves a seat makes that are no choice of its own: a draw, what a card placed takes, a deal.


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


def page(match_id: str, steps: Sequence[Step], report: Report, *, start_seq: int | None = None) -> str:
    """The whole HTML page for one match, opening at ``start_seq`` (default: the first event)."""
    document = carried(frames(match_id, steps, report))
    document["start_seq"] = start_seq
    document["piece_names"] = sprite.names()
    document["last_seq"] = document["frames"][-1]["seq"] if document["frames"] else 0
    body = fill(asset("view.html"), {"sprite": sprite.sprite(document["pieces"]), "opening": packed(opening(document)),
                                     "data": packed(document)})  # fmt: skip
    return shell(f"{match_id} ({document['game']})", body, style=asset("table.css"),
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
