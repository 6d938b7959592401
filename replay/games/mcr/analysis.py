"""Each discard of an MCR match weighed: how far the hand is from ready after it (the shanten, by
the calculator over every form the rules know) against the best discard the same hand had, and
a summary per player: discards, those that kept the hand as near ready as it could be, and those
that lost ground. A discard of a hand already ready that stays ready is as good as any."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from events.mcr import FLOWERS, McrDiscard
from replay.engine.fold import Step
from replay.games.mcr import pricing
from replay.games.mcr.fold import McrProjection
from replay.games.mcr.state import McrRound


def _shanten(rnd: McrRound, seat: int, hand: Sequence[str]) -> int:
    sets = tuple(pricing.OpenSet(m.kind, m.tiles) for m in rnd.melds[seat])
    return pricing.shanten(tuple(hand), sets)


def review(effective: Sequence[Step], player: str | None) -> dict[str, Any]:
    projection = McrProjection()
    state = projection.initial()
    weighed: list[dict[str, Any]] = []
    for step in effective:
        payload, rnd = step.payload, state.round
        names = state.names
        if isinstance(payload, McrDiscard) and rnd is not None and (player is None or names[payload.seat] == player):
            hand = rnd.hands[payload.seat]
            if not any(t in FLOWERS for t in hand):
                after = {tile: _shanten(rnd, payload.seat, _less(hand, tile)) for tile in set(hand)}
                best = min(after.values())
                weighed.append({"hand": rnd.number, "seq": step.seq, "player": names[payload.seat],
                                "discard": payload.tile, "shanten_after": after[payload.tile], "best_shanten": best,
                                "best": sorted(t for t, n in after.items() if n == best),
                                "lost": after[payload.tile] > best})  # fmt: skip
        state = projection.apply(state, step)
    counts: dict[str, Counter[str]] = {}
    for one in weighed:
        mine = counts.setdefault(one["player"], Counter())
        mine["discards"] += 1
        mine["lost"] += one["lost"]
    summary = [{"player": name, "discards": c["discards"], "as_good_as_the_best": c["discards"] - c["lost"],
                "lost_ground": c["lost"]} for name, c in sorted(counts.items())]  # fmt: skip
    return {"players": sorted(counts), "summary": summary, "discards": weighed}


def _less(hand: Sequence[str], tile: str) -> list[str]:
    left = list(hand)
    left.remove(tile)
    return left
