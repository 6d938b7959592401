"""`taikyoku import`: whole matches from log files, each all or nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from events.errors import InputError
from replay.cli import files
from replay.cli.app import (
    DEFAULT_DB,
    ByOption,
    DbOption,
    JsonOption,
    app,
    application,
    print_json,
    recorder,
    shown,
)
from replay.cli.display import ProgressBar, out, warn
from replay.cli.exit_codes import EXIT_FINDINGS

if TYPE_CHECKING:
    from replay.app.results import ImportReport


@app.command("import")
def import_logs(
    files: Annotated[list[Path], typer.Argument(help="Files to import, or folders of them.")],
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            help="Force a format: tenhou6 (Tenhou's JSON), mjlog (Tenhou's XML, plain or gzipped), mjai, or "
            "json / jsonl (taikyoku's own export). Default: found from each file.",
        ),
    ] = None,
    recursive: Annotated[bool, typer.Option("--recursive", "-r", help="Walk folders and their sub-folders.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Any finding is fatal: then nothing is imported.")] = False,
    as_id: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="MATCH",
            help="Import the one match of a taikyoku export as a new match of this id, under new event ids: "
            "how to keep both records of a match that sync refused as recorded in two places.",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Worker processes that read and check the logs (default: one per core).",
            min=1,
            max=256,
        ),
    ] = None,
    public: Annotated[
        bool,
        typer.Option(
            "--public",
            help="Keep only what the table saw of each log's game (the public record: hands and draws unseen, "
            "each hand laid open where the table sees it), to compare with the full record.",
        ),
    ] = False,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Import each game in the files as a new match; a game with an illegal move is skipped and named.

    The format of each file is found by itself. json and jsonl restore taikyoku's own exports
    exactly: the same event ids, the same chain. A folder is read for its files (.json, .jsonl,
    .xml, .mjlog, .gz, .mjson); with --recursive, its sub-folders too."""
    report, problems = application(db).import_files(
        files, recursive=recursive, format_=format_, strict=strict, as_id=as_id, jobs=jobs,
        recorded_by=recorder(by or "import"), progress=ProgressBar, public=public,
    )  # fmt: skip
    for problem in problems:
        warn("finding", problem)
    if problems:
        raise typer.Exit(EXIT_FINDINGS)
    try:
        _report(report, json_out, _described, total=bool(report.logs))
    except KeyboardInterrupt:  # the import is done: what it stored is said
        raise report.interrupted() from None


def _described(entry: dict[str, Any]) -> str:
    if "hands" in entry:
        return f"{entry['hands']} hands, {entry['events']} events"
    return f"{entry['events']} events, head {entry['head_hash'][:12]}"


@app.command("export")
def export_match(
    match: Annotated[str | None, typer.Argument(help="The match id (or --all).")] = None,
    all_matches: Annotated[bool, typer.Option("--all", help="Every match in the store.")] = False,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            help="json (with ids and hashes), jsonl, csv (a row per round), tenhou6, mjai, or html (a page per match).",
        ),
    ] = "json",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write to this file; - or nothing: stdout.")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the -o file (with html: the folder's pages) if it exists.")
    ] = False,
    abandoned: Annotated[
        bool, typer.Option("--include-abandoned", help="With --all, abandoned matches too (left out by default).")
    ] = False,
    standings: Annotated[
        bool, typer.Option("--standings", help="With --format csv: a row per player per match, not per round.")
    ] = False,
    raw: Annotated[
        bool,
        typer.Option(
            "--raw",
            help="With --format csv: text as stored, without the ' that keeps a spreadsheet from running =, +, - or @ as a formula.",
        ),
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Write matches out: whole histories with their hashes, one event per line, rounds as CSV, or Tenhou's format.

    With -o the file is written whole or not at all (a temporary file, moved in when complete); an
    existing file is replaced only with --force, never the store or its -wal, -shm or -journal file,
    and only a regular file (-o - writes to stdout)."""

    from replay.app.catalog import written_formats

    own = ("json", "jsonl", "csv", "html")  # taikyoku's; the others are the games' (``export_log``)
    if format_ not in (*own, *written_formats()):
        raise InputError(f"unknown export format {format_!r}; use {', '.join((*own[:3], *written_formats()))} or html")
    if format_ == "html":
        _export_html(match, all_matches, output, abandoned, db, force)
        return
    if standings and format_ != "csv":
        raise InputError("--standings is a csv table; give --format csv with it")
    if raw and format_ != "csv":
        raise InputError("--raw is about csv cells; give --format csv with it")
    if (match is None) == (not all_matches):
        raise InputError("name one match, or give --all")
    files.check_file(output, db=db, force=force)
    if format_ in own:
        exchange = application(db)
        ids = exchange.exported_matches(match, abandoned=abandoned, where=shown(db))
        with ProgressBar(len(ids), "exporting") as tick, files.writing(output, db=db, force=force) as write:
            exchange.export_native(ids, format_, write, tick, standings=standings, raw=raw)
        if not files.is_stdout(output):
            out.print(f"wrote {output}")
        return
    if match is None:
        raise InputError(f"{format_} holds one game: name the match")
    _write(application(db).export_log(match, format_, where=shown(db)), output, db, force)


def _write(text: str, output: Path | None, db: str, force: bool) -> None:
    with files.writing(output, db=db, force=force) as write:
        write(text)
    if not files.is_stdout(output):
        out.print(f"wrote {output}")


def _report(
    report: ImportReport,
    json_out: bool,
    what: Callable[[dict[str, Any]], str],
    *,
    total: bool = False,
) -> None:
    """What an import stored and what it skipped; exit 1 when anything was skipped, or imported
    where the rules and the log disagree (kept as the log has it: `audit` shows both)."""
    imported, skipped = report.imported, report.skipped
    disagree = [(entry, finding) for entry in imported for finding in entry.get("findings", ())]
    if json_out:
        print_json({"imported": imported, "skipped": skipped})
    else:
        for entry in imported:
            out.print(f"imported {entry['match_id']} from {entry['file']}: {what(entry)}")
        for entry, finding in disagree:
            warn("finding", f"{finding}; imported, and `taikyoku audit {entry['match_id']}` shows both")
        for entry in skipped:
            warn("skipped", f"{entry['reason']}")
        if total:
            out.print(f"{len(imported)} imported, {len(skipped)} skipped")
    if skipped or disagree:
        raise typer.Exit(EXIT_FINDINGS)


def _export_html(
    match: str | None, all_matches: bool, output: Path | None, abandoned: bool, db: str, force: bool
) -> None:
    """Each match as its replay page, in the folder -o names, with an index.html listing them."""
    from replay.present import view_page

    if (match is None) == (not all_matches):
        raise InputError("name one match, or give --all")
    if output is None or files.is_stdout(output):
        raise InputError("html writes a page per match: give -o FOLDER (it is created if it is not there)")
    exporting_from = application(db)
    ids = exporting_from.exported_matches(match, abandoned=abandoned, where=shown(db))
    names = [f"{match_id}.html" for match_id in ids] + ["index.html"]
    entries = []
    with ProgressBar(len(ids), "exporting") as tick, files.folder_writing(output, names, db=db, force=force) as put:
        for match_id in ids:
            frames = exporting_from.replay_frames(match_id, where=shown(db))
            put(f"{match_id}.html", view_page.page(frames))
            entries.append((f"{match_id}.html", match_id, frames["game"]))
            tick()
        put("index.html", view_page.index(entries))
    out.print(f"wrote {len(entries)} page{'' if len(entries) == 1 else 's'} and index.html to {output}")
