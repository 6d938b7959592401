"""A riichi hand as it stands: melds, rivers, the immutable ``RiichiRound``, and the small steps every
move shares (a discard passing, a kan's replacement, counting the tiles seen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, NamedTuple

from events.tiles import (
    TILES,
    full_set,
    plain,
)
from replay.engine.fold import Step, illegal
from replay.engine.match import GameState
from replay.games.riichi.options import RiichiOptions
from replay.games.riichi.pricing import Priced, Unpriced, WinHand


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
    kind: Literal["win", "exhaustive", "abortive", "chombo"]
    wins: tuple[WinRecord, ...]
    points: tuple[int, ...]  # each seat's change over the hand, riichi deposits included
    scores: tuple[int, ...]  # the scores after the hand
    sticks: int  # riichi sticks left on the table
    next_dealer: int
    explanation: str
    tenpai: tuple[int, ...] = ()
    abort: str | None = None
    deposits: tuple[int, ...] = ()  # riichi sticks put down this hand, by seat (in points)
    # Move by move, its result only (priced from its tiles), its value as the table declared it
    # (no tiles), or as a log had it.
    depth: Literal["moves", "result", "declared", "record"] = "moves"
    dealer: int = 0
    penalty: tuple[int, ...] = ()  # by seat, taken off the final result after uma (a chombo's finalPenalty)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(w.seat for w in self.wins)

    @property
    def reason(self) -> str:
        return self.kind

    @property
    def paid(self) -> tuple[int, ...]:
        """The change without this hand's riichi deposits: what Tenhou's logs record."""
        return tuple(p + d for p, d in zip(self.points, self.deposits, strict=True))


Phase = Literal["deal", "draw", "discard", "after_discard", "rinshan", "over"]


class _RoundFields(NamedTuple):
    """The fields of ``RiichiRound``."""

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
    played_on: bool = False  # over where the rules end the match, and a server's log went on


class RiichiRound(_RoundFields):
    """One hand as it stands. Immutable: the fold makes a new one per event (``_replace``)."""

    __slots__ = ()

    def _replace(self, /, **changes: Any) -> RiichiRound:
        """A copy with ``changes``: put in place, where NamedTuple's own asks each of the 37
        fields whether it changed (a move changes a few; this is most of what a move costs)."""
        values = list(self)
        try:
            for name, value in changes.items():
                values[_PLACES_OF_FIELDS[name]] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {sorted(set(changes) - set(self._fields))!r}") from None
        return tuple.__new__(RiichiRound, values)

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


_PLACES_OF_FIELDS = {name: place for place, name in enumerate(_RoundFields._fields)}
RiichiState = GameState[RiichiOptions, RiichiRound, HandResult]


def at(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the seat's entry changed (a seat off the table changes nothing)."""
    if 0 <= seat < len(values):
        return (*values[:seat], value, *values[seat + 1 :])
    return values


def passed(rnd: RiichiRound) -> RiichiRound:
    """The last discard was not won on: pay its riichi stick, and make its passers furiten."""
    if rnd.deposit_due is None and not rnd.could_ron:
        return rnd
    deposits = rnd.deposits
    if rnd.deposit_due is not None:
        deposits = at(deposits, rnd.deposit_due, deposits[rnd.deposit_due] + 1000)
    in_riichi = {s for s in rnd.could_ron if rnd.riichi[s]}
    return rnd._replace(
        deposits=deposits,
        deposit_due=None,
        furiten=rnd.furiten | (rnd.could_ron - in_riichi),
        riichi_furiten=rnd.riichi_furiten | in_riichi,
        could_ron=frozenset(),
    )


def after_kan_or_north(rnd: RiichiRound, seat: int, *, kan: bool) -> RiichiRound:
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
# Each tile's place in ``counts``, and for a five (plain or red) the places of its suit's plain
# and red five, which count together towards the four of the kind.
_PLACES = {
    tile: (TILE_INDEX[tile], (TILE_INDEX[plain(tile)], TILE_INDEX[f"0{tile[1]}"]) if plain(tile)[0] == "5" and
           tile[1] != "z" else None)
    for tile in TILES
}  # fmt: skip


def see(rnd: RiichiRound, tiles: Sequence[str], step: Step, rules: RiichiOptions) -> RiichiRound:
    """Count newly seen tiles: no fifth copy, and red fives only as the ruleset has them."""
    return rnd._replace(counts=seen_counts(rnd.counts, tiles, step, rules))


def seen_counts(before: tuple[int, ...], tiles: Sequence[str], step: Step, rules: RiichiOptions) -> tuple[int, ...]:
    """``before`` with ``tiles`` counted in; refused if one is a fifth copy or not in the ruleset's set."""
    counts = list(before)
    allowed = allowed_counts(rules.red_fives, rules.three_player)
    for tile in tiles:
        place, fives = _PLACES[tile]
        counts[place] += 1
        if fives is None:
            total, in_set = counts[place], allowed[place]
        else:
            total, in_set = counts[fives[0]] + counts[fives[1]], allowed[fives[0]] + allowed[fives[1]]
        if total > 4:
            raise illegal(step, "riichi.tiles.fifth_copy", f"a fifth {plain(tile)}: only four are in the set")
        if in_set == 0:
            raise illegal(step, "riichi.tiles.not_in_set", f"{plain(tile)} is not in the three-player set")
        if fives is None:
            continue
        if place == fives[1]:  # a red five
            if allowed[place] == 0:
                raise illegal(
                    step,
                    "riichi.tiles.no_red",
                    f"{rules.ruleset} plays without red fives; write {plain(tile)}, not {tile}",
                )
            if counts[place] > allowed[place]:
                raise illegal(step, "riichi.tiles.fifth_copy", f"a second red {plain(tile)}: the set has one")
        elif 0 < allowed[place] < counts[place]:
            raise illegal(
                step,
                "riichi.tiles.red_five",
                f"the set has {allowed[place]} plain {tile}; the fourth is red: write 0{tile[1]}",
            )
    return tuple(counts)


@cache
def allowed_tiles(red_fives: int, three_player: bool) -> Counter[str]:
    return full_set(red_fives, three_player=three_player)


@cache
def allowed_counts(red_fives: int, three_player: bool) -> tuple[int, ...]:
    """How many of each tile the set holds, by ``TILE_INDEX``."""
    allowed = allowed_tiles(red_fives, three_player)
    return tuple(allowed[tile] for tile in TILES)
