"""How every short recording command works: read the state, build the events, let the same
fold that replays accept them, append them at once, and say what comes next."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from pydantic import ValidationError

from events.envelope import new_event
from events.errors import InputError
from events.ingest import describe_pydantic
from events.model import Payload
from replay.app.repository import MatchRepository
from replay.cli.app import open_store, print_json, recorder
from replay.cli.display import out, styled
from replay.games import GAMES
from store import Store

Build = Callable[[str, Any], tuple[list[Payload], list[str]]]


def current(store: Store, match: str, games: Collection[str]) -> tuple[str, Any, int]:
    """The match's game, its folded state, and its last seq; refused if it is not one of ``games``."""
    kept = MatchRepository(store).get(match)
    if kept.game not in games:
        wanted = " or ".join(GAMES[g].title for g in sorted(games))
        raise InputError(f"match {match} is a {GAMES[kept.game].title} match; this command records {wanted} matches")
    return kept.game, kept.state, kept.head


def expects(game: str, rnd: Any, names: Sequence[str]) -> str:
    """What the round waits for, in words."""
    return GAMES[game].view().expects(rnd, names)


def record(db: Any, match: str, build: Build, by: str | None, json_out: bool, games: Collection[str]) -> None:
    """Read the state, let ``build(game, state)`` make the payloads and notes, fold-check and append them."""
    with open_store(db) as store:
        game, state, head = current(store, match, games)
        try:
            payloads, notes = build(game, state)
        except ValidationError as exc:
            raise InputError(describe_pydantic(exc)) from None
        who = recorder(by)
        stored, kept = MatchRepository(store).record(
            match, [new_event(p, recorded_by=who) for p in payloads], expected_seq=head
        )
        after = kept.state
    if json_out:
        print_json([e.envelope() | {"hash": e.hash} for e in stored])
        return
    for line in notes:
        out.print(line)
    for event in stored:
        out.print(f"seq {event.seq}: {said(event.type, event.payload, after.names)}")
    rnd = after.round
    if rnd is not None and rnd.result is not None and rnd.over:
        out.print(styled((f"{GAMES[game].round_word} {rnd.number} over:", "bold"), f" {rnd.result.explanation}"))
    elif rnd is not None:
        out.print(f"next: {expects(game, rnd, after.names)}")


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
