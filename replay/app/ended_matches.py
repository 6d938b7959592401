"""Every ended match of the store in one row each (``seasons.ended_row``), oldest first, with each
game's tally of its players' counts (what its achievements are chosen from) and whose each
substituted or online table's seats are: what a player's page reads of the whole league (its
rating moves with every player's, its achievements are the league's), kept as one answer
(``replay/app/kept_answers.py``) and grown by the matches that end, so that a page asked after a
match ends anywhere is not added up again from every match's digest.

Grown where it can be told exactly what changed since it was kept: each match ended since is
added (its row, and its seats' counts to its game's tally, credited to whom its night says), and
each night moved says whose its tables' seats are now. It is made again from every digest where a
retract was stored (it may take back an end or a substitution), where a night now credits a match
already counted to other names, or past ``answer_reads.MOST_STREAMS`` streams."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

import orjson

from events.ids import LEAGUE_STREAM
from replay.app.answer_reads import MOST_STREAMS, RETRACT, SEATING, Look, every_match
from replay.app.kept_answers import answer_text
from store import Store

QUESTION = ["ended matches"]


def ended_matches(opened: Callable[[], AbstractContextManager[Store]]) -> dict[str, Any]:
    """``{"rows", "tallies", "credits"}``: every ended match's row, oldest first; each game's tally
    (``Review.tallied``) over them; each credited match's names."""
    text = answer_text(opened, QUESTION, lambda: _made(opened), every_match(_grown), compact=True)
    found: dict[str, Any] = orjson.loads(text)
    return found


def _made(opened: Callable[[], AbstractContextManager[Store]]) -> dict[str, Any]:
    from replay.app import night_summaries, seasons, stats
    from replay.app.seasons import credited

    with opened() as store:
        once = night_summaries.ReadOnce(store)
        nights = night_summaries.summaries(store, once=once)
        credits = {m: names for value in nights.values() for m, names in value["credits"].items()}
        every = seasons.ended(credited(stats.digests(store, once=once), credits))
    tallies = {game: _tally(game, [d for d in every if d["game"] == game], None) for game in {d["game"] for d in every}}
    return {"rows": [seasons.ended_row(d) for d in every], "tallies": tallies, "credits": credits}


def _tally(game: str, digests: list[dict[str, Any]], before: dict[str, Any] | None) -> dict[str, Any]:
    from replay.app.seasons import _counted, _every_seat
    from replay.games import GAMES

    return GAMES[game].review().tallied(_counted(digests), _every_seat, before)


def _grown(store: Store, changed: Mapping[str, tuple[str, ...]], kept: dict[str, Any]) -> dict[str, Any] | None:
    """The kept rows brought up to now by what ``changed`` (the streams stored to since, with their
    events' types): None where they cannot be, and are made again."""
    from replay.app import seasons

    if len(changed) > MOST_STREAMS or any(RETRACT in since for since in changed.values()):
        return None
    look = Look(store)
    rows: list[dict[str, Any]] = kept["rows"]
    counted = {row["match_id"] for row in rows}
    credits: dict[str, list[str]] = dict(kept["credits"])
    streams = [stream for stream in changed if stream != LEAGUE_STREAM]
    for night in (s for s in streams if look.is_night(s) and not SEATING.issuperset(changed[s])):
        for match, names in look.summary(night)["credits"].items():
            if credits.get(match) != names:
                if match in counted:
                    return None  # a match counted to other names: its seats' counts cannot be taken back
                credits[match] = names
    ended = []
    for stream in streams:
        digest = look.digest(stream)
        if digest is None or not seasons.ended([digest]):
            continue
        if stream in counted:
            return None  # ended twice without a retract between: not as this reads a store
        ended.append(digest | {"players": credits[stream]} if stream in credits else digest)
    keys = [(row["started_at"], row["match_id"]) for row in rows]
    tallies = dict(kept["tallies"])
    for digest in seasons.ended(ended):
        row = seasons.ended_row(digest)
        at = bisect.bisect(keys, (row["started_at"], row["match_id"]))
        keys.insert(at, (row["started_at"], row["match_id"]))
        rows.insert(at, row)
    for game in {d["game"] for d in ended}:
        tallies[game] = _tally(game, [d for d in ended if d["game"] == game], tallies.get(game))
    return {"rows": rows, "tallies": tallies, "credits": credits}


def player_page(
    opened: Callable[[], AbstractContextManager[Store]], name: str, public: bool
) -> tuple[dict[str, Any], list[str]]:
    """A player's page (``seasons.player_page``), without where they sit tonight, and the nights not
    closed they are of (where they may sit tonight). From the league's ended matches and tallies
    (``ended_matches``) and the player's own digests; where tables' results are hidden now and the
    page is the room's (``public``), added up again without them from every digest."""
    from replay.app import night_summaries, seasons, stats
    from replay.app.seasons import credited

    with opened() as store:
        once = night_summaries.ReadOnce(store)
        nights = night_summaries.summaries(store, once=once)
        hidden = {m for value in nights.values() for m in value["hidden"]} if public else set()
        # the nights not closed that they are of: read whole only those
        open_nights = [night for night, value in nights.items() if not value["closed"] and name in value["names"]]
        if hidden:
            credits = {m: tuple(names) for value in nights.values() for m, names in value["credits"].items()}
            found = credited(stats.digests(store, once=once), credits)
            return seasons.player([d for d in found if d["match_id"] not in hidden], name), open_nights
    ended = ended_matches(opened)
    typed = seasons.page_name(name)
    mine = [row["match_id"] for row in ended["rows"] if typed in row["players"]]
    with opened() as store:
        heads = [head for match in mine if (head := store.head_of(match)) is not None]
        own = credited(list(stats.DIGESTS.values(store, heads, only=True).values()), ended["credits"])
    return seasons.player_page(ended["rows"], name, own, lambda game: ended["tallies"].get(game, {})), open_nights
