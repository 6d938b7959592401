"""The tournament rulesets (EMA 2025, WRC, JPML A, RRC, M.League, Riichi City): their final results
worked out by hand from each ruleset's figures, every tie case of Pantheon's published uma tests
(their figures, written here as each seat's result), leftover sticks split between tied winners,
chombo after uma, and a head bump, each against the rules' own text (docs/riichi.md §2)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from events.riichi import RiichiDiscard, RiichiDraw, RiichiWin
from replay.engine.fold import IllegalEvent
from replay.games.riichi.final import final_results
from replay.games.riichi.options import RULESETS, RiichiOptions
from tests.games.riichi.support import Hand
from tests.helpers import Cli


def _defaults(ruleset: str) -> dict[str, object]:
    return dict(next(s for s in RULESETS if s.id == ruleset).defaults())


def rules(ruleset: str) -> RiichiOptions:
    spec = next(s for s in RULESETS if s.id == ruleset)
    return RiichiOptions.of(ruleset, spec.defaults(), spec.players[0])


def results(ruleset: str, scores: list[int], sticks: int = 0, penalties: list[int] | None = None) -> list[Decimal]:
    found = final_results(rules(ruleset), scores, sticks, 0, penalties or [0] * len(scores))
    return [Decimal(str(r)) for r in found["results"]]


# Pantheon's emaTest.php: each line its scores and the uma it gives by place, here as each seat's
# result, (score - 30,000) / 1,000 plus the seat's uma (no oka; tied places share their uma).
EMA_TIES = [
    ([30000, 30000, 30000, 30000], [0, 0, 0, 0]),  # all at the start
    ([28000, 28000, 37000, 27000], [-2, -2, 22, -18]),  # a leader, 2nd = 3rd: (5 - 5) / 2 each
    ([27000, 28000, 37000, 27000], [-13, 3, 22, -13]),  # 3rd = 4th: (-5 - 15) / 2
    ([27000, 27000, 37000, 27000], [-8, -8, 22, -8]),  # 2nd = 3rd = 4th: -5 each
    ([33000, 33000, 24000, 32000], [13, 13, -21, -3]),  # 1st = 2nd: 10 each
    ([33000, 32000, 24000, 32000], [18, 2, -21, 2]),  # 2nd = 3rd: 0
    ([32000, 32000, 24000, 32000], [7, 7, -21, 7]),  # 1st = 2nd = 3rd: 5 each
    ([32000, 29000, 24000, 32000], [12, -6, -21, 12]),
    ([36000, 24000, 24000, 32000], [21, -16, -16, 7]),
    ([36000, 24000, 24000, 36000], [16, -16, -16, 16]),  # two pairs tied
]


@pytest.mark.parametrize("ruleset", ["ema2016", "ema2025", "wrc", "rrc"])
@pytest.mark.parametrize(("scores", "expected"), EMA_TIES)
def test_the_ema_family_shares_tied_places_uma(ruleset: str, scores: list[int], expected: list[int]) -> None:
    assert results(ruleset, scores) == [Decimal(v) for v in expected]


# Pantheon's jpmlATest.php: JPML A's uma by how many end below 30,000 (one: +8/+3/+1/-12; two or
# four: +8/+4/-4/-8; three: +12/-1/-3/-8), tied places sharing it; each seat's result by hand.
JPML_A = [
    ([28000, 29000, 37000, 27000], ["-5", "-2", "19", "-11"]),  # three below
    ([31000, 33000, 24000, 32000], ["2", "11", "-18", "5"]),  # one below
    ([26000, 27000, 24000, 28000], ["-8", "1", "-14", "6"]),  # all below (sticks on the table)
    ([32000, 29000, 24000, 37000], ["6", "-5", "-14", "15"]),  # two below
    ([30000, 30000, 30000, 30000], ["0", "0", "0", "0"]),  # all at the start: none below
    ([28000, 28000, 37000, 27000], ["-4", "-4", "19", "-11"]),  # three below, 2nd = 3rd: -2 each
    ([27000, 28000, 37000, 27000], ["-8.5", "-3", "19", "-8.5"]),  # 3rd = 4th: -5.5 each
    ([33000, 33000, 24000, 32000], ["8.5", "8.5", "-18", "3"]),  # one below, 1st = 2nd: 5.5 each
    ([33000, 32000, 24000, 32000], ["11", "4", "-18", "4"]),  # 2nd = 3rd: 2 each
    ([26000, 28000, 24000, 28000], ["-8", "4", "-14", "4"]),  # all below, 1st = 2nd: 6 each
    ([24000, 29000, 24000, 28000], ["-12", "7", "-12", "2"]),  # 3rd = 4th: -6 each
    ([28000, 29000, 24000, 28000], ["-2", "7", "-14", "-2"]),  # 2nd = 3rd: 0 each
    ([32000, 29000, 24000, 32000], ["8", "-5", "-14", "8"]),  # two below, 1st = 2nd
    ([36000, 24000, 24000, 32000], ["14", "-12", "-12", "6"]),  # two below, 3rd = 4th
]


@pytest.mark.parametrize(("scores", "expected"), JPML_A)
def test_jpml_a_takes_its_uma_by_how_many_end_below_the_start(scores: list[int], expected: list[str]) -> None:
    assert results("jpml-a", scores) == [Decimal(v) for v in expected]


def test_m_league_gives_first_its_oka_and_shares_it_on_a_tie() -> None:
    # 25,000 to 30,000: the oka, 4 x 5,000, goes to first; uma +30/+10/-10/-30 (+50 with the oka).
    assert results("mleague", [40000, 30000, 20000, 10000]) == [Decimal(v) for v in ("60", "10", "-20", "-50")]
    # 1st = 2nd share (50 + 10) / 2 = 30: 2.5 + 30 each; then -10 - 10 and -15 - 30.
    assert results("mleague", [32500, 32500, 15000, 20000]) == [Decimal(v) for v in ("32.5", "32.5", "-45", "-20")]
    # All four at the start: (50 + 10 - 10 - 30) / 4 = 5 each, less the 5 short of the return.
    assert results("mleague", [25000] * 4) == [Decimal(0)] * 4


def test_riichi_city_gives_a_tie_to_the_seat_nearer_the_first_dealer() -> None:
    # Oka 20 and uma 30/10/-10/-30, as M.League, but a tie is broken by seat: no sharing.
    assert results("riichicity", [32500, 32500, 15000, 20000]) == [Decimal(v) for v in ("52.5", "12.5", "-45", "-20")]
    three = results("riichicity-sanma", [50000, 35000, 20000])  # 35,000 to 40,000, uma 20/0/-20, oka 15
    assert three == [Decimal(v) for v in ("45", "-5", "-40")]


def test_leftover_sticks_go_to_first_place_split_between_those_tied_first() -> None:
    # Two sticks left; 1st = 2nd take 1,000 each (32,000), share (15 + 5) / 2; 3rd = 4th (-5 - 15) / 2.
    assert results("ema2025", [31000, 31000, 28000, 28000], sticks=2) == [
        Decimal(v) for v in ("12", "12", "-12", "-12")
    ]
    # One stick, three tied first: 333 each rounded down to 300 (100 is lost), uma (15 + 5 - 5) / 3.
    assert results("ema2025", [33000, 33000, 33000, 20000], sticks=1) == [
        Decimal(v) for v in ("8.3", "8.3", "8.3", "-25")
    ]
    # The scores the sticks go into, whole points: 33,000 + 300 each, 100 lost (JSON: no fractions).
    found = final_results(rules("ema2025"), [33000, 33000, 33000, 20000], 1, 0, [0, 0, 0, 0])
    assert json.dumps(found["scores"]) == "[33300, 33300, 33300, 20000]"
    # Nobody tied: the one first place takes the stick (34,000 + 1,000: 5 + 15; the others' as they are).
    assert results("ema2025", [34000, 30000, 28000, 27000], sticks=1) == [Decimal(v) for v in ("20", "5", "-7", "-18")]
    # EMA 2016 gives them to the winner as EMA 2025 does (its 3.6.1, "Winner bonus"): the same 12, 12.
    assert results("ema2016", [31000, 31000, 28000, 28000], sticks=2) == [
        Decimal(v) for v in ("12", "12", "-12", "-12")
    ]
    # A match that recorded them lost keeps losing them: 31 - 30 + 10 = 11 each, not 12.
    recorded = RiichiOptions.of("ema2016", {**_defaults("ema2016"), "riichi.leftoverSticks": "lost"}, 4)
    found = final_results(recorded, [31000, 31000, 28000, 28000], 2, 0, [0, 0, 0, 0])
    assert [Decimal(str(r)) for r in found["results"]] == [Decimal(v) for v in ("11", "11", "-12", "-12")]
    # JPML A loses them.
    assert results("jpml-a", [31000, 31000, 28000, 28000], sticks=2) == [Decimal(v) for v in ("7", "7", "-8", "-8")]


def test_chombo_is_taken_after_uma_under_the_tournament_rulesets() -> None:
    # 20,000 off the last seat's result after its uma: -10 - 15 - 20 (JPML A, one below: -10 - 12 - 20;
    # M.League: -10 - 30 - 20).
    for ruleset in ("ema2025", "wrc", "rrc", "jpml-a", "mleague"):
        found = results(ruleset, [40000, 35000, 25000, 20000] if ruleset == "mleague" else [40000, 30000, 30000, 20000],
                        penalties=[0, 0, 0, 20000])  # fmt: skip
        assert found[3] == {"mleague": Decimal(-60), "jpml-a": Decimal(-42)}.get(ruleset, Decimal(-45)), ruleset


# Seats 1 and 2 both wait on 3m, each with a yaku (white; red).
WAITING = {1: "12m456p789s11z555z", 2: "12m789p234s66z777z"}


@pytest.mark.parametrize(("ruleset", "bumps"), [("wrc", True), ("jpml-a", True), ("mleague", True), ("ema2025", False),
                                                ("rrc", False), ("riichicity", False)])  # fmt: skip
def test_a_head_bump_lets_only_the_ron_nearest_the_discarder_win(tmp_path: Path, ruleset: str, bumps: bool) -> None:
    hand = Hand(tmp_path / f"{ruleset}.db", ruleset)
    hand.begin(WAITING, reserved="3m")
    hand.record(RiichiDraw(seat=0, tile="3m"), RiichiDiscard(seat=0, tile="3m", tsumogiri=True))
    hand.record(RiichiWin(seat=1, kind="ron", from_seat=0))
    if bumps:
        with pytest.raises(IllegalEvent) as caught:
            hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
        assert caught.value.code == "riichi.win.head_bump"
        assert str(caught.value.reason) == (f"under {ruleset} only the player nearest the discarder wins (head bump): "
                                            "seat 1 has won on this tile")  # fmt: skip
    else:
        hand.record(RiichiWin(seat=2, kind="ron", from_seat=0))
        assert [w.seat for w in hand.state.results[-1].wins] == [1, 2]
    hand.close()


def test_a_head_bump_at_result_depth_and_jpml_a_without_ippatsu_or_ura(cli: Cli) -> None:
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", "wrc",
               "--id", "hb-1").code == 0  # fmt: skip
    assert cli("round", "hb-1").code == 0
    assert cli("result", "hb-1", *["ron", "N", "from", "W", "12m111p999s33z444z", "+3m", "dora", "9p"]).code == 0
    refused = cli("result", "hb-1", *["ron", "S", "from", "W", "12m456p789s11z555z", "+3m", "dora", "9p"])
    assert refused.code == 2 and "riichi.win.head_bump" in refused.err
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", "jpml-a",
               "--id", "ja-1").code == 0  # fmt: skip
    assert cli("round", "ja-1").code == 0
    refused = cli(
        "result", "ja-1", *["ron", "N", "from", "W", "12m111p999s33z444z", "+3m", "riichi", "ippatsu", "dora", "9p"]
    )
    assert refused.code == 2 and "jpml-a has no ippatsu" in refused.err
    refused = cli(
        "result", "ja-1", *["ron", "N", "from", "W", "12m111p999s33z444z", "+3m", "riichi", "dora", "9p", "ura", "1m"]
    )
    assert refused.code == 2 and "jpml-a turns no ura dora" in refused.err
    assert (
        cli("result", "ja-1", *["ron", "N", "from", "W", "12m111p999s33z444z", "+3m", "riichi", "dora", "9p"]).code == 0
    )


def test_taikyoku_rules_lists_each_tournament_ruleset_with_its_source(cli: Cli) -> None:
    listed = " ".join(cli("rules").out.split())
    for ruleset, source in (("ema2025", "Pantheon's ema2025 preset"), ("wrc", "Pantheon's wrc preset"),
                            ("jpml-a", "Pantheon's jpmlA preset"), ("rrc", "Pantheon's rrc preset"),
                            ("mleague", "riichi.wiki's M.League page"), ("riichicity", "riichi.wiki's Riichi City page")):  # fmt: skip
        assert f"{ruleset} (riichi):" in listed and source in listed, ruleset
