"""After the night, over a season: the season's standings, a club rating, a player's page, and the
rows of each as CSV. All of it from the statistics' digests (``replay/app/stats.py``) of the
matches that ended (complete; abandoned ones are left out), oldest first. No I/O.

The standings rank by each game's measure: the sum of the match results
in the game's unit (thousands with oka and uma, as a ruleset settles a match; or the points won). A player with fewer
games than the minimum is listed after the ranked ones, unranked.

The rating is Tenhou's R (docs/club-night.md gives the source): everyone starts at 1500; after each
match a player's R moves by ``adjustment x (base + (table average R - own R) / 40)``, where the base
is the placement's (four players: +30, +10, -10, -30; three: +30, 0, -30; two, our extension of
the rule: +30, -30), tied players sharing the bases of the places they tie for, and the adjustment
is ``1 - 0.002 x games played before`` (0.2 from the 400th game on). The table average includes
the player.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, TypeVar

from events.errors import InputError
from replay.engine.exact import carried, exact

START_RATING = 1500.0
Player = TypeVar("Player", str, int)
BASES = {4: (30, 10, -10, -30), 3: (30, 0, -30), 2: (30, -30)}


def measure(digest: dict[str, Any], seat: int) -> Decimal:
    """What a match gives a seat in the season's standings, exact: its result in the game's unit
    (thousands with oka and uma, at the ruleset's precision; or points)."""
    results = digest.get("uma")
    return exact(results[seat] if results is not None else digest["points"][seat])


def _average(total: Decimal, count: int) -> float:
    """An average to two decimals (half up), as a JSON number."""
    return float((total / count).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def ended(digests: Iterable[dict[str, Any]], game: str | None = None) -> list[dict[str, Any]]:
    """The matches that ended (complete, not abandoned), of ``game`` if named, oldest first."""
    found = [
        d for d in digests if d["status"] == "complete" and d.get("places") and (game is None or d["game"] == game)
    ]
    return sorted(found, key=lambda d: (d["started_at"], d["match_id"]))


@functools.cache
def _shared_bases(places: tuple[int, ...]) -> tuple[float, ...]:
    table = BASES[len(places)]
    out = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        out.append(sum(table[place - 1 : place - 1 + tied]) / tied)
    return tuple(out)


def shared_bases(places: Sequence[int]) -> list[float]:
    """Each seat's placement base; tied seats share the bases of the places they take together
    (worked out once for each way a table can end: a league's ratings ask it 200,000 times)."""
    return list(_shared_bases(tuple(places)))


def rating_change(own: float, average: float, base: float, games_before: int) -> float:
    adjustment = max(0.2, 1 - 0.002 * games_before)
    return adjustment * (base + (average - own) / 40)


def ratings(
    digests: Iterable[dict[str, Any]], game: str, *, only: str | None = None, chosen: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Each player's rating after each of their ended matches of ``game``, in order; ``only``: the
    history of that player alone (every other rating is still worked out, as theirs depends on
    them). ``chosen``: the digests are the ended ones of ``game`` already, oldest first."""
    rows = list(digests) if chosen else ended(digests, game)
    seats = [name for d in rows for name in d["players"]]
    places = [place for d in rows for place in d["places"]]
    found = rated([len(d["players"]) for d in rows], seats, places, only)
    return {name: [{"match_id": rows[number]["match_id"], "date": rows[number]["started_at"][:10],
                    "rating": round(rating, 2), "change": round(change, 2)} for number, rating, change in history]
            for name, history in found.items()}  # fmt: skip


def rated(
    sizes: Sequence[int], seats: Sequence[Player], places: Sequence[int], only: Player | None = None
) -> dict[Player, list[tuple[int, float, float]]]:
    """Tenhou's R over ended matches, oldest first, in columns: each match's count of players
    (``sizes``), then every seat's player and place, match after match. Each player's (the match's
    number, the rating after it and its change, unrounded) after each of their matches;
    ``only``: that player's alone. A player is whatever names them (a name, or its number in a
    league's list of names)."""
    now: dict[Player, float] = {}
    played: dict[Player, int] = {}
    history: dict[Player, list[tuple[int, float, float]]] = defaultdict(list)
    end = 0
    for number, size in enumerate(sizes):
        start, end = end, end + size
        if size not in BASES:
            continue
        names = seats[start:end]
        before = [now.get(name, START_RATING) for name in names]
        average = sum(before) / size
        changes = [rating_change(own, average, base, played.get(name, 0))
                   for name, own, base in zip(names, before, _shared_bases(tuple(places[start:end])), strict=True)]  # fmt: skip
        for name, change in zip(names, changes, strict=True):
            now[name] = now.get(name, START_RATING) + change
            played[name] = played.get(name, 0) + 1
            if only is None or name == only:
                history[name].append((number, now[name], change))
    return dict(history)


def check_day(day: str | None, flag: str) -> None:
    """A season's bound is a real day, written YYYY-MM-DD."""
    import re
    from datetime import date

    if day is None:
        return
    try:
        real = re.fullmatch(r"\d{4}-\d{2}-\d{2}", day) is not None and date.fromisoformat(day) is not None
    except ValueError:  # 2026-02-30
        real = False
    if not real:
        raise InputError(f"{flag} takes a day as YYYY-MM-DD, not {day!r}")


def season(
    digests: Iterable[dict[str, Any]], game: str, *, since: str | None = None, until: str | None = None,
    min_games: int = 1, penalties: Iterable[dict[str, Any]] = (),
) -> dict[str, Any]:  # fmt: skip
    """The season's standings of ``game`` between two days (inclusive): each player's results and
    the referee's ``penalties`` of the days between (each with its ``date``, ``player``, ``points``)."""

    def within(day: str) -> bool:
        return (since is None or day >= since) and (until is None or day <= until)

    from replay.games import GAMES

    by_score = GAMES[game].ties_by_score
    every = list(digests)
    chosen = [d for d in ended(every, game) if within(d["started_at"][:10])]
    rated = ratings(chosen, game)
    rows: dict[str, dict[str, Any]] = {}

    def row_of(name: str) -> dict[str, Any]:
        return rows.setdefault(name, {"player": name, "games": 0, "total": Decimal(0), "penalties": 0,
                                      "places": defaultdict(int), "score": 0})  # fmt: skip

    for digest in chosen:
        for seat, name in enumerate(digest["players"]):
            row = row_of(name)
            row["games"] += 1
            row["total"] += measure(digest, seat)
            row["score"] += digest["points"][seat]
            row["places"][digest["places"][seat]] += 1
    for penalty in penalties:
        if within(penalty["date"]):
            row = row_of(penalty["player"])
            if by_score:  # a game settled in table points: a penalty is points off the score
                row["score"] += penalty["points"]
            else:
                row["total"] += Decimal(penalty["points"])
            row["penalties"] += penalty["points"]
    table = []
    for row in rows.values():
        places = dict(sorted(row["places"].items()))
        games = row["games"]
        table.append({"player": row["player"], "games": games, "total": row["total"], "penalties": row["penalties"],
                      "average": _average(row["total"], games) if games else None,
                      "average_place": round(sum(p * n for p, n in places.items()) / games, 2) if games else None,
                      "places": {str(p): n for p, n in places.items()},
                      "rating": rated[row["player"]][-1]["rating"] if row["player"] in rated else START_RATING,
                      "ranked": games >= min_games} | ({"score": row["score"]} if by_score else {}))  # fmt: skip
    table.sort(key=lambda r: (not r["ranked"], -r["total"], -r.get("score", 0), r["average_place"] or 0, r["player"]))
    for rank, row in enumerate(table, start=1):
        row["rank"] = rank if row["ranked"] else None
        row["total"] = carried(row["total"])  # the exact sum, as a JSON number of its precision
    unit = GAMES[game].result_unit  # as the game settles a match
    held = GAMES[game].review().achievements(_counted(chosen), _every_seat)
    return {"game": game, "since": since, "until": until, "min_games": min_games, "matches": len(chosen),
            "unit": unit, "standings": table, "achievements": held}  # fmt: skip


def _counted(digests: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The digests that carry their seats' counts (a standings-only digest, as a season of results
    given by hand makes, has no figures to count)."""
    return [d for d in digests if "seats" in d]


def _every_seat(digest: dict[str, Any]) -> list[tuple[int, str]]:
    return list(enumerate(digest["players"]))


def player(digests: Iterable[dict[str, Any]], name: str) -> dict[str, Any]:
    """A player's page (``player_page``), from every match's digest."""
    from replay.games import GAMES

    every_ended = ended(digests)
    name = page_name(name)

    def rating(game: str) -> list[dict[str, Any]]:
        return ratings([d for d in every_ended if d["game"] == game], game, only=name, chosen=True).get(name, [])

    def tally(game: str) -> dict[str, Any]:
        return GAMES[game].review().tallied(_counted(d for d in every_ended if d["game"] == game), _every_seat)

    return player_page(name, [d for d in every_ended if name in d["players"]], rating, tally)


def page_name(name: str) -> str:
    """A name as every door stores it: "Zoë" typed either way."""
    return unicodedata.normalize("NFC", name.strip())


def player_page(
    name: str, own: Sequence[dict[str, Any]], rating: Callable[[str], list[dict[str, Any]]],
    tally: Callable[[str], dict[str, Any]],
) -> dict[str, Any]:  # fmt: skip
    """A player's page: every ended match (date, game, table, place, result), and per game the
    games, places, average place, average result, rating over time, the game's figures for the
    player (per ruleset, where it has several) and the achievements the player holds. ``own``:
    the digests of the player's ended matches, oldest first; ``rating``: their rating over time in
    a game (``ratings``); ``tally``: a game's tally of every ended match's counts (its
    achievements' ``Review.tallied``)."""
    name = page_name(name)
    games: list[dict[str, Any]] = []
    for digest in own:
        seat = digest["players"].index(name)
        games.append({"match_id": digest["match_id"], "date": digest["started_at"][:10], "game": digest["game"],
                      "players": digest["players"], "place": digest["places"][seat],
                      "result": carried(measure(digest, seat)), "points": digest["points"][seat]})  # fmt: skip
    from replay.games import GAMES

    def own_seat(digest: dict[str, Any]) -> list[tuple[int, str]]:
        return [(seat, player) for seat, player in enumerate(digest["players"]) if player == name]

    by_game: dict[str, Any] = {}
    for game in sorted({g["game"] for g in games}):
        mine = [g for g in games if g["game"] == game]
        played = _counted(d for d in own if d["game"] == game)
        review = GAMES[game].review()
        by_game[game] = {"games": len(mine), "average_place": round(sum(g["place"] for g in mine) / len(mine), 2),
                         "average_result": _average(sum((exact(g["result"]) for g in mine), Decimal(0)), len(mine)),
                         "places": {str(p): sum(1 for g in mine if g["place"] == p) for p in sorted({g["place"] for g in mine})},
                         "rating": rating(game),
                         # The game's figures for this player (per ruleset), as `stats` gives them.
                         "figures": review.summary(played, {name}, own_seat),
                         # The achievements of every ended match of the game that this player holds.
                         "achievements": [a for a in review.held(tally(game)) if name in a["players"]]}  # fmt: skip
    return {"player": name, "matches": games, "games": by_game}


def credited(digests: list[dict[str, Any]], credits: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """The matches' digests with each seat under the name whose result it is (a substitute who
    took a seat's result in its stead)."""
    return [d | {"players": list(credits[d["match_id"]])} if d["match_id"] in credits else d for d in digests]
