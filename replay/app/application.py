"""The application: taikyoku's use cases over one store, wired once per process.

``Application(db)`` holds what every use case needs and nothing else does: the store it names (an
SQLite file opened for a command's use, or connections a server keeps: ``replay/infra/pool.py``),
the folded state of each match at its head (``replay/app/repository.py``) with a lock per match,
so two threads of one server never fold or append one match at once, and the listeners told of each append it makes (the live pages
of a server hear of a move the moment it is stored). The server and table mode call it, and so
do the commands: recording and correcting a match (moves, notes, retracts, a new match, a
record, a simulation), reading it (replay's steps, audit, review, price, statistics), exchange
(the exports, a sync to another store) and the store's own (its log, the listing, abandon,
verify, the fingerprint, a table's first event for its token).
``Application(db, create=True)`` makes the SQLite file on first use.

A tap (``enter``) reads the match once: its head's seq and hash, which say whether the kept state
is still the match's. Then it folds only the events the tap makes, appends them after that head
(the store refuses them if another writer moved the match on meanwhile), and keeps the state
after them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from functools import cached_property
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from replay.app.club import Club
from replay.app.keeping import Keeping
from replay.app.leagues import Leagues
from replay.app.room import Room
from replay.infra import stores
from replay.infra.pool import StorePool
from store import Store, StoredEvent
from store.errors import ConcurrencyError

# What a use case needs is imported where it runs: a command that starts a match or lists them
# loads neither table mode's words nor the moves' offers (tests/cli/test_startup.py).
if TYPE_CHECKING:
    from events.ingest import Document
    from events.match import GameName, MatchStarted
    from replay.app.audit import Report
    from replay.app.catalog import Offer
    from replay.app.heads import HeadsReader
    from replay.app.recording import Intending
    from replay.app.repository import Kept, KeptStates
    from replay.app.results import Recorded
    from replay.app.simulate import Simulated
    from replay.app.stats import Filters
    from replay.app.table import Entered
    from replay.app.what_if import WhatIf
    from replay.engine.fold import Step

Listener = Callable[[str, int], None]  # told (match id, head seq) after each append


class Application(Club, Room, Keeping, Leagues):
    """Every use case of one store; one per process (see the module's docstring); the club's
    (``replay/app/club.py``) among them."""

    def __init__(self, db: str, *, connections: int = 4, create: bool = False, keep_file_open: bool = False) -> None:
        self.db = db
        self.create = create  # an SQLite file made on first use (a new match, a record, a simulation)
        self.pool = StorePool(db, connections=connections, create=create, keep_file_open=keep_file_open)
        self.on_server = self.pool.on_server
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._first_ids: dict[str, tuple[object, str]] = {}  # by match: (the store's file, its first event's id)

    # ---- wiring ------------------------------------------------------------------------------

    @cached_property
    def kept(self) -> KeptStates:
        """The folded states kept by (store, match), shared with whatever else this process keeps;
        made when a use case first folds a match (a listing never does)."""
        from replay.app.repository import process_kept

        return process_kept()

    def store(self) -> AbstractContextManager[Store]:
        """The store for one use (``replay/infra/pool.py``): a kept connection, or a file opened now."""
        return self.pool.store()

    def close(self) -> None:
        """Close the idle kept connections (a store in use closes when it is given back)."""
        self.pool.close()

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

    def make_store(self) -> None:
        """The store made where it is missing (a server's first start), or its one-line refusal: a
        bad ``--db`` is said before anything listens."""
        stores.open_store(self.db, create=True).close()

    def heads_reader(self) -> HeadsReader:
        """What the live pages' one polling task reads the watched heads through."""
        from replay.app.heads import HeadsReader

        return HeadsReader(self.db)

    # ---- reading -------------------------------------------------------------------------------

    def match(self, match: str) -> Kept:
        """The match folded to its head (one read when nothing was stored since it was last asked)."""
        from replay.app.repository import MatchRepository

        with self.lock(match), self.store() as store:
            return MatchRepository(store, self.kept).get(match)

    def first_event_id(self, match: str) -> str:
        """The id of the match's first event (what its table's token is made from). A stored event
        never changes, so once read it is remembered, for as long as the store is the same file
        (a backup restored over it may hold the same match id with other events)."""
        known = self.known_first_event_id(match)
        if known is None:
            place = self.pool.place()
            known = self.match(match).steps[0].event_id
            if place == self.pool.place():  # not changed by another hand meanwhile
                self._first_ids[match] = (place, known)
        return known

    def known_first_event_id(self, match: str) -> str | None:
        """``first_event_id`` where it is already known of the store as it is now, without reading it; else None."""
        found = self._first_ids.get(match)
        if found is None:
            return None
        if self.pool.changed_by_another_hand():
            return None  # a backup may be in it
        return found[1] if found[0] == self.pool.place() else None

    def matches(
        self, *, game: str | None = None, player: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]]:
        """Every match (of ``game``, with ``player``, in ``status``), as `taikyoku matches --json` lists it."""
        from replay.app import listing

        with self.store() as store:
            return listing.match_rows(store, game=game, player=player, status=status)

    def known_players(self) -> list[str]:
        """Every player's name in the store, for a host to pick a night's from (``answer_reads.known_names``)."""
        from replay.app.answer_reads import known_names

        return known_names(self.store)

    def document(self, match: str) -> dict[str, Any]:
        """The match as `taikyoku replay --json` gives it, with its head and status."""
        from replay.app import nights
        from replay.app.phones import undo_until
        from replay.app.reading import view_document
        from replay.app.service import status_of

        kept = self.match(match)
        status, phone_undo_until = status_of(kept.state), None
        with self.store() as store:
            night = nights.night_of_table(store, match)
            if status != "in play" and (night is None or not night.closed):  # a closed night's results are final
                phone_undo_until = undo_until(store, kept)  # until when a table's phone may undo the last hand
        return view_document(match, kept.state, kept.game, kept.head) | {
            "head_seq": kept.head,
            "status": status,
            "phone_undo_until": phone_undo_until,
            # Who sits at each seat now: at a night's table, a substitute in the seat of a player who left.
            "sitting": list(night.sitting(match)) if night is not None else list(kept.state.names),
        }

    def moves(self, match: str) -> dict[str, Any]:
        """The moves the rules allow now, each in table mode's words and as data (the declared move
        and its values, which ``enter_move`` takes back), and the decision asked, if any."""
        from replay.app.table import deal_layout, offers, question
        from replay.games import moves as declared

        ending = {move.verb for move in declared() if move.ends_round}
        kept = self.match(match)
        asked = question(kept.game, kept.state)
        now = offers(kept.game, kept.state)
        everything = offers(kept.game, kept.state, asked=False)  # once a decision is passed

        def listed(found: list[Offer]) -> list[dict[str, Any]]:
            return [{"words": offer.words, "move": offer.data(), "ends": offer.verb in ending} for offer in found]

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
        by_phone: bool = False,
    ) -> Entered:
        """Record one entry in table mode's words (``discard 5m``, ``undo``, ``note TEXT``, an answer
        to the decision asked) on the state the person saw (``expected_seq``). Table mode gives
        ``passed``, the decisions declined at its table, and a decision the rules leave open is
        asked until it is answered or passed; a phone decides that on its own page (None). A
        table's phone (``by_phone``) is held to what it may write (``replay/app/phones.py``). An
        ``Entered`` says what it did."""
        from replay.app import intents
        from replay.app.recording import record_intent, undo_last
        from replay.app.repository import MatchRepository
        from replay.app.table import Entered, entry_words, intent_of, question, translate

        words, annotation = entry_words(line)  # table mode's grammar, read once
        if not words:
            return Entered("nothing")
        verb = words[0].lower()
        if verb in ("help", "show"):
            return Entered(verb)  # type: ignore[arg-type]
        with self.lock(match), self.store() as store:
            kept = MatchRepository(store, self.kept).get(match)  # the one read of this entry
            if by_phone:  # first: a tap on a table since abandoned is told so, not that the table moved on
                self._phone_may(store, kept, undo=verb == "undo")
            if expected_seq is not None and kept.head != expected_seq:  # made on a state since overtaken
                raise ConcurrencyError(match, expected_seq, kept.head)
            if verb == "undo":
                undone, stored = undo_last(store, match, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
                self._told(stored)
                return Entered("undone", undone=undone, stored=stored)
            if annotation:
                target = kept.folded.history.effective[-1].seq
                intent = intents.annotate(verb, target, words[1])
                done = record_intent(store, match, intent, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
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
            done = record_intent(store, match, intent_of(verb_words, match), recorded_by=recorded_by,
                          kept_states=self.kept, kept=kept)  # fmt: skip
        self._told(done.stored)
        return Entered("recorded", verb=verb_words[0], recorded=done, stored=done.stored)

    def enter_move(
        self, match: str, verb: str, values: Mapping[str, object], *, recorded_by: str, expected_seq: int,
        by_phone: bool = False,
    ) -> Recorded:  # fmt: skip
        """A move as data (a phone's tap: the declared move and its values, as ``moves`` offered it,
        or ``result`` and the round's result as the game's page taps it) recorded on the state the
        person saw: nothing is read from words."""
        from replay.app import intents
        from replay.app.catalog import checked_values, move_named, moves
        from replay.app.recording import record_intent
        from replay.app.repository import MatchRepository

        if verb == "result":  # the round's result, as the game's page taps it (``intents.result_data``)
            intent = intents.result_data(values)
        else:
            move = move_named(verb)
            if move is None:
                known = ", ".join([*(m.verb for m in moves()), "result"])
                raise InputError(f"{verb!r} is not a move; the moves are: {known}")
            intent = intents.of_move(move, checked_values(move, values))
        with self.lock(match), self.store() as store:
            kept = MatchRepository(store, self.kept).get(match)  # the one read of this move
            if by_phone:  # first: a tap on a table since abandoned is told so, not that the table moved on
                self._phone_may(store, kept, undo=False)
            if kept.head != expected_seq:  # made on a state since overtaken
                raise ConcurrencyError(match, expected_seq, kept.head)
            done = record_intent(store, match, intent, recorded_by=recorded_by, kept_states=self.kept, kept=kept)
        self._told(done.stored)
        return done

    def record(self, match: str, intent: Intending, *, recorded_by: str, expected_seq: int | None = None) -> Recorded:
        """A recording command's intent (``replay/app/intents.py``): its events made from the state
        read once, checked by the match's rules and appended."""
        from replay.app.recording import record_intent

        with self.lock(match), self.store() as store:
            done = record_intent(store, match, intent, recorded_by=recorded_by, expected_seq=expected_seq,
                          kept_states=self.kept)  # fmt: skip
        self._told(done.stored)
        return done

    def new_match(
        self, game: str, players: Sequence[str], *, recorded_by: str, ruleset_id: str | None = None,
        options: Sequence[str] = (), length: int | None = None, dealer: str | None = None,
        match_id: str | None = None,
    ) -> StoredEvent:  # fmt: skip
        """A new match of ``game`` as a person asks for it (``taikyoku new``): its id, players,
        ruleset and options checked in that order, then its first event stored."""
        from replay.app import service

        if match_id is not None:
            service.check_match_id(match_id)  # first: a user fixes the id before anything else
        started = service.build_match_started(
            game, players, ruleset_id=ruleset_id, options=options, length=length, dealer=dealer
        )
        return self.start_match(started, recorded_by=recorded_by, match_id=match_id)

    def start_match(self, started: MatchStarted, *, recorded_by: str, match_id: str | None = None) -> StoredEvent:
        """A new match: its first event (every rule option recorded), under ``match_id`` or a fresh id."""
        from replay.app.service import start_match

        with self.store() as store:
            event = start_match(store, started, recorded_by=recorded_by, match_id=match_id)
        self._told([event])
        return event

    def simulate(
        self, game: str, seed: int, rounds: int, *, match_id: str | None = None,
        players: Sequence[str] | None = None, options: Sequence[str] = (), ruleset_id: str | None = None,
    ) -> Simulated:  # fmt: skip
        """A random legal match of ``game`` from ``seed``, checked by the fold and stored (what was
        asked is checked first: a new store is made only for a sound request)."""
        from replay.app.simulate import check_simulation, record_simulated

        check_simulation(game, seed, match_id=match_id, players=players, options=options, ruleset_id=ruleset_id)
        with self.store() as store:
            done = record_simulated(store, game, seed, rounds, match_id=match_id, players=players, options=options,
                                    ruleset_id=ruleset_id)  # fmt: skip
        return done

    def record_documents(
        self, match: str, documents: Sequence[Document], *, recorded_by: str, expected_seq: int | None = None,
        by_phone: bool = False,
    ) -> Sequence[StoredEvent]:  # fmt: skip
        """Event documents (`taikyoku record`'s JSON, the API's events) recorded after the head the
        sender saw: all of them, or none (``service.record_documents``). Where the store is still
        to be made, they are tried on one in memory first: bad input never leaves a new file behind.
        A table's phone (``by_phone``) is held to what it may write (``replay/app/phones.py``)."""
        from replay.app.service import check_match_id, record_documents

        check_match_id(match)
        if self.create and not self.on_server and not stores.store_exists(self.db):
            with stores.scratch() as scratch:
                record_documents(scratch, match, documents, recorded_by=recorded_by, expected_seq=expected_seq)
        with self.lock(match), self.store() as store:
            if by_phone and store.exists(match):
                from replay.app.repository import MatchRepository

                types = [str(d.value.get("type")) for d in documents if isinstance(d.value, dict)]
                self._phone_may(store, MatchRepository(store, self.kept).get(match), undo=False, types=types)
            stored = record_documents(store, match, documents, recorded_by=recorded_by, expected_seq=expected_seq)
        self._told(stored)
        return stored

    def _phone_may(self, store: Store, kept: Kept, *, undo: bool, types: Sequence[str] = ()) -> None:
        """Refuse what a table's phone may not write on the match as ``kept``: anything but its undo
        once the match is over, and that undo outside its window (``replay/app/phones.py``)."""
        from replay.app import nights
        from replay.app.phones import check_phone_write, ended_at

        if ended_at(store, kept) is None and "match_ended" not in types:
            return  # in play: the usual case, read no further
        night = nights.night_of_table(store, kept.match_id)
        check_phone_write(store, kept, undo=undo, types=types, night_closed=night is not None and night.closed)

    # ---- corrections and reading ---------------------------------------------------------------

    def retract(
        self, match: str, seq: int, *, reason: str, recorded_by: str
    ) -> tuple[list[Step], Sequence[StoredEvent]]:
        """Void event ``seq`` (with the capture that rests on it): the steps voided, the retracts stored."""
        from replay.app.recording import retract

        with self.lock(match), self.store() as store:
            voided, stored = retract(store, match, seq, reason=reason, recorded_by=recorded_by)
        self._told(stored)
        return voided, stored

    def steps(self, match: str) -> list[Step]:
        """The match's events, decoded, each with its event id, recorder and time (a replay's input)."""
        from replay.app.steps import read_steps

        with self.store() as store:
            return read_steps(store, match, provenance="all")

    def replayed(self, match: str, *, where: str) -> tuple[list[Step], Report]:
        """What a replay page draws from: the match's steps (each with its recorder) and its audit,
        read together; a match the store does not hold is refused, naming ``where``."""
        from replay.app.audit import audit
        from replay.app.steps import read_steps

        with self.store() as store:
            if not store.exists(match):
                raise InputError(f"no match {match!r} in {where}; list the matches with `taikyoku matches`")
            return read_steps(store, match, provenance="all"), audit(store, match)

    def replay_frames(self, match: str, *, where: str) -> dict[str, Any]:
        """What a match's replay page draws (``replay/app/frames.py``): every event with the table
        after it, each choice weighed, the audit's findings, the game and the players; a match
        the store does not hold is refused, naming ``where``."""
        from replay.app.frames import frames

        steps, report = self.replayed(match, where=where)
        return frames(match, steps, report)

    def replay_document(
        self, match: str, *, round_no: int | None = None, at: int | None = None
    ) -> tuple[GameName, dict[str, Any]]:
        """(the game, the document ``replay --json`` prints) of the match at seq ``at`` or at the end
        of round ``round_no`` (default: its last event)."""
        from replay.app.reading import replay_document

        return replay_document(match, self.steps(match), round_no=round_no, at=at)

    def what_if(
        self,
        match: str,
        *,
        round_no: int | None = None,
        without: int | None = None,
        replace: tuple[int, Callable[[], tuple[bytes, str]]] | None = None,
    ) -> WhatIf:
        """The match replayed as if event ``without`` had not happened, or event ``replace[0]`` had
        been the one read by ``replace[1]``, beside what was recorded (nothing is written)."""
        from replay.app.what_if import Replacement, what_if

        if without is not None and replace is not None:
            raise InputError("give --without or --replace, not both")
        replacement = None if replace is None else Replacement(*replace)
        return what_if(match, self.steps(match), round_no=round_no, without=without, replace=replacement)

    def start_of_round(self, match: str, round_no: int) -> int:
        """The seq a round of the match ends at, to open a page there."""
        from replay.app.reading import start_of_round

        return start_of_round(self.steps(match), round_no)

    def audit(self, match: str, *, round_no: int | None = None, rulesets: Sequence[str] = ()) -> Report:
        """The match's chain checked and its record refolded: every finding (``replay/app/audit.py``)."""
        from replay.app.audit import audit
        from replay.app.reading import check_priced_rulesets

        check_priced_rulesets(list(rulesets))
        with self.store() as store:
            return audit(store, match, round_no=round_no, rulesets=rulesets)

    def reviewed(self, match: str, player: str | None = None) -> dict[str, Any]:
        """Each choice of the match weighed against the best, and a summary per player."""
        from replay.app.reading import reviewed

        with self.store() as store:
            return reviewed(store, match, player)

    def statistics(
        self,
        filters: Filters | None = None,
        *,
        rebuild: bool = False,
        progress: Callable[[int, int], None] | None = None,
        **given: Any,
    ) -> dict[str, Any]:
        """The statistics of every match under ``filters``, or under the filters ``given`` as a person
        gives them, each checked (``game``, ``players``, ``since``, ``until``, ``ruleset``, ``matches``:
        ``replay/app/stats.py``); ``rebuild``: the kept digests and results dropped first, so every
        match is folded again."""
        from replay.app import stats

        if filters is None:
            filters = stats.Filters.checked(**given)
        with self.store() as store:
            if rebuild:
                store.drop_read_model(stats.DIGEST_MODEL)
                store.drop_read_model(stats.RESULT_MODEL)
            return stats.statistics(store, filters, progress=progress)
