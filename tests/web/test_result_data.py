"""A round's result sent by a phone as data (``{"verb": "result", "values": ...}``) is the same
event the table's typed line makes, checked the same way: a result the rules or the game refuse is
one line, and nothing is stored. A real server over a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import Server, token_of

NAMES = ("Aki", "Beni", "Chie", "Dai")


@pytest.fixture
def served(cli: Cli, db: Path, secret: Path) -> Iterator[Server]:
    for match in ("typed", "tapped"):
        assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", match).code == 0
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", "koi").code == 0
    server = Server(str(db), secret)
    yield server
    server.stop()


def _result(served: Server, token: str, match: str, head: int, values: dict[str, Any]) -> tuple[int, Any]:
    body = {"expected_seq": head, "data": {"verb": "result", "values": values}}
    return served.call("POST", f"/api/matches/{match}/moves", body, token)


def _last(cli: Cli, match: str) -> tuple[str, dict[str, Any]]:
    event = cli("log", match, "--json").json()[-1]
    return event["type"], event["payload"]


def test_a_tapped_result_is_the_event_the_typed_line_makes(cli: Cli, db: Path, secret: Path, served: Server) -> None:
    """Chie rons Aki (in riichi) for 3 han 30 fu: typed in table mode's words, and tapped as data.
    Plant: the data read into another event than the words (the riichi or the discarder dropped)."""
    assert cli("result", "typed", "ron", "Chie", "3han30fu", "from", "Aki", "riichi", "Aki").code == 0
    token = token_of(cli, secret, "tapped")
    values = {"event": "riichi.declared_win", "kind": "ron", "from_seat": 0, "riichi": [0],
              "wins": [{"seat": 2, "han": 3, "fu": 30, "yaku": []}]}  # fmt: skip
    assert _result(served, token, "tapped", 1, values)[0] == 201
    expected = {"from_seat": 0, "kind": "ron", "riichi": [0],
                "wins": [{"fu": 30, "han": 3, "limit": None, "seat": 2, "yaku": []}]}  # fmt: skip
    assert _last(cli, "typed") == _last(cli, "tapped") == ("riichi.declared_win", expected)
    # Worked from the table: 30 fu x 2^(3+2) = 960, x4 = 3,840, up to 3,900, and Aki's stick.
    assert cli("replay", "tapped", "--json").json()["results"][0]["points"] == [-4900, 0, 4900, 0]


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"event": "riichi.declared_win", "kind": "ron", "riichi": [], "wins": [{"seat": 2, "han": 3, "fu": 30}]},
         "a ron says who dealt in: from Sato; e.g. ron Mika 3han30fu from Sato riichi Mika, tsumo Sato mangan, "
         "ron Mika 2han40fu Ken 3/30 from Sato"),
        ({"event": "riichi.declared_win", "kind": "tsumo", "wins": [{"seat": 2}]},
         "give the value of Chie's hand; e.g. ron Mika 3han30fu from Sato riichi Mika, tsumo Sato mangan, "
         "ron Mika 2han40fu Ken 3/30 from Sato"),
        ({"event": "riichi.declared_win", "kind": "tsumo", "wins": [{"seat": 2, "han": 2, "fu": 35}]},
         "35 fu is not a hand's fu: 20, 25, or 30 to 110 in tens"),
        ({"event": "riichi.hand_ended", "seat": 1},
         "a hand's result is one of: riichi.declared_win, riichi.draw_result, riichi.chombo, riichi.hand_result "
         "(its event); 'riichi.hand_ended' is none of them"),
        ({"event": "riichi.draw_result", "tenpai": [7]},
         "the result's tenpai[0] is 7; it may be at most 3"),
    ],
)  # fmt: skip
def test_a_tapped_result_the_rules_refuse_is_one_line_and_nothing_is_stored(
    cli: Cli, secret: Path, served: Server, values: dict[str, Any], said: str
) -> None:
    token = token_of(cli, secret, "tapped")
    status, body = _result(served, token, "tapped", 1, values)
    assert (status, body["error"]) == (422, said)
    assert len(cli("log", "tapped", "--json").json()) == 1


def test_a_koikoi_round_tapped_as_data_and_its_bad_cards_refused(cli: Cli, secret: Path, served: Server) -> None:
    """Aki took the five brights' first three (crane, curtain, full moon: Three Brights, 5 points)
    and stopped. Plant: the captures read for the wrong seat."""
    token = token_of(cli, secret, "koi")
    status, body = _result(served, token, "koi", 1, {"captured": [["pine-crane", "cherry-curtain", "bogus"], []]})
    assert (status, body["error"]) == (
        422,
        "'bogus' is not a card; use an ID like pine-crane or pine-chaff-1, an MM-i code like 01-0, or <suit>-chaff "
        "(see `taikyoku cards`)",
    )
    assert _result(served, token, "koi", 1, {"captured": [[], []], "said": "x"})[1]["error"] == (
        "a round's result has no 'said'; it holds captured, went, stopped and exposed"
    )
    assert len(cli("log", "koi", "--json").json()) == 1
    captured = {"captured": [["pine-crane", "cherry-curtain", "susuki-moon"], []], "went": [], "stopped": 0,
                "exposed": []}  # fmt: skip
    assert _result(served, token, "koi", 1, captured)[0] == 201
    [result] = cli("replay", "koi", "--json").json()["results"]
    assert result["points"][0] > 0 and result["winner_name"] == "Aki"
