"""Two OS processes appending to one match: no event lost, none duplicated, one winner per seq."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from store import EventStore
from tests.helpers import start

WRITER = r"""
import sys
from events.envelope import new_event
from events.match import Annotation
from store import ConcurrencyError, EventStore

path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
conflicts = 0
with EventStore.open(path) as store:
    for i in range(count):
        event = new_event(Annotation(seq=1, kind="note", text=f"{name} {i}"), recorded_by=name)
        while True:
            head = store.head("m-race")
            try:
                store.append("m-race", head, [event])
                break
            except ConcurrencyError:
                conflicts += 1
print(conflicts)
"""


def test_two_processes_race_on_one_match(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    with EventStore.open(path, create=True) as store:
        store.append("m-race", 0, [start()])
    count = 150
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)], stdout=subprocess.PIPE, text=True)
        for name in ("north", "south")
    ]
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    with EventStore.open(path) as store:
        events = store.read("m-race")
        assert [e.seq for e in events] == list(range(1, 2 * count + 2))  # one event per seq, no gap
        texts = [e.payload["text"] for e in events[1:]]
        for name in ("north", "south"):
            mine = [t for t in texts if t.startswith(name)]
            assert mine == [f"{name} {i}" for i in range(count)]  # none lost, none twice, in order
        assert len({e.event_id for e in events}) == len(events)
        assert store.verify() == []
