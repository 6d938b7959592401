"""What the Tensho and Sendai-hana views share: where the cards are, a round result's common fields, the match header."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.engine.snapshot import Snapshot


def result_fields(result: Any, names: Sequence[str], **after_dealer: Any) -> dict[str, Any]:
    """The fields every hanafuda round result has, in order; ``after_dealer`` goes after ``dealer``."""
    return {
        "round": result.round,
        "dealer": result.dealer,
        **after_dealer,
        "winner": result.winner,
        "winner_name": None if result.winner is None else names[result.winner],
        "reason": result.reason,
        "depth": result.depth,
        "explanation": result.explanation,
        "points": list(result.points),
        "next_dealer": result.next_dealer,
    }


def cards_fields(rnd: Any, pile_size: int) -> dict[str, Any]:
    """Where a hanafuda round's cards are: hands, field, the card being placed, pile, captures."""
    return {
        "hands": [list(h) for h in rnd.hands],
        "field": list(rnd.field),
        "pending": rnd.pending,
        "draw_pile": {"left": pile_size - rnd.drawn, "top": rnd.pile[0] if rnd.pile else None},
        "captured": [list(c) for c in rnd.captured],
    }


def match_fields(match_id: str, snap: Snapshot) -> dict[str, Any]:
    """The match header of a hanafuda replay: the game, ruleset, players, length and position."""
    started = snap.state.match.started
    assert started is not None
    return {
        "match_id": match_id,
        "game": started.game,
        "ruleset": started.ruleset.model_dump(mode="json"),
        "players": [{"seat": i, "name": n} for i, n in enumerate(snap.state.names)],
        "length": started.length.model_dump(mode="json"),
        "at_seq": snap.at_seq,
    }
