"""Random legal riichi hands from a seed.

Each choice is tried on the fold first (it is pure, so a refused try costs nothing), so only
legal events are produced: tsumo and ron when the hand wins with a yaku, riichi when tenpai,
pon and closed kans now and then, and an exhaustive draw when the wall runs out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from mahjong.shanten import Shanten

from events.match import MatchEnded, MatchStarted
from events.model import Payload
from events.riichi import (
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiWin,
)
from events.tiles import full_set, plain, to_34
from replay.engine.fold import IllegalEvent, Step
from replay.engine.simulate import Driver
from replay.games.riichi.flow import match_over, next_hand
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.shape import is_tenpai


def payloads(started: MatchStarted, seed: int, hands: int) -> Iterator[Payload]:
    """The payloads of up to ``hands`` random riichi hands, match_started first: fewer when the match
    ends sooner (a player busts, or the last hand is played)."""
    rng = random.Random(seed)
    projection = RiichiProjection()
    driver = Driver(projection)
    yield driver.step(started)
    rules = driver.state.options
    n = len(started.players)

    def works(*events: Payload) -> bool:
        state = driver.state
        try:
            for event in events:
                state = projection.apply(state, Step(driver.seq + 1, event.EVENT_TYPE, event))
        except IllegalEvent:
            return False
        return True

    for _ in range(hands):
        if driver.state.results and match_over(driver.state):
            yield driver.step(MatchEnded(reason="completed"))  # the match ended before the hands ran out
            return
        yield driver.step(
            next_hand(driver.state, wind=None, hand=None, honba=None, sticks=None, scores=None, dealer=None)
        )
        wall = [t for t, count in sorted(full_set(rules.red_fives, three_player=n == 3).items()) for _ in range(count)]
        rng.shuffle(wall)
        dead, wall = wall[:14], wall[14:]
        dealt = tuple(tuple(wall[i * 13 : (i + 1) * 13]) for i in range(n))
        wall = wall[13 * n :]
        yield driver.step(RiichiDeal(hands=dealt, dora_indicator=dead[0]))
        kan_dora = iter(dead[1:5])
        rinshan = iter(dead[5:9])
        while not driver.state.round.over:
            rnd = driver.state.round
            seat = rnd.to_move
            if rnd.phase in ("draw", "after_discard") and rnd.live_left == 0 and rnd.phase == "after_discard":
                tenpai = tuple(s for s in range(n) if is_tenpai(rnd.hands[s]))
                yield driver.step(ExhaustiveDraw(tenpai=tenpai))
                break
            if rnd.phase == "after_discard":
                discarder, tile = rnd.last_discard
                rons = [
                    s for s in range(n) if s != discarder and works(RiichiWin(kind="ron", seat=s, from_seat=discarder))
                ]
                if rons and rng.random() < 0.8:
                    for s in sorted(rons, key=lambda s: (s - discarder) % n):
                        if works(RiichiWin(kind="ron", seat=s, from_seat=discarder)):
                            yield driver.step(RiichiWin(kind="ron", seat=s, from_seat=discarder))
                    break
                pons = [
                    RiichiCall(kind="pon", seat=s, tiles=(tile, *[t for t in rnd.hands[s] if plain(t) == plain(tile)][:2]),
                               called=tile, from_seat=discarder)
                    for s in range(n) if s != discarder and sum(plain(t) == plain(tile) for t in rnd.hands[s]) >= 2
                ]  # fmt: skip
                pons = [p for p in pons if works(p)]
                if pons and rng.random() < 0.15:
                    yield driver.step(pons[0])
                    continue
                yield driver.step(RiichiDraw(seat=(discarder + 1) % n, tile=wall.pop(0)))
                continue
            if rnd.phase == "draw":
                yield driver.step(RiichiDraw(seat=seat, tile=wall.pop(0)))
                continue
            if rnd.phase == "rinshan":
                yield driver.step(RiichiDraw(seat=seat, tile=next(rinshan), rinshan=True))
                continue
            # discard phase: win, kan, riichi, or a discard
            if rnd.last_drawn is not None and works(RiichiWin(kind="tsumo", seat=seat)) and rng.random() < 0.9:
                yield driver.step(RiichiWin(kind="tsumo", seat=seat))
                break
            hand = rnd.hands[seat]
            fours = [k for k in {plain(t) for t in hand} if sum(plain(t) == k for t in hand) == 4]
            if fours and rng.random() < 0.5:
                kan = RiichiCall(kind="ankan", seat=seat, tiles=tuple(t for t in hand if plain(t) == fours[0]))
                if works(kan):
                    yield driver.step(kan)
                    yield driver.step(DoraRevealed(indicator=next(kan_dora)))
                    continue
            choices = _toward_tenpai(hand, rng)
            if rnd.riichi[seat]:
                choices = [rnd.last_drawn] if rnd.last_drawn else choices[:1]
            declared = False
            if not rnd.riichi[seat] and works(RiichiDeclared(seat=seat)) and rng.random() < 0.7:
                keeping = [t for t in choices if works(RiichiDeclared(seat=seat), RiichiDiscard(seat=seat, tile=t))]
                if keeping:
                    yield driver.step(RiichiDeclared(seat=seat))
                    choices, declared = keeping, True
            tile = choices[0]
            yield driver.step(RiichiDiscard(seat=seat, tile=tile, tsumogiri=tile == rnd.last_drawn))
            del declared
    ended = "completed" if match_over(driver.state) else "abandoned"  # abandoned: stopped after ``hands`` hands
    yield driver.step(MatchEnded(reason=ended))


def _toward_tenpai(hand: Sequence[str], rng: random.Random) -> list[str]:
    """The hand's tiles, best discards first: those that leave the fewest tiles to tenpai."""
    calculator = Shanten()
    scored = []
    for index, tile in enumerate(hand):
        rest = [t for i, t in enumerate(hand) if i != index]
        scored.append((calculator.calculate_shanten(to_34(rest)), rng.random(), tile))
    return [tile for _, _, tile in sorted(scored)]
