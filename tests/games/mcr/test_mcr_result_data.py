"""An MCR hand's result sent by a phone as data is the event the typed line makes, checked the
same way; every wrong shape of it is one line (422) and nothing is stored. A real server over a
real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import Server, token_of

NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def served(cli: Cli, db: Path, secret: Path) -> Iterator[Server]:
    for match in ("typed", "tapped"):
        assert cli("new", "mcr", *[a for n in NAMES for a in ("-p", n)], "--id", match).code == 0
    server = Server(str(db), secret)
    yield server
    server.stop()


def _result(served: Server, token: str, values: dict[str, Any]) -> tuple[int, Any]:
    body = {"expected_seq": 1, "data": {"verb": "result", "values": values}}
    return served.call("POST", "/api/matches/tapped/moves", body, token)


def _last(cli: Cli, match: str) -> tuple[str, dict[str, Any]]:
    event = cli("log", match, "--json").json()[-1]
    return event["type"], event["payload"]


@pytest.mark.parametrize(
    ("typed", "values"),
    [
        (("Cy", "from", "Ann", "all_pungs", "half_flush", "flowers=1"),
         {"kind": "fans", "seat": 2, "from": 0, "fans": ["all_pungs", "half_flush"], "flowers": 1}),
        (("Di", "11m33m55p77p99s11z7z", "+7z"),
         {"kind": "hand", "seat": 3, "from": None, "concealed": "11m33m55p77p99s11z7z", "tile": "7z", "melds": []}),
        (("Bo", "from", "Di", "222m555m888m1z", "+1z", "pung:777z"),
         {"kind": "hand", "seat": 1, "from": 3, "concealed": "222m555m888m1z", "tile": "1z",
          "melds": [{"kind": "pung", "tiles": "777z"}]}),
        (("draw",), {"kind": "draw"}),
    ],
)  # fmt: skip
def test_a_tapped_result_is_the_event_the_typed_line_makes(
    cli: Cli, secret: Path, served: Server, typed: tuple[str, ...], values: dict[str, Any]
) -> None:
    assert cli("result", "typed", *typed).code == 0
    assert _result(served, token_of(cli, secret, "tapped"), values)[0] == 201
    assert _last(cli, "typed") == _last(cli, "tapped")
    assert cli("replay", "typed", "--json").json()["results"] == cli("replay", "tapped", "--json").json()["results"]


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"kind": "fans", "seat": 9, "fans": ["all_pungs"]}, "the result names no winner: tap the seat that won (0 to 3)"),
        ({"kind": "fans", "seat": 0, "from": "Bo", "fans": ["all_pungs"]},
         "the discarder is not a seat (0 to 3): tap who discarded, or self-drawn"),
        ({"kind": "fans", "seat": 0, "from": 1, "fans": ["all pungs"]},
         "the fans are not the rules' fans: tap them from the list"),
        ({"kind": "fans", "seat": 0, "from": 1, "fans": ["half_flush"]},
         "the fans count 6 points, flowers aside; a win needs 8"),
        ({"kind": "fans", "seat": 0, "from": 1, "fans": ["big_four_winds", "all_pungs"]},
         "All Pungs is not counted with Big Four Winds, which implies it"),
        ({"kind": "hand", "seat": 0, "from": 1, "concealed": "1m2m3m", "tile": "4m"},
         "the tiles make no mahjong hand; a declaration on them is a false mahjong (false-win)"),
        ({"kind": "hand", "seat": 0, "concealed": "1m", "tile": "1m", "flowers": True}, "flowers: 0 to 8"),
        ({"kind": "hand", "seat": 0, "concealed": "1m", "tile": "1m", "melds": ["pung"]}, "a set laid open is {kind, tiles}"),
        ({"kind": "win", "seat": 0}, 'the result\'s kind is "fans", "hand", "draw" or "false"'),
    ],
)  # fmt: skip
def test_a_tapped_result_refused_is_one_line_and_nothing_is_stored(
    cli: Cli, secret: Path, served: Server, values: dict[str, Any], said: str
) -> None:
    status, body = _result(served, token_of(cli, secret, "tapped"), values)
    assert (status, body["error"]) == (422, said)
    assert len(cli("log", "tapped", "--json").json()) == 1
