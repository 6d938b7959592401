"""The application: taikyoku's use cases over one store, wired once per process.

``Application(db)`` holds what every use case needs and nothing else does: the store it names (an
SQLite file opened for each use, which is cheap and always sees the file as it now is; a
PostgreSQL server through a small pool of kept connections), the folded state of each match at
its head (``replay/app/repository.py``) with a lock per match, so two threads of one server never
fold or append one match at once, and the listeners told of each append it makes (the live pages
of a server hear of a move the moment it is stored). The server and table mode call it; the
command line's recording commands do too.

A tap (``enter``) reads the match once: its head's seq and hash, which say whether the kept state
is still the match's. Then it folds only the events the tap makes, appends them after that head
(the store refuses them if another writer moved the match on meanwhile), and keeps the state
after them.
"""

from __future__ import annotations

import queue
import shlex
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from events.match import GameName
from events.text import player_names
from replay.app.moves import Offer, checked_values, intent_of_move, move_named, moves
from replay.app.recording import Recorded
from replay.app.repository import Kept, KeptStates, MatchRepository, process_kept
from replay.app.table import Entered, deal_layout, intent_of, offers, question, translate
from replay.engine.exact import carried, exact, signed
from replay.engine.game import Question
from replay.infra import stores
from store import Store, StoredEvent
from store.errors import ConcurrencyError

if TYPE_CHECKING:
    from replay.app.nights import Penalty

Listener = Callable[[str, int], None]  # told (match id, head seq) after each append


NIGHT = timedelta(hours=12)  # a table ended longer ago than this is not tonight's


def standings_of(
    tables: Sequence[dict[str, Any]], penalties: Sequence[tuple[str, Penalty]] = ()
) -> dict[str, list[dict[str, Any]]]:
    """Each game's players over ``tables`` (their glances): the sum of their results (riichi: in
    thousands with oka and uma; hanafuda: points) and of the referee's ``penalties``, their places,
    and whether a table of theirs plays on (then it is provisional); best first, then the better
    average place."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for table in tables:
        for seat, name in enumerate(table.get("credited") or table["players"]):  # whose the result is
            mine = found.setdefault(table["title"], {}).setdefault(
                name, {"player": name, "tables": 0, "total": Decimal(0), "places": [], "provisional": False}
            )
            mine["tables"] += 1
            mine["total"] += exact(table["results"][seat])  # exact: EMA's +19.6 and +19.3 stay apart
            mine["places"].append(table["places"][seat])
            mine["provisional"] = mine["provisional"] or table["status"] == "in play"
    for title, penalty in penalties:  # each (game's title, penalty): counted in its night's game only
        mine = found.setdefault(title, {}).setdefault(
            penalty.player,
            {"player": penalty.player, "tables": 0, "total": Decimal(0), "places": [], "provisional": False},
        )
        mine["total"] += Decimal(penalty.points)
        mine["penalties"] = mine.get("penalties", 0) + penalty.points
    ranked = {
        game: sorted(
            players.values(), key=lambda p: (-p["total"], sum(p["places"]) / max(len(p["places"]), 1), p["player"])
        )
        for game, players in found.items()
    }
    for players in ranked.values():
        for row in players:
            row["shown"] = signed(row["total"])  # as the ruleset's precision writes it: +19.6, +43
            row["total"] = carried(row["total"])
    return ranked


def server_time() -> str:
    """The server's time, so that a page counts a clock down by it, not by its own."""
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


NIGHT_PLAYERS = 200  # players present at one night, as its events hold them


class Application:
    """Every use case of one store; one per process (see the module's docstring)."""

    def __init__(self, db: str, *, connections: int = 4) -> None:
        self.db = db
        self.on_server = stores.is_server(db)
        self.connections = connections
        self._idle: queue.LifoQueue[Store] = queue.LifoQueue()
        self._opened = 0
        self._opening = threading.Lock()
        self.kept: KeptStates = process_kept()  # by (store, match): shared with whatever else this process keeps
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._first_ids: dict[str, tuple[object, str]] = {}  # by match: (the store's file, its first event's id)

    # ---- wiring ------------------------------------------------------------------------------

    @contextmanager
    def store(self) -> Iterator[Store]:
        """The store for one use: an SQLite file opened now, or a pooled PostgreSQL connection (one
        whose server went away is closed, not pooled again)."""
        if not self.on_server:
            with stores.open_store(self.db) as store:
                yield store
            return
        store = self._take()
        healthy = False
        try:
            yield store
            healthy = True
        except Exception as exc:
            healthy = getattr(exc, "kind", "") not in ("unavailable", "missing", "corrupt")
            raise
        finally:
            if healthy:
                self._idle.put(store)
            else:
                with suppress(Exception):
                    store.close()
                with self._opening:
                    self._opened -= 1

    def _take(self) -> Store:
        with suppress(queue.Empty):
            return self._idle.get_nowait()
        with self._opening:
            room = self._opened < self.connections
            if room:
                self._opened += 1
        if not room:
            return self._idle.get()  # every connection in use: wait for one
        try:
            return stores.open_store(self.db)
        except BaseException:
            with self._opening:
                self._opened -= 1
            raise

    def close(self) -> None:
        while True:
            try:
                store = self._idle.get_nowait()
            except queue.Empty:
                return
            with suppress(Exception):
                store.close()

    def lock(self, match: str) -> threading.Lock:
        """The lock of one match: held while it is read, folded and appended to."""
        with self._locks_lock:
            return self._locks.setdefault(match, threading.Lock())

    def listen(self, listener: Listener) -> None:
        """``listener(match, head)`` is called after each append this application makes."""
        self._listeners.append(listener)

    def _told(self, stored: Sequence[StoredEvent]) -> None:
        if stored:
            for listener in self._listeners:
                listener(stored[-1].match_id, stored[-1].seq)

    # ---- reading -------------------------------------------------------------------------------

    def match(self, match: str) -> Kept:
        """The match folded to its head (one read when nothing was stored since it was last asked)."""
        with self.lock(match), self.store() as store:
            return MatchRepository(store, self.kept).get(match)

    def first_event_id(self, match: str) -> str:
        """The id of the match's first event (what its table's token is made from). A stored event
        never changes, so once read it is remembered, for as long as the store is the same file
        (a backup restored over it may hold the same match id with other events)."""
        known = self.known_first_event_id(match)
        if known is None:
            place = stores.identity(self.db)
            known = self.match(match).steps[0].event_id
            self._first_ids[match] = (place, known)
        return known

    def known_first_event_id(self, match: str) -> str | None:
        """``first_event_id`` where it is already known of the store as it is now, without reading it; else None."""
        found = self._first_ids.get(match)
        return found[1] if found is not None and found[0] == stores.identity(self.db) else None

    def matches(self) -> list[dict[str, Any]]:
        """Every match, as `taikyoku matches --json` lists it."""
        from replay.app import listing

        with self.store() as store:
            return listing.match_rows(store)

    def room(self) -> dict[str, Any]:
        """The room's screen: the tables of the latest session of each night opened within
        ``NIGHT`` and not closed, and every other match in play or ended within ``NIGHT``, each at
        a glance as its game shows it; and each game's standings over the night's every session
        and those other tables, provisional while a table plays on."""
        from datetime import UTC, datetime

        from replay.app import nights
        from replay.app.nights import Penalty
        from replay.games import GAMES

        since = (datetime.now(UTC) - NIGHT).strftime("%Y-%m-%dT%H:%M:%S")
        with self.store() as store:
            tonight = [n["night_id"] for n in nights.nights(store) if n["opened_at"] >= since]
        shown: list[dict[str, Any]] = []
        counted: list[dict[str, Any]] = []
        of_nights: set[str] = set()
        clock = None
        penalties: list[tuple[str, Penalty]] = []
        for night_id in tonight:
            sheet = self.night_sheet(night_id)
            clock = clock or (sheet["clock"] if not sheet["closed"] else None)
            penalties += [(GAMES[sheet["game"]].title, Penalty(**p)) for p in sheet["penalties"]]
            of_nights |= {t["match_id"] for s in sheet["sessions"] for t in s["tables"]}
            if sheet["closed"] or not sheet["sessions"]:
                continue
            shown += [t for t in sheet["sessions"][-1]["tables"] if t["status"] != "abandoned"]
            counted += [
                t for s in sheet["sessions"] for t in s["tables"] if t["status"] != "abandoned" and t["started"]
            ]
        for row in self.matches():
            if row["match_id"] in of_nights:
                continue
            if row["status"] != "in play" and not (row["status"] == "complete" and row["last_recorded_at"] >= since):
                continue
            kept = self.match(row["match_id"])
            declared = GAMES[kept.game]
            table = {"match_id": row["match_id"], "game": kept.game, "title": declared.title,
                     "ruleset": row["ruleset"], "players": list(kept.state.names), "status": row["status"],
                     "head_seq": kept.head} | declared.review().glance(kept.state)  # fmt: skip
            shown.append(table)
            counted.append(table)
        return {"tables": shown, "standings": standings_of(counted, penalties), "clock": clock, "now": server_time()}

    def document(self, match: str) -> dict[str, Any]:
        """The match as `taikyoku replay --json` gives it, with its head and status."""
        from replay.app.reading import view_document
        from replay.app.service import status_of

        kept = self.match(match)
        return view_document(match, kept.state, kept.game, kept.head) | {
            "head_seq": kept.head,
            "status": status_of(kept.state),
        }

    def moves(self, match: str) -> dict[str, Any]:
        """The moves the rules allow now, each in table mode's words and as data (the declared move
        and its values, which ``enter_move`` takes back), and the decision asked, if any."""
        kept = self.match(match)
        asked = question(kept.game, kept.state)
        now = offers(kept.game, kept.state)
        everything = offers(kept.game, kept.state, asked=False)  # once a decision is passed

        def listed(found: list[Offer]) -> list[dict[str, Any]]:
            return [{"words": offer.words, "move": offer.data()} for offer in found]

        return {"head_seq": kept.head, "moves": [o.words for o in now], "offers": listed(now),
                "asked": None if asked is None else asked[1], "passed": [o.words for o in everything],
                "passed_offers": listed(everything), "deal": deal_layout(kept.game, kept.state)}  # fmt: skip

    # ---- writing -------------------------------------------------------------------------------

    def enter(
        self,
        match: str,
        line: str,
        *,
        recorded_by: str,
        expected_seq: int | None = None,
        passed: set[tuple[str, int]] | None = None,
    ) -> Entered:
        """Record one entry in table mode's words (``discard 5m``, ``undo``, ``note TEXT``, an answer
        to the decision asked) on the state the person saw (``expected_seq``). Table mode gives
        ``passed``, the decisions declined at its table, and a decision the rules leave open is
        asked until it is answered or passed; a phone decides that on its own page (None). An
        ``Entered`` says what it did."""
        from replay.app import intents
        from replay.app.recording import record, undo_last

        first, _, rest = line.strip().partition(" ")
        annotation = first.lower() in ("note", "dispute")  # free text, taken as it is typed (it's, "quotes")
        try:
            words = [first.lower(), rest.strip()] if annotation else shlex.split(line)
        except ValueError:
            raise InputError("a quotation mark is not closed; close it, or leave the quotes out") from None
        if not words:
            return Entered("nothing")
        verb = words[0].lower()
        if verb in ("help", "show"):
            return Entered(verb)  # type: ignore[arg-type]
        if annotation and not words[1]:
            raise InputError(f"{verb} needs a text, e.g. {verb} Bob says he played the crane")
        with self.lock(match), self.store() as store:
            kept = MatchRepository(store, self.kept).get(match)  # the one read of this entry
            if expected_seq is not None and kept.head != expected_seq:  # made on a state since overtaken
                raise ConcurrencyError(match, expected_seq, kept.head)
            if verb == "undo":
                undone, stored = undo_last(store, match, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
                self._told(stored)
                return Entered("undone", undone=undone, stored=stored)
            if annotation:
                target = kept.folded.history.effective[-1].seq
                intent: Any = intents.annotate(verb, target, words[1])
                done = record(store, match, intent, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
                self._told(done.stored)
                return Entered("annotated", verb=verb, recorded=done, stored=done.stored)
            asked = None if passed is None else question(kept.game, kept.state)
            if asked is not None and passed is not None and (asked[0], kept.head) not in passed:
                if verb == "pass":
                    passed.add((asked[0], kept.head))
                    return Entered("passed")
                if verb not in asked[2]:
                    raise InputError(f"answer first: {asked[1]}")
            verb_words = translate(kept.game, kept.state, words)
            done = record(store, match, intent_of(verb_words, match), recorded_by=recorded_by,
                          kept_states=self.kept, kept=kept)  # fmt: skip
        self._told(done.stored)
        return Entered("recorded", verb=verb_words[0], recorded=done, stored=done.stored)

    def enter_move(
        self, match: str, verb: str, values: Mapping[str, object], *, recorded_by: str, expected_seq: int
    ) -> Recorded:
        """A move as data (a phone's tap: the declared move and its values, as ``moves`` offered it)
        recorded on the state the person saw: nothing is read from words."""
        from replay.app.recording import record

        move = move_named(verb)
        if move is None:
            raise InputError(f"{verb!r} is not a move; the moves are: {', '.join(m.verb for m in moves())}")
        intent = intent_of_move(move, checked_values(move, values))
        with self.lock(match), self.store() as store:
            kept = MatchRepository(store, self.kept).get(match)  # the one read of this move
            if kept.head != expected_seq:  # made on a state since overtaken
                raise ConcurrencyError(match, expected_seq, kept.head)
            done = record(store, match, intent, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
        self._told(done.stored)
        return done

    def record(self, match: str, intent: Any, *, recorded_by: str, expected_seq: int | None = None) -> Recorded:
        """A recording command's intent (``replay/app/intents.py``): its events made from the state
        read once, checked by the match's rules and appended."""
        from replay.app.recording import record

        with self.lock(match), self.store() as store:
            done = record(store, match, intent, recorded_by=recorded_by, expected_seq=expected_seq,
                          kept_states=self.kept)  # fmt: skip
        self._told(done.stored)
        return done

    def record_documents(
        self, match: str, documents: Sequence[Any], *, recorded_by: str, expected_seq: int | None = None
    ) -> Sequence[StoredEvent]:
        """Event documents (`taikyoku record`'s JSON, the API's events) recorded after the head the
        sender saw: all of them, or none (``service.record_documents``)."""
        from replay.app.service import record_documents

        with self.lock(match), self.store() as store:
            stored = record_documents(store, match, documents, recorded_by=recorded_by, expected_seq=expected_seq)
        self._told(stored)
        return stored

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
    ) -> dict[str, Any]:
        """Open a night: the game, its ruleset and options (recorded in full, as each match's are),
        each match's length, the sessions planned, the players present."""
        import secrets

        from events.night import NightOpened
        from replay.app import nights
        from replay.app.service import build_match_started
        from replay.games import default_ruleset, ruleset, ruleset_ids
        from replay.games import game as game_named

        game = game_named(game).name  # an unknown game: one line naming the games
        spec = ruleset(ruleset_id or default_ruleset(game))
        if spec is None or spec.game != game:
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

    def seat_session(self, night_id: str, *, again: bool = False, recorded_by: str = "host") -> dict[str, Any]:
        """Seat the next session of the night (or the last once more, before any table of it starts)."""
        from replay.app import nights

        with self.lock(night_id), self.store() as store:
            nights.seat_next(store, night_id, recorded_by=recorded_by, again=again)
        return self.night_sheet(night_id)

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

    def start_clock(self, night_id: str, minutes: int, *, recorded_by: str = "host") -> dict[str, Any]:
        """The session's clock: ``minutes`` of play from now (0 stops it)."""
        from replay.app import nights

        with self.lock(night_id), self.store() as store:
            nights.start_clock(store, night_id, minutes, recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def clock_of_table(self, match: str) -> dict[str, Any] | None:
        """The clock of the night a table belongs to (its id is the night's with -tN), or None."""
        from replay.app import nights

        night_id, _, number = match.rpartition("-t")
        if not match.startswith(nights.NIGHT_PREFIX) or not number.isdigit():
            return None
        with self.store() as store:
            if not store.exists(night_id):
                return None
            night = nights.read(store, night_id)
        if match not in {t.match_id for s in night.sessions[-1:] for t in s}:
            return None  # a table of an earlier session: its clock is over
        return nights.clock_of(night)

    def undo_at_table(self, night_id: str, match: str, *, recorded_by: str = "host") -> dict[str, Any]:
        """Take back the last hand (or event) of one table of the night, ended or not: the match is
        reopened where its end came with that hand, and the night's standings with it."""
        sheet = self.night_sheet(night_id)
        tables = {t["match_id"]: t for s in sheet["sessions"] for t in s["tables"]}
        if match not in tables:
            raise InputError(f"{match} is not a table of {night_id}")
        if tables[match]["status"] == "abandoned":
            raise InputError(f"{match} is abandoned; undo its abandon with `taikyoku retract` first")
        self.enter(match, "undo", recorded_by=recorded_by)
        return self.night_sheet(night_id)

    def close_night(self, night_id: str, *, recorded_by: str = "host") -> dict[str, Any]:
        from replay.app import nights

        sheet = self.night_sheet(night_id)
        playing = [t["match_id"] for s in sheet["sessions"] for t in s["tables"] if t["status"] == "in play"]
        with self.lock(night_id), self.store() as store:
            nights.close(store, night_id, recorded_by=recorded_by, playing=playing)
        return self.night_sheet(night_id)

    def nights(self) -> list[dict[str, Any]]:
        from replay.app import nights

        with self.store() as store:
            return nights.nights(store)

    def known_players(self) -> list[str]:
        """Every player's name in the store, for the host to pick tonight's from."""
        return sorted({name for row in self.matches() for name in row["players"]}, key=str.casefold)

    def season(
        self, game: str, *, since: str | None = None, until: str | None = None, min_games: int = 1
    ) -> dict[str, Any]:
        """The season's standings of ``game`` (``replay/app/seasons.py``): the results of its ended
        matches and the penalties given on its nights, between two days (inclusive)."""
        from replay.app import nights, seasons, stats
        from replay.app.catalog import check_game_name

        check_game_name(game, "the game")
        for day, flag in ((since, "--since"), (until, "--until")):
            seasons.check_day(day, flag)
        with self.store() as store:
            found = _credited(stats.digests(store), nights.credits(store, game))
            given = nights.penalties_given(store, game)
        return seasons.season(found, game, since=since, until=until, min_games=min_games, penalties=given)

    def player_page(self, name: str) -> dict[str, Any]:
        """A player's matches, places, results and rating over time."""
        from replay.app import nights, seasons, stats

        with self.store() as store:
            found = _credited(stats.digests(store), nights.credits(store))
        return seasons.player(found, name)

    def night_sheet(self, night_id: str) -> dict[str, Any]:
        """The night as the host and the room see it: who is present, each session's tables with
        their players, status and results, and the night's standings (provisional while a table
        plays on)."""
        from replay.app import nights
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
                row = {"match_id": table.match_id, "players": list(sitting), "status": status,
                       "started": kept.head > 1, "head_seq": kept.head, "game": kept.game,
                       "title": GAMES[kept.game].title, "stood_in_for": stood_in,
                       "credited": list(credited)} | glance  # fmt: skip
                tables.append(row)
                if status != "abandoned" and kept.head > 1:
                    glances.append(row)
            sessions.append({"session": number, "tables": tables})
        return {"night_id": night_id, "title": opened.title, "game": opened.game, "ruleset": opened.ruleset.id,
                "sessions_planned": opened.sessions, "per_table": opened.per_table, "players": list(night.players),
                "closed": night.closed, "sessions": sessions,
                "standings": standings_of(glances, [(GAMES[opened.game].title, p) for p in night.penalties]),
                "penalties": [p._asdict() for p in night.penalties],
                "substitutions": [c._asdict() for c in night.substitutions],
                "head_seq": night.head, "clock": nights.clock_of(night), "now": server_time()}  # fmt: skip


def _credited(digests: list[dict[str, Any]], credits: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """The matches' digests with each seat under the name whose result it is (a substitute who
    took a seat's result in its stead)."""
    return [d | {"players": list(credits[d["match_id"]])} if d["match_id"] in credits else d for d in digests]


class TableSession:
    """One table's record as it is played: each entry read against the match's kept state, a
    decision the rules leave open asked until it is answered or passed. The application
    (``replay/app/application.py``) records each entry; a session holds no connection between them."""

    def __init__(self, match: str, recorded_by: str, application: Application) -> None:
        self.match, self.recorded_by, self.application = match, recorded_by, application
        self.passed: set[tuple[str, int]] = set()  # (decision, seq it arose at): declined, not an event

    def kept(self) -> Kept:
        """The match as it stands, kept at its head: asking again reads only what was stored since."""
        return self.application.match(self.match)

    def asking(self) -> Question | None:
        kept = self.kept()
        asked = question(kept.game, kept.state)
        if asked is None or (asked[0], kept.head) in self.passed:
            return None
        return asked

    def expects(self) -> str:
        """The prompt's words: the question asked, else what the round waits for."""
        asked = self.asking()
        if asked is not None:
            return asked[1]
        kept = self.kept()
        rnd = kept.state.round
        if rnd is None or rnd.over:
            return "next round (next)"
        from replay.games import GAMES

        return GAMES[kept.game].view().expects(rnd, kept.state.names)

    def game(self) -> GameName:
        return self.kept().game

    def enter(self, line: str) -> Entered:
        """Record one entry, or say why it cannot be (``InputError``, ``IllegalEvent``, a conflict)."""
        return self.application.enter(self.match, line, recorded_by=self.recorded_by, passed=self.passed)
