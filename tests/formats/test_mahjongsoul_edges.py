"""Mahjong Soul's header read at its edges, worked out by hand: the end time in seconds at its bounds,
as 12-hour text at noon and midnight, the ref's date in China's time, whatever this machine's own time
zone is; and players who share a nickname told apart by account id or by seat wind."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from events.errors import InputError
from replay.games.riichi.logs.tenhou6.mahjongsoul import played_at, player_names

REF = "231014-84c11a6f-5f2e-4b8c-9a1d-3c6e2f7a9b10"  # 2023-10-14 in China: 2023-10-13T16:00:00Z


@pytest.fixture(autouse=True)
def far_from_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine reading the file keeps New York's time: nothing may depend on it."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("title", "found"),
    [
        (["玉の間南喰赤", 1697291592], "2023-10-14T13:53:12Z"),  # 19,644 days and 49,992 s
        (["玉の間南喰赤", 1], "1970-01-01T00:00:01Z"),  # the first second after 1970 is a time
        (["玉の間南喰赤", 2**33 - 1], "2242-03-16T12:56:31Z"),  # the last second read
        (["玉の間南喰赤", 0], "2023-10-13T16:00:00Z"),  # not a time: the ref's day
        (["玉の間南喰赤", 2**33], "2023-10-13T16:00:00Z"),
        (["玉の間南喰赤", True], "2023-10-13T16:00:00Z"),
        (["玉の間南喰赤"], "2023-10-13T16:00:00Z"),  # no end time at all
        ("玉の間南喰赤", "2023-10-13T16:00:00Z"),
        (["金の間", "10/14/2023, 12:05:00 PM"], "2023-10-14T12:05:00Z"),  # noon
        (["金の間", "10/14/2023, 12:05:00 AM"], "2023-10-14T00:05:00Z"),  # just after midnight
        (["金の間", "10/14/2023, 11:59:59 PM"], "2023-10-14T23:59:59Z"),
        (["金の間", "10/14/2023, 1:00:00 AM"], "2023-10-14T01:00:00Z"),
        (["金の間", "2023/10/14 21:43:12"], "2023-10-14T21:43:12Z"),  # year first (ja-JP, zh-CN)
        (["金の間", " 2023/10/14 21:43:12 "], "2023-10-14T21:43:12Z"),
        (["金の間", "14/10/2023, 21:43:12"], "2023-10-13T16:00:00Z"),  # day or month first: not read
        (["金の間", "2023/02/30 21:43:12"], "2023-10-13T16:00:00Z"),  # no such day
        (["金の間", "2/30/2023, 9:43:12 PM"], "2023-10-13T16:00:00Z"),
    ],
)  # fmt: skip
def test_the_end_time_or_else_the_refs_day(title: Any, found: str) -> None:
    assert played_at({"ref": REF, "title": title}) == found


def test_a_ref_that_dates_nothing_dates_nothing() -> None:
    assert played_at({"ref": "231399-84c11a6f-5f2e-4b8c-9a1d-3c6e2f7a9b10"}) is None  # month 13
    assert played_at({"ref": 231014}) is None
    assert played_at({}) is None
    # The ref's day begins at midnight in China (UTC+8): 16:00 UTC the day before.
    assert played_at({"ref": "240101-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"}) == "2023-12-31T16:00:00Z"


def test_players_sharing_a_nickname_are_told_apart() -> None:
    names = ["Mika", "Sato", "Mika", "Mika"]
    by_id = [{"account_id": 11}, {"account_id": 22}, "not a seat", {"account_id": True}]
    assert player_names({"playerMapping": by_id}, names) == ["Mika #11", "Sato", "Mika (West)", "Mika (North)"]
    assert player_names({}, ["Kei", "Kei", "A", "B"]) == ["Kei (East)", "Kei (South)", "A", "B"]
    assert player_names({"playerMapping": "none"}, ["A", "B", "C"]) == ["A", "B", "C"]
    # A name is never shortened unsaid: one over 64 characters, the told-apart mark included, is refused.
    fits = "x" * 56  # with " (South)": 64
    assert player_names({}, [fits, fits, "A"]) == [f"{fits} (East)", f"{fits} (South)", "A"]
    for names, said in (
        (["x" * 58, "x" * 58, "A"], "player 0's name 'xxxxxxxxxxxxxxxxxxxx'... is 65 characters long"),
        (["y" * 70, "B"], "player 0's name 'yyyyyyyyyyyyyyyyyyyy'... is 70 characters long"),
    ):
        with pytest.raises(InputError) as refused:
            player_names({}, names)
        assert refused.value.message == f"{said}; taikyoku keeps names of at most 64: shorten it in the file"


def test_a_mahjong_soul_game_is_known_by_its_ref_or_its_room_alone() -> None:
    from replay.games.riichi.logs.tenhou6.mahjongsoul import is_mahjong_soul

    assert is_mahjong_soul({"ref": REF, "rule": {"disp": "鳳南喰赤"}})  # the dated UUID decides
    assert is_mahjong_soul({"ref": REF})
    assert is_mahjong_soul({"ref": "", "rule": {"disp": "王座の間南喰赤"}})  # the room decides
    assert not is_mahjong_soul({"ref": "2019050417gm-0029-0000-4f2a8622", "rule": {"disp": "特南喰赤"}})
    assert not is_mahjong_soul({"rule": "玉の間"})  # a rule that is not an object says nothing
    assert not is_mahjong_soul({"rule": {}})
    assert not is_mahjong_soul({})
