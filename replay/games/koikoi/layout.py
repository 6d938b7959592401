"""A koi-koi match in the terminal (`taikyoku replay`): the round at the table, the results, the standings."""

from __future__ import annotations

from typing import Any

from replay.engine.game import Grid, Layout, Line
from replay.games.hanafuda.layout import cards, counted, results_table


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    shown: Layout = [
        Line(
            f": Koi-koi ({data['ruleset']['id']}), {', '.join(names)}, {counted(data['length'])}; "
            f"at seq {data['at_seq']}",
            bold=data["match_id"],
        )
    ]
    rnd = data["round"]
    if rnd is not None:
        shown.append(Line(f": {names[rnd['dealer']]} deals; next: {rnd['expects']}", bold=f"\nRound {rnd['number']}"))
        shown.append(Grid("", ("", *names), (
            ("hand", *(cards(h) for h in rnd["hands"])),
            ("captured", *(cards(c) for c in rnd["captured"])),
            ("yaku", *(", ".join(f"{y['name']} {y['points']}" for y in ys) or "—" for ys in rnd["yaku"])),
            ("koi-koi", *(str(n) if n else "" for n in rnd["calls"])),
        )))  # fmt: skip
        pile = rnd["draw_pile"]
        shown.append(Line(f"field: {cards(rnd['field'])}"))
        shown.append(Line(f"draw pile: {pile['left']} left" + (f", top {pile['top']}" if pile["top"] else "")))
    shown += results_table(data["results"], names)
    held = ", ".join(f"{n} {s}" for n, s in zip(names, data["points_held"], strict=True))
    shown.append(Line(f"\npoints ({'final' if data['complete'] else 'so far'}): {held}"))
    return shown
