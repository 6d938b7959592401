"""What `taikyoku replay` shows of a koi-koi match: the state at any point, as plain data."""

from __future__ import annotations

__all__ = ["decided_by", "expects", "match_json", "move_words", "result_json", "round_json"]

from collections.abc import Sequence
from typing import Any

from events.koikoi import Koikoi, KoikoiMisdeal, KoikoiPlay, KoikoiStop, KoikoiTeyakuExposed
from events.model import Payload
from replay.engine.fold import Step
from replay.engine.snapshot import Snapshot, match_fields
from replay.engine.words import name_of
from replay.games.hanafuda import view as hanafuda
from replay.games.hanafuda.view import cards_fields, result_fields
from replay.games.hanafuda.yaku import hit_json
from replay.games.koikoi.scoring import PILE_SIZE, SEATS, KoikoiResult, hand_yaku
from replay.games.koikoi.state import KoikoiRound, KoikoiState


def move_words(step: Step, names: Sequence[str]) -> str:
    """A koi-koi event as the table says it; the moves every hanafuda game shares are said alike."""
    payload: Any = step.payload
    if step.type == "koikoi.misdeal":
        if payload.month is not None:
            return f"Misdeal: four {hanafuda.MONTHS[payload.month - 1]} cards on the field"
        return f"Misdeal: {name_of(names, payload.seat)}'s dealt hand is dealt again"
    if step.type == "koikoi.teyaku_exposed":
        return f"{name_of(names, payload.seat)} shows {payload.teyaku} and wins the round"
    if step.type == "koikoi.koikoi":
        return f"{name_of(names, payload.seat)} calls koi-koi"
    return hanafuda.move_words(step, names)


def result_json(result: KoikoiResult, names: Sequence[str]) -> dict[str, Any]:
    return result_fields(result, names) | {
        "ends_match": result.ends_match,
        "players": [
            {
                "seat": t.seat,
                "name": names[t.seat],
                "yaku": [hit_json(h) for h in t.yaku],
                "yaku_points": t.yaku_points,
                "calls": t.calls,
                "went": t.calls > 0,
            }
            for t in result.players
        ],
    }


def expects(rnd: KoikoiRound, names: Sequence[str]) -> str:
    who = f"{names[rnd.to_move]} (seat {rnd.to_move})" if names else f"seat {rnd.to_move}"
    return {
        "deal": "a redeal" if rnd.misdeals else "the deal",
        "misdeal": "koikoi.misdeal: the deal is void",
        "capture": f"{who} to capture with {rnd.pending}",
        "draw": f"{who} to draw",
        "decide": f"{who} to say koi-koi or stop" if rnd.hands[rnd.to_move] else f"{who} to stop (no card left)",
        "play": f"{who} to play a card",
    }.get(rnd.phase, "the next round")


def round_json(rnd: KoikoiRound, state: KoikoiState) -> dict[str, Any]:
    names = state.names
    options = state.options
    assert options is not None
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "turn_order": list(rnd.order),
        "phase": rnd.phase,
        "to_move": None if rnd.over else rnd.to_move,
        "expects": expects(rnd, names),
        **cards_fields(rnd, PILE_SIZE),
        "teyaku_held": [hand_yaku(hand) for hand in rnd.dealt],
        "yaku": [[hit_json(h) for h in rnd.yaku(seat, options)] for seat in range(SEATS)],
        "calls": list(rnd.calls),
        "went": [seat for seat in range(SEATS) if rnd.calls[seat]],
        "result": None if rnd.result is None else result_json(rnd.result, names),
    }


def match_json(match_id: str, snap: Snapshot[KoikoiState]) -> dict[str, Any]:
    state: KoikoiState = snap.state
    names = state.names
    options = state.options
    start = options.starting_points if options is not None else 0
    return match_fields(match_id, snap) | {
        "round": None if state.round is None else round_json(state.round, state),
        "results": [result_json(r, names) for r in state.results],
        "standings": list(state.standings),
        "points_held": [start + s for s in state.standings],
        "score_unit": "points",
        "complete": state.complete,
    }


def decided_by(payload: Payload) -> int | None:
    """The seat whose choice the event is (a card played, a teyaku shown, koi-koi or stop, a misdeal
    called): the replay page's [ and ] keys step between them; a draw, a capture or a deal is no
    one's choice."""
    if isinstance(payload, KoikoiMisdeal):
        return payload.seat
    return payload.seat if isinstance(payload, KoikoiPlay | KoikoiTeyakuExposed | Koikoi | KoikoiStop) else None
