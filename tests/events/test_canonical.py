"""Canonical JSON and the envelope bytes that are hashed."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from events.canonical import dumps, dumps_stdlib, is_canonical, loads, loads_stored, quote
from events.envelope import envelope_text
from events.errors import InputError

scalars = st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text()
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4), max_leaves=20
)


@given(values)
def test_round_trip_is_exact(value: object) -> None:
    text = dumps(value)
    assert loads(text) == value
    assert dumps(loads(text)) == text
    assert is_canonical(text)


@given(st.dictionaries(st.text(), scalars, min_size=2))
def test_keys_are_sorted_and_spacing_fixed(value: dict[str, object]) -> None:
    text = dumps(value)
    assert text == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert not is_canonical(json.dumps(value, indent=1)) or len(value) == 0


@given(values)
def test_fast_encoder_matches_the_standard_library_byte_for_byte(value: object) -> None:
    assert dumps(value) == dumps_stdlib(value)


@given(st.text())
def test_quote_matches_dumps(text: str) -> None:
    assert quote(text) == dumps_stdlib(text)


def test_control_characters_and_separators_are_spelled_the_same() -> None:
    tricky = "".join(chr(c) for c in range(0x20)) + '\u007f\u2028\u2029"\\\ud7ff\ue000\U0001f004'
    assert dumps(tricky) == dumps_stdlib(tricky) == quote(tricky)


def test_utf8_not_escaped() -> None:
    assert dumps({"name": "天正"}).encode("utf-8") == '{"name":"天正"}'.encode()


@pytest.mark.parametrize(
    "text", ["1.5", "1e3", "NaN", "Infinity", '{"a":1,"a":2}', "{", b"\xff", str(2**63), str(-(2**63) - 1)]
)
def test_refused(text: str | bytes) -> None:
    with pytest.raises(InputError):
        loads(text)


@given(
    match_id=st.from_regex(r"\A[a-z0-9][a-z0-9-]{1,20}[a-z0-9]\Z"),
    seq=st.integers(min_value=1, max_value=10**9),
    event_id=st.uuids().map(str),
    type=st.text(min_size=1),
    version=st.integers(min_value=1, max_value=99),
    recorded_at=st.text(),
    recorded_by=st.text(min_size=1),
    payload=st.dictionaries(st.text(), values, max_size=5),
)
def test_envelope_text_equals_canonical_dict(
    match_id: str,
    seq: int,
    event_id: str,
    type: str,
    version: int,
    recorded_at: str,
    recorded_by: str,
    payload: dict[str, object],
) -> None:
    whole = {
        "match_id": match_id,
        "seq": seq,
        "event_id": event_id,
        "type": type,
        "schema_version": version,
        "recorded_at": recorded_at,
        "recorded_by": recorded_by,
        "payload": payload,
    }
    fast = envelope_text(
        match_id=match_id,
        seq=seq,
        event_id=event_id,
        type=type,
        schema_version=version,
        recorded_at=recorded_at,
        recorded_by=recorded_by,
        payload_text=dumps(payload),
    )
    assert fast == dumps(whole)


@pytest.mark.parametrize("opening", ["[", '{"a":', '[{"a":'], ids=["arrays", "objects", "both"])
def test_nesting_is_allowed_to_32_levels_and_no_deeper(opening: str) -> None:
    from events.canonical import parse_outside_json

    def nested(levels: int) -> str:
        closing = {"[": "]", '{"a":': "}"}
        parts = (["[", '{"a":'] * levels)[:levels] if opening == '[{"a":' else [opening] * levels
        return "".join(parts) + "1" + "".join(closing[p] for p in reversed(parts))

    assert parse_outside_json(nested(32), "f.json") is not None  # 32 levels: the deepest allowed
    with pytest.raises(InputError, match="nested more than 32 levels deep"):
        parse_outside_json(nested(33), "f.json")
    with pytest.raises(InputError, match="nested more than 32 levels deep"):
        parse_outside_json("[0, [1, " + nested(32) + "]]", "f.json")  # deep beside shallow


def _strict(text: str) -> tuple[object, bool] | str:
    """What the strict parse says of a stored text: (value, canonical) or its one-line refusal."""
    try:
        value = loads(text, where="p")
        return value, dumps(value) == text
    except InputError as exc:
        return exc.message


def _stored(text: str) -> tuple[object, bool] | str:
    try:
        return loads_stored(text, where="p")
    except InputError as exc:
        return exc.message


# Texts a stored payload could be: canonical ones, and canonical ones spoiled in the ways the fast
# path must hand over to the strict parse (a float, a repeated key, a number past 64 bits, deep
# nesting, a space, an escape).
SPOILS = ["", " ", '{"a":1.5}', "1e3", '{"a":1,"a":1}', str(2**63), str(-(2**63) - 1), "[" * 33 + "]" * 33, "\\u00e9"]


@example(text='{"a":1,"a":1}')  # a repeated key: orjson keeps one, so its spelling differs
@example(text='{"a":"x","b":1.5}')  # a float spelled back alike by orjson
@example(text='{"a":"1.5"}')  # a point inside a string is not a float
@example(text="9223372036854775807")  # 19 digits, in range: the strict parse says so
@example(text="18446744073709551615")  # orjson reads it as unsigned; taikyoku refuses it
@example(text="[" * 32 + "]" * 32)
@example(text="[" * 33 + "]" * 33)
@example(text='"\\ud800"')  # a lone surrogate escaped
@given(st.one_of(values.map(dumps), st.tuples(values.map(dumps), st.sampled_from(SPOILS), st.integers(0, 40)).map(
    lambda t: t[0][: t[2]] + t[1] + t[0][t[2] :])))  # fmt: skip
def test_a_stored_payload_is_read_fast_as_the_strict_parse_reads_it(text: str) -> None:
    """Plants: the fast path taking a float, a repeated key, an unsigned 64-bit number or 33 levels."""
    assert _stored(text) == _strict(text)
