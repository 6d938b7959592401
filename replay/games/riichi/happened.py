"""What happened in a riichi match, hand by hand and player by player: named checks read from the
record alone (``taikyoku review``; docs/riichi.md, "What happened", defines each with its source).

A check is a fact of the record a player reviewing a game asks about: the misfortunes
("dealt in with the riichi tile", "the waits lay in the dead wall") and the things done well
("won from five shanten", "folded without a risky tile"). Each is declared once in ``CHECKS``
with what it needs to see: ``record`` (what every player saw: rivers, calls, riichi, the wins
and the scores), ``own hand`` (the player's own concealed tiles) or ``every hand`` (every
concealed hand and draw). A check that needs hidden tiles is not run where the record does not
show them (a public record, a hand dealt unseen), and the review lists it as skipped. No I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from events.riichi import (
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiRoundStarted,
    RiichiUnseenDeal,
    RiichiUnseenDraw,
    RiichiWin,
)
from replay.engine.fold import Step
from replay.engine.game import ordinal
from replay.games.riichi.defense import UNSEEN, unseen_to
from replay.games.riichi.efficiency import counts, index, name, shanten
from replay.games.riichi.final import places
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.pricing import Priced, price
from replay.games.riichi.shape import wait_kinds
from replay.games.riichi.state import RiichiRound, RiichiState, WinRecord

Sees = Literal["record", "own hand", "every hand"]


@dataclass(frozen=True)
class Check:
    """One named check: good for the player or not, what it needs to see, and what it means."""

    name: str
    good: bool
    sees: Sees
    means: str


FIVE_SHANTEN = 5  # a dealt hand this far from tenpai is a bad start (InjusticeJudge's "5 shanten start")
STUCK_DRAWS = 9  # draws at one from tenpai, never reaching it, that make a hand stuck
FOLD_DISCARDS = 3  # discards after a riichi, all of them genbutsu, that make a fold

CHECKS: tuple[Check, ...] = (
    Check("dealt-in-with-riichi-tile", False, "record", "the tile that declared the player's riichi was won on"),
    Check("dealt-in-to-dama", False, "record", "dealt in to a closed hand that had not declared riichi"),
    Check("dealt-in-with-the-last-discard", False, "record", "dealt in with the hand's last discard (houtei)"),
    Check("dealt-in-to-ippatsu", False, "record", "dealt in to a riichi within its first go-round (ippatsu)"),
    Check("dealt-in-while-tenpai", False, "own hand", "dealt in while tenpai"),
    Check("dealt-in-holding-genbutsu", False, "own hand",
          "dealt in to a riichi while holding a tile it could not win on"),
    Check("chased-and-lost", False, "record", "the player's riichi was chased by a later riichi, and the later one won"),
    Check("riichi-lost-to-dama", False, "record",
          "while the player was in riichi, a closed hand without riichi won"),
    Check("head-bumped", False, "own hand",
          "in riichi, not furiten and waiting on the tile another player won on from a discard, the player did not win"),
    Check("good-wait-lost-to-bad-wait", False, "own hand",
          "in riichi on two or more kinds, the player lost the hand to a win on a single kind"),
    Check("started-at-five-shanten", False, "own hand", f"the dealt hand was {FIVE_SHANTEN} or more from tenpai"),
    Check("stuck-at-one-from-tenpai", False, "own hand",
          f"one from tenpai for {STUCK_DRAWS} or more of the player's draws, never tenpai in the hand"),
    Check("winning-tile-drawn-by-another", False, "every hand",
          "while the player was tenpai, another player drew a tile the player waited on and kept it"),
    Check("waits-in-the-dead-wall", False, "every hand",
          "tenpai at an exhaustive draw, with at least half the copies of the waits the player could not see "
          "lying in the dead wall"),
    Check("paid-as-dealer-for-a-big-tsumo", False, "record",
          "as dealer, paid half of a mangan or more won by another's tsumo"),
    Check("placement-lost-to-ura", False, "record",
          "in the match's last hand, another's ura dora cost the player a final place"),
    Check("placement-lost-to-last-hand-tsumo", False, "record",
          "another player's tsumo in the match's last hand dropped the player at least one place"),
    Check("won-from-five-shanten", True, "own hand", f"won a hand dealt {FIVE_SHANTEN} or more from tenpai"),
    Check("won-on-the-last-copy", True, "own hand",
          "won on a wait of which one copy alone was unseen to the player when the wait was made"),
    Check("chased-and-won", True, "record", "declared riichi after another player's riichi, and won the hand"),
    Check("won-with-ippatsu", True, "record", "won within the first go-round after declaring riichi (ippatsu)"),
    Check("won-on-the-last-tile", True, "record", "won on the last tile of the wall or the last discard (haitei, houtei)"),
    Check("dama-mangan", True, "record", "won a mangan or more with a closed hand, without riichi"),
    Check("folded-safely", True, "record",
          f"after another's riichi, discarded {FOLD_DISCARDS} or more tiles, every one a tile it could not win on, "
          "and did not deal in"),
    Check("placement-gained-in-last-hand", True, "record",
          "won the match's last hand and rose at least one final place by it"),
)  # fmt: skip
BY_NAME = {check.name: check for check in CHECKS}


@dataclass
class _Hand:
    """What one hand has shown so far, for the checks read at its end."""

    number: int
    known: set[int] = field(default_factory=set)  # seats whose concealed tiles the record shows
    every_hand: bool = True  # every hand and every draw shown
    shanten: dict[int, int] = field(default_factory=dict)  # each known hand, as it stands
    started: dict[int, int] = field(default_factory=dict)
    waits: dict[int, frozenset[int]] = field(default_factory=dict)  # tenpai hands' waits
    last_copy: dict[int, bool] = field(default_factory=dict)  # the waits had one copy unseen when made
    stuck_draws: Counter[int] = field(default_factory=Counter)
    tenpai_once: set[int] = field(default_factory=set)
    riichi_order: list[int] = field(default_factory=list)
    riichi_tile: dict[int, int] = field(default_factory=dict)  # seat -> seq of its declaration tile
    passed: dict[int, set[int]] = field(default_factory=dict)  # by riichi: kinds discarded since, not won on
    safe_after: dict[tuple[int, int], list[bool]] = field(default_factory=dict)  # (discarder, riichi): genbutsu each
    held_before: dict[int, tuple[str, ...]] = field(default_factory=dict)  # each seat's hand before its last discard
    drawn: dict[int, tuple[int, str, list[int]]] = field(default_factory=dict)  # drawer -> (seq, tile, waiting seats)
    kept_from: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # seat -> (seq, what) of each
    bumped: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, discarder, seq)


class _Said:
    """Where the checks found are written, each with the player's name."""

    def __init__(self, found: list[dict[str, Any]], names: Sequence[str]) -> None:
        self.found, self.names = found, names

    def __call__(self, check: str, seat: int, hand: int, seq: int, detail: str) -> None:
        self.found.append({"check": check, "good": BY_NAME[check].good, "hand": hand, "seq": seq, "seat": seat,
                           "player": self.names[seat], "detail": detail})  # fmt: skip

    def who(self, seat: int) -> str:
        return self.names[seat]


def _furiten_to(rnd: RiichiRound, hand: _Hand, threat: int) -> set[int]:
    return {index(t.tile) for t in rnd.rivers[threat]} | hand.passed.get(threat, set())


def _closed(rnd: RiichiRound, seat: int) -> bool:
    return not any(meld.open for meld in rnd.melds[seat])


def happened(steps: Sequence[Step]) -> tuple[list[dict[str, Any]], list[str], RiichiState]:
    """Every check found in the match, in order; the checks skipped somewhere for want of hidden
    tiles; and the match folded to its end."""
    projection = RiichiProjection()
    state = projection.initial()
    found: list[dict[str, Any]] = []
    skipped: set[str] = set()
    said = _Said(found, state.names)
    hand: _Hand | None = None
    ending: tuple[Step, RiichiRound] | None = None  # the event that settled the hand in play, and the round then
    befores: list[RiichiRound] = []  # the round before each win of the hand in play
    last_wins: list[tuple[WinRecord, RiichiRound]] = []
    last_seq = 0  # the event that ended the last hand

    def hand_over() -> None:  # read once the hand is settled: a double ron is two wins
        nonlocal hand, ending, last_wins, last_seq
        if hand is not None and ending is not None:
            step, rnd = ending
            last_wins, last_seq = list(zip(rnd.wins, befores, strict=False)), step.seq
            _hand_over(step, rnd, hand, last_wins, said, skipped)
        hand, ending = None, None
        befores.clear()

    for step in steps:
        payload, before = step.payload, state.round
        if isinstance(payload, RiichiRoundStarted):
            hand_over()
            said = _Said(found, state.names)
        if before is not None and hand is not None:
            _before_step(step, payload, before, hand, said)
            if isinstance(payload, RiichiWin):
                befores.append(before)
        state = projection.apply(state, step)
        rnd = state.round
        if rnd is None:
            continue
        if isinstance(payload, (RiichiDeal, RiichiUnseenDeal)):
            hand = _dealt(rnd)
        if hand is None:
            continue
        if isinstance(payload, RiichiDiscard):
            _after_discard(rnd, payload.seat, hand)
        if isinstance(payload, RiichiDeclared):
            hand.riichi_order.append(payload.seat)
        if rnd.result is not None and (before is None or rnd.result is not before.result):
            ending = (step, rnd)
    hand_over()
    _last_hand(state, last_wins, last_seq, said)
    return found, sorted(skipped, key=list(BY_NAME).index), state


def _dealt(rnd: RiichiRound) -> _Hand:
    hand = _Hand(number=rnd.number)
    for seat in range(rnd.players):
        tiles = rnd.hands[seat]
        if UNSEEN in tiles:
            hand.every_hand = False
            continue
        hand.known.add(seat)
        hand.shanten[seat] = hand.started[seat] = shanten(counts(tiles))
        if hand.shanten[seat] == 0:  # dealt tenpai: its waits are made now
            _after_discard(rnd, seat, hand)
    return hand


def _before_step(step: Step, payload: Any, rnd: RiichiRound, hand: _Hand, said: _Said) -> None:
    """What a draw, a discard or a win says, read against the state before it."""
    if isinstance(payload, RiichiUnseenDraw):
        hand.every_hand = False
    if isinstance(payload, RiichiDraw):
        seat = payload.seat
        if hand.shanten.get(seat) == 1 and seat not in hand.tenpai_once:
            hand.stuck_draws[seat] += 1
        waiting = [s for s, kinds in hand.waits.items() if s != seat and index(payload.tile) in kinds]
        if waiting:
            hand.drawn[seat] = (step.seq, payload.tile, waiting)
    if isinstance(payload, RiichiDiscard):
        seat = payload.seat
        hand.held_before[seat] = rnd.hands[seat]
        kept = hand.drawn.pop(seat, None)
        if kept is not None and index(kept[1]) != index(payload.tile):
            _drawn_by_another(kept, seat, hand, said)
        if rnd.declaring == seat:
            hand.riichi_tile[seat] = step.seq
        for threat in range(rnd.players):
            if threat != seat and rnd.riichi[threat]:
                safe = index(payload.tile) in _furiten_to(rnd, hand, threat)
                hand.safe_after.setdefault((seat, threat), []).append(safe)
                hand.passed.setdefault(threat, set()).add(index(payload.tile))
    if isinstance(payload, RiichiWin) and payload.kind == "ron" and payload.from_seat is not None:
        for seat in sorted(rnd.could_ron):
            bumped = (seat, payload.from_seat, step.seq)
            # Furiten by its own river: any of its waits discarded by itself.
            own_river = {index(t.tile) for t in rnd.rivers[seat]}
            if (rnd.riichi[seat] and seat not in rnd.furiten | rnd.riichi_furiten and seat != payload.seat
                    and not own_river & wait_kinds(rnd.hands[seat]) and bumped not in hand.bumped):  # fmt: skip
                hand.bumped.append(bumped)


def _drawn_by_another(kept: tuple[int, str, list[int]], drawer: int, hand: _Hand, said: _Said) -> None:
    seq, tile, waiting = kept
    for seat in waiting:
        hand.kept_from.setdefault(seat, []).append((seq, f"{said.who(drawer)} drew {tile} and kept it"))


def _after_discard(rnd: RiichiRound, seat: int, hand: _Hand) -> None:
    """The hand of ``seat`` as it now stands (after its discard, or as dealt): how far from tenpai,
    and its waits, with whether one copy alone of them was unseen to it when they were made."""
    if seat not in hand.known:
        return
    tiles = rnd.hands[seat]
    hand.shanten[seat] = shanten(counts(tiles), len(rnd.melds[seat]))
    if hand.shanten[seat] != 0:
        hand.waits.pop(seat, None)
        return
    hand.tenpai_once.add(seat)
    waits = wait_kinds(tiles)
    if waits != hand.waits.get(seat):
        unseen = unseen_to(rnd, seat)
        hand.last_copy[seat] = sum(unseen[k] for k in waits) == 1
    hand.waits[seat] = waits


def _hand_over(
    step: Step, rnd: RiichiRound, hand: _Hand, wins: list[tuple[WinRecord, RiichiRound]], said: _Said, skipped: set[str]
) -> None:
    number, seq = hand.number, step.seq
    result = rnd.result
    assert result is not None
    winners = {win.seat for win, _ in wins}
    for check in CHECKS:
        if check.sees == "every hand" and not hand.every_hand:
            skipped.add(check.name)
        if check.sees == "own hand" and len(hand.known) < rnd.players:
            skipped.add(check.name)
    for seat, start in hand.started.items():
        if start >= FIVE_SHANTEN:
            said("started-at-five-shanten", seat, number, seq, f"dealt {start} from tenpai")
        if seat not in hand.tenpai_once and hand.stuck_draws[seat] >= STUCK_DRAWS:
            said("stuck-at-one-from-tenpai", seat, number, seq, f"{hand.stuck_draws[seat]} draws one from tenpai")
    if hand.every_hand:
        for drawer, kept in sorted(hand.drawn.items()):  # drawn and won on, or the hand ended on it
            _drawn_by_another(kept, drawer, hand, said)
        for seat, kept_from in sorted(hand.kept_from.items()):  # once a hand: how often, and by whom
            said("winning-tile-drawn-by-another", seat, number, kept_from[0][0], "; ".join(w for _, w in kept_from))
    for win, before in wins:
        _win_checks(win, before, hand, said, seq, winners)
    for seat, discarder, bump_seq in hand.bumped:
        if seat not in winners:
            said("head-bumped", seat, number, bump_seq, f"waited on {said.who(discarder)}'s discard too")
    dealt_in = {win.from_seat for win, _ in wins if win.kind == "ron"}
    for (seat, threat), safe in sorted(hand.safe_after.items()):
        if (len(safe) >= FOLD_DISCARDS and all(safe) and seat not in dealt_in and seat not in winners
                and seat not in hand.riichi_order):  # fmt: skip
            said(
                "folded-safely",
                seat,
                number,
                seq,
                f"{len(safe)} discards after {said.who(threat)}'s riichi, all genbutsu",
            )
    if result.kind == "exhaustive" and hand.every_hand:
        anywhere = unseen_to(rnd, None)
        for seat in result.tenpai:
            waits = hand.waits.get(seat, frozenset())
            dead = sum(anywhere[k] for k in waits)
            mine = sum(unseen_to(rnd, seat)[k] for k in waits)
            if dead and 2 * dead >= mine:
                said("waits-in-the-dead-wall", seat, number, seq,
                     f"{dead} of {mine} copies of {' '.join(name(k) for k in sorted(waits))} in the dead wall")  # fmt: skip


def _win_checks(win: WinRecord, before: RiichiRound, hand: _Hand, said: _Said, seq: int, winners: set[int]) -> None:
    number, winner = hand.number, win.seat
    record = win.hand
    if win.kind == "ron" and win.from_seat is not None and before.kakan is None:  # not a robbed kan
        giver = win.from_seat
        if hand.riichi_tile.get(giver) is not None and before.rivers[giver] and before.rivers[giver][-1].riichi:
            said("dealt-in-with-riichi-tile", giver, number, seq, f"to {said.who(winner)}")
        if _closed(before, winner) and not before.riichi[winner]:
            said("dealt-in-to-dama", giver, number, seq, f"to {said.who(winner)}")
        if record.houtei:
            said("dealt-in-with-the-last-discard", giver, number, seq, f"to {said.who(winner)}")
        if record.ippatsu:
            said("dealt-in-to-ippatsu", giver, number, seq, f"to {said.who(winner)}")
        if hand.shanten.get(giver) == 0:
            said("dealt-in-while-tenpai", giver, number, seq, f"to {said.who(winner)}")
        held = hand.held_before.get(giver)
        if before.riichi[winner] and held is not None and UNSEEN not in held:
            rest = list(held)
            rest.remove(before.last_discard[1] if before.last_discard else rest[0])
            safe = sorted(
                {t for t in rest if index(t) in _furiten_to(before, hand, winner)}, key=lambda t: (index(t), t)
            )
            if safe:
                said("dealt-in-holding-genbutsu", giver, number, seq, f"held {' '.join(safe)}")
    later = hand.riichi_order.index(winner) if winner in hand.riichi_order else None
    for seat in hand.riichi_order:
        if seat in winners:  # a riichi that won too (a double ron) lost nothing to this win
            continue
        if later is not None and hand.riichi_order.index(seat) < later:
            said("chased-and-lost", seat, number, seq, f"to {said.who(winner)}'s later riichi")
        if _closed(before, winner) and not before.riichi[winner]:
            said("riichi-lost-to-dama", seat, number, seq, f"to {said.who(winner)}")
        waits = hand.waits.get(seat, frozenset())
        theirs = _win_waits(record.concealed, record.win_tile)
        if len(waits) >= 2 and len(theirs) == 1:
            said("good-wait-lost-to-bad-wait", seat, number, seq,
                 f"{' '.join(name(k) for k in sorted(waits))} against {name(next(iter(theirs)))}")  # fmt: skip
    if later is not None and later > 0:
        said("chased-and-won", winner, number, seq, f"after {said.who(hand.riichi_order[0])}'s riichi")
    if record.ippatsu:
        said("won-with-ippatsu", winner, number, seq, f"by {win.kind} within the riichi's first go-round")
    if record.haitei or record.houtei:
        said("won-on-the-last-tile", winner, number, seq, "haitei" if record.haitei else "houtei")
    priced = win.priced
    if isinstance(priced, Priced) and priced.limit and _closed(before, winner) and not before.riichi[winner]:
        said("dama-mangan", winner, number, seq, priced.limit)
    if win.kind == "tsumo" and winner != before.dealer and isinstance(priced, Priced) and priced.limit:
        said("paid-as-dealer-for-a-big-tsumo", before.dealer, number, seq, f"{priced.limit} to {said.who(winner)}")
    if hand.started.get(winner, 0) >= FIVE_SHANTEN:
        said("won-from-five-shanten", winner, number, seq, f"dealt {hand.started[winner]} from tenpai")
    if hand.last_copy.get(winner):
        said("won-on-the-last-copy", winner, number, seq, f"on {record.win_tile}")


def _win_waits(concealed: Sequence[str], win_tile: str) -> frozenset[int]:
    """The kinds the winner waited on: the winning hand less its winning tile."""
    rest = list(concealed)
    if win_tile in rest:
        rest.remove(win_tile)
    return wait_kinds(tuple(rest))


def _last_hand(state: RiichiState, wins: list[tuple[WinRecord, RiichiRound]], seq: int, said: _Said) -> None:
    """The placement checks, read when the match is over by its rules and its last hand was won."""
    from replay.games.riichi.review import finished

    started, options = state.match.started, state.options
    if not wins or started is None or options is None or not finished(state):
        return
    last = state.results[-1]
    first = started.first_dealer
    before = wins[0][1]
    places_before, places_after = places(options, before.scores, first), places(options, last.scores, first)
    for win, _ in wins:
        if win.kind == "tsumo":
            for seat in range(len(last.scores)):
                if seat != win.seat and places_after[seat] > places_before[seat]:
                    said("placement-lost-to-last-hand-tsumo", seat, last.number, seq,
                         f"{ordinal(places_before[seat])} to {ordinal(places_after[seat])}")  # fmt: skip
        if places_after[win.seat] < places_before[win.seat]:
            said("placement-gained-in-last-hand", win.seat, last.number, seq,
                 f"{ordinal(places_before[win.seat])} to {ordinal(places_after[win.seat])}")  # fmt: skip
        priced = win.priced
        if not win.hand.ura_indicators or not isinstance(priced, Priced):
            continue
        plain = price(win.hand._replace(ura_indicators=()), options)
        if not isinstance(plain, Priced) or plain.payments == priced.payments:
            continue
        without = [s - p + q for s, p, q in zip(last.scores, priced.payments, plain.payments, strict=True)]
        places_without = places(options, without, first)
        for seat in range(len(last.scores)):
            if seat != win.seat and places_after[seat] > places_without[seat]:
                said("placement-lost-to-ura", seat, last.number, seq,
                     f"{ordinal(places_without[seat])} without {said.who(win.seat)}'s ura, {ordinal(places_after[seat])} with it")  # fmt: skip


__all__ = ["BY_NAME", "CHECKS", "Check", "happened"]
