"""Riichi mahjong's events (docs/riichi.md §3). Seats are 0..3 in turn order (East, South, West,
North at the first hand, counter-clockwise); tiles are in ``events.tiles`` notation."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, Strict

from events.hanafuda import SeatOnly
from events.model import Payload, Seat
from events.registry import event_type
from events.tiles import Tile

Points = Annotated[int, Strict(), Field(ge=-1_000_000, le=1_000_000)]
# Honba and sticks have no bound in the game; this one only keeps a number a number (a match of a
# million hands is not played).
Count = Annotated[int, Strict(), Field(ge=0, le=1_000_000)]
Hand13 = Annotated[tuple[Tile, ...], Field(min_length=13, max_length=13)]
Wind = Literal["E", "S", "W", "N"]


@event_type("riichi.round_started")
class RiichiRoundStarted(Payload):
    """A hand begins: East 1, East 2 ... with its dealer, counters and the scores it starts from."""

    STARTS_ROUND: ClassVar[bool] = True

    dealer: Seat
    hand: Annotated[int, Strict(), Field(ge=1, le=4)]
    honba: Count
    round_wind: Wind
    scores: Annotated[tuple[Points, ...], Field(min_length=3, max_length=4)]
    sticks: Count


@event_type("riichi.deal")
class RiichiDeal(Payload):
    """Thirteen tiles to each seat (the dealer's fourteenth is his first draw), and the first dora indicator."""

    dora_indicator: Tile
    hands: Annotated[tuple[Hand13, ...], Field(min_length=3, max_length=4)]


@event_type("riichi.draw")
class RiichiDraw(Payload):
    """A tile drawn from the wall, or from the dead wall after a kan or a north (``rinshan``)."""

    rinshan: bool = False
    seat: Seat
    tile: Tile


@event_type("riichi.discard")
class RiichiDiscard(Payload):
    """A tile to the river; ``tsumogiri`` when it is the tile just drawn."""

    seat: Seat
    tile: Tile
    tsumogiri: bool = False


CallKind = Literal["chi", "pon", "daiminkan", "ankan", "kakan", "kita"]


@event_type("riichi.call")
class RiichiCall(Payload):
    """A meld: ``tiles`` is the whole meld; ``called`` is the discard taken (chi, pon, open kan) or
    the tile added to a pon (kakan); ``from_seat`` is who discarded it. Kita sets a north aside."""

    called: Tile | None = None
    from_seat: Seat | None = None
    kind: CallKind
    seat: Seat
    tiles: Annotated[tuple[Tile, ...], Field(min_length=1, max_length=4)]


@event_type("riichi.riichi")
class RiichiDeclared(SeatOnly):
    """Riichi: the seat's next discard is the declaration tile, and 1000 points go to the table."""


@event_type("riichi.dora_revealed")
class DoraRevealed(Payload):
    """A kan dora indicator turned over."""

    indicator: Tile


@event_type("riichi.win")
class RiichiWin(Payload):
    """Tsumo on the tile just drawn, or ron on ``from_seat``'s discard (or the tile of its added kan)."""

    from_seat: Seat | None = None
    kind: Literal["tsumo", "ron"]
    pao_seat: Seat | None = None
    seat: Seat
    ura_indicators: Annotated[tuple[Tile, ...], Field(max_length=5)] = ()


@event_type("riichi.exhaustive_draw")
class ExhaustiveDraw(Payload):
    """The wall ran out: who was tenpai (and who made nagashi mangan, where the ruleset has it)."""

    nagashi: tuple[Seat, ...] = ()
    tenpai: tuple[Seat, ...]


AbortKind = Literal["kyuushu_kyuuhai", "four_riichi", "four_kans", "four_winds", "triple_ron"]


@event_type("riichi.abortive_draw")
class AbortiveDraw(Payload):
    """The hand is abandoned: nine terminals, four riichi, four kans, four winds, or three rons."""

    kind: AbortKind
    seat: Seat | None = None


class ScoredMeld(Payload):
    """A meld of a hand recorded at result depth: its kind and all its tiles."""

    kind: Literal["chi", "pon", "daiminkan", "ankan", "kakan"]
    tiles: Annotated[tuple[Tile, ...], Field(min_length=3, max_length=4)]


WinCondition = Literal[
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"
]


@event_type("riichi.hand_result")
class RiichiHandResult(Payload):
    """A hand recorded at result depth, with no moves: the winner's tiles and what the table saw.

    ``hand`` holds the concealed tiles without ``win_tile``; the conditions are those the fold
    works out from the moves at move depth (riichi, ippatsu, haitei ...), here said by the table.
    ``others_in_riichi`` are the other seats that declared riichi: their sticks go to the winner.
    """

    conditions: Annotated[tuple[WinCondition, ...], Field(max_length=10)] = ()
    dora_indicators: Annotated[tuple[Tile, ...], Field(min_length=1, max_length=5)]
    from_seat: Seat | None = None
    hand: Annotated[tuple[Tile, ...], Field(min_length=1, max_length=13)]
    kind: Literal["tsumo", "ron"]
    melds: Annotated[tuple[ScoredMeld, ...], Field(max_length=4)] = ()
    others_in_riichi: Annotated[tuple[Seat, ...], Field(max_length=3)] = ()
    seat: Seat
    ura_indicators: Annotated[tuple[Tile, ...], Field(max_length=5)] = ()
    win_tile: Tile


@event_type("riichi.draw_result")
class RiichiDrawResult(Payload):
    """A drawn hand recorded at result depth: exhaustive (who was tenpai) or abortive (``abort``),
    and who had declared riichi."""

    abort: AbortKind | None = None
    nagashi: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()
    riichi: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()
    tenpai: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()


@event_type("riichi.played_on")
class RiichiPlayedOn(Payload):
    """A server's record goes on where the rules end the match: the hands after it are kept as the
    log has them. ``refused`` says why the rules would have ended the match there."""

    refused: Annotated[str, Strict(), Field(min_length=1, max_length=1000)]


@event_type("riichi.recorded_result")
class RiichiRecordedResult(Payload):
    """A hand's end as a server's log recorded it, where the rules refuse a move of it.

    A server's record is the table's record: the hand is kept as the log has it, with the score
    changes it recorded (``paid``, riichi sticks put down not included), the seats whose riichi
    stick went down (``riichi``), the sticks left on the table and the next dealer, all of which
    the log's next hand confirms. ``refused`` says which move the rules refused and why;
    ``record`` holds the hand as the log wrote it (its JSON), so that nothing of it is lost.
    """

    kind: Literal["win", "exhaustive", "abortive"]
    next_dealer: Seat
    paid: Annotated[tuple[Points, ...], Field(min_length=3, max_length=4)]
    record: Annotated[str, Strict(), Field(max_length=100_000)] = ""
    refused: Annotated[str, Strict(), Field(min_length=1, max_length=1000)]
    riichi: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()
    sticks: Annotated[int, Strict(), Field(ge=0, le=1000)]


Limit = Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman"]
Fu = Literal[20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]


class DeclaredValue(Payload):
    """One winner's hand as the table declared it, without its tiles: han and fu below a mangan,
    or a limit; optionally the yaku the table named (as the ruleset's list spells them)."""

    fu: Fu | None = None
    han: Annotated[int, Strict(), Field(ge=0, le=12)] = 0
    limit: Limit | None = None
    seat: Seat
    yaku: Annotated[tuple[Annotated[str, Strict(), Field(min_length=1, max_length=40)], ...], Field(max_length=20)] = ()


@event_type("riichi.declared_win")
class RiichiDeclaredWin(Payload):
    """A hand won, recorded by the value the table declared (no tiles): one winner for a tsumo, one
    to three for a ron on one discard (``from_seat`` dealt in), and every seat that declared riichi
    this hand. The payments, honba, sticks and the next dealer follow from the ruleset."""

    from_seat: Seat | None = None
    kind: Literal["tsumo", "ron"]
    riichi: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()
    wins: Annotated[tuple[DeclaredValue, ...], Field(min_length=1, max_length=3)]


@event_type("riichi.chombo")
class RiichiChombo(Payload):
    """A chombo (a false win, a wrong riichi, the wall broken): the seat at fault pays the ruleset's
    penalty, the riichi sticks put down go back, and the hand is played again."""

    riichi: Annotated[tuple[Seat, ...], Field(max_length=4)] = ()
    seat: Seat


@event_type("riichi.unseen_deal")
class RiichiUnseenDeal(Payload):
    """The deal as the table sees it (the public record): the first dora indicator, and a hand where
    it is known (a player's own phone, a log), the others unseen (null). An unseen hand's tiles are
    shown as they are discarded, called or laid open (``riichi.hand_shown``)."""

    dora_indicator: Tile
    known: Annotated[tuple[Hand13 | None, ...], Field(max_length=4)] = ()


@event_type("riichi.unseen_draw")
class RiichiUnseenDraw(Payload):
    """A tile drawn that only its drawer saw (the public record): from the wall, or the dead wall
    after a kan or a north (``rinshan``)."""

    rinshan: bool = False
    seat: Seat


@event_type("riichi.hand_shown")
class RiichiHandShown(Payload):
    """A hand laid open (for a win, a tenpai at an exhaustive draw, nine terminals): all its
    concealed tiles, ``drawn`` among them when the seat holds the tile it just drew. The fold checks
    it against what that hand is known to hold and against every tile seen."""

    drawn: Tile | None = None
    seat: Seat
    tiles: Annotated[tuple[Tile, ...], Field(min_length=1, max_length=14)]
