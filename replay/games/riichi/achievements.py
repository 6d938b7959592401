"""A season's achievements in riichi: the player (or players, on a tie) with the most, or the
fewest, of one figure over the season's matches, as Pantheon's club ratings award them
(docs/stats.md, "Achievements", defines each). Each is declared once in ``ACHIEVEMENTS``; the
figures come from the statistics' digests (``review.digest``). No I/O."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, KeysView, Sequence
from dataclasses import dataclass
from operator import add, itemgetter
from typing import Any, Literal

SeatsOf = Callable[[dict[str, Any]], list[tuple[int, str]]]  # a digest's (seat, player) the filters admit
_COUNTS = {int, bool}  # what a count is (a bool counts as 0 or 1)
DORA_YAKU = frozenset({"Dora", "Aka Dora", "Ura Dora"})  # as the library names them: the dora a win counted


@dataclass(frozen=True)
class Achievement:
    """One achievement: its name, the figure it reads off a player's season (``FIGURES``: a count
    of the digest, ``per hand`` of it, or one of the figures below), the most or the fewest wins
    it, what it means and whence it comes. A ``fewest`` one counts only the players who sat at
    least half the hands of the player who sat the most (``EVERY_HAND_SHARE``), so that one short
    evening does not win "Die Hard"."""

    name: str
    figure: str
    best: Literal["most", "fewest"]
    means: str
    source: str


EVERY_HAND_SHARE = 0.5
MIN_WINS_FOR_AVERAGE = 3  # an average over fewer wins says little
PER_HAND = "per hand "
MOST_FU = "most_fu"  # the one count that is the most of any match, not a sum


def figure(name: str, counters: Counter[str], yaku: Counter[str]) -> float | None:
    """A player's season figure by its name: a digest count (``deal_ins``), the same ``per hand
    ...`` (rounded to 4 places), ``riichi lost``, ``average dora`` (over ``MIN_WINS_FOR_AVERAGE``
    priced wins at least, to 2 places) or ``kinds of yaku`` (dora not counted); None where it
    cannot be said."""
    if name.startswith(PER_HAND):
        return round(counters[name.removeprefix(PER_HAND)] / counters["hands"], 4) if counters["hands"] else None
    if name == "riichi lost":
        return counters["riichi"] - counters["riichi_won"]
    if name == "average dora":
        wins = counters["priced_wins"]
        return round(counters["dora"] / wins, 2) if wins >= MIN_WINS_FOR_AVERAGE else None
    if name == "kinds of yaku":
        return len([kind for kind in yaku if kind not in DORA_YAKU])
    return counters[name]


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("Die Hard", "per hand deal_ins", "fewest", "the fewest deal-ins a hand", "Pantheon's Die Hard"),
    Achievement("Careful Planning", "per hand deal_in_points", "fewest", "the fewest points paid in deal-ins a hand",
                "Pantheon's carefulPlanning"),
    Achievement("Brave Sapper", "deal_ins", "most", "the most deal-ins", "Pantheon's Brave Sapper"),
    Achievement("Ninja", "wins_dama", "most", "the most wins with a closed hand without riichi (dama)",
                "Pantheon's Ninja"),
    Achievement("Best Tsumoist", "tsumo", "most", "the most wins by tsumo", "Pantheon's bestTsumoist"),
    Achievement("Best Dealer", "dealer_wins", "most", "the most wins as dealer", "Pantheon's bestDealer"),
    Achievement("Honored Donor", "riichi lost", "most",
                "the most riichi declared in hands the player did not win (sticks given away)",
                "Pantheon's honoredDonor"),
    Achievement("Cheap Shot", "cheap_wins", "most", "the most wins of 1 han 30 fu without dora",
                "Pantheon's bestShithander"),
    Achievement("Max Fu", "most_fu", "most", "the most fu in one win", "Pantheon's maxFuHand"),
    Achievement("Yakuman", "yakuman", "most", "the most yakuman won", "Pantheon's yakumans"),
    Achievement("Dora Magnet", "average dora", "most",
                f"the most dora a win, on average (dora, red fives, ura; {MIN_WINS_FOR_AVERAGE} priced wins at least)",
                "Pantheon's maxAverageDoraCount"),
    Achievement("Catch Them All", "kinds of yaku", "most", "the most kinds of yaku won (dora not counted)",
                "Pantheon's maxDifferentYaku"),
)  # fmt: skip


def _row_getter(keys: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[int, ...]]:
    """The counts of ``keys`` read off a seat's counters as one tuple (``itemgetter``, whose one key
    gives a value, not a tuple)."""
    if len(keys) < 2:
        return lambda counters: tuple(counters[key] for key in keys)
    return itemgetter(*keys)


def tallied(
    matches: Sequence[dict[str, Any]], seats_of: SeatsOf, totals: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Each player's counts over ``matches`` (each a digest), for every player ``seats_of`` admits,
    added to ``totals`` (a tally of earlier matches, as this gives it) where given: what the
    achievements are chosen from (``held``), as JSON, so that a league's tally is kept and grown
    by the matches that end. A player's counts add up; their most fu is the most of any match."""
    counts: dict[str, Counter[str]] = {}
    yaku: dict[str, Counter[str]] = {}
    # A league's season is hundreds of thousands of seats, each of the same counters: those of the
    # first seat's shape are added as one row of numbers (the counts in ``counted``), any other
    # shape one count at a time.
    shape: KeysView[str] | None = None
    counted: tuple[str, ...] = ()
    row_of = _row_getter(counted)
    rows: dict[str, list[int]] = {}
    for one in matches:
        for seat, name in seats_of(one):
            counters = one["seats"][seat]
            if shape is None:
                shape = counters.keys()
                counted = tuple(k for k, v in counters.items() if isinstance(v, int) and k != MOST_FU)
                row_of = _row_getter(counted)
            mine = counts.setdefault(name, Counter())
            row = row_of(counters) if counters.keys() == shape else None
            if row is not None and set(map(type, row)) <= _COUNTS:
                summed = rows.get(name)
                rows[name] = list(row) if summed is None else list(map(add, summed, row))
            else:
                for key, value in counters.items():
                    if isinstance(value, int) and key != MOST_FU:
                        mine[key] += value
            mine[MOST_FU] = max(mine[MOST_FU], counters[MOST_FU])
            yaku.setdefault(name, Counter()).update(counters["yaku"])
    for name, sums in rows.items():
        counts[name].update(dict(zip(counted, sums, strict=True)))
    found = dict(totals or {})
    for name, mine in counts.items():
        before = found.get(name)
        if before is not None:  # counts add up, the most fu is the most of either
            most = max(mine[MOST_FU], before["counts"].get(MOST_FU, 0))
            mine.update(before["counts"])
            mine[MOST_FU] = most
            yaku[name].update(before["yaku"])
        found[name] = {"counts": {k: int(v) for k, v in mine.items()}, "yaku": dict(yaku[name])}
    return found


def combined(totals: dict[str, Any], key_of: Callable[[str], str]) -> dict[str, Any]:
    """A tally (``tallied``) under other keys (``key_of`` each player's): where two meet, their
    counts added and the most fu the most of either (one person typed two ways, at two clubs)."""
    found: dict[str, Any] = {}
    for name, tally in totals.items():
        key = key_of(name)
        before = found.get(key)
        if before is None:
            found[key] = {"counts": dict(tally["counts"]), "yaku": dict(tally["yaku"])}
            continue
        counts, yaku = Counter(before["counts"]), Counter(before["yaku"])
        most = max(counts[MOST_FU], tally["counts"].get(MOST_FU, 0))
        counts.update(tally["counts"])
        counts[MOST_FU] = most
        yaku.update(tally["yaku"])
        found[key] = {"counts": dict(counts), "yaku": dict(yaku)}
    return found


def held(totals: dict[str, Any]) -> list[dict[str, Any]]:
    """The achievements chosen from a tally (``tallied``): each held by the player or players with
    the best figure. One that nobody holds (a most of 0, no one eligible) is left out."""
    counts = {name: Counter(tally["counts"]) for name, tally in totals.items()}
    yaku = {name: Counter(tally["yaku"]) for name, tally in totals.items()}
    most_hands = max((c["hands"] for c in counts.values()), default=0)
    found = []
    for achievement in ACHIEVEMENTS:
        figures: dict[str, float] = {}
        for name, counters in counts.items():
            value = figure(achievement.figure, counters, yaku[name])
            eligible = achievement.best == "most" or counters["hands"] >= EVERY_HAND_SHARE * most_hands
            if value is not None and eligible:
                figures[name] = value
        if not figures:
            continue
        best = max(figures.values()) if achievement.best == "most" else min(figures.values())
        if achievement.best == "most" and best <= 0:
            continue
        found.append({"achievement": achievement.name, "means": achievement.means, "source": achievement.source,
                      "value": best, "players": sorted(n for n, v in figures.items() if v == best)})  # fmt: skip
    return found


def achievements(matches: Sequence[dict[str, Any]], seats_of: SeatsOf) -> list[dict[str, Any]]:
    """The season's achievements over ``matches`` (each a digest), for every player ``seats_of``
    admits: each held by the player or players with the best figure."""
    return held(tallied(matches, seats_of))


__all__ = [
    "ACHIEVEMENTS",
    "DORA_YAKU",
    "Achievement",
    "SeatsOf",
    "achievements",
    "combined",
    "figure",
    "held",
    "tallied",
]
