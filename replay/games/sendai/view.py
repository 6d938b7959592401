"""What `taikyoku replay` shows of a Sendai-hana match: the state at any point, as plain data."""

from __future__ import annotations

__all__ = ["decided_by", "expects", "match_json", "move_words", "result_json", "round_json"]

from collections.abc import Sequence
from typing import Any

from events.model import Payload
from events.sendai import KoiKoi, SendaiPlay, Stop, TeyakuExposed
from replay.engine.snapshot import Snapshot, match_fields
from replay.games.hanafuda.view import cards_fields, move_words, result_fields
from replay.games.hanafuda.yaku import hit_json
from replay.games.sendai.scoring import PILE_SIZE, SendaiResult, TeyakuSpec, teyaku_held
from replay.games.sendai.state import SendaiRound, SendaiState

POSITIONS = ("dealer", "second", "third")


def teyaku_json(spec: TeyakuSpec) -> dict[str, Any]:
    return {"key": spec.key, "name": spec.name, "jp": spec.jp, "points": spec.points}


def result_json(result: SendaiResult, names: Sequence[str]) -> dict[str, Any]:
    return result_fields(result, names) | {
        "players": [
            {
                "seat": t.seat,
                "name": names[t.seat],
                "position": POSITIONS[t.position],
                "teyaku": [teyaku_json(s) for s in t.teyaku],
                "dekiyaku": [hit_json(h) for h in t.dekiyaku],
                "dekiyaku_points": t.dekiyaku_points,
                "went": t.went,
            }
            for t in result.players
        ],
    }


def expects(rnd: SendaiRound, names: Sequence[str]) -> str:
    who = f"{names[rnd.to_move]} (seat {rnd.to_move})" if names else f"seat {rnd.to_move}"
    return {
        "deal": "a redeal" if rnd.misdeals else "the deal",
        "misdeal": f"sendai.misdeal: four cards of month {rnd.misdeal_month} are on the field",
        "capture": f"{who} to capture with {rnd.pending}",
        "draw": f"{who} to draw",
        "decide": f"{who} to say go (koikoi) or stop",
        "play": f"{who} to play a card" + (" (teyaku may be exposed first)" if rnd.opening else ""),
    }.get(rnd.phase, "the next round")


def round_json(rnd: SendaiRound, state: SendaiState) -> dict[str, Any]:
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
        "teyaku_held": [
            [s.key for s in teyaku_held(hand, four_as_two_pairs=options.four_as_two_pairs)] for hand in rnd.dealt
        ],
        "teyaku_exposed": [list(keys) for keys in rnd.exposed],
        "dekiyaku": [[hit_json(h) for h in rnd.dekiyaku(seat, options)] for seat in range(3)],
        "went": sorted(rnd.went),
        "result": None if rnd.result is None else result_json(rnd.result, names),
    }


def match_json(match_id: str, snap: Snapshot[SendaiState]) -> dict[str, Any]:
    state: SendaiState = snap.state
    names = state.names
    return match_fields(match_id, snap) | {
        "round": None if state.round is None else round_json(state.round, state),
        "results": [result_json(r, names) for r in state.results],
        "standings": list(state.standings),
        "score_unit": "points",
        "complete": state.complete,
    }


def decided_by(payload: Payload) -> int | None:
    """The seat whose choice the event is (a card played, a teyaku shown, go or stop): the replay
    page's [ and ] keys step between them; a draw, a capture or a deal is no one's choice."""
    return payload.seat if isinstance(payload, SendaiPlay | TeyakuExposed | KoiKoi | Stop) else None
