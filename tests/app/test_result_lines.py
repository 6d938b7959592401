"""A round recorded by its result alone, typed (table mode's words) and tapped (the game's values,
as a phone sends them): the same event either way, and each wrong word or value refused in one line
that says what is right, nothing stored. In-process, over a real SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from events.errors import InputError
from replay.app.application import Application
from tests.helpers import Cli


def _last(cli: Cli, match: str) -> tuple[str, dict[str, Any]]:
    event = cli("log", match, "--json").json()[-1]
    return event["type"], event["payload"]


def _tapped(db: Path, match: str, values: dict[str, Any]) -> None:
    Application(str(db)).enter_move(match, "result", values, recorded_by="phone", expected_seq=1)


def test_a_koikoi_result_typed_and_tapped_is_one_event(cli: Cli, db: Path) -> None:
    """Aki took the crane, the curtain and the moon; Ben called koi-koi once, Aki stopped. Typed
    with commas between the cards and koikoi for go; tapped as values. Plant: a comma read as part
    of a card, koikoi not read as go."""
    for match in ("typed", "tapped"):
        assert cli("new", "koikoi", "-p", "Aki", "-p", "Ben", "--id", match).code == 0
    done = cli("result", "typed", "pine-crane,cherry-curtain,susuki-moon", "/", "koikoi", "1", "stop", "0")
    assert done.code == 0, done.err
    _tapped(db, "tapped", {"captured": [["pine-crane", "cherry-curtain", "susuki-moon"], []], "went": [1],
                           "stopped": 0, "exposed": []})  # fmt: skip
    expected = {"captured": [["pine-crane", "cherry-curtain", "susuki-moon"], []], "shown": None, "stopped": 0,
                "went": [1]}  # fmt: skip
    assert _last(cli, "typed") == _last(cli, "tapped") == ("koikoi.round_result", expected)


def test_a_teyaku_shown_last_on_the_line_wins_the_round(cli: Cli) -> None:
    """Ben shows teshi (four cards of a month in the hand): the round is his. Plant: an expose at
    the end of the line refused for want of a word."""
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Ben", "--id", "koi").code == 0
    done = cli("result", "koi", "/", "expose", "1", "teshi")
    assert done.code == 0, done.err
    assert _last(cli, "koi") == ("koikoi.round_result", {"captured": [[], []], "shown": "teshi", "stopped": 1,
                                                        "went": []})  # fmt: skip


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (("pine-crane", "/", "stop", "2"), "seat 2 does not exist; seats are 0 to 1"),
        (("/", "expose", "1"), "expose takes a seat and a teyaku, e.g. expose 1 teshi"),
        (("/", "go"), "go takes a seat number, e.g. go 1"),
        (("pine-crane",), "give all 2 seats' captured cards, seat 0 first, parted by a /: pine-crane 01-1 / 12-0 ..."),
    ],
)
def test_a_wrong_result_line_is_one_line_and_nothing_is_stored(cli: Cli, words: tuple[str, ...], said: str) -> None:
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Ben", "--id", "koi").code == 0
    done = cli("result", "koi", *words)
    assert (done.code, done.err.strip()) == (2, f"taikyoku: error: {said}")
    assert len(cli("log", "koi", "--json").json()) == 1


@pytest.mark.parametrize(
    ("game", "values", "said"),
    [
        ("koikoi", {"captured": [[], []], "said": 1}, "a round's result has no 'said'; it holds captured, went, "
                                                      "stopped and exposed"),
        ("koikoi", {"captured": [[]]}, "captured is a list of 2 lists of cards, seat 0 first"),
        ("koikoi", {"captured": [[], []], "went": 1}, "went is a list of seats, one for each koi-koi called"),
        ("koikoi", {"captured": [[], []], "went": [2]}, "2 is not a seat; seats are 0 to 1"),
        ("koikoi", {"captured": [[], []], "stopped": True}, "True is not a seat; seats are 0 to 1"),
        ("koikoi", {"captured": [[], []], "exposed": [[1]]}, "exposed is a list of [seat, teyaku] pairs"),
        ("koikoi", {"captured": [[5], []]}, "5 is not a card; name it by its id, e.g. pine-crane or pine-chaff-1"),
        ("koikoi", {"captured": [["pine-chaff"], []]},
         "'pine-chaff' is not a card; name it by its id, e.g. pine-crane or pine-chaff-1"),
        ("koikoi", {"captured": [[], []], "exposed": [[0, "nothing"]]}, "the result's shown is 'nothing'; "),
        ("tensho", {"captured": [[], []], "stopped": 0}, "Tensho has no go, stop or teyaku shown: give the "
                                                         "captured cards only"),
        ("riichi", {"event": "riichi.chombo", "seat": 9}, "the result's seat is 9; it may be at most 3"),
    ],
)  # fmt: skip
def test_a_tapped_result_the_game_refuses_says_why_and_stores_nothing(
    cli: Cli, db: Path, game: str, values: dict[str, Any], said: str
) -> None:
    players = ("-p", "A", "-p", "B") + (("-p", "C", "-p", "D") if game == "riichi" else ())
    assert cli("new", game, *players, "--id", "tap").code == 0
    with pytest.raises(InputError) as refused:
        _tapped(db, "tap", values)
    assert str(refused.value).startswith(said), str(refused.value)
    assert len(cli("log", "tap", "--json").json()) == 1


def test_a_riichi_draw_typed_and_tapped_is_one_event_each_seat_once(cli: Cli, db: Path) -> None:
    """Dai and Beni tenpai, Beni said twice: typed by seat numbers, tapped as values. Plant: the
    tapped seats kept as sent (a seat twice, out of order)."""
    for match in ("typed", "tapped"):
        assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", match).code == 0
    assert cli("result", "typed", "draw", "tenpai", "3", "1", "1", "riichi", "3").code == 0
    _tapped(db, "tapped", {"event": "riichi.draw_result", "tenpai": [3, 1, 1], "riichi": [3], "nagashi": []})
    expected = {"abort": None, "nagashi": [], "riichi": [3], "tenpai": [1, 3]}
    assert _last(cli, "typed") == _last(cli, "tapped") == ("riichi.draw_result", expected)
