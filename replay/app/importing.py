"""Importing and exporting whole matches: each game read, checked by its rules and stored all or
nothing; exports of one match or the whole store. Progress is reported through ``tick``; nothing
here prints."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from events.envelope import PendingEvent, new_event_id, now_timestamp
from events.errors import InputError, TaikyokuError
from replay.app import service
from replay.engine.fold import fold
from replay.formats import native, tenhou6
from replay.games import projection_for
from store import EventStore, StoreError

Tick = Callable[[], None]


def _no_tick() -> None:
    return None


@dataclass
class ImportReport:
    """What an import stored (or, checking, would store) and what it skipped, with why."""

    imported: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)


def check_log_files(files: Sequence[Path]) -> None:
    """Every path is a file; a folder or a missing file is refused before anything is read."""
    for path in files:
        if path.is_dir():
            raise InputError(f"{path} is a directory; give the tenhou.net/6 JSON files in it (e.g. {path}/*.json)")
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give tenhou.net/6 JSON files")


def import_tenhou6(
    files: Sequence[Path],
    *,
    store: EventStore | None,
    exists: Callable[[str], bool],
    where: str,
    by: str = "",
    tick: Tick = _no_tick,
) -> ImportReport:
    """Every game of the files, read, converted and checked one at a time, and stored when ``store``
    is given (without one, nothing is written: a check). ``exists`` says whether a match id is
    already stored; ``where`` names the store in messages."""
    report = ImportReport()
    taken: set[str] = set()  # the match ids this batch has stored, or would store
    for path in files:
        for item in games_of(path):
            if isinstance(item, dict):
                report.skipped.append(item)
            elif item.problem is not None:
                report.skipped.append({"file": item.game.source, "match_id": item.match_id, "reason": item.problem})
            elif item.match_id in taken or exists(item.match_id):
                report.skipped.append({"file": item.game.source, "match_id": item.match_id,
                                       "reason": f"match {item.match_id} is already in {where}"})  # fmt: skip
            else:
                taken.add(item.match_id)
                if store is not None:
                    stamp = now_timestamp()
                    try:  # each game is one append: all of it, or none of it
                        store.append(
                            item.match_id, 0, [PendingEvent(p, new_event_id(), stamp, by) for p in item.payloads]
                        )
                    except StoreError as exc:
                        report.skipped.append(
                            {"file": item.game.source, "match_id": item.match_id, "reason": exc.message}
                        )
                        continue
                report.imported.append({"file": item.game.source, "match_id": item.match_id, "hands": item.hands,
                                        "wins": item.wins, "events": len(item.payloads)})  # fmt: skip
        tick()
    return report


def games_of(path: Path) -> Iterator[tenhou6.Imported | dict[str, str]]:
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


def read_exports(files: Sequence[Path]) -> tuple[list[tuple[str, native.ExportedMatch]], list[dict[str, str]]]:
    """The matches of taikyoku exports that pass their chain and their rules, and those that do not."""
    found: list[tuple[str, native.ExportedMatch]] = []
    skipped: list[dict[str, str]] = []
    for path in files:
        if not path.is_file():
            raise InputError(f"file {path} does not exist; give a taikyoku json or jsonl export")
        for match in native.read(path.read_bytes(), path.name):
            problems = native.check(match, path.name) or rule_problems(match, path.name)
            if problems:
                skipped.append({"file": path.name, "match_id": match.match_id, "reason": problems[0]})
            else:
                found.append((path.name, match))
    return found, skipped


def export_conflicts(
    store: EventStore | None, found: Sequence[tuple[str, native.ExportedMatch]], where: str
) -> list[dict[str, str]]:
    """Why each of these exports could not be stored as it is: its match is already there (or twice in
    the batch), or one of its event ids is stored already. Checked before anything is written."""
    conflicts: list[dict[str, str]] = []
    seen_matches: set[str] = set()
    seen_ids: set[str] = set()
    for name, match in found:
        ids = [str(e.get("event_id")) for e in match.events]
        if match.match_id in seen_matches or (store is not None and store.exists(match.match_id)):
            reason = f"match {match.match_id} is already in {where}"
        elif seen_ids & set(ids) or (store is not None and store.known_event_ids(ids)):
            reason = f"{name}: {match.match_id} holds event ids already stored; it was imported under another id"
        else:
            seen_matches.add(match.match_id)
            seen_ids |= set(ids)
            continue
        conflicts.append({"file": name, "match_id": match.match_id, "reason": reason})
    return conflicts


def store_exports(
    store: EventStore, found: Sequence[tuple[str, native.ExportedMatch]], where: str, report: ImportReport
) -> None:
    """Append each checked export as it was (the same ids, the same chain), each all or nothing; one
    that conflicts with the store is skipped with why, and the others are stored."""
    for name, match in found:
        if store.exists(match.match_id):
            report.skipped.append(
                {"file": name, "match_id": match.match_id, "reason": f"match {match.match_id} is already in {where}"}
            )
            continue
        try:
            stored = store.append(match.match_id, 0, native.pending(match))  # checked by read_exports
        except StoreError as exc:
            report.skipped.append({"file": name, "match_id": match.match_id, "reason": exc.message})
            continue
        report.imported.append(
            {"file": name, "match_id": match.match_id, "events": len(stored), "head_hash": stored[-1].hash}
        )


def rule_problems(match: native.ExportedMatch, source: str) -> list[str]:
    """Replay an exported match through its rules before anything is written."""
    steps = [service.pending_step(i, event) for i, event in enumerate(native.pending(match), 1)]
    try:
        fold(projection_for(service.game_of(steps)), steps)
    except TaikyokuError as exc:  # an illegal event, or a first event that is not match_started
        return [f"{source}: {match.match_id}: {exc.message}; run `taikyoku audit` on the source database"]
    return []


def export_native(store: EventStore, ids: Sequence[str], format_: str, tick: Tick = _no_tick) -> str:
    """Matches as taikyoku json or jsonl (every event, its id and hash), or csv (a row per round)."""
    if format_ in ("json", "jsonl"):
        matches = []
        for match_id in ids:
            matches.append(store.read(match_id))
            tick()
        return native.to_json(matches) if format_ == "json" else native.to_jsonl(matches)
    rows = []
    for match_id in ids:
        state = service.replay_match(store, match_id).state
        results = state.results
        standings = list(results[-1].scores) if results and hasattr(results[-1], "scores") else list(state.standings)
        rows.append(native.csv_rows(match_id, list(state.names), results, standings))
        tick()
    header = "match,round,dealer,winner,decided_by," + ",".join(f"seat{i}" for i in range(4)) + "\n"
    return header + "".join(rows)


def export_tenhou6(store: EventStore, match: str) -> list[Any] | dict[str, Any]:
    """A riichi match as a tenhou.net/6 log."""
    steps = service.read_steps(store, match)
    if service.game_of(steps) != "riichi":
        raise InputError(f"match {match} is not a riichi match; tenhou6 holds riichi games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    exported: list[Any] | dict[str, Any] = tenhou6.export(steps, names)
    return exported
