"""Files and streams built to break a parser: refused in one line (exit 2, or 1 where an import
skips a file and names it), never a crash, and nothing stored. Then a fuzz run over every input
command: whatever the bytes, the exit code is 0 to 4 and a refused input stores nothing."""

from __future__ import annotations

import gzip
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


@pytest.mark.parametrize(
    ("entry", "value", "says"),
    [
        (2, [2**40], "the dora indicators (entry 2) must be a list of whole numbers"),
        (1, [25000, True, 25000, 25000], "the scores (entry 1) must be a list of whole numbers"),
        (5, [11, 2.5], "seat 0's takes (entry 5) must be a list of tile numbers and call strings"),
        (4, [11] * 12 + ["11"], "seat 0's dealt hand (entry 4) must be a list of tile numbers"),
        (6, [-(2**31) - 1], "seat 0's discards (entry 6) must be a list of tile numbers and call strings"),
    ],
    ids=["past-32-bits", "a-bool", "a-fraction", "a-text-in-the-deal", "below-32-bits"],
)
def test_a_value_of_a_type_tenhou_never_writes_is_named_by_its_entry(
    cli: Cli, store: Path, tmp_path: Path, entry: int, value: list[object], says: str
) -> None:
    log = _real_log()
    log["log"][0][entry] = value
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(log))
    before = rows(store)
    result = cli("import", str(path))
    assert result.code == 1 and says in result.err, result.err
    assert rows(store) == before


def test_a_hand_read_in_more_ways_than_any_real_one_is_named(
    cli: Cli, store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replay.games.riichi.logs.tenhou6 import order

    assert order.walk([[11, 12]] * 4, [[11, 12]] * 4, 0, steps=1000) is not None
    with pytest.raises(order.TooManyReadings):
        order.walk([[11, 12]] * 4, [[11, 12]] * 4, 0, steps=10)  # a real hand takes up to 158 steps
    monkeypatch.setattr(order, "READINGS", 10)  # as a hand built to make the search endless reaches its bound
    path = tmp_path / "ryukyoku.json"
    path.write_text(json.dumps(_real_log()))
    before = rows(store)
    result = cli("import", str(path))
    assert result.code == 1, result.err
    assert "hand 1: its takes and discards can be read in more ways than any real hand's" in result.err
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
    # two mjai games in one file, the second beginning right after the first ends
    b'{"type":"start_game","names":["A","B","C","D"]}\n{"type":"end_game"}\n'
    b'{"type":"start_game","names":["E","F","G","H"]}\n{"type":"end_game"}\n',
    b'{"type": "annotation", "payload": {"seq": ' + b"9" * 4400 + b', "kind": "note", "text": "x"}}',  # past int()
    b'{"title": ["", ""], "name": ["' + b"N" * 5000 + b'", "B", "C", "D"], "log": [[[0, 0, 1e999]]]}',
    b'{"type": "annotation", "recorded_by": "\xff\xfe", "payload": {"seq": 1, "kind": "note", "text": "\xc3"}}',
    gzip.compress(b'<mjloggm ver="2.3">' + b" " * 9_000_000 + b"</mjloggm>"),  # inflates past the 8 MB limit
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


HUGE_INT = "__a_4400_digit_integer__"
REAL_LOG = json.loads((CORPUS / "mjai-reviewer-double_ron.json").read_text())
LOG_LEAVES = _leaves(REAL_LOG)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.just(HUGE_INT)  # written as a 4,400-digit number: past the digits int() takes
    | st.text(max_size=10)
    | st.text(min_size=256, max_size=300)  # a name past any limit
    | st.floats(allow_nan=True),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
mutated_logs = st.tuples(st.sampled_from(LOG_LEAVES), json_values).map(
    lambda change: (
        json.dumps(_replace(REAL_LOG, change[0], change[1]), allow_nan=True)
        .replace(f'"{HUGE_INT}"', "9" * 4400)
        .encode()
    )
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


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
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


# ---- numbers, names and streams that once ended in an internal error ------------------------

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()


def _huge_inputs(cli: Cli, tmp_path: Path) -> dict[tuple[str, ...], bytes]:
    """A real input of each format with one number made 5,000 digits long."""
    import convlog_rs

    assert cli("export", "m-1", "-o", str(tmp_path / "e.json")).code == 0
    assert cli("export", "m-1", "--format", "jsonl", "-o", str(tmp_path / "e.jsonl")).code == 0
    exported = (tmp_path / "e.json").read_text()
    lines = (tmp_path / "e.jsonl").read_text()
    tenhou = (CORPUS / "mjai-reviewer-ryukyoku.json").read_text()
    mjai = "\n".join(convlog_rs.tenhou_to_mjai(tenhou)) + "\n"
    xml = (CORPUS.parent / "tenhou6-more" / "xml" / "2013112515gm-00a9-0000-baa070ad.xml").read_text()
    return {
        ("record", "m-1"): f'{{"type":"annotation","payload":{{"seq":{HUGE},"kind":"note","text":"x"}}}}'.encode(),
        ("import", "--format", "tenhou6"): tenhou.replace("[32900, 30000, 27100, 30000]", f"[{HUGE}, 0, 0, 0]", 1)
        .replace("[32900,30000,27100,30000]", f"[{HUGE},0,0,0]", 1)
        .encode(),
        ("import", "--format", "json"): exported.replace('"seq": 1,', f'"seq": {HUGE},', 1).encode(),
        ("import", "--format", "jsonl"): lines.replace('"seq":1,', f'"seq":{HUGE},', 1).encode(),
        ("import", "--format", "mjai"): mjai.replace('"oya":0', f'"oya":{HUGE}', 1).encode(),
        ("import", "--format", "mjlog"): xml.replace('ten="250,250,250,250"', f'ten="{HUGE},250,250,250"', 1).encode(),
        ("import",): mjai.replace('"oya":0', f'"oya":{HUGE}', 1).encode(),
        ("verify", "--file"): exported.replace('"seq": 1,', f'"seq": {HUGE},', 1).encode(),
    }


@pytest.mark.parametrize("command", INPUTS, ids=lambda c: "-".join(c))
def test_a_five_thousand_digit_number_is_refused_in_one_line(
    cli: Cli, store: Path, tmp_path: Path, command: tuple[str, ...]
) -> None:
    data = _huge_inputs(cli, tmp_path)[command]
    assert HUGE in data.decode()
    path = tmp_path / "huge.json"
    path.write_bytes(data)
    before = rows(store)
    code, err = _run(cli, command, path)
    assert code in (1, 2), err  # 1: an import skips the file and names it
    assert err.count("\n") == 1 and "internal error" not in err, err
    said = "a value Tenhou does not write" if command[-1] == "mjlog" else "an integer of 5000 digits"
    assert said in err, err
    assert rows(store) == before


def test_a_number_past_any_float_in_a_tenhou_log_is_named(cli: Cli, store: Path, tmp_path: Path) -> None:
    text = json.dumps(_real_log()).replace("[32900, 30000, 27100, 30000]", "[1e999, 30000, 27100, 30000]", 1)
    path = tmp_path / "inf.json"
    path.write_text(text)
    before = rows(store)
    result = cli("import", str(path))
    assert result.code == 1 and "the number 1e999 is too large for any log" in result.err
    assert rows(store) == before


def test_arguments_that_are_not_utf8_are_one_line(cli: Cli, store: Path) -> None:
    before = rows(store)
    for args in (("note", "m-\udcff", "1", "x"), ("note", "m-1", "1", "x", "--by", "\udcff\udcfe")):
        result = cli(*args)
        assert result.code == 2, result.err
        assert (
            result.err == "taikyoku: error: a value given holds bytes that are not UTF-8 text; type it again in UTF-8\n"
        )
    assert rows(store) == before


def test_file_names_past_255_bytes_are_one_line(cli: Cli, store: Path, tmp_path: Path) -> None:
    long = "a" * 300
    for args in (("import", str(tmp_path / f"{long}.json")), ("matches", "--db", str(tmp_path / f"{long}.db"))):
        result = cli(*args)
        assert result.code == 2, result.err
        assert result.err.startswith("taikyoku: error: the file name '") and "is too long" in result.err
        assert result.err.count("\n") == 1


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql://postgres@127.0.0.1:99999/test", "its port is not a number from 0 to 65535"),
        ("postgresql://postgres@[::1/test", "an IPv6 host's [ is not closed by ]"),
    ],
    ids=["port", "ipv6"],
)
def test_a_postgresql_url_that_names_no_server_is_one_line(cli: Cli, url: str, says: str) -> None:
    result = cli("matches", "--db", url)
    assert result.code == 2
    assert result.err == (
        f"taikyoku: error: postgresql://... is not a usable PostgreSQL URL: {says}; "
        "write it as postgresql://user@host:5432/database\n"
    )


def test_a_password_in_the_urls_query_is_never_shown(cli: Cli) -> None:
    result = cli(
        "matches", "--db", "postgresql://postgres@127.0.0.1:5432/test?password=sekrit&options=-csearch_path%3Dnone"
    )
    assert result.code == 2 and "sekrit" not in result.err and "password=***" in result.err


def test_stdout_on_a_full_disk_is_one_line(store: Path) -> None:
    import os
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", "from replay.cli import main; main()", "matches", "--json"],
            stdout=full, stderr=subprocess.PIPE, text=True, env={**os.environ, "TAIKYOKU_DB": str(store)}, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        "taikyoku: error: the disk is full: the output could not be written whole; free some space and run it again\n"
    )
