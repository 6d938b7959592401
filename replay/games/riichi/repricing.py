"""A recorded hand's wins priced under other rulesets, side by side (``taikyoku price``): a riichi
hand's payments follow its ruleset, so the same win can be priced again under another's options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.errors import InputError
from replay.games.riichi.state import RiichiState
from replay.games.riichi.view import WIND_NAMES, priced_json, reprice


def priced_hand(state: RiichiState, round_no: int, rulesets: Sequence[str]) -> tuple[dict[str, Any], str]:
    """The wins of the hand ``state`` ends at, each priced under every one of ``rulesets``: who
    won how, and for each ruleset the yaku, fu, limit and every seat's payment; with the hand in
    words ("East 2")."""
    rnd = state.round
    assert rnd is not None and state.options is not None
    if not rnd.wins:
        what = "is still being played" if rnd.result is None else f"ended in an {rnd.result.kind} draw"
        raise InputError(f"hand {round_no} {what}; there is no win to price")
    names = list(state.names)
    wins = [
        {"seat": w.seat, "winner": names[w.seat], "kind": w.kind, "from_seat": w.from_seat,
         "prices": [priced_json(reprice(w, name, state.options)) for name in rulesets]}
        for w in rnd.wins
    ]  # fmt: skip
    return {"recorded_ruleset": state.options.ruleset, "wins": wins}, f"{WIND_NAMES[rnd.round_wind]} {rnd.hand}"
