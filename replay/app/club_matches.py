"""A club's ended matches and its nights' summaries, as a club's season reads them, kept as one
answer (``replay/app/kept_answers.py``) and grown by what the club stores, so that its season
asked after a match ends at one of its tables reads one row and the streams stored to since, not
the league's 200,000 heads and 5,000 nights again.

Each match's digest (``replay/app/stats.py``) is kept as it is, by its id, and each night's summary
(``replay/app/night_summaries.py``) with the day it opened: growing one is replacing what a stream
stored to since says now (a match ended, or no longer ended after a retract; a night's penalties,
substitutes and hidden tables), so that what is grown is what would be made. A night's summary is
read again whenever the night was stored to at all since the answer was kept (a session seated
after results are hidden hides its tables too, though seating moves no season). Made again where a stream that was there is claimed for a club
(which club a match is of moves), or past ``answer_reads.MOST_STREAMS`` streams stored to."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING, Any

from events.ids import LEAGUE_STREAM
from replay.app.answer_reads import MOST_STREAMS, Look, season
from replay.app.kept_answers import Reads, answer_value
from store import Store

if TYPE_CHECKING:
    from replay.app.league_state import League


def club_matches(
    opened: Callable[[], AbstractContextManager[Store]], league: Callable[[], League], club: str
) -> dict[str, Any]:  # fmt: skip
    """``{"digests", "nights"}``: the digest of each of ``club``'s ended matches (complete, with
    places), by its id; each of its nights' summaries, by its id, with ``night_id`` and ``date``
    (the day it opened). ``league``: the league now (which club each stream is of)."""
    moved = season(league(), club).moved
    reads = Reads(moved, partial(_grown, league=league, club=club))
    return answer_value(opened, ["club matches", club], lambda: _made(opened, league(), club), reads)


def _made(opened: Callable[[], AbstractContextManager[Store]], league: League, club: str) -> dict[str, Any]:
    from replay.app import night_summaries, seasons, stats

    def mine(stream: str) -> bool:
        return league.owner(stream) == club

    with opened() as store:
        once = night_summaries.ReadOnce(store)
        nights = night_summaries.summaries(store, only=mine, once=once)
        every = seasons.ended(stats.digests(store, only=mine, once=once))
    return {"digests": {d["match_id"]: d for d in every}, "nights": nights}


def _grown(
    store: Store, changed: Mapping[str, tuple[str, ...]], kept: dict[str, Any], *, league: Callable[[], League],
    club: str,
) -> dict[str, Any] | None:  # fmt: skip
    """The kept matches and nights brought up to now by what ``changed`` (the streams stored to
    since, with their events' types): None where they cannot be, and are made again."""
    from replay.app import seasons

    if len(changed) > MOST_STREAMS:
        return None
    look = Look(store)
    if LEAGUE_STREAM in changed and look.league_moved(changed, whole=False):
        return None  # a stream that was there claimed for a club: which club its matches are of moves
    now = league()
    nights: set[str] = set()
    for stream in changed:
        if stream == LEAGUE_STREAM or now.owner(stream) != club:
            continue
        if look.is_night(stream):
            nights.add(stream)
            continue
        digest = look.digest(stream)
        if digest is not None and seasons.ended([digest]):
            kept["digests"][stream] = digest
        else:
            kept["digests"].pop(stream, None)  # playing, or an end taken back
    for night in sorted(nights):
        opened = look.first(night)
        assert opened is not None  # a night: a stream with events
        opened_at = opened.recorded_at
        kept["nights"][night] = look.summary(night) | {"night_id": night, "date": opened_at[:10]}
    return kept
