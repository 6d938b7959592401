"""`taikyoku replay`: a match at any point, its results and standings, and what-if replays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.table import Table

from events.errors import InputError
from replay.app import service
from replay.app.reading import replay_document
from replay.app.seats import in_names
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, open_store, print_json, read_input
from replay.cli.display import out, styled


@app.command()
def replay(
    match: MatchArg,
    round_no: Annotated[
        int | None, typer.Option("--round", help="Show this round (default: the latest).", min=1)
    ] = None,
    at: Annotated[int | None, typer.Option("--at", help="Show the state right after this seq.", min=1)] = None,
    without: Annotated[
        int | None, typer.Option("--without", help="What if this event had not happened.", min=1)
    ] = None,
    replace: Annotated[
        str | None, typer.Option("--replace", help="What if this event had been another: SEQ=event.json.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Replay a match: hands, field, captures and yaku at any point, and every round's result.

    With --without or --replace, replay as if one event had been different, and say how the
    results change. Nothing is written."""
    with open_store(db) as store:
        steps = service.read_steps(store, match, provenance="all")  # a replaced event keeps its recorder
    game = service.game_of(steps)
    if without is not None or replace is not None:
        if at is not None:
            raise InputError("--at does not combine with --without or --replace; use --round to limit the what-if")
        _show_what_if(match, steps, round_no, without, replace, json_out)
        return
    game, data = replay_document(match, steps, round_no=round_no, at=at)
    if json_out:
        print_json(data)
    else:
        show_document(game, data)


def show_document(game: str, data: dict[str, Any]) -> None:
    """A replay document as the table, in the terminal. Each game's layout is drawn here, by the
    one adapter that prints with rich: the one table of game names in the CLI."""
    {"tensho": _show_tensho, "sendai": _show_sendai, "riichi": _show_riichi}[game](data)


def _show_what_if(
    match: str, steps: list[Any], round_no: int | None, without: int | None, replace: str | None, json_out: bool
) -> None:
    """The match replayed with one event left out or changed, beside what was recorded."""
    from replay.app.what_if import Replacement, what_if

    if without is not None and replace is not None:
        raise InputError("give --without or --replace, not both")
    replacement = None
    if replace is not None:
        seq, sep, source = replace.partition("=")
        if not sep or not seq.strip().isdigit() or not source:
            raise InputError("--replace takes SEQ=FILE, e.g. --replace 12=play.json")
        replacement = Replacement(int(seq), lambda: read_input(source))
    found = what_if(match, steps, round_no=round_no, without=without, replace=replacement)
    if not found.stands:
        if json_out:
            print_json({"match_id": match, "what_if": found.what, "stands": False, "reason": found.reason})
        else:
            out.print(found.reason)
        raise typer.Exit(1)
    if json_out:
        print_json({"match_id": match, "what_if": found.what, "stands": True, "changed": found.changed,
                    "moot": found.moot, "recorded": found.recorded, "results": found.results})  # fmt: skip
        return
    out.print(styled(("what if", "bold"), f": {match} {found.what} (nothing is written)"))
    before, after = found.outcomes()
    for old, new in zip(before, after, strict=False):
        mark = "same" if old == new else "changes"
        out.print(f"  {mark}: recorded: {old}")
        if old != new:
            out.print(f"           would be: {new}")
    for extra in after[len(before) :]:
        out.print(f"  new: {extra}")
    if len(after) < len(before):
        out.print(f"  {len(before) - len(after)} recorded result(s) would not be reached")


def _counted(length: dict[str, Any]) -> str:
    """{"count": 1, "unit": "rounds"} -> '1 round'."""
    unit = str(length["unit"])
    return f"{length['count']} {unit.removesuffix('s') if length['count'] == 1 else unit}"


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "—"


def _show_tensho(data: dict[str, Any]) -> None:
    names = [p["name"] for p in data["players"]]
    length = data["length"]
    out.print(
        styled(
            (data["match_id"], "bold"),
            f": Tensho ({data['ruleset']['id']}), {' vs '.join(names)}, {_counted(length)}; at seq {data['at_seq']}",
        )
    )
    rnd = data["round"]
    if rnd is not None:
        set_text = f"yaku set {rnd['yaku_set']}" if rnd["yaku_set"] else "yaku set not chosen"
        out.print(
            styled(
                (f"\nRound {rnd['number']}", "bold"),
                f": dealer {names[rnd['dealer']]}, {set_text}; next: {rnd['expects']}",
            )
        )
        table = Table(show_header=True, header_style="bold")
        table.add_column("")
        for name in names:
            table.add_column(name)
        table.add_row("hand", *(_cards(h) for h in rnd["hands"]))
        table.add_row("captured", *(_cards(c) for c in rnd["captured"]))
        table.add_row(
            "yaku",
            *(
                ", ".join(f"{y['name']} {'instant win' if y['instant_win'] else y['points']}" for y in ys) or "—"
                for ys in rnd["yaku"]
            ),
        )
        out.print(table)
        pile = rnd["draw_pile"]
        top = f", top {pile['top']}" if pile["top"] else ""
        out.print(f"field: {_cards(rnd['field'])}")
        out.print(
            f"draw pile: {pile['left']} left{top}" + (f"; being placed: {rnd['pending']}" if rnd["pending"] else "")
        )
    if data["results"]:
        table = Table(title="results", title_justify="left")
        for column in (
            "round",
            "dealer",
            "set",
            "winner",
            "decided by",
            *(f"{n}: yaku / chaff / value" for n in names),
        ):
            table.add_column(column)
        for r in data["results"]:
            table.add_row(
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
        out.print(table)
        for r in data["results"]:
            depth = " (recorded at result depth)" if r.get("depth") == "result" else ""
            out.print(f"round {r['round']}{depth}: {in_names(r['explanation'], names)}")
    standings = ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))
    done = "final" if data["complete"] else "so far"
    out.print(f"\nstandings ({data['score_unit']}, {done}): {standings}")


def _show_sendai(data: dict[str, Any]) -> None:
    names = [p["name"] for p in data["players"]]
    length = data["length"]
    out.print(
        styled(
            (data["match_id"], "bold"),
            f": Sendai-hana ({data['ruleset']['id']}, teyaku {data['ruleset']['options']['sendai.teyakuMode']}), "
            f"{', '.join(names)}, {_counted(length)}; at seq {data['at_seq']}",
        )
    )
    rnd = data["round"]
    if rnd is not None:
        order = " → ".join(names[s] for s in rnd["turn_order"])
        out.print(styled((f"\nRound {rnd['number']}", "bold"), f": turn order {order}; next: {rnd['expects']}"))
        grid = Table(show_header=True, header_style="bold")
        grid.add_column("")
        for name in names:
            grid.add_column(name)
        grid.add_row("hand", *(_cards(h) for h in rnd["hands"]))
        grid.add_row("captured", *(_cards(c) for c in rnd["captured"]))
        grid.add_row("teyaku", *(", ".join(t) or "—" for t in rnd["teyaku_exposed"]))
        grid.add_row(
            "dekiyaku", *(", ".join(f"{y['name']} {y['points']}" for y in ys) or "—" for ys in rnd["dekiyaku"])
        )
        grid.add_row("went", *("koi-koi" if seat in rnd["went"] else "" for seat in range(3)))
        out.print(grid)
        pile = rnd["draw_pile"]
        out.print(f"field: {_cards(rnd['field'])}")
        out.print(f"draw pile: {pile['left']} left" + (f", top {pile['top']}" if pile["top"] else ""))
    if data["results"]:
        results = Table(title="results", title_justify="left")
        for column in ("round", "dealer", "winner", "how", *names):
            results.add_column(column)
        for r in data["results"]:
            results.add_row(
                str(r["round"]),
                names[r["dealer"]],
                r["winner_name"] or "—",
                r["reason"],
                *(str(p) for p in r["points"]),
            )
        out.print(results)
        for r in data["results"]:
            depth = " (recorded at result depth)" if r.get("depth") == "result" else ""
            out.print(f"round {r['round']}{depth}: {in_names(r['explanation'], names)}")
    standings = ", ".join(f"{n} {s}" for n, s in zip(names, data["standings"], strict=True))
    out.print(f"\nstandings ({'final' if data['complete'] else 'so far'}): {standings}")


def _show_riichi(data: dict[str, Any]) -> None:
    names = [p["name"] for p in data["players"]]
    out.print(
        styled(
            (data["match_id"], "bold"),
            f": riichi ({data['ruleset']['id']}), {', '.join(names)}; at seq {data['at_seq']}",
        )
    )
    rnd = data["round"]
    if rnd is not None:
        out.print(
            styled(
                (f"\n{rnd['name']}", "bold"),
                f" (hand {rnd['hand']}), {rnd['honba']} honba, {rnd['sticks']} sticks; "
                + (
                    f"dora indicators {' '.join(rnd['dora_indicators'])}; wall {rnd['wall_left']}"
                    if rnd["dora_indicators"]
                    else "not dealt yet"
                )
                + f"; next: {rnd['expects']}",
            )
        )
        grid = Table(show_header=True, header_style="bold")
        for column in ("seat", "wind", "score", "hand", "melds", "river"):
            grid.add_column(column)
        for seat, name in enumerate(names):
            melds = " ".join("".join(m["tiles"]) + f"({m['kind']})" for m in rnd["melds"][seat]) if rnd["melds"] else ""
            river = " ".join(
                r["tile"] + ("*" if r["riichi"] else "") + ("'" if r["tsumogiri"] else "") + ("^" if r["taken"] else "")
                for r in (rnd["rivers"][seat] if rnd["rivers"] else [])
            )
            riichi = " riichi" if rnd["riichi"] and rnd["riichi"][seat] else ""
            grid.add_row(f"{seat} {name}{riichi}", rnd["seat_winds"][seat], str(rnd["scores"][seat]),
                         rnd["hands"][seat] if rnd["hands"] else "", melds, river)  # fmt: skip
        out.print(grid)
        out.print("river marks: * riichi tile, ' tsumogiri, ^ called away")
    for result in data["results"]:
        points = ", ".join(f"{n} {p:+}" for n, p in zip(names, result["points"], strict=True))
        depth = {"result": " (recorded at result depth)", "record": " (as the log recorded it)"}.get(
            result.get("depth", ""), ""
        )
        down = [names[s] for s, n in enumerate(result.get("riichi_sticks_put_down", [])) if n]
        sticks = f" (riichi sticks put down counted: {', '.join(down)})" if down else ""
        out.print(f"hand {result['hand']}{depth}: {in_names(result['explanation'], names)}; {points}{sticks}")
    final = data.get("final")
    if final:
        places = sorted(range(len(names)), key=lambda seat: final["ranks"][seat])
        standing = ", ".join(
            f"{final['ranks'][s]}. {names[s]} {final['scores'][s]} ({final['results'][s]:+})" for s in places
        )
        out.print(f"\nfinal (points, and results in thousands with oka and uma): {standing}")
    elif data["scores"]:
        out.print(f"\nscores: {', '.join(f'{n} {s}' for n, s in zip(names, data['scores'], strict=True))}")
