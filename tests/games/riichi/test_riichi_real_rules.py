"""Rules the real records showed, on built hands in real SQLite files: robbing an added kan
(chankan) keeps a riichi's ippatsu and is paid as any ron; tied final scores rank from the first
dealer round the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events.riichi import RiichiCall, RiichiDeclared, RiichiDiscard, RiichiDraw, RiichiWin
from replay.games.riichi.pricing import Priced
from tests.games.riichi.support import Hand


@pytest.fixture
def hand(tmp_path: Path) -> Iterator[Hand]:
    h = Hand(tmp_path / "r.db", "tenhou")
    yield h
    h.close()


def test_riichi_ippatsu_and_chankan_together(hand: Hand) -> None:
    # Seat 2 will wait on 2p (1p-3p); seat 1 holds a pair of 2p and will pon, then add the fourth.
    hand.begin({1: "2p2p1z1z1z2z2z2z3z3z3z4z4z", 2: "234m567m678s1p9p55s"}, reserved="2p2p3p")
    hand.turn(0, draw="2p")  # the dealer lets a 2p go: seat 2 is not yet tenpai
    hand.record(RiichiCall(kind="pon", seat=1, tiles=("2p", "2p", "2p"), called="2p", from_seat=0))
    hand.record(RiichiDiscard(seat=1, tile="4z"))
    hand.record(RiichiDraw(seat=2, tile="3p"), RiichiDeclared(seat=2), RiichiDiscard(seat=2, tile="9p"))
    hand.turn(3)
    hand.turn(0)
    hand.record(RiichiDraw(seat=1, tile="2p"), RiichiCall(kind="kakan", seat=1, tiles=("2p",), called="2p"))
    hand.record(RiichiWin(kind="ron", seat=2, from_seat=1))  # robbed before the kan's replacement tile
    (win,) = hand.state.results[-1].wins
    assert isinstance(win.priced, Priced)
    # Riichi 1, ippatsu 1, chankan 1: 3 han; 20 fu, 10 for a closed ron, 2 for the closed wait: 40 fu.
    assert sorted(name for name, _ in win.priced.yaku) == ["Chankan", "Ippatsu", "Riichi"]
    assert (win.priced.han, win.priced.fu) == (3, 40)
    # A non-dealer's 40 fu 3 han ron is 5,200, all from the kan's maker; the winner's own stick comes back.
    assert hand.state.results[-1].paid == (0, -5200, 6200, 0)


def test_tied_final_scores_go_to_the_seat_nearer_the_first_dealer(tmp_path: Path) -> None:
    """Four players level after a drawn hand nobody was tenpai in: the ranking runs round the table
    from the first dealer (here seat 2), not from seat 0."""
    from events.envelope import new_event
    from events.riichi import RiichiDrawResult, RiichiRoundStarted
    from replay.app import service
    from replay.games.riichi.flow import final_standings
    from store import EventStore

    started = service.build_match_started("riichi", ["A", "B", "C", "D"], ruleset_id="tenhou", dealer="2")
    with EventStore.open(tmp_path / "tie.db", create=True) as store:
        service.start_match(store, started, recorded_by="t", match_id="tie-1")
        events = [
            RiichiRoundStarted(round_wind="E", hand=1, honba=0, sticks=0, scores=(25000,) * 4, dealer=2),
            RiichiDrawResult(tenpai=()),
        ]
        service.check_and_append(store, "tie-1", [new_event(p, recorded_by="t") for p in events])
        state = service.replay_match(store, "tie-1").state
    assert final_standings(state)["ranks"] == [3, 4, 1, 2]  # seats 2, 3, 0, 1 in that order
