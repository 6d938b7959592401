"""A hand's result: the wins' payments with honba and sticks, the tenpai payments, and the result record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from replay.games.riichi.options import RiichiOptions
from replay.games.riichi.pricing import Priced, Unpriced, WinHand, price
from replay.games.riichi.state import HandResult, RiichiRound, RiichiState, WinRecord


def share_counters(
    wins: tuple[WinRecord, ...],
    rnd: RiichiRound,
    state: RiichiState,
    rules: RiichiOptions,
    price_again: Callable[[WinHand], Priced | Unpriced] | None = None,
) -> tuple[WinRecord, ...]:
    """Who takes the honba and the riichi sticks when several players ron one tile, by option
    (a win whose share changes is priced again: from its tiles, or by ``price_again``)."""
    if len(wins) == 1:
        return wins
    assert state.match.started is not None
    table = rnd.sticks + sum(rnd.deposits) // 1000
    own = {w.seat: rnd.deposits[w.seat] // 1000 for w in wins}
    shared: list[WinRecord] = []
    for index, record in enumerate(wins):
        honba = rnd.honba if index == 0 or rules.multi_ron_honba == "eachWinner" else 0
        if rules.multi_ron_sticks == "ownBackRestNearest":
            sticks = own[record.seat] + (table - sum(own.values()) if index == 0 else 0)
        else:
            sticks = table if index == 0 else 0
        if (honba, sticks) != (record.hand.honba, record.hand.sticks):
            hand = record.hand._replace(honba=honba, sticks=sticks)
            record = record._replace(hand=hand, priced=price_again(hand) if price_again else price(hand, rules))
        shared.append(record)
    return tuple(shared)


def finish_wins(rnd: RiichiRound) -> RiichiRound:
    """Score the wins so far; the hand is over (another ron on the same tile may follow)."""
    points = [-d for d in rnd.deposits]
    for record in rnd.wins:
        if isinstance(record.priced, Priced):
            for seat, delta in enumerate(record.priced.payments):
                points[seat] += delta
    winners = [w.seat for w in rnd.wins]
    next_dealer = rnd.dealer if rnd.dealer in winners else (rnd.dealer + 1) % rnd.players
    explanation = "; ".join(describe(w) for w in rnd.wins)
    over = hand_over(rnd, "win", tuple(points), 0, next_dealer, explanation, wins=rnd.wins)
    return over


def nagashi_over(rnd: RiichiRound, nagashi: Sequence[int], tenpai: Sequence[int], points: list[int]) -> RiichiRound:
    """Nagashi mangan's payments (a mangan tsumo's) in place of the tenpai payments; the sticks stay."""
    for seat in nagashi:
        for other in range(rnd.players):
            if other != seat:
                share = 4000 if seat == rnd.dealer or other == rnd.dealer else 2000
                points[other] -= share
                points[seat] += share
    dealer_stays = rnd.dealer in nagashi or rnd.dealer in tenpai
    next_dealer = rnd.dealer if dealer_stays else (rnd.dealer + 1) % rnd.players
    sticks = rnd.sticks + sum(rnd.deposits) // 1000
    words = f"nagashi mangan: {', '.join(f'seat {s}' for s in nagashi)}"
    return hand_over(rnd, "exhaustive", tuple(points), sticks, next_dealer, words, tenpai=tuple(tenpai))


def exhaustive_over(rnd: RiichiRound, tenpai: list[int], pool: int) -> RiichiRound:
    """The tenpai payments of an exhaustive draw (``pool`` in all); the riichi sticks stay on the table."""
    points = [-d for d in rnd.deposits]
    if 0 < len(tenpai) < rnd.players:
        gain, loss = pool // len(tenpai), pool // (rnd.players - len(tenpai))
        for seat in range(rnd.players):
            points[seat] += gain if seat in tenpai else -loss
    next_dealer = rnd.dealer if rnd.dealer in tenpai else (rnd.dealer + 1) % rnd.players
    sticks = rnd.sticks + sum(rnd.deposits) // 1000
    words = f"exhaustive draw; tenpai: {', '.join(f'seat {s}' for s in tenpai) or 'nobody'}"
    return hand_over(rnd, "exhaustive", tuple(points), sticks, next_dealer, words, tenpai=tuple(tenpai))


def describe(win: WinRecord) -> str:
    head = f"seat {win.seat} {win.kind}" + (f" from seat {win.from_seat}" if win.from_seat is not None else "")
    if isinstance(win.priced, Unpriced):
        return f"{head}: unpriced under {win.priced.ruleset}: {win.priced.reason}"
    priced = win.priced
    level = priced.limit if priced.limit else f"{priced.han} han {priced.fu} fu"
    yaku = ", ".join(f"{n} {h}" if h else n for n, h in priced.yaku)  # a declared yaku has no han of its own
    return f"{head}: {yaku} ({level})" if yaku else f"{head}: {level}"


def hand_over(
    rnd: RiichiRound,
    kind: Literal["win", "exhaustive", "abortive", "chombo"],
    points: tuple[int, ...],
    sticks: int,
    next_dealer: int,
    explanation: str,
    *,
    wins: tuple[WinRecord, ...] = (),
    tenpai: tuple[int, ...] = (),
    abort: str | None = None,
) -> RiichiRound:
    scores = tuple(s + p for s, p in zip(rnd.scores, points, strict=True))
    result = HandResult(
        rnd.number,
        kind,
        wins,
        points,
        scores,
        sticks,
        next_dealer,
        explanation,
        tenpai,
        abort,
        rnd.deposits,
        dealer=rnd.dealer,
    )
    return rnd._replace(phase="over", result=result, deposit_due=None)
