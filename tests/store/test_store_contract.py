"""The store contract: every EventStore implementation (a file, memory) must pass all of it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.envelope import PendingEvent, new_event
from events.errors import InputError
from events.match import RoundStarted
from replay.cli.exit_codes import exit_code_for
from store import ConcurrencyError, DuplicateEventError, EventStore, UnknownMatchError
from store.chain import GENESIS, link
from store.errors import RepeatedEventIdError
from tests.helpers import RECORDER, note, round_started, start
from tests.paths import ROOT


class StoreContract:
    """Subclasses provide ``store``; every test runs against each kind of store."""

    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        raise NotImplementedError

    def execute_raw(self, store: Any, statement: str) -> None:
        """Run SQL behind the store's back, as a person with the database open would."""
        raise NotImplementedError

    # --- appending ---

    def test_append_assigns_seqs_in_order(self, store: EventStore) -> None:
        stored = store.append("m-1", 0, [start(), round_started(1), note(2)])
        assert [e.seq for e in stored] == [1, 2, 3]
        assert [e.type for e in store.read("m-1")] == ["match_started", "round_started", "annotation"]
        assert store.head("m-1") == 3

    def test_positions_are_global_and_increasing(self, store: EventStore) -> None:
        store.append("m-a", 0, [start()])
        store.append("m-b", 0, [start()])
        store.append("m-a", 1, [note(1)])
        everything = list(store.iter_all())
        assert [(e.match_id, e.seq) for e in everything] == [("m-a", 1), ("m-b", 1), ("m-a", 2)]
        assert [e.position for e in everything] == sorted(e.position for e in everything)
        assert len({e.position for e in everything}) == 3

    def test_read_a_range(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), note(1), note(1), note(1)])
        assert [e.seq for e in store.read("m-1", from_seq=2, to_seq=3)] == [2, 3]

    def test_batch_is_atomic_when_one_event_collides(self, store: EventStore) -> None:
        first = start()
        store.append("m-1", 0, [first])
        clash = note(1, event_id=first.event_id)  # same id as stored, different content
        with pytest.raises(DuplicateEventError):
            store.append("m-1", 1, [note(1), note(1), clash])
        assert store.head("m-1") == 1
        assert store.count() == 1

    def test_batch_is_atomic_when_ids_repeat_inside_it(self, store: EventStore) -> None:
        store.append("m-1", 0, [start()])
        twin = note(1)
        with pytest.raises(RepeatedEventIdError) as caught:
            store.append("m-1", 1, [note(1), twin, twin])
        assert str(caught.value) == f"event id {twin.event_id} appears twice in one batch; give each event its own id"
        assert store.count() == 1

    def test_a_streamed_batch_reusing_a_stored_id_names_where_it_is_stored(self, store: EventStore) -> None:
        # A bulk import hands the store a generator: it cannot be looked at again as a resend.
        first = start()
        store.append("m-1", 0, [first, round_started(1)])
        clash = note(1, event_id=first.event_id)
        with pytest.raises(DuplicateEventError) as caught:
            store.append("m-1", 2, (e for e in [note(1), clash, note(1)]))
        assert str(caught.value) == (
            f"event id {first.event_id} is already stored as m-1 seq 1 with other content; "
            "a retry must resend the same batch unchanged, and a new event needs a new id"
        )
        assert store.count() == 2 and store.head("m-1") == 2

    def test_stale_expected_seq_is_a_conflict_and_stores_nothing(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), note(1)])
        with pytest.raises(ConcurrencyError) as caught:
            store.append("m-1", 1, [note(1)])
        assert (caught.value.expected_seq, caught.value.actual_seq) == (1, 2)
        assert str(caught.value) == (
            "match m-1 has moved on: expected its last event to be seq 1, but it is seq 2; "
            "re-read the match and record again"
        )
        assert exit_code_for(caught.value) == 3
        with pytest.raises(ConcurrencyError):
            store.append("m-1", 5, [note(1)])
        assert store.head("m-1") == 2

    def test_new_match_needs_expected_zero(self, store: EventStore) -> None:
        with pytest.raises(ConcurrencyError):
            store.append("m-new", 3, [start()])
        assert store.count() == 0

    def test_retry_of_a_stored_batch_is_a_noop(self, store: EventStore) -> None:
        batch = [start(), round_started(1), note(2)]
        first = store.append("m-1", 0, batch)
        again = store.append("m-1", 0, batch)
        assert again == first
        assert store.count() == 3

    def test_retry_after_more_events_is_still_a_noop(self, store: EventStore) -> None:
        batch = [start()]
        store.append("m-1", 0, batch)
        store.append("m-1", 1, [note(1)])
        assert store.append("m-1", 0, batch)[0].seq == 1
        assert store.count() == 2

    def test_same_id_different_content_is_an_error(self, store: EventStore) -> None:
        event = note(1, text="first")
        store.append("m-1", 0, [start()])
        store.append("m-1", 1, [event])
        changed = note(1, text="changed", event_id=event.event_id, recorded_at=event.recorded_at)
        with pytest.raises(DuplicateEventError) as caught:
            store.append("m-1", 1, [changed])
        assert str(caught.value) == (
            f"event id {event.event_id} is stored as m-1 seq 2 with other content or in another place; "
            "a retry must resend the same batch unchanged, and a new event needs a new id"
        )
        assert [e.payload["text"] for e in store.read("m-1")[1:]] == ["first"]

    def test_same_id_in_another_match_is_an_error(self, store: EventStore) -> None:
        event = start()
        store.append("m-1", 0, [event])
        with pytest.raises(DuplicateEventError):
            store.append("m-2", 0, [event])
        assert store.count() == 1

    def test_a_batch_resent_in_part_is_refused_and_says_so(self, store: EventStore) -> None:
        first, second = start(), note(1)
        store.append("m-1", 0, [first])
        with pytest.raises(DuplicateEventError) as caught:
            store.append("m-1", 0, [first, second])  # the first is stored, the second never was
        assert str(caught.value) == (
            f"event id {second.event_id} is not stored, while others of this batch are; a retry must resend "
            "the same batch unchanged, and a new event needs a new id"
        )
        assert store.head("m-1") == 1

    def test_a_payload_over_64_kib_is_refused_and_one_at_the_limit_is_kept(self, store: EventStore) -> None:
        from events.match import Annotation

        store.append("m-1", 0, [start()])
        # A note's canonical text is {"kind":"note","seq":1,"text":"..."}: 33 bytes around the text.
        exact = Annotation.model_construct(kind="note", seq=1, text="a" * (65536 - 33))
        over = Annotation.model_construct(kind="note", seq=1, text="a" * (65536 - 32))
        assert len(exact.canonical_json()) == 65536
        with pytest.raises(InputError, match="annotation payload is over 65536 bytes; split it") as caught:
            store.append("m-1", 1, [new_event(over, recorded_by=RECORDER)])
        assert caught.value.code == "input.too_large"
        # Text counts in bytes: 21,835 three-byte characters are 65,538 bytes, though far fewer characters.
        wide = Annotation.model_construct(kind="note", seq=1, text="ナ" * 21835)
        with pytest.raises(InputError, match="over 65536 bytes"):
            store.append("m-1", 1, [new_event(wide, recorded_by=RECORDER)])
        assert store.append("m-1", 1, [new_event(exact, recorded_by=RECORDER)])[0].seq == 2

    def test_a_recorder_of_200_characters_is_kept_and_201_refused(self, store: EventStore) -> None:
        store.append("m-1", 0, [start()])
        with pytest.raises(InputError, match="recorded_by is 201 characters long; it may be at most 200"):
            store.append("m-1", 1, [note(1)._replace(recorded_by="b" * 201)])
        assert store.append("m-1", 1, [note(1)._replace(recorded_by="b" * 200)])[0].recorded_by == "b" * 200

    def test_empty_batch_stores_nothing(self, store: EventStore) -> None:
        assert store.append("m-1", 0, []) == []
        assert store.count() == 0

    @pytest.mark.parametrize(
        ("field", "value", "said"),
        [
            (
                "recorded_at",
                "2026-11-30 18:00:00",
                r"^recorded_at '2026-11-30 18:00:00' is not a UTC time like 2026-11-29T15:04:05Z$",
            ),
            (
                "event_id",
                "0190A0B0-1234-7ABC-8DEF-0123456789AB",
                r"^event id '0190A0B0-1234-7ABC-8DEF-0123456789AB' is not a lower-case UUID; leave it out to get one$",
            ),
            ("recorded_by", "", r"^recorded_by is empty; say who records the event$"),
        ],
    )
    def test_a_bad_envelope_late_in_a_batch_refuses_the_whole_batch(
        self, store: EventStore, field: str, value: str, said: str
    ) -> None:
        # The first three events share one time; the fourth's own field is wrong, and a batch
        # checks every event's envelope, not only the first.
        same_time = "2026-11-30T18:00:00Z"
        batch = [start()._replace(recorded_at=same_time)] + [note(1, recorded_at=same_time) for _ in range(2)]
        batch.append(note(1, recorded_at=same_time)._replace(**{field: value}))
        with pytest.raises(InputError, match=said):
            store.append("m-1", 0, batch)
        assert store.count() == 0

    def test_a_batch_whose_first_recorder_is_empty_is_refused(self, store: EventStore) -> None:
        with pytest.raises(InputError, match=r"^recorded_by is empty; say who records the event$"):
            store.append("m-1", 0, [start()._replace(recorded_by=""), note(1)])
        assert store.count() == 0

    # --- read models: cached projections, never a source of truth ---

    def test_a_read_model_row_counts_only_while_its_match_has_not_moved_on(self, store: EventStore) -> None:
        first = store.append("m-1", 0, [start()])[-1]
        store.append("m-2", 0, [start()])
        assert store.keep_read_model("stats", [("m-1", first.hash, '{"rounds":0}'), ("m-2", "0" * 64, "{}")])
        # m-2's row was built at a head it never had: not current.
        assert store.read_model("stats") == {"m-1": (first.hash, '{"rounds":0}')}
        assert store.read_model("other") == {}
        store.append("m-1", 1, [note(1)])
        assert store.read_model("stats") == {}  # m-1 moved on: its row is stale
        count = store.count()
        assert store.drop_read_model("stats") == 2
        assert store.count() == count  # the events are untouched

    def test_a_read_model_is_read_for_the_matches_asked_for_alone(self, store: EventStore) -> None:
        """A club's season in a league's store reads its own matches' rows, not every club's."""
        heads = {m: store.append(m, 0, [start()])[-1].hash for m in ("m-1", "m-2", "m-3")}
        assert store.keep_read_model("stats", [(m, h, f'{{"of":"{m}"}}') for m, h in heads.items()])
        assert store.read_model("stats", ["m-3", "m-1", "m-9"]) == {
            "m-1": (heads["m-1"], '{"of":"m-1"}'), "m-3": (heads["m-3"], '{"of":"m-3"}')}  # fmt: skip
        assert store.read_model("stats", []) == {}
        assert len(store.read_model("stats")) == 3
        count = store.count()
        assert store.drop_read_model("stats") == 3
        assert store.count() == count  # the events are untouched

    def test_a_row_over_many_matches_is_read_back_by_its_key_whatever_the_heads(self, store: EventStore) -> None:
        assert store.read_model_row("totals", "filters:all") is None  # no store yet
        store.append("m-1", 0, [start()])
        assert store.read_model_row("totals", "filters:all") is None
        assert store.keep_read_model("totals", [("filters:all", "made-at-1", '{"matches":1}')])
        assert store.keep_read_model("totals", [("filters:all", "made-at-2", '{"matches":2}')])  # replaces it
        store.append("m-1", 1, [note(1)])  # no match's head is its key: a match moving on leaves it
        assert store.read_model_row("totals", "filters:all") == ("made-at-2", '{"matches":2}')
        assert store.read_model_row("totals", "filters:other") is None
        assert store.read_model_row("other", "filters:all") is None
        assert store.read_model("totals") == {}  # and it is no match's row
        assert store.read_model_rows("totals") == {"filters:all": ("made-at-2", '{"matches":2}')}
        assert store.read_model_rows("other") == {}
        assert store.drop_read_model("totals") == 1
        assert store.read_model_rows("totals") == {}
        assert store.read_model_row("totals", "filters:all") is None

    # --- what was stored since a mark ---

    def test_a_mark_is_the_count_and_the_last_position_read_together(self, store: EventStore) -> None:
        assert store.mark() == (0, 0)
        store.append("m-a", 0, [start(), note(1)])
        store.append("m-b", 0, [start()])
        last = list(store.iter_all())[-1].position
        assert store.mark() == (3, last)

    def test_changed_since_a_mark_names_each_stream_with_the_types_stored_after_it(self, store: EventStore) -> None:
        store.append("m-a", 0, [start()])
        mark = store.mark()
        assert store.changed_since(mark, 10) == (mark, {})
        store.append("m-b", 0, [start(), round_started(1)])
        store.append("m-a", 1, [note(1)])
        store.append("m-b", 2, [note(2)])
        now, changed = store.changed_since(mark, 10)
        assert now == store.mark() and now.events == 5
        assert changed == {"m-b": ("match_started", "round_started", "annotation"), "m-a": ("annotation",)}
        assert store.changed_since(mark, 4)[1] == {"m-b": ("match_started", "round_started", "annotation"),
                                                    "m-a": ("annotation",)}  # fmt: skip
        assert store.changed_since(mark, 3) == (now, None)  # more than the limit: not told, the mark still right
        assert store.changed_since(now, 3) == (now, {})
        store.append_together([("m-c", 0, [start()]), ("m-a", 2, [note(1)])])
        assert store.changed_since(now, 3) == (store.mark(), {"m-c": ("match_started",), "m-a": ("annotation",)})

    # --- several streams in one transaction ---

    def test_batches_appended_together_are_stored_together(self, store: EventStore) -> None:
        store.append("night-1", 0, [start()])
        done = store.append_together([("night-1-t1", 0, [start()]), ("night-1-t2", 0, [start()]),
                                      ("night-1", 1, [note(1)])])  # fmt: skip
        assert [[e.seq for e in batch] for batch in done] == [[1], [1], [2]]
        assert (store.head("night-1-t1"), store.head("night-1-t2"), store.head("night-1")) == (1, 1, 2)
        assert [f.code for f in store.verify()] == []

    def test_a_stale_head_in_any_batch_stores_none_of_them(self, store: EventStore) -> None:
        store.append("night-1", 0, [start()])
        store.append("night-1-t1", 0, [start()])  # the table a phone wrote to a moment before
        count = store.count()
        with pytest.raises(ConcurrencyError):
            store.append_together([("night-1-t2", 0, [start()]), ("night-1-t1", 0, [start()]),
                                   ("night-1", 1, [note(1)])])  # fmt: skip
        assert store.count() == count and not store.exists("night-1-t2") and store.head("night-1") == 1
        with pytest.raises(InputError, match="each match once"):
            store.append_together([("night-1-t3", 0, [start()]), ("night-1-t3", 1, [note(1)])])
        assert store.count() == count

    def test_an_error_while_appending_together_stores_nothing(self, store: EventStore) -> None:
        store.append("night-1", 0, [start()])

        def failing() -> Iterator[PendingEvent]:
            yield note(1)
            raise KeyboardInterrupt  # Ctrl-C as the last batch is written

        with pytest.raises(KeyboardInterrupt):
            store.append_together([("night-1-t1", 0, [start()]), ("night-1", 1, failing())])  # type: ignore[list-item]
        assert not store.exists("night-1-t1") and store.head("night-1") == 1
        assert [f.code for f in store.verify()] == []

    # --- the chain ---

    def test_chain_links_each_event_to_the_one_before(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), note(1)])
        store.append("m-1", 2, [note(2)])
        events = store.read("m-1")
        assert events[0].prev_hash == GENESIS
        for before, after in itertools.pairwise(events):
            assert after.prev_hash == before.hash
        for event in events:
            assert event.hash == link(event.prev_hash, event.envelope_text())
        assert store.verify() == []

    def test_head_of_gives_the_last_seq_and_hash_in_one_read(self, store: EventStore) -> None:
        assert store.head_of("m-1") is None
        store.append("m-1", 0, [start(), note(1)])
        last = store.read("m-1")[-1]
        assert store.head_of("m-1") == ("m-1", 2, last.hash)
        store.append("m-1", 2, [note(2)])
        assert store.head_of("m-1") == ("m-1", 3, store.read("m-1")[-1].hash) and store.head_of("m-2") is None

    def test_the_heads_of_some_streams_are_theirs_alone_and_none_of_a_stream_without_events(
        self, store: EventStore
    ) -> None:
        """Plant: ``only`` read as every stream (m-3 listed); its streams' heads out of order."""
        for match in ("m-3", "m-2", "m-1"):
            store.append(match, 0, [start()])
        store.append("m-2", 1, [note(1)])
        two, one = store.read("m-2")[-1], store.read("m-1")[-1]
        assert store.heads(only=["m-2", "m-1", "m-9"]) == [("m-1", 1, one.hash), ("m-2", 2, two.hash)]
        assert store.heads(only=[]) == []
        assert [head[0] for head in store.heads()] == ["m-1", "m-2", "m-3"]

    def test_chains_are_per_match(self, store: EventStore) -> None:
        store.append("m-a", 0, [start()])
        store.append("m-b", 0, [start()])
        assert store.read("m-b")[0].prev_hash == GENESIS

    def test_stored_content_round_trips_exactly(self, store: EventStore) -> None:
        event = note(1, text="ナカゾウ — “quoted” \\ back\nslash")
        store.append("m-1", 0, [start(), event])
        stored = store.read("m-1")[1]
        assert stored.decode() == event.payload
        assert (stored.event_id, stored.recorded_at, stored.recorded_by) == (
            event.event_id,
            event.recorded_at,
            RECORDER,
        )

    # --- the reads a replay makes ---

    def test_read_payloads_gives_what_a_fold_needs_in_seq_order(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), round_started(1), note(2)])
        store.append("m-2", 0, [start()])
        full = store.read("m-1")
        assert store.read_payloads("m-1") == [(e.seq, e.type, e.schema_version, e.payload_text) for e in full]
        assert [row[0] for row in store.read_payloads("m-2")] == [1]

    def test_rows_are_named_not_bare_tuples(self, store: EventStore) -> None:
        stored = store.append("m-1", 0, [start(), note(1, "x")])
        (head,) = store.heads()
        assert (head.match_id, head.last_seq, head.last_hash) == ("m-1", 2, stored[-1].hash)
        rows = store.read_rows("m-1")
        assert [(r.seq, r.event_id, r.type) for r in rows] == [(e.seq, e.event_id, e.type) for e in stored]
        assert [(r.recorded_at, r.recorded_by) for r in rows] == [(e.recorded_at, e.recorded_by) for e in stored]
        payloads = store.read_payloads("m-1")
        assert [(p.seq, p.type, p.schema_version, p.payload_text) for p in payloads] == [
            (e.seq, e.type, e.schema_version, e.payload_text) for e in stored
        ]

    def test_read_provenance_gives_who_and_when_for_the_types_asked(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), round_started(1), note(2), note(2)])
        full = store.read("m-1")
        wanted = {e.seq: (e.event_id, e.recorded_by, e.recorded_at) for e in full if e.type == "annotation"}
        assert store.read_provenance("m-1", ["annotation"]) == wanted
        assert set(wanted) == {3, 4}
        assert store.read_provenance("m-1", []) == {}
        assert store.read_provenance("m-1", ["claim"]) == {}

    def test_the_reads_of_a_replay_refuse_an_unknown_match(self, store: EventStore) -> None:
        store.append("m-1", 0, [start()])
        with pytest.raises(UnknownMatchError, match="taikyoku matches"):
            store.read_payloads("m-9")

    # --- append-only ---

    def test_update_is_refused(self, store: EventStore) -> None:
        store.append("m-1", 0, [start()])
        with pytest.raises(Exception, match="append-only"):
            self.execute_raw(store, "UPDATE events SET recorded_by = 'mallory'")
        assert store.read("m-1")[0].recorded_by == RECORDER

    def test_delete_is_refused(self, store: EventStore) -> None:
        store.append("m-1", 0, [start()])
        with pytest.raises(Exception, match="append-only"):
            self.execute_raw(store, "DELETE FROM events")
        assert store.count() == 1

    def test_the_garbage_collector_is_back_on_after_every_append(self, store: EventStore) -> None:
        # A batch is written with the cyclic collector paused; it must come back on however it ends.
        import gc

        first = start()
        store.append("m-1", 0, [first])
        assert gc.isenabled()
        with pytest.raises(DuplicateEventError):
            store.append("m-1", 1, [note(1), note(1, event_id=first.event_id)])
        assert gc.isenabled()

        def failing() -> Iterator[PendingEvent]:
            yield note(1)
            raise ValueError("the source broke off")

        with pytest.raises(ValueError):
            store.append("m-1", 1, failing())
        assert gc.isenabled() and store.head("m-1") == 1
        gc.disable()
        try:
            store.append("m-1", 1, [note(1)])
            assert not gc.isenabled()  # a caller that paused it keeps it paused
        finally:
            gc.enable()

    def test_a_bulk_run_keeps_each_append_whole_and_read_back_at_once(self, store: EventStore) -> None:
        with pytest.raises(RuntimeError), store.bulk():
            store.append("m-1", 0, [start(), note(1)])
            assert store.head("m-1") == 2 and [e.seq for e in store.read("m-1")] == [1, 2]
            with pytest.raises(ConcurrencyError):
                store.append("m-1", 1, [note(1)])
            store.append("m-2", 0, [start()])
            raise RuntimeError("the import was stopped")  # as Ctrl-C stops one
        assert (store.head("m-1"), store.head("m-2")) == (2, 1)  # each append stays, whole
        assert store.verify() == []
        store.append("m-1", 2, [note(1)])  # and the store goes on as before
        assert store.head("m-1") == 3

    def test_a_club_night_is_a_stream_of_its_own_and_not_listed_as_a_match(self, store: EventStore) -> None:
        from events.match import MatchLength, Ruleset
        from events.night import NightOpened, NightPlayers

        opened = NightOpened(game="tensho", length=MatchLength(count=6, unit="rounds"), per_table=2, seed=1,
                             ruleset=Ruleset(id="tensho", options={}), sessions=3, title="club")  # fmt: skip
        store.append("m-1", 0, [start()])
        store.append("night-1", 0, [new_event(opened, recorded_by=RECORDER),
                                    new_event(NightPlayers(players=("Aki", "Beni")), recorded_by=RECORDER)])  # fmt: skip
        assert [m.match_id for m in store.matches()] == ["m-1"]
        [night] = store.matches("night.opened")
        assert (night.match_id, night.first.type, night.last_seq) == ("night-1", "night.opened", 2)
        assert sorted(h.match_id for h in store.heads()) == ["m-1", "night-1"]  # a copy or a sync takes both
        assert store.verify() == []
        store.append("bad-1", 0, [note(1)])
        assert [f.code for f in store.verify()] == ["store.chain.first_event"]

    def test_verify_finds_nothing_on_a_clean_store(self, store: EventStore) -> None:
        store.append("m-1", 0, [start(), new_event(RoundStarted(round=1, dealer=1), recorded_by=RECORDER)])
        assert store.verify() == []
        assert store.verify("m-1") == []


class SqliteContract(StoreContract):
    def execute_raw(self, store: Any, statement: str) -> None:
        store.db.execute(statement)


class TestFileStore(SqliteContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[EventStore]:
        with EventStore.open(tmp_path / "contract.db", create=True) as store:
            yield store

    def test_survives_reopening(self, tmp_path: Path) -> None:
        path = tmp_path / "reopen.db"
        with EventStore.open(path, create=True) as store:
            store.append("m-1", 0, [start(), note(1)])
        with EventStore.open(path) as store:
            assert store.head("m-1") == 2
            assert store.verify() == []

    def test_a_bulk_run_waits_on_the_disk_only_at_its_end_and_a_killed_process_loses_nothing(
        self, tmp_path: Path
    ) -> None:
        import subprocess
        import sys

        path = tmp_path / "bulk.db"
        with EventStore.open(path, create=True) as store:
            assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: a commit waits on the disk
            with store.bulk():
                assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL, in the run
            assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2
        # A process killed in a bulk run, after two appends and before the run's end.
        code = (
            "import os, sys\n"
            "from store import EventStore\n"
            "from tests.helpers import note, start\n"
            f"store = EventStore.open({str(path)!r})\n"
            "with store.bulk():\n"
            "    store.append('m-1', 0, [start(), note(1)])\n"
            "    store.append('m-2', 0, [start()])\n"
            "    os.kill(os.getpid(), 9)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False)
        assert done.returncode == -9, done.stderr
        with EventStore.open(path) as store:
            assert (store.head("m-1"), store.head("m-2")) == (2, 1)
            assert store.verify() == []

    def test_file_is_in_wal_mode_and_records_its_migration(self, tmp_path: Path) -> None:
        path = tmp_path / "wal.db"
        with EventStore.open(path, create=True) as store:
            assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            versions = [row[0] for row in store.db.execute("SELECT version FROM schema_migrations")]
            assert versions == [1, 2, 3]


class TestMemoryStore(SqliteContract):
    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        with EventStore.memory() as store:
            yield store


@pytest.mark.postgres
class TestPostgresStore(StoreContract):
    """The same contract on a PostgreSQL server: a fresh schema for every test."""

    @pytest.fixture
    def store(self, pg_url: str) -> Iterator[Any]:
        from store.postgres import PostgresStore

        with PostgresStore.open(pg_url, create=True) as store:
            yield store

    def execute_raw(self, store: Any, statement: str) -> None:
        store.conn.execute(statement)

    def test_truncate_is_refused(self, store: Any) -> None:
        store.append("m-1", 0, [start()])
        with pytest.raises(Exception, match="append-only"):
            self.execute_raw(store, "TRUNCATE events")
        assert store.count() == 1

    def test_the_same_events_give_the_same_hashes_as_sqlite(self, store: Any) -> None:
        batch = [start(), round_started(1), note(2, text="ナカゾウ — “quoted” \\ back\nslash")]
        with EventStore.memory() as embedded:
            embedded.append("m-1", 0, batch)
            expected = [(e.seq, e.prev_hash, e.hash) for e in embedded.read("m-1")]
        store.append("m-1", 0, batch)
        assert [(e.seq, e.prev_hash, e.hash) for e in store.read("m-1")] == expected
        assert store.verify() == []

    def test_a_bulk_run_commits_without_waiting_for_the_flush_until_its_end(self, store: Any) -> None:
        assert store.conn.execute("SHOW synchronous_commit").fetchone()[0] == "on"
        with store.bulk():
            assert store.conn.execute("SHOW synchronous_commit").fetchone()[0] == "off"
        assert store.conn.execute("SHOW synchronous_commit").fetchone()[0] == "on"

    def test_records_its_migrations(self, store: Any) -> None:
        versions = [row[0] for row in store.conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions == [1, 2, 3]

    def test_an_edit_made_with_the_triggers_switched_off_is_found(self, store: Any) -> None:
        store.append("m-1", 0, [start(), note(1, text="Aki paid 300")])
        store.conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update")
        store.conn.execute("UPDATE events SET payload = replace(payload, '300', '3000') WHERE seq = 2")
        codes = sorted(f.code for f in store.verify())
        assert codes == ["store.chain.hash", "store.trigger_disabled"], codes
