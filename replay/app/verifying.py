"""Checking a store, or an export, is what it says: the hash chains, each match's head, SQLite's own
integrity, every event against its schema, the read models against the events, and a fingerprint
published earlier. Nothing here prints; ``taikyoku verify`` shows what is returned."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, BinaryIO

from events.errors import InputError
from store import Store
from store.records import Finding


@dataclass(frozen=True, slots=True)
class Verified:
    findings: list[Finding]
    events: int
    matches: int
    nights: int = 0  # club nights' own streams, their chains checked as a match's are


def verify_store(
    store: Store,
    match: str | None,
    *,
    schemas: bool,
    deep: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Verified:
    """Every check of a store (or of one match in it); ``deep`` folds every match again to compare
    its kept rows with what the events give."""
    total = store.count() if match is None else store.head(match)
    findings = list(store.verify(match, check_schemas=schemas, progress=progress))
    findings += read_model_findings(store, match, findings, deep=deep)
    nights = {head.match_id for head in store.matches("night.opened")}
    if match is not None:
        return Verified(findings, total, 0 if match in nights else 1, 1 if match in nights else 0)
    return Verified(findings, total, len(store.matches()), len(nights))


def read_model_findings(store: Store, match: str | None, found: Iterable[Finding], *, deep: bool) -> list[Finding]:
    """The read models' seals, and with ``deep`` their values folded again from the events, where
    the events themselves are sound."""
    if any(f.code in ("store.integrity", "store.empty", "store.table_missing") for f in found):
        return []
    from replay.app.stats import read_model_findings as all_findings

    return all_findings(store, deep=deep, match=match)


def parse_fingerprint(text: str) -> tuple[int, str]:
    count, _, digest = text.strip().partition(":")
    if not count.isdigit() or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise InputError(
            f"{text[:80]!r} is not a fingerprint; give it as printed by `taikyoku verify --heads`: N:64 hex digits"
        )
    return int(count), digest


def heads(store: Store) -> dict[str, Any]:
    """Each match's head, and the store's fingerprint to publish."""
    listed = store.heads()
    count, digest = store.fingerprint()
    return {
        "heads": [{"match_id": m, "last_seq": seq, "last_hash": h} for m, seq, h in listed],
        "fingerprint": f"{count}:{digest}",
    }


@dataclass(frozen=True, slots=True)
class Against:
    findings: list[Finding]
    events: int  # the events the fingerprint covers
    total: int  # the events in the store now
    same: bool  # those events are as published


def verify_against(store: Store, fingerprint: str, *, deep: bool = False) -> Against:
    """A fingerprint published earlier, checked: the events it covered are there unchanged."""
    count, digest = parse_fingerprint(fingerprint)
    total = store.count()
    if count > total:
        raise InputError(
            f"the fingerprint covers {count} events and this store holds {total}; is --db the store it was taken of?"
        )
    findings = list(store.verify(check_schemas=True))
    findings += read_model_findings(store, None, findings, deep=deep)
    _, now = store.fingerprint(count)
    return Against(findings, count, total, now == digest)


def verify_export(stream: BinaryIO, name: str) -> tuple[list[str], int, int]:
    """An export checked one match at a time: (the problems, matches, events)."""
    from replay.app.importing import checked_exports

    problems: list[str] = []
    matches = events = 0
    for match, found in checked_exports(stream, name):
        problems += found
        matches, events = matches + 1, events + match.count
    return problems, matches, events
