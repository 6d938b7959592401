"""A drawn or abandoned hand recorded at result depth holds the same riichi rule as a declared win:
a stick of 1,000 points, from a player who has them, and each seat named once."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.riichi import RiichiDrawResult, RiichiHandResult, RiichiRoundStarted
from replay.app.service import build_match_started
from replay.engine.fold import IllegalEvent, Step
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.state import RiichiState
from tests.helpers import Cli, rows

NAMES = ("Aki", "Beni", "Chie", "Dai")


def started(cli: Cli, scores: str) -> None:
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "drawn").code == 0
    assert cli("round", "drawn", "--scores", scores, "--dealer", "0").code == 0


@pytest.mark.parametrize(
    ("points", "line"),
    [
        (1000, ("draw", "tenpai", "Aki", "Chie", "riichi", "Chie")),
        (900, ("draw", "tenpai", "Aki", "Chie", "riichi", "Chie")),
        (0, ("draw", "tenpai", "Chie", "riichi", "Chie")),
        (1000, ("abort", "four-riichi", "riichi", "Aki", "Beni", "Chie", "Dai")),
        (900, ("abort", "four-riichi", "riichi", "Aki", "Beni", "Chie", "Dai")),
    ],
)
def test_a_drawn_hands_riichi_needs_a_thousand_point_stick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], points: int, line: tuple[str, ...]
) -> None:
    db = tmp_path / "club.db"
    cli = Cli(db, capsys)
    started(cli, f"35000,35000,{points},{35000 - points}")
    before = rows(db)
    done = cli("result", "drawn", *line)
    if points >= 1000:
        assert done.code == 0, done.err
        (result,) = cli("replay", "drawn", "--json").json()["results"]
        assert result["points"][2] == (-1000 if "abort" in line else 1500 - 1000)  # Aki and Chie share 3,000
        return
    said = f"Chie holds {points} points: riichi needs a 1,000-point stick [riichi.riichi.points]\n"
    assert done.code == 2 and done.err.startswith("taikyoku: error: seq 3 (") and done.err.endswith(said), done.err
    assert done.err.count("\n") == 1
    assert rows(db) == before  # nothing stored, and the match goes on
    assert cli("replay", "drawn", "--json").json()["complete"] is False


def hand_started(players: int = 4, scores: tuple[int, ...] = (25000, 25000, 25000, 25000)) -> RiichiState:
    projection = RiichiProjection()
    names = list(NAMES[:players])
    started = build_match_started("riichi", names, ruleset_id="tenhou" if players == 4 else "tenhou-sanma")
    state = projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
    hand = RiichiRoundStarted(round_wind="E", hand=1, honba=0, sticks=0, scores=scores, dealer=0)
    return projection.apply(state, Step(2, hand.EVENT_TYPE, hand))


def refusal(state: RiichiState, event: RiichiDrawResult | RiichiHandResult) -> tuple[str, str]:
    with pytest.raises(IllegalEvent) as refused:
        RiichiProjection().apply(state, Step(3, event.EVENT_TYPE, event))
    return refused.value.code, refused.value.reason


@pytest.mark.parametrize(
    ("event", "said"),
    [
        (RiichiDrawResult(tenpai=(0, 0, 0, 0)), "a seat is listed twice as tenpai; name each seat once"),
        (RiichiDrawResult(tenpai=(0, 1), riichi=(1, 1)), "a seat is listed twice as riichi; name each seat once"),
        (RiichiDrawResult(abort="four_riichi", riichi=(0, 1, 2, 2)),
         "a seat is listed twice as riichi; name each seat once"),
    ],
)  # fmt: skip
def test_a_raw_draw_naming_a_seat_twice_is_refused(event: RiichiDrawResult, said: str) -> None:
    # The command line names each player once; an import's raw event may repeat one.
    assert refusal(hand_started(), event) == ("riichi.result.twice", said)


def test_the_same_draw_with_each_seat_once_stands() -> None:
    state = RiichiProjection().apply(hand_started(), Step(3, "riichi.draw_result", RiichiDrawResult(tenpai=(0,))))
    assert state.results[-1].points == (3000, -1000, -1000, -1000)


WIN = {"kind": "ron", "seat": 1, "from_seat": 0, "win_tile": "2z", "dora_indicators": ("9m",),
       "hand": ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z")}  # fmt: skip


def test_a_full_result_refuses_another_riichi_without_the_points() -> None:
    poor = hand_started(scores=(49100, 25000, 25000, 900))
    event = RiichiHandResult(**WIN, others_in_riichi=(3,))  # type: ignore[arg-type]
    assert refusal(poor, event) == ("riichi.riichi.points", "seat 3 holds 900 points: riichi needs a 1,000-point stick")
    twice = RiichiHandResult(**WIN, others_in_riichi=(3, 3))  # type: ignore[arg-type]
    assert refusal(hand_started(), twice)[0] == "riichi.result.riichi"
    fine = RiichiProjection().apply(hand_started(), Step(3, event.EVENT_TYPE, event))
    assert fine.results[-1].points[3] == -1000  # Dai's stick goes to Beni with the hand
