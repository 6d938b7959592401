"""Yaku as data: each yaku is one row saying which cards make it and what it is worth.

A row holds when every card of ``required`` is captured and at least ``need`` cards of
``pool`` are; a counting yaku adds ``per_extra`` for each pool card beyond ``need``. Points
``None`` mean an instant win. Groups and compounds say which holding rows give way to others.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True, slots=True)
class YakuSpec:
    key: str  # stable, used in reports and JSON (e.g. "front-one-two-three")
    name: str  # English
    jp: str  # Japanese
    points: int | None  # None: an instant win
    required: frozenset[str] = frozenset()
    pool: frozenset[str] = frozenset()
    need: int = 0
    per_extra: int = 0
    group: str | None = None  # of a group marked highest-only, only the best counts
    supersedes: tuple[str, ...] = ()  # keys this compound yaku replaces, when compounds supersede

    def holds(self, captured: frozenset[str] | set[str]) -> bool:
        return self.required <= captured and (self.need == 0 or len(self.pool & captured) >= self.need)

    def value(self, captured: frozenset[str] | set[str]) -> int | None:
        if self.points is None:
            return None
        if self.per_extra:
            return self.points + self.per_extra * (len(self.pool & captured) - self.need)
        return self.points


Row = tuple[frozenset[str], frozenset[str], int, YakuSpec]  # required, pool, need, and the spec


class YakuTable(tuple[YakuSpec, ...]):
    """A game's yaku, in order, with each row's cards also kept as a plain tuple: the form the
    checks a fold makes after every turn read fastest.

    It also keeps a *row count*: for each row, how many of its cards a pile holds, packed into
    one int (``FIELD_BITS`` bits a row), so a fold can add a captured card's ``increments`` and
    ask ``may_have_changed`` in a few int operations instead of evaluating every row.
    """

    rows: tuple[Row, ...]
    instant: tuple[YakuSpec, ...]  # the instant wins
    instant_cards: frozenset[str]  # every card of an instant win: a capture with none of them cannot make one
    increments: dict[str, int]  # what a card adds to the row count: 1 in the field of each row it belongs to
    _reach_bias: int  # adding it sets a field's top bit when the row has its fewest cards to hold
    _nonzero_bias: int  # adding it sets a field's top bit when the field is not zero
    _top_bits: int

    def __new__(cls, specs: Iterable[YakuSpec]) -> YakuTable:
        table = super().__new__(cls, specs)
        table.rows = tuple((spec.required, spec.pool, spec.need, spec) for spec in table)
        table.instant = tuple(spec for spec in table if spec.points is None)
        table.instant_cards = cards_of(table.instant)
        top = 1 << (FIELD_BITS - 1)  # a field holds at most 48 cards, and 48 + top < 2 * top: no carry
        table.increments = {}
        table._reach_bias = table._nonzero_bias = table._top_bits = 0
        for index, spec in enumerate(table):
            shift = FIELD_BITS * index
            for card in spec.required | spec.pool:
                table.increments[card] = table.increments.get(card, 0) + (1 << shift)
            table._reach_bias += (top - min(fewest_cards(spec), top)) << shift
            table._nonzero_bias += (top - 1) << shift
            table._top_bits += top << shift
        return table

    def row_count(self, captured: Iterable[str]) -> int:
        """The packed row count of a pile: the sum of its cards' ``increments``."""
        increments = self.increments
        return sum(increments.get(card, 0) for card in captured)

    def may_hold_any(self, count: int) -> bool:
        """Whether a pile of this row count may make any yaku: some row has at least the fewest
        cards it holds with. When False, ``held`` finds nothing."""
        return bool((count + self._reach_bias) & self._top_bits)

    def may_have_changed(self, before: int, after: int) -> bool:
        """Whether a pile whose row count went from ``before`` to ``after`` may make other yaku
        or other points: some row gained a card and now has at least the fewest cards it holds
        with. When False, ``held`` and ``points`` give what they gave before."""
        return bool((after + self._reach_bias) & (after - before + self._nonzero_bias) & self._top_bits)


FIELD_BITS = 7


def fewest_cards(spec: YakuSpec) -> int:
    """The fewest of a row's cards a pile holds when the row holds."""
    return len(spec.required) + max(0, spec.need - len(spec.pool & spec.required))


def cards_of(specs: Iterable[YakuSpec]) -> frozenset[str]:
    """Every card that counts toward one of ``specs``."""
    return frozenset(card for spec in specs for card in spec.required | spec.pool)


class YakuHit(NamedTuple):  # a tuple: made at every round's end, where a dataclass is slower
    key: str
    name: str
    jp: str
    points: int | None  # None: an instant win
    cards: tuple[str, ...]  # the captured cards that make it

    @property
    def instant_win(self) -> bool:
        return self.points is None


def evaluate(
    specs: Iterable[YakuSpec],
    captured: Iterable[str],
    *,
    supersede: bool = False,
    highest_only_groups: frozenset[str] = frozenset(),
) -> list[YakuHit]:
    """Every yaku the captured cards make, after compounds and highest-only groups."""
    held_cards = frozenset(captured)
    hits = []
    for spec in held(specs, held_cards, supersede, highest_only_groups):
        mine = spec.pool & held_cards  # spec.value's count, and the cards, from one intersection
        value = spec.points
        if value is not None and spec.per_extra:
            value += spec.per_extra * (len(mine) - spec.need)
        hits.append(YakuHit(spec.key, spec.name, spec.jp, value, tuple(sorted(spec.required | mine))))
    return hits


def points(
    specs: Iterable[YakuSpec], captured: Iterable[str], *, highest_only_groups: frozenset[str] = frozenset()
) -> int:
    """What ``evaluate``'s yaku add up to, an instant win counting 0, without making the hits:
    a fold asks this after every turn."""
    held_cards = frozenset(captured)
    return sum(spec.value(held_cards) or 0 for spec in held(specs, held_cards, False, highest_only_groups))


def held(
    specs: Iterable[YakuSpec], held_cards: frozenset[str], supersede: bool, highest_only_groups: frozenset[str]
) -> list[YakuSpec]:
    """The yaku that count among ``held_cards``, after compounds and highest-only groups."""
    # spec.holds, over plain rows: this runs for every yaku at every round's end and every turn's check
    rows = specs.rows if isinstance(specs, YakuTable) else YakuTable(specs).rows
    found = [
        spec
        for required, pool, need, spec in rows
        if required <= held_cards and (not need or len(pool & held_cards) >= need)
    ]
    if supersede and found:
        replaced = {key for spec in found for key in spec.supersedes}
        found = [spec for spec in found if spec.key not in replaced]
    if highest_only_groups and found:
        best: dict[str, YakuSpec] = {}
        for spec in found:
            if spec.group in highest_only_groups:
                current = best.get(spec.group)
                if current is None or _rank(spec, held_cards) > _rank(current, held_cards):
                    best[spec.group] = spec
        found = [s for s in found if s.group not in highest_only_groups or best[s.group] is s]
    return found


def _rank(spec: YakuSpec, captured: frozenset[str]) -> float:
    value = spec.value(captured)
    return float("inf") if value is None else value


def total(hits: Iterable[YakuHit], *, instant_win_value: int = 0) -> int:
    return sum(instant_win_value if hit.points is None else hit.points for hit in hits)


def hit_json(hit: YakuHit) -> dict[str, object]:
    """A yaku as reports and --json show it."""
    return {
        "key": hit.key,
        "name": hit.name,
        "jp": hit.jp,
        "points": hit.points,
        "instant_win": hit.instant_win,
        "cards": list(hit.cards),
    }
