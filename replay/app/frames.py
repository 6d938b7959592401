"""A match as its replay page draws it: every event with the table after it, the same document
``replay --at SEQ --json`` prints, with each choice weighed where the game weighs them, what
happened, and the audit's findings. The page (``replay/present/view_page.py``) only lays it out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.app.audit import Report
from replay.app.steps import game_of
from replay.engine.fold import Step, history
from replay.engine.snapshot import Snapshot, snapshot
from replay.games import GAMES, projection_for

META = ("annotation", "claim")  # on the record beside the table, not on it


def frames(match_id: str, steps: Sequence[Step], report: Report) -> dict[str, Any]:
    """The document a replay page draws: each event with the table after it (as ``replay --at``),
    from the match's steps (each with its recorder) and its audit's report."""
    game = game_of(steps)
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
        shown = step.type.split(".", 1)[-1].replace("_", " ")  # "<game>.play" -> "play"
        frame = {"seq": step.seq, "type": shown, "words": view.move_words(step, names), "by": step.recorded_by,
                 "retracted": step.seq in hist.retracted_by, "state": data}  # fmt: skip
        if step.type == "annotation":
            frame["about"] = step.payload.seq  # type: ignore[attr-defined]
        found = weighed.get(step.seq)
        if found is not None:  # the discard weighed: its shanten (and improving tiles), and the best one's
            frame["weighed"] = {key: found[key] for key in WEIGHED if key in found}  # what the game weighs
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
