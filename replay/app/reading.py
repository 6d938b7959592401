"""Reading a match as the adapters show it: the replay document at any point (``replay --json``),
the event a step is, and a hand priced under several rulesets of its game side by side."""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from events.match import GameName
from replay.app import steps as match_steps
from replay.engine.fold import History, Step, history
from replay.engine.game import Game
from replay.engine.match import MatchView
from replay.engine.snapshot import Snapshot, snapshot
from replay.games import GAMES, projection_for, ruleset, ruleset_ids
from store import Store

__all__ = ["History", "Step", "history", "priced_hand", "replay_document", "start_of_round"]


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


def start_of_round(steps: list[Step], round_no: int) -> int:
    """The seq a round ends at, to open a page there."""
    return snapshot(projection_for(match_steps.game_of(steps)), steps, round_no=round_no).at_seq


def _pricing_games() -> list[Game]:
    return [g for g in GAMES.values() if g.rules().price is not None]


def check_priced_rulesets(names: list[str]) -> None:
    """Each of ``names`` a ruleset of a game whose hands can be priced under another's rules."""
    for name in names:
        spec = ruleset(name)
        if spec is None or GAMES[spec.game].rules().price is None:
            games = _pricing_games()
            known = [r for g in games for r in ruleset_ids(g.name)]
            titles = " or ".join(g.title for g in games)
            raise InputError(f"unknown {titles} ruleset {name!r}; use one of: {', '.join(known)}")


def priced_hand(
    store: Store, match: str, round_no: int, rulesets: list[str] | None
) -> tuple[dict[str, Any], list[str], str]:
    """A recorded hand's wins priced under each of ``rulesets`` (None: those its game sets side by
    side) by its game's own repricing: who won how, and for each ruleset the yaku, fu, limit and
    every seat's payment (``price --json``); with the players' names and the hand in words ("East 2")."""
    check_priced_rulesets(rulesets or [])
    steps = match_steps.read_steps(store, match)
    game = GAMES[match_steps.game_of(steps)]
    price = game.rules().price
    if price is None:
        titles = " or ".join(g.title for g in _pricing_games())
        raise InputError(f"match {match} is not a {titles} match; price prices {titles} hands")
    state = snapshot(projection_for(game.name), steps, round_no=round_no).state
    priced, hand_words = price(state, round_no, list(game.rules().price_against) if rulesets is None else rulesets)
    return {"match_id": match, "game": game.name, "hand": round_no} | priced, list(state.names), hand_words


def reviewed(store: Store, match: str, player: str | None = None) -> dict[str, Any]:
    """A match reviewed choice by choice (``taikyoku review --json``), by its game's own review
    (each choice of a known hand weighed against the best, where the game weighs them), and a summary per player."""
    steps = match_steps.read_steps(store, match)
    game = GAMES[match_steps.game_of(steps)]
    weigh = game.rules().weigh
    if weigh is None:
        weighing = " or ".join(g.title for g in GAMES.values() if g.rules().weigh is not None)
        raise InputError(f"match {match} is a {game.title} match; review weighs the discards of {weighing} matches")
    return {"match_id": match, "game": game.name} | weigh(history(steps).effective, player)
