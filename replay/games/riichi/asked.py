"""What riichi answers to `taikyoku price` and `taikyoku review` in the terminal, laid out as lines
and grids (``replay/engine/game.py``): a hand's wins priced under several rulesets side by side,
and a match's discards weighed. The commands know nothing of the game; they print these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.engine.game import Grid, Layout, Line


def priced(found: dict[str, Any], names: Sequence[str], hand_words: str) -> Layout:
    """Each win of the hand, and for each ruleset its yaku, fu, limit and every seat's payment."""
    shown: Layout = []
    for win in found["wins"]:
        source = "tsumo" if win["kind"] == "tsumo" else f"ron from {names[win['from_seat']]}"
        shown.append(Line(f" ({hand_words}): {win['winner']} {source}", bold=f"hand {found['hand']}"))
        rows: dict[str, list[str]] = {
            "yaku": [],
            "fu": [],
            "limit": [],
            **{f"{n} (seat {i})": [] for i, n in enumerate(names)},
            "notes": [],
        }
        for entry in win["prices"]:
            if not entry["priced"]:
                for key in rows:
                    rows[key].append("unpriced: " + entry["reason"] if key == "yaku" else "")
                continue
            rows["yaku"].append("\n".join(f"{y['name']} {y['han']}" for y in entry["yaku"]))
            rows["fu"].append(
                f"{entry['fu']} fu: " + ", ".join(f"{d['reason']} {d['fu']}" for d in entry["fu_details"])
            )
            rows["limit"].append(entry["limit"] or f"{entry['han']} han {entry['fu']} fu")
            for i, n in enumerate(names):
                rows[f"{n} (seat {i})"].append(f"{entry['payments'][i]:+}")
            rows["notes"].append("\n".join(entry["notes"]))
        header = ("", *(entry["ruleset"] for entry in win["prices"]))
        shown.append(Grid("", header, tuple((key, *cells) for key, cells in rows.items())))
        shown.append(Line("payments: the win, honba and every riichi stick on the table (a winner's own comes back); "
                          "`replay` shows each seat's change over the hand, the sticks put down counted"))  # fmt: skip
    return shown


def reviewed(found: dict[str, Any]) -> Layout:
    """The summary per player, each discard that lost ground, each deal-in with the safer tiles
    held, what happened, and the checks a public record could not run."""
    summary = found["summary"]
    columns = [key for key in (summary[0] if summary else {}) if key != "seat"]
    shown: Layout = [Grid(f"{found['match_id']}: choices weighed", tuple(c.replace("_", " ") for c in columns),
                          tuple(tuple(str(row[c]) for c in columns) for row in summary))]  # fmt: skip
    for w in found["discards"]:
        if w["lost"]:
            shown.append(Line(
                f"hand {w['hand']}, seq {w['seq']}: {w['player']} discards {w['discard']} "
                f"({w['shanten_after']}-shanten, {w['ukeire_count']} tiles); best {w['best']} "
                f"({w['best_shanten']}-shanten, {w['best_count']} tiles: {' '.join(w['best_ukeire'])})"
            ))  # fmt: skip
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
            shown.append(Line(f"hand {w['hand']}, seq {w['seq']}: {w['player']} deals in with {w['discard']} "
                              f"to {', '.join(w['dealt_in_to'])}{said}"))  # fmt: skip
    if found.get("happened"):
        shown.append(Line("What happened (+ went well, - went badly; docs/riichi.md defines each):"))
        for f in found["happened"]:
            detail = f" ({f['detail']})" if f["detail"] else ""
            shown.append(Line(f"  hand {f['hand']}: {'+' if f['good'] else '-'} {f['player']}: {f['check']}{detail}"))
    if found.get("checks_skipped"):
        shown.append(Line(f"Not checked, the record not showing every hand: {', '.join(found['checks_skipped'])}"))
    return shown
