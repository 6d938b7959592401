"""Seating a club night: the pairs who already met kept apart, the seat winds balanced, the players
who sit out taken in turn. The figures are the best possible, derived in the docstrings (and in
docs/club-night.md), counted here by the tests' own pair count."""

from __future__ import annotations

from collections import Counter

import pytest

from replay.app.seating import Session, seat_session


def night(players: int, per_table: int, sessions: int, seed: int = 0) -> list[Session]:
    names = [f"player-{n:02d}" for n in range(players)]
    seated: list[Session] = []
    for number in range(sessions):
        seated.append(seat_session(names, per_table, seated, sessions_left=sessions - number, seed=seed))
    return seated


def meetings(sessions: list[Session]) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for session in sessions:
        for table in session:
            for first in table:
                for second in table:
                    if first < second:
                        found[(first, second)] += 1
    return found


def repeats(sessions: list[Session]) -> int:
    return sum(count - 1 for count in meetings(sessions).values())


def check_whole(sessions: list[Session], players: int, per_table: int) -> None:
    for session in sessions:
        seated = [name for table in session for name in table]
        assert len(seated) == len(set(seated)) == players - players % per_table
        assert all(len(table) == per_table for table in session)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sixteen_players_over_five_sessions_never_meet_twice(seed: int) -> None:
    """16 players at 4 tables of 4 meet 3 new players a session: 15 others in 5 sessions, so no
    pair can meet twice only if every pair meets exactly once (an affine plane of order 4 does
    it): the best possible, 0 repeats."""
    sessions = night(16, 4, 5, seed)
    check_whole(sessions, 16, 4)
    assert repeats(sessions) == 0
    assert len(meetings(sessions)) == 120  # every one of the C(16, 2) pairs, once


@pytest.mark.parametrize("seed", [0, 1])
def test_twelve_players_over_four_sessions_meet_again_the_least_possible(seed: int) -> None:
    """12 players at 3 tables of 4. A later session's table takes its 4 players from only 3
    tables of an earlier session, so two of them sat together then: each of the 3 tables holds a
    pair met before, against each earlier session. Over 4 sessions there are 6 pairs of sessions,
    so at least 3 x 6 = 18 times a pair sits together again, counted against each earlier meeting
    (a pair met m times counts C(m, 2)). The seating reaches 18, and as eighteen pairs meeting
    twice, none three times: of the 4 x 18 = 72 meetings, 36 pairs once and 18 twice."""
    sessions = night(12, 4, 4, seed)
    check_whole(sessions, 12, 4)
    again = meetings(sessions)
    assert sum(count * (count - 1) // 2 for count in again.values()) == 18
    assert sorted(Counter(again.values()).items()) == [(1, 36), (2, 18)]


def test_twenty_players_over_four_sessions_never_meet_twice() -> None:
    """20 players at 5 tables of 4 meet 12 of the 19 others in 4 sessions: 0 repeats is possible,
    and reached."""
    sessions = night(20, 4, 4)
    check_whole(sessions, 20, 4)
    assert repeats(sessions) == 0


def test_the_seat_winds_are_balanced_over_a_night() -> None:
    """Over 4 sessions no player sits in one seat wind more than twice, and over 5 no player is
    the first dealer (seat 0, East) more than twice."""
    for players, sessions_count, most in ((16, 4, 2), (16, 5, 2), (20, 4, 2)):
        sessions = night(players, 4, sessions_count)
        winds = Counter((name, seat) for session in sessions for table in session for seat, name in enumerate(table))
        assert max(winds.values()) <= most, (players, sessions_count, winds.most_common(3))
        east = Counter(table[0] for session in sessions for table in session)
        assert max(east.values()) <= 2


def test_tensho_pairs_four_players_so_that_each_meets_each_once() -> None:
    sessions = night(4, 2, 3)
    check_whole(sessions, 4, 2)
    assert sorted(meetings(sessions).values()) == [1] * 6


def test_those_who_sit_out_take_turns() -> None:
    """10 players at tables of 4: 2 sit out each session; over 4 sessions 8 sittings out, so no
    one sits out twice."""
    sessions = night(10, 4, 4)
    check_whole(sessions, 10, 4)
    played = Counter(name for session in sessions for table in session for name in table)
    assert sorted(4 - played[f"player-{n:02d}"] for n in range(10)) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]


def test_a_late_arrival_is_seated_from_then_on_and_the_plan_is_made_again() -> None:
    names = [f"player-{n:02d}" for n in range(12)]
    first = seat_session(names, 4, [], seed=3)
    later = seat_session([*names[:11], "late-one"], 4, [first], sessions_left=3, seed=3)
    assert "late-one" in [name for table in later for name in table]
    assert "player-11" not in [name for table in later for name in table]


def test_the_same_night_seats_the_same_way() -> None:
    assert night(16, 4, 3, seed=5) == night(16, 4, 3, seed=5)


def test_too_few_players_or_a_name_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot fill a table of 4"):
        seat_session(["a", "b", "c"], 4, [])
    with pytest.raises(ValueError, match="named twice"):
        seat_session(["a", "b", "c", "a"], 4, [])
