"""`taikyoku import`: whole matches from log files, each all or nothing."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn

from events.envelope import PendingEvent, new_event_id, now_timestamp
from events.errors import EXIT_FINDINGS, InputError
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, app, err, open_store, out, print_json, recorder
from replay.formats import tenhou6

PROGRESS_FROM = 5  # games: below this a batch is quick and shows no bar


@app.command("import")
def import_logs(
    files: Annotated[list[Path], typer.Argument(help="Log files to import.")],
    format_: Annotated[
        str, typer.Option("--format", help="tenhou6 (Tenhou's JSON, or one hand per line).")
    ] = "tenhou6",
    strict: Annotated[bool, typer.Option("--strict", help="Any finding is fatal: then nothing is imported.")] = False,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Import each game in the files as a new match; a game with an illegal move is skipped and named."""
    if format_ != "tenhou6":
        raise InputError(f"unknown import format {format_!r}; use tenhou6")
    games: list[tenhou6.Game] = []
    skipped: list[dict[str, str]] = []
    for path in files:
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give tenhou.net/6 JSON files")
        try:
            games += tenhou6.read(path.read_bytes(), path.name)
        except tenhou6.LogProblem as exc:
            skipped.append({"file": path.name, "match_id": "", "reason": exc.message})
        except UnicodeDecodeError:
            skipped.append({"file": path.name, "match_id": "", "reason": f"{path.name}: not UTF-8 text"})
    converted: list[tenhou6.Imported] = []
    with _bar(len(games)) as tick:
        for index, game in enumerate(games):
            same_file = sum(1 for g in games if g.source == game.source)
            converted.append(tenhou6.convert(game, tenhou6.match_id_for(game, index, same_file)))
            tick()
    good = [c for c in converted if c.problem is None]
    skipped += [
        {"file": c.game.source, "match_id": c.match_id, "reason": c.problem or ""} for c in converted if c.problem
    ]
    if strict and skipped:
        for entry in skipped:
            sys.stderr.write(f"taikyoku: finding: {entry['reason']}\n")
        raise typer.Exit(EXIT_FINDINGS)
    imported: list[dict[str, Any]] = []
    who = recorder(by or "import")
    with open_store(db, create=True) as store:
        for item in good:
            if store.exists(item.match_id):
                skipped.append({"file": item.game.source, "match_id": item.match_id,
                                "reason": f"match {item.match_id} is already in {db}"})  # fmt: skip
                continue
            stamp = now_timestamp()
            events = [PendingEvent(p, new_event_id(), stamp, who) for p in item.payloads]
            store.append(item.match_id, 0, events)
            imported.append({"file": item.game.source, "match_id": item.match_id, "hands": item.hands,
                             "wins": item.wins, "events": len(events)})  # fmt: skip
    if json_out:
        print_json({"imported": imported, "skipped": skipped})
    else:
        for entry in imported:
            out.print(
                f"imported {entry['match_id']} from {entry['file']}: {entry['hands']} hands, {entry['events']} events"
            )
        for entry in skipped:
            sys.stderr.write(f"taikyoku: skipped: {entry['reason']}\n")
        out.print(f"{len(imported)} imported, {len(skipped)} skipped")
    if skipped:
        raise typer.Exit(EXIT_FINDINGS)


class _bar:
    def __init__(self, total: int) -> None:
        self.progress: Progress | None = None
        if total >= PROGRESS_FROM and err.is_terminal:
            self.progress = Progress(TextColumn("importing"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
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
    match: Annotated[str, typer.Argument(help="The match id.")],
    format_: Annotated[str, typer.Option("--format", help="tenhou6: for Tenhou-format log viewers.")] = "tenhou6",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file (default: stdout).")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Write a match out in another format."""
    from replay import service

    if format_ != "tenhou6":
        raise InputError(f"unknown export format {format_!r}; use tenhou6")
    with open_store(db) as store:
        steps = service.read_steps(store, match)
    if service.game_of(steps) != "riichi":
        raise InputError(f"match {match} is not a riichi match; tenhou6 holds riichi games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    text = json.dumps(tenhou6.export(steps, names), ensure_ascii=False, separators=(",", ":")) + "\n"
    if output is None:
        sys.stdout.write(text)
        return
    if output.parent and not output.parent.exists():
        raise InputError(f"folder {output.parent} does not exist; create it or choose another -o")
    output.write_text(text, encoding="utf-8")
    out.print(f"wrote {match} to {output}")
