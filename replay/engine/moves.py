"""A move declared once: its verb, the words it takes and what each means, and the builder that
records it. The recording commands (`taikyoku discard MATCH 5m`), their ``--help``, table mode's
words (``discard 5m --riichi``) and the phone's typed moves are all made from these declarations,
so a new verb is one declaration, its builder in its game's ``builders.py`` (which makes its
events), and its fold rule.

The moves every game shares are declared here; each game declares its own in its ``moves``
module (``replay/games/<game>/moves.py``). No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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

# The moves every game records: the next round, its deal, a card or tile drawn.
SHARED: tuple[Move, ...] = (
    Move(
        "round",
        "Start the next round (riichi: the next hand); what is not given follows from the last one.",
        (
            Word("dealer", "The dealer's seat (default: as the rules say).", option="--dealer", kind="number"),
            Word("wind", "Riichi: the round wind, E S W or N.", option="--wind"),
            Word("hand", "Riichi: the hand number in the wind, 1-4.", option="--hand", kind="number"),
            Word("honba", "Riichi: honba counters.", option="--honba", kind="number"),
            Word("sticks", "Riichi: riichi sticks on the table.", option="--sticks", kind="number"),
            Word("scores", "Riichi: the scores, comma-separated, seat 0 first.", option="--scores"),
        ),
        intent="start_round",
    ),
    Move(
        "deal",
        "Record the deal: the hands (Tensho 2 x 6, Sendai-hana 3 x 7, riichi 13 each; hanafuda: none when unseen), "
        "the field or the dora indicator, and the pile if known.",
        (
            Word(
                "hand",
                "A hand, comma-separated; one --hand per seat, seat 0 first (hanafuda: none, when unseen).",
                option="--hand",
                kind="texts",
            ),
            Word("field", "Hanafuda: the field cards, comma-separated.", option="--field"),
            Word("pile", "The draw pile, top first, if known.", option="--pile"),
            Word("dead", "Tensho: the 6 dead cards, if known.", option="--dead"),
            Word("dora", "Riichi: the first dora indicator.", option="--dora"),
        ),
    ),
    Move(
        "draw",
        "Turn the top card of the draw pile, with the capture it makes (riichi: draw a tile).",
        (
            Word("card", "The card turned (default: the known top of the pile), or the tile."),
            Word("capture", "A field card it takes; repeat for three.", option="--capture", short="-c", kind="texts"),
            Word("rinshan", "Riichi: a replacement tile from the dead wall.", option="--rinshan", kind="flag"),
            SEAT_TO_MOVE,
        ),
    ),
)
