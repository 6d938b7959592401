"""Moves said in words with the players' names, as the replay page and the table page list them."""

from __future__ import annotations

from events.match import Annotation, Retract
from events.riichi import RiichiCall, RiichiDiscard, RiichiWin
from events.sendai import KoiKoi
from events.tensho import TenshoCapture, TenshoPlay, YakuSetChosen
from replay.engine.fold import Step
from replay.games import GAMES

NAMES = ["Ton", "Nan", "Sha", "Pei"]


def said(game: str, payload: object, seq: int = 5) -> str:
    return GAMES[game].view().move_words(Step(seq, payload.EVENT_TYPE, payload, recorded_by="aki"), NAMES)  # type: ignore[attr-defined]


def test_each_move_in_the_words_of_the_table() -> None:
    assert said("tensho", TenshoPlay(card="cherry-curtain", seat=1)) == "Nan plays cherry-curtain"
    assert said("tensho", TenshoCapture(card="cherry-curtain", seat=1, taken=("cherry-poetry",))) == (
        "Nan takes cherry-poetry with cherry-curtain")  # fmt: skip
    assert (
        said("tensho", TenshoCapture(card="paulownia-phoenix", seat=0, taken=()))
        == "paulownia-phoenix goes to Ton's captures"
    )
    assert said("tensho", YakuSetChosen(by="dealer", yaku_set=2)) == "Yaku set 2 is chosen (by the dealer)"
    assert said("sendai", KoiKoi(seat=2)) == "Sha goes on (koi-koi)"
    assert said("riichi", RiichiDiscard(seat=1, tile="1s", tsumogiri=True)) == "Nan discards 1s (the tile just drawn)"
    assert said("riichi", RiichiCall(kind="pon", seat=2, tiles=("5p", "5p", "5p"), called="5p", from_seat=0)) == (
        "Sha calls pon on 5p from Ton: 555p")  # fmt: skip
    assert said("riichi", RiichiWin(kind="ron", seat=3, from_seat=1)) == "Pei wins by ron from Nan"
    assert said("riichi", Annotation(seq=4, kind="dispute", text="the 5p was late")) == (
        "A dispute on event 4 by aki: the 5p was late")  # fmt: skip
    assert said("tensho", Retract(seq=4, reason="entered twice")) == "Event 4 is retracted: entered twice"
