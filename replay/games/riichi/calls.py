"""Calls on a discard (chi, pon, open kan), closed and added kans, kita, and the kan dora they reveal."""

from __future__ import annotations

from events.riichi import (
    DoraRevealed,
    RiichiCall,
)
from events.tiles import (
    compact,
    kind,
    plain,
)
from replay.engine.fold import Step, illegal
from replay.games.riichi.options import RiichiOptions
from replay.games.riichi.shape import UNSEEN, completes, take, waits, without
from replay.games.riichi.state import Meld, RiichiRound, RiichiState, after_kan_or_north, at, see, seen_counts


def on_call(state: RiichiState, rnd: RiichiRound, step: Step, call: RiichiCall, rules: RiichiOptions) -> RiichiRound:
    seat = call.seat
    if rnd.riichi[seat] and call.kind not in ("ankan", "kita"):
        raise illegal(step, "riichi.call.after_riichi", f"seat {seat} is in riichi and may not call {call.kind}")
    if call.kind in ("chi", "pon", "daiminkan"):
        return on_call_discard(rnd, step, call, rules)
    if rnd.phase != "discard" or seat != rnd.to_move:
        raise illegal(step, "riichi.call.out_of_turn", f"a {call.kind} is made on one's own turn, after drawing")
    hand = rnd.hands[seat]
    if call.kind == "kita":
        if rnd.players != 3:
            raise illegal(step, "riichi.call.kita", "a north is set aside only in three-player games")
        found = take(hand, ["4z"])
        if found is None:
            raise illegal(step, "riichi.call.not_in_hand", f"seat {seat} holds no north")
        rest, rnd = found[0], shown(rnd, found[1], step, rules)
        if rnd.riichi[seat] and rnd.last_drawn not in ("4z", UNSEEN):  # Tenhou: the hand in riichi stays as it was
            raise illegal(step, "riichi.call.kita_in_riichi", "in riichi, only a north just drawn may be set aside")
        return after_kan_or_north(
            rnd._replace(hands=at(rnd.hands, seat, rest), kita=at(rnd.kita, seat, rnd.kita[seat] + 1)),
            seat,
            kan=False,
        )
    if call.kind == "ankan":
        if len(call.tiles) != 4 or len({plain(t) for t in call.tiles}) != 1:
            raise illegal(step, "riichi.call.shape", "a closed kan is four tiles of one kind")
        found = take(hand, call.tiles)
        if found is None:
            raise illegal(step, "riichi.call.not_in_hand", f"seat {seat} does not hold {compact(call.tiles)}")
        rest, rnd = found[0], shown(rnd, found[1], step, rules)
        if rnd.riichi[seat] and sorted(waits(rest)) != sorted(waits(without(hand, [rnd.last_drawn or ""]) or ())):
            raise illegal(step, "riichi.call.changes_wait", "a closed kan after riichi may not change the wait")
        check_kan_count(rnd, step)
        melds = at(rnd.melds, seat, (*rnd.melds[seat], Meld("ankan", tuple(call.tiles))))
        return after_kan_or_north(rnd._replace(hands=at(rnd.hands, seat, rest), melds=melds), seat, kan=True)
    # kakan: the fourth tile added to a pon
    added = call.called or (call.tiles[-1] if call.tiles else None)
    pon = next((m for m in rnd.melds[seat] if m.kind == "pon" and added and plain(m.tiles[0]) == plain(added)), None)
    if pon is None or added is None:
        raise illegal(step, "riichi.call.no_pon", f"seat {seat} has no pon to add {added} to")
    found = take(hand, [added])
    if found is None:
        raise illegal(step, "riichi.call.not_in_hand", f"seat {seat} does not hold {added}")
    rest, rnd = found[0], shown(rnd, found[1], step, rules)
    check_kan_count(rnd, step)
    melds = at(rnd.melds, seat, tuple(Meld("kakan", (*m.tiles, added), m.called, m.from_seat) if m is pon else m
                                        for m in rnd.melds[seat]))  # fmt: skip
    after = after_kan_or_north(rnd._replace(hands=at(rnd.hands, seat, rest), melds=melds), seat, kan=True)
    chances = frozenset(o for o in range(rnd.players) if o != seat and completes(rnd.hands[o], added))
    # Until its replacement tile is drawn the kan may be robbed (chankan), and then it never happened:
    # a riichi's ippatsu still stands for the robber.
    return after._replace(kakan=(seat, added), could_ron=chances, ippatsu=rnd.ippatsu)


def shown(rnd: RiichiRound, tiles: list[str], step: Step, rules: RiichiOptions) -> RiichiRound:
    """Tiles a call shows from a hand not shown before (the public record), counted as seen now."""
    return rnd._replace(counts=seen_counts(rnd.counts, tiles, step, rules)) if tiles else rnd


def check_kan_count(rnd: RiichiRound, step: Step) -> None:
    if rnd.kans >= 4:
        raise illegal(step, "riichi.call.fifth_kan", "four kans have been made; there is no fifth")
    if rnd.live_left <= 0:
        raise illegal(step, "riichi.call.last_tile", "no kan on the last tile of the wall")


def on_call_discard(rnd: RiichiRound, step: Step, call: RiichiCall, rules: RiichiOptions) -> RiichiRound:
    seat = call.seat
    if rnd.phase != "after_discard" or rnd.last_discard is None:
        raise illegal(
            step, "riichi.call.no_discard", f"a {call.kind} takes the last discard, and there is none to take"
        )
    discarder, tile = rnd.last_discard
    if seat == discarder:
        raise illegal(step, "riichi.call.own_discard", "a player cannot call his own discard")
    if call.from_seat is not None and call.from_seat != discarder:
        raise illegal(
            step, "riichi.call.from_seat", f"the last discard is seat {discarder}'s, not seat {call.from_seat}'s"
        )
    if call.called is not None and call.called != tile:
        raise illegal(step, "riichi.call.called", f"the last discard is {tile}, not {call.called}")
    if rnd.live_left <= 0:
        raise illegal(step, "riichi.call.last_tile", "the last discard of the hand can only be won on, not called")
    needed = {"chi": 3, "pon": 3, "daiminkan": 4}[call.kind]
    if len(call.tiles) != needed or tile not in call.tiles:
        raise illegal(step, "riichi.call.shape", f"a {call.kind} is {needed} tiles, the called {tile} among them")
    from_hand = list(call.tiles)
    from_hand.remove(tile)
    if call.kind == "chi":
        if rules.three_player:
            raise illegal(step, "riichi.call.chi_sanma", "there is no chi in three-player games")
        if seat != (discarder + 1) % rnd.players:
            raise illegal(
                step,
                "riichi.call.chi_seat",
                f"only seat {(discarder + 1) % rnd.players} may chi seat {discarder}'s discard",
            )
        kinds = sorted(kind(t) for t in call.tiles)
        if (
            call.tiles[0][1] == "z"
            or len({t[1] for t in call.tiles}) != 1
            or kinds != list(range(kinds[0], kinds[0] + 3))
        ):
            raise illegal(step, "riichi.call.shape", f"{compact(call.tiles)} is not a run of one suit")
    elif len({plain(t) for t in call.tiles}) != 1:
        raise illegal(step, "riichi.call.shape", f"{compact(call.tiles)} is not {needed} of one kind")
    found = take(rnd.hands[seat], from_hand)
    if found is None:
        raise illegal(step, "riichi.call.not_in_hand", f"seat {seat} does not hold {compact(from_hand)} to {call.kind}")
    rest, rnd = found[0], shown(rnd, found[1], step, rules)
    if call.kind == "daiminkan":
        check_kan_count(rnd, step)
    rivers = at(rnd.rivers, discarder, (*rnd.rivers[discarder][:-1], rnd.rivers[discarder][-1]._replace(taken=True)))
    melds = at(rnd.melds, seat, (*rnd.melds[seat], Meld(call.kind, tuple(call.tiles), tile, discarder)))
    called = rnd._replace(
        hands=at(rnd.hands, seat, rest),
        melds=melds,
        rivers=rivers,
        to_move=seat,
        phase="discard",
        interrupted=True,
        ippatsu=frozenset(),
        last_discard=None,
        last_drawn=None,
    )
    if call.kind == "daiminkan":
        return after_kan_or_north(called, seat, kan=True)
    return called


def on_dora(rnd: RiichiRound, step: Step, event: DoraRevealed, rules: RiichiOptions) -> RiichiRound:
    if len(rnd.dora) - 1 >= rnd.kans:
        raise illegal(
            step, "riichi.dora.no_kan", f"{rnd.kans} kans made and {len(rnd.dora) - 1} kan dora shown: none is due"
        )
    return see(rnd, [event.indicator], step, rules)._replace(dora=(*rnd.dora, event.indicator))
