"""How every short recording command works: read the state, build the events, let the same
fold that replays accept them, append them at once, and say what comes next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.app.intents import Intent
from replay.app.results import Recorded
from replay.cli.app import print_json, recorder
from replay.cli.display import out, styled

__all__ = ["brief", "record_and_say", "report", "said"]


def record_and_say(db: str, match: str, intent: Intent, by: str | None, json_out: bool) -> None:
    """Record an intent (``replay/app/intents.py``) through the application, and say what happened."""
    from replay.app.application import Application

    done = Application(str(db)).record(match, intent, recorded_by=recorder(by))
    if json_out:
        print_json([e.envelope() | {"hash": e.hash} for e in done.stored])
        return
    report(done)


def report(done: Recorded) -> None:
    """What was stored, as the table says it, and what the round waits for now."""
    after = done.state
    for line in done.notes:
        out.print(line)
    for event in done.stored:
        out.print(f"seq {event.seq}: {said(event.type, event.payload, after.names)}")
    over, expected = done.round_over(), done.expects()
    if over is not None:
        out.print(styled((over[0], "bold"), f" {over[1]}"))
    elif expected is not None:
        out.print(f"next: {expected}")


SEAT_FIELDS = ("seat", "from_seat", "pao_seat", "dealer")


def said(event_type: str, payload: dict[str, Any], names: Sequence[str]) -> str:
    """An event as the table would say it: what happened and by whom, the cards or tiles named,
    nothing that is empty ("seq 5: play by Alice: card pine-crane"), not the type's dotted name."""
    what = event_type.split(".", 1)[-1].replace("_", " ")
    seat = payload.get("seat")
    who = f" by {names[seat]}" if isinstance(seat, int) and 0 <= seat < len(names) else ""
    parts = []
    for key, value in sorted(payload.items()):
        if key in ("hands", "seat") or value is None or value == [] or value is False:
            continue
        if key in SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        shown = key.replace("_", " ") if value is True else f"{key.replace('_', ' ')} {_brief_value(value)}"
        parts.append(shown)
    return f"{what}{who}" + (f": {', '.join(parts)}" if parts else "")


def brief(payload: dict[str, Any]) -> str:
    return " ".join(f"{k}={_brief_value(v)}" for k, v in sorted(payload.items()) if k != "hands")


def _brief_value(value: Any) -> str:
    """Lists as the cards or tiles themselves, comma-joined; a long pile as its size; a meld as
    its kind and tiles (pon 7z,7z,7z)."""
    if isinstance(value, dict):
        kind = value.get("kind")
        rest = [_brief_value(v) for k, v in sorted(value.items()) if k != "kind" and v not in (None, [], False)]
        return " ".join([str(kind), *rest]) if kind is not None else " ".join(rest)
    if not isinstance(value, list | tuple):
        return str(value)
    if len(value) > 12:
        return f"({len(value)} in order)"
    return (
        ", ".join(_brief_value(v) for v in value)
        if any(isinstance(v, dict) for v in value)
        else (",".join(map(str, value)) or "none")
    )
