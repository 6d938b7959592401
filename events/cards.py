"""The 48 hanafuda cards, by the canonical IDs every event and report uses (docs/hanafuda.md).

A card is named ``<suit>-<card>`` (``pine-crane``). People may also type the ``MM-i`` code
(``01-0``), or a bare ``<suit>-chaff`` that the caller resolves against the cards that could
be meant (see ``resolve``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, get_args

from events.errors import InputError

CardType = Literal["bright", "animal", "ribbon", "chaff"]
RibbonKind = Literal["poetry", "blue", "plain"]

CardId = Literal[
    "pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
    "plum-warbler", "plum-poetry", "plum-chaff-1", "plum-chaff-2",
    "cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2",
    "wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
    "iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2",
    "peony-butterflies", "peony-blue", "peony-chaff-1", "peony-chaff-2",
    "clover-boar", "clover-ribbon", "clover-chaff-1", "clover-chaff-2",
    "susuki-moon", "susuki-geese", "susuki-chaff-1", "susuki-chaff-2",
    "chrysanthemum-cup", "chrysanthemum-blue", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2",
    "maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2",
    "willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning",
    "paulownia-phoenix", "paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-3",
]  # fmt: skip

SUITS = (
    "pine", "plum", "cherry", "wisteria", "iris", "peony",
    "clover", "susuki", "chrysanthemum", "maple", "willow", "paulownia",
)  # fmt: skip

# Nagoya order (docs/hanafuda.md §2): Willow is 2, Paulownia 6, Peony 11, Plum 12.
NAGOYA = {
    "pine": 1, "willow": 2, "cherry": 3, "wisteria": 4, "iris": 5, "paulownia": 6,
    "clover": 7, "susuki": 8, "chrysanthemum": 9, "maple": 10, "peony": 11, "plum": 12,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Card:
    id: CardId
    month: int  # the standard month, 1..12
    index: int  # 0..3, the wiki's picture numbering
    type: CardType
    ribbon: RibbonKind | None
    name: str

    @property
    def suit(self) -> str:
        return SUITS[self.month - 1]

    @property
    def code(self) -> str:
        """The ``MM-i`` code, e.g. ``01-0``."""
        return f"{self.month:02d}-{self.index}"

    @property
    def nagoya(self) -> int:
        return NAGOYA[self.suit]


# (id, type, ribbon kind, English name), in MM-i order: the table of docs/hanafuda.md §1.
_TABLE: tuple[tuple[str, CardType, RibbonKind | None, str], ...] = (
    ("pine-crane", "bright", None, "Crane"),
    ("pine-poetry", "ribbon", "poetry", "Pine Poetry Ribbon"),
    ("pine-chaff-1", "chaff", None, "Pine Chaff"),
    ("pine-chaff-2", "chaff", None, "Pine Chaff"),
    ("plum-warbler", "animal", None, "Bush Warbler"),
    ("plum-poetry", "ribbon", "poetry", "Plum Poetry Ribbon"),
    ("plum-chaff-1", "chaff", None, "Plum Chaff"),
    ("plum-chaff-2", "chaff", None, "Plum Chaff"),
    ("cherry-curtain", "bright", None, "Curtain"),
    ("cherry-poetry", "ribbon", "poetry", "Cherry Poetry Ribbon"),
    ("cherry-chaff-1", "chaff", None, "Cherry Chaff"),
    ("cherry-chaff-2", "chaff", None, "Cherry Chaff"),
    ("wisteria-cuckoo", "animal", None, "Cuckoo"),
    ("wisteria-ribbon", "ribbon", "plain", "Wisteria Ribbon"),
    ("wisteria-chaff-1", "chaff", None, "Wisteria Chaff"),
    ("wisteria-chaff-2", "chaff", None, "Wisteria Chaff"),
    ("iris-bridge", "animal", None, "Eight-Plank Bridge"),
    ("iris-ribbon", "ribbon", "plain", "Iris Ribbon"),
    ("iris-chaff-1", "chaff", None, "Iris Chaff"),
    ("iris-chaff-2", "chaff", None, "Iris Chaff"),
    ("peony-butterflies", "animal", None, "Butterflies"),
    ("peony-blue", "ribbon", "blue", "Peony Blue Ribbon"),
    ("peony-chaff-1", "chaff", None, "Peony Chaff"),
    ("peony-chaff-2", "chaff", None, "Peony Chaff"),
    ("clover-boar", "animal", None, "Boar"),
    ("clover-ribbon", "ribbon", "plain", "Bush Clover Ribbon"),
    ("clover-chaff-1", "chaff", None, "Bush Clover Chaff"),
    ("clover-chaff-2", "chaff", None, "Bush Clover Chaff"),
    ("susuki-moon", "bright", None, "Full Moon"),
    ("susuki-geese", "animal", None, "Geese"),
    ("susuki-chaff-1", "chaff", None, "Susuki Chaff"),
    ("susuki-chaff-2", "chaff", None, "Susuki Chaff"),
    ("chrysanthemum-cup", "animal", None, "Sake Cup"),
    ("chrysanthemum-blue", "ribbon", "blue", "Chrysanthemum Blue Ribbon"),
    ("chrysanthemum-chaff-1", "chaff", None, "Chrysanthemum Chaff"),
    ("chrysanthemum-chaff-2", "chaff", None, "Chrysanthemum Chaff"),
    ("maple-deer", "animal", None, "Deer"),
    ("maple-blue", "ribbon", "blue", "Maple Blue Ribbon"),
    ("maple-chaff-1", "chaff", None, "Maple Chaff"),
    ("maple-chaff-2", "chaff", None, "Maple Chaff"),
    ("willow-rainman", "bright", None, "Rain Man"),
    ("willow-swallow", "animal", None, "Swallow"),
    ("willow-ribbon", "ribbon", "plain", "Willow Ribbon"),
    ("willow-lightning", "chaff", None, "Lightning"),
    ("paulownia-phoenix", "bright", None, "Phoenix"),
    ("paulownia-chaff-1", "chaff", None, "Paulownia Chaff (yellow)"),
    ("paulownia-chaff-2", "chaff", None, "Paulownia Chaff"),
    ("paulownia-chaff-3", "chaff", None, "Paulownia Chaff"),
)

DECK: tuple[Card, ...] = tuple(
    Card(card_id, i // 4 + 1, i % 4, kind, ribbon, name)  # type: ignore[arg-type]
    for i, (card_id, kind, ribbon, name) in enumerate(_TABLE)
)
BY_ID: dict[str, Card] = {card.id: card for card in DECK}
BY_CODE: dict[str, Card] = {card.code: card for card in DECK}
ALL_IDS: tuple[str, ...] = get_args(CardId)

# Tensho, Hon-Bana, Hiyoko and Isuri remove the three Paulownia chaff (docs/hanafuda.md §1).
TENSHO_DECK: tuple[Card, ...] = tuple(c for c in DECK if not c.id.startswith("paulownia-chaff"))

assert tuple(c.id for c in DECK) == ALL_IDS, "the card table and CardId must list the same cards in order"


def card(card_id: str) -> Card:
    return BY_ID[card_id]


def month_of(card_id: str) -> int:
    return BY_ID[card_id].month


def parse(text: str) -> Card | str:
    """A card from an ID or ``MM-i`` code; for a bare ``<suit>-chaff``, the suit name.

    Raises ``InputError`` naming the accepted forms when ``text`` is neither.
    """
    key = text.strip().lower()
    if key in BY_ID:
        return BY_ID[key]
    if key in BY_CODE:
        return BY_CODE[key]
    if key.endswith("-chaff") and key[: -len("-chaff")] in SUITS:
        return key[: -len("-chaff")]
    close = difflib.get_close_matches(key, BY_ID, n=1, cutoff=0.75)
    if close:
        raise InputError(f"{text!r} is not a card; did you mean {close[0]}? (see `taikyoku cards`)",
                         code="cards.unknown")  # fmt: skip
    raise InputError(
        f"{text!r} is not a card; use an ID like pine-crane or pine-chaff-1, an MM-i code like 01-0, "
        "or <suit>-chaff (see `taikyoku cards`)",
        code="cards.unknown",
    )


@dataclass(frozen=True, slots=True)
class Resolved:
    card: Card
    note: str | None  # set when a bare <suit>-chaff was resolved: says which card was chosen


def resolve(text: str, candidates: Iterable[str], *, what: str = "a card") -> Resolved:
    """Read ``text`` as a card among ``candidates`` (the cards it could legally be).

    A bare ``<suit>-chaff`` resolves to the first unseen chaff of that suit among the
    candidates, and the note says which one was chosen.
    """
    parsed = parse(text)
    if isinstance(parsed, Card):
        return Resolved(parsed, None)
    pool = [BY_ID[c] for c in candidates if c in BY_ID]
    chaff = sorted((c for c in pool if c.suit == parsed and c.type == "chaff"), key=lambda c: c.index)
    if not chaff:
        raise InputError(f"no unseen {parsed} chaff can be {what} here; name the card exactly", code="cards.no_chaff")
    return Resolved(chaff[0], f"{text} read as {chaff[0].id}")
