"""Random legal matches, reproducible from a seed: for demos, tests and benchmarks.

Every event is produced by asking the game's own fold what may come next, and applied
through it, so a simulated match is legal by construction (and the store checks it again).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from events.cards import DECK, TENSHO_DECK
from events.envelope import PendingEvent, now_timestamp
from events.match import MatchEnded, RoundStarted
from events.model import Payload
from events.sendai import KoiKoi, SendaiDeal, SendaiDraw, Stop, TeyakuExposed
from events.tensho import DealerTripleCapture, TenshoDeal, TenshoDraw
from replay.app.service import build_match_started
from replay.engine.fold import Projection, Step

RECORDER = "simulator"
DEFAULT_PLAYERS = {"tensho": ("East", "West"), "sendai": ("Dealer", "Right", "Left")}


class _Driver:
    """Applies each generated payload through the fold, so the next choice sees the real state."""

    def __init__(self, projection: Projection[Any]) -> None:
        self.projection = projection
        self.state: Any = projection.initial()
        self.seq = 0
        self.pile: list[str] = []  # the real order of the draw pile, known or not to the record

    def step(self, payload: Payload) -> Payload:
        self.seq += 1
        self.state = self.projection.apply(self.state, Step(self.seq, payload.EVENT_TYPE, payload))
        return payload


def _match(
    game: str,
    seed: int,
    rounds: int,
    players: Sequence[str],
    options: Sequence[str],
    deal: Callable[[random.Random, _Driver], Payload],
    choose: Callable[[random.Random, _Driver, list[Payload]], Payload],
    legal: Callable[[Any], list[Payload]],
) -> Iterator[Payload]:
    from replay.games import projection_for

    rng = random.Random(seed)
    driver = _Driver(projection_for(game))  # type: ignore[arg-type]
    yield driver.step(build_match_started(game, players, options=options, length=rounds))
    while True:
        state = driver.state
        rnd = state.round
        if rnd is None or rnd.over:
            if len(state.results) >= rounds:
                yield driver.step(MatchEnded(reason="completed"))
                return
            yield driver.step(RoundStarted(round=len(state.results) + 1, dealer=state.next_dealer))
        elif rnd.phase == "deal":
            yield driver.step(deal(rng, driver))
        else:
            yield driver.step(choose(rng, driver, legal(state)))


def _shuffled(rng: random.Random, deck: Sequence[Any]) -> list[str]:
    cards = [c.id for c in deck]
    rng.shuffle(cards)
    return cards


def tensho_payloads(
    seed: int, rounds: int, *, players: Sequence[str] = DEFAULT_PLAYERS["tensho"], options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Tensho match, in order."""
    from replay.games.tensho.fold import legal_moves

    def deal(rng: random.Random, driver: _Driver) -> Payload:
        dealer = driver.state.round.dealer
        cards = _shuffled(rng, TENSHO_DECK)
        field, hands, driver.pile, dead = cards[:9], (cards[9:15], cards[15:21]), cards[21:39], cards[39:]
        known = rng.random() >= 0.25  # a quarter of the deals record no pile order
        return TenshoDeal(
            field=tuple(field),
            hands=(tuple(hands[dealer]), tuple(hands[1 - dealer])),
            draw_pile=tuple(driver.pile) if known else None,
            dead=tuple(dead) if known else None,
        )

    def choose(rng: random.Random, driver: _Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":  # the real next card, whether or not the record knows the order
            return TenshoDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        triples = [m for m in moves if isinstance(m, DealerTripleCapture)]
        if triples and rng.random() < 0.7:
            return rng.choice(triples)
        return rng.choice([m for m in moves if not isinstance(m, DealerTripleCapture)])

    return _match("tensho", seed, rounds, players, options, deal, choose, legal_moves)


def sendai_payloads(
    seed: int, rounds: int, *, players: Sequence[str] = DEFAULT_PLAYERS["sendai"], options: Sequence[str] = ()
) -> Iterator[Payload]:
    """The payloads of a whole random Sendai-hana match, in order."""
    from replay.games.sendai.fold import legal_moves

    def deal(rng: random.Random, driver: _Driver) -> Payload:
        cards = _shuffled(rng, DECK)
        hands, field, driver.pile = (cards[0:7], cards[7:14], cards[14:21]), cards[21:27], cards[27:]
        known = rng.random() >= 0.25
        return SendaiDeal(
            hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2])),
            field=tuple(field),
            draw_pile=tuple(driver.pile) if known else None,
        )

    def choose(rng: random.Random, driver: _Driver, moves: list[Payload]) -> Payload:
        rnd = driver.state.round
        if rnd.phase == "draw":
            return SendaiDraw(card=driver.pile.pop(0), seat=rnd.to_move)
        if rnd.phase == "decide":
            return Stop(seat=rnd.to_move) if rng.random() < 0.55 else KoiKoi(seat=rnd.to_move)
        exposures = [m for m in moves if isinstance(m, TeyakuExposed)]
        if exposures and rng.random() < 0.8:
            return exposures[0]  # the best teyaku of the first seat holding one
        return rng.choice([m for m in moves if not isinstance(m, TeyakuExposed)])

    return _match("sendai", seed, rounds, players, options, deal, choose, legal_moves)


PAYLOADS: dict[str, Callable[..., Iterator[Payload]]] = {"tensho": tensho_payloads, "sendai": sendai_payloads}


def simulated_events(
    game: str,
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] | None = None,
    options: Sequence[str] = (),
) -> list[PendingEvent]:
    """A simulated match as events ready to append: ids from the seed and match id, so reproducible."""
    ids = random.Random(f"{seed}:{match_id}")
    stamp = now_timestamp()
    payloads = PAYLOADS[game](seed, rounds, players=players or DEFAULT_PLAYERS[game], options=options)
    return [PendingEvent(p, str(uuid.UUID(int=ids.getrandbits(128), version=4)), stamp, RECORDER) for p in payloads]


def tensho_events(
    seed: int,
    rounds: int,
    *,
    match_id: str,
    players: Sequence[str] = DEFAULT_PLAYERS["tensho"],
    options: Sequence[str] = (),
) -> list[PendingEvent]:
    return simulated_events("tensho", seed, rounds, match_id=match_id, players=players, options=options)


def _toward_tenpai(hand: Sequence[str], rng: random.Random) -> list[str]:
    """The hand's tiles, best discards first: those that leave the fewest tiles to tenpai."""
    from mahjong.shanten import Shanten

    from events.tiles import to_34

    calculator = Shanten()
    scored = []
    for index, tile in enumerate(hand):
        rest = [t for i, t in enumerate(hand) if i != index]
        scored.append((calculator.calculate_shanten(to_34(rest)), rng.random(), tile))
    return [tile for _, _, tile in sorted(scored)]


def riichi_payloads(
    seed: int,
    hands: int,
    *,
    players: Sequence[str] = ("Ton", "Nan", "Sha", "Pei"),
    ruleset_id: str = "tenhou",
    options: Sequence[str] = (),
) -> Iterator[Payload]:
    """The payloads of ``hands`` random riichi hands, in order.

    Each choice is tried on the fold first (it is pure, so a refused try costs nothing), so
    only legal events are produced: tsumo and ron when the hand wins with a yaku, riichi when
    tenpai, pon and closed kans now and then, and an exhaustive draw when the wall runs out.
    """
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
    from events.tiles import full_set, plain
    from replay.engine.fold import IllegalEvent
    from replay.games.riichi.flow import next_hand
    from replay.games.riichi.fold import RiichiProjection
    from replay.games.riichi.shape import is_tenpai

    rng = random.Random(seed)
    projection = RiichiProjection()
    started = build_match_started("riichi", players, ruleset_id=ruleset_id, options=options)
    driver = _Driver(projection)
    yield driver.step(started)
    rules = driver.state.options
    n = len(players)

    def works(*events: Payload) -> bool:
        state = driver.state
        try:
            for event in events:
                state = projection.apply(state, Step(driver.seq + 1, event.EVENT_TYPE, event))
        except IllegalEvent:
            return False
        return True

    for _ in range(hands):
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
    yield driver.step(MatchEnded(reason="abandoned"))


PAYLOADS["riichi"] = lambda seed, rounds, players, options: riichi_payloads(
    seed, rounds, players=players, options=options
)
DEFAULT_PLAYERS["riichi"] = ("Ton", "Nan", "Sha", "Pei")
