"""A Tensho match in the terminal (`taikyoku replay`): the round at the table, the results, the standings."""

from __future__ import annotations

from typing import Any

from replay.engine.game import Grid, Layout, Line
from replay.games.hanafuda.layout import cards, counted, result_lines


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    shown: Layout = [
        Line(
            f": Tensho ({data['ruleset']['id']}), {' vs '.join(names)}, {counted(data['length'])}; "
            f"at seq {data['at_seq']}",
            bold=data["match_id"],
        )
    ]
    rnd = data["round"]
    if rnd is not None:
        set_text = f"yaku set {rnd['yaku_set']}" if rnd["yaku_set"] else "yaku set not chosen"
        shown.append(Line(f": dealer {names[rnd['dealer']]}, {set_text}; next: {rnd['expects']}",
                          bold=f"\nRound {rnd['number']}"))  # fmt: skip
        yaku = tuple(
            ", ".join(f"{y['name']} {'instant win' if y['instant_win'] else y['points']}" for y in ys) or "—"
            for ys in rnd["yaku"]
        )
        shown.append(Grid("", ("", *names), (
            ("hand", *(cards(h) for h in rnd["hands"])),
            ("captured", *(cards(c) for c in rnd["captured"])),
            ("yaku", *yaku),
        )))  # fmt: skip
        pile = rnd["draw_pile"]
        top = f", top {pile['top']}" if pile["top"] else ""
        shown.append(Line(f"field: {cards(rnd['field'])}"))
        shown.append(Line(f"draw pile: {pile['left']} left{top}"
                          + (f"; being placed: {rnd['pending']}" if rnd["pending"] else "")))  # fmt: skip
    if data["results"]:
        header = ("round", "dealer", "set", "winner", "decided by", *(f"{n}: yaku / chaff / value" for n in names))
        rows = tuple(
            (
                str(r["round"]),
                names[r["dealer"]],
                str(r["yaku_set"]),
                r["winner_name"] or "draw",
                r["reason"],
                *(
                    f"{p['yaku_points']} / {p['chaff']} / {p['card_value']}"
                    + "".join(f"\n  {y['name']} {'IW' if y['instant_win'] else y['points']}" for y in p["yaku"])
                    for p in r["players"]
                ),
            )
            for r in data["results"]
        )
        shown.append(Grid("results", header, rows))
        shown += [Line(line) for line in result_lines(data["results"], names)]
    standings = ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))
    done = "final" if data["complete"] else "so far"
    shown.append(Line(f"\nstandings ({data['score_unit']}, {done}): {standings}"))
    return shown
