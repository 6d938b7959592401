"""Random legal matches, reproducible from a seed: for demos, tests and benchmarks.

Each game says how it deals and chooses (``replay/games/<game>/simulate.py``); every event is
applied through the game's own fold before the next is chosen, so a simulated match is legal by
construction (and the store checks it again).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from events.envelope import PendingEvent, now_timestamp
from events.model import Payload
from replay.app.service import build_match_started
from replay.games import game as game_named
from store import Store

RECORDER = "simulator"


def payloads(
    game: str,
    seed: int,
    rounds: int,
    *,
    players: Sequence[str] | None = None,
    options: Sequence[str] = (),
    ruleset_id: str | None = None,
) -> Iterator[Payload]:
    """The payloads of a whole random match of ``game``, match_started first."""
    declared = game_named(game)
    names = tuple(players or declared.default_players)
    spec = next((r for r in declared.rulesets if r.id == (ruleset_id or declared.default_ruleset)), None)
    length = (
        rounds if spec is not None and spec.length_unit == "rounds" else None
    )  # else the game plays hands of its length unit
    started = build_match_started(declared.name, names, ruleset_id=ruleset_id, options=options, length=length)
    return declared.simulate(started, seed, rounds)


def simulated_events(
    game: str,
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] | None = None,
    options: Sequence[str] = (),
    ruleset_id: str | None = None,
) -> list[PendingEvent]:
    """A simulated match as events ready to append: ids from the seed and match id, so reproducible."""
    ids = random.Random(f"{seed}:{match_id}")
    stamp = now_timestamp()
    made = payloads(game, seed, rounds, players=players, options=options, ruleset_id=ruleset_id)
    return [PendingEvent(p, str(uuid.UUID(int=ids.getrandbits(128), version=4)), stamp, RECORDER) for p in made]


@dataclass(frozen=True)
class Simulated:
    """A simulated match as stored: its id, its events, and how many rounds were played (fewer
    than asked when the match ended sooner)."""

    match_id: str
    events: int
    rounds: int


def check_simulation(game: str, seed: int, *, match_id: str | None, players: Sequence[str] | None,
                     options: Sequence[str], ruleset_id: str | None) -> tuple[str, list[str]]:  # fmt: skip
    """(the match id, the players' names) of a simulation, or the one-line refusal of what was
    asked, before any work."""
    from events.errors import InputError
    from replay.app.service import check_match_id

    declared = game_named(game)
    names = list(players or declared.default_players)
    if len(names) not in declared.players:
        wanted = " or ".join(map(str, declared.players))
        raise InputError(f"{declared.title} is simulated with {wanted} players; give --player NAME that many times")
    match = match_id or f"{game}-sim-{seed}"
    check_match_id(match)
    build_match_started(game, names, ruleset_id=ruleset_id, options=options)
    return match, names


def record_simulated(
    store: Store, game: str, seed: int, rounds: int, *, match_id: str | None = None,
    players: Sequence[str] | None = None, options: Sequence[str] = (), ruleset_id: str | None = None,
) -> Simulated:  # fmt: skip
    """A random legal match of ``game`` from ``seed``, checked by the fold and stored as a new match."""
    from events.errors import InputError
    from replay.app.service import check_and_append

    match, names = check_simulation(game, seed, match_id=match_id, players=players, options=options,
                                    ruleset_id=ruleset_id)  # fmt: skip
    events = simulated_events(game, seed, rounds, match_id=match, players=names, options=options, ruleset_id=ruleset_id)
    if store.exists(match):
        raise InputError(f"match {match} already exists in {store.path}; choose another --id or --db")
    stored = check_and_append(store, match, events, expected_seq=0)
    played = sum(1 for event in stored if event.type.endswith("round_started"))
    return Simulated(match, len(stored), played)
