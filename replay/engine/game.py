"""A game declared once: the ``Game`` descriptor every layer above asks instead of branching on a name.

Each game's package (``replay/games/<game>/``) declares its ``GAME`` in ``game.py`` and has the same
modules: ``fold`` (its projection and legal moves), ``view``, ``result_line``, ``simulate`` and
``entry`` (table mode's words). ``GAME.rules()``
gives them as one typed ``GameRules``, made by a function of the game's own (plain imports, so a
reader and mypy follow them) the first time it is asked: a command that touches one game never
loads the others (or a library only one game's pricing needs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from events.errors import InputError
from events.match import Claim, GameName, MatchStarted
from events.model import Payload
from replay.engine.fold import Projection, Step
from replay.engine.logs import LogFormat
from replay.engine.match import UntilEnded
from replay.engine.options import RulesetSpec
from replay.engine.result import RoundOutcome
from replay.engine.snapshot import Snapshot

if TYPE_CHECKING:  # named in annotations only: a game's descriptor loads neither the moves nor the intents
    from replay.engine.intents import Builders
    from replay.engine.match import MatchView
    from replay.engine.moves import Offer


State = TypeVar("State")  # a game's folded match (its ``state`` module's)
Round = TypeVar("Round")  # a game's round, frozen
Result = TypeVar("Result", bound="RoundOutcome")  # a game's round result: what every layer above reads of it
# As a hook takes them: a game's hooks take its own state, and the registry, which holds every
# game, hands each one its own game's state (``Game.rules`` is ``GameRules[Any, ...]`` there).
StateIn = TypeVar("StateIn", contravariant=True)
RoundIn = TypeVar("RoundIn", contravariant=True)
ResultIn = TypeVar("ResultIn", contravariant=True)


class GameView(Protocol[StateIn, RoundIn]):
    """What a game's ``view`` module gives: the replay document, and what a round waits for."""

    def match_json(self, match_id: str, snap: Snapshot[StateIn]) -> dict[str, Any]: ...

    def expects(self, rnd: RoundIn, names: Sequence[str]) -> str: ...

    def move_words(self, step: Step, names: Sequence[str]) -> str: ...

    def decided_by(self, payload: Payload) -> int | None: ...  # the seat whose choice the event is


@dataclass(frozen=True, slots=True)
class Grid:
    """A table of text a game lays out (its statistics, its round in the terminal), every cell
    written out: the terminal and the pages draw it as it is, knowing nothing of the game."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    name: str = ""  # its id on a page


@dataclass(frozen=True, slots=True)
class Line:
    """A line of text a game lays out, its first words (``bold``) standing out."""

    text: str
    bold: str = ""


Layout = list[Line | Grid]  # what the terminal shows of a replay document, in order

UNSEEN = "?"  # a piece whose face is not known (the public record): drawn face down
UNSEEN_NAME = "face down: not seen yet"


@dataclass(frozen=True, slots=True)
class PieceDrawing:
    """A game's pieces as the pages draw them: an SVG ``<symbol>`` for each piece and for its back
    (``UNSEEN``), whose id is the game's page script's sprite prefix and the piece's id, and each
    piece's accessible name, by id. Declared by the game (``GameRules.drawing``)."""

    symbols: Callable[[], list[str]]
    names: Callable[[], dict[str, str]]


def figure(value: float | None) -> str:
    """A count or an average as a table shows it: 1,234 or 3.25, and - for none."""
    if value is None:
        return "-"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}"
    return f"{int(value):,}"


def percent(value: float | None) -> str:
    """A rate (0.4213) as a table shows it: 42.1%, and - for none."""
    return "-" if value is None else f"{value * 100:.1f}%"


def ordinal(place: int) -> str:
    """A place as it is said: 1st, 2nd, 3rd, 4th (11th to 13th too)."""
    if place % 100 in (11, 12, 13):
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


class GameReview(Protocol[StateIn, ResultIn]):
    """What a game's ``review`` module gives the statistics and the audit."""

    def digest(self, data: dict[str, Any], effective: Sequence[Step]) -> dict[str, Any]: ...

    def summary(
        self,
        matches: list[dict[str, Any]],
        wanted: set[str],
        seats_of: Callable[[dict[str, Any]], list[tuple[int, str]]],
    ) -> Any: ...

    def tables(self, section: Any, game: str) -> list[Grid]: ...

    def achievements(
        self, matches: list[dict[str, Any]], seats_of: Callable[[dict[str, Any]], list[tuple[int, str]]]
    ) -> list[dict[str, Any]]:
        """A season's achievements over ``matches``: each ``{achievement, means, source, value,
        players}``, held by the player or players with the best figure."""
        ...

    def tallied(
        self, matches: list[dict[str, Any]], seats_of: Callable[[dict[str, Any]], list[tuple[int, str]]],
        totals: dict[str, Any] | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        """What the achievements are chosen from: each player's counts over ``matches``, added to
        ``totals`` (an earlier tally) where given, as JSON (a league's is kept, and grown by the
        matches that end). ``achievements`` is ``held`` of it."""
        ...

    def combined(self, totals: dict[str, Any], key_of: Callable[[str], str]) -> dict[str, Any]:
        """A tally under other keys (``key_of`` each player's: one person's names at every club),
        added up where two meet as ``tallied`` adds matches."""
        ...

    def held(self, totals: dict[str, Any]) -> list[dict[str, Any]]:
        """The achievements a tally (``tallied``) gives, as ``achievements`` gives them."""
        ...

    def computed_points(self, result: ResultIn) -> tuple[int, ...]: ...

    def final_differs(self, claim: Claim, state: StateIn) -> str | None:
        """How a claim of the final result (round 0: a log's own, or the table's) differs from what
        the rules give, naming both; None where they agree."""
        ...

    def scores_now(self, state: StateIn) -> tuple[int, ...]: ...

    def glance(self, state: StateIn) -> dict[str, Any]: ...

    def describe_round(self, state: StateIn) -> dict[str, Any]:
        """The round in play as the audit shows it before an illegal event (its phase, who is to
        move, the hands and what lies on the table); ``{"round": None}`` before any round."""
        ...

    def as_recorded(self, payload: Payload, round_no: int) -> tuple[str, str] | None:
        """What the audit says of an event that keeps a round as a server's log recorded it
        (its stable code and words); None for any other event."""
        ...

    def scoring_words(self, result: ResultIn, winner: int) -> tuple[str, int | str, int | str, str]:
        """The winner's yaku in a few words, and (where the game counts them) the han, fu and limit, as an export's row
        gives them."""
        ...

    def finished(self, state: StateIn) -> bool: ...

    def balance(
        self, results: Sequence[ResultIn], effective: Sequence[Step], state: StateIn, round_no: int | None
    ) -> list[tuple[str, str, int | None, int]]: ...

    def repricing(
        self, results: Sequence[ResultIn], state: StateIn, rulesets: Sequence[str], round_no: int | None
    ) -> list[dict[str, Any]]: ...


Question = tuple[str, str, frozenset[str]]  # (what, the question, the commands that answer it)


class TableEntry(Protocol[StateIn]):
    """What a game's ``entry`` module gives table mode and the phone recorder: the decision the
    rules leave to a player now, the short screen between moves, and the words a person types for
    a move, each turned into the recording command it stands for (``play pine-crane -c ...``)."""

    @property
    def help(self) -> tuple[str, ...]:
        """The game's own lines of table mode's help: what a person types for its moves."""
        ...

    def question(self, state: StateIn) -> Question | None: ...

    def status_lines(self, data: dict[str, Any]) -> list[str]: ...

    def result_line(self, state: StateIn, head: str, rest: list[str]) -> list[str] | None: ...

    def before_verbs(self, state: StateIn, words: list[str]) -> list[str] | None: ...

    def translate(self, state: StateIn, words: list[str]) -> list[str]: ...

    def choices(self, state: StateIn, words: list[str], typed: Sequence[str] = ()) -> list[str]: ...

    def offers(self, state: StateIn) -> list[Offer]: ...


@dataclass(frozen=True, slots=True)
class FishingMoves:
    """What recording a fishing game's turn needs: the move types, the deck, and the layout of a deal."""

    deal: type[Payload]
    play: type[Payload]  # each of these three places a card (a placed card, a capture: the game's event types)
    draw: type[Payload]
    capture: type[Payload]
    alone: frozenset[str]  # cards that go to the scoring area by themselves
    deck: frozenset[str]
    field_size: int
    pile_size: int
    dead_size: int  # cards set aside unseen at the deal
    field_deal: type[Payload] | None = None  # the deal of the public record: the field alone, the hands unseen

    def undone_together(self, effective: Sequence[Step], target: Step) -> list[Step]:
        """``target``, and the capture that rests on it when it is a play or draw that captured (the
        table made them in one move: voiding the play alone would leave a capture of nothing)."""
        undone = [target]
        if not isinstance(target.payload, (self.play, self.draw)):
            return undone
        later = [s for s in effective if s.seq > target.seq]
        placed = cast(_PlacesACard, target.payload).card
        if later and isinstance(later[0].payload, self.capture) and cast(_PlacesACard, later[0].payload).card == placed:
            undone.append(later[0])
        return undone


class _PlacesACard(Protocol):
    @property
    def card(self) -> str: ...


@dataclass(frozen=True, slots=True)
class DealtHands:
    """A deal as a phone lays it out where the game is not a fishing game: each seat's
    hand of ``hand_size`` pieces, then the other places it fills (their words, how many, and the
    ``deal`` option that names them), from ``pieces`` with ``copies`` of each."""

    hand_size: int
    places: tuple[tuple[str, int, str], ...]  # (what the place is called, its size, its deal option)
    pieces: tuple[str, ...]
    copies: int
    dealer_extra: int = 0  # the dealer's hand holds this many more (a 14th tile dealt, not drawn)


@dataclass(frozen=True, slots=True)
class GameRules(Generic[State, Round, Result]):
    """A game's rules, as typed callables: its fold, its view, its result lines, its simulation."""

    projection: Callable[[], Projection[State]]  # a fresh fold of the game's matches
    view: GameView[State, Round]
    parse_result_line: Callable[[Sequence[str], Round | None, Sequence[str]], Payload]  # words, round, players' names
    # A round's result as a phone taps it: its values, as the game's page sends them (the same
    # result event the words make; the game checks them as it checks the words).
    result_of: Callable[[Mapping[str, object], Round | None, Sequence[str]], Payload]
    # Whether a result is a second result on a round already over (another win on the same discard, where the game has one).
    takes_another_result: Callable[[Payload, Round | None], bool]
    simulate: Callable[[MatchStarted, int, int], Iterator[Payload]]
    entry: TableEntry[State]
    legal_moves: Callable[[State], list[Payload]]  # the events the fold would accept next in a round
    review: GameReview[State, Result]
    layout: Callable[[dict[str, Any]], Layout]  # a replay document as the terminal shows it
    # The game's verbs (its ``builders`` module), by the builder name each move declares: how what
    # a person says becomes this game's events.
    builders: Builders
    # A full record's public record: what the table saw of it (the hands and draws unseen).
    public_view: Callable[[Iterable[Payload]], Iterator[Payload]] | None = None
    # Each choice weighed against the best (every discard, say), from a match's effective steps:
    # {"players", "summary", "discards"}, where the game has an ``analysis`` module.
    weigh: Callable[[Sequence[Step], str | None], dict[str, Any]] | None = None  # (steps, one player or all)
    # A recorded round's wins priced under other rulesets of the game, side by side (its
    # payments follow the ruleset), where the game has a ``repricing`` module: (the state at the
    # round's end, its number, the rulesets) -> ({"wins", "recorded_ruleset"}, the round in words).
    price: Callable[[State, int, Sequence[str]], tuple[dict[str, Any], str]] | None = None
    # The rulesets ``price`` sets side by side when none are named.
    price_against: tuple[str, ...] = ()
    # What `price` and `review` print in the terminal, as the game lays its answers out: (the
    # priced hand, the players' names, the hand in words) and (the review).
    lay_out_price: Callable[[dict[str, Any], Sequence[str], str], Layout] | None = None
    lay_out_review: Callable[[dict[str, Any]], Layout] | None = None
    # Its pieces as the pages draw them (none: a page draws no piece).
    drawing: PieceDrawing | None = None


AnyRules = GameRules[Any, Any, Any]  # a game's, as the registry of every game holds them

_LOADED: dict[str, AnyRules] = {}


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its identity, table, rulesets, and where its rules live."""

    name: GameName
    title: str  # as players write it
    round_word: str  # what one deal to its result is called: round, or hand
    players: tuple[int, ...]  # how many may sit at the table
    default_players: tuple[str, ...]  # names a simulated match gives its seats
    pieces: int  # cards in the deck, or tiles in the wall
    rulesets: tuple[RulesetSpec, ...]
    default_ruleset: str
    load: Callable[[], AnyRules]  # the game's rules, loaded when first asked for
    fishing: FishingMoves | None = None  # a fishing game's turn of play, draw and capture
    dealt_hands: DealtHands | None = None  # a deal's layout on a phone, for a game that is not a fishing game
    piece_word: str = "cards"  # what its pieces are called: cards, or tiles
    stats_section: tuple[str, ...] = ()  # where its players' summary goes in the statistics
    # A match is settled in results beside its points (with oka and uma, or table points by
    # place), and players are ranked by them; ``result_unit`` says what they are.
    uma: bool = False
    result_unit: str = "points"
    result_label: str = "result"  # its column's heading in the statistics
    ties_by_score: bool = False  # players level on those results are parted by their points
    page_package: str = ""  # the package whose page.js draws its rounds on the pages (declares GAME_PAGE)
    seat_winds: bool = False  # a seat is also named by its wind this round, counted from the dealer
    # The words a round's result is tapped with on a table's page, by kind (the yaku a
    # table declares, the teyaku shown), for its page.js.
    result_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The game's own events that a move shared by name records (the game's ``builders`` module), by the
    # move's word: go and stop after a new yaku, the misdeal, a teyaku exposed.
    declared: Mapping[str, type[Payload]] = field(default_factory=dict)
    log_formats: tuple[LogFormat, ...] = ()  # other programs' records of its games, read by `taikyoku import`

    def rules(self) -> AnyRules:
        found = _LOADED.get(self.name)
        if found is None:
            found = _LOADED[self.name] = self.load()
        return found

    def projection(self) -> Projection[Any]:
        """A fresh fold of this game's matches (it wraps the match-level one), refusing anything
        after the match's end as every game does (``match.ended``)."""
        return UntilEnded(self.rules().projection())

    def view(self) -> GameView[Any, Any]:
        return self.rules().view

    def parse_result_line(self, words: Sequence[str], rnd: object, names: Sequence[str] = ()) -> Payload:
        """A round recorded at result depth, from the words typed after ``taikyoku result`` (a
        player may be named)."""
        return self.rules().parse_result_line(words, rnd, names)

    def entry(self) -> TableEntry[Any]:
        """Table mode's words for this game (``replay/games/<game>/entry.py``)."""
        return self.rules().entry

    def legal_moves(self, state: MatchView) -> list[Payload]:
        """The events the fold would accept next within the round, as the rules' own handlers decide:
        none once the match has ended."""
        return [] if state.match.ended is not None else self.rules().legal_moves(state)

    def layout(self, data: dict[str, Any]) -> Layout:
        """A replay document (``view.match_json``) as the terminal lays it out."""
        return self.rules().layout(data)

    def public_view(self, payloads: Iterable[Payload]) -> list[Payload]:
        """What the table saw of a full record: its public record (``import --public``)."""
        made = self.rules().public_view
        if made is None:
            raise InputError(f"{self.title} keeps no public record apart from its full one")
        return list(made(payloads))

    def review(self) -> GameReview[Any, Any]:
        """What the statistics and the audit take of this game's matches."""
        return self.rules().review

    def simulate(self, started: MatchStarted, seed: int, rounds: int) -> Iterator[Payload]:
        """A random legal match from ``seed``: ``started`` first, then ``rounds`` rounds."""
        return self.rules().simulate(started, seed, rounds)
