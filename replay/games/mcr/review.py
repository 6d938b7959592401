"""What the statistics, the audit and the room take of an MCR match: each seat's wins, deal-ins,
self-draws, false mahjongs and fans; the scores with the table points beside them (4, 2, 1, 0 by
place, ties sharing) as EMA MCR results carry both."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from events.match import Claim
from events.mcr import McrFalseWin
from events.model import Payload
from replay.engine.fold import Step
from replay.engine.game import Grid, figure
from replay.engine.words import in_names
from replay.games.mcr.fans import BY_ID
from replay.games.mcr.state import WIND_NAMES, McrResult, McrState, table_points

SeatsOf = Callable[[dict[str, Any]], list[tuple[int, str]]]


def _places(scores: Sequence[int]) -> list[int]:
    return [1 + sum(other > mine for other in scores) for mine in scores]


def digest(data: dict[str, Any], effective: Sequence[Step]) -> dict[str, Any]:
    scores = list(data["standings"])
    seats: list[dict[str, Any]] = [Counter() for _ in scores]
    for result in data["results"]:
        for seat in range(len(scores)):
            seats[seat]["hands"] += 1
        winner = result["winner"]
        if winner is None:
            continue
        seats[winner]["wins"] += 1
        seats[winner]["fans"] += result["total"]
        seats[winner]["self_drawn"] += result["from_seat"] is None
        if result["from_seat"] is not None:
            seats[result["from_seat"]]["deal_ins"] += 1
    for step in effective:
        if isinstance(step.payload, McrFalseWin):
            seats[step.payload.seat]["false_wins"] += 1
    complete = bool(data["complete"])
    return {"unit": "table points", "complete": complete, "rounds": len(data["results"]), "points": scores,
            "uma": list(table_points(tuple(scores))) if complete else None,
            "places": _places(scores) if complete else None,
            "seats": [dict(c) for c in seats]}  # fmt: skip


def summary(matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf) -> dict[str, Any]:
    totals: dict[str, Counter[str]] = {}
    for one in matches:
        for seat, name in seats_of(one):
            totals.setdefault(name, Counter()).update(one["seats"][seat])
    rows = []
    for name, c in sorted(totals.items()):
        hands = c["hands"]
        rows.append({"player": name, "hands": hands, "wins": c["wins"], "self_drawn": c["self_drawn"],
                     "deal_ins": c["deal_ins"], "false_wins": c["false_wins"],
                     "win_rate": round(c["wins"] / hands, 4) if hands else None,
                     "deal_in_rate": round(c["deal_ins"] / hands, 4) if hands else None,
                     "average_fans": round(c["fans"] / c["wins"], 2) if c["wins"] else None})  # fmt: skip
    return {"players": rows}


def tables(section: dict[str, Any], game: str) -> list[Grid]:
    rows = tuple((r["player"], figure(r["hands"]), figure(r["wins"]), figure(r["self_drawn"]), figure(r["deal_ins"]),
                  figure(r["false_wins"]), figure(r["average_fans"])) for r in section["players"])  # fmt: skip
    header = ("player", "hands", "wins", "self-drawn", "dealt in", "false mahjongs", "average fans")
    return [Grid(f"{game}: hands", header, rows, f"hands-{game}")]


def achievements(matches: list[dict[str, Any]], seats_of: SeatsOf) -> list[dict[str, Any]]:
    return []


def tallied(matches: list[dict[str, Any]], seats_of: SeatsOf, totals: dict[str, Any] | None = None) -> dict[str, Any]:
    return {}  # MCR awards no achievements: nothing to tally


def combined(totals: dict[str, Any], key_of: Callable[[str], str]) -> dict[str, Any]:
    return {}


def held(totals: dict[str, Any]) -> list[dict[str, Any]]:
    return []


def computed_points(result: McrResult) -> tuple[int, ...]:
    return result.points


def final_differs(claim: Claim, state: McrState) -> str | None:
    if tuple(claim.points) == state.standings:
        return None
    return f"claimed final scores {list(claim.points)}; the hands give {list(state.standings)}"


def scores_now(state: McrState) -> tuple[int, ...]:
    rnd = state.round
    penalties = rnd.penalties if rnd is not None and not rnd.over else (0,) * len(state.standings)
    return tuple(s + p for s, p in zip(state.standings, penalties, strict=True))


def glance(state: McrState) -> dict[str, Any]:
    """A table as the room shows it: the hand and its prevalent wind, the dealer, the scores and the
    table points as if the session ended now (provisional until it has), the last hand's result."""
    rnd, names = state.round, list(state.names)
    scores = list(scores_now(state))
    if rnd is None:
        hand = "before the first hand"
        dealer = state.next_dealer
    else:
        over = " over" if rnd.over else ""
        hand = f"hand {rnd.number} of {state.match.started.length.count if state.match.started else 16}{over}, " \
               f"{WIND_NAMES[rnd.wind]} wind"  # fmt: skip
        dealer = rnd.dealer
    return {"hand": hand, "dealer": dealer, "honba": None, "sticks": None, "on_table": None, "scores": scores,
            "places": _places(scores), "results": list(table_points(tuple(scores))), "tie_break": scores,
            "unit": "table points (the score breaks a tie)",
            "last": in_names(state.results[-1].explanation, names) if state.results else None}  # fmt: skip


def describe_round(state: McrState) -> dict[str, Any]:
    rnd = state.round
    if rnd is None:
        return {"round": None}
    return {"phase": rnd.phase, "to_move": rnd.to_move, "step": rnd.step, "hands": [list(h) for h in rnd.hands],
            "melds": [[list(m.tiles) for m in ms] for ms in rnd.melds], "rivers": [list(r) for r in rnd.rivers]}  # fmt: skip


def as_recorded(payload: Payload, round_no: int) -> tuple[str, str] | None:
    return None


def scoring_words(result: McrResult, winner: int) -> tuple[str, int | str, int | str, str]:
    fans = ", ".join(BY_ID[f].name + (f" x{n}" if n > 1 else "") for f, n in result.fans)
    return fans, result.fan_total, "", ""


def finished(state: McrState) -> bool:
    return state.complete


def balance(results: Sequence[McrResult], effective: Sequence[Step], state: McrState,
            round_no: int | None) -> list[tuple[str, str, int | None, int]]:  # fmt: skip
    return [("balance.not_zero", f"hand {r.round}: the payments add up to {sum(r.points)}, not 0", None, r.round)
            for r in results if (round_no is None or r.round == round_no) and sum(r.points) != 0]  # fmt: skip


def repricing(results: Sequence[McrResult], state: McrState, rulesets: Sequence[str],
              round_no: int | None) -> list[dict[str, Any]]:  # fmt: skip
    return []
