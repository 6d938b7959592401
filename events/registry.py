"""Type name and version <-> payload model; the JSON Schema of each; upcasters.

A type name is stable forever once stored. A new payload shape gets a new version, and an
upcaster that turns the old payload into the new one, so old stores still replay.
"""

from __future__ import annotations

import importlib
import re
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

import schemas
from events.errors import InputError
from events.games import GAMES, PLUGGED, events_module_of
from events.ids import MATCH_ID_PATTERN, TIMESTAMP_PATTERN, UUID_PATTERN
from events.model import Payload

P = TypeVar("P", bound=type[Payload])
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

_MODELS: dict[tuple[str, int], type[Payload]] = {}
_CURRENT: dict[str, int] = {}
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def event_type(name: str, version: int = 1) -> Callable[[P], P]:
    """Class decorator: register a payload model under a stable type name and version."""

    def register(cls: P) -> P:
        if not re.fullmatch(r"[a-z][a-z0-9_.]*", name):
            raise RuntimeError(f"event type name {name!r} must be lower-case letters, digits, _ and .")
        cls.SERIALIZES_CANONICALLY = _check_field_order(cls)
        cls.IMMUTABLE = not any(part in (dict, list, set) for part in _model_parts(cls))
        key = (name, version)
        if key in _MODELS:
            raise RuntimeError(f"event type {name} v{version} is registered twice")
        cls.EVENT_TYPE = name
        cls.SCHEMA_VERSION = version
        _MODELS[key] = cls
        _CURRENT[name] = max(version, _CURRENT.get(name, 0))
        return cls

    return register


def _check_field_order(model: type[BaseModel]) -> bool:
    """Insist on alphabetical fields (recursively); say whether no dict field needs sorting."""
    names = list(model.model_fields)
    if names != sorted(names):
        raise RuntimeError(f"{model.__name__} must declare its fields in alphabetical order: {sorted(names)}")
    canonical = True
    for field in model.model_fields.values():
        for part in _type_parts(field.annotation):
            if part is dict:
                canonical = False
            elif isinstance(part, type) and issubclass(part, BaseModel):
                canonical = _check_field_order(part) and canonical
    return canonical


def _model_parts(model: type[BaseModel]) -> Iterator[Any]:
    """Every type a model's fields are built from, through nested models."""
    for field in model.model_fields.values():
        for part in _type_parts(field.annotation):
            yield part
            if isinstance(part, type) and issubclass(part, BaseModel):
                yield from _model_parts(part)


def _type_parts(annotation: Any) -> Iterator[Any]:
    yield typing.get_origin(annotation) or annotation
    for arg in typing.get_args(annotation):
        yield from _type_parts(arg)


def upcaster(name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function turning a ``name`` payload of ``from_version`` into the next version."""

    def register(fn: Upcaster) -> Upcaster:
        _UPCASTERS[(name, from_version)] = fn
        return fn

    return register


# A game's events are named after it (``tensho.deal``) and live in its events module
# (``events/<game>.py``, or a plugged game's own: ``events.games.events_module_of``), so the
# modules follow from the games' names; the match-level ones have no prefix.
_OTHER_MODULES = ("events.match", "events.night", "events.league")
for _game, _package in PLUGGED.items():
    schemas.plug(_game, _package)


def _modules() -> tuple[str, ...]:
    return (*_OTHER_MODULES, *(events_module_of(game) for game in GAMES))


def _module_of_prefix(prefix: str) -> str:
    if prefix in GAMES:
        return events_module_of(prefix)
    return {"night": "events.night", "league": "events.league"}.get(prefix, "events.match")


_loaded = False


def _load_all() -> None:
    # Importing the modules registers their models; done lazily, once, to keep imports acyclic.
    global _loaded
    if not _loaded:
        for module in _modules():
            importlib.import_module(module)
        _loaded = True


def _load_for(name: str) -> None:
    """Register the models of the module that declares type ``name`` (a command on a Tensho match
    loads no riichi models); every module when the name is not one of theirs."""
    if _loaded or name in _CURRENT:
        return
    module = _module_of_prefix(name.split(".", 1)[0]) if "." in name else "events.match"
    importlib.import_module(module)
    if name not in _CURRENT:
        _load_all()  # unknown: the refusal lists every type


def known_types() -> list[tuple[str, int]]:
    _load_all()
    return sorted(_MODELS)


def current_version(name: str) -> int:
    _load_for(name)
    if name not in _CURRENT:
        raise InputError(unknown_type_message(name), code="input.unknown_type")
    return _CURRENT[name]


def unknown_type_message(name: str) -> str:
    """What a type no model has is told: the types of its game where its prefix names one, else the
    match-level types and how the others are named (a full list grows with every game)."""
    prefix = name.split(".", 1)[0] if "." in name else ""
    if prefix in GAMES or prefix in ("night", "league"):
        names = ", ".join(t for t in sorted(_CURRENT) if t.startswith(f"{prefix}."))
        return f"unknown event type {name!r}; use one of: {names}"
    names = ", ".join(t for t in sorted(_CURRENT) if "." not in t)
    return (f"unknown event type {name!r}; use one of: {names}, or a game's own "
            f"({', '.join(f'{game}.*' for game in GAMES)}; `taikyoku schemas list` lists them)")  # fmt: skip


def model_for(name: str, version: int | None = None) -> type[Payload]:
    _load_for(name)
    if name not in _CURRENT:
        raise InputError(unknown_type_message(name), code="input.unknown_type")
    version = _CURRENT[name] if version is None else version
    try:
        return _MODELS[(name, version)]
    except KeyError:
        raise InputError(
            f"event type {name!r} has no schema version {version}; "
            f"versions known: {', '.join(str(v) for (n, v) in sorted(_MODELS) if n == name)}",
            code="input.unknown_version",
        ) from None


# Decoded payloads by (type, version, text). A frozen payload with no dict, list or set
# anywhere is immutable, so one decoded instance can stand for every row with the same text:
# a match repeats the same plays and draws round after round, and a replay of many matches
# repeats them thousands of times. Bounded; emptied when full.
DECODED: dict[tuple[str, int, str], Payload] = {}  # read it freely; only decode() and decode_rows() write it
DECODE_CACHE_SIZE = 65_536


def decode(name: str, version: int, payload_text: str) -> Payload:
    """A stored payload as its typed model, upcast to the current version when it is older.

    The current version parses and validates straight from the JSON text in pydantic's core,
    which is faster than parsing to a dict first. Every distinct text is validated once.
    """
    key = (name, version, payload_text)
    found = DECODED.get(key)
    if found is not None:
        return found
    _load_for(name)
    model = _MODELS.get((name, version))
    if model is not None and _CURRENT[name] == version:
        decoded = model.model_validate_json(payload_text)
        if model.IMMUTABLE:
            if len(DECODED) >= DECODE_CACHE_SIZE:
                DECODED.clear()
            DECODED[key] = decoded
        return decoded
    import json

    version, payload = upcast(name, version, json.loads(payload_text))
    return model_for(name, version).model_validate(payload)


# A list of payload texts of one model, each parsed on its own and validated, in one call into
# pydantic's core: a replay's thousands of calls cost more than the validation they ask for.
_TEXT_LISTS: dict[type[Payload], Any] = {}


def as_stored(name: str, version: int, payload_text: str) -> Payload:
    """A stored payload as the model of its own version, not upcast: what a copy of the row (a
    sync, an import of an export) appends, so that it chains to the same hash as the original."""
    return model_for(name, version).model_validate_json(payload_text)


def current(payload: Payload) -> Payload:
    """``payload`` as the current version of its type (itself when it is current): what a fold reads."""
    if current_version(payload.EVENT_TYPE) == payload.SCHEMA_VERSION:
        return payload
    return decode(payload.EVENT_TYPE, payload.SCHEMA_VERSION, payload.canonical_json())


def decode_rows(rows: Sequence[tuple[int, str, int, str]]) -> list[Payload]:
    """``decode`` of each stored row (seq, type, schema_version, payload text), in order.

    The texts not decoded before are validated a model at a time, each text on its own (one
    text can never be read as part of another); a row that does not fit raises as ``decode``
    does, and the caller finds which by decoding them one by one.
    """
    if not _loaded:
        for name in {row[1] for row in rows}:
            _load_for(name)
    cache = DECODED
    if len(cache) + len(rows) > DECODE_CACHE_SIZE:  # before looking: what is found must stay found
        cache.clear()
    found = cache.get
    payloads = [found((name, version, text)) for _, name, version, text in rows]
    if all(payloads):  # every text seen before (a model is always true)
        return payloads  # type: ignore[return-value]
    fresh: dict[tuple[str, int], dict[str, list[int]]] = {}
    for index, payload in enumerate(payloads):
        if payload is None:
            _, name, version, text = rows[index]
            texts = fresh.get((name, version))
            if texts is None:
                texts = fresh[(name, version)] = {}
            places = texts.get(text)
            if places is None:
                texts[text] = [index]
            else:
                places.append(index)
    for (name, version), texts in fresh.items():
        model = _MODELS.get((name, version))
        if model is None or _CURRENT[name] != version:
            decoded = [decode(name, version, text) for text in texts]
        else:
            checker = _TEXT_LISTS.get(model)
            if checker is None:
                from pydantic import Json, TypeAdapter

                checker = _TEXT_LISTS[model] = TypeAdapter(list[Json[model]])  # type: ignore[valid-type]
            decoded = checker.validate_python(list(texts))
            if model.IMMUTABLE:
                cache.update(zip([(name, version, text) for text in texts], decoded, strict=True))
        for places, payload in zip(texts.values(), decoded, strict=True):
            for index in places:
                payloads[index] = payload
    return payloads  # type: ignore[return-value]


def clear_decode_cache() -> None:
    """Forget every decoded payload (benchmarks measure a replay that decodes afresh)."""
    DECODED.clear()


def upcast(name: str, version: int, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Bring an old payload up to the current version of its type."""
    target = current_version(name)
    while version < target:
        step = _UPCASTERS.get((name, version))
        if step is None:
            raise InputError(f"no upcaster for {name} v{version}", code="input.unknown_version")
        payload = step(payload)
        version += 1
    return version, payload


def schema_id(name: str, version: int) -> str:
    return f"urn:taikyoku:event:{name}:v{version}"


def schema_filename(name: str, version: int) -> str:
    return f"{name}.v{version}.json"


def schema_document(name: str, version: int) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a whole stored event of this type and version."""
    model = model_for(name, version)
    payload_schema = model.model_json_schema(ref_template="#/$defs/{model}")
    defs: dict[str, Any] = dict(payload_schema.pop("$defs", {}))
    payload_name = f"{payload_schema.get('title', model.__name__)}Payload"  # an older version keeps its name
    defs[payload_name] = payload_schema
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": schema_id(name, version),
        "title": f"taikyoku event {name} v{version}",
        "type": "object",
        "additionalProperties": False,
        "required": [
            "match_id",
            "seq",
            "event_id",
            "type",
            "schema_version",
            "recorded_at",
            "recorded_by",
            "payload",
        ],
        "properties": {
            "match_id": {"type": "string", "pattern": MATCH_ID_PATTERN},
            "seq": {"type": "integer", "minimum": 1},
            "event_id": {"type": "string", "pattern": UUID_PATTERN},
            "type": {"const": name},
            "schema_version": {"const": version},
            "recorded_at": {"type": "string", "pattern": TIMESTAMP_PATTERN},
            "recorded_by": {"type": "string", "minLength": 1, "maxLength": 200},
            "payload": {"$ref": f"#/$defs/{payload_name}"},
        },
        "$defs": dict(sorted(defs.items())),
    }
