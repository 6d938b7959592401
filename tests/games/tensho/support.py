"""Driving real Tensho matches through the real store, for tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from events.envelope import new_event
from events.match import RoundStarted
from events.model import Payload
from events.tensho import TenshoCapture, TenshoDeal, TenshoDraw, TenshoPlay, YakuSetChosen
from replay.app import service
from replay.games.tensho.options import TenshoOptions
from replay.games.tensho.state import TenshoState
from store import EventStore
from tests.helpers import RECORDER

# A deal with every field card of a different suit; seat 0's hand holds the Crane and the
# Wisteria Ribbon, and the Phoenix is on top of the pile: Red Four for seat 0 by its 2nd play.
FIELD = (
    "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1", "iris-chaff-1",
    "peony-chaff-1", "clover-chaff-1", "susuki-chaff-1", "chrysanthemum-chaff-1",
)  # fmt: skip
HAND0 = ("pine-crane", "wisteria-ribbon", "maple-deer", "willow-swallow", "cherry-curtain", "susuki-moon")
HAND1 = ("pine-poetry", "plum-poetry", "cherry-poetry", "iris-ribbon", "peony-blue", "clover-ribbon")
PILE = (
    "paulownia-phoenix", "maple-blue", "plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
    "clover-boar", "susuki-geese", "chrysanthemum-cup", "chrysanthemum-blue", "willow-rainman", "willow-ribbon",
    "willow-lightning", "maple-chaff-1", "maple-chaff-2", "pine-chaff-2", "plum-chaff-2", "cherry-chaff-2",
)  # fmt: skip
DEAD = (
    "wisteria-chaff-2",
    "iris-chaff-2",
    "peony-chaff-2",
    "clover-chaff-2",
    "susuki-chaff-2",
    "chrysanthemum-chaff-2",
)


def deal(
    field: Sequence[str] = FIELD,
    hand0: Sequence[str] = HAND0,
    hand1: Sequence[str] = HAND1,
    pile: Sequence[str] | None = PILE,
    dead: Sequence[str] | None = DEAD,
) -> TenshoDeal:
    return TenshoDeal(
        field=tuple(field),
        hands=(tuple(hand0), tuple(hand1)),
        draw_pile=None if pile is None else tuple(pile),
        dead=None if dead is None else tuple(dead),
    )


def swap(cards: Sequence[str], out: str, into: str) -> tuple[str, ...]:
    return tuple(into if c == out else c for c in cards)


class Table:
    """One Tensho match in a real SQLite file; every event goes through the store's checks."""

    def __init__(self, path: Path, *, options: Sequence[str] = (), length: int = 3, match_id: str = "t-1") -> None:
        self.store = EventStore.open(path, create=True)
        self.match_id = match_id
        started = service.build_match_started("tensho", ["Alice", "Bob"], options=options, length=length)
        service.start_match(self.store, started, recorded_by=RECORDER, match_id=match_id)

    def record(self, *payloads: Payload) -> None:
        service.check_and_append(self.store, self.match_id, [new_event(p, recorded_by=RECORDER) for p in payloads])

    def count(self) -> int:
        return self.store.head(self.match_id)

    @property
    def state(self) -> TenshoState:
        state: TenshoState = service.replay_match(self.store, self.match_id).state
        return state

    def begin(self, dealt: TenshoDeal | None = None, *, yaku_set: int = 2, dealer: int | None = None) -> None:
        state = self.state
        self.record(
            RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer if dealer is None else dealer),
            YakuSetChosen(by="agreement", yaku_set=yaku_set),
            dealt or deal(),
        )

    def play(self, seat: int, card: str, *taken: str) -> None:
        events: list[Payload] = [TenshoPlay(card=card, seat=seat)]
        if taken or card == "paulownia-phoenix":
            events.append(TenshoCapture(card=card, seat=seat, taken=taken))
        self.record(*events)

    def draw(self, seat: int, card: str, *taken: str) -> None:
        events: list[Payload] = [TenshoDraw(card=card, seat=seat)]
        if taken or card == "paulownia-phoenix":
            events.append(TenshoCapture(card=card, seat=seat, taken=taken))
        self.record(*events)

    def close(self) -> None:
        self.store.close()


def result_summary(state: TenshoState) -> list[dict[str, Any]]:
    return [
        {"round": r.round, "winner": r.winner, "reason": r.reason, "points": r.points, "next_dealer": r.next_dealer}
        for r in state.results
    ]


def options(**over: object) -> TenshoOptions:
    """The default Tensho options (fudawiki's ruleset), with some changed."""
    base: dict[str, object] = {
        "tensho.back2Card": "swallow", "tensho.tenHorseKing": "peony", "tensho.compoundYaku": "supersede",
        "tensho.phoenixDealtToField": "uncapturable", "tensho.dealerTripleOption": True,
        "tensho.fourOfSuitOnField": "misdeal", "capture.mandatoryIfMatch": True,
        "capture.twoMatches": "choose", "capture.threeMatches": "takeAll",
        "tensho.tieBreak": ("yakuPoints", "chaffCount", "cardValueSum", "draw"),
        "tensho.roundScore": "roundsWon", "tensho.instantWinValue": 300,
    }  # fmt: skip
    base.update(over)
    return TenshoOptions.of(base)
