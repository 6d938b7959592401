"""Wins: tsumo and ron move by move, furiten, liability (pao), several rons on one tile, and wins
recorded at result depth.
"""

from __future__ import annotations

from collections import Counter

from events.riichi import (
    RiichiHandResult,
    RiichiWin,
)
from events.tiles import (
    KIND_NAMES,
    KIND_OF,
    compact,
    plain,
)
from replay.engine.fold import Step, illegal
from replay.games.riichi.options import RiichiOptions
from replay.games.riichi.pricing import MeldTiles, Unpriced, WinHand, price
from replay.games.riichi.scoring import finish_wins, share_counters
from replay.games.riichi.shape import UNSEEN, is_complete, shown_tiles, waits
from replay.games.riichi.state import RiichiRound, RiichiState, WinRecord, see


def on_hand_result(
    state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiHandResult, rules: RiichiOptions
) -> RiichiRound:
    """A hand at result depth: the winning hand priced from its tiles, with the conditions as said.

    A second (or third) line for the same hand is another ron on the same discard."""
    n, seat, said = rnd.players, event.seat, set(event.conditions)
    if rnd.wins:
        another_ron_at_result_depth(state, rnd, step, event)
    elif rnd.phase != "deal":
        raise illegal(step, "riichi.result.after_moves",
                       "this hand is being recorded move by move; finish it with its win or draw")  # fmt: skip
    if seat >= n or (event.from_seat is not None and event.from_seat >= n):
        raise illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
    if (event.kind == "ron") != (event.from_seat is not None) or event.from_seat == seat:
        raise illegal(step, "riichi.result.from_seat", "a ron names the seat that dealt in; a tsumo names none")
    if len(event.hand) != 13 - 3 * len(event.melds):
        raise illegal(step, "riichi.result.tiles",
                       f"with {len(event.melds)} meld{'' if len(event.melds) == 1 else 's'} the concealed hand holds "
                       f"{13 - 3 * len(event.melds)} tiles "
                       f"besides the winning one, not {len(event.hand)}")  # fmt: skip
    for meld in event.melds:
        kinds = [KIND_OF[t] for t in meld.tiles]
        run = meld.kind == "chi" and len(set(t[1] for t in meld.tiles)) == 1 and meld.tiles[0][1] != "z"
        if (meld.kind == "chi" and not (run and sorted(kinds) == list(range(min(kinds), min(kinds) + 3)))) or (
            meld.kind != "chi" and (len(set(kinds)) != 1 or len(kinds) != (3 if meld.kind == "pon" else 4))
        ):
            raise illegal(step, "riichi.result.meld", f"{meld.kind} {compact(meld.tiles)} is not a {meld.kind}")
    every = [*event.hand, event.win_tile, *(t for m in event.melds for t in m.tiles)]
    every += [*event.dora_indicators, *event.ura_indicators]
    over = [KIND_NAMES[k] for k, c in Counter(KIND_OF[t] for t in every).items() if c > 4]
    if over:
        raise illegal(step, "riichi.result.five", f"more than four {', '.join(over)} in the hand and indicators")
    concealed = (*event.hand, event.win_tile)
    if not is_complete(concealed):
        raise illegal(
            step,
            "riichi.win.incomplete",
            f"{shown_tiles(concealed)} is not a complete hand"
            + (" (lay the hand open first: riichi.hand_shown)" if UNSEEN in concealed else ""),
        )
    in_riichi = bool(said & {"riichi", "double_riichi"})
    tsumo, dealer = event.kind == "tsumo", seat == rnd.dealer
    open_hand = any(m.kind != "ankan" for m in event.melds)
    wrong = [
        why
        for why, bad in (
            ("riichi needs a closed hand", in_riichi and open_hand),
            ("ura dora are turned only for a riichi winner", bool(event.ura_indicators) and not in_riichi),
            ("ippatsu needs riichi", "ippatsu" in said and not in_riichi),
            (f"{rules.ruleset} has no ippatsu", "ippatsu" in said and not rules.ippatsu),
            (f"{rules.ruleset} turns no ura dora", bool(event.ura_indicators) and not rules.ura_dora),
            ("rinshan is a tsumo on a kan's replacement tile", "rinshan" in said
             and (not tsumo or not any("kan" in m.kind for m in event.melds))),
            ("chankan and houtei are rons", bool(said & {"chankan", "houtei"}) and tsumo),
            ("haitei is a tsumo", "haitei" in said and not tsumo),
            ("tenhou is the dealer's tsumo", "tenhou" in said and not (tsumo and dealer)),
            ("chiihou is a non-dealer's tsumo", "chiihou" in said and (not tsumo or dealer)),
            ("renhou is a non-dealer's ron", "renhou" in said and (tsumo or dealer)),
            ("a first go-around win has no melds", bool(said & {"tenhou", "chiihou", "renhou"}) and bool(event.melds)),
        )
        if bad
    ]  # fmt: skip
    if wrong:
        raise illegal(step, "riichi.result.conditions", f"{wrong[0]}; check the conditions said")
    others = set(event.others_in_riichi)
    if seat in others or any(s >= n for s in others) or len(others) != len(event.others_in_riichi):
        raise illegal(step, "riichi.result.riichi", "others_in_riichi names the other seats that declared riichi")
    for poor in sorted(others | ({seat} if in_riichi else set())):
        if not rnd.wins and rnd.scores[poor] < 1000:
            raise illegal(step, "riichi.riichi.points",
                          f"seat {poor} holds {rnd.scores[poor]} points: riichi needs a 1,000-point stick")  # fmt: skip
    declared = others | ({seat} if in_riichi else set()) | {s for s in range(n) if rnd.wins and rnd.riichi[s]}
    deposits = tuple(1000 if s in declared else 0 for s in range(n))
    hand = WinHand(
        concealed=concealed,
        win_tile=event.win_tile,
        melds=tuple(MeldTiles(m.kind, m.tiles) for m in event.melds),
        tsumo=tsumo,
        seat=seat,
        dealer=rnd.dealer,
        from_seat=event.from_seat,
        players=n,
        round_wind=rnd.round_wind,
        dora_indicators=event.dora_indicators,
        ura_indicators=event.ura_indicators,
        honba=0 if rnd.wins else rnd.honba,  # several rons: share_counters gives them out
        sticks=0 if rnd.wins else rnd.sticks + sum(deposits) // 1000,
        riichi=in_riichi,
        double_riichi="double_riichi" in said,
        ippatsu="ippatsu" in said,
        rinshan="rinshan" in said,
        chankan="chankan" in said,
        haitei="haitei" in said,
        houtei="houtei" in said,
        tenhou="tenhou" in said,
        chiihou="chiihou" in said,
        renhou="renhou" in said,
    )
    priced = price(hand, rules)
    if isinstance(priced, Unpriced) and not priced.stands:
        raise illegal(step, "riichi.win.no_win", f"this win does not stand under {rules.ruleset}: {priced.reason}")
    scored = rnd._replace(dora=event.dora_indicators, deposits=deposits, riichi=tuple(s in declared for s in range(n)))
    record = WinRecord(seat, event.kind, event.from_seat, hand, priced)
    scored = scored._replace(wins=share_counters((*rnd.wins, record), scored, state, rules))
    done = finish_wins(scored)
    assert done.result is not None
    return done._replace(result=done.result._replace(depth="result"))


def on_win(state: RiichiState, rnd: RiichiRound, step: Step, win: RiichiWin, rules: RiichiOptions) -> RiichiRound:
    seat = win.seat
    if win.kind == "tsumo":
        if rnd.phase != "discard" or seat != rnd.to_move or rnd.last_drawn is None:
            raise illegal(
                step,
                "riichi.win.tsumo_out_of_turn",
                "a tsumo is declared on the tile just drawn, before discarding",
            )
        concealed, win_tile, from_seat = rnd.hands[seat], rnd.last_drawn, None
    else:
        target = rnd.kakan or rnd.last_discard
        open_to_ron = rnd.phase == "after_discard" or (rnd.phase == "rinshan" and rnd.kakan is not None)
        if target is None or not (open_to_ron or rnd.wins):
            raise illegal(
                step, "riichi.win.no_discard", "a ron is declared on a discard (or an added kan), and there is none"
            )
        from_seat, win_tile = target
        if win.from_seat is not None and win.from_seat != from_seat:
            raise illegal(
                step, "riichi.win.from_seat", f"the tile to ron is seat {from_seat}'s, not seat {win.from_seat}'s"
            )
        if seat == from_seat:
            raise illegal(step, "riichi.win.own_discard", "a player cannot ron his own discard")
        if any(w.seat == seat for w in rnd.wins):
            raise illegal(step, "riichi.win.twice", f"seat {seat} has already won on this tile")
        if rnd.wins:
            assert state.match.started is not None
            if rules.multiple_ron == "headBump":
                raise illegal(step, "riichi.win.head_bump", f"under {rules.ruleset} only the player nearest the "
                              f"discarder wins (head bump): seat {rnd.wins[0].seat} has won on this tile")  # fmt: skip
            if len(rnd.wins) >= 2 and rules.triple_ron == "abortive":
                raise illegal(
                    step,
                    "riichi.win.triple_ron",
                    f"three rons on one tile abort the hand under {rules.ruleset}: "
                    "record riichi.abortive_draw triple_ron instead",
                )
            distance = (seat - from_seat) % rnd.players
            if any((w.seat - from_seat) % rnd.players > distance for w in rnd.wins):
                raise illegal(step, "riichi.win.order", "record the rons in turn order from the discarder")
        concealed = (*rnd.hands[seat], win_tile)
        if is_complete(concealed):
            check_furiten(rnd, step, seat)
    if not is_complete(concealed):
        raise illegal(
            step,
            "riichi.win.incomplete",
            f"{shown_tiles(concealed)} is not a complete hand"
            + (" (lay the hand open first: riichi.hand_shown)" if UNSEEN in concealed else ""),
        )
    if win.ura_indicators and not rules.ura_dora:
        raise illegal(step, "riichi.win.ura", f"{rules.ruleset} turns no ura dora; record the win without them")
    if win.ura_indicators and not rnd.riichi[seat]:
        raise illegal(step, "riichi.win.ura", "ura dora are turned only for a riichi winner")
    if len(win.ura_indicators) > len(rnd.dora):
        raise illegal(step, "riichi.win.ura", f"no more ura indicators than dora indicators ({len(rnd.dora)})")
    if win.ura_indicators and not any(w.hand.ura_indicators for w in rnd.wins):
        rnd = see(rnd, list(win.ura_indicators), step, rules)  # turned over now: no fifth copy (once a hand)
    first = not rnd.interrupted and seat not in rnd.discarded_once
    sticks_on_table = rnd.sticks + sum(rnd.deposits) // 1000
    # Multiple rons: honba and sticks go to the winner nearest the discarder (the record's order).
    takes_counters = not rnd.wins
    hand = WinHand(
        concealed=tuple(concealed),
        win_tile=win_tile,
        melds=tuple(MeldTiles(m.kind, m.tiles) for m in rnd.melds[seat]),
        tsumo=win.kind == "tsumo",
        seat=seat,
        dealer=rnd.dealer,
        from_seat=from_seat,
        players=rnd.players,
        round_wind=rnd.round_wind,
        dora_indicators=rnd.dora,
        ura_indicators=tuple(win.ura_indicators),
        honba=rnd.honba if takes_counters else 0,
        sticks=sticks_on_table if takes_counters else 0,
        kita=rnd.kita[seat],
        riichi=rnd.riichi[seat],
        double_riichi=seat in rnd.double,
        ippatsu=seat in rnd.ippatsu,
        rinshan=win.kind == "tsumo" and rnd.rinshan_draw,
        chankan=win.kind == "ron" and rnd.kakan is not None,
        haitei=win.kind == "tsumo" and rnd.live_left == 0 and not rnd.rinshan_draw,
        houtei=win.kind == "ron" and rnd.live_left == 0 and rnd.kakan is None,
        tenhou=win.kind == "tsumo" and seat == rnd.dealer and first,
        chiihou=win.kind == "tsumo" and seat != rnd.dealer and first,
        renhou=win.kind == "ron" and seat != rnd.dealer and not rnd.interrupted and seat not in rnd.drawn_once,
        pao_seat=liable_seat(rnd, step, seat, win),
    )
    priced = price(hand, rules)
    if isinstance(priced, Unpriced) and not priced.stands:
        raise illegal(step, "riichi.win.no_win", f"this win does not stand under {rules.ruleset}: {priced.reason}")
    wins = share_counters((*rnd.wins, WinRecord(seat, win.kind, from_seat, hand, priced)), rnd, state, rules)
    return finish_wins(rnd._replace(wins=wins))


def liable_seat(rnd: RiichiRound, step: Step, seat: int, win: RiichiWin) -> int | None:
    """A liable seat must have fed one of the winner's dragon or wind melds."""
    if win.pao_seat is None:
        return None
    fed = [m for m in rnd.melds[seat] if m.from_seat == win.pao_seat and m.tiles[0][1] == "z"]
    if win.pao_seat == seat or not fed:
        raise illegal(
            step, "riichi.win.pao", f"seat {win.pao_seat} fed none of seat {seat}'s dragon or wind melds; no pao"
        )
    return win.pao_seat


def check_furiten(rnd: RiichiRound, step: Step, seat: int) -> None:
    own = {plain(r.tile) for r in rnd.rivers[seat]}
    waiting = set(waits(rnd.hands[seat]))
    if own & waiting:
        raise illegal(
            step,
            "riichi.win.furiten",
            f"seat {seat} is furiten: it waits on {' and '.join(sorted(own & waiting))}, in its own river",
        )
    if seat in rnd.riichi_furiten:
        raise illegal(step, "riichi.win.furiten", f"seat {seat} passed a winning tile after riichi and may not ron")
    if seat in rnd.furiten:
        raise illegal(step, "riichi.win.furiten", f"seat {seat} passed a winning tile since its last discard")


def another_ron_at_result_depth(state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiHandResult) -> None:
    first = rnd.wins[0]
    if rnd.result is None or rnd.result.depth != "result" or event.kind != "ron" or first.kind != "ron":
        raise illegal(step, "riichi.result.second_win",
                       "a second win in one hand is another ron on the same discard, recorded the same way")  # fmt: skip
    if event.from_seat != first.from_seat or event.win_tile != first.hand.win_tile:
        raise illegal(step, "riichi.result.second_win",
                       f"the other ron is on seat {first.from_seat}'s {first.hand.win_tile}, the same discard")  # fmt: skip
    if tuple(event.dora_indicators) != tuple(rnd.dora):
        raise illegal(step, "riichi.result.dora", f"this hand's dora indicators are {' '.join(rnd.dora)}")
    if any(w.seat == event.seat for w in rnd.wins):
        raise illegal(step, "riichi.win.twice", f"seat {event.seat} has already won on this tile")
    assert state.options is not None
    if state.options.multiple_ron == "headBump":
        raise illegal(step, "riichi.win.head_bump", f"under {state.options.ruleset} only the player nearest the "
                      f"discarder wins (head bump): seat {first.seat} has won on this tile")  # fmt: skip
    if len(rnd.wins) >= 2 and state.options.triple_ron == "abortive":
        raise illegal(step, "riichi.win.triple_ron",
                       "three rons on one tile abort the hand under this ruleset: record abort triple_ron")  # fmt: skip
    discarder = first.from_seat or 0
    distance = (event.seat - discarder) % rnd.players
    if any((w.seat - discarder) % rnd.players > distance for w in rnd.wins):
        raise illegal(step, "riichi.win.order", "record the rons in turn order from the discarder")
