"""taikyoku's own export: whole matches with their events, ids and hashes, checkable on their own.

json: ``{"format": "taikyoku", "version": 1, "matches": [{"match_id", "head_hash", "events": [...]}]}``
jsonl: one event per line (its envelope, ``prev_hash`` and ``hash``), matches one after another.
csv: one row per round, then the standings.

An export holds no store positions, so exporting a match, importing it elsewhere, and exporting
it again gives the same bytes.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import schemas
from events import registry
from events.canonical import dumps, parse_outside_json
from events.envelope import PendingEvent, envelope_text
from events.errors import InputError
from replay.engine.result import RoundOutcome
from store import StoredEvent
from store.chain import GENESIS, chain_problem

FORMAT = "taikyoku"
VERSION = 1


def event_json(event: StoredEvent) -> dict[str, Any]:
    return event.envelope() | {"prev_hash": event.prev_hash, "hash": event.hash}


def match_json(events: Sequence[StoredEvent]) -> dict[str, Any]:
    return {"match_id": events[0].match_id, "head_hash": events[-1].hash, "events": [event_json(e) for e in events]}


def to_json(matches: Iterable[Sequence[StoredEvent]]) -> str:
    document = {"format": FORMAT, "version": VERSION, "matches": [match_json(m) for m in matches]}
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def to_jsonl(matches: Iterable[Sequence[StoredEvent]]) -> str:
    return "".join(dumps(event_json(e)) + "\n" for m in matches for e in m)


@dataclass
class ExportedMatch:
    match_id: str
    events: list[dict[str, Any]]
    head_hash: str | None  # json only: what the file says the chain ends with


def read(data: bytes, source: str) -> list[ExportedMatch]:
    """The matches of a json or jsonl export, not yet checked."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{source}: invalid UTF-8 at byte {exc.start}; an export is UTF-8 JSON") from None
    stripped = text.lstrip()
    if stripped.startswith("{") and '"format"' in stripped[:200]:
        try:
            document = parse_outside_json(text, source)
        except json.JSONDecodeError as exc:
            raise InputError(f"{source}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        if document.get("format") != FORMAT or document.get("version") != VERSION:
            raise InputError(f"{source}: not a taikyoku export (format {FORMAT}, version {VERSION})")
        listed = document.get("matches")
        if not isinstance(listed, list) or not all(isinstance(m, dict) for m in listed):
            raise InputError(f"{source}: 'matches' must be a list of matches; the file was edited")
        for number, match in enumerate(listed, 1):
            if not isinstance(match.get("events"), list):
                raise InputError(f"{source}: match {number}'s 'events' must be a list of events; the file was edited")
        return [ExportedMatch(str(m.get("match_id")), list(m["events"]), m.get("head_hash")) for m in listed]
    matches: dict[str, ExportedMatch] = {}
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            event = parse_outside_json(line, f"{source} line {number}")
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{source} line {number}: malformed JSON at column {exc.colno}: {exc.msg}; a taikyoku jsonl "
                "export holds one event object a line (Tenhou logs import with --format tenhou6)"
            ) from None
        match_id = str(event.get("match_id")) if isinstance(event, dict) else "?"
        matches.setdefault(match_id, ExportedMatch(match_id, [], None)).events.append(event)
    if not matches:
        raise InputError(f"{source}: no events found")
    return list(matches.values())


def check(match: ExportedMatch, source: str) -> list[str]:
    """Everything wrong with an exported match on its own: schemas, seqs, the chain, the head."""
    problems: list[str] = []
    previous = GENESIS
    for index, event in enumerate(match.events, 1):
        where = f"{source}: {match.match_id} event {index}"
        if not isinstance(event, dict):
            problems.append(f"{where}: not a JSON object")
            break
        body = {k: v for k, v in event.items() if k not in ("prev_hash", "hash")}
        name, version = body.get("type"), body.get("schema_version")
        if not isinstance(version, int) or isinstance(version, bool) or not isinstance(name, str):
            problems.append(f"{where}: every exported event names its type and its schema_version; the file was edited")
            break
        try:
            registry.model_for(str(name), version if isinstance(version, int) else None)
        except InputError as exc:
            problems.append(f"{where}: {exc.message}")
            break
        problem = schemas.first_error(registry.schema_filename(str(name), int(str(version))), body)
        if problem:
            problems.append(f"{where}: {problem}")
            break
        if body["seq"] != index or body["match_id"] != match.match_id:
            problems.append(f"{where}: seq {body['seq']} of {body['match_id']} is out of place; the file was edited")
            break
        payload_text = dumps(body["payload"])
        text = envelope_text(
            match_id=body["match_id"], seq=body["seq"], event_id=body["event_id"], type=body["type"],
            schema_version=body["schema_version"], recorded_at=body["recorded_at"], recorded_by=body["recorded_by"],
            payload_text=payload_text,
        )  # fmt: skip
        broken = chain_problem(
            expected_seq=index,
            expected_prev=previous,
            seq=body["seq"],
            prev_hash=str(event.get("prev_hash")),
            payload_text=payload_text,
            envelope_text=text,
            hash=str(event.get("hash")),
        )
        if broken is not None:
            problems.append(f"{where}: {broken[1]}; the file was edited")
            break
        previous = str(event.get("hash"))
    if not problems and match.head_hash is not None and match.head_hash != previous:
        problems.append(f"{source}: {match.match_id} head hash {match.head_hash} is not the last event's hash")
    return problems


def pending(match: ExportedMatch) -> list[PendingEvent]:
    """The events to append, with their own ids, times and recorders (checked beforehand)."""
    events = []
    for event in match.events:
        version, payload = registry.upcast(event["type"], event["schema_version"], event["payload"])
        model = registry.model_for(event["type"], version).model_validate(payload)
        events.append(PendingEvent(model, event["event_id"], event["recorded_at"], event["recorded_by"]))
    return events


def csv_rows(match_id: str, names: Sequence[str], results: Sequence[RoundOutcome], standings: Sequence[int]) -> str:
    """One row per round (match, round, dealer, winner, deciding reason, points per player), then standings."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for result in results:
        winner = result.winners[0] if result.winners else None
        writer.writerow([match_id, result.number, names[result.dealer], "" if winner is None else names[winner],
                         result.reason, *_four(result.points)])  # fmt: skip
    writer.writerow([match_id, "standings", "", "", "", *_four(standings)])
    return buffer.getvalue()


def _four(points: Sequence[int]) -> list[int | str]:
    """Every row has the four seat columns; a seat the game does not have is left empty."""
    return [*points, *[""] * (4 - len(points))]
