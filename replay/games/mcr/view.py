"""What `taikyoku replay` shows of an MCR match, as plain data: the hand in play, each hand's
result with its fans, the scores and the table points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.match import RoundStarted
from events.mcr import (
    McrDeal,
    McrDiscard,
    McrDraw,
    McrDrawnHand,
    McrFalseWin,
    McrFansDeclared,
    McrFlower,
    McrHandDeclared,
    McrMeld,
    McrWin,
)
from events.model import Payload
from replay.engine.fold import Step
from replay.engine.snapshot import Snapshot, match_fields
from replay.engine.words import name_of
from replay.games.mcr.fans import BY_ID
from replay.games.mcr.state import WIND_NAMES, McrResult, McrRound, McrState, table_points
from replay.games.mcr.tiles import compact
from replay.games.mcr.tiles import name as tile_name


def expects(rnd: McrRound, names: Sequence[str]) -> str:
    if rnd.phase == "deal":
        return "the deal (or the hand's result)"
    if rnd.phase == "over":
        return "the next hand"
    if rnd.owes is not None:
        robbed = " (or mahjong robbing the kong)" if rnd.robbable else ""
        return f"{name_of(names, rnd.owes)} (seat {rnd.owes}) to draw a replacement tile{robbed}"
    who = f"{name_of(names, rnd.to_move)} (seat {rnd.to_move})"
    if rnd.step == "discard":
        held = rnd.opening and any(t[1] == "f" for hand in rnd.hands for t in hand)
        flowers = "; the flowers dealt set aside first" if held else ""
        return f"{who} to discard (or a kong, a flower, mahjong){flowers}"
    if rnd.wall == 0:
        return "a claim of the last discard, or the drawn hand (the wall is empty)"
    taken = f" {rnd.last_discard[1]}" if rnd.last_discard else ""
    return f"{who} to draw, or a claim of the discard{taken} (mahjong, pung, kong, chow)"


def move_words(step: Step, names: Sequence[str]) -> str:
    """An MCR event as the table says it: "Ling discards 5m", "Bo pungs 7z from Ling"."""
    payload: Any = step.payload
    who = name_of(names, getattr(payload, "seat", None))
    if isinstance(payload, RoundStarted):
        return f"Hand {payload.round} starts; {name_of(names, payload.dealer)} deals"
    if isinstance(payload, McrDeal):
        return "The tiles are dealt"
    if isinstance(payload, McrDraw):
        return f"{who} draws {payload.tile}" + (" (a replacement)" if payload.replacement else "")
    if isinstance(payload, McrDiscard):
        return f"{who} discards {payload.tile}"
    if isinstance(payload, McrFlower):
        return f"{who} sets {tile_name(payload.flower)} aside"
    if isinstance(payload, McrMeld):
        words = {"chow": "chows", "pung": "pungs", "kong": "kongs", "concealed_kong": "declares a concealed kong:",
                 "added_kong": "adds to a pung, a kong:"}  # fmt: skip
        return f"{who} {words[payload.kind]} {compact(payload.tiles)}"
    if isinstance(payload, McrWin):
        how = "on a tile drawn" if payload.from_seat is None else f"on {name_of(names, payload.from_seat)}'s tile"
        return f"{who} declares mahjong {how}"
    if isinstance(payload, McrFalseWin):
        return f"{who} declares a false mahjong"
    if isinstance(payload, McrDrawnHand):
        return "The wall is empty: a drawn hand"
    if isinstance(payload, McrFansDeclared | McrHandDeclared):
        how = "self-drawn" if payload.from_seat is None else f"from {name_of(names, payload.from_seat)}"
        return f"{who} wins {how} (recorded by its result)"
    return step.type.replace("_", " ")


def decided_by(payload: Payload) -> int | None:
    return getattr(payload, "seat", None) if not isinstance(payload, McrDeal | McrDraw) else None


def result_json(result: McrResult, names: Sequence[str]) -> dict[str, Any]:
    return {
        "round": result.round, "dealer": result.dealer, "winner": result.winner,
        "winner_name": None if result.winner is None else names[result.winner], "from_seat": result.from_seat,
        "reason": result.reason, "depth": result.depth, "tile": result.tile,
        "fans": [{"id": f, "name": BY_ID[f].name, "points": BY_ID[f].points, "count": n} for f, n in result.fans],
        "total": result.fan_total, "points": list(result.points), "next_dealer": result.next_dealer,
        "explanation": result.explanation,
    }  # fmt: skip


def round_json(rnd: McrRound, names: Sequence[str]) -> dict[str, Any]:
    return {
        "number": rnd.number, "dealer": rnd.dealer, "wind": WIND_NAMES[rnd.wind], "phase": rnd.phase,
        "to_move": rnd.to_move if rnd.phase == "play" else None, "step": rnd.step, "owes": rnd.owes,
        "expects": expects(rnd, names), "wall": rnd.wall,
        "seat_winds": [WIND_NAMES[rnd.seat_wind(s)] for s in range(len(rnd.hands))],
        "hands": [list(h) for h in rnd.hands], "flowers": [list(f) for f in rnd.flowers],
        "melds": [[{"kind": m.kind, "tiles": list(m.tiles), "from_seat": m.from_seat} for m in melds]
                  for melds in rnd.melds],
        "rivers": [list(r) for r in rnd.rivers],
        "last_discard": None if rnd.last_discard is None else {"seat": rnd.last_discard[0], "tile": rnd.last_discard[1]},
        "penalties": list(rnd.penalties),
        "result": None if rnd.result is None else result_json(rnd.result, names),
    }  # fmt: skip


def match_json(match_id: str, snap: Snapshot[McrState]) -> dict[str, Any]:
    state = snap.state
    names = state.names
    standings = state.standings
    return match_fields(match_id, snap) | {
        "round": None if state.round is None else round_json(state.round, names),
        "results": [result_json(r, names) for r in state.results],
        "standings": list(standings),
        "table_points": list(table_points(standings)) if state.results else None,
        "score_unit": "points",
        "complete": state.complete,
        # The session's end: the table points by place (ties sharing), the scores beside them.
        "final": {"results": list(table_points(standings)), "scores": list(standings),
                  "ranks": [1 + sum(o > s for o in standings) for s in standings], "precision": 2}
        if state.complete else None,
    }  # fmt: skip
