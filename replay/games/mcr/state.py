"""MCR's folded state: a hand in play, a hand's result, the match. Frozen values; the fold
(``fold.py``) makes each from the one before."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from replay.engine.match import GameState
from replay.games.mcr.fans import BY_ID

SEATS = 4
WIND_NAMES = ("East", "South", "West", "North")
# The players' places at the table at the start of each wind round, East first and then in turn,
# as seats counted from the first dealer. The Green Book's: after the East round East and South
# change places, and West and North; after the South round East goes to West's place, West to
# South's, South to North's and North to East's; after the West round East and South change places
# again, and West and North; the first East is East again at each round's first hand. "fixed": a
# club that keeps its places all session.
SEATINGS: dict[str, tuple[tuple[int, ...], ...]] = {
    "greenBook": ((0, 1, 2, 3), (0, 3, 2, 1), (0, 3, 1, 2), (0, 2, 1, 3)),
    "fixed": ((0, 1, 2, 3),) * SEATS,
}


def turn_order(seating: str, first_dealer: int, hand: int) -> tuple[int, ...]:
    """The seats in turn order at hand ``hand`` (from 1), its dealer first."""
    places = SEATINGS[seating][(hand - 1) // SEATS % SEATS]
    start = (hand - 1) % SEATS
    return tuple((first_dealer + places[(start + k) % SEATS]) % SEATS for k in range(SEATS))


class McrOptions(NamedTuple):
    minimum: int  # fans a win needs, flowers not counted
    base: int  # what every other player pays a winner besides the fans
    false_win: int  # what a false mahjong pays each other player
    seating: str = "greenBook"  # how the players change places between wind rounds (SEATINGS)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set laid open (or a concealed kong): its kind, its tiles, and whom its tile came from."""

    kind: str  # chow, pung, kong, concealed_kong
    tiles: tuple[str, ...]
    from_seat: int | None = None

    @property
    def shown(self) -> bool:
        return self.kind != "concealed_kong"


@dataclass(frozen=True, slots=True)
class McrResult:
    round: int
    dealer: int
    winner: int | None  # none: a drawn hand
    from_seat: int | None  # none: self-drawn (or a drawn hand)
    fans: tuple[tuple[str, int], ...]  # each fan's id and how often it counts, flowers included
    points: tuple[int, ...]  # each seat's change, false mahjongs' penalties included
    depth: str  # "moves", or "result" for a hand recorded by its result alone
    tile: str | None = None  # the winning tile, where the record knows it
    next_dealer: int = 0  # who deals the next hand (the deal passes every hand, won or not)

    @property
    def number(self) -> int:
        return self.round

    @property
    def fan_total(self) -> int:
        return sum(BY_ID[fan].points * count for fan, count in self.fans)

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def reason(self) -> str:
        if self.winner is None:
            return "draw"
        return "self_drawn" if self.from_seat is None else "discard"

    @property
    def ends_match(self) -> bool:
        return False

    @property
    def explanation(self) -> str:
        if self.winner is None:
            return "a draw: the wall is empty and nobody won"
        how = "self-drawn" if self.from_seat is None else f"on seat {self.from_seat}'s discard"
        counted = ", ".join(f"{BY_ID[f].name}{f' x{n}' if n > 1 else ''} {BY_ID[f].points * n}" for f, n in self.fans)
        return f"seat {self.winner} wins {how}: {self.fan_total} points ({counted})"


@dataclass(frozen=True, slots=True)
class McrRound:
    number: int
    dealer: int
    wind: int  # the prevalent wind, 0 East .. 3 North
    order: tuple[int, ...] = (0, 1, 2, 3)  # the seats in turn order, the dealer (East) first
    following: int = 1  # who deals the next hand
    phase: str = "deal"  # deal, play, over
    hands: tuple[tuple[str, ...], ...] = ((), (), (), ())  # the concealed tiles, sorted
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ())
    flowers: tuple[tuple[str, ...], ...] = ((), (), (), ())
    rivers: tuple[tuple[str, ...], ...] = ((), (), (), ())  # discards not claimed
    to_move: int = 0
    step: str = "discard"  # what the seat to move does next: draw, discard, or replace (a flower's or kong's tile)
    owes: int | None = None  # the seat that draws a replacement next
    replacing: str = ""  # for a flower or a kong
    last_discard: tuple[int, str] | None = None  # (seat, tile): the discard the others may claim
    robbable: tuple[int, str] | None = None  # (seat, tile): a pung's fourth tile just added
    drawn: str | None = None  # the tile the seat to move just drew (none after a claim)
    kong_draw: bool = False  # that tile replaced a kong
    opening: bool = True  # no discard yet: every seat replaces the flowers it was dealt
    wall: int = 0
    penalties: tuple[int, ...] = (0, 0, 0, 0)  # false mahjongs in this hand
    result: McrResult | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seat_wind(self, seat: int) -> int:
        """0 East .. 3 North: the seat's place in turn order from the dealer."""
        return self.order.index(seat)

    def seat_of_wind(self, wind: int) -> int:
        return self.order[wind]

    def after(self, seat: int) -> int:
        """The seat whose turn comes after ``seat``'s: the next to play, the one a chow is open to."""
        return self.order[(self.order.index(seat) + 1) % SEATS]


McrState = GameState[McrOptions, McrRound, McrResult]


def table_points(scores: tuple[int, ...]) -> tuple[float, ...]:
    """A session's table points: 4, 2, 1 and 0 by place, players tied sharing the points of the
    places they take together (two tied first: 3 each)."""
    ladder = (4, 2, 1, 0)
    shared = []
    for score in scores:
        above = sum(other > score for other in scores)
        tied = sum(other == score for other in scores)
        shared.append(sum(ladder[above : above + tied]) / tied)
    return tuple(shared)
