"""A result as rows and figures for whoever reads it flat: the terminal's tables, a spreadsheet's
CSV, the pages' cells. Each document comes from the application (``stats``, ``season``,
``player``, ``night``); here it is only laid out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.app.catalog import GAMES
from replay.app.shown import Finding, Grid
from replay.app.shown import figure as figure  # a count or an average as a person reads it
from replay.app.shown import ordinal as ordinal  # a place as it is said: 1st, 2nd
from replay.app.shown import rows_csv as rows_csv
from replay.app.shown import signed as signed  # a result as its ruleset's precision writes it: +19.6, +43


def game_tables(found: dict[str, Any]) -> dict[str, list[Grid]]:
    """Each game's own tables of ``found`` (``compute``'s document), keyed by the standings they
    follow: the first standings of that game (a game's figures per ruleset after its first
    table size)."""
    placed: dict[str, list[Grid]] = {}
    for declared in GAMES.values():
        *outer, key = declared.stats_section
        section = found
        for name in outer:
            section = section[name]
        if key not in section:
            continue
        group = next((g for g in found["standings"] if g.split(" (")[0] == declared.name), None)
        if group is not None:
            placed[group] = declared.review().tables(section[key], declared.name)
    return placed


def player_tables(found: dict[str, Any]) -> dict[str, list[Grid]]:
    """A player's page (``player``'s document) as each game's tables: the game's figures for the
    player (the game's figures, per ruleset where it has several), then the
    achievements held."""
    placed: dict[str, list[Grid]] = {}
    for game, facts in found["games"].items():
        grids = list(GAMES[game].review().tables(facts["figures"], game))
        if facts["achievements"]:
            grids.append(Grid(f"{game}: achievements held", ("achievement", "what it is for", "figure", "shared with"),
                              tuple((a["achievement"], a["means"], figure(a["value"]),
                                     ", ".join(p for p in a["players"] if p != found["player"]) or "-")
                                    for a in facts["achievements"]), f"{game}-achievements"))  # fmt: skip
        placed[game] = grids
    return placed


# ---- the standings as a spreadsheet table -------------------------------------------------------


def stats_rows(stats: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per game and player, flat, for CSV."""
    rows = []
    for game, players in stats["standings"].items():
        for row in players:
            places = row["places"] + [0] * (4 - len(row["places"]))
            rows.append(
                {
                    "game": game,
                    "player": row["player"],
                    "matches": row["matches"],
                    "complete": row["complete"],
                    "rounds": row["rounds"],
                    "first": places[0],
                    "second": places[1],
                    "third": places[2],
                    "fourth": places[3],
                    "average_place": "" if row["average_place"] is None else row["average_place"],
                    "points": row["points"],
                    "uma": row.get("uma", ""),
                    "wins": row["wins"],
                }
            )
    return rows


def standings_csv(found: dict[str, Any], *, raw: bool = False) -> str:
    """The standings as CSV, a row per game and player."""
    rows = stats_rows(found)
    return rows_csv(rows, raw=raw) if rows else "game,player\n"


def night_rows(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """The night's sheet as rows: one per player per table."""
    rows = []
    for session in sheet["sessions"]:
        for table in session["tables"]:
            stood_in = table.get("stood_in_for") or [None] * len(table["players"])
            credited = table.get("credited") or table["players"]
            for seat, name in enumerate(table["players"]):
                rows.append({"night": sheet["night_id"], "session": session["session"], "match": table["match_id"],
                             "status": table["status"], "seat": seat, "player": name,
                             "stood_in_for": stood_in[seat] or "", "result_counts_for": credited[seat],
                             "score": (table.get("scores") or [None] * 4)[seat],
                             "place": (table.get("places") or [None] * 4)[seat],
                             "result": (table.get("results") or [None] * 4)[seat]})  # fmt: skip
    return rows


def _blank(value: object) -> object:
    """A cell with no value (a player with no game has no average) left empty, not "None"."""
    return "" if value is None else value


def standings_rows(found: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"rank": r["rank"] if r["rank"] is not None else "", "player": r["player"], "games": r["games"],
             "total": r["total"], "penalties": r["penalties"], "average": _blank(r["average"]),
             "average_place": _blank(r["average_place"]),
             "rating": r["rating"], **{f"place_{p}": n for p, n in r["places"].items()}}
            for r in found["standings"]]  # fmt: skip


def league_rows(found: dict[str, Any]) -> list[dict[str, Any]]:
    """The league's ranking as CSV: a row a player and event that made their figure (a player
    without events, one row)."""
    rows = []
    for r in found["players"]:
        head = {"place": r["place"] if r["place"] is not None else "", "player": r["player"], "person": r["person"] or "",
                "figure": r["figure"] or ""}  # fmt: skip
        for event in r["events"] or [{}]:
            rows.append(head | {"event": event.get("event_id") or "", "club": event.get("club") or "",
                                "day": event.get("day", ""), "base_rank": event.get("base_rank", ""),
                                "weight": event.get("weight", ""), "counted": _counted(event)})  # fmt: skip
    return rows


def players_rows(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The league's players as CSV and on their page: a row a record."""
    return [{"person": p["person"], "player": p["name"], "ema_number": p["ema_number"] or "", "country": p["country"] or "",
             "typed_as": "; ".join(f"{n['name']} at {n['club']}" if n["club"] else n["name"] for n in p["names"]),
             "clubs": " ".join(p["clubs"]), "merged_into": p["merged_into"] or ""} for p in found]  # fmt: skip


def _counted(event: dict[str, Any]) -> str:
    """Which parts of the ranking took a result: A, B, both, or none."""
    parts = [part for part, key in (("A", "part_a"), ("B", "part_b")) if event.get(key)]
    return "+".join(parts) if parts else ("" if "part_a" not in event else "-")


def player_rows(found: dict[str, Any]) -> list[dict[str, Any]]:
    rating_after = {
        (entry["match_id"]): entry["rating"] for game in found["games"].values() for entry in game["rating"]
    }
    return [{"date": m["date"], "match": m["match_id"], **({"club": m["club"] or ""} if "club" in m else {}),
             "game": m["game"], "place": m["place"], "result": m["result"],
             "points": m["points"], "rating": rating_after.get(m["match_id"], ""),
             "table": " / ".join(m["players"])} for m in found["matches"]]  # fmt: skip


def finding_json(finding: Finding) -> dict[str, Any]:
    """A finding of ``verify`` or ``audit`` as its JSON says it."""
    return {
        "code": finding.code,
        "message": finding.message,
        "match_id": finding.match_id,
        "seq": finding.seq,
        "position": finding.position,
        "event_id": finding.event_id,
    }


def team_rows(teams: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The team standing as rows: place, team, total (a number), its players."""
    return [{"place": t["place"], "team": t["team"], "total": t["total"], "players": " ".join(t["players"])}
            for t in teams]  # fmt: skip


def ema_rows(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The EMA's results as rows: place, EMA number, last and first name, country, score (for a game
    settled in table points, the table points and then the game's points), base rank."""
    return [{"place": r["place"], "ema_number": r["ema_number"] or "", "last_name": r["last_name"],
             "first_name": r["first_name"] or "", "country": r["country"] or "", "score": r["score"],
             **({"points": r["points"]} if "points" in r else {}), "base_rank": r["base_rank"]} for r in results]  # fmt: skip
