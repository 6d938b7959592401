"""The committed schema files: in step with the models, valid 2020-12, integers only, and used."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

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
