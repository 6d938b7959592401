"""Random legal MCR hands from a seed, played by a simple player: it declares mahjong whenever the
fold takes it, claims a pung or a chow that brings its hand nearer ready, and discards the tile
that leaves it nearest ready (the calculator's shanten), keeping to one suit and honours where it
can (the fans a win needs). Every event goes through the fold first, so the match is legal by
construction; the wall is a shuffled 144, drawn from the front and replaced from the back."""

from __future__ import annotations

import random
from collections.abc import Iterator

from events.match import MatchEnded, MatchStarted, RoundStarted
from events.mcr import FLOWERS, PLAYING, McrDeal, McrDiscard, McrDraw, McrDrawnHand, McrFlower, McrMeld
from events.model import Payload
from replay.engine.simulate import Driver
from replay.games.mcr import pricing
from replay.games.mcr.fold import McrProjection
from replay.games.mcr.legal import claims, needs_draw, own_moves, wins
from replay.games.mcr.state import SEATS, McrRound


def _sets(rnd: McrRound, seat: int) -> tuple[pricing.OpenSet, ...]:
    return tuple(pricing.OpenSet(m.kind, m.tiles) for m in rnd.melds[seat])


def _distance(rnd: McrRound, seat: int, hand: tuple[str, ...], suit: str) -> tuple[int, int]:
    """How far a 13-tile hand is from ready, then how many of its tiles stray from ``suit`` and honours."""
    stray = sum(1 for t in hand if t[1] not in (suit, "z"))
    return pricing.shanten(hand, _sets(rnd, seat)), stray


def _suit(rnd: McrRound, seat: int) -> str:
    """The suit the seat holds most of: the one it keeps to."""
    held = [t[1] for t in rnd.hands[seat] if t[1] in "mps"] + [t[1] for m in rnd.melds[seat] for t in m.tiles]
    return max("mps", key=lambda s: (held.count(s), s))


def _discard(rnd: McrRound, moves: list[Payload], rng: random.Random) -> Payload:
    seat = rnd.to_move
    suit = _suit(rnd, seat)
    hand = rnd.hands[seat]
    scored = []
    for move in moves:
        if isinstance(move, McrDiscard):
            left = list(hand)
            left.remove(move.tile)
            scored.append((_distance(rnd, seat, tuple(left), suit), rng.random(), move))
    return min(scored, key=lambda s: (s[0], s[1]))[2]


def _claim_helps(rnd: McrRound, meld: McrMeld) -> bool:
    """Whether the claim leaves the claimer nearer ready than it is now (after its discard)."""
    seat, tile = meld.seat, rnd.last_discard[1] if rnd.last_discard else ""
    suit = _suit(rnd, seat)
    if meld.tiles[0][1] not in (suit, "z"):
        return False
    rest = list(rnd.hands[seat])
    used: list[str] = list(meld.tiles)
    used.remove(tile)
    for t in used:
        rest.remove(t)
    now = pricing.shanten(rnd.hands[seat], _sets(rnd, seat))
    sets = (*_sets(rnd, seat), pricing.OpenSet(meld.kind, meld.tiles))
    after = min(pricing.shanten(tuple(rest[:i] + rest[i + 1 :]), sets) for i in range(len(rest)))
    return after < now


def payloads(started: MatchStarted, seed: int, hands: int) -> Iterator[Payload]:
    """match_started, then ``hands`` hands (16 make a match), then match_ended when all were played."""
    rng = random.Random(seed)
    driver = Driver(McrProjection())
    yield driver.step(started)
    for number in range(1, hands + 1):
        yield driver.step(RoundStarted(round=number, dealer=driver.state.next_dealer))
        yield from _hand(driver, rng)
    if driver.state.complete:
        yield driver.step(MatchEnded(reason="completed"))


def _hand(driver: Driver, rng: random.Random) -> Iterator[Payload]:
    wall = [tile for tile in PLAYING for _ in range(4)] + list(FLOWERS)
    rng.shuffle(wall)
    dealer = driver.state.round.dealer
    sizes = [14 if seat == dealer else 13 for seat in range(SEATS)]
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(wall[at : at + size]))
        at += size
    wall = wall[at:]
    yield driver.step(McrDeal(hands=tuple(hands)))
    while not driver.state.round.over:
        state = driver.state
        rnd: McrRound = state.round
        won = wins(state)
        if won:
            yield driver.step(won[0])
            continue
        drawer = needs_draw(rnd)
        if rnd.step == "draw" or rnd.owes is not None:
            taken = [c for c in claims(state) if isinstance(c, McrMeld) and c.kind != "kong"]
            helpful = [c for c in taken if _claim_helps(rnd, c)]
            pung = [c for c in helpful if c.kind == "pung"]
            chosen = (pung or helpful)[:1]
            if chosen and rnd.owes is None and rng.random() < 0.7:
                yield driver.step(chosen[0])
                continue
            if drawer is None:
                yield driver.step(McrDrawnHand())
                continue
            replacement = rnd.owes is not None
            tile = wall.pop() if replacement else wall.pop(0)
            yield driver.step(McrDraw(seat=drawer, tile=tile, replacement=replacement))
            continue
        moves = own_moves(state)
        flowers = [m for m in moves if isinstance(m, McrFlower)]
        kongs = [m for m in moves if isinstance(m, McrMeld)]
        if flowers:
            yield driver.step(flowers[0])
        elif kongs and rng.random() < 0.5:
            yield driver.step(kongs[0])
        else:
            yield driver.step(_discard(rnd, moves, rng))
