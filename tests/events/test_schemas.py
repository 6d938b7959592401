"""The committed schema files: in step with the models, valid 2020-12, integers only, and used."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import schemas
from events import registry
from replay.infra import schema_files


def test_committed_files_match_the_models() -> None:
    assert schema_files.drift(schema_files.default_directory()) == [], "run `taikyoku schemas export`"


@pytest.mark.parametrize(("name", "version"), registry.known_types())
def test_each_file_is_a_2020_12_schema_with_an_id(name: str, version: int) -> None:
    document = schemas.load(registry.schema_filename(name, version))
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert document["$id"] == f"urn:taikyoku:event:{name}:v{version}"
    jsonschema.Draft202012Validator.check_schema(document)
    assert '"number"' not in json.dumps(document), "no floats: numbers are integers"


def envelope(name: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {
        "match_id": "m-1",
        "seq": 2,
        "event_id": "6f1f7c1e-5d55-4b8e-9a57-0c0d7c2f9a10",
        "type": name,
        "schema_version": 1,
        "recorded_at": "2026-11-29T10:00:00Z",
        "recorded_by": "me",
        "payload": payload,
    }


def test_a_valid_event_passes_and_each_violation_is_named() -> None:
    file = "annotation.v1.json"
    good = envelope("annotation", {"seq": 1, "kind": "dispute", "text": "the moon was mine"})
    assert schemas.first_error(file, good) is None
    assert "missing field 'text'" in str(schemas.first_error(file, envelope("annotation", {"seq": 1, "kind": "note"})))
    wrong_kind = envelope("annotation", {"seq": 1, "kind": "rant", "text": "x"})
    assert "payload.kind" in str(schemas.first_error(file, wrong_kind))
    bad_time = good | {"recorded_at": "yesterday"}
    assert "recorded_at" in str(schemas.first_error(file, bad_time))
    assert "must be" in str(schemas.first_error(file, good | {"type": "retract"}))


def test_a_missing_schema_file_is_reported_not_raised() -> None:
    assert "no schema file" in str(schemas.first_error("nope.v1.json", {}))


def test_the_models_and_the_files_agree_on_a_sample() -> None:
    # Whatever the models dump, the schema files accept.
    from tests.helpers import tensho_started

    started = tensho_started().model_dump(mode="json")
    assert schemas.first_error("match_started.v1.json", envelope("match_started", started) | {"seq": 1}) is None


def _stored_documents() -> list[tuple[str, dict[str, Any]]]:
    """A simulated match of each game, and a real Tenhou game, as stored documents (with envelopes)."""
    from replay.app.simulate import payloads

    found = []
    for game, rounds, options in (("tensho", 2, ()), ("sendai", 2, ("sendai.teyakuMode=winRound",)),
                                  ("koikoi", 2, ()), ("riichi", 2, ())):  # fmt: skip
        for payload in payloads(game, 3, rounds, options=options):
            found.append((payload.EVENT_TYPE, envelope(payload.EVENT_TYPE, json.loads(payload.model_dump_json()))))
    return found


DOCUMENTS = _stored_documents()
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.text(max_size=8)
    | st.sampled_from(["pine-crane", "5m", "0p", "?", "", "m-1", "2026-11-29T10:00:00Z\\n", "2026-11-29T10:00:00Z\n"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _at(document: Any, path: list[Any]) -> Any:
    for key in path:
        document = document[key]
    return document


def _paths(document: Any, prefix: list[Any]) -> list[list[Any]]:
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += _paths(value, [*prefix, key])
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += _paths(value, [*prefix, index])
    return found


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), JSON_VALUES, st.sampled_from(["set", "drop", "add"]))
def test_the_compiled_schemas_never_pass_what_jsonschema_refuses(which: int, where: int, value: Any, how: str) -> None:
    """Every stored document of a match of each game, broken at any place (a value replaced by any
    JSON, a key dropped, a key added): where the compiled schema says valid, so does jsonschema, so a
    fast yes never hides a fault; and every document as stored is valid to both."""
    import copy

    name, original = DOCUMENTS[which % len(DOCUMENTS)]
    filename = registry.schema_filename(name, 1)
    assert schemas.compiled(filename).is_valid(original) and schemas.validator(filename).is_valid(original)
    document = copy.deepcopy(original)
    paths = _paths(document, [])[1:]
    path = paths[where % len(paths)]
    parent = _at(document, path[:-1])
    if how == "set":
        parent[path[-1]] = value
    elif how == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent, dict):
        parent["unknown_key"] = value
    try:
        fast = schemas.compiled(filename).is_valid(document)
    except (ValueError, TypeError, OverflowError):
        fast = False  # first_error then asks jsonschema
    if fast:
        assert schemas.validator(filename).is_valid(document), (name, path, how, value)
    assert (schemas.first_error(filename, document) is None) == schemas.validator(filename).is_valid(document)
