"""What each of a league's kept answers reads (``replay/app/kept_answers.py``'s ``Reads``), so that
one is still shown while the league records elsewhere: a club's season reads its own club's nights
and matches; a player's page every match that ended, every night, and the open nights they are
of; the league's ranking its closed nights and the league's stream; a person's page all of these.

A stream stored to since an answer's mark moved it where it may have changed what the answer
reads. A match moved it when it has ended now, or when one of the events stored to it since is a
retract (which may have taken back its end): a match still playing gives no result, no place and
no figure to a season, a page or a ranking. A night moved an answer that reads every night by any
event but those that only open and seat it and keep its clock (``SEATING``): a penalty, a
substitute, an online match, results hidden, the close (which shows them again) and a retract each
move it; and the tables of the open nights a page's player is of move it, where they sit tonight.
The ranking reads a night only once it is closed (or where a retract may have opened it again),
and a table only of a closed night; a closed night takes no event but a retract (its fold refuses
the rest). Of the league's stream, a club's season reads which streams the club holds, and the
ranking and a person's page the persons, their names (the ranking only a name one of its results
bears), merges, the nights' qualifications and the
rankings declared: the keys, the clubs, new records and the claims of streams begun since the mark
(a night opened by its club) move neither; a claim of a stream that was there before (a club's
store moved whole) moves both. Where the streams cannot be told of one by one (more than
``MOST_STREAMS`` of them), the answer is made again."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal

from events.ids import LEAGUE_STREAM
from events.league import Claimed, PersonNamed
from replay.app.kept_answers import Reads
from replay.app.league_state import TABLE_MARK

if TYPE_CHECKING:
    from replay.app.league_state import League
    from store import Store, StoredEvent

# Whether a result an answer reads bears a name typed at a club's tables (None: at any club's).
Borne = Callable[[str, "str | None"], bool]
MOST_STREAMS = 100  # streams stored to since a mark looked at one by one; past this, the answer is made again
RETRACT = "retract"
MATCH_STARTED = "match_started"
NIGHT_OPENED = "night.opened"
CLAIMED = "league.claimed"
NAMED = "league.named"
PLAYERS = "night.players"
# What the league's stream takes that moves no ranking and no person's page: keys, clubs, new records.
UNREAD = frozenset({"league.key", "league.key_revoked", "league.club", "league.person"})
# What a night's stream takes that moves no season, page or ranking, but where its players sit.
SEATING = frozenset({NIGHT_OPENED, PLAYERS, "night.seated", "night.clock", "night.table_clock",
                     "night.registered"})  # fmt: skip


class Look:
    """What the streams stored to since a mark are now, each read once: a night or a match, a
    night's summary, a match's digest (each kept, or folded and kept, as every answer reads them)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._first: dict[str, StoredEvent | None] = {}

    def first(self, stream: str) -> StoredEvent | None:
        """The stream's first event (a night's opening: its game, the day it opened); None: no stream."""
        if stream not in self._first:
            found = self.store.read(stream, to_seq=1) if self.store.exists(stream) else []
            self._first[stream] = found[0] if found else None
        return self._first[stream]

    def first_type(self, stream: str) -> str | None:
        found = self.first(stream)
        return None if found is None else found.type

    def is_night(self, stream: str) -> bool:
        return self.first_type(stream) == NIGHT_OPENED

    def ever_present(self, night: str, names: frozenset[str]) -> bool:
        """Whether any of ``names`` was ever said present at ``night`` (any of its lists of players)."""
        from events.night import NightPlayers

        for event in self.store.read(night):
            payload = event.decode() if event.type == PLAYERS else None
            if isinstance(payload, NightPlayers) and names & set(payload.players):
                return True
        return False

    def night_of(self, stream: str) -> str | None:
        """The night whose table ``stream`` is (the night's id with -tN), where that night is one."""
        night, mark, number = stream.rpartition(TABLE_MARK)
        return night if mark and number.isdigit() and self.is_night(night) else None

    def summary(self, night: str) -> dict[str, Any]:
        from replay.app.night_summaries import SUMMARIES

        head = self.store.head_of(night)
        assert head is not None  # a night is a stream with events
        return SUMMARIES.values(self.store, [head], only=True)[night]

    def digest(self, stream: str) -> dict[str, Any] | None:
        """The digest of the match ``stream`` is (kept, or folded and kept); None where it is no match."""
        from replay.app.stats import DIGESTS

        head = self.store.head_of(stream)
        if head is None or stream == LEAGUE_STREAM or self.is_night(stream):
            return None
        return DIGESTS.values(self.store, [head], only=True)[stream]

    def ended(self, match: str) -> bool:
        digest = self.digest(match)
        return digest is not None and digest["status"] == "complete" and bool(digest.get("places"))

    def match_moved(self, match: str, since: tuple[str, ...]) -> bool:
        return RETRACT in since or self.ended(match)

    def league_moved(self, changed: Mapping[str, tuple[str, ...]], *, whole: bool, borne: Borne | None = None) -> bool:
        """Whether the league's events since the mark move an answer that reads its claims of
        streams that were there before (``whole``: and every fact but keys, clubs and new records;
        of the names said, with ``borne``, only those a result it reads bears)."""
        since = changed[LEAGUE_STREAM]
        said = set(since) - UNREAD - {CLAIMED} - ({NAMED} if borne is not None else set())
        if whole and said:
            return True
        if CLAIMED not in since and not (whole and NAMED in since):
            return False
        head = self.store.head(LEAGUE_STREAM)
        for event in self.store.read(LEAGUE_STREAM, from_seq=head - len(since) + 1):
            payload = event.decode()
            if isinstance(payload, Claimed) and any(self._was_there(s, changed) for s in payload.streams):
                return True
            if whole and isinstance(payload, PersonNamed) and (borne is None or borne(payload.name, payload.club)):
                return True
        return False

    def _was_there(self, stream: str, changed: Mapping[str, tuple[str, ...]]) -> bool:
        """Whether ``stream`` held events at the mark: every one it holds now was not stored since."""
        return self.store.head(stream) > len(changed.get(stream, ()))


def _moved(
    store: Store,
    changed: Mapping[str, tuple[str, ...]],
    *,
    league: Literal["none", "claims", "whole"] = "none",
    only: Callable[[str], bool] | None = None,
    every_night: bool = True,
    tonight: frozenset[str] = frozenset(),
    borne: Borne | None = None,
) -> bool:
    """Whether any stream of ``changed`` moved an answer that reads: of the league's stream
    (``league``), nothing, its claims of streams that were there, or the whole of what it says but
    keys, clubs and new records (of the names said, with ``borne``, those a result it reads
    bears); the streams ``only`` takes (all where None); every night (``every_night``), or only
    the closed ones and (alone of the nights' tables) theirs; the tables of the open nights
    ``tonight``'s names are of."""
    if len(changed) > MOST_STREAMS:
        return True
    look = Look(store)
    for stream, since in changed.items():
        if stream == LEAGUE_STREAM:
            if league != "none" and look.league_moved(changed, whole=league == "whole", borne=borne):
                return True
            continue
        if only is not None and not only(stream):
            continue
        if look.is_night(stream):
            if every_night and not SEATING.issuperset(since):
                return True
            if every_night and tonight and (tonight & set(look.summary(stream)["names"]) or
                                            (PLAYERS in since and look.ever_present(stream, tonight))):  # fmt: skip
                return True  # where they sit tonight, or no longer do (said absent since)
            if not every_night and (RETRACT in since or look.summary(stream)["closed"]):
                return True
            continue
        night = look.night_of(stream)
        if night is not None:
            summary = look.summary(night)
            if tonight and not summary["closed"] and tonight & set(summary["names"]):
                return True  # where they sit tonight, and their standing there
            if not every_night and not summary["closed"]:
                continue  # an open night's table counts for the ranking once the night closes
        if look.match_moved(stream, since):
            return True
    return False


def season(league: League, club: str | None) -> Reads:
    """A season's (of ``club``'s nights and matches alone, where named): of the league's stream,
    the streams the club holds."""
    if club is None:
        return Reads(lambda store, changed: _moved(store, changed))
    return Reads(lambda store, changed: _moved(store, changed, league="claims", only=lambda s: league.owner(s) == club))


def every_match(
    grown: Callable[[Store, Mapping[str, tuple[str, ...]], dict[str, Any]], dict[str, Any] | None],
    also: Callable[[tuple[str, ...]], bool],
) -> Reads:  # fmt: skip
    """What reads every match and night as a player's page does, but not where anyone sits tonight
    (``replay/app/ended_matches.py``), the claims of streams that were there (which club each match
    is of), and any stream whose events since ``also`` takes: brought up to now by ``grown`` where
    it moved."""

    def moved(store: Store, changed: Mapping[str, tuple[str, ...]]) -> bool:
        return any(map(also, changed.values())) or _moved(store, changed, league="claims")

    return Reads(moved, grown)


def ranked_nights(
    grown: Callable[[Store, Mapping[str, tuple[str, ...]], dict[str, Any]], dict[str, Any] | None],
) -> Reads:  # fmt: skip
    """What the ranking reads of the nights, whatever the league says of its players
    (``replay/app/league_events.py``): the closed nights and their tables, brought up to now by
    ``grown`` where they moved."""
    return Reads(lambda store, changed: _moved(store, changed, every_night=False), grown)


def player(name: str) -> Reads:
    """A player's page by the name typed at the tables: every match and night; nothing of the
    league's stream; the tables of the open nights they are of."""
    return Reads(lambda store, changed: _moved(store, changed, tonight=frozenset({name})))


def ranking(borne: Borne) -> Reads:
    """The league's ranking: the league's facts, its closed nights and their tables. A name said
    moves it only where a result of its closed nights bears that name at that club (``borne``):
    a name no ranked result bears is no one's figure yet."""
    return Reads(lambda store, changed: _moved(store, changed, league="whole", every_night=False, borne=borne))


def person() -> Reads:
    """A person's page across the clubs: the league's facts, every match and night (their place in
    the ranking, and their results under every name)."""
    return Reads(lambda store, changed: _moved(store, changed, league="whole"))


def in_order(names: Iterable[str]) -> list[str]:
    """Names as a host picks from them: alphabetical whatever their case (and by case after)."""
    return sorted(set(names), key=lambda name: (name.casefold(), name))


def known_names(opened: Callable[[], AbstractContextManager[Store]]) -> list[str]:
    """Every player's name in the store (the names of every match's start), for a host to pick a
    night's from: kept, and grown by the names of the matches begun since it was kept, so that a
    league of 200,000 matches is not read again for each night opened."""
    from replay.app.kept_answers import answer
    from replay.app.listing import started_json

    def make() -> dict[str, Any]:
        with opened() as store:
            names = {p["name"] for head in store.matches() for p in started_json(head.first)["players"]}
        return {"names": in_order(names)}

    found: list[str] = answer(opened, ["known players"], make, _known_names())["names"]
    return found


def _known_names() -> Reads:
    """Every name in the store: moved by a match begun since (its names) or a retract; brought up
    to now by the names of the matches begun since, where no retract was stored."""

    def moved(_store: Store, changed: Mapping[str, tuple[str, ...]]) -> bool:
        return any(MATCH_STARTED in since or RETRACT in since for since in changed.values())

    def grown(store: Store, changed: Mapping[str, tuple[str, ...]], kept: dict[str, Any]) -> dict[str, Any] | None:
        from replay.app.listing import started_json

        if len(changed) > MOST_STREAMS or any(RETRACT in since for since in changed.values()):
            return None
        names = set(kept["names"])
        for stream, since in changed.items():
            if MATCH_STARTED in since:
                names.update(p["name"] for p in started_json(store.read(stream, to_seq=1)[0])["players"])
        return {"names": in_order(names)}

    return Reads(moved, grown)
