"""A hand recorded by the value the table declared, without its tiles (a club's scorer taps it), and
a chombo. The payments follow from the han and fu or the limit by the ruleset, as a table's own
score sheet has them: no tiles, so nothing is priced by the library, and the audit says so."""

from __future__ import annotations

from events.riichi import DeclaredValue, RiichiChombo, RiichiDeclaredWin
from replay.engine.fold import Step, illegal
from replay.games.riichi.options import RiichiOptions
from replay.games.riichi.pricing import Priced, WinHand
from replay.games.riichi.scoring import finish_wins, hand_over, share_counters
from replay.games.riichi.state import RiichiRound, RiichiState, WinRecord

# The basic points of each limit (a mangan's 2,000: a non-dealer's ron takes four times it).
LIMIT_BASIC = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000,
               "double_yakuman": 16000}  # fmt: skip
LIMIT_NAMES = {"double_yakuman": "2x yakuman"}


def limit_of(value: DeclaredValue, rules: RiichiOptions) -> str:
    """The limit a declared value reaches ("" below a mangan)."""
    if value.limit is not None:
        return value.limit
    han, fu = value.han, value.fu or 0
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han == 5 or fu * 2 ** (han + 2) >= 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return "mangan"
    return ""


def basic_points(value: DeclaredValue, rules: RiichiOptions) -> int:
    limit = limit_of(value, rules)
    return LIMIT_BASIC[limit] if limit else (value.fu or 0) * 2 ** (value.han + 2)


def _up(points: int) -> int:
    return -(-points // 100) * 100


def declared_payments(
    value: DeclaredValue, *, tsumo: bool, dealer: int, from_seat: int | None, players: int, honba: int, sticks: int,
    rules: RiichiOptions,
) -> tuple[int, ...]:  # fmt: skip
    """What each seat gains or pays for one declared win, honba and sticks (``sticks`` in points) included."""
    basic, seat = basic_points(value, rules), value.seat
    deltas = [0] * players
    if not tsumo:
        assert from_seat is not None
        deltas[from_seat] -= _up(basic * (6 if seat == dealer else 4)) + (200 if players == 3 else 300) * honba
    else:  # three players: the missing seat's share is not paid (tsumo loss)
        for payer in range(players):
            if payer != seat:
                deltas[payer] -= _up(basic * (2 if dealer in (seat, payer) else 1)) + 100 * honba
    deltas[seat] = -sum(deltas) + sticks
    return tuple(deltas)


def _check_value(
    step: Step, value: DeclaredValue, tsumo: bool, rules: RiichiOptions, names: str, in_riichi: bool
) -> None:
    from replay.games.riichi.yaku import YAKU

    if value.limit is None:
        if value.han < 1:
            raise illegal(step, "riichi.declared.value", f"{names}: give the han (1 to 12) or a limit, e.g. mangan")
        if value.han <= 4 and value.fu is None:
            raise illegal(step, "riichi.declared.fu", f"{names}: {value.han} han needs its fu (20 to 110)")
        fu = value.fu
        if fu == 20 and not tsumo:
            raise illegal(step, "riichi.declared.fu",
                          f"{names}: a ron scores at least 30 fu (25 for seven pairs); 20 fu is a pinfu tsumo")  # fmt: skip
        if fu in (20, 25) and value.han < 2 and value.han <= 4:
            raise illegal(step, "riichi.declared.fu",
                          f"{names}: {fu} fu comes with 2 han at least (pinfu tsumo, seven pairs)")  # fmt: skip
    elif value.han or value.fu:
        raise illegal(step, "riichi.declared.value", f"{names}: give a limit or han and fu, not both")
    if value.limit == "double_yakuman" and not (rules.double_yakuman or rules.yakuman_stacking):
        raise illegal(step, "riichi.declared.double_yakuman",
                      f"under {rules.ruleset} no hand counts double yakuman and yakuman do not add up; "
                      "record it as yakuman")  # fmt: skip
    known = {y.word: y for y in YAKU}
    for said in value.yaku:
        word = said.lower().replace("_", "-").replace(" ", "-")
        found = known.get(word)
        if found is None:
            raise illegal(step, "riichi.declared.yaku_unknown",
                          f"{names}: {said!r} is not a yaku a table declares; use one of: {', '.join(known)}")  # fmt: skip
        if found.only and found.only != ("tsumo" if tsumo else "ron"):
            raise illegal(step, "riichi.declared.yaku", f"{names}: {word} is only made by a {found.only}")
        if found.riichi and not in_riichi:
            raise illegal(step, "riichi.declared.yaku", f"{names}: {word} needs riichi; name {names} among the riichi")


def _between_hands(rnd: RiichiRound, step: Step, seats: list[int]) -> None:
    """A hand recorded by what the table declares: none of its moves recorded, every seat named a seat."""
    if rnd.phase != "deal":
        raise illegal(step, "riichi.result.after_moves",
                      "this hand is being recorded move by move; finish it with its win or draw")  # fmt: skip
    if any(s >= rnd.players for s in seats):
        raise illegal(step, "match.seat.unknown", f"seats are 0 to {rnd.players - 1}")


def on_declared_win(
    state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiDeclaredWin, rules: RiichiOptions
) -> RiichiRound:
    """A win by its declared value: one tsumo, or one to three rons on one discard."""
    n, tsumo = rnd.players, event.kind == "tsumo"
    winners = [w.seat for w in event.wins]
    _between_hands(rnd, step, [*winners, *event.riichi, *([] if event.from_seat is None else [event.from_seat])])
    name = state.match.player_name
    if len(set(winners)) != len(winners) or len(set(event.riichi)) != len(event.riichi):
        raise illegal(step, "riichi.declared.twice", "a player is named twice; name each winner and riichi once")
    if tsumo and (event.from_seat is not None or len(winners) != 1):
        raise illegal(step, "riichi.declared.tsumo", "a tsumo has one winner and no one who dealt in")
    if not tsumo and event.from_seat is None:
        raise illegal(step, "riichi.declared.from_seat", "a ron names the player who dealt in")
    if event.from_seat in winners:
        raise illegal(step, "riichi.declared.from_seat",
                      f"{name(event.from_seat or 0)} cannot ron their own discard: the one who dealt in is another")  # fmt: skip
    if len(winners) == 3 and rules.triple_ron == "abortive":
        raise illegal(step, "riichi.win.triple_ron",
                      f"three rons on one tile abort the hand under {rules.ruleset}: record abort triple_ron")  # fmt: skip
    for seat in event.riichi:
        if rnd.scores[seat] < 1000:
            raise illegal(step, "riichi.declared.riichi",
                          f"{name(seat)} holds {rnd.scores[seat]} points: riichi needs a 1,000-point stick")  # fmt: skip
    for value in event.wins:
        _check_value(step, value, tsumo, rules, name(value.seat), value.seat in event.riichi)
    deposits = tuple(1000 if s in event.riichi else 0 for s in range(n))
    scored = rnd._replace(deposits=deposits, riichi=tuple(s in event.riichi for s in range(n)))
    table_sticks = rnd.sticks + sum(deposits) // 1000
    # Several rons: in turn order from the one who dealt in, as the sticks and honba are shared.
    discarder = event.from_seat if event.from_seat is not None else 0
    ordered = sorted(event.wins, key=lambda w: (w.seat - discarder) % n)
    records: list[WinRecord] = []
    for index, value in enumerate(ordered):
        honba, sticks = (rnd.honba, table_sticks) if index == 0 else (0, 0)
        hand = WinHand(concealed=(), win_tile="", melds=(), tsumo=tsumo, seat=value.seat, dealer=rnd.dealer,
                       from_seat=event.from_seat, players=n, round_wind=rnd.round_wind, dora_indicators=(),
                       honba=honba, sticks=sticks, riichi=value.seat in event.riichi)  # fmt: skip
        records.append(WinRecord(value.seat, event.kind, event.from_seat, hand, _priced(value, hand, rules)))
    shared = share_counters(tuple(records), scored, state, rules, lambda h: _priced(_value_of(event, h), h, rules))
    done = finish_wins(scored._replace(wins=shared))
    assert done.result is not None
    return done._replace(result=done.result._replace(depth="declared"))


def _value_of(event: RiichiDeclaredWin, hand: WinHand) -> DeclaredValue:
    return next(w for w in event.wins if w.seat == hand.seat)


def _priced(value: DeclaredValue, hand: WinHand, rules: RiichiOptions) -> Priced:
    limit = limit_of(value, rules)
    payments = declared_payments(value, tsumo=hand.tsumo, dealer=hand.dealer, from_seat=hand.from_seat,
                                 players=hand.players, honba=hand.honba, sticks=hand.sticks * 1000,
                                 rules=rules)  # fmt: skip
    said = f"{value.han} han {value.fu} fu" if value.limit is None and value.han <= 4 else ""
    said = said or (f"{value.han} han" if value.limit is None else LIMIT_NAMES.get(limit, limit))
    return Priced(rules.ruleset, value.han, value.fu or 0, tuple((y, 0) for y in value.yaku), (),
                  LIMIT_NAMES.get(limit, limit), payments,
                  (f"declared at the table: {said}; no tiles recorded, so not priced from them",))  # fmt: skip


def on_chombo(
    state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiChombo, rules: RiichiOptions
) -> RiichiRound:
    """A chombo: the ruleset's penalty; the riichi sticks put down go back; the hand is played again."""
    n, seat = rnd.players, event.seat
    _between_hands(rnd, step, [seat, *event.riichi])
    points = [0] * n
    penalty: tuple[int, ...] = ()
    if rules.chombo == "finalPenalty":
        penalty = tuple(rules.chombo_points if s == seat else 0 for s in range(n))
        words = f"chombo: seat {seat} loses {rules.chombo_points} from the final result"
    else:  # the payments of a mangan tsumo, the other way round
        for other in range(n):
            if other != seat:
                share = 4000 if rnd.dealer in (seat, other) else 2000
                points[other] += share
                points[seat] -= share
        words = f"chombo: seat {seat} pays a mangan"
    done = hand_over(rnd, "chombo", tuple(points), rnd.sticks, rnd.dealer, words)
    assert done.result is not None
    return done._replace(result=done.result._replace(depth="declared", penalty=penalty))
