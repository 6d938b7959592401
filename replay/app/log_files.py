"""Reading the files an import is given: the games of each file, in the format it says or sniffs
(a JSON file read as one log format may be the other), read here one game at a time or by worker
processes while the caller stores what came before. Nothing here stores or prints."""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from events import registry
from events.errors import InputError
from replay.app.errors import ImportStopped
from replay.engine.fold import Step
from replay.engine.logs import LOG_BYTES, Imported, Read, unreadable
from replay.engine.match import MatchView
from replay.formats.detect import SNIFF, detect

if TYPE_CHECKING:
    from replay.engine.fold import Folded


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


def kept_values_of(match_id: str, folded: Folded[MatchView]) -> dict[str, dict[str, Any]]:
    """``kept_values`` of a match folded whole (``replay.engine.fold.fold``: its history says which events count)."""
    return _values(match_id, folded.state, folded.history.effective, len(folded.history.steps))


def _values(match_id: str, state: MatchView, effective: Sequence[Step], head_seq: int) -> dict[str, dict[str, Any]]:
    from replay.app.read_models import GLANCES, as_json
    from replay.app.service import glance_of
    from replay.app.stats import DIGESTS, digest_of

    return {
        GLANCES.name: as_json(glance_of(state)),
        DIGESTS.name: as_json(digest_of(match_id, state, effective, head_seq, started_at="")),
    }


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
    a format its game declares, or None to tell from the file. A format found from the file's
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
    other = _retry_as(kind) if format_ is None else ""
    if other and _no_hand(first):
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


def _games_as(kind: str, data: bytes, name: str) -> Read:
    """Each game of the file read as ``kind``, by the module of the game that declares the format."""
    import importlib

    from replay.games import log_format

    found = log_format(kind)
    if found is None:  # --format checked it: a name no game declares is refused before any file is read
        yield unreadable(name, f"{name}: no game reads the format {kind!r}")
        return
    yield from importlib.import_module(found[1].module).games(data, name)


def _retry_as(kind: str) -> str:
    """The format a file read as ``kind`` is tried as where it yields no hand ("" for none)."""
    from replay.games import log_format

    found = log_format(kind)
    return found[1].retry_as if found is not None else ""


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
