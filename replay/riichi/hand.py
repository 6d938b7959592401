"""A riichi hand as a pure fold, with legality checked at every event.

A hand goes: ``riichi.round_started``, ``riichi.deal``, then draws and discards in turn order,
with calls, riichi declarations and kan dora between them, until a ``riichi.win`` (or several
rons on one discard), an ``riichi.exhaustive_draw`` or an ``riichi.abortive_draw``.

The first go-around is tracked as the source document says: any call ends it, a closed kan
and a north included. It decides tenhou, chiihou, renhou and double riichi. Furiten is
tracked three ways: a wait in one's own river, a passed winning tile since one's last discard,
and a passed winning tile after riichi.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, NamedTuple

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from events.match import MatchEnded, MatchStarted, RoundStarted
from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiDrawResult,
    RiichiHandResult,
    RiichiRoundStarted,
    RiichiWin,
)
from events.tiles import (
    KIND_NAMES,
    KIND_OF,
    TILES,
    WINDS,
    compact,
    full_set,
    is_red,
    is_terminal_or_honor,
    kind,
    plain,
    to_34,
)
from replay.engine.fold import IllegalEvent, Step
from replay.engine.match import GameState, MatchProjection
from replay.games.riichi.options import RULESETS
from replay.riichi.pricing import MeldTiles, Priced, RiichiRules, Unpriced, WinHand, price

WIND_OF = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
_AGARI = Agari()
_SHANTEN = Shanten()


class Meld(NamedTuple):
    kind: str  # chi, pon, daiminkan, ankan, kakan
    tiles: tuple[str, ...]
    called: str | None = None
    from_seat: int | None = None

    @property
    def open(self) -> bool:
        return self.kind != "ankan"


class RiverTile(NamedTuple):
    tile: str
    tsumogiri: bool
    riichi: bool  # the riichi declaration tile
    taken: bool = False  # called away by another seat


class WinRecord(NamedTuple):
    seat: int
    kind: str  # tsumo or ron
    from_seat: int | None
    hand: WinHand
    priced: Priced | Unpriced  # Unpriced: a legal win the ruleset does not price


class HandResult(NamedTuple):
    number: int
    kind: Literal["win", "exhaustive", "abortive"]
    wins: tuple[WinRecord, ...]
    points: tuple[int, ...]  # each seat's change over the hand, riichi deposits included
    scores: tuple[int, ...]  # the scores after the hand
    sticks: int  # riichi sticks left on the table
    next_dealer: int
    explanation: str
    tenpai: tuple[int, ...] = ()
    abort: str | None = None
    deposits: tuple[int, ...] = ()  # riichi sticks put down this hand, by seat (in points)
    depth: Literal["moves", "result"] = "moves"  # recorded move by move, or as its result only

    @property
    def paid(self) -> tuple[int, ...]:
        """The change without this hand's riichi deposits: what Tenhou's logs record."""
        return tuple(p + d for p, d in zip(self.points, self.deposits, strict=True))


Phase = Literal["deal", "draw", "discard", "after_discard", "rinshan", "over"]


class RiichiRound(NamedTuple):
    """One hand as it stands. Immutable: the fold makes a new one per event (``_replace``)."""

    number: int
    round_wind: str  # "1z".."4z"
    hand: int
    dealer: int
    honba: int
    sticks: int  # on the table when the hand began
    scores: tuple[int, ...]
    players: int
    phase: Phase = "deal"
    to_move: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    rivers: tuple[tuple[RiverTile, ...], ...] = ()
    kita: tuple[int, ...] = ()
    dora: tuple[str, ...] = ()
    last_drawn: str | None = None
    rinshan_draw: bool = False  # the tile in hand came from the dead wall
    last_discard: tuple[int, str] | None = None
    kakan: tuple[int, str] | None = None  # an added kan just made: its tile may be robbed
    live_left: int = 0
    kans: int = 0
    riichi: tuple[bool, ...] = ()
    double: frozenset[int] = frozenset()
    ippatsu: frozenset[int] = frozenset()
    declaring: int | None = None
    deposit_due: int | None = None  # the declaration tile is out; its stick is paid if no one rons it
    interrupted: bool = False  # a call has ended the first go-around
    drawn_once: frozenset[int] = frozenset()
    discarded_once: frozenset[int] = frozenset()
    counts: tuple[int, ...] = ()  # tiles seen so far, by TILES index (red fives apart)
    could_ron: frozenset[int] = frozenset()  # seats the last discard completes, until they pass it
    furiten: frozenset[int] = frozenset()  # passed a winning tile since their last discard
    riichi_furiten: frozenset[int] = frozenset()  # passed a winning tile after riichi
    deposits: tuple[int, ...] = ()
    wins: tuple[WinRecord, ...] = ()
    result: HandResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seen(self) -> Counter[str]:
        """Every tile whose place is known: hands, melds, rivers (less the called), indicators, norths."""
        tiles: Counter[str] = Counter(self.dora)
        for seat in range(self.players):
            tiles.update(self.hands[seat])
            for meld in self.melds[seat]:
                tiles.update(meld.tiles)
            tiles.update(r.tile for r in self.rivers[seat] if not r.taken)
            tiles["4z"] += self.kita[seat]
        return tiles


RiichiState = GameState[RiichiRules, RiichiRound, HandResult]


def waits(concealed: Sequence[str]) -> list[str]:
    """The kinds of tile that complete these concealed tiles (3n+1 of them)."""
    counts = to_34(concealed)
    found = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if _AGARI.is_agari(counts):
            found.append(KIND_NAMES[k])
        counts[k] -= 1
    return found


def completes(concealed: Sequence[str], tile: str) -> bool:
    """Whether ``tile`` makes these concealed tiles (3n+1 of them) a complete hand."""
    index = KIND_OF[tile]
    # A tile can only complete a hand by touching a held tile (same kind, or two apart in its
    # suit), unless the hand is thirteen orphans: a cheap test before the real one.
    touches = False
    for held in concealed:
        other = KIND_OF[held]
        if other == index or (index < 27 and other // 9 == index // 9 and abs(other - index) <= 2):
            touches = True
            break
    if not touches and not (is_terminal_or_honor(tile) and len(concealed) == 13):
        return False
    counts = to_34(concealed)
    if counts[index] >= 4:
        return False
    counts[index] += 1
    return bool(_AGARI.is_agari(counts))


def is_tenpai(concealed: Sequence[str]) -> bool:
    return _SHANTEN.calculate_shanten(to_34(concealed)) == 0


def is_complete(concealed: Sequence[str]) -> bool:
    return bool(_AGARI.is_agari(to_34(concealed)))


def _without(tiles: Sequence[str], remove: Sequence[str]) -> tuple[str, ...] | None:
    """``tiles`` less each tile of ``remove`` (exactly, red fives apart), or None if one is missing."""
    rest = list(tiles)
    for tile in remove:
        if tile not in rest:
            return None
        rest.remove(tile)
    return tuple(rest)


def _at(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if i == seat else v for i, v in enumerate(values))


class RiichiProjection:
    """The pure fold of a riichi match, hand by hand. ``apply`` raises ``IllegalEvent`` with the reason."""

    def __init__(self) -> None:
        self.match = MatchProjection(RULESETS)

    def initial(self) -> RiichiState:
        return RiichiState()

    def apply(self, state: RiichiState, step: Step) -> RiichiState:
        payload = step.payload
        if isinstance(payload, MatchStarted | MatchEnded | RoundStarted):
            if isinstance(payload, MatchEnded) and payload.reason == "completed":
                from replay.riichi.flow import match_over

                if state.results and not match_over(state):
                    raise _illegal(
                        step, "riichi.match.not_over", "the match goes on; record reason abandoned to stop it"
                    )
            match = self.match.apply(state.match, step)
            if isinstance(payload, MatchStarted):
                return RiichiState(match=match, options=RiichiRules.of(payload.ruleset.id, payload.ruleset.options,
                                                                       len(payload.players)))  # fmt: skip
            return state._replace(match=match)
        rules = state.options
        if state.match.started is None or rules is None:
            raise _illegal(step, "match.not_started", "the first event of a match must be match_started")
        if isinstance(payload, RiichiRoundStarted):
            return self._round_started(state, step, payload, rules)
        rnd = state.round
        another_ron = (
            isinstance(payload, RiichiWin | RiichiHandResult)
            and payload.kind == "ron"
            and rnd is not None
            and bool(rnd.wins)
        )
        if rnd is None or (rnd.over and not another_ron):
            raise _illegal(
                step, "riichi.round.not_started", "no hand is in progress; record riichi.round_started first"
            )
        after = self._event(state, rnd, step, payload, rules)
        results = state.results
        if after.result is not None:
            if results and results[-1].number == after.number:  # a second ron on the same tile
                results = results[:-1]
            results = (*results, after.result)
        return RiichiState(state.match, rules, after, results)

    # -- the start of a hand and the deal --

    def _round_started(
        self, state: RiichiState, step: Step, event: RiichiRoundStarted, rules: RiichiRules
    ) -> RiichiState:
        players = state.match.players
        if state.round is not None and not state.round.over:
            raise _illegal(step, "riichi.round.unfinished", f"hand {state.round.number} is not over yet")
        from replay.riichi.flow import match_over

        ended = match_over(state)
        if ended:
            raise _illegal(step, "riichi.match.over", f"the match is over: {ended}; record match_ended")
        if len(event.scores) != players:
            raise _illegal(step, "riichi.round.scores", f"give {players} scores, one per seat, not {len(event.scores)}")
        if event.dealer >= players:
            raise _illegal(step, "match.seat.unknown", f"dealer {event.dealer} is not a seat (0 to {players - 1})")
        rnd = RiichiRound(
            number=len(state.results) + 1,
            round_wind=WIND_OF[event.round_wind],
            hand=event.hand,
            dealer=event.dealer,
            honba=event.honba,
            sticks=event.sticks,
            scores=tuple(event.scores),
            players=players,
        )
        return state._replace(round=rnd)

    def _event(
        self, state: RiichiState, rnd: RiichiRound, step: Step, payload: Payload, rules: RiichiRules
    ) -> RiichiRound:
        if isinstance(payload, RiichiDeal):
            return self._deal(rnd, step, payload, rules)
        if isinstance(payload, RiichiHandResult):
            return self._hand_result(state, rnd, step, payload, rules)
        if isinstance(payload, RiichiDrawResult):
            return self._draw_result(state, rnd, step, payload)
        if rnd.phase == "deal":
            raise _illegal(step, "riichi.deal.missing", f"the hand needs riichi.deal before {step.type}")
        if isinstance(payload, RiichiWin):
            return self._win(state, rnd, step, payload, rules)
        # Anything but a ron on it means the last discard passed: its riichi stick is paid, and
        # whoever could have won on it is now furiten.
        rnd = _passed(rnd)
        if isinstance(payload, RiichiDraw):
            return self._draw(rnd, step, payload, rules)
        if isinstance(payload, RiichiDiscard):
            return self._discard(state, rnd, step, payload)
        if isinstance(payload, RiichiCall):
            return self._call(state, rnd, step, payload, rules)
        if isinstance(payload, RiichiDeclared):
            return self._declare(state, rnd, step, payload)
        if isinstance(payload, DoraRevealed):
            return self._dora(rnd, step, payload, rules)
        if isinstance(payload, ExhaustiveDraw):
            return self._exhaustive(state, rnd, step, payload)
        if isinstance(payload, AbortiveDraw):
            return self._abort(state, rnd, step, payload)
        raise _illegal(step, "match.event.wrong_game", f"a riichi match has no {step.type} events")

    def _deal(self, rnd: RiichiRound, step: Step, deal: RiichiDeal, rules: RiichiRules) -> RiichiRound:
        if rnd.phase != "deal":
            raise _illegal(step, "riichi.deal.out_of_turn", "the tiles are already dealt")
        n = rnd.players
        if len(deal.hands) != n:
            raise _illegal(step, "riichi.deal.hands", f"deal {n} hands of 13, one per seat")
        dealt = rnd._replace(
            phase="draw",
            to_move=rnd.dealer,
            hands=tuple(tuple(h) for h in deal.hands),
            melds=((),) * n,
            rivers=((),) * n,
            kita=(0,) * n,
            dora=(deal.dora_indicator,),
            live_left=(136 - 14 - 13 * 4) if n == 4 else (108 - 14 - 13 * 3),
            riichi=(False,) * n,
            deposits=(0,) * n,
            counts=(0,) * len(TILES),
        )
        return _see(dealt, [t for hand in deal.hands for t in hand] + [deal.dora_indicator], step, rules)

    def _hand_result(
        self, state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiHandResult, rules: RiichiRules
    ) -> RiichiRound:
        """A hand at result depth: the winning hand priced from its tiles, with the conditions as said.

        A second (or third) line for the same hand is another ron on the same discard."""
        n, seat, said = rnd.players, event.seat, set(event.conditions)
        if rnd.wins:
            self._another_ron_at_result_depth(state, rnd, step, event)
        elif rnd.phase != "deal":
            raise _illegal(step, "riichi.result.after_moves",
                           "this hand is being recorded move by move; finish it with its win or draw")  # fmt: skip
        if seat >= n or (event.from_seat is not None and event.from_seat >= n):
            raise _illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
        if (event.kind == "ron") != (event.from_seat is not None) or event.from_seat == seat:
            raise _illegal(step, "riichi.result.from_seat", "a ron names the seat that dealt in; a tsumo names none")
        if len(event.hand) != 13 - 3 * len(event.melds):
            raise _illegal(step, "riichi.result.tiles",
                           f"with {len(event.melds)} melds the concealed hand holds {13 - 3 * len(event.melds)} tiles "
                           f"besides the winning one, not {len(event.hand)}")  # fmt: skip
        for meld in event.melds:
            kinds = [KIND_OF[t] for t in meld.tiles]
            run = meld.kind == "chi" and len(set(t[1] for t in meld.tiles)) == 1 and meld.tiles[0][1] != "z"
            if (meld.kind == "chi" and not (run and sorted(kinds) == list(range(min(kinds), min(kinds) + 3)))) or (
                meld.kind != "chi" and (len(set(kinds)) != 1 or len(kinds) != (3 if meld.kind == "pon" else 4))
            ):
                raise _illegal(step, "riichi.result.meld", f"{meld.kind} {compact(meld.tiles)} is not a {meld.kind}")
        every = [*event.hand, event.win_tile, *(t for m in event.melds for t in m.tiles)]
        every += [*event.dora_indicators, *event.ura_indicators]
        over = [KIND_NAMES[k] for k, c in Counter(KIND_OF[t] for t in every).items() if c > 4]
        if over:
            raise _illegal(step, "riichi.result.five", f"more than four {', '.join(over)} in the hand and indicators")
        concealed = (*event.hand, event.win_tile)
        if not is_complete(concealed):
            raise _illegal(step, "riichi.win.incomplete", f"{compact(concealed)} is not a complete hand")
        in_riichi = bool(said & {"riichi", "double_riichi"})
        tsumo, dealer = event.kind == "tsumo", seat == rnd.dealer
        open_hand = any(m.kind != "ankan" for m in event.melds)
        wrong = [
            why
            for why, bad in (
                ("riichi needs a closed hand", in_riichi and open_hand),
                ("ura dora are turned only for a riichi winner", bool(event.ura_indicators) and not in_riichi),
                ("ippatsu needs riichi", "ippatsu" in said and not in_riichi),
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
            raise _illegal(step, "riichi.result.conditions", f"{wrong[0]}; check the conditions said")
        others = set(event.others_in_riichi)
        if seat in others or any(s >= n for s in others):
            raise _illegal(step, "riichi.result.riichi", "others_in_riichi names the other seats that declared riichi")
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
            honba=0 if rnd.wins else rnd.honba,  # several rons: _share_counters gives them out
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
            raise _illegal(step, "riichi.win.no_win", f"this win does not stand under {rules.ruleset}: {priced.reason}")
        scored = rnd._replace(
            dora=event.dora_indicators, deposits=deposits, riichi=tuple(s in declared for s in range(n))
        )
        record = WinRecord(seat, event.kind, event.from_seat, hand, priced)
        scored = scored._replace(wins=_share_counters((*rnd.wins, record), scored, state, rules))
        done = _finish_wins(state, scored, rules)
        assert done.result is not None
        return done._replace(result=done.result._replace(depth="result"))

    # -- draws, discards, calls --

    def _draw(self, rnd: RiichiRound, step: Step, draw: RiichiDraw, rules: RiichiRules) -> RiichiRound:
        if rnd.phase == "rinshan":
            if draw.seat != rnd.to_move:
                raise _illegal(step, "riichi.turn.wrong_seat", f"seat {rnd.to_move} draws the replacement tile")
            if not draw.rinshan:
                raise _illegal(
                    step, "riichi.draw.rinshan", "after a kan or a north the replacement tile is a rinshan draw"
                )
        else:
            if rnd.phase == "discard":
                raise _illegal(step, "riichi.draw.out_of_turn", f"seat {rnd.to_move} has drawn and must discard")
            if draw.rinshan:
                raise _illegal(step, "riichi.draw.rinshan", "a rinshan draw comes only after a kan or a north")
            expected = rnd.to_move if rnd.phase == "draw" else (rnd.to_move + 1) % rnd.players
            if draw.seat != expected:
                raise _illegal(step, "riichi.turn.wrong_seat", f"seat {expected} draws next, not seat {draw.seat}")
            if rnd.live_left <= 0:
                raise _illegal(step, "riichi.draw.empty_wall", "the wall is empty: record riichi.exhaustive_draw")
        hands = _at(rnd.hands, draw.seat, (*rnd.hands[draw.seat], draw.tile))
        drawn = _see(rnd, [draw.tile], step, rules)._replace(
            phase="discard",
            to_move=draw.seat,
            hands=hands,
            last_drawn=draw.tile,
            rinshan_draw=draw.rinshan,
            # A rinshan tile leaves the dead wall, and the last live tile moves in to keep it at 14.
            live_left=rnd.live_left - 1,
            drawn_once=rnd.drawn_once | {draw.seat},
            last_discard=None,
            kakan=None,
        )
        return drawn

    def _discard(self, state: RiichiState, rnd: RiichiRound, step: Step, discard: RiichiDiscard) -> RiichiRound:
        seat = discard.seat
        if rnd.phase != "discard":
            raise _illegal(step, "riichi.discard.out_of_turn", f"seat {rnd.to_move} must draw before discarding")
        if seat != rnd.to_move:
            raise _illegal(
                step, "riichi.turn.wrong_seat", f"it is seat {rnd.to_move}'s turn to discard, not seat {seat}"
            )
        rest = _without(rnd.hands[seat], [discard.tile])
        if rest is None:
            raise _illegal(
                step,
                "riichi.discard.not_in_hand",
                f"{discard.tile} is not in seat {seat}'s hand ({compact(rnd.hands[seat])})",
            )
        if discard.tsumogiri and discard.tile != rnd.last_drawn:
            raise _illegal(step, "riichi.discard.not_tsumogiri", f"{discard.tile} is not the tile just drawn")
        if rnd.riichi[seat] and discard.tile != rnd.last_drawn:
            raise _illegal(
                step,
                "riichi.discard.after_riichi",
                f"after riichi seat {seat} must discard the tile drawn, {rnd.last_drawn}",
            )
        declaring = rnd.declaring == seat
        if declaring and not is_tenpai(rest):
            raise _illegal(
                step,
                "riichi.riichi.not_tenpai",
                f"riichi needs tenpai, and {compact(rest)} is not tenpai after {discard.tile}",
            )
        river = (*rnd.rivers[seat], RiverTile(discard.tile, discard.tile == rnd.last_drawn, declaring))
        ippatsu = rnd.ippatsu - {seat}
        if declaring:
            ippatsu = ippatsu | {seat}
        # Whom does this tile complete? They may ron it now; if they let it pass, they are furiten.
        chances = frozenset(o for o in range(rnd.players) if o != seat and completes(rnd.hands[o], discard.tile))
        return rnd._replace(
            phase="after_discard",
            hands=_at(rnd.hands, seat, rest),
            rivers=_at(rnd.rivers, seat, river),
            riichi=_at(rnd.riichi, seat, True) if declaring else rnd.riichi,
            declaring=None,
            deposit_due=seat if declaring else None,
            ippatsu=ippatsu,
            last_discard=(seat, discard.tile),
            last_drawn=None,
            discarded_once=rnd.discarded_once | {seat},
            furiten=rnd.furiten - {seat},
            could_ron=chances,
        )

    def _call(
        self, state: RiichiState, rnd: RiichiRound, step: Step, call: RiichiCall, rules: RiichiRules
    ) -> RiichiRound:
        seat = call.seat
        if rnd.riichi[seat] and call.kind != "ankan":
            raise _illegal(step, "riichi.call.after_riichi", f"seat {seat} is in riichi and may not call {call.kind}")
        if call.kind in ("chi", "pon", "daiminkan"):
            return self._call_discard(rnd, step, call, rules)
        if rnd.phase != "discard" or seat != rnd.to_move:
            raise _illegal(step, "riichi.call.out_of_turn", f"a {call.kind} is made on one's own turn, after drawing")
        hand = rnd.hands[seat]
        if call.kind == "kita":
            if rnd.players != 3:
                raise _illegal(step, "riichi.call.kita", "a north is set aside only in three-player games")
            rest = _without(hand, ["4z"])
            if rest is None:
                raise _illegal(step, "riichi.call.not_in_hand", f"seat {seat} holds no north")
            return _after_kan_or_north(
                rnd._replace(hands=_at(rnd.hands, seat, rest), kita=_at(rnd.kita, seat, rnd.kita[seat] + 1)),
                seat,
                kan=False,
            )
        if call.kind == "ankan":
            if len(call.tiles) != 4 or len({plain(t) for t in call.tiles}) != 1:
                raise _illegal(step, "riichi.call.shape", "a closed kan is four tiles of one kind")
            rest = _without(hand, call.tiles)
            if rest is None:
                raise _illegal(step, "riichi.call.not_in_hand", f"seat {seat} does not hold {compact(call.tiles)}")
            if rnd.riichi[seat] and sorted(waits(rest)) != sorted(waits(_without(hand, [rnd.last_drawn or ""]) or ())):
                raise _illegal(step, "riichi.call.changes_wait", "a closed kan after riichi may not change the wait")
            self._check_kan_count(rnd, step)
            melds = _at(rnd.melds, seat, (*rnd.melds[seat], Meld("ankan", tuple(call.tiles))))
            return _after_kan_or_north(rnd._replace(hands=_at(rnd.hands, seat, rest), melds=melds), seat, kan=True)
        # kakan: the fourth tile added to a pon
        added = call.called or (call.tiles[-1] if call.tiles else None)
        pon = next(
            (m for m in rnd.melds[seat] if m.kind == "pon" and added and plain(m.tiles[0]) == plain(added)), None
        )
        if pon is None or added is None:
            raise _illegal(step, "riichi.call.no_pon", f"seat {seat} has no pon to add {added} to")
        rest = _without(hand, [added])
        if rest is None:
            raise _illegal(step, "riichi.call.not_in_hand", f"seat {seat} does not hold {added}")
        self._check_kan_count(rnd, step)
        melds = _at(rnd.melds, seat, tuple(Meld("kakan", (*m.tiles, added), m.called, m.from_seat) if m is pon else m
                                            for m in rnd.melds[seat]))  # fmt: skip
        after = _after_kan_or_north(rnd._replace(hands=_at(rnd.hands, seat, rest), melds=melds), seat, kan=True)
        chances = frozenset(o for o in range(rnd.players) if o != seat and completes(rnd.hands[o], added))
        return after._replace(kakan=(seat, added), could_ron=chances)

    def _check_kan_count(self, rnd: RiichiRound, step: Step) -> None:
        if rnd.kans >= 4:
            raise _illegal(step, "riichi.call.fifth_kan", "four kans have been made; there is no fifth")
        if rnd.live_left <= 0:
            raise _illegal(step, "riichi.call.last_tile", "no kan on the last tile of the wall")

    def _call_discard(self, rnd: RiichiRound, step: Step, call: RiichiCall, rules: RiichiRules) -> RiichiRound:
        seat = call.seat
        if rnd.phase != "after_discard" or rnd.last_discard is None:
            raise _illegal(
                step, "riichi.call.no_discard", f"a {call.kind} takes the last discard, and there is none to take"
            )
        discarder, tile = rnd.last_discard
        if seat == discarder:
            raise _illegal(step, "riichi.call.own_discard", "a player cannot call his own discard")
        if call.from_seat is not None and call.from_seat != discarder:
            raise _illegal(
                step, "riichi.call.from_seat", f"the last discard is seat {discarder}'s, not seat {call.from_seat}'s"
            )
        if call.called is not None and call.called != tile:
            raise _illegal(step, "riichi.call.called", f"the last discard is {tile}, not {call.called}")
        if rnd.live_left <= 0:
            raise _illegal(step, "riichi.call.last_tile", "the last discard of the hand can only be won on, not called")
        needed = {"chi": 3, "pon": 3, "daiminkan": 4}[call.kind]
        if len(call.tiles) != needed or tile not in call.tiles:
            raise _illegal(step, "riichi.call.shape", f"a {call.kind} is {needed} tiles, the called {tile} among them")
        from_hand = list(call.tiles)
        from_hand.remove(tile)
        if call.kind == "chi":
            if rules.three_player:
                raise _illegal(step, "riichi.call.chi_sanma", "there is no chi in three-player games")
            if seat != (discarder + 1) % rnd.players:
                raise _illegal(
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
                raise _illegal(step, "riichi.call.shape", f"{compact(call.tiles)} is not a run of one suit")
        elif len({plain(t) for t in call.tiles}) != 1:
            raise _illegal(step, "riichi.call.shape", f"{compact(call.tiles)} is not {needed} of one kind")
        rest = _without(rnd.hands[seat], from_hand)
        if rest is None:
            raise _illegal(
                step, "riichi.call.not_in_hand", f"seat {seat} does not hold {compact(from_hand)} to {call.kind}"
            )
        if call.kind == "daiminkan":
            self._check_kan_count(rnd, step)
        rivers = _at(
            rnd.rivers, discarder, (*rnd.rivers[discarder][:-1], rnd.rivers[discarder][-1]._replace(taken=True))
        )
        melds = _at(rnd.melds, seat, (*rnd.melds[seat], Meld(call.kind, tuple(call.tiles), tile, discarder)))
        called = rnd._replace(
            hands=_at(rnd.hands, seat, rest),
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
            return _after_kan_or_north(called, seat, kan=True)
        return called

    def _declare(self, state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiDeclared) -> RiichiRound:
        seat = event.seat
        if rnd.phase != "discard" or seat != rnd.to_move:
            raise _illegal(step, "riichi.riichi.out_of_turn", "riichi is declared on one's own turn, with the discard")
        if rnd.riichi[seat]:
            raise _illegal(step, "riichi.riichi.twice", f"seat {seat} is already in riichi")
        if any(m.open for m in rnd.melds[seat]):
            raise _illegal(step, "riichi.riichi.open_hand", f"seat {seat}'s hand is open; riichi needs a closed hand")
        points = rnd.scores[seat] - rnd.deposits[seat]
        if points < 1000:
            raise _illegal(step, "riichi.riichi.points", f"seat {seat} has {points} points; riichi costs 1000")
        if rnd.live_left < rnd.players:
            raise _illegal(
                step,
                "riichi.riichi.wall",
                f"only {rnd.live_left} tiles are left in the wall; riichi needs a draw after it",
            )
        if not any(is_tenpai(_without(rnd.hands[seat], [t]) or ()) for t in set(rnd.hands[seat])):
            raise _illegal(step, "riichi.riichi.not_tenpai", f"no discard leaves {compact(rnd.hands[seat])} in tenpai")
        double = seat not in rnd.discarded_once and not rnd.interrupted
        return rnd._replace(declaring=seat, double=rnd.double | {seat} if double else rnd.double)

    def _dora(self, rnd: RiichiRound, step: Step, event: DoraRevealed, rules: RiichiRules) -> RiichiRound:
        if len(rnd.dora) - 1 >= rnd.kans:
            raise _illegal(
                step, "riichi.dora.no_kan", f"{rnd.kans} kans made and {len(rnd.dora) - 1} kan dora shown: none is due"
            )
        return _see(rnd, [event.indicator], step, rules)._replace(dora=(*rnd.dora, event.indicator))

    # -- the end of the hand --

    def _win(self, state: RiichiState, rnd: RiichiRound, step: Step, win: RiichiWin, rules: RiichiRules) -> RiichiRound:
        seat = win.seat
        if win.kind == "tsumo":
            if rnd.phase != "discard" or seat != rnd.to_move or rnd.last_drawn is None:
                raise _illegal(
                    step,
                    "riichi.win.tsumo_out_of_turn",
                    "a tsumo is declared on the tile just drawn, before discarding",
                )
            concealed, win_tile, from_seat = rnd.hands[seat], rnd.last_drawn, None
        else:
            target = rnd.kakan or rnd.last_discard
            open_to_ron = rnd.phase == "after_discard" or (rnd.phase == "rinshan" and rnd.kakan is not None)
            if target is None or not (open_to_ron or rnd.wins):
                raise _illegal(
                    step, "riichi.win.no_discard", "a ron is declared on a discard (or an added kan), and there is none"
                )
            from_seat, win_tile = target
            if win.from_seat is not None and win.from_seat != from_seat:
                raise _illegal(
                    step, "riichi.win.from_seat", f"the tile to ron is seat {from_seat}'s, not seat {win.from_seat}'s"
                )
            if seat == from_seat:
                raise _illegal(step, "riichi.win.own_discard", "a player cannot ron his own discard")
            if any(w.seat == seat for w in rnd.wins):
                raise _illegal(step, "riichi.win.twice", f"seat {seat} has already won on this tile")
            if rnd.wins:
                assert state.match.started is not None
                if len(rnd.wins) >= 2 and state.match.started.ruleset.options.get("riichi.tripleRon") == "abortive":
                    raise _illegal(
                        step,
                        "riichi.win.triple_ron",
                        f"three rons on one tile abort the hand under {rules.ruleset}: "
                        "record riichi.abortive_draw triple_ron instead",
                    )
                distance = (seat - from_seat) % rnd.players
                if any((w.seat - from_seat) % rnd.players > distance for w in rnd.wins):
                    raise _illegal(step, "riichi.win.order", "record the rons in turn order from the discarder")
            concealed = (*rnd.hands[seat], win_tile)
            if is_complete(concealed):
                self._check_furiten(rnd, step, seat, win_tile)
        if not is_complete(concealed):
            raise _illegal(step, "riichi.win.incomplete", f"{compact(concealed)} is not a complete hand")
        if win.ura_indicators and not rnd.riichi[seat]:
            raise _illegal(step, "riichi.win.ura", "ura dora are turned only for a riichi winner")
        if len(win.ura_indicators) > len(rnd.dora):
            raise _illegal(step, "riichi.win.ura", f"{len(rnd.dora)} dora indicators, so at most {len(rnd.dora)} ura")
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
            pao_seat=self._pao(rnd, step, seat, win),
        )
        priced = price(hand, rules)
        if isinstance(priced, Unpriced) and not priced.stands:
            raise _illegal(step, "riichi.win.no_win", f"this win does not stand under {rules.ruleset}: {priced.reason}")
        wins = _share_counters((*rnd.wins, WinRecord(seat, win.kind, from_seat, hand, priced)), rnd, state, rules)
        return _finish_wins(state, rnd._replace(wins=wins), rules)

    def _pao(self, rnd: RiichiRound, step: Step, seat: int, win: RiichiWin) -> int | None:
        """A liable seat must have fed one of the winner's dragon or wind melds."""
        if win.pao_seat is None:
            return None
        fed = [m for m in rnd.melds[seat] if m.from_seat == win.pao_seat and m.tiles[0][1] == "z"]
        if win.pao_seat == seat or not fed:
            raise _illegal(
                step, "riichi.win.pao", f"seat {win.pao_seat} fed none of seat {seat}'s dragon or wind melds; no pao"
            )
        return win.pao_seat

    def _check_furiten(self, rnd: RiichiRound, step: Step, seat: int, tile: str) -> None:
        own = {plain(r.tile) for r in rnd.rivers[seat]}
        waiting = set(waits(rnd.hands[seat]))
        if own & waiting:
            raise _illegal(
                step,
                "riichi.win.furiten",
                f"seat {seat} is furiten: {', '.join(sorted(own & waiting))} is in its own river",
            )
        if seat in rnd.riichi_furiten:
            raise _illegal(
                step, "riichi.win.furiten", f"seat {seat} passed a winning tile after riichi and may not ron"
            )
        if seat in rnd.furiten:
            raise _illegal(step, "riichi.win.furiten", f"seat {seat} passed a winning tile since its last discard")

    def _another_ron_at_result_depth(
        self, state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiHandResult
    ) -> None:
        first = rnd.wins[0]
        if rnd.result is None or rnd.result.depth != "result" or event.kind != "ron" or first.kind != "ron":
            raise _illegal(step, "riichi.result.second_win",
                           "a second win in one hand is another ron on the same discard, recorded the same way")  # fmt: skip
        if event.from_seat != first.from_seat or event.win_tile != first.hand.win_tile:
            raise _illegal(step, "riichi.result.second_win",
                           f"the other ron is on seat {first.from_seat}'s {first.hand.win_tile}, the same discard")  # fmt: skip
        if tuple(event.dora_indicators) != tuple(rnd.dora):
            raise _illegal(step, "riichi.result.dora", f"this hand's dora indicators are {' '.join(rnd.dora)}")
        if any(w.seat == event.seat for w in rnd.wins):
            raise _illegal(step, "riichi.win.twice", f"seat {event.seat} has already won on this tile")
        assert state.match.started is not None
        if len(rnd.wins) >= 2 and state.match.started.ruleset.options.get("riichi.tripleRon") == "abortive":
            raise _illegal(step, "riichi.win.triple_ron",
                           "three rons on one tile abort the hand under this ruleset: record abort triple_ron")  # fmt: skip
        discarder = first.from_seat or 0
        distance = (event.seat - discarder) % rnd.players
        if any((w.seat - discarder) % rnd.players > distance for w in rnd.wins):
            raise _illegal(step, "riichi.win.order", "record the rons in turn order from the discarder")

    def _draw_result(self, state: RiichiState, rnd: RiichiRound, step: Step, event: RiichiDrawResult) -> RiichiRound:
        """An exhaustive draw at result depth: tenpai payments and riichi sticks, as the table says."""
        if rnd.phase != "deal":
            raise _illegal(step, "riichi.result.after_moves",
                           "this hand is being recorded move by move; finish it with its win or draw")  # fmt: skip
        n = rnd.players
        if any(s >= n for s in (*event.tenpai, *event.riichi)):
            raise _illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
        deposits = tuple(1000 if s in event.riichi else 0 for s in range(n))
        drawn = rnd._replace(deposits=deposits, riichi=tuple(s in event.riichi for s in range(n)))
        if event.abort is not None:
            options = state.match.started.ruleset.options if state.match.started else {}
            if not options.get("riichi.abortiveDraws", True):
                raise _illegal(step, "riichi.abort.not_allowed", "this ruleset has no abortive draws")
            if event.tenpai:
                raise _illegal(step, "riichi.result.abort", "an abortive draw pays no tenpai; leave tenpai out")
            if event.abort == "four_riichi" and len(set(event.riichi)) != 4:
                raise _illegal(step, "riichi.abort.four_riichi", "four riichi: name the four seats in riichi")
            done = _over(drawn, "abortive", tuple(-d for d in deposits), rnd.sticks + sum(deposits) // 1000,
                         rnd.dealer, f"abortive draw: {event.abort.replace('_', ' ')}", abort=event.abort)  # fmt: skip
            assert done.result is not None
            return done._replace(result=done.result._replace(depth="result"))
        if not set(event.riichi) <= set(event.tenpai):
            raise _illegal(step, "riichi.result.riichi", "a seat in riichi is tenpai; list it among the tenpai seats")
        if event.nagashi:
            options = state.match.started.ruleset.options if state.match.started else {}
            if not options.get("riichi.nagashiMangan", False):
                raise _illegal(step, "riichi.nagashi.not_allowed", "this ruleset has no nagashi mangan")
            if any(s >= n for s in event.nagashi):
                raise _illegal(step, "match.seat.unknown", f"seats are 0 to {n - 1}")
            done = _nagashi_over(drawn, sorted(set(event.nagashi)), sorted(set(event.tenpai)), [-d for d in deposits])
        else:
            done = _exhaustive_over(drawn, sorted(set(event.tenpai)))
        assert done.result is not None
        return done._replace(result=done.result._replace(depth="result"))

    def _exhaustive(self, state: RiichiState, rnd: RiichiRound, step: Step, event: ExhaustiveDraw) -> RiichiRound:
        if rnd.live_left > 0 or rnd.phase != "after_discard":
            raise _illegal(
                step, "riichi.draw.not_exhausted", f"{rnd.live_left} tiles are left in the wall; the hand goes on"
            )
        for seat in event.tenpai:
            if not is_tenpai(rnd.hands[seat]):
                raise _illegal(
                    step, "riichi.draw.not_tenpai", f"seat {seat}'s {compact(rnd.hands[seat])} is not tenpai"
                )
        if event.nagashi:
            return self._nagashi(state, rnd, step, event, [-d for d in rnd.deposits])
        return _exhaustive_over(rnd, sorted(set(event.tenpai)))

    def _nagashi(
        self, state: RiichiState, rnd: RiichiRound, step: Step, event: ExhaustiveDraw, points: list[int]
    ) -> RiichiRound:
        """Nagashi mangan: a mangan tsumo's payments in place of the tenpai payments; the sticks stay."""
        assert state.match.started is not None
        if not state.match.started.ruleset.options.get("riichi.nagashiMangan", False):
            raise _illegal(step, "riichi.nagashi.not_allowed", "this ruleset has no nagashi mangan")
        for seat in event.nagashi:
            river = rnd.rivers[seat]
            if not river or any(not is_terminal_or_honor(r.tile) or r.taken for r in river):
                raise _illegal(
                    step, "riichi.nagashi.river", f"seat {seat}'s river is not all terminals and honors, uncalled"
                )
        return _nagashi_over(rnd, event.nagashi, event.tenpai, points)

    def _abort(self, state: RiichiState, rnd: RiichiRound, step: Step, event: AbortiveDraw) -> RiichiRound:
        assert state.match.started is not None
        if not state.match.started.ruleset.options.get("riichi.abortiveDraws", True):
            raise _illegal(
                step,
                "riichi.abort.not_allowed",
                f"{state.options.ruleset if state.options else 'this ruleset'} has no abortive draws",
            )
        if event.kind == "kyuushu_kyuuhai":
            seat = event.seat if event.seat is not None else rnd.to_move
            distinct = {plain(t) for t in rnd.hands[seat] if is_terminal_or_honor(t)}
            if rnd.phase != "discard" or seat != rnd.to_move or rnd.interrupted or seat in rnd.discarded_once:
                raise _illegal(
                    step, "riichi.abort.kyuushu", "nine terminals are declared on one's first draw, before any call"
                )
            if len(distinct) < 9:
                raise _illegal(
                    step,
                    "riichi.abort.kyuushu",
                    f"seat {seat} holds {len(distinct)} kinds of terminal and honor, not 9",
                )
        elif event.kind == "four_riichi" and sum(rnd.riichi) < 4:
            raise _illegal(step, "riichi.abort.four_riichi", f"{sum(rnd.riichi)} players are in riichi, not 4")
        elif event.kind == "four_kans" and rnd.kans < 4:
            raise _illegal(step, "riichi.abort.four_kans", f"{rnd.kans} kans have been made, not 4")
        elif event.kind == "four_winds":
            firsts = [r[0].tile for r in rnd.rivers if r]
            if rnd.interrupted or len(firsts) != rnd.players or len(set(firsts)) != 1 or firsts[0] not in WINDS:
                raise _illegal(step, "riichi.abort.four_winds", "the four first discards are not the same wind")
        sticks = rnd.sticks + sum(rnd.deposits) // 1000
        points = tuple(-d for d in rnd.deposits)
        return _over(rnd, "abortive", points, sticks, rnd.dealer, f"abortive draw: {event.kind.replace('_', ' ')}",
                     abort=event.kind)  # fmt: skip


def _illegal(step: Step, code: str, reason: str) -> IllegalEvent:
    return IllegalEvent(code, reason, seq=step.seq, event_type=step.type)


def _passed(rnd: RiichiRound) -> RiichiRound:
    """The last discard was not won on: pay its riichi stick, and make its passers furiten."""
    if rnd.deposit_due is None and not rnd.could_ron:
        return rnd
    deposits = rnd.deposits
    if rnd.deposit_due is not None:
        deposits = _at(deposits, rnd.deposit_due, deposits[rnd.deposit_due] + 1000)
    in_riichi = {s for s in rnd.could_ron if rnd.riichi[s]}
    return rnd._replace(
        deposits=deposits,
        deposit_due=None,
        furiten=rnd.furiten | (rnd.could_ron - in_riichi),
        riichi_furiten=rnd.riichi_furiten | in_riichi,
        could_ron=frozenset(),
    )


def _after_kan_or_north(rnd: RiichiRound, seat: int, *, kan: bool) -> RiichiRound:
    """A kan or a north ends the first go-around and ippatsu; a replacement tile is drawn next."""
    return rnd._replace(
        phase="rinshan",
        to_move=seat,
        interrupted=True,
        ippatsu=frozenset(),
        kans=rnd.kans + (1 if kan else 0),
        last_drawn=None,
        kakan=None,
    )


TILE_INDEX = {tile: i for i, tile in enumerate(TILES)}


def _see(rnd: RiichiRound, tiles: Sequence[str], step: Step, rules: RiichiRules) -> RiichiRound:
    """Count newly seen tiles: no fifth copy, and red fives only as the ruleset has them."""
    counts = list(rnd.counts)
    allowed = _allowed(rules.red_fives, rules.three_player)
    for tile in tiles:
        counts[TILE_INDEX[tile]] += 1
        base = plain(tile)
        red = f"0{tile[1]}" if tile[1] != "z" else ""
        total = counts[TILE_INDEX[base]] + (counts[TILE_INDEX[red]] if red and base[0] == "5" else 0)
        if total > 4:
            raise _illegal(step, "riichi.tiles.fifth_copy", f"a fifth {base}: only four are in the set")
        if allowed[base] + (allowed[red] if red and base[0] == "5" else 0) == 0:
            raise _illegal(step, "riichi.tiles.not_in_set", f"{base} is not in the three-player set")
        if is_red(tile):
            if allowed[tile] == 0:
                raise _illegal(
                    step, "riichi.tiles.no_red", f"{rules.ruleset} plays without red fives; write {base}, not {tile}"
                )
            if counts[TILE_INDEX[tile]] > allowed[tile]:
                raise _illegal(step, "riichi.tiles.fifth_copy", f"a second red {base}: the set has one")
        elif tile[0] == "5" and 0 < allowed[tile] < counts[TILE_INDEX[tile]]:
            raise _illegal(
                step,
                "riichi.tiles.red_five",
                f"the set has {allowed[tile]} plain {tile}; the fourth is red: write 0{tile[1]}",
            )
    return rnd._replace(counts=tuple(counts))


@cache
def _allowed(red_fives: int, three_player: bool) -> Counter[str]:
    return full_set(red_fives, three_player=three_player)


def _share_counters(
    wins: tuple[WinRecord, ...], rnd: RiichiRound, state: RiichiState, rules: RiichiRules
) -> tuple[WinRecord, ...]:
    """Who takes the honba and the riichi sticks when several players ron one tile, by option."""
    if len(wins) == 1:
        return wins
    assert state.match.started is not None
    options = state.match.started.ruleset.options
    table = rnd.sticks + sum(rnd.deposits) // 1000
    own = {w.seat: rnd.deposits[w.seat] // 1000 for w in wins}
    shared: list[WinRecord] = []
    for index, record in enumerate(wins):
        honba = rnd.honba if index == 0 or options.get("riichi.multiRonHonba") == "eachWinner" else 0
        if options.get("riichi.multiRonSticks") == "ownBackRestNearest":
            sticks = own[record.seat] + (table - sum(own.values()) if index == 0 else 0)
        else:
            sticks = table if index == 0 else 0
        if (honba, sticks) != (record.hand.honba, record.hand.sticks):
            hand = record.hand._replace(honba=honba, sticks=sticks)
            record = record._replace(hand=hand, priced=price(hand, rules))
        shared.append(record)
    return tuple(shared)


def _finish_wins(state: RiichiState, rnd: RiichiRound, rules: RiichiRules) -> RiichiRound:
    """Score the wins so far; the hand is over (another ron on the same tile may follow)."""
    points = [-d for d in rnd.deposits]
    for record in rnd.wins:
        if isinstance(record.priced, Priced):
            for seat, delta in enumerate(record.priced.payments):
                points[seat] += delta
    winners = [w.seat for w in rnd.wins]
    next_dealer = rnd.dealer if rnd.dealer in winners else (rnd.dealer + 1) % rnd.players
    explanation = "; ".join(_describe(w) for w in rnd.wins)
    over = _over(rnd, "win", tuple(points), 0, next_dealer, explanation, wins=rnd.wins)
    return over


def _nagashi_over(rnd: RiichiRound, nagashi: Sequence[int], tenpai: Sequence[int], points: list[int]) -> RiichiRound:
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
    return _over(rnd, "exhaustive", tuple(points), sticks, next_dealer, words, tenpai=tuple(tenpai))


def _exhaustive_over(rnd: RiichiRound, tenpai: list[int]) -> RiichiRound:
    """The tenpai payments of an exhaustive draw; the riichi sticks stay on the table."""
    points = [-d for d in rnd.deposits]
    if 0 < len(tenpai) < rnd.players:
        gain, loss = 3000 // len(tenpai), 3000 // (rnd.players - len(tenpai))
        for seat in range(rnd.players):
            points[seat] += gain if seat in tenpai else -loss
    next_dealer = rnd.dealer if rnd.dealer in tenpai else (rnd.dealer + 1) % rnd.players
    sticks = rnd.sticks + sum(rnd.deposits) // 1000
    words = f"exhaustive draw; tenpai: {', '.join(f'seat {s}' for s in tenpai) or 'nobody'}"
    return _over(rnd, "exhaustive", tuple(points), sticks, next_dealer, words, tenpai=tuple(tenpai))


def _describe(win: WinRecord) -> str:
    head = f"seat {win.seat} {win.kind}" + (f" from seat {win.from_seat}" if win.from_seat is not None else "")
    if isinstance(win.priced, Unpriced):
        return f"{head}: unpriced under {win.priced.ruleset}: {win.priced.reason}"
    priced = win.priced
    level = priced.limit if priced.limit else f"{priced.han} han {priced.fu} fu"
    return f"{head}: {', '.join(f'{n} {h}' for n, h in priced.yaku)} ({level})"


def _over(
    rnd: RiichiRound,
    kind: Literal["win", "exhaustive", "abortive"],
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
        rnd.number, kind, wins, points, scores, sticks, next_dealer, explanation, tenpai, abort, rnd.deposits
    )
    return rnd._replace(phase="over", result=result, deposit_due=None)
