"""Chinese Official mahjong's events (MCR, docs/mcr.md). Seats are 0..3 in turn order; a hand's
seat winds are counted from its dealer. Tiles are written as riichi's are (``1m``..``9m``,
``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z`` for East, South, West, North, white, green, red;
no red fives) and the eight flowers and seasons are ``1f``..``8f`` (plum, orchid, chrysanthemum,
bamboo; spring, summer, autumn, winter)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, Strict

from events.model import Payload, Seat
from events.registry import event_type

Suited = Literal[
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
]  # fmt: skip
Flower = Literal["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]
McrTile = Suited | Flower
PLAYING: tuple[str, ...] = get_args(Suited)  # the 34 kinds, four of each in the wall
FLOWERS: tuple[str, ...] = get_args(Flower)  # one of each
WALL = 4 * len(PLAYING) + len(FLOWERS)  # 144

Dealt = Annotated[tuple[McrTile, ...], Field(min_length=13, max_length=14)]
MeldKind = Literal["chow", "pung", "kong", "concealed_kong", "added_kong"]
FanId = Annotated[str, Strict(), Field(pattern=r"^[a-z][a-z_]{1,40}$")]
Flowers = Annotated[int, Strict(), Field(ge=0, le=8)]


@event_type("mcr.deal")
class McrDeal(Payload):
    """Each seat's tiles, seat 0 first: thirteen, and fourteen for the dealer (flowers among them
    are declared and replaced after the deal)."""

    hands: Annotated[tuple[Dealt, ...], Field(min_length=4, max_length=4)]


@event_type("mcr.draw")
class McrDraw(Payload):
    """A tile from the wall; ``replacement`` when it replaces a flower or follows a kong (from the
    wall's other end)."""

    replacement: bool = False
    seat: Seat
    tile: McrTile


@event_type("mcr.discard")
class McrDiscard(Payload):
    seat: Seat
    tile: Suited


@event_type("mcr.flower")
class McrFlower(Payload):
    """A flower or season set aside: the seat draws a replacement next."""

    flower: Flower
    seat: Seat


@event_type("mcr.meld")
class McrMeld(Payload):
    """A chow, pung or kong claimed from the last discard (``tiles`` is the whole set, the
    discard among them), a concealed kong of four tiles in hand, or a pung's fourth tile added
    (``tiles`` the whole kong)."""

    kind: MeldKind
    seat: Seat
    tiles: Annotated[tuple[Suited, ...], Field(min_length=3, max_length=4)]


@event_type("mcr.win")
class McrWin(Payload):
    """Mahjong: on the tile just drawn (``from_seat`` none), on ``from_seat``'s discard, or
    robbing the tile ``from_seat`` added to a pung. The fans are the hand's, as the rules find them."""

    from_seat: Seat | None = None
    seat: Seat


@event_type("mcr.false_win")
class McrFalseWin(Payload):
    """Mahjong declared on a hand that is not one: the seat pays each other player the penalty,
    and the hand goes on."""

    seat: Seat


@event_type("mcr.drawn_hand")
class McrDrawnHand(Payload):
    """The wall is empty and nobody won: a draw, with no payment."""


class DeclaredMeld(Payload):
    """A set the winner had laid open (or a concealed kong), as a result by hand records it."""

    kind: Literal["chow", "pung", "kong", "concealed_kong"]
    tiles: Annotated[tuple[Suited, ...], Field(min_length=3, max_length=4)]


@event_type("mcr.fans_declared")
class McrFansDeclared(Payload):
    """A hand recorded by its result: the winner, from whom (none: self-drawn) and the fans the
    table counted (a fan counted twice is named twice), with the flowers."""

    fans: Annotated[tuple[FanId, ...], Field(min_length=1, max_length=24)]
    flowers: Flowers = 0
    from_seat: Seat | None = None
    seat: Seat


@event_type("mcr.hand_declared")
class McrHandDeclared(Payload):
    """A hand recorded by its result: the winner's hand as laid open (the concealed tiles without
    the winning one, the sets laid open, the winning tile and what the table knows of it), priced
    by the rules."""

    concealed: Annotated[tuple[Suited, ...], Field(min_length=1, max_length=13)]
    flowers: Flowers = 0
    fourth_tile: bool = False
    from_seat: Seat | None = None
    last_tile: bool = False
    melds: Annotated[tuple[DeclaredMeld, ...], Field(max_length=4)] = ()
    on_kong: bool = False
    seat: Seat
    tile: Suited
