"""Events that enter from outside (a file, stdin, an import): parse, complete, validate.

Every document is checked against its committed schema file (``schemas``) and then turned
into its typed payload. The first problem found is raised as a one-line ``InputError``
naming the document and the field.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

import schemas
from events import registry
from events.canonical import JsonValue, dump_bytes, loads
from events.envelope import PAYLOAD_LIMIT, PendingEvent, new_event_id, now_timestamp
from events.errors import InputError


@dataclass(frozen=True, slots=True)
class Document:
    where: str  # "line 3", "event 2" or "input": how the user finds it again
    value: JsonValue


def split_documents(data: bytes | str, source: str) -> list[Document]:
    """Parse a JSON object, a JSON array of objects, or JSONL (one object per line)."""
    text = data if isinstance(data, str) else _decode(data, source)
    lines = [(n, line) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    if not lines:
        raise InputError(f"{source}: no events found; give a JSON object, an array or JSONL")
    jsonl = len(lines) > 1 and lines[0][1].lstrip().startswith("{") and _parses(lines[0][1])
    if jsonl:
        return [Document(f"{source} line {n}", loads(line, where=f"{source} line {n}")) for n, line in lines]
    value = loads(text, where=source)
    if isinstance(value, list):
        if not value:
            raise InputError(f"{source}: the array holds no events")
        return [Document(f"{source} event {i}", item) for i, item in enumerate(value, 1)]
    return [Document(source, value)]


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a BOM some editors write
    except UnicodeDecodeError as exc:
        raise InputError(f"{source}: invalid UTF-8 at byte {exc.start}; save the file as UTF-8") from None


def _parses(line: str) -> bool:
    try:
        loads(line)
    except InputError:
        return False
    return True


def complete(doc: Document, *, match_id: str, seq: int, recorded_by: str) -> Document:
    """Fill the envelope fields a recorder may leave out, and check the ones given.

    ``type`` and ``payload`` are required; ``match_id`` and ``seq`` must agree with where
    the event is going; ``event_id``, ``schema_version``, ``recorded_at`` and ``recorded_by``
    default to a new UUID, the current version, now, and the recorder.
    """
    value = doc.value
    if not isinstance(value, dict):
        raise InputError(f"{doc.where}: an event must be a JSON object, not {type(value).__name__}")
    if "type" not in value:
        raise InputError(f'{doc.where}: missing field \'type\'; add the event type, e.g. "type": "annotation"')
    if not isinstance(value["type"], str):
        raise InputError(f"{doc.where}: type must be a string")
    registry.current_version(value["type"])
    given_match = value.get("match_id", match_id)
    if given_match != match_id:
        raise InputError(
            f"{doc.where}: match_id {given_match!r} is not the match being recorded ({match_id}); "
            "remove match_id or record into that match"
        )
    given_seq = value.get("seq", seq)
    if given_seq != seq:
        raise InputError(
            f"{doc.where}: seq {given_seq!r} is wrong; the next seq of match {match_id} is {seq}; remove seq or fix it",
            code="input.wrong_seq",
        )
    filled = {
        "match_id": match_id,
        "seq": seq,
        "event_id": new_event_id(),
        "schema_version": registry.current_version(value["type"]),
        "recorded_at": now_timestamp(),
        "recorded_by": recorded_by,
    }
    filled.update(value)
    return Document(doc.where, filled)


def validate(doc: Document) -> tuple[str, int, PendingEvent]:
    """Validate a complete envelope document; return its match id, seq and pending event."""
    value = doc.value
    if not isinstance(value, dict):
        raise InputError(f"{doc.where}: an event must be a JSON object, not {type(value).__name__}")
    name = value.get("type")
    if not isinstance(name, str):
        raise InputError(f"{doc.where}: missing field 'type'; add the event type")
    registry.current_version(name)  # unknown type: a clear message before any schema noise
    version = value.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InputError(f"{doc.where}: schema_version must be an integer, e.g. 1")
    registry.model_for(name, version)
    if "payload" in value and len(dump_bytes(value["payload"])) > PAYLOAD_LIMIT:
        raise InputError(
            f"{doc.where}: payload is {len(dump_bytes(value['payload']))} bytes; "
            f"the limit is {PAYLOAD_LIMIT}; split it into smaller events",
            code="input.too_large",
        )
    problem = schemas.first_error(registry.schema_filename(name, version), value)
    if problem is not None:
        raise InputError(f"{doc.where}: {problem}", code="input.schema")
    version, payload = registry.upcast(name, version, value["payload"])
    model = registry.model_for(name, version)
    try:
        typed = model.model_validate(payload)
    except ValidationError as exc:
        raise InputError(f"{doc.where}: {describe_pydantic(exc)}", code="input.schema") from None
    event = PendingEvent(
        payload=typed,
        event_id=value["event_id"],
        recorded_at=value["recorded_at"],
        recorded_by=value["recorded_by"],
    )
    return value["match_id"], value["seq"], event


def describe_pydantic(exc: ValidationError, root: str = "payload") -> str:
    """The first problem pydantic found, in a person's words: which field, what it holds, what it may hold."""
    first = exc.errors()[0]
    where = root
    for part in first["loc"]:
        where += f"[{part}]" if isinstance(part, int) else f".{part}"
    where = where.lstrip(".") or "the value"
    kind, ctx, given = first["type"], first.get("ctx") or {}, first.get("input")
    if kind == "string_too_long":
        return f"{where} is {len(str(given))} characters long; it may be at most {ctx.get('max_length')}"
    if kind == "string_too_short":
        return (
            f"{where} is empty; give it at least {ctx.get('min_length')} character(s)"
            if not given
            else (f"{where} is too short; give it at least {ctx.get('min_length')} characters")
        )
    if kind in ("less_than_equal", "less_than"):
        return f"{where} is {_shown(given)}; it may be at most {ctx.get('le', ctx.get('lt'))}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{where} is {_shown(given)}; it must be at least {ctx.get('ge', ctx.get('gt'))}"
    if kind == "too_short":
        return f"{where} holds {ctx.get('actual_length')} items; it needs at least {ctx.get('min_length')}"
    if kind == "too_long":
        return f"{where} holds {ctx.get('actual_length')} items; it may hold at most {ctx.get('max_length')}"
    if kind == "literal_error":
        return f"{where} is {_shown(given)}; it must be {ctx.get('expected')}"
    return f"{where}: {str(first['msg']).lower()}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
