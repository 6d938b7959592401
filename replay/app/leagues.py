"""The league's use cases, as the application serves them (``replay/app/league.py`` holds the
rules): its clubs and keys, what a key may do, whose each night and match is, and the players as
persons. ``Application`` takes them in; the store and its lock are its."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from events.errors import InputError
from events.ids import LEAGUE_STREAM
from replay.app.access import AccessRefused
from replay.app.results import REFUSED
from replay.infra import stores
from store import ConcurrencyError, Store

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction

    from replay.app.access import Access
    from replay.app.league_state import League
    from replay.app.rankings import Event, Ranking
    from replay.app.results import SyncReport

T = TypeVar("T")
_READER_LOCK = threading.Lock()


class Leagues:
    """The league's use cases (the application's, which wires the store they use)."""

    if TYPE_CHECKING:
        db: str

        def store(self) -> AbstractContextManager[Store]: ...

        def lock(self, match: str) -> threading.Lock: ...

        def night_sheet(self, night_id: str, *, public: bool = False) -> dict[str, Any]: ...

        def ema_results(
            self, night_id: str, *, public: bool = False, sheet: dict[str, Any] | None = None
        ) -> dict[str, Any]: ...

    # ---- reading -------------------------------------------------------------------------------

    def league(self) -> League:
        """The league as its stream stands (none: no club, no key, no person)."""
        from replay.app.league import LeagueReader
        from replay.app.league_state import League

        if not stores.is_server(self.db) and not stores.store_exists(self.db):  # a file not made yet
            return League()
        with _READER_LOCK:
            reader: LeagueReader = self.__dict__.setdefault("_league_reader", LeagueReader())
        with self.store() as store:  # a server's: through the pool's connection, not a new one a request
            return reader.read(store, self.db) if store.initialized else League()

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
        from replay.app.league import known

        league = self.league()
        known(league, club)
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

    def rotate_key(self, key_id: str, reason: str = "", *, recorded_by: str = "league") -> dict[str, Any]:
        """A new key for the holder of ``key_id`` (its club, role and label), the old one revoked in
        the same write; the new key is in this answer, once."""
        from replay.app import league

        made = self._changing(lambda store, now: league.rotate_key(store, now, key_id, reason, recorded_by=recorded_by))
        kept = next(k for k in self.keys() if k["key_id"] == made[1])
        return {"key_id": made[1], "key": made[2], "club": kept["club"], "role": kept["role"], "label": kept["label"],
                "replaces": key_id.strip().lower()}  # fmt: skip

    def qualify(self, night_id: str, qualified: bool, reason: str, *, recorded_by: str = "league") -> dict[str, Any]:
        """Whether players qualified to play ``night_id`` (the EMA's +1 to its MERS weight)."""
        from replay.app import league

        with self.store() as store:
            if not night_id.startswith("night-") or not store.exists(night_id):
                raise InputError(f"no night {night_id!r} in this store; `taikyoku night list` lists them",
                                 code="league.qualified.unknown_night")  # fmt: skip
        self._changing(lambda store, now: league.qualify(store, now, night_id, qualified, reason,
                                                         recorded_by=recorded_by))  # fmt: skip
        return {"night": night_id, "qualified": night_id in self.league().qualified}

    def sync_club(self, target: Leagues, club: str, *, tick: Callable[..., None], key: str | None = None,
                  recorded_by: str = "sync") -> SyncReport:  # fmt: skip
        """The club's nights and matches copied into ``target`` (its laptop's, or those of a store
        whose league has no such club: all but the league's own record), and claimed for the club
        there where the target's league has it. ``key``: the club's host key at the target."""
        from replay.app.sync import sync

        source, there = self.league(), target.league()
        if there.clubs and club not in there.clubs:
            target.known_club(club)  # one line: the target's league has no such club
        if key is not None:
            access = target.access(key)
            if access is None or not (access.whole or (access.role == "host" and access.club == club)):
                raise AccessRefused(f"--key is no key of club {club}'s host at {stores.shown(target.db)}; ask the "
                                    "league for your club's key", "auth.other_club")  # fmt: skip
        if source.clubs and club not in source.clubs:
            self.known_club(club)
        rule = ClubSync(source, there, club, stores.shown(target.db))
        with self.store() as reading, target.store() as writing:
            report = sync(reading, writing, tick=tick, only=rule.only)
            nights = {head.match_id for head in reading.matches("night.opened")}
        if club in there.clubs:  # the nights first: their tables are then the club's with them
            kept = [m.match_id for m in report.matches if m.outcome not in REFUSED]
            target.claim(club, [s for s in kept if s in nights], recorded_by=recorded_by)
            target.claim(club, kept, recorded_by=recorded_by)
        return report

    def claim(self, club: str, streams: Sequence[str], *, recorded_by: str = "league") -> int:
        """``streams`` made ``club``'s (refused whole if any is another club's); how many were new."""
        from replay.app import league

        before = len(self.league().owners)
        self._changing(lambda store, now: league.claim(store, now, club, streams, recorded_by=recorded_by))
        return len(self.league().owners) - before

    # ---- players as persons ----------------------------------------------------------------------

    def typed_names(self) -> dict[tuple[str | None, str], set[str]]:
        """Every name typed at a night's table or list, by (club, name): the nights it was typed at."""
        from replay.app import night_summaries

        league = self.league()
        found: dict[tuple[str | None, str], set[str]] = {}
        with self.store() as store:  # each night's kept summary: no night folded again
            for night_id, summary in night_summaries.summaries(store).items():
                club = league.owner(night_id)
                for name in summary["typed"]:
                    found.setdefault((club, name), set()).add(night_id)
        return found

    def players(self) -> list[dict[str, Any]]:
        """The league's players: each record with the names it was typed as, the clubs it plays at,
        and the records merged into it; the merges standing, each with its seq (to undo it)."""
        league = self.league()
        clubs: dict[str, set[str]] = {}
        for (club, name), _ in self.typed_names().items():
            person = league.person_of(name, club)
            if person is not None and club is not None:
                clubs.setdefault(person, set()).add(club)
        merged = {m: (seq, into) for seq, (into, m) in league.merges.items()}
        merged_from: dict[str, list[str]] = {}
        for other in league.persons:
            if league.merged_into(other) != other:
                merged_from.setdefault(league.merged_into(other), []).append(other)
        return [{"person": p.person, "name": p.name, "ema_number": p.ema_number, "country": p.country,
                 "names": [{"club": c, "name": n} for c, n in p.names],
                 "clubs": sorted(clubs.get(p.person, set()) | {c for m in merged_from.get(p.person, []) for c in clubs.get(m, set())}),
                 "merged_into": merged[p.person][1] if p.person in merged else None,
                 "merge_seq": merged[p.person][0] if p.person in merged else None}
                for p in league.persons.values()]  # fmt: skip

    def add_person(self, name: str, *, ema_number: str | None = None, country: str | None = None,
                   club: str | None = None, recorded_by: str = "league") -> dict[str, Any]:  # fmt: skip
        """A new player's record, and the name they play under (at ``club``, or anywhere)."""
        from replay.app import league

        if club is not None:
            self.known_club(club)
        made = self._changing(lambda store, now: league.add_person(store, now, name, ema_number=ema_number,
                                                                    country=country, club=club,
                                                                    recorded_by=recorded_by))  # fmt: skip
        return next(p for p in self.players() if p["person"] == made[1])

    def name_player(self, person: str, name: str, club: str | None, *, recorded_by: str = "league") -> dict[str, Any]:
        """``name`` typed at ``club``'s tables (None: at any club's) is ``person``."""
        from replay.app import league

        self._changing(lambda store, now: league.name_person(store, now, person, name, club, recorded_by=recorded_by))
        return next(p for p in self.players() if p["person"] == person)

    def adopt(self, club: str | None = None, *, recorded_by: str = "league") -> dict[str, Any]:
        """Every name typed at a club's tables (``club``'s, or every club's) matched to a player:
        one known already is left; one that only looks like a known player's is asked about (not
        made); any other is made a new player."""
        from replay.app import league

        if club is not None:
            self.known_club(club)
        made, asked = [], []
        for (at, name), _ in sorted(self.typed_names().items(), key=lambda item: (item[0][0] or "", item[0][1])):
            if at is None or (club is not None and at != club):
                continue
            now = self.league()
            person, alike = league.match_name(now, name, at)
            if person is not None:
                continue
            if alike is not None:
                asked.append({"club": at, "name": name, "like": alike, "like_name": now.persons[alike].name})
                continue
            made.append(self._changing(partial(_new_person, name=name, club=at, recorded_by=recorded_by)))
        return {"made": made, "asked": asked}

    def merge_players(self, into: str, merged: str, reason: str, *, recorded_by: str = "league") -> dict[str, Any]:
        """``merged``'s names and results are ``into``'s from now on (undone by ``unmerge_players``)."""
        from replay.app import league

        self._changing(lambda store, now: league.merge(store, now, into, merged, reason, recorded_by=recorded_by))
        return next(p for p in self.players() if p["person"] == merged)

    def unmerge_players(self, seq: int, reason: str, *, recorded_by: str = "league") -> dict[str, Any]:
        from replay.app import league

        into, merged = self.league().merges.get(seq, ("", ""))
        self._changing(lambda store, now: league.unmerge(store, now, seq, reason, recorded_by=recorded_by))
        return {"merge": seq, "into": into, "merged": merged}

    def person_page(self, person: str, *, public: bool = False) -> dict[str, Any]:
        """A person's page across the clubs: their record and every match they played under any name
        the league knows them by, at any club, as one player; with each game's place and figure in
        the league's ranking (its declared method). A merged record's page is the record it is
        merged into. ``public``: without the tables whose results a director hides now."""
        from replay.app.kept_answers import answer
        from replay.app.persons import known_person

        league = self.league()
        into = league.merged_into(known_person(league, person))
        from replay.app import answer_reads

        return answer(
            self.store, ["person", into, public], lambda: self._person_page(into, public), answer_reads.person()
        )

    def _person_page(self, person: str, public: bool) -> dict[str, Any]:
        from replay.app.ended_matches import person_page

        found = person_page(self.store, self.league, person, public)
        found["ranking"] = {}
        for game in found["games"]:
            ranked = self.league_ranking(game)
            row = next((r for r in ranked["players"] if r["person"] == person), None)
            found["ranking"][game] = {"method": ranked["method"], "on": ranked["on"],
                                      "place": row["place"] if row else None, "figure": row["figure"] if row else None,
                                      "events": len(row["events"]) if row else 0}  # fmt: skip
        return found

    # ---- the league's ranking --------------------------------------------------------------------

    def league_events(
        self, game: str, *, since: str | None = None, until: str | None = None, tables: bool = True
    ) -> list[Event]:
        """The league's events of ``game``: every closed night (a tournament is one) between the days
        given, with its EMA results and its tables' places, each player as a person where the
        league knows them (else their name at their club). The closed nights' summaries are kept
        as one answer (``replay/app/league_events.py``), grown when a night or a table moved."""
        from replay.app.league_events import events_of

        return events_of(self, self.league(), game, since=since, until=until, tables=tables)

    def declare_ranking(self, game: str, method: str, options: dict[str, Any] | None = None, *,
                        recorded_by: str = "league") -> dict[str, Any]:  # fmt: skip
        """The league's ranking of ``game`` from now on, recorded with every figure of it."""
        from events.league import RankingDeclared
        from replay.app import league
        from replay.app.catalog import check_game_name
        from replay.app.rankings import as_data, declared

        check_game_name(game, "the game")
        chosen = as_data(declared(method, options))
        given = RankingDeclared(game=game, method=method, options=chosen)
        self._changing(lambda store, now: league.append(store, now, [given], recorded_by))
        return {"game": game, "method": method, "options": chosen}

    def league_ranking(self, game: str, *, method: str | None = None, options: dict[str, Any] | None = None,
                       since: str | None = None, until: str | None = None,
                       reckoning: str | None = None) -> dict[str, Any]:  # fmt: skip
        """The league's ranking of ``game`` by the method it declared (or ``method``, to look at
        another), on the reckoning day (default: ``until``, else today): each player once, their
        figure, and the events that made it."""
        import orjson

        found: dict[str, Any] = orjson.loads(self.league_ranking_text(game, method=method, options=options, since=since,
                                                                      until=until, reckoning=reckoning))  # fmt: skip
        return found

    def league_ranking_text(self, game: str, *, method: str | None = None, options: dict[str, Any] | None = None,
                            since: str | None = None, until: str | None = None,
                            reckoning: str | None = None) -> str:  # fmt: skip
        """``league_ranking``'s answer as ``--json`` shows it: a kept answer printed as it stands."""
        from datetime import UTC, datetime

        from replay.app import rankings, seasons
        from replay.app.catalog import check_game_name
        from replay.app.kept_answers import answer_text

        check_game_name(game, "the game")
        for day, flag in ((since, "--since"), (until, "--until"), (reckoning, "--on")):
            seasons.check_day(day, flag)
        league = self.league()
        standing = league.rankings.get(game)
        if method is None and standing is not None:
            method, options = standing.method, dict(standing.options)
        chosen = rankings.declared(method or "mers", options)
        on = reckoning or until or datetime.now(UTC).strftime("%Y-%m-%d")
        question = ["league ranking", game, rankings.as_data(chosen), since, until, on]
        from replay.app import answer_reads

        make = partial(self._ranking, game, chosen, since, until, on)
        return answer_text(
            self.store, question, make, answer_reads.ranking(self._borne(game, rankings.reads_tables(chosen)))
        )

    def _borne(self, game: str, tables: bool) -> Callable[[str, str | None], bool]:
        """Whether a result of a closed night of ``game`` bears a name typed at a club's tables
        (None: at any club's): the names of every closed night at each club (in its results, and
        at its tables where the method reads them), read once an ask."""
        from replay.app import league_events

        found: list[set[tuple[str | None, str]]] = []

        def borne(name: str, club: str | None) -> bool:
            if not found:
                league = self.league()
                nights = league_events.closed_nights(self, game, tables)["nights"]
                found.append({(league.owner(night_id), name) for night_id, _, value in nights
                              for name in [r[0] for r in value["results"]]
                              + [seat[0] for table in value.get("tables", ()) for seat in table]})  # fmt: skip
            return (club, name) in found[0] if club is not None else any(n == name for _, n in found[0])

        return borne

    def _ranking(self, game: str, chosen: Ranking, since: str | None, until: str | None, on: str) -> dict[str, Any]:
        from replay.app import rankings

        league = self.league()
        standing = league.rankings.get(game)
        events = self.league_events(game, since=since, until=until or on, tables=rankings.reads_tables(chosen))
        plain = _Plain()
        if isinstance(chosen, rankings.Mers):
            found = rankings.mers(events, on, chosen, weights_as=plain.text)
        elif isinstance(chosen, rankings.Glicko):
            found = rankings.glicko(events, chosen)
        elif isinstance(chosen, rankings.Totals):
            found = rankings.totals(events)
        else:
            found = rankings.tenhou_r(events)
        names = {p.person: p.name for p in league.persons.values()}
        rows = [{"place": s.extra.get("place"), "player": names.get(s.who, s.who), "person": s.who if s.who in names else None,
                 "figure": rankings.shown(s.figure), "events": plain.rows(s.counted),
                 **{k: rankings.shown(v) if k in ("part_a", "part_b", "deviation") else v
                    for k, v in s.extra.items() if k != "place"}}
                for s in rankings.ranked(found)]  # fmt: skip
        return {
            "game": game,
            "method": chosen.method,
            "options": rankings.as_data(chosen),
            "declared": standing is not None and chosen.method == standing.method,
            "on": on,
            "events": len(events),
            "players": rows,
        }


def _new_person(store: Store, now: League, *, name: str, club: str, recorded_by: str) -> str:
    from replay.app import league

    return league.add_person(store, now, name, club=club, recorded_by=recorded_by)[1]


class _Plain:
    """Counted results as JSON takes them: exact fractions and totals as their shown figures. Each
    figure's text is made once: a league's ranking shows the same few weights hundreds of
    thousands of times (MERS asks for each event's weights as text, once an event)."""

    def __init__(self) -> None:
        from decimal import Decimal
        from fractions import Fraction

        self.fraction, self.decimal = Fraction, Decimal
        self.texts: dict[object, str | None] = {}
        self.exact: list[str] | None = None  # the keys that hold a figure: the same in every row of a ranking

    def text(self, figure: Fraction | Decimal) -> str | None:
        from replay.app.rankings import shown

        # Known by its numerator and denominator: a Fraction's own hash takes a modular inverse,
        # the most of a league's ranking's time where it was the key.
        key = (figure.numerator, figure.denominator) if type(figure) is self.fraction else figure
        found = self.texts.get(key)
        if found is None:  # a weight is a small fraction (2.5, 0.75): exact as a float
            found = self.texts[key] = f"{float(figure):g}" if type(figure) is self.fraction else shown(figure)
        return found

    def rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows themselves, their figures made text (a ranking's rows are its own: 200,000 of them)."""
        exact = (self.fraction, self.decimal)
        if self.exact is None and rows:
            self.exact = [key for key, value in rows[0].items() if type(value) in exact]
        for key in self.exact or ():
            for row in rows:
                value = row[key]
                if type(value) in exact:
                    row[key] = self.text(value)
        return rows


class ClubSync:
    """A sync into (or out of) one club of a league: which of the source's streams are the
    club's, and which the target holds for another club (``Leagues.sync_club``)."""

    def __init__(self, source: League, target: League, club: str, where: str) -> None:
        self.source, self.target, self.club, self.where = source, target, club, where

    def only(self, stream: str) -> str | None:
        """None: copy it; "": not the club's, left alone; else why it is refused."""
        if stream == LEAGUE_STREAM:
            return ""  # the league's own record never travels with a club's
        if self.club in self.source.clubs and self.source.owner(stream) != self.club:
            return ""
        other = self.target.owner(stream)
        if other is not None and other != self.club:
            return f"{stream} is club {other}'s at {self.where}; it stays there, and this one is not copied"
        return None
