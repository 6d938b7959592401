"""Sendai-hana: every teyaku and dekiyaku, the chaff threshold by seat, go and stop, forfeits,
misdeals, each option's effect, and legality (docs/hanafuda.md §4)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from events.match import RoundStarted
from events.model import Payload
from events.sendai import (
    KoiKoi,
    SendaiCapture,
    SendaiDeal,
    SendaiDraw,
    SendaiMisdeal,
    SendaiPlay,
    Stop,
    TeyakuExposed,
)
from replay.app.service import build_match_started
from replay.engine.fold import IllegalEvent, Step
from replay.games.hanafuda.yaku import evaluate
from replay.games.sendai.fold import SendaiProjection
from replay.games.sendai.scoring import dekiyaku_specs, teyaku_held
from replay.games.sendai.state import SendaiRound, SendaiState

NAMES = ("Dealer", "Right", "Left")


# ---- teyaku ----

TEYAKU_HANDS = {
    "three-pairs": ("pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "cherry-curtain", "cherry-poetry", "maple-deer"),
    "triplet-two-pairs": ("pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry", "cherry-curtain", "cherry-poetry"),
    "four-three": ("pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "plum-poetry", "plum-chaff-1"),
    "four-of-a-kind": ("wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2", "pine-crane", "plum-warbler", "maple-deer"),
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(TEYAKU_HANDS))
def test_each_teyaku(key: str) -> None:
    held = teyaku_held(TEYAKU_HANDS[key], four_as_two_pairs=False)
    assert held[0].key == key
    assert held[0].points == (50 if key == "four-of-a-kind" else 150)


@pytest.mark.parametrize("suit", ["wisteria", "iris", "clover", "susuki", "paulownia"])
def test_four_of_a_kind_in_the_five_months(suit: str) -> None:
    from events.cards import DECK

    four = tuple(c.id for c in DECK if c.suit == suit)
    hand = (*four, "pine-crane", "plum-warbler", "maple-deer")
    assert [s.key for s in teyaku_held(hand, four_as_two_pairs=False)] == ["four-of-a-kind"]


@pytest.mark.parametrize("suit", ["pine", "plum", "cherry", "peony", "chrysanthemum", "maple", "willow"])
def test_four_of_a_kind_does_not_count_in_other_months(suit: str) -> None:
    from events.cards import DECK

    four = tuple(c.id for c in DECK if c.suit == suit)
    others = [c for c in ("iris-bridge", "clover-boar", "susuki-geese") if not c.startswith(suit)]
    assert teyaku_held((*four, *others), four_as_two_pairs=False) == []


def test_four_three_takes_any_months_and_also_holds_four_of_a_kind_in_the_five() -> None:
    hand = ("iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2", "pine-crane", "pine-poetry", "pine-chaff-1")
    assert [s.key for s in teyaku_held(hand, four_as_two_pairs=False)] == ["four-three", "four-of-a-kind"]


def test_four_counts_as_two_pairs_only_by_option() -> None:
    hand = ("pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "plum-poetry", "maple-deer")
    assert teyaku_held(hand, four_as_two_pairs=False) == []
    assert [s.key for s in teyaku_held(hand, four_as_two_pairs=True)] == ["three-pairs"]


def test_no_teyaku() -> None:
    hand = ("pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "cherry-curtain", "maple-deer", "iris-bridge")
    assert teyaku_held(hand, four_as_two_pairs=False) == []  # a triplet and singles make nothing


# ---- dekiyaku ----


def dekiyaku(
    captured: Sequence[str], threshold: int = 7, cup: bool = False, willow: bool = False
) -> dict[str, int | None]:
    hits = evaluate(dekiyaku_specs(threshold, cup, willow), captured, highest_only_groups=frozenset({"brights"}))
    return {h.key: h.points for h in hits}


DRY = ("pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix")


def test_five_brights_only_the_highest_counts() -> None:
    assert dekiyaku((*DRY, "willow-rainman")) == {"five-brights": 500}


def test_four_brights_dry() -> None:
    assert dekiyaku(DRY) == {"four-brights": 300}


@pytest.mark.parametrize("left_out", DRY)
def test_rainy_four_brights_is_the_rain_man_and_any_three(left_out: str) -> None:
    three = tuple(c for c in DRY if c != left_out)
    assert dekiyaku((*three, "willow-rainman")) == {"rainy-four-brights": 200}
    assert dekiyaku(three) == {}  # no Three Brights in Sendai-hana


def test_poetry_and_blue_ribbons() -> None:
    assert dekiyaku(("pine-poetry", "plum-poetry", "cherry-poetry")) == {"poetry-ribbons": 150}
    assert dekiyaku(("peony-blue", "chrysanthemum-blue", "maple-blue")) == {"blue-ribbons": 150}


def test_ribbon_yaku_stack() -> None:
    six = ("pine-poetry", "plum-poetry", "cherry-poetry", "peony-blue", "chrysanthemum-blue", "maple-blue")
    assert dekiyaku(six) == {"poetry-ribbons": 150, "blue-ribbons": 150, "five-ribbons": 100}


def test_five_ribbons_any_five_without_a_bonus_for_more() -> None:
    five = ("wisteria-ribbon", "iris-ribbon", "clover-ribbon", "willow-ribbon", "pine-poetry")
    assert dekiyaku(five) == {"five-ribbons": 100}
    assert dekiyaku((*five, "maple-blue", "peony-blue")) == {"five-ribbons": 100}
    assert dekiyaku(five[:4]) == {}


def test_willow_cards_as_ribbons_only_by_option() -> None:
    four = ("wisteria-ribbon", "iris-ribbon", "clover-ribbon", "pine-poetry")
    assert dekiyaku((*four, "willow-swallow")) == {}
    assert dekiyaku((*four, "willow-swallow"), willow=True) == {"five-ribbons": 100}


CHAFF = (
    "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
    "willow-lightning", "paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-3", "iris-chaff-1",
)  # fmt: skip


# Who needs how many chaff, seat by seat, for each dealer: the dealer 7, the next seat in turn
# order 8, the last 9 (turn order is anticlockwise: dealer, dealer + 1, dealer + 2).
THRESHOLD_BY_DEALER_AND_SEAT = {
    (0, 0): 7, (0, 1): 8, (0, 2): 9,
    (1, 1): 7, (1, 2): 8, (1, 0): 9,
    (2, 2): 7, (2, 0): 8, (2, 1): 9,
}  # fmt: skip


@pytest.mark.parametrize(("dealer", "seat"), sorted(THRESHOLD_BY_DEALER_AND_SEAT))
def test_chaff_threshold_for_every_seat_under_every_dealer(dealer: int, seat: int) -> None:
    threshold = THRESHOLD_BY_DEALER_AND_SEAT[(dealer, seat)]
    _, state = start(dealer=dealer)
    assert state.round is not None and state.options is not None

    def held(chaff: tuple[str, ...]) -> dict[str, int | None]:
        captured = tuple(chaff if s == seat else () for s in range(3))
        rnd = state.round._replace(captured=captured)
        return {h.key: h.points for h in rnd.dekiyaku(seat, state.options)}  # type: ignore[arg-type]

    assert held(CHAFF[: threshold - 1]) == {}
    assert held(CHAFF[:threshold]) == {"chaff": 10}
    assert held(CHAFF[: threshold + 2]) == {"chaff": 30}  # +10 for each chaff beyond


def test_sake_cup_counts_as_chaff_only_by_option() -> None:
    six = CHAFF[:6]
    assert dekiyaku((*six, "chrysanthemum-cup")) == {}
    assert dekiyaku((*six, "chrysanthemum-cup"), cup=True) == {"chaff": 10}


# ---- the fold: go, stop, forfeits, teyaku, misdeals ----


def start(options: Sequence[str] = (), dealer: int = 0) -> tuple[SendaiProjection, SendaiState]:
    projection = SendaiProjection()
    state = projection.initial()
    opts = list(options)
    if not any(o.startswith("sendai.teyakuMode=") for o in opts):
        opts.append("sendai.teyakuMode=claimAndContinue")
    started = build_match_started("sendai", NAMES, options=opts, length=3, dealer=str(dealer))
    state = projection.apply(state, Step(1, "match_started", started))
    state = projection.apply(state, Step(2, "round_started", RoundStarted(round=1, dealer=dealer)))
    return projection, state


def midround(
    options: Sequence[str] = (),
    *,
    hands: tuple[tuple[str, ...], ...],
    field: tuple[str, ...],
    pile: tuple[str, ...],
    captured: tuple[tuple[str, ...], ...] = ((), (), ()),
    to_move: int = 0,
    dealer: int = 0,
    opening: bool = False,
) -> tuple[SendaiProjection, SendaiState]:
    projection, state = start(options, dealer)
    rnd = SendaiRound(
        number=1, dealer=dealer, phase="play", to_move=to_move, hands=hands, field=field, pile=pile,
        drawn=21 - len(pile), captured=captured, dealt=hands, opening=opening,
    )  # fmt: skip
    return projection, state._replace(round=rnd)


def run(projection: SendaiProjection, state: SendaiState, *events: Payload) -> SendaiState:
    for seq, event in enumerate(events, 100):
        state = projection.apply(state, Step(seq, event.EVENT_TYPE, event))
    return state


# Seat 0 holds two poetry ribbons; its play of the Cherry Poetry Ribbon takes the field's
# cherry chaff and completes Poetry Ribbons.
HANDS = (
    ("cherry-poetry", "maple-chaff-2"),
    ("iris-chaff-2", "clover-chaff-2"),
    ("wisteria-chaff-2", "peony-chaff-2"),
)
FIELD = ("cherry-chaff-1", "susuki-chaff-1")
PILE = ("willow-swallow", "chrysanthemum-chaff-2", "pine-chaff-2", "plum-chaff-2", "paulownia-chaff-1", "iris-bridge")
CAPTURED = (("pine-poetry", "pine-chaff-1", "plum-poetry", "plum-chaff-1"), ("maple-deer", "maple-chaff-1"), ())


def poetry_turn() -> tuple[SendaiProjection, SendaiState]:
    projection, state = midround(hands=HANDS, field=FIELD, pile=PILE, captured=CAPTURED)
    state = run(
        projection, state,
        SendaiPlay(card="cherry-poetry", seat=0),
        SendaiCapture(card="cherry-poetry", seat=0, taken=("cherry-chaff-1",)),
        SendaiDraw(card="willow-swallow", seat=0),
    )  # fmt: skip
    return projection, state


def test_a_new_dekiyaku_requires_go_or_stop() -> None:
    projection, state = poetry_turn()
    assert state.round is not None and state.round.phase == "decide" and state.round.to_move == 0
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, SendaiPlay(card="iris-chaff-2", seat=1))
    assert caught.value.code == "sendai.decide.missing"
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, Stop(seat=1))
    assert caught.value.code == "sendai.decide.wrong_seat"


def test_go_or_stop_is_not_offered_without_a_new_dekiyaku() -> None:
    projection, state = midround(hands=HANDS, field=FIELD, pile=PILE, captured=CAPTURED)
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, Stop(seat=0))
    assert caught.value.code == "sendai.decide.not_offered"
    state = run(projection, state, SendaiPlay(card="maple-chaff-2", seat=0), SendaiDraw(card="willow-swallow", seat=0))
    assert state.round is not None and state.round.phase == "play" and state.round.to_move == 1
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, KoiKoi(seat=0))
    assert caught.value.code == "sendai.decide.not_offered"


def test_stop_ends_the_round_and_scores_the_stopper() -> None:
    projection, state = poetry_turn()
    state = run(projection, state, Stop(seat=0))
    result = state.results[0]
    assert (result.winner, result.reason, result.points, result.next_dealer) == (0, "stop", (150, 0, 0), 0)
    assert "Dealer stops with Poetry Ribbons 150: 150" in result.explanation


def test_go_passes_the_turn_and_only_improvement_asks_again() -> None:
    projection, state = poetry_turn()
    state = run(projection, state, KoiKoi(seat=0))
    rnd = state.round
    assert rnd is not None and rnd.to_move == 1 and rnd.went == {0} and rnd.best[0] == 150
    state = run(
        projection, state,
        SendaiPlay(card="iris-chaff-2", seat=1), SendaiDraw(card="chrysanthemum-chaff-2", seat=1),
        SendaiPlay(card="wisteria-chaff-2", seat=2), SendaiDraw(card="pine-chaff-2", seat=2),
        SendaiPlay(card="maple-chaff-2", seat=0), SendaiDraw(card="plum-chaff-2", seat=0),
    )  # fmt: skip
    assert state.round is not None and state.round.phase == "play" and state.round.to_move == 1  # no improvement


def test_a_player_who_went_forfeits_when_an_opponent_stops() -> None:
    # Seat 0 goes with Poetry Ribbons; seat 1 then completes a Chaff yaku and stops.
    projection, state = midround(
        hands=HANDS, field=(*FIELD, "clover-chaff-1"), pile=PILE,
        captured=(CAPTURED[0], ("maple-deer", "pine-chaff-2", "plum-chaff-2", "cherry-chaff-2", "willow-lightning",
                                "paulownia-chaff-2", "paulownia-chaff-3"), ()),
    )  # fmt: skip
    pile_after = ("willow-swallow", "chrysanthemum-cup", "wisteria-chaff-1", "iris-chaff-1")
    state = state._replace(round=state.round._replace(pile=pile_after))  # type: ignore[union-attr]
    state = run(
        projection, state,
        SendaiPlay(card="cherry-poetry", seat=0), SendaiCapture(card="cherry-poetry", seat=0, taken=("cherry-chaff-1",)),
        SendaiDraw(card="willow-swallow", seat=0), KoiKoi(seat=0),
        SendaiPlay(card="clover-chaff-2", seat=1), SendaiCapture(card="clover-chaff-2", seat=1, taken=("clover-chaff-1",)),
        SendaiDraw(card="chrysanthemum-cup", seat=1),
    )  # fmt: skip
    assert state.round is not None and state.round.phase == "decide" and state.round.to_move == 1
    state = run(projection, state, Stop(seat=1))
    result = state.results[0]
    assert result.winner == 1 and result.points == (0, 10, 0)  # 8 chaff for the 2nd seat: exactly the threshold
    assert "Dealer went on and forfeits 150" in result.explanation
    assert result.players[0].went and result.players[0].dekiyaku_points == 150


def go_then_an_opponent_stops(option: str) -> SendaiState:
    """Seat 0 makes Poetry Ribbons and goes on; seat 1 then makes Chaff and stops."""
    projection, state = midround(
        [option], hands=HANDS, field=(*FIELD, "clover-chaff-1"), pile=PILE,
        captured=(CAPTURED[0], ("maple-deer", "pine-chaff-2", "plum-chaff-2", "cherry-chaff-2", "willow-lightning",
                                "paulownia-chaff-2", "paulownia-chaff-3"), ()),
    )  # fmt: skip
    state = state._replace(round=state.round._replace(pile=("willow-swallow", "chrysanthemum-cup")))  # type: ignore[union-attr]
    state = run(
        projection, state,
        SendaiPlay(card="cherry-poetry", seat=0), SendaiCapture(card="cherry-poetry", seat=0, taken=("cherry-chaff-1",)),
        SendaiDraw(card="willow-swallow", seat=0), KoiKoi(seat=0),
        SendaiPlay(card="clover-chaff-2", seat=1), SendaiCapture(card="clover-chaff-2", seat=1, taken=("clover-chaff-1",)),
        SendaiDraw(card="chrysanthemum-cup", seat=1), Stop(seat=1),
    )  # fmt: skip
    return state


def test_option_no_forfeit_lets_those_who_went_score_too() -> None:
    state = go_then_an_opponent_stops("sendai.koiKoi.forfeitOnOpponentStop=false")
    assert state.results[0].points == (150, 10, 0)


def finished(options: Sequence[str], *, stop: bool = True) -> SendaiState:
    projection, state = midround(options, hands=HANDS, field=FIELD, pile=PILE, captured=CAPTURED)
    state = run(
        projection, state,
        SendaiPlay(card="cherry-poetry", seat=0), SendaiCapture(card="cherry-poetry", seat=0, taken=("cherry-chaff-1",)),
        SendaiDraw(card="willow-swallow", seat=0),
    )  # fmt: skip
    if stop:
        return run(projection, state, Stop(seat=0))
    state = run(projection, state, KoiKoi(seat=0))
    # Everyone plays out the hands; nobody stops.
    return run(
        projection, state,
        SendaiPlay(card="iris-chaff-2", seat=1), SendaiDraw(card="chrysanthemum-chaff-2", seat=1),
        SendaiPlay(card="wisteria-chaff-2", seat=2), SendaiDraw(card="pine-chaff-2", seat=2),
        SendaiPlay(card="maple-chaff-2", seat=0), SendaiDraw(card="plum-chaff-2", seat=0),
        SendaiPlay(card="clover-chaff-2", seat=1), SendaiDraw(card="paulownia-chaff-1", seat=1),
        SendaiPlay(card="peony-chaff-2", seat=2), SendaiDraw(card="iris-bridge", seat=2),
        SendaiCapture(card="iris-bridge", seat=2, taken=("iris-chaff-2",)),
    )  # fmt: skip


def test_exhaustive_draw_scores_nothing_and_the_dealer_stays() -> None:
    result = finished([], stop=False).results[0]
    assert (result.winner, result.reason, result.points, result.next_dealer) == (None, "exhaustiveDraw", (0, 0, 0), 0)


def test_option_dealer_privilege_at_an_exhaustive_draw() -> None:
    result = finished(["sendai.exhaustiveDraw=dealerPrivilege"], stop=False).results[0]
    assert (result.winner, result.reason, result.points) == (0, "dealerPrivilege", (150, 0, 0))


def test_option_each_opponent_pays() -> None:
    assert finished(["sendai.payment=eachOpponentPays"]).results[0].points == (300, -150, -150)
    assert finished([]).results[0].points == (150, 0, 0)


def test_option_koikoi_multiplier_doubles_when_an_opponent_went() -> None:
    # Without an opponent's go there is nothing to double.
    assert finished(["sendai.koiKoi.multipliers=koikoi"]).results[0].points == (150, 0, 0)


def test_options_that_should_not_change_this_result_do_not() -> None:
    base = finished([]).results[0]
    for option in ("sendai.sakeCupCountsAsChaff=true", "sendai.willowCardsCountAsRibbons=false",
                   "sendai.fourOfAKindCountsAsTwoPairs=true", "sendai.teyakuGroupExclusive=false",
                   "sendai.koiKoi.forfeitOnOpponentStop=false", "sendai.exhaustiveDraw=dealerPrivilege"):  # fmt: skip
        assert finished([option]).results[0].points == base.points, option


def test_chaff_threshold_option() -> None:
    projection, state = midround(
        ["sendai.chaffThresholdBySeat=5,8,9"], hands=HANDS, field=FIELD, pile=PILE,
        captured=(("pine-chaff-1", "plum-chaff-1", "pine-chaff-2", "plum-chaff-2"), (), ()),
    )  # fmt: skip
    state = run(
        projection, state,
        SendaiPlay(card="cherry-poetry", seat=0), SendaiCapture(card="cherry-poetry", seat=0, taken=("cherry-chaff-1",)),
        SendaiDraw(card="willow-swallow", seat=0),
    )  # fmt: skip
    assert state.round is not None and state.round.phase == "decide"  # 5 chaff make Chaff for the dealer now
    assert [h.key for h in state.round.dekiyaku(0, state.options)] == ["chaff"]  # type: ignore[arg-type]


# teyaku exposure


def teyaku_start(options: Sequence[str]) -> tuple[SendaiProjection, SendaiState]:
    projection, state = start(options)
    hands = (TEYAKU_HANDS["four-three"], (*TEYAKU_HANDS["four-of-a-kind"][:4], "cherry-curtain", "maple-deer", "iris-bridge"),
             ("willow-rainman", "willow-swallow", "peony-blue", "peony-butterflies", "clover-boar", "susuki-moon", "maple-blue"))  # fmt: skip
    dealt = {c for h in hands for c in h}
    from events.cards import DECK

    rest = [c.id for c in DECK if c.id not in dealt]
    field: list[str] = []
    for card in rest:  # one card each of six months: no misdeal
        if len(field) < 6 and all(card.split("-")[0] != f.split("-")[0] for f in field):
            field.append(card)
    pile = [c for c in rest if c not in field]
    deal = SendaiDeal(hands=hands, field=tuple(field), draw_pile=tuple(pile))
    return projection, run(projection, state, deal)


def test_claim_and_continue_pays_the_teyaku_and_play_goes_on() -> None:
    projection, state = teyaku_start([])
    state = run(
        projection, state, TeyakuExposed(seat=0, teyaku="four-three"), TeyakuExposed(seat=1, teyaku="four-of-a-kind")
    )
    assert state.round is not None and state.round.phase == "play" and not state.results
    assert state.round.exposed == (("four-three",), ("four-of-a-kind",), ())


def test_win_round_mode_ends_the_round_on_exposure() -> None:
    projection, state = teyaku_start(["sendai.teyakuMode=winRound"])
    state = run(projection, state, TeyakuExposed(seat=1, teyaku="four-of-a-kind"))
    result = state.results[0]
    assert (result.winner, result.reason, result.points, result.next_dealer) == (1, "teyaku", (0, 50, 0), 1)


def test_exclusive_teyaku_only_the_best_and_only_one() -> None:
    projection, state = teyaku_start([])
    # Seat 0's hand makes Four-Three (150); Four of a Kind needs one of the five months, and pine is not.
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, TeyakuExposed(seat=0, teyaku="four-of-a-kind"))
    assert caught.value.code == "sendai.teyaku.not_held"
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, TeyakuExposed(seat=2, teyaku="three-pairs"))
    assert caught.value.code == "sendai.teyaku.not_held"
    state = run(projection, state, TeyakuExposed(seat=0, teyaku="four-three"))
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, TeyakuExposed(seat=0, teyaku="four-three"))
    assert caught.value.code == "sendai.teyaku.twice"


def test_exposure_after_the_first_play_is_refused() -> None:
    projection, state = teyaku_start([])
    rnd = state.round
    assert rnd is not None
    state = run(projection, state, SendaiPlay(card=rnd.hands[0][-1], seat=0))
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, TeyakuExposed(seat=1, teyaku="four-of-a-kind"))
    assert caught.value.code == "sendai.teyaku.late"


def drawn_out(state: SendaiState) -> SendaiRound:
    """The round as it stands, ended now by an exhaustive draw and scored."""
    from replay.games.sendai.fold import _finish
    from replay.games.sendai.state import _Game, _Round

    assert state.round is not None and state.options is not None
    rnd = _Round(state.round)
    _finish(
        _Game(state.match, state.options, rnd, state.results), rnd, state.options, reason="exhaustiveDraw", winner=None
    )
    return rnd.freeze()


def test_teyaku_points_under_claim_and_continue_are_added_at_the_end() -> None:
    projection, state = teyaku_start([])
    state = run(projection, state, TeyakuExposed(seat=1, teyaku="four-of-a-kind"))
    over = drawn_out(state)
    assert over.result is not None and over.result.points == (0, 50, 0)


# misdeal

FOUR_PINES = ("pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "plum-poetry")


def misdealt() -> tuple[SendaiProjection, SendaiState, SendaiDeal]:
    from events.cards import DECK

    projection, state = start([])
    rest = [c.id for c in DECK if c.id not in FOUR_PINES]
    deal = SendaiDeal(
        hands=(tuple(rest[0:7]), tuple(rest[7:14]), tuple(rest[14:21])), field=FOUR_PINES, draw_pile=tuple(rest[21:])
    )
    return projection, run(projection, state, deal), deal


def test_misdeal_then_redeal_in_the_same_round() -> None:
    projection, state, deal = misdealt()
    assert state.round is not None and state.round.phase == "misdeal"
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, SendaiPlay(card=deal.hands[0][0], seat=0))
    assert caught.value.code == "sendai.misdeal.missing" and "four pine cards" in caught.value.reason
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, SendaiMisdeal(month=2))
    assert caught.value.code == "sendai.misdeal.wrong_month"
    state = run(projection, state, SendaiMisdeal(month=1))
    assert state.round is not None and state.round.phase == "deal" and state.round.number == 1
    assert state.round.misdeals == 1
    good_field = ("pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry", deal.hands[0][0])
    swapped = tuple("pine-chaff-2" if c == deal.hands[0][0] else c for c in deal.hands[0])
    redeal = SendaiDeal(hands=(swapped, deal.hands[1], deal.hands[2]), field=good_field, draw_pile=deal.draw_pile)
    state = run(projection, state, redeal)
    assert state.round is not None and state.round.phase == "play"


def test_misdeal_declared_when_there_is_none() -> None:
    projection, state = teyaku_start([])
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, SendaiMisdeal(month=1))
    assert caught.value.code == "sendai.misdeal.none"


def test_option_no_misdeal_plays_on() -> None:
    from events.cards import DECK

    projection, state = start(["sendai.misdealFourOnField=false"])
    rest = [c.id for c in DECK if c.id not in FOUR_PINES]
    deal = SendaiDeal(
        hands=(tuple(rest[0:7]), tuple(rest[7:14]), tuple(rest[14:21])), field=FOUR_PINES, draw_pile=tuple(rest[21:])
    )
    state = run(projection, state, deal)
    assert state.round is not None and state.round.phase == "play"


# turn order and legality


def test_turn_order_is_anticlockwise_from_the_dealer() -> None:
    projection, state = midround(hands=HANDS, field=FIELD, pile=PILE, captured=CAPTURED, dealer=2, to_move=2)
    assert state.round is not None and state.round.order == (2, 0, 1)
    hands = (HANDS[1], HANDS[2], HANDS[0])  # seat 2 (the dealer) holds the poetry ribbon now
    state = state._replace(round=state.round._replace(hands=hands, dealt=hands))
    state = run(projection, state, SendaiPlay(card="maple-chaff-2", seat=2), SendaiDraw(card="willow-swallow", seat=2))
    assert state.round is not None and state.round.to_move == 0
    assert state.round.position(2) == 0 and state.round.position(0) == 1 and state.round.position(1) == 2


@pytest.mark.parametrize(
    ("events", "code"),
    [
        ([SendaiPlay(card="iris-chaff-2", seat=1)], "sendai.turn.wrong_seat"),
        ([SendaiPlay(card="iris-chaff-2", seat=0)], "sendai.play.not_in_hand"),
        ([SendaiDraw(card="willow-swallow", seat=0)], "sendai.draw.out_of_turn"),
        ([SendaiPlay(card="cherry-poetry", seat=0), SendaiDraw(card="willow-swallow", seat=0)], "sendai.capture.missing"),
        ([SendaiPlay(card="cherry-poetry", seat=0), SendaiCapture(card="cherry-poetry", seat=0, taken=("susuki-chaff-1",))],
         "sendai.capture.wrong_suit"),
        ([SendaiPlay(card="maple-chaff-2", seat=0), SendaiDraw(card="iris-bridge", seat=0)], "sendai.draw.not_top"),
        ([TeyakuExposed(seat=0, teyaku="three-pairs")], "sendai.teyaku.late"),
    ],
)  # fmt: skip
def test_illegal_events(events: list[Payload], code: str) -> None:
    projection, state = midround(hands=HANDS, field=FIELD, pile=PILE, captured=CAPTURED)
    with pytest.raises(IllegalEvent) as caught:
        run(projection, state, *events)
    assert caught.value.code == code


def test_option_koikoi_multiplier_doubles_a_stop_after_an_opponents_go() -> None:
    state = go_then_an_opponent_stops("sendai.koiKoi.multipliers=koikoi")
    result = state.results[0]
    assert result.points == (0, 20, 0) and "x2" in result.explanation


def test_option_non_exclusive_teyaku_pays_each_one_held() -> None:
    from events.cards import DECK

    irises = tuple(c.id for c in DECK if c.suit == "iris")
    hand0 = (*irises, "pine-crane", "pine-poetry", "pine-chaff-1")  # Four-Three, and Four of a Kind in iris
    for exclusive, expected in (("true", None), ("false", (200, 0, 0))):
        projection, state = start([f"sendai.teyakuGroupExclusive={exclusive}"])
        rest = [c.id for c in DECK if c.id not in hand0]
        field: list[str] = []
        for card in rest[14:]:
            if len(field) < 6 and all(card.split("-")[0] != f.split("-")[0] for f in field):
                field.append(card)
        pile = [c for c in rest[14:] if c not in field]
        deal = SendaiDeal(hands=(hand0, tuple(rest[0:7]), tuple(rest[7:14])), field=tuple(field), draw_pile=tuple(pile))
        state = run(projection, state, deal, TeyakuExposed(seat=0, teyaku="four-three"))
        if expected is None:
            with pytest.raises(IllegalEvent) as caught:
                run(projection, state, TeyakuExposed(seat=0, teyaku="four-of-a-kind"))
            assert caught.value.code == "sendai.teyaku.exclusive"
            continue
        state = run(projection, state, TeyakuExposed(seat=0, teyaku="four-of-a-kind"))
        over = drawn_out(state)
        assert over.result is not None and over.result.points == expected


def test_each_dekiyaku_option_reaches_the_seat_table() -> None:
    """The options go through the table each seat is scored by, not only the table-maker."""
    from replay.games.sendai.options import SendaiOptions
    from replay.games.sendai.scoring import _dekiyaku

    _, state = start(dealer=0)
    assert state.options is not None
    six = CHAFF[:6]
    four_ribbons = ("wisteria-ribbon", "iris-ribbon", "clover-ribbon", "pine-poetry")

    def scored(captured: tuple[str, ...], options: SendaiOptions) -> dict[str, int | None]:
        return {h.key: h.points for h in _dekiyaku(captured, 0, 0, options)}

    assert scored((*six, "chrysanthemum-cup"), state.options) == {}
    assert scored((*six, "chrysanthemum-cup"), state.options._replace(sake_cup_is_chaff=True)) == {"chaff": 10}
    assert scored((*four_ribbons, "willow-swallow"), state.options) == {}
    assert scored((*four_ribbons, "willow-swallow"), state.options._replace(willow_is_ribbon=True)) == {
        "five-ribbons": 100
    }
    # Only the highest bright yaku counts: five brights, not four as well.
    assert scored((*DRY, "willow-rainman"), state.options) == {"five-brights": 500}


def test_a_four_is_two_pairs_only_by_option_and_only_a_four() -> None:
    triplet_and_pairs = ("pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry",
                         "cherry-curtain", "cherry-poetry")  # fmt: skip
    # With the option, a triplet is not split into a pair: this hand is Triplet and Two Pairs only.
    assert [s.key for s in teyaku_held(triplet_and_pairs, four_as_two_pairs=True)] == ["triplet-two-pairs"]
