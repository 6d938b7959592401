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
import itertools
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

import orjson

from events.ids import LEAGUE_STREAM
from replay.app.answer_reads import MOST_STREAMS, NIGHT_OPENED, RETRACT, SEATING, Look, every_match
from replay.app.kept_answers import answer_text
from store import Store

QUESTION = ["ended matches"]


def ended_matches(opened: Callable[[], AbstractContextManager[Store]]) -> dict[str, Any]:
    """``{"names", "games", "tallies", "credits"}``: every name that sat at an ended match; for each
    game, its ended matches oldest first in columns (``started``, ``ids``, ``sizes``: each match's
    players, and ``seats`` and ``places``: every seat's player, as its number in ``names``, and
    place, match after match); each game's tally (``Review.tallied``); each credited match's
    names. In columns of numbers, as a league's 200,000 matches are read back for each page."""
    reads = every_match(_grown, also=lambda since: NIGHT_OPENED in since)  # which nights are open, too
    text = answer_text(opened, QUESTION, lambda: _made(opened), reads, compact=True)
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
    found: dict[str, Any] = {"names": [], "games": {}, "tallies": {}, "credits": credits,
                             "nights": {night: value["closed"] for night, value in nights.items()}}  # fmt: skip
    _added(found, every, {})
    return found


def _added(ledger: dict[str, Any], digests: list[dict[str, Any]], numbers: dict[str, int]) -> None:
    """``digests`` (ended, credited) added to ``ledger``'s columns, each where its start puts it, and
    to its game's tally. ``numbers``: each name's number in the ledger's names (grown here)."""
    from replay.app.seasons import _counted, _every_seat
    from replay.games import GAMES

    names: list[str] = ledger["names"]
    keys: dict[str, list[tuple[str, str]]] = {}  # each game's matches' starts and ids, where one goes between
    for digest in digests:
        game, key = digest["game"], (digest["started_at"], digest["match_id"])
        columns = ledger["games"].setdefault(game, {"started": [], "ids": [], "sizes": [], "seats": [], "places": []})
        if not columns["ids"] or key >= (columns["started"][-1], columns["ids"][-1]):
            at, offset = len(columns["ids"]), len(columns["seats"])  # the newest: every match, as made oldest first
            keys.get(game, []).append(key)
        else:
            if game not in keys:
                keys[game] = list(zip(columns["started"], columns["ids"], strict=True))
            at = bisect.bisect(keys[game], key)
            keys[game].insert(at, key)
            offset = sum(columns["sizes"][:at])
        seats = []
        for name in digest["players"]:
            if name not in numbers:
                numbers[name] = len(names)
                names.append(name)
            seats.append(numbers[name])
        columns["started"].insert(at, digest["started_at"])
        columns["ids"].insert(at, digest["match_id"])
        columns["sizes"].insert(at, len(seats))
        columns["seats"][offset:offset] = seats
        columns["places"][offset:offset] = digest["places"]
    for game in {d["game"] for d in digests}:
        of_game = _counted(d for d in digests if d["game"] == game)
        ledger["tallies"][game] = GAMES[game].review().tallied(of_game, _every_seat, ledger["tallies"].get(game))


def _grown(store: Store, changed: Mapping[str, tuple[str, ...]], kept: dict[str, Any]) -> dict[str, Any] | None:
    """The kept columns brought up to now by what ``changed`` (the streams stored to since, with
    their events' types): None where they cannot be, and are made again."""
    from replay.app import seasons

    if len(changed) > MOST_STREAMS or any(RETRACT in since for since in changed.values()):
        return None
    look = Look(store)
    counted = {match for columns in kept["games"].values() for match in columns["ids"]}
    credits: dict[str, list[str]] = kept["credits"]
    streams = [stream for stream in changed if stream != LEAGUE_STREAM]
    for night in (s for s in streams if look.is_night(s) and NIGHT_OPENED in changed[s]):
        kept["nights"][night] = False
    for night in (s for s in streams if look.is_night(s) and not SEATING.issuperset(changed[s])):
        summary = look.summary(night)
        kept["nights"][night] = summary["closed"]
        for match, names in summary["credits"].items():
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
    _added(kept, seasons.ended(ended), {name: number for number, name in enumerate(kept["names"])})
    return kept


def player_page(
    opened: Callable[[], AbstractContextManager[Store]], name: str, public: bool
) -> tuple[dict[str, Any], list[str]]:
    """A player's page (``seasons.player_page``), without where they sit tonight, and the nights not
    closed they are of (where they may sit tonight). From the league's ended matches and tallies
    (``ended_matches``) and the player's own digests; where tables' results are hidden now and the
    page is the room's (``public``), added up again without them from every digest."""
    from replay.app import night_summaries, seasons, stats
    from replay.app.seasons import credited

    ledger = ended_matches(opened)
    with opened() as store:  # the nights not closed: where they may sit tonight, and tables hidden now
        heads = store.heads(only=[night for night, closed in ledger["nights"].items() if not closed])
        nights = night_summaries.SUMMARIES.values(store, heads, only=True)
        hidden = {m for value in nights.values() for m in value["hidden"]} if public else set()
        open_nights = [night for night, value in nights.items() if not value["closed"] and name in value["names"]]
        if hidden:  # the room's page: the tables hidden now left out of the league's tallies too
            once = night_summaries.ReadOnce(store)
            every = night_summaries.summaries(store, once=once)
            credits = {m: tuple(names) for value in every.values() for m, names in value["credits"].items()}
            found = credited(stats.digests(store, once=once), credits)
            return seasons.player([d for d in found if d["match_id"] not in hidden], name), open_nights
    typed = seasons.page_name(name)
    number = ledger["names"].index(typed) if typed in ledger["names"] else None
    rated: dict[str, list[dict[str, Any]]] = {}
    mine: list[str] = []
    for game, columns in ledger["games"].items():
        if number is None or number not in columns["seats"]:
            continue
        history = seasons.rated(columns["sizes"], columns["seats"], columns["places"], number).get(number, [])
        rated[game] = [{"match_id": columns["ids"][row], "date": columns["started"][row][:10], "rating": rating,
                        "change": change} for row, rating, change in history]  # fmt: skip
        ends = list(itertools.accumulate(columns["sizes"]))  # where each match's seats end
        seats = columns["seats"]
        mine += [columns["ids"][bisect.bisect(ends, at)] for at in range(len(seats)) if seats[at] == number]
    with opened() as store:
        own = stats.DIGESTS.values(store, store.heads(only=mine), only=True)
    own_digests = credited(list(own.values()), ledger["credits"])
    page = seasons.player_page(name, seasons.ended(own_digests), lambda game: rated.get(game, []),
                               lambda game: ledger["tallies"].get(game, {}))  # fmt: skip
    return page, open_nights
