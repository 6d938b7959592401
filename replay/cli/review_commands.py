"""`taikyoku review`: a riichi match weighed discard by discard, in the terminal."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, MatchArg, app, application, print_json
from replay.cli.display import out


@app.command("review")
def review_match(
    match: MatchArg,
    player: Annotated[str | None, typer.Option("--player", help="Only this player's discards.")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Riichi: each discard weighed (shanten, improving tiles, the best), its safety against riichi, each
    deal-in with the safer tiles held, what happened (named checks), a summary per player.

    docs/riichi.md defines the safety tiers and every check; --json gives each discard, each check
    found and the checks a public record cannot run."""
    found = application(db).reviewed(match, player)
    if json_out:
        print_json(found)
        return
    from rich.table import Table

    table = Table(title=f"{match}: choices weighed")
    columns = [key for key in (found["summary"][0] if found["summary"] else {}) if key != "seat"]  # the game's own
    for column in columns:
        table.add_column(column.replace("_", " "))
    for row in found["summary"]:
        table.add_row(*(str(row[column]) for column in columns))
    out.print(table)
    for w in found["discards"]:
        if w["lost"]:
            out.print(
                f"hand {w['hand']}, seq {w['seq']}: {w['player']} discards {w['discard']} "
                f"({w['shanten_after']}-shanten, {w['ukeire_count']} tiles); best {w['best']} "
                f"({w['best_shanten']}-shanten, {w['best_count']} tiles: {' '.join(w['best_ukeire'])})"
            )
    for w in sorted(found["discards"] + found.get("unshown_discards", []), key=lambda d: d["seq"]):
        if w.get("dealt_in_to"):
            defense = w.get("defense")
            said = ""
            if defense is not None:
                against = ", ".join(f"{tier} against {who}" for who, tier in defense["against"].items())
                if "safer_held" not in defense:  # the hand not shown: what it held is not known
                    said = f" ({against}; the hand not shown)"
                else:
                    safer = " ".join(defense["safer_held"])
                    rank = f"; ranked {defense['rank']} of {defense['choices']} kinds held"
                    said = f" ({against}; {'safer held: ' + safer if safer else 'nothing safer held'}{rank})"
            out.print(
                f"hand {w['hand']}, seq {w['seq']}: {w['player']} deals in with {w['discard']} "
                f"to {', '.join(w['dealt_in_to'])}{said}"
            )
    if found.get("happened"):
        out.print("What happened (+ went well, - went badly; docs/riichi.md defines each):")
        for f in found["happened"]:
            detail = f" ({f['detail']})" if f["detail"] else ""
            out.print(f"  hand {f['hand']}: {'+' if f['good'] else '-'} {f['player']}: {f['check']}{detail}")
    if found.get("checks_skipped"):
        out.print(f"Not checked, the record not showing every hand: {', '.join(found['checks_skipped'])}")
