"""Importing whole matches: each game read, checked by its rules and stored all or nothing
(exports: ``replay/app/exporting.py``). Progress is reported through ``tick``; nothing here prints."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import closing, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from events import interrupts, registry
from events.envelope import PendingEvent, log_event_ids, new_event_id, now_timestamp
from events.errors import InputError, TaikyokuError
from events.interrupts import held
from replay.app.errors import ImportInterrupted, ImportStopped
from replay.app.log_files import kept_values, kept_values_of, read_files
from replay.app.results import ImportReport
from replay.engine.logs import Imported
from replay.formats.detect import SNIFF, detect
from store import Store, StoredEvent, StoreError

if TYPE_CHECKING:
    from events.model import Payload
    from replay.formats import native

# Exports, taikyoku's own files and each log format are loaded by the work that reads or writes them:
# an import of one format's logs loads neither the export's machinery nor the other formats.

Tick = Callable[..., None]  # called once an item is done, with a few words on the work so far, or none


def _no_tick(said: str | None = None) -> None:
    return None


def folder_suffixes() -> tuple[str, ...]:
    """The files of a folder an import reads: taikyoku's exports, and each format a game declares."""
    from replay.games import log_formats

    return tuple(dict.fromkeys((".json", ".jsonl", *(s for _game, found in log_formats() for s in found.suffixes))))


def expand(paths: Sequence[Path], *, recursive: bool = False) -> list[Path]:
    """The files to import: each file given, and the files in each folder given (their sub-folders'
    too with ``recursive``) that have a log's suffix, in name order. A path that is not there is
    refused before anything is read."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = path.rglob("*") if recursive else path.iterdir()
            inside = sorted(p for p in found if p.is_file() and p.name.lower().endswith(folder_suffixes())
                            and not any(part.startswith(".") for part in p.relative_to(path).parts))  # fmt: skip
            if not inside:
                more = "" if recursive else " (give --recursive to look in its sub-folders)"
                raise InputError(f"folder {path} holds no log files{more}")
            files += inside
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(f"file {path} does not exist; give log files, or folders of them")
    return files


def split_by_format(files: Sequence[Path], format_: str | None) -> tuple[list[Path], list[Path]]:
    """(taikyoku exports, game logs): by ``format_`` when forced, else from each file's opening. A
    file of no known format goes with the logs, where it is reported with the formats tried."""
    if format_ in EXPORT_FORMATS:
        return list(files), []
    if format_ is not None:
        return [], list(files)
    natives: list[Path] = []
    logs: list[Path] = []
    for path in files:
        with path.open("rb") as stream:
            opening = stream.read(SNIFF)
        try:
            native_export = detect(opening, path.name) == "native"
        except InputError:
            native_export = False
        (natives if native_export else logs).append(path)
    return natives, logs


def import_logs(
    files: Sequence[Path],
    *,
    format_: str | None = None,
    store: Store | None,
    exists: Callable[[str], bool],
    where: str,
    by: str = "",
    tick: Tick = _no_tick,
    jobs: int = 1,
    public: bool = False,
) -> ImportReport:
    """Every game of the files, read, converted and checked, and stored when ``store`` is given
    (without one, nothing is written: a check). ``exists`` says whether a match id is already
    stored; ``where`` names the store in messages. With ``jobs`` above 1 the files are read,
    folded and priced in that many worker processes, and this one process stores each game whole,
    in the order of the files: the store is the same whatever ``jobs`` is."""
    report = ImportReport()
    taken: set[str] = set()  # the match ids this batch has stored, or would store
    counted = hands = 0  # for the progress: games stored so far, and their hands
    keeping = ReadModelRows()
    with (
        _stopped_says(report, store is not None),
        store.bulk() if store is not None else nullcontext(),
        closing(read_files(files, format_, jobs)) as files_read,
    ):
        for _path, items in files_read:
            for item in items:
                if isinstance(item, dict):
                    report.skipped.append(item)
                elif item.problem is not None:
                    report.skipped.append({"file": item.source, "match_id": item.match_id, "reason": item.problem})
                elif item.played_at is not None and not real_time(item.played_at):
                    report.skipped.append({"file": item.source, "match_id": item.match_id,
                                           "reason": f"{item.source}: its time {item.played_at!r} is not a real time"})  # fmt: skip
                elif item.match_id in taken or exists(item.match_id):
                    report.skipped.append({"file": item.source, "match_id": item.match_id,
                                           "reason": f"match {item.match_id} is already in {where}"})  # fmt: skip
                else:
                    taken.add(item.match_id)
                    if public:  # what the table saw: the same game, its hands and draws unseen
                        item.payloads = public_record(item.payloads)
                        item.state = item.kept = None  # folded from its record when first listed
                    elif item.kept is None:
                        item.kept = kept_values(item)
                    events = stored_events(item, by) if store is not None else []
                    with held():  # a game stored is a game counted: Ctrl-C waits for both
                        if store is not None:
                            try:  # each game is one append: all of it, or none of it
                                stored = store.append(item.match_id, 0, events)
                                keeping.add(item, stored)
                            except StoreError as exc:
                                if exc.kind in ("full", "unavailable", "corrupt"):  # the store, not this game: stop
                                    raise type(exc)(f"{exc.message}; {report.what_is_left()}") from None
                                report.skipped.append(
                                    {"file": item.source, "match_id": item.match_id, "reason": exc.message}
                                )
                                continue
                            except InputError as exc:  # what the store's door refuses of one game (a name)
                                report.skipped.append({"file": item.source, "match_id": item.match_id,
                                                       "reason": f"{item.source}: {exc.message}"})  # fmt: skip
                                continue
                        report.imported.append({"file": item.source, "match_id": item.match_id, "hands": item.hands,
                                                "wins": item.wins, "events": len(item.payloads),
                                                "findings": item.findings})  # fmt: skip
            if store is not None:
                keeping.keep(store)
            hands = sum(int(game["hands"]) for game in report.imported[counted:]) + hands
            counted = len(report.imported)
            tick(f"{counted} games, {hands} hands")
            interrupts.check()  # an interrupt a library swallowed on its way still stops the import here
    return report


def public_record(payloads: list[Payload]) -> list[Payload]:
    """A game's public record, made by its game from the full one, and checked by its fold."""
    from replay.app.steps import game_of
    from replay.engine.fold import Step
    from replay.engine.fold import fold as fold_steps
    from replay.games import GAMES, projection_for

    steps = [Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(payloads, 1)]
    game = game_of(steps)
    public = GAMES[game].public_view(payloads)
    fold_steps(projection_for(game), [Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(public, 1)])
    return public


@contextmanager
def _stopped_says(report: ImportReport, storing: bool) -> Iterator[None]:
    """Ctrl-C, or a worker that died, said with what the import leaves."""

    def left() -> str:
        return report.what_is_left() if storing else "nothing was written"

    try:
        yield
    except KeyboardInterrupt:
        raise ImportInterrupted(f"interrupted: {left()}") from None
    except ImportStopped as stopped:
        raise ImportStopped(f"{stopped.message}; {left()}") from None
    except Exception:
        if interrupts.seen():  # the interrupt, made an error of its own by a library it went through
            raise ImportInterrupted(f"interrupted: {left()}") from None
        raise


class ReadModelRows:
    """The read-model rows of the games stored, sealed at each one's head and kept a batch at a time."""

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[str, str, str]]] = {}

    def __len__(self) -> int:
        return max(map(len, self.rows.values()), default=0)

    def add(self, game: Imported, stored: Sequence[StoredEvent]) -> None:
        if game.kept:
            self.add_values(game.match_id, game.kept, stored)
        game.kept = None

    def add_values(self, match_id: str, values: dict[str, dict[str, Any]], stored: Sequence[StoredEvent]) -> None:
        if not stored:
            return
        from replay.app.read_models import GLANCES
        from replay.app.stats import DIGESTS

        head_hash = stored[-1].hash
        for model in (GLANCES, DIGESTS):
            value = values[model.name]
            if model is DIGESTS:
                value = value | {"started_at": stored[0].recorded_at}
            self.rows.setdefault(model.name, []).append((match_id, head_hash, model.sealed(match_id, head_hash, value)))

    def keep(self, store: Store) -> None:
        from replay.app.read_models import keep

        for name, rows in self.rows.items():
            keep(store, name, rows)  # a cache: where it cannot be kept, the first listing folds
        self.rows.clear()


def real_time(text: str) -> bool:
    """Whether a log's time (``...Z``) is a real one: no month 13, no 25 o'clock."""
    from datetime import datetime

    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def stored_events(game: Imported, by: str) -> list[PendingEvent]:
    """A game's events as an import stores them: dated when the game was played (else now), with
    the ids every import of its log gives them (``events.envelope.log_event_ids``)."""
    stamp = game.played_at or now_timestamp()
    ids = log_event_ids(game.match_id, len(game.payloads), game.played_at)
    return [PendingEvent(payload, event_id, stamp, by) for payload, event_id in zip(game.payloads, ids, strict=True)]


def checked_exports(stream: BinaryIO, name: str) -> Iterator[tuple[native.ExportedMatch, list[str]]]:
    """Each match of an export read from ``stream``, with what is wrong with it on its own
    (``verify --file``): chain, head and count, each event's schema."""
    from replay.formats import native

    for match in native.iter_matches(stream, name):
        yield match, native.check(match, name)


def exports_of(files: Sequence[Path]) -> Iterator[tuple[str, native.ExportedMatch]]:
    """Each match of the exports, read one at a time (an export of any size is never held whole)."""
    from replay.formats import native

    for path in files:
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give a taikyoku json or jsonl export")
        with path.open("rb") as stream:
            for match in native.iter_matches(stream, path.name):
                yield path.name, match


def check_one_match(files: Sequence[Path], as_id: str) -> None:
    """Refuse ``--as`` unless the files hold exactly one match, and the new id is a good one."""
    from replay.app import service

    service.check_match_id(as_id)
    count = sum(1 for _ in exports_of(files))
    if count != 1:
        raise InputError(f"--as {as_id} names one match, and the files hold {count}; export that one match alone")


def import_exports(
    files: Sequence[Path],
    *,
    store: Store | None,
    exists: Callable[[str], bool],
    known: Callable[[Collection[str]], set[str]],
    where: str,
    as_id: str | None = None,
    tick: Tick = _no_tick,
) -> ImportReport:
    """Each match of taikyoku exports checked (chain, head, rules, conflicts with the store and the
    batch) and, when ``store`` is given, stored as it was: the same ids, the same chain, each match
    all or nothing. Without a store nothing is written: a check.

    With ``as_id`` the one match of the files is stored as a new match of that id: the same events,
    times and recorders under new event ids, so it chains anew. This keeps both records of a match
    recorded in two places (sync refuses to merge them)."""
    from replay.formats import native

    if as_id is not None:
        check_one_match(files, as_id)
    report = ImportReport()
    keeping = ReadModelRows()
    seen_matches: set[str] = set()
    seen_ids: set[str] = set()
    for name, match in exports_of(files):
        problems = native.check(match, name)
        events = [] if problems else native.pending(match)  # typed as they were read: a large match is held once
        if as_id is not None:
            events = [event._replace(event_id=new_event_id()) for event in events]
        match_id = match.match_id if as_id is None else as_id
        entry = {"file": name, "match_id": match_id}
        ids = [event.event_id for event in events]
        folded = None
        if not problems:
            problems, folded = rule_problems(match_id, events, name)
        if problems:
            report.skipped.append(entry | {"reason": problems[0]})
        elif match_id in seen_matches or exists(match_id):
            report.skipped.append(entry | {"reason": f"match {match_id} is already in {where}"})
        elif not seen_ids.isdisjoint(ids) or known(ids):
            reason = f"{name}: {match_id} holds event ids already stored; it was imported under another id"
            report.skipped.append(entry | {"reason": reason})
        else:
            seen_matches.add(match_id)
            if store is None:
                seen_ids.update(ids)  # a check remembers what the batch would store
                report.imported.append(entry | {"events": len(events), "head_hash": str(match.head_hash)})
            else:
                try:
                    stored = store.append(match_id, 0, events)
                except StoreError as exc:
                    report.skipped.append(entry | {"reason": exc.message})
                else:
                    report.imported.append(entry | {"events": len(stored), "head_hash": stored[-1].hash})
                    if folded is not None:
                        keeping.add_values(match_id, kept_values_of(match_id, folded), stored)
                        if len(keeping) >= 500:
                            keeping.keep(store)
        tick()
    if store is not None:
        keeping.keep(store)
    return report


def strict_problems(
    exports: Sequence[Path],
    logs: Sequence[Path],
    *,
    log_format: str | None,
    existing: Store | None,
    where: str,
    as_id: str | None = None,
    tick: Tick = _no_tick,
) -> list[str]:
    """Everything that would make a ``--strict`` import refuse, found with nothing written: each
    skip of either kind of file, and each place a log's scores disagree with its rules. The files
    are read one game at a time, so an archive of any size is never held in memory. ``existing``
    is the store the import would write to, when there is one."""
    exists = existing.exists if existing is not None else (lambda match_id: False)
    problems: list[str] = []
    if exports:
        known = existing.known_event_ids if existing is not None else (lambda ids: set())
        checked = import_exports(exports, store=None, exists=exists, known=known, where=where, as_id=as_id, tick=tick)
        problems += [entry["reason"] for entry in checked.skipped]
    if logs:
        found = import_logs(logs, format_=log_format, store=None, exists=exists, where=where, tick=tick)
        problems += [entry["reason"] for entry in found.skipped]
        problems += [
            f"{finding}; the rules and the log disagree, so --strict imports nothing"
            for entry in found.imported
            for finding in entry["findings"]
        ]
    return problems


def rule_problems(match_id: str, events: Sequence[PendingEvent], source: str) -> tuple[list[str], Any]:
    """Replay an exported match through its rules before anything is written: the problems, and
    the match folded where there are none."""
    from replay.app import service
    from replay.engine.fold import fold
    from replay.games import projection_for

    steps = [service.pending_step(i, event._replace(payload=registry.current(event.payload)))
             for i, event in enumerate(events, 1)]  # fmt: skip
    try:
        if steps and steps[0].type == "night.opened":  # a club night's own stream, exported with its tables
            from replay.app import night_state

            night_state.fold(steps, match_id)
            return [], None
        folded = fold(projection_for(service.game_of(steps)), steps)
    except TaikyokuError as exc:  # an illegal event, or a first event that is not match_started
        return [f"{source}: {match_id}: {exc.message}; run `taikyoku audit` on the source database"], None
    return [], folded


# ---- the import command's use case --------------------------------------------------------------

EXPORT_FORMATS = ("json", "jsonl")  # taikyoku's own; the games' formats are each game's (``Game.log_formats``)


def import_formats() -> tuple[str, ...]:
    """Every format ``--format`` names: taikyoku's own, then each a game declares."""
    from replay.games import log_formats

    return (*EXPORT_FORMATS, *(found.name for _game, found in log_formats()))


Progress = Callable[[int, str], Any]  # a context for ``total`` items of work said in words: it gives the tick


def import_files(
    files: list[Path],
    *,
    recursive: bool,
    db: str,
    format_: str | None,
    strict: bool,
    as_id: str | None,
    jobs: int | None,
    recorded_by: str,
    progress: Progress,
    public: bool = False,
) -> tuple[ImportReport, list[str]]:
    """Every game of ``files`` (folders read for theirs) imported into the store ``db`` names (created if need be), each all
    or nothing: (what was stored and skipped, and with ``strict`` the problems that stopped it
    before anything was stored). A new store that ends up with no game is removed, and so is one
    being made when the import is stopped before its first game."""
    from replay.infra import stores

    if format_ is not None and format_ not in import_formats():
        raise InputError(
            f"unknown import format {format_!r}; use one of {', '.join(import_formats())}, or leave it out"
        )
    paths = expand(files, recursive=recursive)
    new = not stores.store_exists(db)
    natives, logs = split_by_format(paths, format_)
    if as_id is not None and logs:
        raise InputError(
            f"--as takes a taikyoku json or jsonl export, not {logs[0].name}; a log's games are named by it"
        )
    if as_id is not None:
        check_one_match(natives, as_id)  # before any store is opened: a refusal leaves no file
    log_format = format_ if format_ not in EXPORT_FORMATS else None
    if strict:  # a first pass checks everything and keeps nothing: nothing is written if anything would be skipped
        existing = stores.open_store(db) if not new else None
        with (
            closing(existing) if existing is not None else nullcontext(),
            progress(len(natives) + len(logs), "checking") as tick,
        ):
            problems = strict_problems(natives, logs, log_format=log_format, existing=existing,
                                       where=stores.shown(db), as_id=as_id, tick=tick)  # fmt: skip
        if problems:
            return ImportReport(), problems
    report = ImportReport()
    if natives:
        try:
            with stores.open_store(db, create=True) as store, progress(len(natives), "importing") as tick:
                report = import_exports(natives, store=store, exists=store.exists, known=store.known_event_ids,
                                        where=stores.shown(db), as_id=as_id, tick=tick)  # fmt: skip
        except BaseException:
            if new and not stores.holds_a_match(db):
                stores.remove_store(db)  # refused or stopped before its first match: no database is left behind
            raise
    if logs:
        found: ImportReport | None = None
        workers = jobs or max(1, min(os.cpu_count() or 1, len(logs) // 20))  # workers pay off from ~20 files each
        try:
            with stores.open_store(db, create=True) as store, progress(len(logs), "importing") as tick:
                found = import_logs(logs, format_=log_format, store=store, exists=store.exists,
                                       where=stores.shown(db), by=recorded_by, tick=tick, jobs=workers,
                                       public=public)  # fmt: skip
        except BaseException as stopped:  # Ctrl-C, a worker lost, the disk full ...
            if new and not report.imported and not stores.holds_a_match(db):
                stores.remove_store(db)  # stopped before its first game: no database is left behind
            if isinstance(stopped, KeyboardInterrupt):  # after the games were stored, as the store closed
                done = ImportReport(report.imported + (found.imported if found is not None else []))
                raise ImportInterrupted(f"interrupted: {done.what_is_left()}") from None
            raise
        report.imported += found.imported
        report.skipped += found.skipped
        report.logs = len(logs)
    if new and not report.imported:  # nothing was imported: leave no database behind
        stores.remove_store(db)
    return report, []
