"""Checking stored events: each match's chain unbroken from its first event, each event valid
against its committed schema. The store reads the rows; this says what is wrong with them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import schemas
from events.canonical import loads_stored
from events.errors import InputError, TaikyokuError
from events.ids import LEAGUE_STREAM
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
        # The payload parsed once: whether its text is canonical (the chain's rule) and what the
        # schema checks are both read from it.
        try:
            value, canonical = loads_stored(event.payload_text, where=f"{event.match_id} seq {event.seq}")
        except InputError:
            value, canonical = _UNREADABLE, False
        if event.match_id not in broken:
            problem = link_problem(last.get(event.match_id), event, canonical)
            if problem is not None:
                broken.add(event.match_id)
                findings.append(finding(event, *problem))
        last[event.match_id] = event
        if check_schemas:
            invalid = schema_problem(event, value)
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


FIRST_EVENTS = ("match_started", "night.opened")  # a stream is a match, or a club night
# or the league's own stream (events/league.py), which starts with any of its events


def link_problem(
    previous: StoredEvent | None, event: StoredEvent, canonical: bool | None = None
) -> tuple[str, str] | None:
    problem = chain_problem(
        expected_seq=1 if previous is None else previous.seq + 1,
        expected_prev=GENESIS if previous is None else previous.hash,
        seq=event.seq,
        prev_hash=event.prev_hash,
        payload_text=event.payload_text,
        envelope_text=event.envelope_text(),
        hash=event.hash,
        canonical=canonical,
    )
    if problem is not None:
        return problem
    if (
        previous is None
        and event.type not in FIRST_EVENTS
        and not (event.match_id == LEAGUE_STREAM and event.type.startswith("league."))
    ):
        return (
            "store.chain.first_event",
            f"the first event is {event.type}, not match_started (or night.opened, or a league event in the league's stream)",
        )
    return None


_UNREADABLE = object()  # a payload text that is not JSON taikyoku reads: said by the envelope's own parse


def schema_problem(event: StoredEvent, payload: Any = _UNREADABLE) -> str | None:
    """What the event's schema refuses in it, or None; ``payload``, its payload already parsed."""
    from events import registry

    try:
        registry.model_for(event.type, event.schema_version)
        document = event.envelope(None if payload is _UNREADABLE else payload)
    except TaikyokuError as exc:
        return exc.message
    return schemas.first_error(registry.schema_filename(event.type, event.schema_version), document)


def head_findings(
    execute: Callable[[str, list[Any]], Iterable[Any]], match_id: str | None, mark: str = "?"
) -> list[Finding]:
    """Each match's last event against the head written with it: a removed tail or match shows.
    ``execute`` runs a query of the store's SQL, whose parameter mark is ``mark``."""
    where, params = (f"WHERE match_id = {mark}", [match_id]) if match_id is not None else ("", [])
    heads = {
        r[0]: (r[1], r[2], r[3])
        for r in execute(f"SELECT match_id, last_seq, last_hash, events FROM match_heads {where}", params)
    }
    found = {
        r[0]: (r[1], r[2], r[3])
        for r in execute(
            f"SELECT e.match_id, e.seq, e.hash, c.n FROM events e JOIN (SELECT match_id, MAX(seq) AS top, "
            f"COUNT(*) AS n FROM events {where} GROUP BY match_id) c ON e.match_id = c.match_id AND e.seq = c.top",
            params,
        )
    }
    findings = []
    for match, (seq, hash_, count) in sorted(heads.items()):
        if match not in found:
            findings.append(Finding("store.match_missing",
                                    f"match {match} had {count} events (head seq {seq}) and none is left: it was deleted",
                                    match))  # fmt: skip
        elif found[match] != (seq, hash_, count):
            now = found[match]
            why = (
                f"ends at seq {now[0]} with {now[2]} events, but its head says seq {seq} with {count}: "
                "events were removed from its end"
                if now[0] != seq or now[2] != count
                else f"ends at seq {seq} with hash {now[1][:16]}, but its head says {hash_[:16]}: its chain was rewritten"
            )
            findings.append(Finding("store.head_mismatch", f"match {match} {why}", match, now[0]))
    for match in sorted(set(found) - set(heads)):
        findings.append(Finding("store.head_missing", f"match {match} has events but no head: written around the store",
                                match))  # fmt: skip
    return findings
