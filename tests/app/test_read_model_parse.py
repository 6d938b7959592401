"""A kept value's text reads back as the standard library reads it, whatever it holds: floats of
any size, integers past 64 bits, names in any script, lone surrogates (orjson parses what it can,
the standard library the rest)."""

from __future__ import annotations

import json

from hypothesis import example, given
from hypothesis import strategies as st

from replay.app.read_models import _canonical, _parsed

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), VALUES, max_size=5))
@example({"big": 2**70, "name": "\ud800 Zoë", "tiny": 5e-324, "negative zero": -0.0})
@example({"": -9223372036854775809})  # orjson reads an integer below -2**63 as a float
@example({"": -9786711458284240896})
@example({"": 18446744073709551616, "small": 1e-07})  # past 2**64, read as a float; a float orjson spells 1e-7
def test_a_kept_values_text_reads_back_as_the_standard_library_reads_it(value: dict[str, object]) -> None:
    text = _canonical(value)  # type: ignore[arg-type]
    parsed = _parsed(text)
    assert parsed == json.loads(text)
    assert _canonical(parsed) == text  # the same text again: -0.0 stays -0.0, 2**70 stays whole
