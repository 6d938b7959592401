"""Sync: copy each match's events from one store to another, as they are, in batches.

The events keep their ids, times and recorders, so the copy chains to the same hashes; a batch
is appended after the target's head with ``expected_seq``, so a sync killed at any point and run
again takes up where the target stands: nothing is lost and nothing is written twice.

Per match, before anything is written:
- the source's chain is verified; a match whose source is damaged is never copied;
- the two chains are compared where both have events: if the target's event at that seq has
  another hash, the match was recorded in two places and the records diverged. That match is
  refused and named with both heads; the others go on.
After a match is copied, the target's chain is verified too.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable

from events import registry
from events.envelope import PendingEvent
from events.errors import InputError
from replay.app.results import MatchSync, SyncReport
from store import ConcurrencyError, Resent, Store

BATCH = 500  # events per transaction


def batch_size() -> int:
    """Events per transaction: TAIKYOKU_SYNC_BATCH when set (tests make interruptions likely with it)."""
    given = os.environ.get("TAIKYOKU_SYNC_BATCH", "")
    return int(given) if given.isdigit() and int(given) > 0 else BATCH


def _head_hash(store: Store, match_id: str, seq: int) -> str:
    return store.read(match_id, from_seq=seq, to_seq=seq)[0].hash


def _keep_both(source: str, target: str, match_id: str) -> str:
    """How to keep both records: ours goes into the other store as a new match, which syncs."""
    new_id = f"{match_id}-2" if len(match_id) <= 62 else "NEW-ID"
    file = f"{match_id}.jsonl"
    return (
        f"to keep both, `taikyoku export {match_id} --format jsonl -o {file} --db {shlex.quote(source)}` "
        f"then `taikyoku import {file} --as {new_id} --db {shlex.quote(target)}`"
    )


def sync_match(source: Store, target: Store, match_id: str) -> MatchSync:
    """Copy what ``target`` lacks of one match, or say why not."""
    # The match's own chain; a store-wide finding (a trigger gone) does not make its events wrong.
    problems = [f for f in source.verify(match_id, check_schemas=False) if f.match_id == match_id]
    if problems:
        return MatchSync(match_id, "damaged source", reason=f"{source.path}: {problems[0].message}; not copied")
    for _attempt in range(3):  # another writer may append to the target meanwhile: look again
        mine, theirs = source.head(match_id), target.head(match_id)
        common = min(mine, theirs)
        if common:
            here, there = _head_hash(source, match_id, common), _head_hash(target, match_id, common)
            if here != there:
                return MatchSync(
                    match_id,
                    "diverged",
                    reason=(
                        f"recorded in two places: at seq {common} {source.path} has {here[:12]} (its head: seq "
                        f"{mine}, {_head_hash(source, match_id, mine)[:12]}) and {target.path} has {there[:12]} "
                        f"(its head: seq {theirs}, {_head_hash(target, match_id, theirs)[:12]}); "
                        f"{_keep_both(source.path, target.path, match_id)}"
                    ),
                )
        if mine <= theirs:
            return MatchSync(match_id, "up to date" if mine == theirs else "target ahead")
        copied = 0
        try:
            seq = theirs
            size = batch_size()
            while seq < mine:
                stored = source.read(match_id, from_seq=seq + 1, to_seq=min(seq + size, mine))
                pending = [  # each at its own schema version: the copy chains to the same hashes
                    PendingEvent(registry.as_stored(e.type, e.schema_version, e.payload_text), e.event_id,
                                 e.recorded_at, e.recorded_by)
                    for e in stored
                ]  # fmt: skip
                try:
                    written = target.append(match_id, seq, pending)
                except InputError as exc:  # an event today's checks refuse (a NUL an older version let in)
                    return MatchSync(match_id, "refused by target", copied,
                                     f"seq {seq + 1} to {min(seq + size, mine)} holds what {target.path} cannot "
                                     f"store ({exc.message.split(';')[0]}); this match is not copied, the others are")  # fmt: skip
                if [w.hash for w in written] != [e.hash for e in stored]:
                    return MatchSync(match_id, "damaged target", copied,
                                     f"{target.path} chained seq {seq + 1} to another hash; run `taikyoku verify` there")  # fmt: skip
                if not isinstance(written, Resent):  # another sync stored this batch first: not ours to count
                    copied += len(written)
                seq = stored[-1].seq
        except ConcurrencyError:
            continue
        problems = [f for f in target.verify(match_id, check_schemas=False) if f.match_id == match_id]
        if problems:
            return MatchSync(match_id, "damaged target", copied, f"{target.path}: {problems[0].message}")
        return MatchSync(match_id, "copied", copied)
    return MatchSync(match_id, "diverged", reason=f"{target.path} kept changing while it was copied; run sync again")


def sync(
    source: Store, target: Store, *, tick: Callable[[], None] = lambda: None,
    only: Callable[[str], str | None] | None = None,
) -> SyncReport:  # fmt: skip
    """Every match of ``source`` into ``target``; with ``only``, those it takes (it says None), the
    ones it refuses named with its reason, and the rest left alone (it says "")."""
    report = SyncReport(source.path, target.path)
    for match_id, _seq, _hash in source.heads():
        refusal = None if only is None else only(match_id)
        if refusal == "":
            continue
        if refusal is not None:
            report.matches.append(MatchSync(match_id, "other club", reason=refusal))
        else:
            report.matches.append(sync_match(source, target, match_id))
        tick()
    return report
