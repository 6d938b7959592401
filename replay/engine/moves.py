"""A move declared once: its verb, the words it takes and what each means, and the builder that
records it. The recording commands (`taikyoku discard MATCH 5m`), their ``--help``, table mode's
words (``discard 5m``) and the phone's typed moves are all made from these declarations,
so a new verb is one declaration, its builder in its game's ``builders.py`` (which makes its
events), and its fold rule.

The moves every game shares are declared here; each game declares its own in its ``moves``
module (``replay/games/<game>/moves.py``). No I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

WordKind = Literal["text", "texts", "number", "flag", "either"]


@dataclass(frozen=True, slots=True)
class Word:
    """One thing a move takes. Positional when it has no ``option``.

    ``text``: one value; ``texts``: several (an option said once for each, or the rest of the
    words); ``number``: a whole number; ``flag``: present or not; ``either``: ``option`` or
    ``negative`` said, or neither (None)."""

    name: str  # the intent's keyword
    help: str
    option: str = ""  # "--capture"; "" for a positional word
    short: str = ""  # "-c"
    kind: WordKind = "text"
    required: bool = False
    negative: str = ""  # an ``either`` word's other spelling ("--from-hand")
    metavar: str = ""  # how --help names a positional word


@dataclass(frozen=True, slots=True)
class Move:
    """A verb of the record: what ``--help`` and table mode's ``help`` say of it, its words, and
    the builder that records it (in each game's ``builders.py``, by this name, given the words by
    their names and ``fixed``)."""

    verb: str
    help: str
    words: tuple[Word, ...] = ()
    intent: str = ""  # default: the verb, with - as _
    fixed: dict[str, Any] = field(default_factory=dict)  # what the verb itself says (stop: go=False)
    aliases: tuple[str, ...] = ()
    # A game's words for a move every game shares (its deal's dora, its draw's rinshan): declared
    # in the game's moves.py with the shared verb and no help, added to the shared move's words
    # with the game's name in their help.
    adds_words: bool = False
    ends_round: bool = False  # it ends the round (a win, a draw): a phone asks once before sending it

    @property
    def builder(self) -> str:
        return self.intent or self.verb.replace("-", "_")

    def positional(self) -> tuple[Word, ...]:
        return tuple(w for w in self.words if not w.option)

    def options(self) -> tuple[Word, ...]:
        return tuple(w for w in self.words if w.option)


@dataclass(frozen=True, slots=True)
class Offer:
    """A move the rules allow now, as a phone offers it: the words its button shows (table mode's,
    which may also be typed) and the declared move with its words' values, which is what the phone
    sends back. A session's own word (``pass``) has no move."""

    words: str
    verb: str = ""
    values: dict[str, Any] = field(default_factory=dict)

    def data(self) -> dict[str, Any] | None:
        return {"verb": self.verb, "values": dict(self.values)} if self.verb else None


SEAT_TO_MOVE = Word("seat", "Check that this seat (number, wind or name) is the one to move.", option="--seat")

# The moves every game records: the next round, its deal, a card or tile drawn (and, in the games
# played with tiles, one discarded; a game without the move refuses it); each game adds
# the words its own takes (``Move(..., adds_words=True)`` in its moves.py).
SHARED: tuple[Move, ...] = (
    Move(
        "round",
        "Start the next round (or hand); what is not given follows from the last one.",
        (Word("dealer", "The dealer's seat (default: as the rules say).", option="--dealer", kind="number"),),
        intent="start_round",
    ),
    Move(
        "deal",
        "Record the deal: each seat's hand, what else is dealt (the game's words below), and the pile if known.",
        (
            Word(
                "hand",
                "A hand, comma-separated; one --hand per seat, seat 0 first (none, where the hands are unseen).",
                option="--hand",
                kind="texts",
            ),
            Word("pile", "The draw pile, top first, if known.", option="--pile"),
        ),
    ),
    Move(
        "draw",
        "Draw the next card or tile (from a known pile: its top), with the capture it makes where the game captures.",
        (
            Word("card", "The card turned (default: the known top of the pile), or the tile."),
            Word("capture", "A field card it takes; repeat for three.", option="--capture", short="-c", kind="texts"),
            SEAT_TO_MOVE,
        ),
    ),
    Move(
        "discard",
        "Discard a tile from the hand of the seat to move (the games played with tiles).",
        (
            Word("tile", "The tile discarded, e.g. 5m, 7p or E (1z).", required=True),
            Word("seat", "The seat: 0-3, a seat wind (E S W N) or a name (default: the one to move).", option="--seat"),
        ),
    ),
)


def with_added_words(shared: Move, added: Sequence[tuple[str, Move]]) -> Move:
    """``shared`` with the words each game adds to it (``(game, its Move)``), each word's help
    naming the games that take it; a word two games add alike is listed once, for both."""
    own = {word.name for word in shared.words}
    words: dict[str, Word] = {}
    takers: dict[str, list[str]] = {}
    for game, move in added:
        for word in move.words:
            if word.name in own or words.setdefault(word.name, word) != word:
                raise RuntimeError(
                    f"{shared.verb}'s word {word.name!r} is declared twice, differently ({game}'s is the second)"
                )
            takers.setdefault(word.name, []).append(game)
    extra = tuple(replace(word, help=f"{', '.join(takers[word.name])}: {word.help[:1].lower()}{word.help[1:]}")
                  for word in words.values())  # fmt: skip
    return replace(shared, words=(*shared.words, *extra))
