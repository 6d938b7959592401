"""Properties of the store under arbitrary batches: order, exact round-trip, an intact chain."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from store import EventStore
from tests.helpers import note, start

texts = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=40
)  # NUL is refused: below
batches = st.lists(st.lists(texts, min_size=1, max_size=5), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(batches)
def test_any_batches_read_back_in_order_with_an_intact_chain(plan: list[list[str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.db"
        with EventStore.open(path, create=True) as store:
            store.append("m-p", 0, [start()])
            sent = []
            for batch in plan:
                events = [note(1, text) for text in batch]
                store.append("m-p", store.head("m-p"), events)
                sent += events
        with EventStore.open(path) as store:  # read back from the file, fresh connection
            stored = store.read("m-p")[1:]
            assert [e.decode() for e in stored] == [e.payload for e in sent]
            assert [e.event_id for e in stored] == [e.event_id for e in sent]
            assert [e.seq for e in stored] == list(range(2, len(sent) + 2))
            assert store.verify() == []


@settings(max_examples=25, deadline=None)
@given(batches)
def test_replaying_a_batch_any_number_of_times_stores_it_once(plan: list[list[str]]) -> None:
    with EventStore.memory() as store:
        store.append("m-p", 0, [start()])
        for batch in plan:
            events = [note(1, text) for text in batch]
            head = store.head("m-p")
            first = store.append("m-p", head, events)
            assert store.append("m-p", head, events) == first  # a retry changes nothing
        assert store.count() == 1 + sum(len(b) for b in plan)


@settings(max_examples=25, deadline=None)
@given(st.text(min_size=0, max_size=10), st.text(min_size=0, max_size=10))
def test_a_text_holding_nul_anywhere_is_refused_and_nothing_is_stored(before: str, after: str) -> None:
    import pytest

    from events.errors import InputError

    with tempfile.TemporaryDirectory() as folder, EventStore.open(Path(folder) / "p.db", create=True) as store:
        store.append("m-p", 0, [start()])
        with pytest.raises(InputError, match="annotation holds a NUL character, which no store can keep"):
            store.append("m-p", 1, [note(1, "ok"), note(1, f"{before}\x00{after}")])
        assert store.head("m-p") == 1
