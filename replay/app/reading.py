"""Reading a match as the adapters show it: the replay document at any point (``replay --json``),
the event a step is, and a riichi hand priced under several rulesets side by side."""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from events.match import GameName
from replay.app import steps as match_steps
from replay.engine.fold import History, Step, history, spoken
from replay.engine.game import Grid, Layout, Line
from replay.engine.match import MatchView
from replay.engine.snapshot import Snapshot, snapshot
from replay.games import GAMES, projection_for, ruleset, ruleset_ids
from store import Store

__all__ = ["Grid", "History", "Line", "Step", "history", "priced_hand", "replay_document", "spoken", "start_of_round"]


def replay_document(
    match: str, steps: list[Step], *, round_no: int | None = None, at: int | None = None
) -> tuple[GameName, dict[str, Any]]:
    """(the game, the document ``replay --json`` prints) of the match at seq ``at`` or at the end of
    round ``round_no`` (default: its last event)."""
    game = match_steps.game_of(steps)
    snap = snapshot(projection_for(game), steps, round_no=round_no, at=at)
    return game, GAMES[game].view().match_json(match, snap)


def view_document(match: str, state: MatchView, game: str, at_seq: int) -> dict[str, Any]:
    """The replay document of a state already folded (a match kept at its head)."""
    return GAMES[game].view().match_json(match, Snapshot(state, at_seq, {}))


def layout(game: str, document: dict[str, Any]) -> Layout:
    """A replay document as the terminal lays it out: the game's own layout, in lines and grids."""
    return GAMES[game].layout(document)


def start_of_round(steps: list[Step], round_no: int) -> int:
    """The seq a round ends at, to open a page there."""
    return snapshot(projection_for(match_steps.game_of(steps)), steps, round_no=round_no).at_seq


# Pricing a hand under other rulesets is riichi's (its payments follow the ruleset; a hanafuda
# round's points are its cards'): one of the few places above the games that names one.
PRICED: GameName = "riichi"


def check_riichi_rulesets(names: list[str]) -> None:
    for name in names:
        spec = ruleset(name)
        if spec is None or spec.game != PRICED:
            raise InputError(f"unknown riichi ruleset {name!r}; use one of: {', '.join(ruleset_ids(PRICED))}")


def priced_hand(store: Store, match: str, round_no: int, rulesets: list[str]) -> tuple[dict[str, Any], list[str], str]:
    """A recorded riichi hand's wins priced under each of ``rulesets``: who won how, and for each
    ruleset the yaku, fu, limit and every seat's payment (``price --json``); with the players'
    names and the hand in words ("East 2")."""
    from replay.games.riichi.view import WIND_NAMES, priced_json, reprice

    check_riichi_rulesets(rulesets)
    steps = match_steps.read_steps(store, match)
    if match_steps.game_of(steps) != PRICED:
        raise InputError(f"match {match} is not a riichi match; price prices riichi hands")
    state = snapshot(projection_for(PRICED), steps, round_no=round_no).state
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
    report = {"match_id": match, "hand": round_no, "recorded_ruleset": state.options.ruleset, "wins": wins}
    return report, names, f"{WIND_NAMES[rnd.round_wind]} {rnd.hand}"


def reviewed(store: Store, match: str, player: str | None = None) -> dict[str, Any]:
    """A match reviewed choice by choice (``taikyoku review --json``), by its game's own review
    (riichi: each discard of a known hand weighed against the best), and a summary per player."""
    steps = match_steps.read_steps(store, match)
    game = GAMES[match_steps.game_of(steps)]
    weigh = game.rules().weigh
    if weigh is None:
        weighing = " or ".join(g.title for g in GAMES.values() if g.rules().weigh is not None)
        raise InputError(f"match {match} is a {game.title} match; review weighs the discards of {weighing} matches")
    return {"match_id": match} | weigh(history(steps).effective, player)
