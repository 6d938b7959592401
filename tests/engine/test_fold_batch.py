"""The hanafuda folds work on a thawed copy of the state and change it in place (for speed);
from outside they must stay the pure fold ``apply(state, event) -> state``.

These check the batch path (``apply_all``, with its inline handling of the usual event)
against the one-event ``apply``, on simulated matches and on matches with one event broken;
that no working list leaks out of a fold; that the field's month index follows the field;
and the read path a replay takes (provenance, shared decoded payloads, a corrupt row).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events import registry
from events.envelope import new_event
from events.match import Annotation
from events.model import Payload
from replay.app import service
from replay.app.simulate import simulated_events
from replay.engine.fold import IllegalEvent, Step
from replay.games import GAMES, projection_for
from replay.games.hanafuda.fishing import MONTH
from store import CorruptStoreError, EventStore
from tests.simulated import sendai_payloads, tensho_payloads

seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.sampled_from(["tensho", "sendai"])
SENDAI_OPTIONS = ["sendai.teyakuMode=claimAndContinue"]


def payloads(game: str, seed: int, rounds: int) -> list[Payload]:
    if game == "tensho":
        return list(tensho_payloads(seed, rounds))
    return list(sendai_payloads(seed, rounds, options=SENDAI_OPTIONS))


def steps_of(events: Sequence[Payload]) -> list[Step]:
    return [Step(seq, payload.EVENT_TYPE, payload) for seq, payload in enumerate(events, 1)]


def one_by_one(game: str, steps: Sequence[Step]) -> tuple[Any, tuple[str, int | None] | None]:
    """The state after each step applied alone, and the first refusal (code, seq)."""
    projection = projection_for(game)  # type: ignore[arg-type]
    state = projection.initial()
    for step in steps:
        try:
            state = projection.apply(state, step)
        except IllegalEvent as refused:
            return state, (refused.code, refused.seq)
    return state, None


def in_one_batch(game: str, steps: Sequence[Step]) -> tuple[Any, tuple[str, int | None] | None]:
    projection = projection_for(game)  # type: ignore[arg-type]
    try:
        return projection.apply_all(projection.initial(), steps), None  # type: ignore[attr-defined]
    except IllegalEvent as refused:
        return None, (refused.code, refused.seq)


@settings(max_examples=40, deadline=None)
@given(games, seeds, st.integers(min_value=1, max_value=3), st.data())
def test_a_batch_fold_gives_what_apply_gives_event_by_event(game: str, seed: int, rounds: int, data: Any) -> None:
    steps = steps_of(payloads(game, seed, rounds))
    upto = data.draw(st.integers(min_value=1, max_value=len(steps)), label="events folded")
    alone, refused = one_by_one(game, steps[:upto])
    batch, batch_refused = in_one_batch(game, steps[:upto])
    assert refused is None and batch_refused is None
    assert batch == alone


def broken(game: str, steps: list[Step], rng: random.Random) -> list[Step]:
    """One event changed to a neighbour that is usually illegal: another seat, card or type."""
    index = rng.randrange(3, len(steps))
    payload = steps[index].payload
    fields = payload.model_dump()
    if "seat" in fields and rng.random() < 0.4:
        fields["seat"] = (fields["seat"] + 1) % (2 if game == "tensho" else 3)
    elif "card" in fields:
        fields["card"] = rng.choice(sorted(MONTH))
    elif "taken" in fields:
        fields["taken"] = ()
    changed: Payload = type(payload).model_validate(fields)
    if rng.random() < 0.2:  # or a move of the other game's kind, or the same move twice
        changed = steps[index - 1].payload
    return [*steps[:index], Step(index + 1, changed.EVENT_TYPE, changed), *steps[index + 1 :]]


@settings(max_examples=80, deadline=None)
@given(games, seeds, seeds)
def test_a_batch_fold_refuses_what_apply_refuses_with_the_same_code(game: str, seed: int, breaking: int) -> None:
    steps = broken(game, steps_of(payloads(game, seed, 1)), random.Random(breaking))
    alone, refused = one_by_one(game, steps)
    batch, batch_refused = in_one_batch(game, steps)
    assert batch_refused == refused
    if refused is None:
        assert batch == alone


@pytest.mark.parametrize("game", ["tensho", "sendai"])
def test_with_the_pile_order_unknown_a_card_drawn_before_cannot_be_drawn_again(game: str) -> None:
    """A batch fold keeps the cards that may still be drawn as it goes; a card drawn earlier in
    the round (now on the field or in a pile) is refused as seen, as ``apply`` refuses it."""
    for seed in range(40):
        steps = steps_of(payloads(game, seed, 1))
        deal = next(s for s in steps if s.type.endswith(".deal"))
        if getattr(deal.payload, "draw_pile", ()) is None:
            break
    else:
        raise AssertionError("no simulated round with the pile order unknown in 40 seeds")
    draws = [i for i, s in enumerate(steps) if s.type.endswith(".draw")]
    first, later = draws[0], draws[3]
    again = steps[later].payload.model_copy(update={"card": steps[first].payload.card})  # type: ignore[attr-defined]
    steps[later] = Step(later + 1, again.EVENT_TYPE, again)
    _, refused = one_by_one(game, steps)
    _, batch_refused = in_one_batch(game, steps)
    assert refused == batch_refused == (f"{game}.draw.seen", later + 1)


@settings(max_examples=20, deadline=None)
@given(games, seeds)
def test_no_working_list_leaks_out_of_a_fold(game: str, seed: int) -> None:
    steps = steps_of(payloads(game, seed, 2))
    for upto in (len(steps) // 3, len(steps) // 2, len(steps)):
        state, _ = in_one_batch(game, steps[:upto])
        rnd = state.round
        assert isinstance(state.results, tuple)
        for name in ("hands", "captured"):
            assert isinstance(getattr(rnd, name), tuple)
            assert all(isinstance(part, tuple) for part in getattr(rnd, name))
        assert isinstance(rnd.field, tuple) and (rnd.pile is None or isinstance(rnd.pile, tuple))
        again, _ = in_one_batch(game, steps[:upto])
        assert again == state  # and folding again does not see anything the first fold changed


@settings(max_examples=25, deadline=None)
@given(games, seeds)
def test_the_field_index_follows_the_field_after_every_event(game: str, seed: int) -> None:
    from replay.games.sendai import state as sendai
    from replay.games.tensho import state as tensho

    module: Any = tensho if game == "tensho" else sendai
    projection = GAMES[game].rules().projection()  # the game's own fold, whose working steps are looked into
    start = projection.initial()
    working = module._Game(start.match, start.options, None, start.results)
    for step in steps_of(payloads(game, seed, 2)):
        projection._apply(working, step)  # type: ignore[attr-defined]
        rnd = working.round
        if rnd is None:
            continue
        index: dict[int, list[str]] = {}
        for card in rnd.field:
            index.setdefault(MONTH[card], []).append(card)
        assert {m: cards for m, cards in rnd.months.items() if cards} == index


# ---- the read a replay takes -----------------------------------------------------------------


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "read.db"
    with EventStore.open(path, create=True) as store:
        events = simulated_events("tensho", 3, 1, match_id="read-1")
        service.check_and_append(store, "read-1", events, expected_seq=0)
        note = new_event(Annotation(seq=5, kind="note", text="East hesitated"), recorded_by="Aiko")
        service.check_and_append(store, "read-1", [note])
    return path


def test_a_replay_reads_the_provenance_of_notes_and_all_of_it_when_asked(store_path: Path) -> None:
    with EventStore.open(store_path) as store:
        lean = service.read_steps(store, "read-1")
        full = service.read_steps(store, "read-1", provenance="all")
        stored = store.read("read-1")
    assert [s.payload for s in lean] == [s.payload for s in full] == [e.decode() for e in stored]
    note = lean[-1]
    assert note.type == "annotation" and note.recorded_by == "Aiko" and note.event_id == stored[-1].event_id
    assert all(s.recorded_by == "" and s.event_id == "" for s in lean[:-1])  # the folds never look
    assert [(s.event_id, s.recorded_by, s.recorded_at) for s in full] == [
        (e.event_id, e.recorded_by, e.recorded_at) for e in stored
    ]


def test_a_payload_text_seen_before_is_decoded_once_and_shared_only_when_immutable(store_path: Path) -> None:
    registry.clear_decode_cache()
    with EventStore.open(store_path) as store:
        first = service.read_steps(store, "read-1")
        second = service.read_steps(store, "read-1")
    plays = [(a, b) for a, b in zip(first, second, strict=True) if a.type == "tensho.play"]
    assert plays and all(a.payload is b.payload for a, b in plays)
    started = (first[0].payload, second[0].payload)
    assert started[0] == started[1] and started[0] is not started[1]  # it holds a dict: never shared


def test_a_row_changed_behind_the_store_is_refused_even_after_its_text_was_decoded(store_path: Path) -> None:
    with EventStore.open(store_path) as store:
        service.replay_match(store, "read-1")  # every text of the match is now known to the decoder
    with sqlite3.connect(store_path) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("""UPDATE events SET payload = '{"card":"pine-dragon","seat":0}' WHERE seq = 5""")
    with EventStore.open(store_path) as store, pytest.raises(CorruptStoreError) as caught:
        service.replay_match(store, "read-1")
    assert "seq 5" in str(caught.value) and "taikyoku verify read-1" in str(caught.value)
