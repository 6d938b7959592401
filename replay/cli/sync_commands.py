"""`taikyoku sync`: push a table's matches to the club's server, pull the server's into a table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from events.errors import InputError
from replay.cli.app import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    KeyOption,
    app,
    application,
    print_json,
    shown,
    store_exists,
)
from replay.cli.display import ProgressBar, out, warn

if TYPE_CHECKING:
    from replay.app.results import SyncReport

EXIT_REFUSED = 1


@app.command()
def sync(
    to: Annotated[str | None, typer.Option("--to", metavar="URL", help="Push every match of --db to this store.")] = None,
    from_: Annotated[str | None, typer.Option("--from", metavar="URL", help="Pull every match of this store into --db.")] = None,
    both: Annotated[str | None, typer.Option("--both", metavar="URL", help="Pull from this store, then push to it.")] = None,
    club: Annotated[str | None, typer.Option("--club", help="One club's nights and matches alone, claimed for it in the league's store.")] = None,
    key: KeyOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:  # fmt: skip
    """Copy matches between this store and another (the club's server), in batches, resumable; a diverged match is refused.

    Events are copied by id and seq with their times and recorders, so both stores chain to the
    same hashes. Killed and run again, it takes up where the target stands. A match recorded in
    both places whose records differ is refused and named with both heads; the others still
    sync, and the exit code is 1. With --club, only that club's nights and matches go (from a
    league's store), and a league's store takes them as the club's (--key: the club host's key)."""
    given = [name for name, value in (("--to", to), ("--from", from_), ("--both", both)) if value is not None]
    if len(given) != 1:
        raise InputError("give one of --to URL, --from URL or --both URL (e.g. --to postgresql://host/club)")
    if key is not None and club is None:
        raise InputError("--key goes with --club: say which club's nights and matches the key's club syncs")
    other = str(to or from_ or both)
    if other == db:
        raise InputError(f"{shown(other)} is --db itself; sync copies between two stores")
    directions = {"--to": [(db, other)], "--from": [(other, db)], "--both": [(other, db), (db, other)]}[given[0]]
    reports = []
    for source, target in directions:
        if not store_exists(source):
            raise InputError(f"{shown(source)} holds no taikyoku store; check the URL or --db")
        copying = application(source)
        total = copying.match_count()
        with ProgressBar(total, f"sync to {shown(target)}") as tick:
            if club is None:
                reports.append(copying.sync_to(application(target, create=True), tick=tick))
            else:
                reports.append(copying.sync_club(application(target, create=True), club, tick=tick, key=key))
    if json_out:
        print_json([_report_json(r) for r in reports])
    else:
        for report in reports:
            _show(report)
    if any(report.refused for report in reports):
        raise typer.Exit(EXIT_REFUSED)


def _report_json(report: SyncReport) -> dict[str, Any]:
    return {
        "from": report.source,
        "to": report.target,
        "events_copied": report.copied_events,
        "matches": [
            {"match_id": m.match_id, "outcome": m.outcome, "events": m.events, "reason": m.reason}
            for m in report.matches
        ],
    }


def _show(report: SyncReport) -> None:
    copied = [m for m in report.matches if m.outcome == "copied"]
    same = sum(1 for m in report.matches if m.outcome in ("up to date", "target ahead"))
    for refused in report.refused:
        warn("refused", f"match {refused.match_id}: {refused.reason}")
    out.print(
        f"{report.source} -> {report.target}: {_count(len(copied), 'match', 'matches')} copied "
        f"({_count(report.copied_events, 'event', 'events')}), {same} already there, {len(report.refused)} refused"
    )


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"
