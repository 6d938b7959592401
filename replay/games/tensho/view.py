"""What `taikyoku replay` shows of a Tensho match: the state at any point, as plain data."""

from __future__ import annotations

__all__ = ["decided_by", "expects", "match_json", "move_words", "result_json", "round_json"]

from collections.abc import Sequence
from typing import Any

from events.model import Payload
from events.tensho import DealerTripleCapture, TenshoPlay
from replay.engine.snapshot import Snapshot, match_fields
from replay.games.hanafuda.view import cards_fields, move_words, result_fields
from replay.games.hanafuda.yaku import hit_json
from replay.games.tensho.scoring import PILE_SIZE, RoundResult
from replay.games.tensho.state import RoundState, TenshoState


def result_json(result: RoundResult, names: Sequence[str]) -> dict[str, Any]:
    return result_fields(result, names, yaku_set=result.yaku_set) | {
        "players": [
            {
                "seat": t.seat,
                "name": names[t.seat],
                "yaku": [hit_json(h) for h in t.yaku],
                "yaku_points": t.yaku_points,
                "chaff": t.chaff,
                "card_value": t.card_value,
            }
            for t in result.players
        ],
    }


def expects(rnd: RoundState, names: Sequence[str]) -> str:
    who = f"{names[rnd.to_move]} (seat {rnd.to_move})"
    if rnd.phase == "set":
        return "the yaku set for this round (`yaku-set MATCH 1` or 2)"
    if rnd.phase == "deal":
        return "a redeal: four cards of one suit were dealt to the field" if rnd.misdeals else "the deal"
    if rnd.phase == "capture":
        return f"{who} to capture with {rnd.pending}"
    if rnd.phase == "draw":
        return f"{who} to draw"
    if rnd.phase == "play":
        extra = " (or the dealer's triple capture)" if rnd.opening else ""
        return f"{who} to play a card{extra}"
    return "the next round" if rnd.result else "nothing"


def round_json(rnd: RoundState, state: TenshoState) -> dict[str, Any]:
    names = state.names
    assert state.options is not None
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "yaku_set": rnd.yaku_set or None,
        "phase": rnd.phase,
        "to_move": None if rnd.over else rnd.to_move,
        "expects": expects(rnd, names),
        **cards_fields(rnd, PILE_SIZE),
        "yaku": [[hit_json(h) for h in rnd.yaku_of(seat, state.options)] for seat in (0, 1)],
        "result": None if rnd.result is None else result_json(rnd.result, names),
    }


def match_json(match_id: str, snap: Snapshot[TenshoState]) -> dict[str, Any]:
    state = snap.state
    names = state.names
    return match_fields(match_id, snap) | {
        "round": None if state.round is None else round_json(state.round, state),
        "results": [result_json(r, names) for r in state.results],
        "standings": list(state.standings),
        "score_unit": state.options.round_score if state.options else None,
        "complete": state.complete,
    }


def decided_by(payload: Payload) -> int | None:
    """The seat whose choice the event is (a card played, the dealer's triple taken): the replay
    page's [ and ] keys step between them; a draw, a capture or a deal is no one's choice."""
    return payload.seat if isinstance(payload, TenshoPlay | DealerTripleCapture) else None
