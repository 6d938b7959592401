"""The events MCR's fold accepts next in a hand, as the fold itself decides: each candidate is
tried on it (the fold is pure, so a refused try costs nothing). A draw is offered for each tile
the wall may still hold: the table says which it was. Used by table mode's choices, a phone's
offers and the simulation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from events.mcr import FLOWERS, PLAYING, McrDiscard, McrDraw, McrDrawnHand, McrFlower, McrMeld, McrWin
from events.model import Payload
from replay.engine.fold import IllegalEvent, Step
from replay.games.mcr.fold import McrProjection
from replay.games.mcr.state import SEATS, McrRound, McrState

_FOLD = McrProjection()


def accepted(state: McrState, payload: Payload) -> bool:
    """Whether the fold takes ``payload`` next."""
    try:
        _FOLD.apply(state, Step(1, payload.EVENT_TYPE, payload))
    except IllegalEvent:
        return False
    return True


def wins(state: McrState) -> list[Payload]:
    """Every mahjong the fold would take now: self-drawn, on the discard, or robbing a kong."""
    rnd = state.round
    if rnd is None or rnd.phase != "play":
        return []
    found: list[Payload] = []
    if rnd.robbable is not None:
        giver = rnd.robbable[0]
        found = [McrWin(seat=seat, from_seat=giver) for seat in _in_turn_after(rnd, giver)]
    elif rnd.step == "draw" and rnd.last_discard is not None:
        giver = rnd.last_discard[0]
        found = [McrWin(seat=seat, from_seat=giver) for seat in _in_turn_after(rnd, giver)]
    elif rnd.step == "discard" and rnd.owes is None:
        found = [McrWin(seat=rnd.to_move)]
    return [w for w in found if accepted(state, w)]


def claims(state: McrState) -> list[Payload]:
    """The pungs and kongs the last discard could make, then the chows: the order the rules rank
    the claims in (mahjong, which ``wins`` gives, before them all)."""
    rnd = state.round
    if rnd is None or rnd.phase != "play" or rnd.step != "draw" or rnd.last_discard is None:
        return []
    giver, tile = rnd.last_discard
    found: list[Payload] = []  # a pung or kong comes before a chow, as the rules rank the claims
    for seat in _in_turn_after(rnd, giver):
        held = rnd.hands[seat].count(tile)
        if held >= 2:
            found.append(McrMeld(kind="pung", seat=seat, tiles=(tile,) * 3))
        if held >= 3:
            found.append(McrMeld(kind="kong", seat=seat, tiles=(tile,) * 4))
    if tile[1] != "z":  # only the next seat chows
        for start in range(max(1, int(tile[0]) - 2), min(7, int(tile[0])) + 1):
            chow = tuple(f"{start + i}{tile[1]}" for i in range(3))
            found.append(McrMeld(kind="chow", seat=rnd.after(giver), tiles=chow))
    return [c for c in found if accepted(state, c)]


def _in_turn_after(rnd: McrRound, giver: int) -> list[int]:
    """The other seats in turn order from ``giver``: the first takes a discard two would win on."""
    at = rnd.order.index(giver)
    return [rnd.order[(at + k) % SEATS] for k in range(1, SEATS)]


def own_moves(state: McrState) -> list[Payload]:
    """What the seat to move may do with its hand: discard, set a flower aside, declare a kong."""
    rnd = state.round
    if rnd is None or rnd.phase != "play" or rnd.owes is not None or rnd.step != "discard":
        return []
    seats: Iterable[int] = range(SEATS) if rnd.opening else (rnd.to_move,)
    found: list[Payload] = [McrFlower(seat=s, flower=t) for s in seats for t in rnd.hands[s] if t in FLOWERS]
    hand = rnd.hands[rnd.to_move]
    for tile in sorted(set(hand)):
        if hand.count(tile) == 4:
            found.append(McrMeld(kind="concealed_kong", seat=rnd.to_move, tiles=(tile,) * 4))
        if any(m.kind == "pung" and m.tiles[0] == tile for m in rnd.melds[rnd.to_move]):
            found.append(McrMeld(kind="added_kong", seat=rnd.to_move, tiles=(tile,) * 4))
    found += [McrDiscard(seat=rnd.to_move, tile=tile) for tile in sorted(set(hand)) if tile not in FLOWERS]
    return [m for m in found if accepted(state, m)]


def draws(state: McrState) -> list[Payload]:
    """A draw of each tile the wall may still hold (a replacement where one is owed), or the drawn
    hand where the wall is empty and the last discard finds no taker."""
    rnd = state.round
    if rnd is None or rnd.phase != "play":
        return []
    seat = needs_draw(rnd)
    if seat is None:
        return [McrDrawnHand()] if rnd.step == "draw" and rnd.owes is None and rnd.wall == 0 else []
    out: Counter[str] = Counter()
    for place in (rnd.hands, rnd.flowers, rnd.rivers):
        for tiles in place:
            out.update(tiles)
    for melds in rnd.melds:
        for meld in melds:
            out.update(meld.tiles)
    left = [t for t in PLAYING if out[t] < 4] + [f for f in FLOWERS if not out[f]]
    return [McrDraw(seat=seat, tile=t, replacement=rnd.owes is not None) for t in left]


def legal_moves(state: McrState) -> list[Payload]:
    """Mahjong first, then the claims, the draws, then the seat to move's own moves."""
    return [*wins(state), *claims(state), *draws(state), *own_moves(state)]


def needs_draw(rnd: McrRound) -> int | None:
    """The seat that draws next (a replacement where one is owed), or None where nobody draws."""
    if rnd.phase != "play":
        return None
    if rnd.owes is not None:
        return rnd.owes
    return rnd.to_move if rnd.step == "draw" and rnd.wall > 0 else None
