"""An MCR replay document as the terminal lays it out: the hand in play seat by seat, each hand's
result with its fans, the scores and table points."""

from __future__ import annotations

from typing import Any

from replay.engine.game import Grid, Layout, Line, figure
from replay.engine.words import in_names
from replay.games.mcr.tiles import compact


def _sets(melds: list[dict[str, Any]]) -> str:
    return " ".join(("[" + compact(m["tiles"]) + "]") for m in melds) or "-"


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    ruleset = data["ruleset"]["id"] if isinstance(data["ruleset"], dict) else data["ruleset"]
    shown: Layout = [Line(f": MCR, {ruleset}, {', '.join(names)}; at seq {data['at_seq']}", bold=data["match_id"])]
    rnd = data["round"]
    if rnd is not None:
        wall = f"{rnd['wall']} tiles in the wall; " if rnd["phase"] == "play" else ""
        shown.append(Line(f": {rnd['wind']} wind; {names[rnd['dealer']]} deals; {wall}next: {rnd['expects']}",
                          bold=f"\nHand {rnd['number']}"))  # fmt: skip
        if rnd["phase"] != "deal":
            rows = tuple(
                (f"{names[s]} ({rnd['seat_winds'][s]})", compact(rnd["hands"][s]) or "-", _sets(rnd["melds"][s]),
                 " ".join(rnd["flowers"][s]) or "-", " ".join(rnd["rivers"][s]) or "-")
                for s in range(len(names))
            )  # fmt: skip
            shown.append(Grid("", ("seat", "hand", "sets", "flowers", "discards"), rows))
    for result in data["results"]:
        shown.append(Line(f"hand {result['round']}: {in_names(result['explanation'], names)}; "
                          + ", ".join(f"{n} {p:+d}" for n, p in zip(names, result["points"], strict=True))))  # fmt: skip
    points = data["table_points"] or [None] * len(names)
    shown.append(Grid(f"scores ({'final' if data['complete'] else 'so far'})", ("player", "score", "table points"),
                      tuple((n, f"{s:+d}", figure(t)) for n, s, t in zip(names, data["standings"], points, strict=True))))  # fmt: skip
    return shown


def reviewed(found: dict[str, Any]) -> Layout:
    """The summary per player, then each discard that lost ground against the best."""
    rows = tuple((r["player"], figure(r["discards"]), figure(r["as_good_as_the_best"]), figure(r["lost_ground"]))
                 for r in found["summary"])  # fmt: skip
    shown: Layout = [Grid(f"{found['match_id']}: discards weighed by shanten",
                          ("player", "discards", "as good as the best", "lost ground"), rows)]  # fmt: skip
    for w in found["discards"]:
        if w["lost"]:
            shown.append(Line(f"hand {w['hand']}, seq {w['seq']}: {w['player']} discards {w['discard']} "
                              f"({w['shanten_after']}-shanten); best {' '.join(w['best'])} ({w['best_shanten']}-shanten)"))  # fmt: skip
    return shown
