"""The club's use cases, as the application serves them: a night (who is present, the seating of
each session, penalties, substitutes, the session's clock, the host's corrections), the room's
screen over the night's tables, the season's standings and a player's page. ``Application`` takes
them in (``replay/app/application.py``); the store, the locks and the kept matches are its."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import timedelta
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from events.text import player_name, player_names
from replay.app.seasons import credited
from replay.engine.exact import carried, exact, signed
from replay.infra import stores
from store import Store

if TYPE_CHECKING:
    from replay.app.league_state import League
    from replay.app.night_state import Penalty
    from replay.app.repository import Kept
    from replay.app.table import Entered


NIGHT = timedelta(hours=12)  # a table ended longer ago than this is not tonight's


def standings_of(
    tables: Sequence[dict[str, Any]], penalties: Sequence[tuple[str, Penalty]] = ()
) -> dict[str, list[dict[str, Any]]]:
    """Each game's players over ``tables`` (their glances): the sum of their results (in
    the game's unit: thousands with oka and uma, or points) and of the referee's ``penalties`` (off
    the score instead, where the game is settled in table points and the score parts ties), their places,
    and whether a table of theirs plays on (then it is provisional); best first, then (where the
    game parts ties by the score: its glance's ``tie_break``) the better score, then the better
    average place."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for table in tables:
        for seat, name in enumerate(table.get("credited") or table["players"]):  # whose the result is
            mine = found.setdefault(table["title"], {}).setdefault(
                name, {"player": name, "tables": 0, "total": Decimal(0), "places": [], "provisional": False}
            )
            mine["tables"] += 1
            mine["total"] += exact(table["results"][seat])  # exact: EMA's +19.6 and +19.3 stay apart
            if table.get("tie_break") is not None:
                mine["score"] = mine.get("score", 0) + table["tie_break"][seat]
            mine["places"].append(table["places"][seat])
            mine["provisional"] = mine["provisional"] or table["status"] == "in play"
    for title, penalty in penalties:  # each (game's title, penalty): counted in its night's game only
        mine = found.setdefault(title, {}).setdefault(
            penalty.player,
            {"player": penalty.player, "tables": 0, "total": Decimal(0), "places": [], "provisional": False},
        )
        if _by_score(title):  # a game settled in table points: a penalty is points off the score
            mine["score"] = mine.get("score", 0) + penalty.points
        else:
            mine["total"] += Decimal(penalty.points)
        mine["penalties"] = mine.get("penalties", 0) + penalty.points
    ranked = {
        game: sorted(
            players.values(),
            key=lambda p: (-p["total"], -p.get("score", 0), sum(p["places"]) / max(len(p["places"]), 1), p["player"]),
        )
        for game, players in found.items()
    }
    for players in ranked.values():
        for row in players:
            row["shown"] = signed(row["total"])  # as the ruleset's precision writes it: +19.6, +43
            row["total"] = carried(row["total"])
    return ranked


def _by_score(title: str) -> bool:
    """Whether the game of that title parts ties by the score (and takes a penalty off it)."""
    from replay.games import GAMES

    return any(game.ties_by_score for game in GAMES.values() if game.title == title)


def server_time() -> str:
    """The server's time, so that a page counts a clock down by it, not by its own."""
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


NIGHT_PLAYERS = 200  # players present at one night, as its events hold them


class Club:
    """The club's use cases: the night, its tables, the room's screen, the season and the players
    (the application's, which wires the store, the locks and the kept matches they use)."""

    if TYPE_CHECKING:  # the application's own, which every use case here stands on

        def store(self) -> AbstractContextManager[Store]: ...

        def lock(self, match: str) -> threading.Lock: ...

        def match(self, match: str) -> Kept: ...

        def known_players(self) -> list[str]: ...

        db: str

        def enter(self, match: str, line: str, *, recorded_by: str) -> Entered: ...

        def league(self) -> League: ...

        def known_club(self, club: str) -> League: ...

        def claim(self, club: str, streams: Sequence[str], *, recorded_by: str = "league") -> int: ...

    # ---- the club night ------------------------------------------------------------------------

    def open_night(
        self,
        game: str,
        players: Sequence[str],
        *,
        ruleset_id: str | None = None,
        options: Sequence[str] = (),
        length: int | None = None,
        sessions: int = 4,
        title: str | None = None,
        night_id: str | None = None,
        seed: int | None = None,
        recorded_by: str = "host",
        club: str | None = None,
    ) -> dict[str, Any]:
        """Open a night: the game, its ruleset and options (recorded in full, as each match's are),
        each match's length, the sessions planned, the players present; ``club``: a night of that
        club of the league (its id ``night-CLUB-DAY``), claimed for it before it is stored."""
        import secrets

        from events.night import NightOpened
        from replay.app import nights
        from replay.app.service import build_match_started
        from replay.games import default_ruleset, ruleset, ruleset_ids
        from replay.games import game as game_named

        game = game_named(game).name  # an unknown game: one line naming the games
        spec = ruleset(ruleset_id or default_ruleset(game), game)  # that game's alone: no other is loaded
        if spec is None:
            raise InputError(f"unknown {game} ruleset {ruleset_id!r}; use one of: {', '.join(ruleset_ids(game))}")
        per_table = spec.players[0]
        shape = build_match_started(game, [f"seat {n}" for n in range(per_table)], ruleset_id=spec.id,
                                    options=options, length=length)  # fmt: skip
        if not 1 <= sessions <= 20:
            raise InputError(f"--sessions {sessions}: a night plans 1 to 20 sessions")
        known = self.known_players() if stores.store_exists(self.db) else []
        names = player_names([name for name in players if name.strip()], known=known)
        if len(names) > NIGHT_PLAYERS:
            raise InputError(f"{len(names)} players are more than a night holds (at most {NIGHT_PLAYERS}); "
                             "split them into two nights")  # fmt: skip
        chosen = seed if seed is not None else secrets.randbelow(2**31)
        opened = NightOpened(game=shape.game, ruleset=shape.ruleset, length=shape.length, per_table=per_table,
                             seed=chosen, sessions=sessions, title=(title or f"{spec.id} night")[:100])  # fmt: skip
        if night_id is not None and len(night_id) > 56:
            raise InputError("a night's id holds at most 56 characters (its tables' ids add -tN)")
        stores.open_store(self.db, create=True).close()  # a new store for the night: made once all is checked
        if club is not None:
            self.known_club(club)
            with self.store() as store:
                night_id = night_id or nights.fresh_id(store, club=club)
                if store.exists(night_id):  # refused before the claim: a night there is never taken over
                    raise InputError(f"{night_id} already exists; choose another id")
            # Claimed first: an id claimed whose night never came is harmless; a night stored
            # unclaimed would be the league's.
            self.claim(club, [night_id], recorded_by=recorded_by)
        with self.store() as store:
            night = nights.open_night(store, opened, names, recorded_by=recorded_by, night_id=night_id)
        return self.night_sheet(night.night_id)

    def night_players(self, night_id: str, players: Sequence[str], *, recorded_by: str = "host") -> dict[str, Any]:
        from replay.app import nights

        names = player_names([name for name in players if name.strip()], known=self.known_players())
        if len(names) > NIGHT_PLAYERS:
            raise InputError(f"{len(names)} players are more than a night holds (at most {NIGHT_PLAYERS}); "
                             "split them into two nights")  # fmt: skip
        with self.lock(night_id), self.store() as store:
            nights.set_players(store, night_id, names, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def seat_session(self, night_id: str, *, again: bool = False, recorded_by: str = "host", mode: str = "random",
                     step: int | None = None, schedule: str | None = None, winds: str | None = None,
                     leave_out: Sequence[str] = ()) -> dict[str, Any]:  # fmt: skip
        """Seat the next session of the night (or the last once more, before any table of it starts),
        as the director chooses (``replay/app/seating.py``): random with fewest repeat meetings, swiss
        or interval from the standings, or a schedule's tables (its text, checked whole on load)."""
        from replay.app import nights, seating

        with self.lock(night_id):
            sheet = self.night_sheet(night_id)
            number = len(sheet["sessions"]) + (0 if again else 1)
            tables = None
            if mode == "prescripted" and schedule is None:
                raise InputError("seating from a schedule needs the schedule: --schedule FILE (on the host's page, "
                                 "choose its file)")  # fmt: skip
            if schedule is not None:
                try:
                    planned = seating.read_schedule(schedule, sheet["per_table"])
                except ValueError as exc:
                    raise InputError(f"the schedule: {exc}") from None
                tables = (tuple(tuple(player_name(name, "a name in the schedule") for name in table)
                                for table in planned[number]) if number in planned else None)  # fmt: skip
            ranked: list[dict[str, Any]] = next(iter(sheet["standings"].values()), [])
            choice = nights.SeatingChoice(mode=mode, step=step, schedule=tables, winds=winds,
                                          leave_out=tuple(player_name(name, "the name of a player who sits out")
                                                          for name in leave_out),
                                          order=tuple(row["player"] for row in ranked))  # fmt: skip
            with self.store() as store:
                nights.seat_next(store, night_id, recorded_by=recorded_by, again=again, choice=choice)
        return self.night_sheet(night_id)

    def register_players(self, night_id: str, text: str, *, recorded_by: str = "host") -> dict[str, Any]:
        """The players' registration from the director's CSV (``replay/app/tournament.py``): names as
        played, first and last names, EMA numbers, countries and teams; the whole list each time."""
        from replay.app import nights, tournament

        try:
            entries = tournament.read_registration(text)
        except ValueError as exc:
            raise InputError(f"the registration: {exc}") from None
        with self.lock(night_id), self.store() as store:
            nights.register(store, night_id, entries, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def call_time(self, night_id: str, match: str | None = None, *, recorded_by: str = "host") -> dict[str, Any]:
        """Time is up: at every table of the latest session in play, or at ``match`` alone (a table
        given more time has it called later). Each table's ruleset says which hand is its last."""
        from replay.app import nights

        with self.lock(night_id):
            sheet = self.night_sheet(night_id)
            playing = [t["match_id"] for s in sheet["sessions"] for t in s["tables"] if t["status"] == "in play"]
            with self.store() as store:
                nights.call_time(store, night_id, playing, match, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def count_online(self, night_id: str, match: str, session: int, players: Sequence[str], *,
                     recorded_by: str = "host") -> dict[str, Any]:  # fmt: skip
        """Count a match played online (imported from Tenhou or Mahjong Soul) as a table of
        ``session``: ``players`` are the night's players in its seat order, whose the seats' results
        are. It must be of the night's game and complete; its own ruleset priced it."""
        from replay.app import nights
        from replay.app.service import status_of

        kept = self.match(match)
        with self.lock(night_id):
            sheet = self.night_sheet(night_id)
            if kept.game != sheet["game"]:
                raise InputError(f"{match} is a {kept.game} match; the night plays {sheet['game']}")
            if len(players) != len(kept.state.names):
                raise InputError(f"{match} has {len(kept.state.names)} seats ({', '.join(kept.state.names)}): name "
                                 "the night's player for each, in seat order")  # fmt: skip
            with self.store() as store:
                nights.online(store, night_id, match, session, players, recorded_by=recorded_by,
                              status=status_of(kept.state))  # fmt: skip
        return self.night_sheet(night_id)

    def hide_results(self, night_id: str, from_session: int | None, *, recorded_by: str = "host") -> dict[str, Any]:
        """Hide the results of ``from_session`` and after from the room and the public pages (None:
        reveal them)."""
        from replay.app import nights

        with self.lock(night_id), self.store() as store:
            nights.hide_results(store, night_id, from_session, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def cut(self, night_id: str, keep: int, carry: str, *, recorded_by: str = "host") -> dict[str, Any]:
        """A cut after the session seated last: the best ``keep`` of the standings go on, the
        results so far ``carry`` kept, halved or cleared. Every table of the night must be over."""
        from replay.app import nights

        if carry not in nights.CARRIES:
            raise InputError(f"the results so far are {', '.join(nights.CARRIES)} at a cut, not {carry!r}")
        with self.lock(night_id):
            sheet = self.night_sheet(night_id)
            playing = [t["match_id"] for s in sheet["sessions"] for t in s["tables"] if t["status"] == "in play"]
            if playing:
                raise InputError(f"{', '.join(playing)} plays on; a cut follows the session's last table")
            ranked = [row["player"] for row in next(iter(sheet["standings"].values()), [])]
            with self.store() as store:
                nights.cut(store, night_id, keep, carry, ranked, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def ema_results(
        self, night_id: str, *, public: bool = False, sheet: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The night's results as the EMA takes a tournament's: its header (days, players, countries)
        and a row a player (place, EMA number, names, country, score, base rank); ``sheet``: the
        night's sheet where the caller has it already."""
        from events.night import Registered
        from replay.app import tournament

        sheet = sheet if sheet is not None else self.night_sheet(night_id, public=public)
        with self.store() as store:  # the day it opened: its first event's (not a pass over every night)
            opened_on = store.read(night_id, to_seq=1)[0].recorded_at[:10]
        days = [opened_on] + [t["last_recorded_at"][:10] for s in sheet["sessions"] for t in s["tables"]
                              if t["status"] != "abandoned" and t["last_recorded_at"]]  # fmt: skip
        players: list[dict[str, Any]] = next(iter(sheet["standings"].values()), [])
        results = tournament.ema_results(players, [Registered.model_validate(r) for r in sheet["registered"]])
        return {"event": tournament.ema_header(sheet["title"], days, results), "results": results}

    def abandon_table(self, night_id: str, match: str, *, reason: str, recorded_by: str = "host") -> dict[str, Any]:
        from replay.app import nights

        with self.lock(night_id), self.lock(match), self.store() as store:
            nights.abandon(store, night_id, match, recorded_by=recorded_by, reason=reason)
        return self.night_sheet(night_id)

    def give_penalty(self, night_id: str, player: str, points: int, reason: str, *, match: str | None = None,
                     recorded_by: str = "host") -> dict[str, Any]:  # fmt: skip
        """A referee's penalty: ``points`` (in the standings' unit) to ``player``, with why; in the
        night's standings and the room's."""
        from events.text import player_name
        from replay.app import nights

        name = player_name(player)
        with self.lock(night_id), self.store() as store:
            nights.give_penalty(store, night_id, name, points, reason, recorded_by=recorded_by, match_id=match)
        return self.night_sheet(night_id)

    def substitute(self, night_id: str, match: str, leaves: str, substitute: str, *, reason: str,
                   counts_for: str | None = None, recorded_by: str = "host") -> dict[str, Any]:  # fmt: skip
        """A substitute finishes ``leaves``'s match at ``match``: the night's sheet, the room and the
        standings show who sits there; whose the seat's result is, ``counts_for`` says (by default
        the game's rule, ``nights.SUBSTITUTE_COUNTS_FOR``)."""
        from replay.app import nights
        from replay.app.service import status_of

        with self.lock(night_id):  # the tables in play and the substitution read and written as one
            with self.store() as store:
                night = nights.read(store, night_id)
            playing = {t.match_id for t in night.tables if status_of(self.match(t.match_id).state) == "in play"}
            with self.store() as store:
                nights.substitute(store, night_id, match, leaves, substitute, reason=reason,
                                  counts_for=counts_for, recorded_by=recorded_by, playing=playing)  # fmt: skip
        return self.night_sheet(night_id)

    def cancel_penalty(self, night_id: str, seq: int, *, recorded_by: str = "host") -> dict[str, Any]:
        from replay.app import nights

        with self.lock(night_id), self.store() as store:
            nights.cancel_penalty(store, night_id, seq, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def start_clock(self, night_id: str, minutes: int, *, match: str | None = None,
                    recorded_by: str = "host") -> dict[str, Any]:  # fmt: skip
        """The session's clock: ``minutes`` of play from now (0 stops it); with ``match``, that table's
        own clock (more time for it alone; 0 gives it the session's again)."""
        from replay.app import nights

        with self.lock(night_id), self.store() as store:
            if match is None:
                nights.start_clock(store, night_id, minutes, recorded_by=recorded_by)
            else:
                nights.table_clock(store, night_id, match, minutes, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def table_clock(self, match: str) -> dict[str, Any]:
        """A table's phone's clock: the clock of its session (none outside a night) and the
        server's time now, which the page counts down by."""
        return {"clock": self.clock_of_table(match), "now": server_time()}

    def clock_of_table(self, match: str) -> dict[str, Any] | None:
        """The clock of the night a table belongs to (its id is the night's with -tN), or None."""
        from replay.app import night_state, nights

        with self.store() as store:
            night = nights.night_of_table(store, match)
        if night is None or match not in {t.match_id for s in night.sessions[-1:] for t in s}:
            return None  # a table of an earlier session: its clock is over
        return night_state.clock_of(night, match)

    def undo_at_table(self, night_id: str, match: str, *, recorded_by: str = "host") -> dict[str, Any]:
        """Take back the last hand (or event) of one table of the night, ended or not: the match is
        reopened where its end came with that hand, and the night's standings with it."""
        sheet = self.night_sheet(night_id)
        tables = {t["match_id"]: t for s in sheet["sessions"] for t in s["tables"]}
        if match not in tables:
            raise InputError(f"{match} is not a table of {night_id}")
        if tables[match]["status"] == "abandoned":
            raise InputError(f"{match} is abandoned; undo its abandon with `taikyoku retract` first")
        if sheet["closed"]:
            raise InputError(f"{night_id} is closed: its tables' results are final")
        self.enter(match, "undo", recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def close_night(self, night_id: str, *, recorded_by: str = "host") -> dict[str, Any]:
        from replay.app import nights

        sheet = self.night_sheet(night_id)
        playing = [t["match_id"] for s in sheet["sessions"] for t in s["tables"] if t["status"] == "in play"]
        with self.lock(night_id), self.store() as store:
            nights.close(store, night_id, recorded_by=recorded_by, playing=playing)
        return self.night_sheet(night_id)

    def nights(self, club: str | None = None) -> list[dict[str, Any]]:
        """Every night, newest first, each with its club (None: the league's); ``club``: its own alone."""
        from replay.app import nights

        league = self.league()
        with self.store() as store:
            found = [row | {"club": league.owner(row["night_id"])} for row in nights.nights(store)]
        return [row for row in found if club is None or row["club"] == club]

    def season(
        self, game: str, *, since: str | None = None, until: str | None = None, min_games: int = 1,
        public: bool = False, club: str | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        """The season's standings of ``game`` (``replay/app/seasons.py``): the results of its ended
        matches and the penalties given on its nights, between two days (inclusive). ``public``:
        without the tables whose results a director hides now. ``club``: that club's nights and
        matches alone."""
        from replay.app import answer_reads, seasons
        from replay.app.catalog import check_game_name
        from replay.app.kept_answers import answer

        check_game_name(game, "the game")
        for day, flag in ((since, "--since"), (until, "--until")):
            seasons.check_day(day, flag)
        league = self.known_club(club) if club is not None else self.league()
        make = partial(self._season, game, since, until, min_games, public, club)
        return answer(self.store, ["season", game, since, until, min_games, public, club], make,
                      answer_reads.season(league, club))  # fmt: skip

    def _season(
        self, game: str, since: str | None, until: str | None, min_games: int, public: bool, club: str | None
    ) -> dict[str, Any]:
        from replay.app import night_summaries, seasons, stats

        if club is not None:  # a club's season: its own nights and matches, kept and grown
            from replay.app.club_matches import club_matches

            kept = club_matches(self.store, lambda: self.known_club(club), club)
            read, found = kept["nights"], list(kept["digests"].values())
        else:
            with self.store() as store:
                once = night_summaries.ReadOnce(store)  # the heads and nights, for the digests and the summaries
                read = night_summaries.summaries(store, once=once)  # for the credits, penalties and hidden
                found = stats.digests(store, once=once)
        found = credited(found, night_summaries.credits(read, game))
        given = night_summaries.penalties_given(read, game)
        if public:
            hidden = night_summaries.hidden_tables(read)
            found = [d for d in found if d["match_id"] not in hidden]
        return seasons.season(found, game, since=since, until=until, min_games=min_games, penalties=given)

    def player_page(self, name: str, *, public: bool = False) -> dict[str, Any]:
        """A player's matches, places, results and rating over time; and, for each night not closed
        they play in, where they sit now or next (their table in the latest session) and their
        standing there. ``public``: without the tables whose results a director hides now, and the
        night's standing as the room sees it."""
        from replay.app import answer_reads
        from replay.app.kept_answers import answer

        return answer(self.store, ["player", name, public], partial(self._player_page, name, public),
                      answer_reads.player(name))  # fmt: skip

    def _player_page(self, name: str, public: bool) -> dict[str, Any]:
        from replay.app.ended_matches import player_page

        page, open_nights = player_page(self.store, self.league, name, public)
        page["tonight"] = [seat for night_id in open_nights if (seat := self._seat_of(night_id, name, public))]
        return page

    def _seat_of(self, night_id: str, name: str, public: bool) -> dict[str, Any] | None:
        """Where ``name`` sits in a night not closed (the latest session's table with them, their seat
        wind), and their standing there; None when they are not of it."""
        sheet = self.night_sheet(night_id, public=public)
        if sheet["closed"] or (
            name not in sheet["players"]
            and not any(name in t["players"] for s in sheet["sessions"] for t in s["tables"])
        ):
            return None
        table = (
            next((t for t in sheet["sessions"][-1]["tables"] if name in t["players"]), None)
            if sheet["sessions"]
            else None
        )
        from replay.engine.match import SEAT_WORDS

        ranked: list[dict[str, Any]] = next(iter(sheet["standings"].values()), [])
        place = next((at for at, row in enumerate(ranked, start=1) if row["player"] == name), None)
        return {"night_id": night_id, "title": sheet["title"], "session": len(sheet["sessions"]),
                "table": None if table is None else {"match_id": table["match_id"], "status": table["status"],
                                                     "seat": table["players"].index(name), "players": table["players"],
                                                     "wind": SEAT_WORDS[table["players"].index(name)]},
                "place": place, "of": len(ranked), "shown": ranked[place - 1]["shown"] if place else None}  # fmt: skip

    def night_sheet(self, night_id: str, *, public: bool = False) -> dict[str, Any]:
        """The night as the host and the room see it: who is present, each session's tables with
        their players, status and results, and the night's standings (provisional while a table
        plays on). ``public``: as the room and the players see it, the sessions whose results the
        director hides left out of the standings and their tables' scores blanked. After a cut,
        the sessions up to it count as the cut said (kept, halved or cleared), and those who went
        on stand above those who did not."""
        from replay.app import night_state, nights
        from replay.app.service import status_of
        from replay.games import GAMES

        with self.store() as store:
            night = nights.read(store, night_id)
        opened = night.opened
        assert opened is not None
        sessions, glances = [], []
        for number, session in enumerate(night.sessions, start=1):
            tables = []
            for table in session:
                kept = self.match(table.match_id)
                glance = GAMES[kept.game].review().glance(kept.state)
                status = status_of(kept.state)
                # An abandon whose match end was retracted is void: the table plays on, in the night
                # as in `matches`.
                if table.match_id in night.abandoned and status != "in play":
                    status = "abandoned"
                # Who sits at each seat now (a substitute in a player's seat), and whose each seat's
                # result is: the standings count it for the latter.
                sitting, credited = night.sitting(table.match_id), night.credited(table.match_id)
                stood_in = [None if now == first else first for now, first in zip(sitting, table.players, strict=True)]
                row: dict[str, Any] = {"match_id": table.match_id, "players": list(sitting), "status": status,
                       "started": kept.head > 1, "head_seq": kept.head, "game": kept.game,
                       "title": GAMES[kept.game].title, "stood_in_for": stood_in,
                       "credited": list(credited),
                       "last_recorded_at": kept.steps[-1].recorded_at if kept.steps else None,
                       "own_clock": (night_state.clock_of(night, table.match_id)
                                     if any(c[0] == table.match_id for c in night.table_clocks) else None),
                       } | glance  # fmt: skip
                # A closed night is over: its results are everyone's, hidden or not.
                hidden = public and not night.closed and night.hidden_from is not None and number >= night.hidden_from
                if hidden:
                    seats = len(sitting)
                    row = row | {"hidden": True, "scores": [None] * seats, "places": [None] * seats,
                                 "results": None, "last": None}  # fmt: skip
                tables.append(row)
                if status != "abandoned" and kept.head > 1 and not hidden:
                    glances.append(carried_over(row, night.cut.model_dump() if night.cut else None, number))
            sessions.append({"session": number, "tables": tables})
        from replay.app import tournament

        standings = standings_of([g for g in glances if g is not None],
                                 [(GAMES[opened.game].title, p) for p in night.penalties])  # fmt: skip
        if night.cut is not None:
            standings = went_on_first(standings, set(night.cut.players))
        return {"night_id": night_id, "title": opened.title, "game": opened.game, "ruleset": opened.ruleset.id,
                "rules_changed": nights.rules_changed(opened), "sessions_planned": opened.sessions, "per_table": opened.per_table, "players": list(night.players),
                "closed": night.closed, "sessions": sessions,
                "standings": standings,
                "results_hidden_from": night.hidden_from if public and not night.closed else None,
                "hidden_from": night.hidden_from,
                "cut": night.cut.model_dump() if night.cut is not None else None,
                "teams": tournament.team_standing(next(iter(standings.values()), []), night.registered),
                "registered": [entry.model_dump() for entry in night.registered],
                "penalties": [p._asdict() for p in night.penalties],
                "substitutions": [c._asdict() for c in night.substitutions],
                "head_seq": night.head, "clock": night_state.clock_of(night), "now": server_time()}  # fmt: skip


def went_on_first(standings: dict[str, list[dict[str, Any]]], going: set[str]) -> dict[str, list[dict[str, Any]]]:
    """After a cut, those who went on stand first, each part as it stands; those cut are marked."""
    return {game: [r for r in rows if r["player"] in going] + [r | {"cut": True} for r in rows if r["player"] not in going]
            for game, rows in standings.items()}  # fmt: skip


def carried_over(row: dict[str, Any], cut: Mapping[str, Any] | None, session: int) -> dict[str, Any] | None:
    """A table's row as the standings count it after a cut (the night's ``night.cut``, as a dict):
    a session up to the cut kept, halved (each result to half, exactly) or cleared (None)."""
    if cut is None or session > cut["after_session"] or cut["carry"] == "kept":
        return row
    if cut["carry"] == "cleared":
        return None
    return row | {"results": [carried(exact(value) / 2) for value in row["results"]]}
