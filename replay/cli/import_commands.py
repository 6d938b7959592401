"""`taikyoku import`: whole matches from log files, each all or nothing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn

from events.envelope import PendingEvent, new_event_id, now_timestamp
from events.errors import EXIT_FINDINGS, InputError
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, app, err, open_store, out, print_json, recorder
from replay.formats import tenhou6
from store import EventStore

PROGRESS_FROM = 5  # files or matches: below this a batch is quick and shows no bar


@app.command("import")
def import_logs(
    files: Annotated[list[Path], typer.Argument(help="Log files to import.")],
    format_: Annotated[
        str,
        typer.Option(
            "--format", help="tenhou6 (Tenhou's JSON, or one hand per line), or json / jsonl (taikyoku's own export)."
        ),
    ] = "tenhou6",
    strict: Annotated[bool, typer.Option("--strict", help="Any finding is fatal: then nothing is imported.")] = False,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Import each game in the files as a new match; a game with an illegal move is skipped and named.

    json and jsonl restore taikyoku's own exports exactly: the same event ids, the same chain."""
    if format_ in ("json", "jsonl"):
        _import_native(files, strict, db, json_out)
        return
    if format_ != "tenhou6":
        raise InputError(f"unknown import format {format_!r}; use tenhou6, json or jsonl")
    for path in files:
        if path.is_dir():
            raise InputError(f"{path} is a directory; give the tenhou.net/6 JSON files in it (e.g. {path}/*.json)")
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give tenhou.net/6 JSON files")
    if strict:
        # A first pass checks every game and keeps none of them: then nothing is written at all
        # if anything would be skipped, and an archive of any size is never held in memory.
        findings = [entry["reason"] for entry in _tenhou6_pass(files, db, "checking", store=None)[1]]
        if findings:
            for finding in findings:
                sys.stderr.write(f"taikyoku: finding: {finding}\n")
            raise typer.Exit(EXIT_FINDINGS)
    with open_store(db, create=True) as store:
        imported, skipped = _tenhou6_pass(files, db, "importing", store=store, by=recorder(by or "import"))
    _report(imported, skipped, json_out, lambda e: f"{e['hands']} hands, {e['events']} events", total=True)


def _tenhou6_pass(
    files: list[Path], db: Any, doing: str, *, store: EventStore | None, by: str = ""
) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Every game of the files, read, converted and checked one at a time, and stored when a
    store is given. Returns what was (or would be) imported, and what is skipped and why."""
    imported: list[dict[str, Any]] = []
    skipped: list[dict[str, str]] = []
    taken: set[str] = set()  # the match ids this batch has stored, or would store
    with _bar(len(files), doing) as tick, _existing(store, db) as existing:
        for path in files:
            for item in _games_of(path):
                if isinstance(item, dict):
                    skipped.append(item)
                elif item.problem is not None:
                    skipped.append({"file": item.game.source, "match_id": item.match_id, "reason": item.problem})
                elif item.match_id in taken or existing(item.match_id):
                    skipped.append({"file": item.game.source, "match_id": item.match_id,
                                    "reason": f"match {item.match_id} is already in {db}"})  # fmt: skip
                else:
                    taken.add(item.match_id)
                    if store is not None:
                        stamp = now_timestamp()
                        store.append(
                            item.match_id, 0, [PendingEvent(p, new_event_id(), stamp, by) for p in item.payloads]
                        )
                    imported.append({"file": item.game.source, "match_id": item.match_id, "hands": item.hands,
                                     "wins": item.wins, "events": len(item.payloads)})  # fmt: skip
            tick()
    return imported, skipped


def _games_of(path: Path) -> Iterator[tenhou6.Imported | dict[str, str]]:
    """Each game of a file turned into checked events, one at a time, or why the file cannot be read.
    A game is named by its number within its file, whatever else the batch holds."""
    try:
        games = tenhou6.read(path.read_bytes(), path.name)
    except tenhou6.LogProblem as exc:
        yield {"file": path.name, "match_id": "", "reason": exc.message}
        return
    except UnicodeDecodeError:
        yield {"file": path.name, "match_id": "", "reason": f"{path.name}: not UTF-8 text"}
        return
    for number, game in enumerate(games):
        yield tenhou6.convert(game, tenhou6.match_id_for(game, number, len(games)))


@contextmanager
def _existing(store: EventStore | None, db: Any) -> Iterator[Callable[[str], bool]]:
    """Whether a match id is already stored: in the store being written, or, for a check with
    nothing written, in the database if there is one."""
    if store is not None:
        yield store.exists
    elif Path(db).exists():
        with open_store(db) as reading:
            yield reading.exists
    else:
        yield lambda match_id: False


class _bar:
    def __init__(self, total: int, doing: str = "importing") -> None:
        self.progress: Progress | None = None
        if total >= PROGRESS_FROM and err.is_terminal:
            self.progress = Progress(TextColumn(doing), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                                     console=err, transient=True)  # fmt: skip
        self.total = total

    def __enter__(self) -> Any:
        if self.progress is None:
            return lambda: None
        self.progress.start()
        task = self.progress.add_task("games", total=self.total)
        progress = self.progress
        return lambda: progress.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()


@app.command("export")
def export_match(
    match: Annotated[str | None, typer.Argument(help="The match id (or --all).")] = None,
    all_matches: Annotated[bool, typer.Option("--all", help="Every match in the store.")] = False,
    format_: Annotated[
        str, typer.Option("--format", help="json (with ids and hashes), jsonl, csv (a row per round), or tenhou6.")
    ] = "json",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file (default: stdout).")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Write matches out: whole histories with their hashes, one event per line, rounds as CSV, or Tenhou's format."""
    from replay.app import service

    if format_ not in ("json", "jsonl", "csv", "tenhou6"):
        raise InputError(f"unknown export format {format_!r}; use json, jsonl, csv or tenhou6")
    if (match is None) == (not all_matches):
        raise InputError("name one match, or give --all")
    if output is not None and not output.parent.exists():
        raise InputError(f"folder {output.parent} does not exist; create it or choose another -o")
    if format_ != "tenhou6":
        _write(_export_native(db, match, format_), output)
        return
    if match is None:
        raise InputError("tenhou6 holds one game: name the match")
    with open_store(db) as store:
        steps = service.read_steps(store, match)
    if service.game_of(steps) != "riichi":
        raise InputError(f"match {match} is not a riichi match; tenhou6 holds riichi games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    _write(json.dumps(tenhou6.export(steps, names), ensure_ascii=False, separators=(",", ":")) + "\n", output)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    output.write_text(text, encoding="utf-8")
    out.print(f"wrote {output}")


def _export_native(db: Any, match: str | None, format_: str) -> str:
    from replay.app import service
    from replay.formats import native

    with open_store(db) as store:
        ids = [match] if match is not None else [m.match_id for m in store.matches()]
        matches = []
        with _bar(len(ids), "exporting") as tick:
            for match_id in ids:
                matches.append(store.read(match_id))
                tick()
            if format_ == "json":
                return native.to_json(matches)
            if format_ == "jsonl":
                return native.to_jsonl(matches)
        rows = []
        with _bar(len(ids), "replaying") as tick:
            for match_id in ids:
                state = service.replay_match(store, match_id).state
                names = list(state.names)
                standings = (
                    list(state.results[-1].scores)
                    if state.results and hasattr(state.results[-1], "scores")
                    else list(state.standings)
                )
                rows.append(native.csv_rows(match_id, names, state.results, standings))
                tick()
        header = "match,round,dealer,winner,decided_by," + ",".join(f"seat{i}" for i in range(4)) + "\n"
        return header + "".join(rows)


def _import_native(files: list[Path], strict: bool, db: Any, json_out: bool) -> None:
    from replay.formats import native

    found: list[tuple[str, native.ExportedMatch]] = []
    skipped: list[dict[str, str]] = []
    for path in files:
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give a taikyoku json or jsonl export")
        for match in native.read(path.read_bytes(), path.name):
            problems = native.check(match, path.name) or _rule_problems(match, path.name)
            if problems:
                skipped.append({"file": path.name, "match_id": match.match_id, "reason": problems[0]})
            else:
                found.append((path.name, match))
    if strict and skipped:
        for entry in skipped:
            sys.stderr.write(f"taikyoku: finding: {entry['reason']}\n")
        raise typer.Exit(EXIT_FINDINGS)
    imported: list[dict[str, Any]] = []
    with open_store(db, create=True) as store:
        for name, match in found:
            if store.exists(match.match_id):
                skipped.append(
                    {"file": name, "match_id": match.match_id, "reason": f"match {match.match_id} is already in {db}"}
                )
                continue
            stored = store.append(match.match_id, 0, native.pending(match))  # checked above
            imported.append(
                {"file": name, "match_id": match.match_id, "events": len(stored), "head_hash": stored[-1].hash}
            )
    _report(imported, skipped, json_out, lambda e: f"{e['events']} events, head {e['head_hash'][:12]}")


def _report(
    imported: list[dict[str, Any]],
    skipped: list[dict[str, Any]],
    json_out: bool,
    what: Callable[[dict[str, Any]], str],
    *,
    total: bool = False,
) -> None:
    """What an import stored and what it skipped; exit 1 when anything was skipped."""
    if json_out:
        print_json({"imported": imported, "skipped": skipped})
    else:
        for entry in imported:
            out.print(f"imported {entry['match_id']} from {entry['file']}: {what(entry)}")
        for entry in skipped:
            sys.stderr.write(f"taikyoku: skipped: {entry['reason']}\n")
        if total:
            out.print(f"{len(imported)} imported, {len(skipped)} skipped")
    if skipped:
        raise typer.Exit(EXIT_FINDINGS)


def _rule_problems(match: Any, source: str) -> list[str]:
    """Replay an exported match through its rules before anything is written."""
    from events.errors import TaikyokuError
    from replay.app import service
    from replay.engine.fold import fold
    from replay.formats import native
    from replay.games import projection_for

    steps = [service.pending_step(i, event) for i, event in enumerate(native.pending(match), 1)]
    try:
        fold(projection_for(service.game_of(steps)), steps)
    except TaikyokuError as exc:  # an illegal event, or a first event that is not match_started
        return [f"{source}: {match.match_id}: {exc.message}; run `taikyoku audit` on the source database"]
    return []
