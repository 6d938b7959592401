"""Importing and exporting whole matches: each game read, checked by its rules and stored all or
nothing; exports of one match or the whole store. Progress is reported through ``tick``; nothing
here prints."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from contextlib import closing, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from events import interrupts, registry
from events.envelope import PendingEvent, log_event_ids, new_event_id, now_timestamp
from events.errors import InputError, TaikyokuError
from events.interrupts import held
from replay.app.log_import import Imported, fold_import, fold_log_game
from replay.engine.game import LogFormat
from replay.formats import LOG_BYTES, tenhou6
from replay.formats.detect import SNIFF, detect
from store import Store, StoredEvent, StoreError

if TYPE_CHECKING:
    from replay.formats import native

# Exports, taikyoku's own files, mjai and mjlog are loaded by the work that reads or writes them:
# an import of Tenhou's JSON logs loads neither the export's machinery nor the other formats.

Tick = Callable[..., None]  # called once an item is done, with a few words on the work so far, or none


class ImportStopped(TaikyokuError):
    """An import stopped part way, by Ctrl-C or a worker process that died: the games stored before
    it stay, each whole, and the same import run again goes on (it skips what is stored)."""

    code = "import.stopped"
    kind = "conflict"  # a retry clears it


class ImportInterrupted(ImportStopped):
    code = "import.interrupted"
    kind = "interrupted"


def _no_tick(said: str | None = None) -> None:
    return None


@dataclass
class ImportReport:
    """What an import stored (or, checking, would store) and what it skipped, with why."""

    imported: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    logs: int = 0  # game logs read (besides taikyoku's own exports)


FOLDER_SUFFIXES = (".json", ".jsonl", ".xml", ".mjlog", ".gz", ".mjson")


def expand(paths: Sequence[Path], *, recursive: bool = False) -> list[Path]:
    """The files to import: each file given, and the files in each folder given (their sub-folders'
    too with ``recursive``) that have a log's suffix, in name order. A path that is not there is
    refused before anything is read."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = path.rglob("*") if recursive else path.iterdir()
            inside = sorted(p for p in found if p.is_file() and p.name.lower().endswith(FOLDER_SUFFIXES)
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
    if format_ in ("json", "jsonl"):
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


def import_tenhou6(
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
                                    raise type(exc)(f"{exc.message}; {what_is_left(report)}") from None
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


def public_record(payloads: list[Any]) -> list[Any]:
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


def what_is_left(report: ImportReport) -> str:
    """What an import stopped part way leaves, as it is said."""
    if not report.imported:
        return "no game was stored; run the same import again to start it"
    return (
        f"the {len(report.imported)} games stored before it stay, each whole; run the same import again "
        "to go on (the games stored are skipped)"
    )


@contextmanager
def _stopped_says(report: ImportReport, storing: bool) -> Iterator[None]:
    """Ctrl-C, or a worker that died, said with what the import leaves."""

    def left() -> str:
        return what_is_left(report) if storing else "nothing was written"

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


def kept_values(game: Imported) -> dict[str, dict[str, Any]] | None:
    """What the listing and the statistics keep of a game (its glance and its digest), made from the
    import's own fold, so that the first `matches` or `stats` after an import folds nothing again.
    The digest's start time is the stored first event's, set when it is stored. The state is let go."""
    state, game.state = game.state, None
    if state is None:
        return None
    from replay.engine.fold import META_TYPES, Step

    payloads = game.payloads
    effective = [Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(payloads, 1) if p.EVENT_TYPE not in META_TYPES]
    return _values(game.match_id, state, effective, len(payloads))


def kept_values_of(match_id: str, folded: Any) -> dict[str, dict[str, Any]]:
    """``kept_values`` of a match folded whole (``replay.engine.fold.fold``: its history says which events count)."""
    return _values(match_id, folded.state, folded.history.effective, len(folded.history.steps))


def _values(match_id: str, state: Any, effective: Sequence[Any], head_seq: int) -> dict[str, dict[str, Any]]:
    from replay.app.read_models import GLANCES, as_json
    from replay.app.service import glance_of
    from replay.app.stats import DIGESTS, digest_of

    return {
        GLANCES.name: as_json(glance_of(state)),
        DIGESTS.name: as_json(digest_of(match_id, state, effective, head_seq, started_at="")),
    }


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


@dataclass
class _Sent:
    """A game as a worker sends it: its events as their canonical texts, which cross to the
    importing process at a fraction of what a model costs to send, and are read back there (each
    distinct text once: a draw or a discard repeats endlessly)."""

    game: Imported
    texts: list[tuple[str, int, str]]

    def received(self) -> Imported:
        rows = [(seq, kind, version, text) for seq, (kind, version, text) in enumerate(self.texts, 1)]
        self.game.payloads[:] = registry.decode_rows(rows)
        return self.game


def _file_games(task: tuple[Path, str | None]) -> list[_Sent | dict[str, str]]:
    """A worker's job: every game of one file, read, folded and priced."""
    path, format_ = task
    sent: list[_Sent | dict[str, str]] = []
    for item in games_of(path, format_):
        if isinstance(item, dict):
            sent.append(item)
        else:
            item.kept = kept_values(item)  # made here, where the fold's state is: it is not sent
            texts = [(p.EVENT_TYPE, p.SCHEMA_VERSION, p.canonical_json()) for p in item.payloads]
            item.payloads = []
            sent.append(_Sent(item, texts))
    return sent


def _file_task(path: Path, format_: str | None) -> list[_Sent | dict[str, str]]:
    return _file_games((path, format_))


def read_files(
    files: Sequence[Path], format_: str | None, jobs: int
) -> Generator[tuple[Path, Iterator[Imported | dict[str, str]] | list[Imported | dict[str, str]]], None, None]:
    """Each file with its games, in the order given: read here one game at a time, or by ``jobs``
    worker processes (``import_workers``, each file whole) while the caller stores what came
    before. A worker that dies is said in one line; the games stored before it stay, each whole.
    Close the iterator (or let it end) to stop the workers."""
    if jobs <= 1 or len(files) <= 1:
        for path in files:
            yield path, games_of(path, format_)
        return
    from replay.infra.import_workers import WorkerDied, WorkerFailed, WorkerPool

    with WorkerPool(min(jobs, len(files)), f"{__name__}._file_task") as pool:
        try:
            for path, items in pool.results(files, lambda _path: [format_]):
                yield path, [item.received() if isinstance(item, _Sent) else item for item in items]
        except WorkerDied as died:
            reading = f"while reading {died.file.name}" if died.file is not None else "between two files"
            raise ImportStopped(f"a worker process stopped {reading}") from None
        except WorkerFailed as failed:
            raise RuntimeError(f"a worker process failed on {failed}") from None


def games_of(path: Path, format_: str | None = None) -> Iterator[Imported | dict[str, str]]:
    """Each game of a file turned into checked events, one at a time, or why the file cannot be read.
    A game is named by its number within its file, whatever else the batch holds. ``format_`` is
    tenhou6 or mjlog (mjai too), or None to tell from the file. A format found from the file's
    opening that yields no hand is not taken: the other JSON format is tried, and if neither
    yields a hand the file is refused with what each made of it."""
    try:
        size = path.stat().st_size
        if size > LOG_BYTES and (format_ or _sniffed(path)) != "native":
            raise InputError(
                f"{path.name} is {size / 1_000_000:.1f} MB; a game log is at most {LOG_BYTES // 1_000_000} MB "
                "(a game is under 100 KB): split the file, or import a taikyoku export, which has no limit"
            )
        data = path.read_bytes()
        kind = format_ or detect(data[:SNIFF], path.name)
    except InputError as exc:
        yield {"file": path.name, "match_id": "", "reason": exc.message}
        return
    if kind == "native":
        yield {"file": path.name, "match_id": "",
               "reason": f"{path.name}: a taikyoku export; import it with --format json or jsonl, or alone"}  # fmt: skip
        return
    games = _games_as(kind, data, path.name)
    first = next(games, None)
    if format_ is None and kind in _JSON_LOGS and _no_hand(first):
        other = _JSON_LOGS[kind]
        retried = _games_as(other, data, path.name)
        second = next(retried, None)
        if not _no_hand(second):
            games, first = retried, second
        elif first is None or (isinstance(first, Imported) and first.problem is None):
            yield {"file": path.name, "match_id": "", "reason": (
                f"{path.name}: no game could be read: as {kind}, {_what_came(first)}; as {other}, "
                f"{_what_came(second)}; give --format to say which it is")}  # fmt: skip
            return  # an empty game is not stored as a match
    if first is not None:
        yield first
    yield from games


def _sniffed(path: Path) -> str:
    with path.open("rb") as stream:
        return detect(stream.read(SNIFF), path.name)


_JSON_LOGS = {"mjai": "tenhou6", "tenhou6": "mjai"}  # a JSON file read as the one may be the other


def _games_as(kind: str, data: bytes, name: str) -> Iterator[Imported | dict[str, str]]:
    from replay.formats.detect import game_log_formats

    own = next((found for found in game_log_formats() if found.name == kind), None)
    if own is not None:  # a game's own record (koi-koi's KoiKoi-AI): read in the game's folder
        yield from game_logs(own, data, name)
        return
    try:
        if kind == "mjai":
            from replay.formats import mjai

            parts = mjai.split_games(data)
            for number, (first_line, part) in enumerate(parts):
                match_id = tenhou6.match_id_for(tenhou6.Game(name, {}, []), number, len(parts))
                yield fold_import(mjai.MjaiReading(part, name, first_line), match_id)
            return
        if kind == "mjlog":
            from replay.formats import mjlog

            games = mjlog.read(data, name)
        else:
            games = tenhou6.read(data, name)
    except InputError as exc:  # a LogProblem too: the file cannot be read
        yield {"file": name, "match_id": "", "reason": exc.message}
        return
    except UnicodeDecodeError:
        yield {"file": name, "match_id": "", "reason": f"{name}: not UTF-8 text"}
        return
    for number, game in enumerate(games):
        yield fold_import(tenhou6.TenhouReading(game), tenhou6.match_id_for(game, number, len(games)))


def game_logs(found: LogFormat, data: bytes, name: str) -> Iterator[Imported | dict[str, str]]:
    """Each game of a record in a game's own format, its events checked by that game's fold."""
    import importlib

    try:
        games = importlib.import_module(found.reader).read(data, name)
    except InputError as exc:
        yield {"file": name, "match_id": "", "reason": exc.message}
        return
    for game in games:
        yield fold_log_game(game, name)


def _no_hand(item: Imported | dict[str, str] | None) -> bool:
    """Whether a format's first answer is nothing to keep: no game, a refusal, or a game of no hand."""
    return item is None or isinstance(item, dict) or item.problem is not None or item.hands == 0


def _what_came(item: Imported | dict[str, str] | None) -> str:
    if item is None:
        return "it holds no game"
    if isinstance(item, dict):
        return item["reason"].removeprefix(f"{item['file']}: ")
    if item.problem is not None:
        return item.problem.removeprefix(f"{item.source}: ")
    return "it holds a game of no hand"


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
        found = import_tenhou6(logs, format_=log_format, store=None, exists=exists, where=where, tick=tick)
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
        folded = fold(projection_for(service.game_of(steps)), steps)
    except TaikyokuError as exc:  # an illegal event, or a first event that is not match_started
        return [f"{source}: {match_id}: {exc.message}; run `taikyoku audit` on the source database"], None
    return [], folded


def export_native(
    store: Store,
    ids: Sequence[str],
    format_: str,
    write: Callable[[str], object],
    tick: Tick = _no_tick,
    *,
    standings: bool = False,
    raw: bool = False,
) -> None:
    """Matches as taikyoku json or jsonl (every event, its id and hash, each match's head), or csv
    (a row per round), written one match at a time. A csv text cell that a spreadsheet would take
    for a formula gets a leading ', unless ``raw``."""
    from replay.app import service
    from replay.formats import native

    def matches() -> Iterator[Sequence[StoredEvent]]:
        for match_id in ids:
            yield store.read(match_id)
            tick()

    if format_ == "json":
        native.write_json(matches(), write)
        return
    if format_ == "jsonl":
        native.write_jsonl(matches(), write)
        return
    # csv: the rounds of every match, each seat's player and points, or with ``standings`` a row
    # per player per match.
    summaries = []
    dates = {m.match_id: m.first.recorded_at[:10] for m in store.matches()}
    for match_id in ids:
        folded = service.replay_match(store, match_id)
        started = folded.history.effective[0].payload
        names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
        summaries.append((match_id, folded, started, names, dates.get(match_id, "")))
    if standings:
        write(",".join(native.STANDINGS_COLUMNS) + "\n")
    else:
        write(native.csv_header(raw))
    for match_id, folded, started, names, date in summaries:
        game, rules = started.game, started.ruleset.id  # type: ignore[attr-defined]
        state = folded.state
        if standings:
            glance = service.summary(store, match_id)
            write(native.csv_standings(match_id, game, rules, date, glance["status"], names, glance["standings"], raw))
        else:
            write(native.csv_rows(match_id, game, rules, date, names, list(state.results), raw))
        tick()


def export_tenhou6(store: Store, match: str) -> list[Any] | dict[str, Any]:
    """A riichi match as a tenhou.net/6 log."""
    from replay.app import service

    steps = service.read_steps(store, match)
    if service.game_of(steps) != tenhou6.GAME:
        raise InputError(f"match {match} is not a riichi match; tenhou6 holds riichi games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    exported: list[Any] | dict[str, Any] = tenhou6.export(steps, names)
    return exported


def export_mjai(store: Store, match: str) -> list[str]:
    """A riichi match as mjai lines, one JSON event each."""
    from replay.app import service
    from replay.formats import mjai

    steps = service.read_steps(store, match)
    if service.game_of(steps) != mjai.GAME:
        raise InputError(f"match {match} is not a riichi match; mjai holds riichi games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    return mjai.export(steps, names)


# ---- the import command's use case --------------------------------------------------------------

IMPORT_FORMATS = ("tenhou6", "mjlog", "mjai", "json", "jsonl")
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

    if format_ is not None and format_ not in IMPORT_FORMATS:
        raise InputError(f"unknown import format {format_!r}; use one of {', '.join(IMPORT_FORMATS)}, or leave it out")
    paths = expand(files, recursive=recursive)
    new = not stores.store_exists(db)
    natives, logs = split_by_format(paths, format_)
    if as_id is not None and logs:
        raise InputError(
            f"--as takes a taikyoku json or jsonl export, not {logs[0].name}; a log's games are named by it"
        )
    if as_id is not None:
        check_one_match(natives, as_id)  # before any store is opened: a refusal leaves no file
    log_format = format_ if format_ in ("tenhou6", "mjlog", "mjai") else None
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
                found = import_tenhou6(logs, format_=log_format, store=store, exists=store.exists,
                                       where=stores.shown(db), by=recorded_by, tick=tick, jobs=workers,
                                       public=public)  # fmt: skip
        except BaseException as stopped:  # Ctrl-C, a worker lost, the disk full ...
            if new and not report.imported and not stores.holds_a_match(db):
                stores.remove_store(db)  # stopped before its first game: no database is left behind
            if isinstance(stopped, KeyboardInterrupt):  # after the games were stored, as the store closed
                done = ImportReport(report.imported + (found.imported if found is not None else []))
                raise ImportInterrupted(f"interrupted: {what_is_left(done)}") from None
            raise
        report.imported += found.imported
        report.skipped += found.skipped
        report.logs = len(logs)
    if new and not report.imported:  # nothing was imported: leave no database behind
        stores.remove_store(db)
    return report, []


def exported_matches(store: Store, match: str | None, *, abandoned: bool, where: str) -> list[str]:
    """The matches an export writes: ``match`` (refused when the store has none of that id), or
    every match, abandoned ones only with ``abandoned``."""
    from replay.app import service

    if match is not None:
        if not store.exists(match):
            raise InputError(f"no match {match!r} in {where}; list the matches with `taikyoku matches`")
        return [match]
    ids = [m.match_id for m in store.matches()]
    return ids if abandoned else [i for i in ids if service.summary(store, i)["status"] != "abandoned"]
