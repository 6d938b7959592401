"""Every ended match of the store in columns (its start, id, club, and each seat's player and
place), oldest first, with each game's tally of its players' counts at each club (what its
achievements are chosen from), whose each substituted or online table's seats are, and which
nights are open: what a player's and a person's page read of the whole league (a rating moves with
every player's; the achievements are the season's), kept as one answer
(``replay/app/kept_answers.py``) and grown by the matches that end, so that a page asked after a
match ends anywhere is not added up again from every match's digest.

Grown where it can be told exactly what changed since it was kept: each match ended since is
added where its start puts it (a match begun earlier and ended later is rated where it began), its
seats' counts to its game's tally, credited to whom its night says; each night opened, moved or
closed says so. It is made again from every digest where a retract was stored (it may take back
an end or a substitution), where a night now credits a match already counted to other names,
where a stream that was there is claimed for a club (its matches' club), or past
``answer_reads.MOST_STREAMS`` streams."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING, Any

from events.ids import LEAGUE_STREAM
from replay.app.answer_reads import MOST_STREAMS, NIGHT_OPENED, RETRACT, SEATING, Look, every_match
from replay.app.kept_answers import answer_value
from store import Store

if TYPE_CHECKING:
    from replay.app.league_state import League

QUESTION = ["ended matches"]
AT = "\x01"  # between a name and its club in a tally's keys: no name typed at a table holds a control character
Owner = Callable[[str], "str | None"]  # the club whose match a stream is (``League.owner``)


def ended_matches(opened: Callable[[], AbstractContextManager[Store]], league: Callable[[], League]) -> dict[str, Any]:
    """``{"names", "games", "tallies", "credits", "nights"}``: every name that sat at an ended match;
    for each game, its ended matches oldest first in columns (``started``, ``ids``, ``clubs``,
    ``sizes``: each match's players, and ``seats`` and ``places``: every seat's player, as its
    number in ``names``, and place, match after match); each game's tally (``Review.tallied``) by
    name and club (``name AT club``); each credited match's names; whether each night is closed. In
    columns of numbers, as a league's 200,000 matches are read back for each page. ``league``: the
    league now (which club each match is of)."""
    reads = every_match(partial(_grown, league=league), also=lambda since: NIGHT_OPENED in since)  # open nights too
    return answer_value(opened, QUESTION, lambda: _made(opened, league().owner), reads)


def _made(opened: Callable[[], AbstractContextManager[Store]], owner: Owner) -> dict[str, Any]:
    from replay.app import night_summaries, seasons, stats
    from replay.app.seasons import credited

    with opened() as store:
        once = night_summaries.ReadOnce(store)
        nights = night_summaries.summaries(store, once=once)
        credits = {m: names for value in nights.values() for m, names in value["credits"].items()}
        every = seasons.ended(credited(stats.digests(store, once=once), credits))
    found: dict[str, Any] = {"names": [], "games": {}, "tallies": {}, "credits": credits,
                             "nights": {night: value["closed"] for night, value in nights.items()}}  # fmt: skip
    _added(found, every, {}, owner)
    return found


def _added(ledger: dict[str, Any], digests: list[dict[str, Any]], numbers: dict[str, int], owner: Owner) -> None:
    """``digests`` (ended, credited) added to ``ledger``'s columns, each where its start puts it, and
    to its game's tally. ``numbers``: each name's number in the ledger's names (grown here)."""
    from replay.app.seasons import _counted
    from replay.games import GAMES

    names: list[str] = ledger["names"]
    keys: dict[str, list[tuple[str, str]]] = {}  # each game's matches' starts and ids, where one goes between
    for digest in digests:
        game, key = digest["game"], (digest["started_at"], digest["match_id"])
        columns = ledger["games"].setdefault(game, {"started": [], "ids": [], "clubs": [], "sizes": [], "seats": [],
                                                    "places": []})  # fmt: skip
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
        columns["clubs"].insert(at, owner(digest["match_id"]))
        columns["sizes"].insert(at, len(seats))
        columns["seats"][offset:offset] = seats
        columns["places"][offset:offset] = digest["places"]

    def at_club(digest: dict[str, Any]) -> list[tuple[int, str]]:
        club = owner(digest["match_id"]) or ""
        return [(seat, f"{name}{AT}{club}") for seat, name in enumerate(digest["players"])]

    for game in {d["game"] for d in digests}:
        of_game = _counted(d for d in digests if d["game"] == game)
        ledger["tallies"][game] = GAMES[game].review().tallied(of_game, at_club, ledger["tallies"].get(game))


def _grown(
    store: Store, changed: Mapping[str, tuple[str, ...]], kept: dict[str, Any], *, league: Callable[[], League]
) -> dict[str, Any] | None:
    """The kept columns brought up to now by what ``changed`` (the streams stored to since, with
    their events' types): None where they cannot be, and are made again."""
    from replay.app import seasons

    if len(changed) > MOST_STREAMS or any(RETRACT in since for since in changed.values()):
        return None
    if LEAGUE_STREAM in changed and Look(store).league_moved(changed, whole=False):
        return None  # a stream that was there claimed for a club: its matches' clubs, and tallies, move
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
    if ended:
        _added(kept, seasons.ended(ended), {name: number for number, name in enumerate(kept["names"])}, league().owner)
    return kept


def _open_nights(store: Store, ledger: dict[str, Any], public: bool) -> tuple[dict[str, dict[str, Any]], set[str]]:
    """The summaries of the nights not closed (where a player may sit tonight), and the tables whose
    results are hidden now (where the page is the room's, ``public``)."""
    from replay.app import night_summaries

    heads = store.heads(only=[night for night, closed in ledger["nights"].items() if not closed])
    nights = night_summaries.SUMMARIES.values(store, heads, only=True)
    return nights, ({m for value in nights.values() for m in value["hidden"]} if public else set())


def _every_digest(store: Store, hidden: set[str]) -> list[dict[str, Any]]:
    """Every match's digest, credited, without the tables hidden now: where a page is added up again."""
    from replay.app import night_summaries, stats
    from replay.app.seasons import credited

    once = night_summaries.ReadOnce(store)
    every = night_summaries.summaries(store, once=once)
    credits = {m: tuple(names) for value in every.values() for m, names in value["credits"].items()}
    return [d for d in credited(stats.digests(store, once=once), credits) if d["match_id"] not in hidden]


def _own(
    opened: Callable[[], AbstractContextManager[Store]], ledger: dict[str, Any],
    key_of: Callable[[int, str | None], Any] | None, whose: Any,
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:  # fmt: skip
    """The digests of a player's ended matches, oldest first and credited, and their rating over
    time in each game they played: every seat read as ``key_of`` says (of the seat's name's number
    and the match's club; None: the name's number), theirs ``whose``."""
    from replay.app import seasons, stats
    from replay.app.seasons import credited

    rated: dict[str, list[dict[str, Any]]] = {}
    mine: list[str] = []
    for game, columns in ledger["games"].items():
        if key_of is None and whose not in columns["seats"]:
            continue
        row_of = [row for row, size in enumerate(columns["sizes"]) for _ in range(size)]  # each seat's match
        clubs = columns["clubs"]
        keyed = columns["seats"] if key_of is None else [
            key_of(seat, clubs[row]) for seat, row in zip(columns["seats"], row_of, strict=True)]  # fmt: skip
        rows = sorted({row for key, row in zip(keyed, row_of, strict=True) if key == whose})
        if not rows:
            continue
        mine += [columns["ids"][row] for row in rows]
        history = seasons.rated(columns["sizes"], keyed, columns["places"], whose).get(whose, [])
        rated[game] = [{"match_id": columns["ids"][row], "date": columns["started"][row][:10],
                        "rating": round(rating, 2), "change": round(change, 2)} for row, rating, change in history]  # fmt: skip
    with opened() as store:
        own = stats.DIGESTS.values(store, store.heads(only=mine), only=True)
    return seasons.ended(credited(list(own.values()), ledger["credits"])), rated


def player_page(
    opened: Callable[[], AbstractContextManager[Store]], league: Callable[[], League], name: str, public: bool
) -> tuple[dict[str, Any], list[str]]:
    """A player's page by the name typed (``seasons.player_page``), without where they sit tonight,
    and the nights not closed they are of (where they may sit tonight). From the league's ended
    matches and tallies (``ended_matches``) and the player's own digests; where tables' results are
    hidden now and the page is the room's (``public``), added up again without them from every
    digest."""
    from replay.app import seasons
    from replay.games import GAMES

    ledger = ended_matches(opened, league)
    with opened() as store:
        nights, hidden = _open_nights(store, ledger, public)
        open_nights = [night for night, value in nights.items() if not value["closed"] and name in value["names"]]
        if hidden:  # the room's page: the tables hidden now left out of the league's tallies too
            return seasons.player(_every_digest(store, hidden), name), open_nights
    typed = seasons.page_name(name)
    number = ledger["names"].index(typed) if typed in ledger["names"] else -1
    own, rated = _own(opened, ledger, None, number)

    def tally(game: str) -> dict[str, Any]:  # by the name alone, whatever the club
        return GAMES[game].review().combined(ledger["tallies"].get(game, {}), lambda key: key.partition(AT)[0])

    return seasons.player_page(name, own, lambda game: rated.get(game, []), tally), open_nights


def person_page(
    opened: Callable[[], AbstractContextManager[Store]], league: Callable[[], League], person: str, public: bool
) -> dict[str, Any]:
    """A person's page across the clubs (``persons.page_of``): every seat read as the person it is
    (the name typed, at the match's club), from the league's ended matches and tallies and the
    person's own digests; where tables' results are hidden now and the page is the room's
    (``public``), added up again without them from every digest."""
    from replay.app import persons, seasons
    from replay.games import GAMES

    ledger = ended_matches(opened, league)
    now = league()
    with opened() as store:
        _, hidden = _open_nights(store, ledger, public)
        if hidden:
            digests = _every_digest(store, hidden)
            renamed, every_shown = persons.as_persons(now, digests)
            return persons.page_of(now, person, seasons.player(renamed, persons.key_of(person)), every_shown,
                                   {d["match_id"]: now.owner(d["match_id"]) for d in digests})  # fmt: skip
    keys: dict[tuple[int, str | None], str] = {}
    shown: dict[str, str] = {}
    names: list[str] = ledger["names"]

    def key_of(seat: int, club: str | None) -> str:
        found = keys.get((seat, club))
        if found is None:
            found, shown[found] = persons.person_key(now, names[seat], club)
            keys[(seat, club)] = found
        return found

    whose = persons.key_of(person)
    own, rated = _own(opened, ledger, key_of, whose)

    def person_of(key: str) -> str:  # a tally's key (a name at a club) as the person it is
        name, _, club = key.partition(AT)
        found, shown[found] = persons.person_key(now, name, club or None)
        return found

    def tally(game: str) -> dict[str, Any]:
        return GAMES[game].review().combined(ledger["tallies"].get(game, {}), person_of)

    renamed, named = persons.as_persons(now, own)
    page = seasons.player_page(whose, renamed, lambda game: rated.get(game, []), tally)
    return persons.page_of(now, person, page, shown | named, {d["match_id"]: now.owner(d["match_id"]) for d in own})
