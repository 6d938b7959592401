"""The league's use cases, as the application serves them (``replay/app/league.py`` holds the
rules): its clubs and keys, what a key may do, whose each night and match is, and the players as
persons. ``Application`` takes them in; the store and its lock are its."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

from events.errors import InputError
from replay.infra import stores
from store import ConcurrencyError, Store

if TYPE_CHECKING:
    from replay.app.access import Access
    from replay.app.league_state import League

T = TypeVar("T")
_READER_LOCK = threading.Lock()


class Leagues:
    """The league's use cases (the application's, which wires the store they use)."""

    if TYPE_CHECKING:
        db: str

        def store(self) -> AbstractContextManager[Store]: ...

        def lock(self, match: str) -> threading.Lock: ...

    # ---- reading -------------------------------------------------------------------------------

    def league(self) -> League:
        """The league as its stream stands (none: no club, no key, no person)."""
        from replay.app.league import LeagueReader
        from replay.app.league_state import League

        if not stores.store_exists(self.db):
            return League()
        with _READER_LOCK:
            reader: LeagueReader = self.__dict__.setdefault("_league_reader", LeagueReader())
        with self.store() as store:
            return reader.read(store, self.db)

    def owner(self, stream: str) -> str | None:
        """The club whose night or match ``stream`` is; None: the league's own."""
        return self.league().owner(stream)

    def access(self, key: str) -> Access | None:
        """What ``key`` opens (a revoked key: refused in one line), None when it is no league key."""
        from replay.app.league import access_of

        return access_of(self.league(), key) if key.strip() else None

    def clubs(self) -> list[dict[str, Any]]:
        """The league's clubs, with their nights and keys standing."""
        league = self.league()
        nights: dict[str, int] = {}
        for stream, club in league.owners.items():
            if stream.startswith("night-"):
                nights[club] = nights.get(club, 0) + 1
        return [{"club": club, "name": name, "nights": nights.get(club, 0),
                 "keys": sum(1 for k in league.keys.values() if k.club == club and k.revoked_at is None)}
                for club, name in sorted(league.clubs.items())]  # fmt: skip

    def known_club(self, club: str) -> League:
        """The league, once ``club`` is known to be one of its clubs (else one line that says so)."""
        league = self.league()
        if club not in league.clubs:
            raise InputError(f"no club {club!r} in the league; `taikyoku club list` (or /api/clubs) lists them",
                             code="league.club.unknown")  # fmt: skip
        return league

    def keys(self, club: str | None = None) -> list[dict[str, Any]]:
        """Every key made (of ``club`` if named): its id, club, role, label, when made and revoked; never the key."""
        league = self.league() if club is None else self.known_club(club)
        return [{"key_id": k.key_id, "club": k.club, "role": k.role, "label": k.label, "issued_at": k.issued_at,
                 "revoked_at": k.revoked_at} for k in league.keys.values() if club is None or k.club == club]  # fmt: skip

    # ---- writing -------------------------------------------------------------------------------

    def _changing(self, change: Callable[[Store, League], T]) -> T:
        """``change`` made against the league as it stands, under the league's lock; tried again on
        the new head when another process stored a league event meanwhile."""
        from events.ids import LEAGUE_STREAM

        stores.open_store(self.db, create=True).close()
        for _ in range(5):
            try:
                with self.lock(LEAGUE_STREAM):
                    league = self.league()
                    with self.store() as store:
                        return change(store, league)
            except ConcurrencyError:
                continue
        raise InputError("the league's record moved on five times while this was stored; run it again")

    def add_club(self, club: str, name: str, *, recorded_by: str = "league") -> dict[str, Any]:
        from replay.app import league

        self._changing(lambda store, now: league.add_club(store, now, club, name, recorded_by=recorded_by))
        return {"club": club, "name": self.league().clubs[club]}

    def issue_key(self, club: str | None, role: str, *, label: str | None = None,
                  recorded_by: str = "league") -> dict[str, Any]:  # fmt: skip
        """A new key: returned once, with its id; only its digest is stored."""
        from replay.app import league

        made = self._changing(lambda store, now: league.issue_key(store, now, club, role, label=label,
                                                                   recorded_by=recorded_by))  # fmt: skip
        return {"key_id": made[1], "key": made[2], "club": club, "role": role}

    def revoke_key(self, key_id: str, reason: str, *, recorded_by: str = "league") -> dict[str, Any]:
        from replay.app import league

        self._changing(lambda store, now: league.revoke_key(store, now, key_id, reason, recorded_by=recorded_by))
        return next(k for k in self.keys() if k["key_id"] == key_id.strip().lower())

    def claim(self, club: str, streams: Sequence[str], *, recorded_by: str = "league") -> int:
        """``streams`` made ``club``'s (refused whole if any is another club's); how many were new."""
        from replay.app import league

        before = len(self.league().owners)
        self._changing(lambda store, now: league.claim(store, now, club, streams, recorded_by=recorded_by))
        return len(self.league().owners) - before
