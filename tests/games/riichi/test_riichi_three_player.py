"""Three-player riichi: a north set aside (kita) is a call, and ends the first go-around."""

from __future__ import annotations

from events.match import MatchStarted
from events.model import Payload
from events.riichi import RiichiCall, RiichiDeal, RiichiDiscard, RiichiDraw, RiichiRoundStarted, RiichiWin
from replay.app.service import build_match_started
from replay.engine.fold import Step
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.pricing import Priced
from replay.games.riichi.state import RiichiState
from tests.games.riichi.support import tiles
from tests.helpers import Cli

DEAL = RiichiDeal(
    hands=(tiles("4z1111p2222p3333p"), tiles("111m456p34789s55z"), tiles("999m6666s111z222z")),
    dora_indicator="9p",
)


def run(*events: Payload) -> RiichiState:
    projection = RiichiProjection()
    started: MatchStarted = build_match_started("riichi", ["Ton", "Nan", "Sha"], ruleset_id="tenhou-sanma")
    state = projection.apply(projection.initial(), Step(1, "match_started", started))
    opening = RiichiRoundStarted(dealer=0, hand=1, honba=0, round_wind="E", scores=(35000,) * 3, sticks=0)
    for seq, event in enumerate((opening, DEAL, *events), 2):
        state = projection.apply(state, Step(seq, event.EVENT_TYPE, event))
    return state


def yaku(state: RiichiState) -> set[str]:
    priced = state.results[-1].wins[-1].priced
    assert isinstance(priced, Priced)
    return {name for name, _ in priced.yaku}


def test_without_a_north_the_first_draw_win_is_chiihou() -> None:
    state = run(
        RiichiDraw(seat=0, tile="8p"), RiichiDiscard(seat=0, tile="8p", tsumogiri=True),
        RiichiDraw(seat=1, tile="5s"), RiichiWin(seat=1, kind="tsumo"),
    )  # fmt: skip
    assert "Chiihou" in yaku(state)


def test_a_north_before_the_first_draw_ends_chiihou() -> None:
    state = run(
        RiichiDraw(seat=0, tile="8p"),
        RiichiCall(kind="kita", seat=0, tiles=("4z",)),
        RiichiDraw(seat=0, tile="7p", rinshan=True),
        RiichiDiscard(seat=0, tile="7p", tsumogiri=True),
        RiichiDraw(seat=1, tile="5s"),
        RiichiWin(seat=1, kind="tsumo"),
    )
    assert "Chiihou" not in yaku(state) and "Menzen Tsumo" in yaku(state)
    assert state.results[-1].wins[0].hand.kita == 0  # the north was the dealer's, not the winner's


def test_there_is_no_two_to_eight_of_characters() -> None:
    import pytest

    from replay.engine.fold import IllegalEvent

    with pytest.raises(IllegalEvent) as caught:
        run(RiichiDraw(seat=0, tile="5m"))
    assert caught.value.code == "riichi.tiles.not_in_set"


def test_there_is_no_chi_at_three_players_and_a_pon_stands() -> None:
    """The dealer discards 7p; Nan, next in turn, holds 5p and 6p: at three players the chi is
    refused (docs/riichi.md §4), while Sha's pon of a 9m the dealer discards stands. Plant:
    the chi rule left to four players only (a three-player chi taken)."""
    import pytest

    from replay.engine.fold import IllegalEvent

    dealt = (RiichiDraw(seat=0, tile="7p"), RiichiDiscard(seat=0, tile="7p", tsumogiri=True))
    with pytest.raises(IllegalEvent) as caught:
        run(*dealt, RiichiCall(kind="chi", seat=1, tiles=("5p", "6p", "7p"), called="7p", from_seat=0))
    assert (caught.value.code, caught.value.reason) == (
        "riichi.call.chi_sanma",
        "there is no chi in three-player games",
    )
    ponned = run(
        RiichiDraw(seat=0, tile="9m"), RiichiDiscard(seat=0, tile="9m", tsumogiri=True),
        RiichiCall(kind="pon", seat=2, tiles=("9m", "9m", "9m"), called="9m", from_seat=0),
    )  # fmt: skip
    assert ponned.round is not None and len(ponned.round.melds[2]) == 1


def test_a_noten_dealer_at_three_players_passes_the_deal_to_the_first_seat(cli: Cli) -> None:
    """Chie deals from the third seat and is noten at the exhaustive draw; Aki alone is tenpai and
    takes the three-player pool of 2,000, 1,000 from each (docs/riichi.md §4). The deal passes round
    the three seats, to Aki. Plant: the next dealer counted round four seats (seat 3, no one's)."""
    assert cli("new", "riichi", "--ruleset", "tenhou-sanma", "-p", "Aki", "-p", "Beni", "-p", "Chie",
               "--id", "san-1").code == 0  # fmt: skip
    assert cli("round", "san-1", "--dealer", "2", "--scores", "35000,35000,35000").code == 0
    assert cli("result", "san-1", "draw", "tenpai", "Aki").code == 0
    assert cli("round", "san-1").code == 0
    replayed = cli("replay", "san-1", "--json").json()
    assert replayed["results"][-1]["points"] == [2000, -1000, -1000]
    assert (replayed["round"]["dealer"], replayed["round"]["honba"]) == (0, 1)
