"""Simulated matches of one game, for the tests: the games named here, where tests may name them
(the product's ``replay/app/simulate.py`` takes the game as data)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from events.envelope import PendingEvent
from events.model import Payload
from replay.app.simulate import payloads, simulated_events


def tensho_payloads(
    seed: int, rounds: int, *, players: Sequence[str] | None = None, options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Tensho match, in order."""
    return payloads("tensho", seed, rounds, players=players, options=options)


def sendai_payloads(
    seed: int, rounds: int, *, players: Sequence[str] | None = None, options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Sendai-hana match, in order."""
    return payloads("sendai", seed, rounds, players=players, options=options)


def riichi_payloads(
    seed: int,
    hands: int,
    *,
    players: Sequence[str] | None = None,
    ruleset_id: str = "tenhou",
    options: Sequence[str] = (),
) -> Iterator[Payload]:
    """The payloads of ``hands`` random riichi hands, in order."""
    return payloads("riichi", seed, hands, players=players, options=options, ruleset_id=ruleset_id)


def tensho_events(
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] | None = None,
    options: Sequence[str] = (),
) -> list[PendingEvent]:
    return simulated_events("tensho", seed, rounds, match_id=match_id, players=players, options=options)
