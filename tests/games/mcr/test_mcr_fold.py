"""MCR's fold, event by event: every refusal with its stable code and its words, the wall counted
down draw by draw, whose turn a replacement leaves it, a flower's replacement that is no kong's,
and the wall's end. The fold is pure: the events are folded here as the store folds them.

The hand (Ann deals, hand 1): Ann 1111m 234p 567p 789s and the plum (1f); Bo 234m 678m 234s 66p 89p;
Cy 345m 99m 11p 234s 77z 6z; Di 5678m 11s 234s 55z 33p. 144 tiles less 53 dealt: 91 in the wall.
"""

from __future__ import annotations

from typing import Any

import pytest

from events.match import MatchLength, MatchStarted, PlayerSeat, RoundStarted, Ruleset
from events.mcr import McrDeal, McrDiscard, McrDraw, McrDrawnHand, McrFansDeclared, McrFlower, McrMeld, McrWin
from events.model import Payload
from replay.engine.fold import IllegalEvent, Step
from replay.games import GAMES
from replay.games.mcr.tiles import parse

HANDS = ("1m1m1m1m 2p3p4p 5p6p7p 7s8s9s 1f", "2m3m4m 6m7m8m 2s3s4s 6p6p 8p9p", "3m4m5m 9m9m 1p1p 2s3s4s 7z7z 6z",
         "5m6m7m8m 1s1s 2s3s4s 5z5z 3p3p")  # fmt: skip


def _started() -> MatchStarted:
    spec = GAMES["mcr"].rulesets[0]
    return MatchStarted(first_dealer=0, game="mcr", length=MatchLength(count=16, unit="rounds"),
                        players=tuple(PlayerSeat(name=n, seat=s) for s, n in enumerate(("Ann", "Bo", "Cy", "Di"))),
                        ruleset=Ruleset(id=spec.id, options=spec.defaults()))  # fmt: skip


def _deal(hands: tuple[str, ...] = HANDS) -> McrDeal:
    return McrDeal.model_validate({"hands": [parse(h) for h in hands]})


def _fold(*events: Payload) -> Any:
    projection = GAMES["mcr"].projection()
    state = projection.initial()
    for seq, payload in enumerate((_started(), RoundStarted(round=1, dealer=0), *events), start=1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return state


def _refused(events: tuple[Payload, ...], bad: Payload) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as refused:
        _fold(*events, bad)
    return refused.value


AFTER_DEAL: tuple[Payload, ...] = (_deal(),)
OWED: tuple[Payload, ...] = (*AFTER_DEAL, McrFlower(seat=0, flower="1f"))
DISCARDED: tuple[Payload, ...] = (*OWED, McrDraw(seat=0, tile="5s", replacement=True), McrDiscard(seat=0, tile="7s"))

REFUSALS = [
    (AFTER_DEAL, McrDiscard(seat=0, tile="2p"), "mcr.flower.not_replaced",
     "set the flowers dealt aside and replace them before the first discard"),
    (AFTER_DEAL, McrDraw(seat=0, tile="5s"), "mcr.turn.wrong_seat", "it is seat 0's turn to discard, not seat 0's to draw"),
    (AFTER_DEAL, McrFlower(seat=1, flower="2f"), "mcr.tile.not_in_hand", "2f is not in seat 1's hand"),
    (AFTER_DEAL, McrMeld(kind="pung", seat=1, tiles=("6p",) * 3), "mcr.claim.no_discard", "there is no discard to claim now"),
    (AFTER_DEAL, McrMeld(kind="concealed_kong", seat=0, tiles=("2p",) * 4), "mcr.tile.not_in_hand",
     "seat 0 does not hold four 2p"),
    (AFTER_DEAL, McrMeld(kind="added_kong", seat=0, tiles=("1m",) * 4), "mcr.kong.no_pung",
     "seat 0 has no pung of 1m and the fourth in hand"),
    (AFTER_DEAL, McrMeld(kind="concealed_kong", seat=0, tiles=("1m", "1m", "1m", "2m")), "mcr.meld.not_a_set",
     "a kong is four of one tile, not 1m 1m 1m 2m"),
    (AFTER_DEAL, McrMeld(kind="concealed_kong", seat=1, tiles=("6p",) * 4), "mcr.turn.wrong_seat",
     "it is seat 0's turn to discard, not seat 1's to declare a concealed kong"),
    (AFTER_DEAL, McrWin(seat=0), "mcr.flower.not_replaced", "seat 0 holds a flower: set it aside first"),
    (AFTER_DEAL, McrWin(seat=1, from_seat=0), "mcr.win.no_discard",
     "seat 0 has no discard (nor a kong's tile) to win on now"),
    (AFTER_DEAL, McrDrawnHand(), "mcr.draw.wall_not_empty",
     "tiles left in the wall: 91; a hand is drawn only when the wall is empty and the last discard finds no taker"),
    (AFTER_DEAL, _deal(), "mcr.deal.twice", "hand 1 is already dealt"),
    (AFTER_DEAL, RoundStarted(round=2, dealer=1), "mcr.hand.unfinished", "hand 1 is not over yet"),
    (AFTER_DEAL, McrFansDeclared(seat=1, fans=("all_pungs", "half_flush")), "mcr.result.after_deal",
     "this hand is recorded move by move: record mahjong with `win`"),
    (OWED, McrDiscard(seat=0, tile="2p"), "mcr.replacement.owed", "seat 0 draws a replacement tile first"),
    (OWED, McrDraw(seat=0, tile="5s"), "mcr.replacement.owed", "seat 0 draws a replacement tile first (--replacement)"),
    (OWED, McrDraw(seat=1, tile="5s", replacement=True), "mcr.replacement.owed",
     "seat 0 draws a replacement tile first (--replacement)"),
    (OWED, McrDraw(seat=0, tile="1m", replacement=True), "mcr.tile.too_many", "every 1m is already out of the wall"),
    (OWED, McrDraw(seat=0, tile="1f", replacement=True), "mcr.tile.too_many", "every 1f is already out of the wall"),
    (OWED, McrWin(seat=0), "mcr.win.nothing_drawn", "a self-drawn win is on a tile just drawn"),
    (DISCARDED, McrMeld(kind="chow", seat=3, tiles=("7s", "8s", "9s")), "mcr.chow.not_next",
     "only seat 1, the next to play, may chow seat 0's discard"),
    (DISCARDED, McrMeld(kind="chow", seat=1, tiles=("7s", "8s", "9s")), "mcr.tile.not_in_hand",
     "seat 1 does not hold the rest of 7s 8s 9s"),
    (DISCARDED, McrMeld(kind="pung", seat=0, tiles=("7s",) * 3), "mcr.claim.own_discard",
     "a player cannot claim their own discard"),
    (DISCARDED, McrMeld(kind="pung", seat=2, tiles=("5s",) * 3), "mcr.claim.wrong_tile",
     "the discard is 7s, which is not in 5s 5s 5s"),
    (DISCARDED, McrMeld(kind="chow", seat=1, tiles=("7s", "8s", "1z")), "mcr.meld.not_a_set",
     "1z 7s 8s is no chow: three in a row of one suit"),
    (DISCARDED, McrMeld(kind="pung", seat=2, tiles=("7s",) * 3), "mcr.tile.not_in_hand",
     "seat 2 does not hold the rest of 7s 7s 7s"),
    (DISCARDED, McrMeld(kind="kong", seat=2, tiles=("7s",) * 3), "mcr.meld.not_a_set",
     "a kong is four of one tile, not 7s 7s 7s"),
    (DISCARDED, McrMeld(kind="pung", seat=2, tiles=("7s", "7s", "8s")), "mcr.meld.not_a_set",
     "a pung is three of one tile, not 7s 7s 8s"),
    (DISCARDED, McrWin(seat=0, from_seat=0), "mcr.win.own_discard", "a player cannot win on their own discard"),
    (DISCARDED, McrWin(seat=2, from_seat=0), "mcr.win.not_mahjong",
     "the tiles make no mahjong hand; a declaration on them is a false mahjong (false-win)"),
    (DISCARDED, McrDraw(seat=2, tile="1z"), "mcr.turn.wrong_seat", "it is seat 1's turn to draw, not seat 2's to draw"),
    (DISCARDED, McrDiscard(seat=1, tile="2m"), "mcr.turn.wrong_seat",
     "it is seat 1's turn to draw, not seat 1's to discard"),
    (DISCARDED, McrDraw(seat=1, tile="1z", replacement=True), "mcr.replacement.none_owed",
     "no flower or kong is waiting for a replacement tile"),
    (DISCARDED, McrFlower(seat=1, flower="2f"), "mcr.turn.wrong_seat",
     "it is seat 1's turn to draw, not seat 1's to set a flower aside"),
    (DISCARDED, McrWin(seat=1), "mcr.turn.wrong_seat", "it is seat 1's turn to draw, not seat 1's to win on a tile drawn"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("events", "bad", "code", "reason"), REFUSALS, ids=[r[2] + str(i) for i, r in enumerate(REFUSALS)]
)
def test_each_refusal_says_its_code_and_why(events: tuple[Payload, ...], bad: Payload, code: str, reason: str) -> None:
    refused = _refused(events, bad)
    assert (refused.code, refused.reason, refused.seq) == (code, reason, len(events) + 3)


def test_a_wrong_deal_or_hand_start_is_refused() -> None:
    bad = _deal((HANDS[0].replace(" 1f", ""), *HANDS[1:]))
    refused = _refused((), bad)
    assert (refused.code, refused.reason) == ("mcr.deal.size", "the dealer (seat 0) is dealt 14 tiles and the others "
                                                               "13, not [13, 13, 13, 13]")  # fmt: skip
    five = _deal((HANDS[0].replace("7s8s9s", "1m9s9s"), *HANDS[1:]))
    refused = _refused((), five)
    assert (refused.code, refused.reason) == ("mcr.tile.too_many", "1m is dealt 5 times; the wall holds 4")
    flowers = _deal((HANDS[0], HANDS[1].replace("8p9p", "8p1f"), *HANDS[2:]))
    refused = _refused((), flowers)
    assert (refused.code, refused.reason) == ("mcr.tile.too_many", "1f is dealt 2 times; the wall holds 1")
    projection = GAMES["mcr"].projection()
    state = projection.apply(projection.initial(), Step(1, "match_started", _started()))
    with pytest.raises(IllegalEvent) as wrong:
        projection.apply(state, Step(2, "round_started", RoundStarted(round=1, dealer=2)))
    assert (wrong.value.code, wrong.value.reason) == (
        "mcr.hand.wrong_dealer", "seat 0 deals hand 1, not seat 2: the deal passes every hand")  # fmt: skip
    with pytest.raises(IllegalEvent) as number:
        projection.apply(state, Step(2, "round_started", RoundStarted(round=3, dealer=0)))
    assert (number.value.code, number.value.reason) == ("mcr.hand.wrong_number", "the next hand is hand 1, not 3")


def test_the_wall_counts_down_and_a_replacement_leaves_the_turn_where_it_was() -> None:
    """Bo dealt the orchid (2f) in place of 9p sets it aside at the deal and draws 9p: the turn stays
    Ann's, whose tile just drawn is still her 14th. Ann's plum, her 5s, her kong of 1m and her 5s:
    91, 90, 89, 88 in the wall; the last is a kong's replacement, and her mahjong is Out with
    Replacement Tile (19 with her one flower: Bo's is his)."""
    hands = (HANDS[0], HANDS[1].replace("8p9p", "8p2f"), *HANDS[2:])
    state = _fold(_deal(hands))
    assert (state.round.wall, state.round.to_move, state.round.drawn) == (91, 0, "1f")
    state = _fold(_deal(hands), McrFlower(seat=1, flower="2f"))
    assert (state.round.owes, state.round.to_move, state.round.drawn) == (1, 0, "1f")
    events: list[Payload] = [_deal(hands), McrFlower(seat=1, flower="2f"), McrDraw(seat=1, tile="9p", replacement=True)]
    state = _fold(*events)
    assert (state.round.wall, state.round.to_move, state.round.drawn, state.round.owes) == (90, 0, "1f", None)
    assert "9p" in state.round.hands[1] and state.round.flowers[1] == ("2f",)
    events += [McrFlower(seat=0, flower="1f"), McrDraw(seat=0, tile="5s", replacement=True)]
    state = _fold(*events)
    assert (state.round.wall, state.round.drawn, state.round.kong_draw) == (89, "5s", False)
    events += [McrMeld(kind="concealed_kong", seat=0, tiles=("1m",) * 4), McrDraw(seat=0, tile="5s", replacement=True)]
    state = _fold(*events)
    assert (state.round.wall, state.round.drawn, state.round.kong_draw) == (88, "5s", True)
    state = _fold(*events, McrWin(seat=0))
    result = state.results[-1]
    assert dict(result.fans)["out_with_replacement_tile"] == 1 and result.fan_total == 19
    assert result.points == (81, -27, -27, -27)


def test_a_flowers_replacement_is_no_kongs() -> None:
    """Ann's 111m 234p 567p 789s 5s and the plum: the plum set aside, 5s drawn in its place makes
    her hand. Fully Concealed Hand 4, Short Straight 1, Pung of Terminals or Honors 1, No Honors 1,
    Single Wait 1, the plum 1: 9, self-drawn, and no Out with Replacement Tile (that is a kong's)."""
    hands = ("1m1m1m 2p3p4p 5p6p7p 7s8s9s 5s 1f", HANDS[1], HANDS[2], HANDS[3].replace("5m6m7m8m", "1m5m6m7m"))
    state = _fold(_deal(hands), McrFlower(seat=0, flower="1f"), McrDraw(seat=0, tile="5s", replacement=True),
                  McrWin(seat=0))  # fmt: skip
    result = state.results[-1]
    assert result.fans == (("fully_concealed_hand", 1), ("short_straight", 1), ("pung_of_terminals_or_honors", 1),
                           ("no_honors", 1), ("single_wait", 1), ("flower_tiles", 1))  # fmt: skip
    assert result.points == (51, -17, -17, -17)


def test_the_walls_end_a_draw_only_when_the_last_discard_finds_no_taker() -> None:
    """Seed 5's first hand is drawn: 91 draws empty the wall. Before the last draw the drawn hand
    is refused (1 tile left); after it, until its discard, too; a draw from the empty wall is
    refused; after the last discard, the drawn hand ends the hand with nothing paid."""
    from replay.app.simulate import payloads

    made = list(payloads("mcr", 5, 1))
    hand = made[2 : made.index(next(p for p in made if isinstance(p, McrDrawnHand)))]
    last_draw = max(i for i, p in enumerate(hand) if isinstance(p, McrDraw))
    before = _refused(tuple(hand[:last_draw]), McrDrawnHand())
    assert (before.code, before.reason) == ("mcr.draw.wall_not_empty", "tiles left in the wall: 1; a hand is drawn "
                                            "only when the wall is empty and the last discard finds no taker")  # fmt: skip
    drawn = _refused(tuple(hand[: last_draw + 1]), McrDrawnHand())
    assert (drawn.code, drawn.reason) == ("mcr.draw.discard_first", "the wall's last tile is drawn: its player "
                                          "discards (or wins) before the hand is drawn")  # fmt: skip
    state = _fold(*hand)
    assert (state.round.wall, state.round.step) == (0, "draw")
    empty = _refused(tuple(hand), McrDraw(seat=state.round.to_move, tile="1z"))
    assert (empty.code, empty.reason) == ("mcr.wall.empty", "the wall is empty: the hand is a draw unless the last "
                                          "discard is claimed")  # fmt: skip
    over = _fold(*hand, McrDrawnHand())
    assert over.round.over and over.results[-1].points == (0, 0, 0, 0) and over.results[-1].reason == "draw"


def _hands_drawn(count: int, seating: str = "greenBook") -> Any:
    """``count`` hands, each drawn at result depth, dealt by whoever the rules say deals it."""
    projection = GAMES["mcr"].projection()
    started = _started()
    if seating != "greenBook":
        options = dict(started.ruleset.options) | {"mcr.seating": seating}
        started = started.model_copy(update={"ruleset": Ruleset(id=started.ruleset.id, options=options)})
    state = projection.apply(projection.initial(), Step(1, "match_started", started))
    dealers = []
    for number in range(1, count + 1):
        dealers.append(state.next_dealer)
        for payload in (RoundStarted(round=number, dealer=state.next_dealer), McrDrawnHand()):
            state = projection.apply(state, Step(state.match.last_seq + 1, payload.EVENT_TYPE, payload))
    return state, dealers


def test_the_players_change_places_after_each_wind_round_as_the_green_book_says() -> None:
    """Ann, Bo, Cy, Di sit East, South, West, North. After the East round Ann and Bo change places,
    and Cy and Di: in turn from Ann, Di, Cy, Bo. After the South round Ann goes to West's place (Cy's),
    Cy to South's (Di's), Di to North's (Bo's), Bo to East's (Ann's): from Ann, Di, Bo, Cy. After
    the West round East and South change places again, and West and North: from Ann, Cy, Bo, Di.
    The deal passes in turn every hand: the 16 dealers below. With the places kept ("fixed"), the
    deal goes round and round."""
    _, dealers = _hands_drawn(16)
    assert dealers == [0, 1, 2, 3, 0, 3, 2, 1, 0, 3, 1, 2, 0, 2, 1, 3]
    _, fixed = _hands_drawn(16, "fixed")
    assert fixed == [0, 1, 2, 3] * 4


def test_in_the_south_round_the_turn_the_chow_and_the_winds_follow_the_new_places() -> None:
    """Hand 5 (South wind), Ann deals: in turn Ann, Di, Cy, Bo. Ann's discard is Di's to draw or
    chow, never Bo's; Di is South, Cy West, Bo North; a seat wind said at the table names them so."""
    state, _ = _hands_drawn(4)
    projection = GAMES["mcr"].projection()
    events: list[Payload] = [RoundStarted(round=5, dealer=0), _deal(), McrFlower(seat=0, flower="1f"),
                             McrDraw(seat=0, tile="5s", replacement=True), McrDiscard(seat=0, tile="7s")]  # fmt: skip
    for payload in events:
        state = projection.apply(state, Step(state.match.last_seq + 1, payload.EVENT_TYPE, payload))
    rnd = state.round
    assert (rnd.wind, rnd.to_move, [rnd.seat_wind(s) for s in range(4)]) == (1, 3, [0, 3, 2, 1])
    with pytest.raises(IllegalEvent) as refused:
        chow = McrMeld(kind="chow", seat=1, tiles=("7s", "8s", "9s"))
        projection.apply(state, Step(state.match.last_seq + 1, chow.EVENT_TYPE, chow))
    assert (refused.value.code, refused.value.reason) == (
        "mcr.chow.not_next", "only seat 3, the next to play, may chow seat 0's discard")  # fmt: skip
    from replay.games.seats import seat_number

    assert [seat_number(state, wind) for wind in ("E", "S", "W", "N")] == [0, 3, 2, 1]


LAST_TILE_HANDS = ("5p 1z1z 2z2z 3z 9p9p 9s9s 8s 7s 2m 9m", "3p4p 2s3s4s 6s7s8s 4z4z 5z5z 6z",
                   "5p5p 1p2p3p 6m6m 7z7z 3z3z 6z 8p", "123456789m 4p6p 1s1s")  # fmt: skip


def test_a_claimed_pung_shows_its_tiles_and_the_fourth_drawn_is_the_last_tile() -> None:
    """Ann discards 5p and Cy pungs it (Di, waiting on 5p, lets it go): the 5p leaves Ann's
    discards for Cy's pung, shown, taken from Ann. Cy discards 3z; Di draws the last 5p and wins
    self-drawn with its three others shown: 123m 456m 789m 456p 11s. Pure Straight 16, Fully
    Concealed Hand 4, Last Tile 4, All Chows 2, Mixed Double Chow 1 (456m 456p), Closed Wait 1: 28,
    and 36 from each: Di +108."""
    events: list[Payload] = [_deal(LAST_TILE_HANDS), McrDiscard(seat=0, tile="5p"),
                             McrMeld(kind="pung", seat=2, tiles=("5p",) * 3)]  # fmt: skip
    state = _fold(*events)
    rnd = state.round
    assert rnd.rivers[0] == () and rnd.melds[2][0].tiles == ("5p",) * 3 and rnd.melds[2][0].from_seat == 0
    assert (rnd.to_move, rnd.step, rnd.last_discard, rnd.drawn) == (2, "discard", None, None)
    state = _fold(*events, McrDiscard(seat=2, tile="3z"), McrDraw(seat=3, tile="5p"), McrWin(seat=3))
    result = state.results[-1]
    assert dict(result.fans) == {"pure_straight": 1, "fully_concealed_hand": 1, "last_tile": 1, "all_chows": 1,
                                 "mixed_double_chow": 1, "closed_wait": 1}  # fmt: skip
    assert result.points == (-36, -36, -36, 108)


def test_a_kong_claimed_from_a_discard_is_replaced_and_its_replacement_is_a_kongs() -> None:
    """Bo holds three 6p: Ann's 6p is his kong, shown, from Ann; Bo owes a replacement tile and
    draws it from the wall's end (91 after the deal, 90 after it)."""
    hands = (HANDS[0].replace("5p6p7p", "5p7p6p"), HANDS[1].replace("6p6p 8p9p", "6p6p 6p9p"), HANDS[2], HANDS[3])
    events: list[Payload] = [_deal(hands), McrFlower(seat=0, flower="1f"), McrDraw(seat=0, tile="5s", replacement=True),
                             McrDiscard(seat=0, tile="6p"), McrMeld(kind="kong", seat=1, tiles=("6p",) * 4)]  # fmt: skip
    state = _fold(*events)
    rnd = state.round
    assert (rnd.owes, rnd.replacing, rnd.to_move, rnd.rivers[0], rnd.wall) == (1, "kong", 1, (), 90)
    assert rnd.melds[1][0].kind == "kong" and rnd.melds[1][0].from_seat == 0
    state = _fold(*events, McrDraw(seat=1, tile="1z", replacement=True))
    assert (state.round.kong_draw, state.round.drawn, state.round.wall, state.round.owes) == (True, "1z", 89, None)


@pytest.mark.parametrize(
    ("fans", "code", "reason"),
    [
        (("all_pungs", "all_pungs", "half_flush"), "mcr.fans.too_often", "All Pungs counts at most 1 time in a hand"),
        (("pure_double_chow",) * 3 + ("half_flush",), "mcr.fans.too_often",
         "Pure Double Chow counts at most 2 times in a hand"),
        (("all_pungs", "full_house"), "mcr.fans.unknown",
         "'full_house' is not a fan; `taikyoku rules mcr-ema` lists them (the flowers are given by their number)"),
        (("flower_tiles", "all_pungs", "half_flush"), "mcr.fans.unknown",
         "'flower_tiles' is not a fan; `taikyoku rules mcr-ema` lists them (the flowers are given by their number)"),
        (("half_flush", "dragon_pung"), "mcr.win.under_minimum",
         "the fans count 8 points, flowers aside; a win needs 9"),
    ],
)  # fmt: skip
def test_the_fans_a_table_counts_are_checked_as_the_rules_count_them(
    fans: tuple[str, ...], code: str, reason: str
) -> None:
    started = _started()
    options = dict(started.ruleset.options) | {"mcr.minimum": 9}  # a house that asks 9 to win
    raised = started.model_copy(update={"ruleset": Ruleset(id=started.ruleset.id, options=options)})
    projection = GAMES["mcr"].projection()
    state = projection.apply(projection.initial(), Step(1, "match_started", raised))
    state = projection.apply(state, Step(2, "round_started", RoundStarted(round=1, dealer=0)))
    declared = McrFansDeclared(seat=0, from_seat=1, fans=fans)
    with pytest.raises(IllegalEvent) as refused:
        projection.apply(state, Step(3, declared.EVENT_TYPE, declared))
    assert (refused.value.code, refused.value.reason) == (code, reason)


def test_fans_counted_are_kept_highest_first_and_a_hand_of_four_of_a_tile_is_one() -> None:
    state = _fold(McrFansDeclared(seat=0, fans=("single_wait", "half_flush", "big_four_winds", "dragon_pung")))
    assert state.results[-1].fans == (("big_four_winds", 1), ("half_flush", 1), ("dragon_pung", 1), ("single_wait", 1))
    from events.mcr import DeclaredMeld, McrHandDeclared

    laid = McrHandDeclared(seat=1, from_seat=0, concealed=tuple(parse("123m456m789m1z")), tile="1z",
                           melds=(DeclaredMeld(kind="kong", tiles=("7s",) * 4),))  # fmt: skip
    assert dict(_fold(laid).results[-1].fans)["pure_straight"] == 1


def test_a_discard_lies_in_its_river_and_a_hand_ends_only_when_the_rules_say() -> None:
    """Ann's 7s lies in her discards; a match is not ended as completed after one hand of 16; the
    prevalent wind is East for hands 1-4 and South from hand 5; a drawn hand's result is its own."""
    state = _fold(*DISCARDED)
    assert state.round.rivers == (("7s",), (), (), ()) and state.round.last_discard == (0, "7s")
    from events.match import MatchEnded

    over = _fold(McrDrawnHand())
    result = over.results[-1]
    assert (result.round, result.dealer, result.winner, result.depth, result.next_dealer) == (1, 0, None, "result", 1)
    projection = GAMES["mcr"].projection()
    with pytest.raises(IllegalEvent) as early:
        projection.apply(over, Step(4, "match_ended", MatchEnded(reason="completed")))
    assert (early.value.code, early.value.reason) == ("mcr.match.not_complete", "hands finished: 1 of 16; to end the "
                                                      "match now, record reason abandoned")  # fmt: skip
    four, _ = _hands_drawn(3)
    four = projection.apply(four, Step(four.match.last_seq + 1, "round_started", RoundStarted(round=4, dealer=3)))
    assert four.round.wind == 0


def test_no_kong_is_declared_when_no_tile_is_left_to_replace_it() -> None:
    """Seed 5's first hand, drawn: after the wall's last draw its player may not declare a kong of
    his own, and after the last discard nobody may claim it for a kong."""
    from replay.app.simulate import payloads

    made = list(payloads("mcr", 5, 1))
    hand = made[2 : made.index(next(p for p in made if isinstance(p, McrDrawnHand)))]
    last_draw = max(i for i, p in enumerate(hand) if isinstance(p, McrDraw))
    drawer = hand[last_draw].seat  # type: ignore[attr-defined]
    own = _refused(tuple(hand[: last_draw + 1]), McrMeld(kind="concealed_kong", seat=drawer, tiles=("1z",) * 4))
    assert (own.code, own.reason) == ("mcr.kong.wall_empty", "no replacement tile is left for a kong")
    state = _fold(*hand)
    giver, tile = state.round.last_discard
    claimer = state.round.after(giver)
    claimed = _refused(tuple(hand), McrMeld(kind="kong", seat=claimer, tiles=(tile,) * 4))
    assert (claimed.code, claimed.reason) == ("mcr.kong.wall_empty", "no replacement tile is left for a kong on the "
                                              "last discard")  # fmt: skip


def test_a_flower_drawn_as_the_walls_last_tile_is_set_aside_and_the_hand_is_drawn() -> None:
    """Seed 6022 (the example that found it): a flower is the wall's last tile. Set aside, nothing
    replaces it; nobody owes a draw, the next is the drawn hand, which pays nothing."""
    from events.mcr import McrFlower as Flower
    from replay.app.simulate import payloads

    projection = GAMES["mcr"].projection()
    state = projection.initial()
    seen = False
    for seq, payload in enumerate(payloads("mcr", 6022, 3), start=1):
        before = state
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        if isinstance(payload, Flower) and before.round.wall == 0:
            seen = True
            rnd = state.round
            assert (rnd.owes, rnd.step, rnd.last_discard, rnd.drawn) == (None, "draw", None, None)
            assert payload.flower in rnd.flowers[payload.seat] and payload.flower not in rnd.hands[payload.seat]
    assert seen
