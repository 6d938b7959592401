"""A league of clubs in one store: its clubs and their keys, whose club each night and match is,
who may do what with a key (``Access``), and the players as persons. The league's events are one
stream (``events/league.py``), folded by ``replay/app/league_state.py``.

A key is made here, shown once and never stored: the stream keeps its SHA-256 digest, and a key is
known again by its id (its first eight letters) and that digest, compared in constant time. A key
revoked is an event, so every server reading the store refuses it from its next request on.

What a key may do:

- the league's key (and the store's own host: the serving laptop, or the host link ``serve``
  prints) reads everything and administers the clubs;
- a club's host runs that club's nights: opens them, seats, corrects, closes, and reads their
  hidden results;
- a club's referee corrects that club's nights (a penalty, a table's undo, a substitute) and
  reads their hidden results;
- nobody else reads a night's hidden results or writes to it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Sequence

from events.envelope import new_event
from events.errors import InputError
from events.ids import LEAGUE_STREAM
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
)
from events.model import Payload
from events.text import lookalike, player_name
from replay.app.access import Access, AccessRefused
from replay.app.league_state import League, apply_all
from replay.app.steps import pending_step, step_of
from replay.engine.fold import IllegalEvent
from store import Store

ROLES = ("league", "host", "referee")


def digest_of(key: str) -> str:
    return hashlib.sha256(key.strip().encode("utf-8", "replace")).hexdigest()


def new_key() -> tuple[str, str]:
    """A new key and its id: the id (8 letters) is the key's start; the rest, 26 letters of 130 random bits."""
    key_id = base64.b32encode(secrets.token_bytes(5)).decode().lower()
    rest = base64.b32encode(secrets.token_bytes(20)).decode().lower()[:26]
    return key_id, f"{key_id}-{rest}"


def access_of(league: League, key: str) -> Access | None:
    """The access ``key`` gives, None when it is no key of the league's; a revoked key is refused."""
    key = key.strip().lower()
    found = league.keys.get(key[:8]) if len(key) == 35 and key[8:9] == "-" else None
    if found is None or not hmac.compare_digest(found.digest, digest_of(key)):
        return None
    if found.revoked_at is not None:
        raise AccessRefused(f"this key was revoked at {found.revoked_at[:16].replace('T', ' ')}; ask the league "
                            "for a new one", "auth.revoked")  # fmt: skip
    return Access(found.role, found.club, found.key_id)


class LeagueReader:
    """The league folded to the store's head, one per process: a request reads only the events
    stored since the last (one query for the head when nothing changed)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, League] = {}

    def read(self, store: Store, where: str) -> League:
        with self._lock:
            held = self._held.get(where) or League()
            head = store.head(LEAGUE_STREAM)
            if head < held.head:  # another store under the same name: read it whole
                held = League()
            if head > held.head:
                held = apply_all(held, [step_of(e) for e in store.read(LEAGUE_STREAM, from_seq=held.head + 1)])
                self._held[where] = held
            return held


def append(store: Store, league: League, payloads: Sequence[Payload], recorded_by: str) -> League:
    """Check the events against the league, then store them after its head (or nothing)."""
    pending = [new_event(p, recorded_by=recorded_by) for p in payloads]
    try:
        after = apply_all(league, [pending_step(league.head + n, e) for n, e in enumerate(pending, 1)])
    except IllegalEvent as exc:  # said as the league's administrator reads it: no seq of the stream
        raise InputError(exc.reason, code=exc.code) from None
    store.append(LEAGUE_STREAM, league.head, pending)
    return after


def add_club(store: Store, league: League, club: str, name: str, *, recorded_by: str) -> League:
    from pydantic import TypeAdapter, ValidationError

    from events.league import ClubId

    try:
        TypeAdapter(ClubId).validate_python(club)
    except ValidationError:
        raise InputError(f"a club's id is 2 to 24 lower-case letters, digits and dashes, not {club!r}; e.g. kyoto-north") from None  # fmt: skip
    return append(store, league, [ClubOpened(club=club, name=name.strip()[:100] or club)], recorded_by)


def issue_key(store: Store, league: League, club: str | None, role: str, *, label: str | None,
              recorded_by: str) -> tuple[League, str, str]:  # fmt: skip
    """A new key for ``club`` (None: the league's) in ``role``; the key itself is returned, never stored."""
    if role not in ROLES:
        raise InputError(f"a key's role is {', '.join(ROLES)}, not {role!r}")
    key_id, key = new_key()
    issued = KeyIssued(club=known(league, club), role=role, key_id=key_id, digest=digest_of(key),
                       label=(label or "").strip()[:100] or None)  # fmt: skip
    return append(store, league, [issued], recorded_by), key_id, key


def revoke_key(store: Store, league: League, key_id: str, reason: str, *, recorded_by: str) -> League:
    if not reason.strip():
        raise InputError("say why the key is revoked (--reason)")
    key_id = key_id.strip().lower()
    if key_id not in league.keys:
        raise InputError(f"no key {key_id!r}; `taikyoku club keys` lists them (a key's id is its first eight letters)",
                         code="league.key.unknown")  # fmt: skip
    return append(store, league, [KeyRevoked(key_id=key_id, reason=reason.strip()[:4000])], recorded_by)


def rotate_key(store: Store, league: League, key_id: str, reason: str, *,
               recorded_by: str) -> tuple[League, str, str]:  # fmt: skip
    """A new key in the place of ``key_id`` (its club, role and label) and the old one revoked, in one
    write: both or neither. The new key is returned, never stored."""
    key_id = key_id.strip().lower()
    old = league.keys.get(key_id)
    if old is None:
        raise InputError(f"no key {key_id!r}; `taikyoku club keys` lists them (a key's id is its first eight letters)",
                         code="league.key.unknown")  # fmt: skip
    if old.revoked_at is not None:
        raise InputError(f"the key {key_id} was revoked at {old.revoked_at[:16].replace('T', ' ')}; make a new one "
                         "with `taikyoku club key`", code="league.key.revoked")  # fmt: skip
    new_id, key = new_key()
    why = f"rotated: {new_id} replaces it" + (f"; {reason.strip()}" if reason.strip() else "")
    issued = KeyIssued(club=old.club, role=old.role, key_id=new_id, digest=digest_of(key), label=old.label)
    return append(store, league, [issued, KeyRevoked(key_id=key_id, reason=why[:4000])], recorded_by), new_id, key


def qualify(store: Store, league: League, night_id: str, qualified: bool, reason: str, *,
            recorded_by: str) -> League:  # fmt: skip
    """Whether players qualified to play ``night_id`` (MERS: one more to its weight)."""
    if not reason.strip():
        raise InputError("say how the night's players qualified, or why they did not (--reason)")
    given = NightQualified(night=night_id, qualified=qualified, reason=reason.strip()[:4000])
    return append(store, league, [given], recorded_by)


def known(league: League, club: str | None) -> str | None:
    """``club`` once it is one of the league's (None: any club), else one line that says so."""
    if club is not None and club not in league.clubs:
        raise InputError(f"no club {club!r} in the league; `taikyoku club list` (or /api/clubs) lists them",
                         code="league.club.unknown")  # fmt: skip
    return club


def _person(league: League, person: str) -> str:
    """``person`` once it is a record of the league's (else one line that says so)."""
    if person not in league.persons:
        raise InputError(f"no player {person!r} on record; `taikyoku league players` lists them",
                         code="league.person.unknown")  # fmt: skip
    return person


def claim(store: Store, league: League, club: str, streams: Sequence[str], *, recorded_by: str) -> League:
    """``streams`` (nights, matches) made ``club``'s, 500 to an event; those already its are left out."""
    wanted = sorted({s for s in streams if league.owner(s) != club})
    known(league, club)
    payloads = [Claimed(club=club, streams=tuple(wanted[at : at + 500])) for at in range(0, len(wanted), 500)]
    return append(store, league, payloads, recorded_by) if payloads else league


# ---- players as persons ----------------------------------------------------------------------


def next_person(league: League) -> str:
    return f"p{len(league.persons) + 1}"


def add_person(store: Store, league: League, name: str, *, ema_number: str | None = None,
               country: str | None = None, club: str | None = None, recorded_by: str) -> tuple[League, str]:  # fmt: skip
    """A new player's record, and the name they play under (at ``club``, or anywhere)."""
    shown = player_name(name)
    if ema_number is not None and not re.fullmatch(r"[0-9]{8}", ema_number):
        raise InputError(f"an EMA number is 8 digits, not {ema_number!r}", code="league.person.ema_number")
    if country is not None and not re.fullmatch(r"[A-Z]{2}", country):
        raise InputError(f"a country is its two capital letters (ISO 3166: NL, DE), not {country!r}",
                         code="league.person.country")  # fmt: skip
    person = next_person(league)
    added = PersonAdded(person=person, name=shown, ema_number=ema_number, country=country)
    named = PersonNamed(person=person, name=shown, club=known(league, club))
    return append(store, league, [added, named], recorded_by), person


def match_name(league: League, name: str, club: str | None) -> tuple[str | None, str | None]:
    """The person a name typed at ``club`` is, and else a player it may be, to ask about: one of
    that name at another club, or one whose name it only looks like, anywhere in the league."""
    typed = player_name(name)
    person = league.person_of(typed, club)
    if person is not None:
        return person, None
    names = {
        n: league.merged_into(p) for (_, n), p in sorted(league.named.items(), key=lambda i: (i[0][0] or "", i[0][1]))
    }
    if typed in names:  # the same name at another club: the same player, or another of that name
        return None, names[typed]
    alike = lookalike(typed, names)
    return None, (names[alike] if alike is not None else None)


def name_person(store: Store, league: League, person: str, name: str, club: str | None, *,
                recorded_by: str) -> League:  # fmt: skip
    named = PersonNamed(person=_person(league, person), name=player_name(name), club=known(league, club))
    return append(store, league, [named], recorded_by)


def merge(store: Store, league: League, into: str, merged: str, reason: str, *, recorded_by: str) -> League:
    if not reason.strip():
        raise InputError("say why the two records are one player (--reason)")
    given = PersonsMerged(into=_person(league, into), merged=_person(league, merged), reason=reason.strip()[:4000])
    return append(store, league, [given], recorded_by)


def unmerge(store: Store, league: League, seq: int, reason: str, *, recorded_by: str) -> League:
    if not reason.strip():
        raise InputError("say why the merge is taken back (--reason)")
    if seq not in league.merges:
        raise InputError(f"no merge stands at seq {seq}; `taikyoku league players` lists them",
                         code="league.unmerge.unknown")  # fmt: skip
    return append(store, league, [MergeUndone(merge=seq, reason=reason.strip()[:4000])], recorded_by)
