"""Recording riichi hands through the real store, for tests."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from events.envelope import new_event
from events.model import Payload
from events.riichi import RiichiDeal, RiichiDiscard, RiichiDraw, RiichiRoundStarted
from events.tiles import KIND_NAMES, full_set, parse_many, plain
from replay.app import service
from replay.games.riichi.state import RiichiState
from store import EventStore
from tests.helpers import RECORDER

RULESETS = ("tenhou", "mahjongsoul", "ema2016")


def tiles(text: str) -> tuple[str, ...]:
    return tuple(parse_many(text))


def deal(given: dict[int, str], *, reserved: str = "", dora: str = "7p") -> tuple[RiichiDeal, list[str]]:
    """A deal with ``given`` hands; the other seats get scattered tiles from what is left.

    ``reserved`` tiles (draws the test will make) are kept out of every hand. Returns the deal
    and the pool of tiles still unseen, in a fixed order, for junk draws.
    """
    pool: Counter[str] = Counter({t: n for t, n in full_set(0).items()})
    for text in [*given.values(), reserved, dora]:
        for tile in parse_many(text):
            pool[plain(tile)] -= 1
    assert all(n >= 0 for n in pool.values()), pool
    order = [t for t in KIND_NAMES for _ in range(pool[t])]
    hands: list[tuple[str, ...]] = []
    spread = order[::3] + order[1::3] + order[2::3]  # scattered, so filler hands are far from complete
    for seat in range(4):
        if seat in given:
            hands.append(tiles(given[seat]))
        else:
            hands.append(tuple(spread[:13]))
            spread = spread[13:]
    return RiichiDeal(hands=tuple(hands), dora_indicator=dora), spread


class Hand:
    """One riichi match with one hand in progress, in a real SQLite file."""

    def __init__(
        self, path: Path, ruleset: str, *, match_id: str = "r-1", options: tuple[str, ...] = (), east_only: bool = False
    ) -> None:
        self.store = EventStore.open(path, create=True)
        self.match_id = match_id
        started = service.build_match_started(
            "riichi", ["Ton", "Nan", "Sha", "Pei"], ruleset_id=ruleset, options=options
        )
        if east_only:  # a tonpuusen: the East round alone, South its extension
            from events.match import MatchLength

            started = started.model_copy(update={"length": MatchLength(unit="tonpuusen", count=1)})
        service.start_match(self.store, started, recorded_by=RECORDER, match_id=match_id)
        self.junk: list[str] = []

    def begin(self, given: dict[int, str], *, reserved: str = "", dora: str = "7p", **start: Any) -> None:
        dealt, self.junk = deal(given, reserved=reserved, dora=dora)
        opening = {"dealer": 0, "hand": 1, "honba": 0, "round_wind": "E", "scores": (25000,) * 4, "sticks": 0}
        opening.update(start)
        self.record(RiichiRoundStarted(**opening), dealt)

    def record(self, *payloads: Payload) -> None:
        service.check_and_append(self.store, self.match_id, [new_event(p, recorded_by=RECORDER) for p in payloads])

    def turn(self, seat: int, draw: str | None = None, discard: str | None = None) -> None:
        """A plain turn: draw (a junk tile if none is named) and discard it (or the tile named)."""
        drawn = draw or self.junk.pop(0)
        self.record(RiichiDraw(seat=seat, tile=drawn))
        out = discard or drawn
        self.record(RiichiDiscard(seat=seat, tile=out, tsumogiri=out == drawn))

    def count(self) -> int:
        return self.store.head(self.match_id)

    @property
    def state(self) -> RiichiState:
        result: RiichiState = service.replay_match(self.store, self.match_id).state
        return result

    def close(self) -> None:
        self.store.close()


def points(hand: Hand) -> tuple[int, ...]:
    return hand.state.results[-1].points
