"""Files and streams built to break a parser: refused in one line (exit 2, or 1 where an import
skips a file and names it), never a crash, and nothing stored. Then a fuzz run over every input
command: whatever the bytes, the exit code is 0 to 4 and a refused input stores nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import Cli, rows
from tests.paths import CORPUS

DEEP_ARRAY = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
INPUTS = [
    ("record", "m-1"),
    ("import", "--format", "tenhou6"),
    ("import", "--format", "json"),
    ("import", "--format", "jsonl"),
    ("import", "--format", "mjlog"),
    ("import", "--format", "mjai"),
    ("import",),  # the format found from the file
    ("verify", "--file"),
]


def _run(cli: Cli, command: tuple[str, ...], path: Path) -> tuple[int, str]:
    if command[0] == "record" or command[0] == "verify":
        result = cli(*command, str(path))
    else:
        result = cli(command[0], str(path), *command[1:])
    return result.code, result.err


@pytest.fixture
def store(cli: Cli, db: Path) -> Path:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    return db


@pytest.mark.parametrize("text", [DEEP_ARRAY, DEEP_OBJECT], ids=["arrays", "objects"])
@pytest.mark.parametrize("command", INPUTS, ids=lambda c: "-".join(c))
def test_deep_nesting_is_refused_in_one_line(
    cli: Cli, store: Path, tmp_path: Path, command: tuple[str, ...], text: str
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    before = rows(store)
    code, err = _run(cli, command, path)
    assert code in (1, 2), err  # 1: tenhou6 import skips the file and names it
    if command[-1] == "mjlog":
        assert "not well-formed XML" in err  # read as XML, as asked: it is not XML
    else:
        assert "nested more than 32 levels deep" in err and "Recursion" not in err
    assert rows(store) == before


def _real_log() -> dict:  # type: ignore[type-arg]
    return json.loads((CORPUS / "mjai-reviewer-ryukyoku.json").read_text())


def test_infinity_in_a_tenhou_log_is_named(cli: Cli, store: Path, tmp_path: Path) -> None:
    text = json.dumps(_real_log()).replace("[32900, 30000, 27100, 30000]", "[Infinity, 30000, 27100, 30000]", 1)
    assert "Infinity" in text
    path = tmp_path / "inf.json"
    path.write_text(text)
    before = rows(store)
    result = cli("import", str(path))
    assert result.code == 1 and "Infinity is not valid JSON" in result.err
    assert rows(store) == before


def test_a_hand_with_impossibly_many_takes_is_named(cli: Cli, store: Path, tmp_path: Path) -> None:
    log = _real_log()
    for seat in range(4):
        log["log"][0][5 + 3 * seat] = [11 + i % 9 for i in range(200)]
        log["log"][0][6 + 3 * seat] = [60] * 200
    path = tmp_path / "long.json"
    path.write_text(json.dumps(log))
    result = cli("import", str(path))
    assert result.code == 1, result.err
    assert "hand 1: 800 takes; a hand has at most 100" in result.err
    assert rows(store)[-1][1] == "m-1"  # nothing of it stored


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d["matches"][0].__setitem__("events", 5), "'events' must be a list of events"),
        (lambda d: d["matches"][0]["events"][0].pop("schema_version"), "names its type and its schema_version"),
        (lambda d: d["matches"][0]["events"][0].__setitem__("schema_version", "1"), "its schema_version"),
    ],
    ids=["events-not-a-list", "no-schema-version", "schema-version-a-string"],
)
def test_a_native_export_of_the_wrong_shape_is_refused(cli: Cli, store: Path, tmp_path: Path, edit, says: str) -> None:  # type: ignore[no-untyped-def]
    exported = cli("export", "m-1").json()
    edit(exported)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(exported))
    other = tmp_path / "other.db"
    imported = cli("import", str(path), "--format", "json", "--db", str(other))
    assert imported.code in (1, 2) and says in imported.err, imported.err
    assert rows(other) == []
    verified = cli("verify", "--file", str(path))
    assert verified.code in (2, 4) and says in " ".join((verified.err + verified.out).split())


# ---- fuzz: any bytes, every input command ----------------------------------------------------

SEEDS = [
    b"",
    DEEP_ARRAY.encode(),
    b'{"type": "annotation", "payload": {"seq": 1, "kind": "note", "text": "x"}}',
    b'{"format": "taikyoku", "version": 1, "matches": [{"match_id": "m-1", "events": []}]}',
    b'{"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "x"}, "log": [[[0, 0, 0]]]}',
    b'<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250"'
    b' oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12"/><T13/><D13/></mjloggm>',
    b'{"type":"start_game","names":["A","B","C","D"]}\n{"type":"start_kyoku","bakaze":"E","dora_marker":"5s",'
    b'"kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[[],[],[],[]]}\n',
]


def _leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(value, dict):
        return [leaf for key, child in value.items() for leaf in _leaves(child, (*path, key))] + [path]
    if isinstance(value, list):
        return [leaf for i, child in enumerate(value) for leaf in _leaves(child, (*path, i))] + [path]
    return [path]


def _replace(value: object, path: tuple[object, ...], new: object) -> object:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    parent[path[-1]] = new  # type: ignore[index]
    return copy


REAL_LOG = json.loads((CORPUS / "mjai-reviewer-double_ron.json").read_text())
LOG_LEAVES = _leaves(REAL_LOG)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=10) | st.floats(allow_nan=True),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
mutated_logs = st.tuples(st.sampled_from(LOG_LEAVES), json_values).map(
    lambda change: json.dumps(_replace(REAL_LOG, change[0], change[1]), allow_nan=True).encode()
)
fuzz_bytes = st.one_of(
    mutated_logs,
    st.binary(max_size=300),
    st.sampled_from(SEEDS).flatmap(
        lambda seed: st.tuples(st.integers(0, max(len(seed) - 1, 0)), st.binary(max_size=20)).map(
            lambda cut: seed[: cut[0]] + cut[1] + seed[cut[0] :]
        )
    ),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10) | st.floats(allow_nan=True),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    ).map(lambda value: json.dumps(value).encode()),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=fuzz_bytes, command=st.sampled_from(INPUTS))
def test_no_input_crashes_a_command_or_stores_a_refused_thing(
    cli: Cli, store: Path, tmp_path: Path, data: bytes, command: tuple[str, ...]
) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    before = rows(store)
    code, err = _run(cli, command, path)
    assert 0 <= code <= 4, err
    assert "Traceback" not in err and "internal error" not in err
    if code != 0 and command[0] == "record":
        assert rows(store) == before
    if command[0] == "verify":
        assert rows(store) == before  # verifying a file never writes
