"""A riichi match in the terminal (`taikyoku replay`): the hand at the table, each hand's result, the
scores or the final standings."""

from __future__ import annotations

from typing import Any

from replay.engine.exact import signed
from replay.engine.game import Grid, Layout, Line
from replay.engine.words import in_names

DEPTHS = {"result": " (recorded at result depth)", "declared": " (declared at the table, no tiles)",
          "record": " (as the log recorded it)"}  # fmt: skip


def layout(data: dict[str, Any]) -> Layout:
    names = [p["name"] for p in data["players"]]
    shown: Layout = [
        Line(f": riichi ({data['ruleset']['id']}), {', '.join(names)}; at seq {data['at_seq']}", bold=data["match_id"])
    ]
    rnd = data["round"]
    if rnd is not None:
        dealt = (
            f"dora indicators {' '.join(rnd['dora_indicators'])}; wall {rnd['wall_left']}"
            if rnd["dora_indicators"]
            else "not dealt yet"
        )
        shown.append(Line(f" (hand {rnd['hand']}), {rnd['honba']} honba, {rnd['sticks']} sticks; {dealt}; "
                          f"next: {rnd['expects']}", bold=f"\n{rnd['name']}"))  # fmt: skip
        rows = []
        for seat, name in enumerate(names):
            melds = " ".join("".join(m["tiles"]) + f"({m['kind']})" for m in rnd["melds"][seat]) if rnd["melds"] else ""
            river = " ".join(
                r["tile"] + ("*" if r["riichi"] else "") + ("'" if r["tsumogiri"] else "") + ("^" if r["taken"] else "")
                for r in (rnd["rivers"][seat] if rnd["rivers"] else [])
            )
            riichi = " riichi" if rnd["riichi"] and rnd["riichi"][seat] else ""
            rows.append((f"{seat} {name}{riichi}", rnd["seat_winds"][seat], str(rnd["scores"][seat]),
                         rnd["hands"][seat] if rnd["hands"] else "", melds, river))  # fmt: skip
        shown.append(Grid("", ("seat", "wind", "score", "hand", "melds", "river"), tuple(rows)))
        shown.append(Line("river marks: * riichi tile, ' tsumogiri, ^ called away"))
    for result in data["results"]:
        points = ", ".join(f"{n} {p:+}" for n, p in zip(names, result["points"], strict=True))
        depth = DEPTHS.get(result.get("depth", ""), "")
        down = [names[s] for s, n in enumerate(result.get("riichi_sticks_put_down", [])) if n]
        sticks = f" (riichi sticks put down counted: {', '.join(down)})" if down else ""
        shown.append(Line(f"hand {result['hand']}{depth}: {in_names(result['explanation'], names)}; {points}{sticks}"))
    final = data.get("final")
    if final:
        places = sorted(range(len(names)), key=lambda seat: final["ranks"][seat])
        standing = ", ".join(
            f"{final['ranks'][s]}. {names[s]} {final['scores'][s]} ({signed(final['results'][s])})" for s in places
        )
        shown.append(Line(f"\nfinal (points, and results in thousands with oka and uma): {standing}"))
    elif data["scores"]:
        shown.append(Line(f"\nscores: {', '.join(f'{n} {s}' for n, s in zip(names, data['scores'], strict=True))}"))
    return shown
