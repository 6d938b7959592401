"""Checking stored events: each match's chain unbroken from its first event, each event valid
against its committed schema. The store reads the rows; this says what is wrong with them."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import schemas
from events import registry
from events.errors import TaikyokuError
from store.chain import GENESIS, chain_problem
from store.records import Finding, StoredEvent


def check_events(
    events: Iterable[StoredEvent], *, check_schemas: bool, progress: Callable[[int], None] | None = None
) -> list[Finding]:
    """Findings over events in match and seq order: the first broken link of each match (what
    follows it cannot be trusted) and, with ``check_schemas``, every event its schema refuses."""
    findings: list[Finding] = []
    broken: set[str] = set()
    last: dict[str, StoredEvent] = {}
    for done, event in enumerate(events, 1):
        if event.match_id not in broken:
            problem = link_problem(last.get(event.match_id), event)
            if problem is not None:
                broken.add(event.match_id)
                findings.append(finding(event, *problem))
        last[event.match_id] = event
        if check_schemas:
            invalid = schema_problem(event)
            if invalid is not None:
                findings.append(finding(event, "store.schema", invalid))
        if progress is not None:
            progress(done)
    return findings


def finding(event: StoredEvent, code: str, message: str) -> Finding:
    return Finding(
        code,
        f"{event.match_id} seq {event.seq} (row {event.position}, event {event.event_id}): {message}",
        event.match_id,
        event.seq,
        event.position,
        event.event_id,
    )


def link_problem(previous: StoredEvent | None, event: StoredEvent) -> tuple[str, str] | None:
    problem = chain_problem(
        expected_seq=1 if previous is None else previous.seq + 1,
        expected_prev=GENESIS if previous is None else previous.hash,
        seq=event.seq,
        prev_hash=event.prev_hash,
        payload_text=event.payload_text,
        envelope_text=event.envelope_text(),
        hash=event.hash,
    )
    if problem is not None:
        return problem
    if previous is None and event.type != "match_started":
        return "store.chain.first_event", f"the first event is {event.type}, not match_started"
    return None


def schema_problem(event: StoredEvent) -> str | None:
    try:
        registry.model_for(event.type, event.schema_version)
        document = event.envelope()
    except TaikyokuError as exc:
        return exc.message
    return schemas.first_error(registry.schema_filename(event.type, event.schema_version), document)
