"""Recording through the application API, with no command line in between: what the phone
recorder will call. A golden Tensho match whose plays and draws are entered as a person says
them (the card alone, the capture left to the rules where they force it) stores the same events."""

from __future__ import annotations

import json
from pathlib import Path

from events import registry
from events.envelope import new_event
from events.errors import InputError
from events.match import MatchStarted
from replay.app import recording, service
from replay.app.intents import Intent
from replay.games.hanafuda.builders import draw, play
from store import EventStore
from tests.paths import GOLDEN


def test_a_golden_match_entered_as_spoken_stores_the_same_events(tmp_path: Path) -> None:
    events = [json.loads(line) for line in (GOLDEN / "tensho-seed7.jsonl").read_text().splitlines()]
    forced = 0
    with EventStore.open(tmp_path / "s.db", create=True) as store:
        started = MatchStarted.model_validate(events[0]["payload"])
        service.start_match(store, started, recorded_by="aki", match_id="spoken")
        i = 1
        while i < len(events):
            kind, payload = events[i]["type"], events[i]["payload"]
            follow = events[i + 1] if i + 1 < len(events) else {"type": "", "payload": {}}
            if kind in ("tensho.play", "tensho.draw"):
                captured = follow["type"] == "tensho.capture" and follow["payload"]["card"] == payload["card"]
                taken = follow["payload"]["taken"] if captured else []
                say = play if kind == "tensho.play" else draw

                def build(game: str, state: object, say=say, card=payload["card"], taken=taken) -> tuple[list, list]:  # type: ignore[no-untyped-def]
                    try:  # first as a person says it: the card alone, the rules filling in a forced capture
                        return say(card)(game, state)
                    except InputError:  # the table must choose: said as the record has it
                        return say(card, taken)(game, state)

                done = recording.record_intent(store, "spoken", Intent(frozenset({"tensho"}), build), recorded_by="aki")
                forced += any(note.startswith(f"{payload['card']} takes") for note in done.notes)
                i += 2 if captured else 1
                continue
            model = registry.model_for(kind, events[i].get("schema_version", 1))
            service.check_and_append(store, "spoken", [new_event(model.model_validate(payload), recorded_by="aki")])
            i += 1
        stored = [(e.type, e.payload) for e in store.read("spoken")]
    assert stored == [(e["type"], e["payload"]) for e in events]
    assert forced > 0  # the rules filled some captures in
