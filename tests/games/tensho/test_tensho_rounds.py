"""Tensho rounds through the real store: results, tie-breaks, the dealer's triple, the Phoenix, legality."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events.match import MatchEnded, RoundStarted
from events.tensho import DealerTripleCapture, TenshoCapture, TenshoDeal, TenshoDraw, TenshoPlay, YakuSetChosen
from replay.engine.fold import IllegalEvent, Step
from replay.games.tensho.fold import TenshoProjection
from replay.games.tensho.options import TenshoOptions
from replay.games.tensho.scoring import PlayerTally, decide, tally, yaku_specs
from replay.games.tensho.state import RoundState
from tests.games.tensho.support import DEAD, FIELD, HAND0, HAND1, PILE, Table, deal, options, swap
from tests.simulated import tensho_payloads


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path / "t.db")
    yield t
    t.close()


# ---- an instant win in the middle of a round ----


def test_red_four_ends_the_round_at_once(table: Table) -> None:
    table.begin(yaku_set=2)
    table.play(0, "pine-crane", "pine-chaff-1")
    table.draw(0, "paulownia-phoenix")
    table.play(1, "pine-poetry")
    table.draw(1, "maple-blue")
    table.play(0, "wisteria-ribbon", "wisteria-chaff-1")
    state = table.state
    assert state.round is not None and state.round.over
    result = state.results[0]
    assert (result.winner, result.reason, result.next_dealer) == (0, "instantWin", 0)
    assert [h.key for h in result.players[0].yaku] == ["red-four"]
    assert "Red Four" in result.explanation
    # Nothing more can happen in the round: hands still hold cards, but it is over.
    with pytest.raises(IllegalEvent, match="no round is in progress"):
        table.record(TenshoPlay(card="maple-deer", seat=1))


def test_the_same_cards_in_set_one_are_no_instant_win(table: Table) -> None:
    table.begin(yaku_set=1)
    table.play(0, "pine-crane", "pine-chaff-1")
    table.draw(0, "paulownia-phoenix")
    table.play(1, "pine-poetry")
    table.draw(1, "maple-blue")
    table.play(0, "wisteria-ribbon", "wisteria-chaff-1")
    state = table.state
    assert state.round is not None and state.round.phase == "draw" and not state.results


def test_front_elder_is_an_instant_win_in_set_one(table: Table) -> None:
    # Seat 0 holds the Iris Ribbon and takes the Maple Blue Ribbon; the Phoenix is on the pile.
    hand0 = swap(swap(HAND0, "maple-deer", "iris-ribbon"), "susuki-moon", "maple-chaff-1")
    hand1 = swap(HAND1, "iris-ribbon", "maple-deer")
    field = swap(FIELD, "susuki-chaff-1", "maple-blue")
    pile = swap(swap(PILE, "maple-blue", "susuki-chaff-1"), "maple-chaff-1", "susuki-moon")
    table.begin(deal(field, hand0, hand1, pile), yaku_set=1)
    table.play(0, "maple-chaff-1", "maple-blue")
    table.draw(0, "paulownia-phoenix")
    table.play(1, "maple-deer")
    table.draw(1, "susuki-chaff-1")
    assert not table.state.results
    table.play(0, "iris-ribbon", "iris-chaff-1")
    result = table.state.results[0]
    assert (result.winner, result.reason) == (0, "instantWin")
    assert [h.key for h in result.players[0].yaku] == ["front-elder"]


# ---- tie-breaks, each tier on its own ----

NAMES = ("Alice", "Bob")


def tallies(a: tuple[str, ...], b: tuple[str, ...], opts: TenshoOptions) -> tuple[PlayerTally, PlayerTally]:
    specs = yaku_specs(1, "swallow", "peony")
    return tally(0, a, specs, opts), tally(1, b, specs, opts)


def test_tier_yaku_points() -> None:
    opts = options()
    a = ("pine-poetry", "willow-ribbon", "cherry-poetry")  # front One Two Three: 100, no chaff
    b = ("pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1", "pine-crane")
    result = decide(1, 1, 1, tallies(a, b, opts), opts, NAMES)
    assert (result.winner, result.reason, result.next_dealer) == (0, "yakuPoints", 0)
    assert result.explanation == "Alice wins on yaku points: 100 to 0"


def test_tier_chaff_count() -> None:
    opts = options()
    a = ("pine-chaff-1", "plum-chaff-1", "cherry-chaff-1")
    b = ("pine-chaff-2", "plum-chaff-2", "pine-crane", "plum-warbler")  # fewer chaff, far more value
    result = decide(1, 0, 1, tallies(a, b, opts), opts, NAMES)
    assert (result.winner, result.reason) == (0, "chaffCount")
    assert "yaku points tied at 0" in result.explanation and "3 to 2" in result.explanation


def test_tier_card_value_sum() -> None:
    opts = options()
    a = ("pine-chaff-1", "susuki-moon")  # 1 chaff, value 9
    b = ("plum-chaff-1", "pine-crane")  # 1 chaff, value 16
    result = decide(1, 0, 1, tallies(a, b, opts), opts, NAMES)
    assert (result.winner, result.reason, result.next_dealer) == (1, "cardValueSum", 1)
    assert "card values: 16 to 9" in result.explanation


def test_full_tie_is_a_draw_and_the_dealer_keeps_the_deal() -> None:
    opts = options()
    a, b = ("pine-chaff-1", "iris-bridge"), ("plum-chaff-1", "iris-ribbon", "wisteria-cuckoo")
    assert tally(0, a, yaku_specs(1, "swallow", "peony"), opts).card_value == 6
    assert tally(1, b, yaku_specs(1, "swallow", "peony"), opts).card_value == 6
    result = decide(1, 1, 1, tallies(a, b, opts), opts, NAMES)
    assert (result.winner, result.reason, result.points, result.next_dealer) == (None, "draw", (0, 0), 1)
    assert "keeps the deal" in result.explanation


def test_full_tie_option_dealer_wins() -> None:
    opts = options(**{"tensho.tieBreak": ("yakuPoints", "chaffCount", "cardValueSum", "dealerWins")})
    a, b = ("pine-chaff-1",), ("plum-chaff-1",)
    result = decide(1, 1, 1, tallies(a, b, opts), opts, NAMES)
    assert (result.winner, result.reason, result.points) == (1, "dealerWins", (0, 1))


def test_tie_break_order_is_an_option() -> None:
    opts = options(**{"tensho.tieBreak": ("cardValueSum", "draw")})
    a = ("pine-poetry", "willow-ribbon", "cherry-poetry")  # 100 yaku points, value 7
    b = ("pine-crane",)  # value 15
    assert decide(1, 0, 1, tallies(a, b, opts), opts, NAMES).winner == 1


@pytest.mark.parametrize(
    ("score", "expected"),
    [("roundsWon", (1, 0)), ("winnerYakuTotal", (150, 0)), ("yakuDifference", (50, 0))],
)
def test_round_score_option(score: str, expected: tuple[int, int]) -> None:
    opts = options(**{"tensho.roundScore": score})
    a = ("pine-poetry", "willow-ribbon", "cherry-poetry", "pine-crane", "willow-swallow", "cherry-curtain")  # 150
    b = ("iris-bridge", "paulownia-phoenix", "maple-deer")  # back Elder, 100 in set 1
    result = decide(1, 0, 1, tallies(a, b, opts), opts, NAMES)
    assert result.points == expected


@pytest.mark.parametrize(("seed", "reason"), [(0, "yakuPoints"), (3, "chaffCount"), (5, "cardValueSum"), (36, "draw")])
def test_whole_simulated_rounds_end_on_each_tier(seed: int, reason: str, tmp_path: Path) -> None:
    projection, state = TenshoProjection(), TenshoProjection().initial()
    for seq, payload in enumerate(tensho_payloads(seed, 1), 1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    result = state.results[0]
    assert result.reason == reason
    assert not state.round.hands[0] and not state.round.hands[1]  # type: ignore[union-attr]
    if reason == "draw":
        assert result.next_dealer == result.dealer and result.winner is None


# ---- the dealer's triple capture ----

TRIPLE_FIELD = swap(swap(FIELD, "plum-chaff-1", "cherry-chaff-2"), "wisteria-chaff-1", "cherry-poetry")
TRIPLE_HAND1 = swap(HAND1, "cherry-poetry", "plum-chaff-1")
TRIPLE_PILE = swap(PILE, "cherry-chaff-2", "wisteria-chaff-1")


def triple_deal() -> TenshoDeal:
    return deal(TRIPLE_FIELD, HAND0, TRIPLE_HAND1, TRIPLE_PILE)


def test_dealer_takes_two_of_a_triple_and_plays_second(table: Table) -> None:
    table.begin(triple_deal())
    table.record(DealerTripleCapture(cards=("cherry-chaff-1", "cherry-poetry"), seat=0))
    rnd = table.state.round
    assert rnd is not None and rnd.to_move == 1 and rnd.captured[0] == ("cherry-chaff-1", "cherry-poetry")
    assert "cherry-chaff-2" in rnd.field
    with pytest.raises(IllegalEvent, match="turn"):
        table.record(TenshoPlay(card="pine-crane", seat=0))
    table.play(1, "iris-ribbon", "iris-chaff-1")
    with pytest.raises(IllegalEvent, match="before the first play"):
        table.record(DealerTripleCapture(cards=("cherry-chaff-2", "cherry-chaff-1"), seat=0))


def test_dealer_may_decline_the_triple(table: Table) -> None:
    table.begin(triple_deal())
    # The dealer plays first instead; his Cherry card then takes all three field cherries.
    table.play(0, "cherry-curtain", "cherry-chaff-2", "cherry-chaff-1", "cherry-poetry")
    rnd = table.state.round
    assert rnd is not None and len(rnd.captured[0]) == 4 and rnd.phase == "draw"


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (DealerTripleCapture(cards=("cherry-chaff-1", "cherry-poetry"), seat=1), "tensho.triple.not_dealer"),
        (DealerTripleCapture(cards=("pine-chaff-1", "plum-chaff-1"), seat=0), "tensho.triple"),
        (DealerTripleCapture(cards=("cherry-chaff-1", "pine-chaff-1"), seat=0), "tensho.triple.wrong_suit"),
        (DealerTripleCapture(cards=("cherry-chaff-1", "cherry-chaff-1"), seat=0), "tensho.triple.same_card"),
    ],
)
def test_bad_triple_captures(table: Table, event: DealerTripleCapture, code: str) -> None:
    table.begin(triple_deal())
    before = table.count()
    with pytest.raises(IllegalEvent) as caught:
        table.record(event)
    assert caught.value.code.startswith(code)
    assert table.count() == before


def test_no_triple_on_the_field(table: Table) -> None:
    table.begin()
    with pytest.raises(IllegalEvent) as caught:
        table.record(DealerTripleCapture(cards=("cherry-chaff-1", "plum-chaff-1"), seat=0))
    assert caught.value.code in ("tensho.triple.wrong_suit", "tensho.triple.no_triple")


def test_triple_option_off(tmp_path: Path) -> None:
    t = Table(tmp_path / "off.db", options=["tensho.dealerTripleOption=false"])
    t.begin(triple_deal())
    with pytest.raises(IllegalEvent) as caught:
        t.record(DealerTripleCapture(cards=("cherry-chaff-1", "cherry-poetry"), seat=0))
    assert caught.value.code == "tensho.triple.option_off"
    t.close()


# ---- every Phoenix case ----


def test_phoenix_drawn_goes_to_the_scoring_area(table: Table) -> None:
    table.begin()
    table.play(0, "pine-crane", "pine-chaff-1")
    table.draw(0, "paulownia-phoenix")
    rnd = table.state.round
    assert rnd is not None and "paulownia-phoenix" in rnd.captured[0] and "paulownia-phoenix" not in rnd.field


def test_phoenix_played_goes_to_the_scoring_area(table: Table) -> None:
    hand0 = swap(HAND0, "susuki-moon", "paulownia-phoenix")
    pile = swap(PILE, "paulownia-phoenix", "susuki-moon")
    table.begin(deal(FIELD, hand0, HAND1, pile))
    table.play(0, "paulownia-phoenix")
    rnd = table.state.round
    assert rnd is not None and rnd.captured[0] == ("paulownia-phoenix",) and rnd.phase == "draw"


def test_phoenix_sent_to_the_field_is_refused(table: Table) -> None:
    hand0 = swap(HAND0, "susuki-moon", "paulownia-phoenix")
    pile = swap(PILE, "paulownia-phoenix", "susuki-moon")
    table.begin(deal(FIELD, hand0, HAND1, pile))
    before = table.count()
    with pytest.raises(IllegalEvent) as caught:
        table.record(TenshoPlay(card="paulownia-phoenix", seat=0), TenshoDraw(card="susuki-moon", seat=0))
    assert "straight to the scoring area" in caught.value.reason
    with pytest.raises(IllegalEvent) as caught:
        table.record(
            TenshoPlay(card="paulownia-phoenix", seat=0),
            TenshoCapture(card="paulownia-phoenix", seat=0, taken=("pine-chaff-1",)),
        )
    assert caught.value.code == "tensho.phoenix.takes_nothing"
    assert table.count() == before


def phoenix_on_field() -> TenshoDeal:
    field = swap(FIELD, "susuki-chaff-1", "paulownia-phoenix")
    pile = swap(PILE, "paulownia-phoenix", "susuki-chaff-1")
    return deal(field, HAND0, HAND1, pile)


def test_phoenix_dealt_to_the_field_can_never_be_captured(table: Table) -> None:
    table.begin(phoenix_on_field())
    before = table.count()
    with pytest.raises(IllegalEvent) as caught:
        table.record(
            TenshoPlay(card="pine-crane", seat=0),
            TenshoCapture(card="pine-crane", seat=0, taken=("paulownia-phoenix",)),
        )
    assert caught.value.code == "tensho.phoenix.field_capture"
    with pytest.raises(IllegalEvent) as caught:
        table.record(TenshoCapture(card="paulownia-phoenix", seat=0, taken=()))
    assert caught.value.code == "tensho.phoenix.field_capture"
    assert table.count() == before
    table.play(0, "pine-crane", "pine-chaff-1")
    assert "paulownia-phoenix" in table.state.round.field  # type: ignore[union-attr]


def test_phoenix_on_the_field_makes_elder_and_red_four_impossible(table: Table) -> None:
    table.begin(phoenix_on_field(), yaku_set=2)
    table.play(0, "pine-crane", "pine-chaff-1")
    table.draw(0, "susuki-chaff-1")
    table.play(1, "pine-poetry")
    table.draw(1, "maple-blue")
    table.play(0, "wisteria-ribbon", "wisteria-chaff-1")
    assert not table.state.results  # crane and wisteria ribbon, but the Phoenix stays on the field


def test_option_dealer_captures_a_field_phoenix(tmp_path: Path) -> None:
    t = Table(tmp_path / "dc.db", options=["tensho.phoenixDealtToField=dealerCaptures"])
    t.begin(phoenix_on_field())
    rnd = t.state.round
    assert rnd is not None and rnd.captured[0] == ("paulownia-phoenix",) and "paulownia-phoenix" not in rnd.field
    t.close()


def test_option_dealer_takes_the_phoenix_instead_of_playing(tmp_path: Path) -> None:
    t = Table(tmp_path / "mk.db", options=["tensho.phoenixDealtToField=dealerMayTakeInsteadOfPlay"])
    t.begin(phoenix_on_field())
    with pytest.raises(IllegalEvent):
        t.record(TenshoCapture(card="paulownia-phoenix", seat=1, taken=()))
    t.record(TenshoCapture(card="paulownia-phoenix", seat=0, taken=()))
    rnd = t.state.round
    assert rnd is not None and rnd.phase == "draw" and rnd.captured[0] == ("paulownia-phoenix",)
    assert len(rnd.hands[0]) == 6  # one card more than usual: he gets an extra turn at the end
    t.close()


# ---- misdeal and four of a suit ----

FOUR_FIELD = swap(
    swap(swap(FIELD, "plum-chaff-1", "pine-chaff-2"), "cherry-chaff-1", "pine-crane"), "iris-chaff-1", "pine-poetry"
)
FOUR_HAND0 = swap(HAND0, "pine-crane", "plum-chaff-1")
FOUR_HAND1 = swap(HAND1, "pine-poetry", "cherry-chaff-1")
FOUR_PILE = swap(PILE, "pine-chaff-2", "iris-chaff-1")


def test_four_of_a_suit_on_the_field_is_a_misdeal(table: Table) -> None:
    table.begin(deal(FOUR_FIELD, FOUR_HAND0, FOUR_HAND1, FOUR_PILE))
    rnd = table.state.round
    assert rnd is not None and rnd.phase == "deal" and rnd.misdeals == 1
    with pytest.raises(IllegalEvent, match="the round needs the deal before any play"):
        table.record(TenshoPlay(card="plum-chaff-1", seat=0))
    table.record(deal())  # the redeal
    assert table.state.round.phase == "play"  # type: ignore[union-attr]


def test_option_dealer_takes_all_four(tmp_path: Path) -> None:
    t = Table(tmp_path / "four.db", options=["tensho.fourOfSuitOnField=dealerTakesAll"])
    t.begin(deal(FOUR_FIELD, FOUR_HAND0, FOUR_HAND1, FOUR_PILE))
    rnd = t.state.round
    assert rnd is not None and sorted(rnd.captured[0]) == ["pine-chaff-1", "pine-chaff-2", "pine-crane", "pine-poetry"]
    t.close()


# ---- illegal events: each refused with its reason, nothing stored ----


def started(table: Table) -> Table:
    table.begin()
    return table


ILLEGAL = {
    "card not in the hand": ([TenshoPlay(card="pine-poetry", seat=0)], "tensho.play.not_in_hand", "seat 1's hand"),
    "card on the field played": ([TenshoPlay(card="pine-chaff-1", seat=0)], "tensho.play.not_in_hand", "on the field"),
    "capture of another suit": (
        [TenshoPlay(card="pine-crane", seat=0), TenshoCapture(card="pine-crane", seat=0, taken=("plum-chaff-1",))],
        "tensho.capture.wrong_suit",
        "cannot take plum-chaff-1",
    ),
    "missing capture": (
        [TenshoPlay(card="pine-crane", seat=0), TenshoDraw(card="paulownia-phoenix", seat=0)],
        "tensho.capture.missing",
        "must capture",
    ),
    "capture when nothing matches": (
        [TenshoPlay(card="maple-deer", seat=0), TenshoCapture(card="maple-deer", seat=0, taken=("pine-chaff-1",))],
        "tensho.capture.nothing_pending",
        "no card to capture",
    ),
    "play out of turn": ([TenshoPlay(card="pine-poetry", seat=1)], "tensho.turn.wrong_seat", "Alice's (seat 0) turn"),
    "draw before playing": ([TenshoDraw(card="paulownia-phoenix", seat=0)], "tensho.draw.out_of_turn", "play a card"),
    "draw not the top card": (
        [TenshoPlay(card="maple-deer", seat=0), TenshoDraw(card="plum-warbler", seat=0)],
        "tensho.draw.not_top",
        "top of the draw pile is paulownia-phoenix",
    ),
    "play twice": (
        [TenshoPlay(card="maple-deer", seat=0), TenshoPlay(card="susuki-moon", seat=0)],
        "tensho.play.out_of_turn",
        "must now draw",
    ),
    "second deal": ([deal()], "tensho.deal.out_of_turn", "already dealt"),
    "yaku set after the deal": ([YakuSetChosen(by="dealer", yaku_set=1)], "tensho.yaku_set.late", "before the deal"),
    "next round too early": ([RoundStarted(round=2, dealer=0)], "tensho.round.unfinished", "not over"),
    "match completed too early": ([MatchEnded(reason="completed")], "tensho.match.not_complete", "abandoned"),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_illegal_event_is_refused_and_nothing_stored(table: Table, case: str) -> None:
    events, code, reason = ILLEGAL[case]
    started(table)
    before = table.count()
    with pytest.raises(IllegalEvent) as caught:
        table.record(*events)
    assert caught.value.code == code
    assert reason in caught.value.reason
    assert table.count() == before


def test_drawing_a_seen_card_when_the_pile_order_is_unknown(table: Table) -> None:
    table.begin(deal(pile=None, dead=None))
    table.play(0, "maple-deer")
    before = table.count()
    for card, where in (
        ("pine-poetry", "in seat 1's hand"),
        ("pine-chaff-1", "on the field"),
        ("maple-deer", "on the field"),
    ):
        with pytest.raises(IllegalEvent) as caught:
            table.record(TenshoDraw(card=card, seat=0))
        assert caught.value.code == "tensho.draw.seen" and where in caught.value.reason
    assert table.count() == before
    table.draw(0, "plum-warbler", "plum-chaff-1")  # any unseen card may be the one turned


def test_draw_from_an_empty_pile() -> None:
    projection = TenshoProjection()
    state = projection.initial()
    for seq, payload in enumerate(tensho_payloads(1, 1), 1):
        if payload.EVENT_TYPE == "tensho.play":
            break
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    assert state.round is not None
    emptied: RoundState = state.round._replace(phase="draw", pile=())
    with pytest.raises(IllegalEvent) as caught:
        projection.apply(state._replace(round=emptied), Step(99, "tensho.draw", TenshoDraw(card="pine-crane", seat=0)))
    assert caught.value.code == "tensho.draw.empty_pile"


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (deal(field=swap(FIELD, "pine-chaff-1", "paulownia-chaff-1"), dead=None, pile=None), "tensho.deal.not_in_deck"),
        (deal(field=swap(FIELD, "pine-chaff-1", "pine-crane")), "tensho.deal.duplicate"),
    ],
)
def test_bad_deals(table: Table, bad: TenshoDeal, code: str) -> None:
    state = table.state
    table.record(RoundStarted(round=1, dealer=state.next_dealer), YakuSetChosen(by="agreement", yaku_set=1))
    before = table.count()
    with pytest.raises(IllegalEvent) as caught:
        table.record(bad)
    assert caught.value.code == code
    assert table.count() == before


def test_wrong_dealer_for_the_next_round(table: Table) -> None:
    table.begin(yaku_set=2)
    table.play(0, "pine-crane", "pine-chaff-1")
    table.draw(0, "paulownia-phoenix")
    table.play(1, "pine-poetry")
    table.draw(1, "maple-blue")
    table.play(0, "wisteria-ribbon", "wisteria-chaff-1")  # Alice wins: she deals next
    with pytest.raises(IllegalEvent) as caught:
        table.record(RoundStarted(round=2, dealer=1))
    assert caught.value.code == "tensho.round.wrong_dealer" and "Alice (seat 0) won round 1" in caught.value.reason


def test_rounds_are_counted_against_the_agreed_length(tmp_path: Path) -> None:
    projection, state = TenshoProjection(), TenshoProjection().initial()
    payloads = list(tensho_payloads(11, 2))
    for seq, payload in enumerate(payloads[:-1], 1):  # all but match_ended
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    assert state.complete and len(state.results) == 2
    with pytest.raises(IllegalEvent) as caught:
        projection.apply(state, Step(999, "round_started", RoundStarted(round=3, dealer=state.next_dealer)))
    assert caught.value.code == "match.round.beyond_length"
    assert projection.apply(state, Step(999, "match_ended", MatchEnded(reason="completed"))).match.ended


def test_retracting_the_last_play_lets_the_table_replay_it(table: Table) -> None:
    from events.match import Retract

    table.begin()
    table.record(TenshoPlay(card="maple-deer", seat=0))
    table.record(Retract(seq=table.count(), reason="Alice meant the crane"))
    table.play(0, "pine-crane", "pine-chaff-1")
    rnd = table.state.round
    assert rnd is not None and "maple-deer" in rnd.hands[0] and rnd.captured[0] == ("pine-crane", "pine-chaff-1")
    assert DEAD and HAND1  # the deal is unchanged


# ---- capturing made optional ----


def test_with_optional_capture_a_matching_card_may_stay_on_the_field(tmp_path: Path) -> None:
    table = Table(tmp_path / "optional.db", options=["capture.mandatoryIfMatch=false"])
    try:
        table.begin(yaku_set=1)
        table.record(TenshoPlay(card="pine-crane", seat=0), TenshoCapture(card="pine-crane", seat=0, taken=()))
        rnd = table.state.round
        assert rnd is not None and rnd.phase == "draw" and rnd.to_move == 0
        assert "pine-crane" in rnd.field and "pine-chaff-1" in rnd.field and rnd.captured[0] == ()
    finally:
        table.close()


def test_with_optional_capture_leaving_another_card_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    table = Table(tmp_path / "optional.db", options=["capture.mandatoryIfMatch=false"])
    try:
        table.begin(yaku_set=1)
        table.record(TenshoPlay(card="pine-crane", seat=0))
        before = table.count()
        with pytest.raises(IllegalEvent) as caught:
            table.record(TenshoCapture(card="maple-deer", seat=0, taken=()))
        assert caught.value.code == "tensho.capture.wrong_card"
        assert "pine-crane" in caught.value.reason
        assert table.count() == before
    finally:
        table.close()
