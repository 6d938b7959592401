"""How a place is said on every page, sheet and check: 1st, 2nd, 3rd, then th (11th to 13th too)."""

from __future__ import annotations

import pytest

from replay.engine.game import ordinal


@pytest.mark.parametrize(
    ("place", "said"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"),
     (22, "22nd"), (23, "23rd"), (111, "111th"), (101, "101st")],
)  # fmt: skip
def test_a_place_as_it_is_said(place: int, said: str) -> None:
    assert ordinal(place) == said
