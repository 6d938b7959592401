"""Event ids: time-ordered UUIDs (version 7), so a store's unique index grows at its end."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from events.envelope import new_event, new_event_id
from events.match import Annotation
from store import DuplicateEventError, EventStore
from tests.helpers import note, start


def test_event_ids_are_version_7_uuids_that_sort_in_the_order_they_were_made() -> None:
    ids = [new_event_id() for _ in range(20_000)]  # several milliseconds' worth, and many within one
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for text in ids[::997]:
        value = uuid.UUID(text)
        assert value.version == 7 and value.variant == uuid.RFC_4122 and str(value) == text


def test_the_store_still_refuses_an_id_it_holds(tmp_path: Path) -> None:
    with EventStore.open(tmp_path / "s.db", create=True) as store:
        store.append("m-1", 0, [start()])
        first = note(1, "first")
        store.append("m-1", 1, [first])
        again = new_event(Annotation(seq=1, kind="note", text="other"), recorded_by="t", event_id=first.event_id)
        with pytest.raises(DuplicateEventError):
            store.append("m-1", 2, [again])
