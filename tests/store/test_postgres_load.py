"""Many tables at once on one PostgreSQL store: 8 OS processes append event by event, six to
matches of their own and two to the same match, at the same time. Nothing is lost or written
twice, every chain verifies, and the two that share a match see conflicts (the CLI's exit 3)
and retry on the new head."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from replay.cli.exit_codes import exit_code_for
from store import ConcurrencyError
from store.postgres import PostgresStore

pytestmark = pytest.mark.postgres

WORKER = r"""
import json, sys, time, uuid
from events.envelope import PendingEvent, now_timestamp
from events.match import Annotation
from replay.app.service import build_match_started
from replay.app.simulate import simulated_events
from replay.cli.exit_codes import exit_code_for
from store import ConcurrencyError
from store.postgres import PostgresStore

url, match, kind, count, name = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
written, conflicts = [], 0
with PostgresStore.open(url) as store:
    if kind == "own":  # a simulated Tensho match, one event per append
        events = simulated_events("tensho", int(count), 12, match_id=match)
    else:  # notes on a match two tables share, one per append, retried on the new head after a conflict
        events = [PendingEvent(Annotation(seq=1, kind="note", text=f"{name} {n}"), str(uuid.uuid4()), now_timestamp(), name)
                  for n in range(count)]
    stale = None
    if name == "left":  # one conflict for certain: the head as the match was opened (its first event),
        stale = 1  # appended on once the other table has added to it, whenever that was
        while store.head(match) == stale:  # a state waited for, not a time: the other has appended
            time.sleep(0.01)
    for event in events:
        while True:
            head = store.head(match) if stale is None else stale
            stale = None
            try:
                store.append(match, head, [event])
                break
            except ConcurrencyError as error:
                assert exit_code_for(error) == 3  # what `taikyoku record` would exit with
                conflicts += 1
        written.append(event.event_id)
print(json.dumps({"match": match, "ids": written, "conflicts": conflicts}))
"""


def test_eight_processes_append_at_once_and_nothing_is_lost_or_doubled(pg_url: str) -> None:
    from events.envelope import new_event
    from replay.app.service import build_match_started

    with PostgresStore.open(pg_url, create=True) as store:
        store.append("two-tables", 0, [new_event(build_match_started("tensho", ["Aki", "Ben"]), recorded_by="host")])
    workers = [(f"table-{n}", "own", str(n), f"t{n}") for n in range(6)]
    workers += [("two-tables", "common", "250", "left"), ("two-tables", "common", "250", "right")]
    processes = [
        subprocess.Popen([sys.executable, "-c", WORKER, pg_url, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for args in workers
    ]  # fmt: skip
    results = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        results.append(json.loads(out))
    with PostgresStore.open(pg_url) as store:
        assert store.verify() == []
        total = store.count()
        for result in results[:6]:
            stored = [e.event_id for e in store.read(result["match"])]
            assert stored == result["ids"]  # every event, once, in the order appended
        both = [e.event_id for e in store.read("two-tables")][1:]
        expected = results[6]["ids"] + results[7]["ids"]
        assert sorted(both) == sorted(expected) and len(both) == len(set(both)) == 500
        # Each writer's own notes keep their order, interleaved with the other's.
        for result in results[6:]:
            mine = [event_id for event_id in both if event_id in set(result["ids"])]
            assert mine == result["ids"]
        heads = {m: seq for m, seq, _ in store.heads()}
        assert heads["two-tables"] == 501 and total == sum(heads.values())
    assert total > 2000  # a few thousand events
    assert results[6]["conflicts"] >= 1  # they got in each other's way: a stale head refused, then retried
    assert exit_code_for(ConcurrencyError("two-tables", 1, 2)) == 3
