"""The league's state and its pure fold (``events/league.py``): the clubs, their keys, whose club each
night and match is, and the players as persons. Each event is checked against the league before
it, with a stable code where it is refused. No I/O: ``replay/app/league.py`` reads and writes the
league's stream and holds its use cases.

The fold keeps one working copy while it applies many events (``apply_all``): a league of fifty
clubs claims thousands of nights, and a copy of every map per event would cost the square of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from events.league import (
    Claimed,
    ClubOpened,
    KeyIssued,
    KeyRevoked,
    MergeUndone,
    NightQualified,
    PersonAdded,
    PersonNamed,
    PersonsMerged,
    RankingDeclared,
)
from replay.engine.fold import Step, illegal

TABLE_MARK = "-t"  # a night's table is the night's id with -tN


@dataclass
class Key:
    key_id: str
    club: str | None  # None: a league key
    role: str
    digest: str
    label: str | None
    issued_at: str
    revoked_at: str | None = None


@dataclass
class Person:
    person: str
    name: str
    ema_number: str | None
    country: str | None
    names: list[tuple[str | None, str]] = field(default_factory=list)  # (club or None, the name typed)


@dataclass
class League:
    """The league as its events leave it. Treated as a value: ``apply`` never changes the one it is given."""

    head: int = 0
    clubs: dict[str, str] = field(default_factory=dict)  # club id -> its name
    keys: dict[str, Key] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # a night's or match's id -> its club
    persons: dict[str, Person] = field(default_factory=dict)
    named: dict[tuple[str | None, str], str] = field(default_factory=dict)  # (club or None, name) -> person
    merges: dict[int, tuple[str, str]] = field(default_factory=dict)  # standing merges: seq -> (into, merged)
    rankings: dict[str, RankingDeclared] = field(default_factory=dict)  # by game: the ranking declared last
    qualified: set[str] = field(default_factory=set)  # nights players qualified for (MERS +1)

    def copy(self) -> League:
        persons = {p: Person(x.person, x.name, x.ema_number, x.country, list(x.names)) for p, x in self.persons.items()}
        keys = {k: Key(**vars(x)) for k, x in self.keys.items()}
        return League(self.head, dict(self.clubs), keys, dict(self.owners), persons, dict(self.named),
                      dict(self.merges), dict(self.rankings), set(self.qualified))  # fmt: skip

    def owner(self, stream: str) -> str | None:
        """The club whose night or match ``stream`` is (a night's table is its night's); None: the league's."""
        found = self.owners.get(stream)
        if found is None and TABLE_MARK in stream:
            night, _, number = stream.rpartition(TABLE_MARK)
            if number.isdigit():
                found = self.owners.get(night)
        return found

    def merged_into(self, person: str) -> str:
        """The record ``person``'s results count under now (merges followed to the end)."""
        if not self.merges:
            return person
        into = {merged: kept for kept, merged in self.merges.values()}
        seen = {person}
        while person in into and into[person] not in seen:
            person = into[person]
            seen.add(person)
        return person

    def person_of(self, name: str, club: str | None) -> str | None:
        """The person a name typed at ``club``'s table is: the club's own naming first, then the league's."""
        found = self.named.get((club, name)) or self.named.get((None, name))
        return None if found is None else self.merged_into(found)


def apply(league: League, step: Step) -> League:
    """The pure fold: ``step`` checked against ``league``, and the league after it."""
    return _apply_into(league.copy(), step)


def apply_all(league: League, steps: Iterable[Step]) -> League:
    """``apply`` for each step in turn, on one working copy."""
    working = league.copy()
    for step in steps:
        working = _apply_into(working, step)
    return working


def fold(steps: Iterable[Step]) -> League:
    return apply_all(League(), steps)


def _apply_into(league: League, step: Step) -> League:
    payload = step.payload
    if isinstance(payload, ClubOpened):
        if payload.club in league.clubs:
            raise illegal(step, "league.club.exists", f"the league has a club {payload.club} already")
        league.clubs[payload.club] = payload.name
    elif isinstance(payload, KeyIssued):
        if payload.key_id in league.keys:
            raise illegal(step, "league.key.exists", f"a key {payload.key_id} was made already; make another")
        if (payload.club is None) != (payload.role == "league"):
            raise illegal(step, "league.key.role", "a league key has no club, and a club's key is its host's or a referee's")  # fmt: skip
        _club(league, step, payload.club)
        league.keys[payload.key_id] = Key(payload.key_id, payload.club, payload.role, payload.digest, payload.label,
                                          step.recorded_at)  # fmt: skip
    elif isinstance(payload, KeyRevoked):
        key = league.keys.get(payload.key_id)
        if key is None:
            raise illegal(step, "league.key.unknown", f"no key {payload.key_id}; `taikyoku club keys` lists them")
        if key.revoked_at is not None:
            raise illegal(step, "league.key.revoked", f"the key {payload.key_id} was revoked at {key.revoked_at}")
        key.revoked_at = step.recorded_at
    elif isinstance(payload, Claimed):
        _club(league, step, payload.club)
        for stream in payload.streams:
            other = league.owner(stream)
            if other is not None and other != payload.club:
                raise illegal(step, "league.claim.other_club", f"{stream} is club {other}'s, not {payload.club}'s")
            league.owners[stream] = payload.club
    elif isinstance(payload, PersonAdded):
        if payload.person in league.persons:
            raise illegal(step, "league.person.exists", f"a player {payload.person} is on record already")
        league.persons[payload.person] = Person(payload.person, payload.name, payload.ema_number, payload.country)
    elif isinstance(payload, PersonNamed):
        _club(league, step, payload.club)
        _person(league, step, payload.person)
        taken = league.named.get((payload.club, payload.name))
        if taken is not None and taken != payload.person:
            where = f"at {payload.club}" if payload.club else "in the league"
            raise illegal(step, "league.name.taken", f"{payload.name} {where} is {taken} already; merge the two records")  # fmt: skip
        league.named[(payload.club, payload.name)] = payload.person
        league.persons[payload.person].names.append((payload.club, payload.name))
    elif isinstance(payload, PersonsMerged):
        into, merged = _person(league, step, payload.into), _person(league, step, payload.merged)
        if league.merged_into(into) == league.merged_into(merged):
            raise illegal(step, "league.merge.same", f"{merged} and {into} are one player already")
        if league.merged_into(merged) != merged:
            raise illegal(step, "league.merge.merged", f"{merged} is merged into {league.merged_into(merged)} already; merge that record")  # fmt: skip
        league.merges[step.seq] = (into, merged)
    elif isinstance(payload, MergeUndone):
        undone = league.merges.pop(payload.merge, None)
        if undone is None:
            raise illegal(step, "league.unmerge.unknown", f"no merge stands at seq {payload.merge}; `taikyoku league players` lists them")  # fmt: skip
    elif isinstance(payload, NightQualified):
        if not payload.night.startswith("night-"):
            raise illegal(step, "league.qualified.not_a_night", f"{payload.night} is no night's id (a night's is night-...)")  # fmt: skip
        if payload.qualified == (payload.night in league.qualified):
            said = "qualifying" if payload.qualified else "not qualifying"
            raise illegal(step, "league.qualified.unchanged", f"{payload.night} is already {said}")
        (league.qualified.add if payload.qualified else league.qualified.discard)(payload.night)
    elif isinstance(payload, RankingDeclared):
        from events.errors import InputError
        from replay.app.rankings import declared

        try:
            declared(payload.method, payload.options)
        except InputError as exc:
            raise illegal(step, "league.ranking.options", str(exc)) from None
        league.rankings[payload.game] = payload
    else:
        raise illegal(step, "league.unknown_event", f"the league's stream holds league events, not {step.type}")
    league.head = step.seq
    return league


def _club(league: League, step: Step, club: str | None) -> None:
    if club is not None and club not in league.clubs:
        raise illegal(step, "league.club.unknown", f"no club {club} in the league; add it with `taikyoku club add {club}`")  # fmt: skip


def _person(league: League, step: Step, person: str) -> str:
    if person not in league.persons:
        raise illegal(step, "league.person.unknown", f"no player {person} on record; `taikyoku league players` lists them")  # fmt: skip
    return person
