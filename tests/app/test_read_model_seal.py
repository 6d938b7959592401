"""A kept row's seal and its inputs, whole: the body as the module's docstring describes it (the
code version with the key's name, an HMAC-SHA256 over the model, the match, its head hash, that
version and the value's canonical text), the rows this code wrote opened without a second parse,
and every malformed row refused without an error. The installation's secret is a fixed one, so the
key and its name are literals (worked out with `hmac` and `hashlib` from the documented recipe)."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

import pytest

from replay.app import read_models
from replay.app.read_models import SealedModel, maker, maker_of
from replay.engine.code_version import code_version
from store import EventStore
from tests.helpers import Cli

SECRET = "0123456789abcdef" * 4
KEY = bytes.fromhex(
    "d981d154e3cd8689619d0b672b7c4c23863e8a320bec9bb5abadf45bf26637ba"
)  # HMAC(secret, derived:read-models)
KEY_NAME = "cff81e042f87"  # the first 12 hex digits of the key's SHA-256
VALUE = {"b": 1, "a": "Zoë", "c": [1, 2]}
TEXT = '{"a":"Zoë","b":1,"c":[1,2]}'  # canonical: keys sorted, no spaces, Zoë as written


@pytest.fixture
def secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "table-secret"
    path.write_text(SECRET + "\n")
    path.chmod(0o600)
    monkeypatch.setenv("TAIKYOKU_SECRET_FILE", str(path))
    return path


def _seal(match_id: str, head: str, code: str, text: str, model: str = "test-1") -> str:
    return hmac.new(KEY, f"{model}\n{match_id}\n{head}\n{code}\n{text}".encode(), hashlib.sha256).hexdigest()


def _model(calls: list[str] | None = None) -> SealedModel:
    def make(store: Any, match_id: str) -> dict[str, Any]:
        if calls is not None:
            calls.append(match_id)
        return VALUE

    return SealedModel("test-1", "test values", make)


def test_a_rows_body_is_the_maker_the_seal_and_the_canonical_value(secret: Path) -> None:
    """Plants: the key's name cut at 13, the value's text with ASCII escapes or its keys unsorted,
    the seal without its match or head."""
    code = f"{code_version()} key {KEY_NAME}"
    assert maker() == code
    body = _model().sealed("m-1", "head-1", VALUE)
    seal = _seal("m-1", "head-1", code, TEXT)
    assert body == f'{{"code":"{code}","seal":"{seal}","value":{TEXT}}}'
    assert _model().opened("m-1", "head-1", body) == (code, json.loads(TEXT))
    assert _model().opened("m-2", "head-1", body) is None  # another match's row
    assert _model().opened("m-1", "head-2", body) is None  # the match moved on
    assert maker_of(body) == code


def test_a_row_this_code_wrote_is_opened_by_its_own_text_and_any_other_by_a_whole_parse(secret: Path) -> None:
    """A row as written is sealed and parsed once from its canonical text; a row with its keys
    reordered (still sealed) is opened too, by parsing it whole. Plants: any change to where the
    code, the seal and the value stand in the text (each would open every row the slow way)."""
    model, code = _model(), maker()
    body = model.sealed("m-1", "head-1", VALUE)
    before = read_models.PARSED_WHOLE["test-1"]
    assert model.opened("m-1", "head-1", body) == (code, json.loads(TEXT))
    assert read_models.PARSED_WHOLE["test-1"] == before  # the fast way
    reordered = json.dumps({"value": VALUE, "seal": _seal("m-1", "head-1", code, TEXT), "code": code})
    assert model.opened("m-1", "head-1", reordered) == (code, json.loads(TEXT))
    assert read_models.PARSED_WHOLE["test-1"] == before + 1
    escaped = body.replace('"code":"', '"code":"\\u0030', 1)  # a code with an escape is read whole
    assert model.opened("m-1", "head-1", escaped) is None


@pytest.mark.parametrize(
    "row",
    [
        "not json",
        "[1, 2]",
        '{"code": "x", "seal": "y"}',  # no value
        '{"code": 5, "seal": "SEAL", "value": {}}',  # a code that is no text
        '{"code": "CODE", "seal": 12, "value": {}}',  # a seal that is no text
        '{"code": "CODE", "seal": "abc", "value": {}}',  # a seal of the wrong length
        '{"code": "CODE", "seal": "LIST", "value": [1, 2]}',  # a value sealed, but no object
        '{"code":"CODE","seal":"LIST","value":[1,2]}',  # the same, as canonical text
        '{"code":"CODE","seal":"BAD","value":{"a":1}}',  # canonical, a seal that does not hold
    ],
)
def test_a_malformed_row_is_never_opened_and_never_an_error(secret: Path, row: str) -> None:
    """Plants: `or` turned `and` in the checks of the code, the value and the seal's length."""
    code = maker()
    row = row.replace("CODE", code).replace("LIST", _seal("m-1", "head-1", code, "[1,2]"))
    row = row.replace("SEAL", _seal("m-1", "head-1", code, "{}")).replace("BAD", "0" * 64)
    assert _model().opened("m-1", "head-1", row) is None


def test_the_maker_a_row_names_is_read_without_trusting_it() -> None:
    assert maker_of('{"code": "v1 key abc"}') == "v1 key abc"
    assert maker_of('{"code": 5}') is None
    assert maker_of("[1]") is None
    assert maker_of("{") is None


def test_made_values_are_kept_with_progress_counted_from_one(cli: Cli, db: Path, secret: Path) -> None:
    """Plants: progress counted from 0 or 2, or said without its total."""
    for n in (1, 2, 3):
        assert cli("simulate", "tensho", "--seed", str(n), "--rounds", "1", "--id", f"m-{n}").code == 0
    calls: list[str] = []
    said: list[tuple[int, int]] = []
    model = _model(calls)
    with EventStore.open(str(db)) as store:
        heads = [(h.match_id, h.last_seq, h.last_hash) for h in store.heads()]
        assert model.values(store, heads, progress=lambda done, total: said.append((done, total))) == {
            "m-1": json.loads(TEXT), "m-2": json.loads(TEXT), "m-3": json.loads(TEXT)}  # fmt: skip
        assert (sorted(calls), said) == (["m-1", "m-2", "m-3"], [(1, 3), (2, 3), (3, 3)])
        assert model.values(store, heads) == {m: json.loads(TEXT) for m in ("m-1", "m-2", "m-3")}
        assert len(calls) == 3  # kept: nothing made again


def test_rows_of_another_maker_are_passed_over_and_the_rows_after_them_still_checked(
    cli: Cli, db: Path, secret: Path
) -> None:
    """m-1's row is another version's (never shown, not checked); m-2's was changed after it was
    written; m-3's is this code's but a fold no longer gives it. Plants: the first row of another
    maker ending the check (`continue` to `break`); the findings' words."""
    for n in (1, 2, 3):
        assert cli("simulate", "tensho", "--seed", str(n), "--rounds", "1", "--id", f"m-{n}").code == 0
    model = _model()
    with EventStore.open(str(db)) as store:
        heads = {h.match_id: h.last_hash for h in store.heads()}
        other = json.dumps({"code": "an older version", "seal": "0" * 64, "value": {"a": 1}})
        changed = model.sealed("m-2", heads["m-2"], VALUE).replace('"b":1', '"b":2')
        differs = model.sealed("m-3", heads["m-3"], {"a": "Zoë", "b": 1, "c": [1, 2], "d": 0})
        read_models.keep(store, "test-1", [("m-1", heads["m-1"], other), ("m-2", heads["m-2"], changed),
                                           ("m-3", heads["m-3"], differs)])  # fmt: skip
        sealed_only = [(f.code, f.match_id) for f in model.findings(store)]
        found = [(f.code, f.message, f.match_id) for f in model.findings(store, deep=True)]
    # The plain check reads seals alone: m-3's row holds its seal, so only a fold (--deep) tells.
    assert sealed_only == [("store.read_model.altered", "m-2")]
    assert found == [
        ("store.read_model.altered", "match m-2: its test values were changed after taikyoku wrote them (the seal "
         "does not hold); `taikyoku stats --rebuild` folds them again from the events", "m-2"),
        ("store.read_model.differs", "match m-3: its test values differ from a fold of its events; "
         "`taikyoku stats --rebuild` folds them again from the events", "m-3"),
    ]  # fmt: skip
