"""A Sendai-hana match in the terminal (`taikyoku replay`): the round at the table, the results, the standings."""

from __future__ import annotations

from typing import Any

from replay.engine.game import Grid, Layout, Line
from replay.games.hanafuda.layout import cards, counted, results_table


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    shown: Layout = [
        Line(
            f": Sendai-hana ({data['ruleset']['id']}, teyaku {data['ruleset']['options']['sendai.teyakuMode']}), "
            f"{', '.join(names)}, {counted(data['length'])}; at seq {data['at_seq']}",
            bold=data["match_id"],
        )
    ]
    rnd = data["round"]
    if rnd is not None:
        order = " → ".join(names[s] for s in rnd["turn_order"])
        shown.append(Line(f": turn order {order}; next: {rnd['expects']}", bold=f"\nRound {rnd['number']}"))
        shown.append(Grid("", ("", *names), (
            ("hand", *(cards(h) for h in rnd["hands"])),
            ("captured", *(cards(c) for c in rnd["captured"])),
            ("teyaku", *(", ".join(t) or "—" for t in rnd["teyaku_exposed"])),
            ("dekiyaku", *(", ".join(f"{y['name']} {y['points']}" for y in ys) or "—" for ys in rnd["dekiyaku"])),
            ("went", *("koi-koi" if seat in rnd["went"] else "" for seat in range(len(names)))),
        )))  # fmt: skip
        pile = rnd["draw_pile"]
        shown.append(Line(f"field: {cards(rnd['field'])}"))
        shown.append(Line(f"draw pile: {pile['left']} left" + (f", top {pile['top']}" if pile["top"] else "")))
    shown += results_table(data["results"], names)
    standings = ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))
    shown.append(Line(f"\nstandings ({'final' if data['complete'] else 'so far'}): {standings}"))
    return shown
