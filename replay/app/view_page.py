"""A match as one self-contained HTML page: the table at every event, the move list, the results,
the notes and the audit's findings, with no server and nothing fetched.

Every frame of the page is the same document ``replay --at SEQ --json`` prints (the game's own
view of the projection), embedded once as JSON; one small inline script draws it. The page
cannot disagree with the replay because it is the replay.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from importlib import resources
from typing import Any

from replay.app import service
from replay.app.audit import audit
from replay.app.page import embedded_json, fill, script_hash
from replay.engine.fold import Step, history
from replay.engine.snapshot import Snapshot, snapshot
from replay.games import GAMES, projection_for
from store import Store

META = ("annotation", "claim")  # on the record beside the table, not on it


def frames(store: Store, match_id: str) -> dict[str, Any]:
    """The document the page draws: each event with the table after it (as ``replay --at``)."""
    steps = service.read_steps(store, match_id, provenance="all")
    game = service.game_of(steps)
    view = GAMES[game].view()
    projection = projection_for(game)
    hist = history(steps)
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
        out.append({"seq": step.seq, "type": shown, "text": _words(step), "by": step.recorded_by,
                    "at": step.recorded_at, "retracted": step.seq in hist.retracted_by, "state": data})  # fmt: skip
    report = audit(store, match_id)
    findings = [{"seq": f.seq, "kind": f.kind, "code": f.code, "message": f.message} for f in report.findings]
    started = steps[0].payload
    return {
        "match_id": match_id,
        "game": game,
        "pieces": GAMES[game].piece_word,  # tiles are drawn at a square table, cards on a field
        "round_word": GAMES[game].round_word,
        "players": [p.name for p in sorted(started.players, key=lambda p: p.seat)],  # type: ignore[attr-defined]
        "frames": out,
        "findings": findings,
    }


def _words(step: Step) -> str:
    """An event in a few words for the move list (the type is shown beside it)."""
    if step.type == "match_started":
        started: Any = step.payload
        return f"{started.game}, {started.ruleset.id}: " + ", ".join(p.name for p in started.players)
    payload = step.payload.model_dump(mode="json")
    parts = []
    for key, value in sorted(payload.items()):
        if key == "hands":
            continue
        if isinstance(value, list):
            value = ",".join(map(str, value)) if len(value) <= 12 else f"({len(value)})"
        parts.append(f"{key}={value}")
    return " ".join(parts)


def page(store: Store, match_id: str, *, start_seq: int | None = None) -> str:
    """The whole HTML page for one match, opening at ``start_seq`` (default: the last event)."""
    document = frames(store, match_id)
    document["start_seq"] = start_seq
    template = resources.files("replay.app.page").joinpath("view.html").read_text(encoding="utf-8")
    script = "\n" + resources.files("replay.app.page").joinpath("view.js").read_text(encoding="utf-8") + "\n"
    return fill(
        template,
        {
            "csp": script_hash(script),
            "title": html.escape(f"{match_id} ({document['game']})"),
            "data": embedded_json(document),
            "script": script,
        },
    )


def index(entries: Sequence[tuple[str, str, str]]) -> str:
    """An index page for ``export --all --format html``: (file, match id, game) each."""
    rows = "".join(
        f'<li><a href="{html.escape(name)}">{html.escape(match)}</a> ({html.escape(game)})</li>'
        for name, match, game in entries
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
        'content="width=device-width, initial-scale=1">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        "<title>taikyoku matches</title></head>"
        f"<body><h1>Matches</h1><ul>{rows}</ul></body></html>\n"
    )
