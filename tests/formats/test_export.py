"""Export and import: exact round trips for every game, and edited or broken files refused.

Round trip: export a match, import it into a fresh database, export again: the same bytes, the
same event ids, the same chain. The properties run on simulated matches of all three games with
notes, disputes, claims and retractions in them, whose free text is drawn by hypothesis.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from events.envelope import PendingEvent, new_event
from events.match import Annotation, Claim
from replay.app import service
from replay.app.simulate import simulated_events
from replay.formats import native
from store import EventStore
from tests.helpers import RECORDER, Cli, rows
from tests.paths import GOLDEN

OPTIONS = {"tensho": (), "sendai": ("sendai.teyakuMode=winRound",), "riichi": ()}
texts = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\x00"), max_size=40
)  # NUL is refused at the door


def with_history(events: list[PendingEvent], note: str, seed: int) -> list[PendingEvent]:
    """Append what a table adds afterwards: a note, a dispute and a claim."""
    n = len(events)
    extra = [
        Annotation(seq=1 + seed % n, kind="note", text=note or "ok"),
        Annotation(seq=n, kind="dispute", text=f"disputed: {note}"),
        Claim(points=(seed % 7, -(seed % 7)), round=1, text=note),
    ]
    return events + [new_event(p, recorded_by=RECORDER, recorded_at="2026-11-29T12:00:00.000001Z") for p in extra]


def export_text(db: Path, match_id: str, fmt: str) -> str:
    with EventStore.open(db) as store:
        stored = store.read(match_id)
    return native.to_json([stored]) if fmt == "json" else native.to_jsonl([stored])


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["tensho", "sendai", "riichi"]),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(["json", "jsonl"]),
    texts,
)
def test_export_import_export_is_byte_identical(game: str, seed: int, fmt: str, note: str) -> None:
    events = with_history(simulated_events(game, seed, 1, match_id="trip-1", options=OPTIONS[game]), note, seed)
    with tempfile.TemporaryDirectory() as tmp:
        first_db, second_db = Path(tmp) / "a.db", Path(tmp) / "b.db"
        with EventStore.open(first_db, create=True) as store:
            store.append("trip-1", 0, events)
        exported = export_text(first_db, "trip-1", fmt)
        (match,) = native.read(exported.encode(), "export")
        assert native.check(match, "export") == []
        with EventStore.open(second_db, create=True) as store:
            store.append(match.match_id, 0, native.pending(match))
            assert store.verify("trip-1") == []
            replayed = service.replay_match(store, "trip-1").state
        assert export_text(second_db, "trip-1", fmt) == exported
        with EventStore.open(first_db) as store:
            original = service.replay_match(store, "trip-1").state
            assert [e.hash for e in store.read("trip-1")] == match.hashes
        assert replayed.results == original.results  # the same history replays to the same results


def record_three_games(cli: Cli) -> list[str]:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    assert cli("record", "sendai-45", str(GOLDEN / "sendai-seed45.jsonl")).code == 0
    assert cli("simulate", "riichi", "--seed", "5", "--hands", "2", "--id", "riichi-5").code == 0
    assert cli("note", "gold-7", "3", "東 chose the set — agreed").code == 0
    assert cli("claim", "gold-7", "--round", "1", "--points", "1,0", "--winner", "0").code == 0
    assert cli("retract", "sendai-45", "160", "--reason", "ended by mistake").code == 0
    return ["gold-7", "sendai-45", "riichi-5"]


def test_cli_round_trip_of_every_game_is_byte_identical(cli: Cli, tmp_path: Path) -> None:
    ids = record_three_games(cli)
    for fmt in ("json", "jsonl"):
        first = tmp_path / f"all.{fmt}"
        assert cli("export", "--all", "--include-abandoned", "--format", fmt, "-o", str(first)).code == 0
        assert cli("verify", "--file", str(first)).code == 0
        fresh = Cli(tmp_path / f"fresh-{fmt}.db", cli.capsys)
        imported = fresh("import", "--format", fmt, str(first), "--json")
        assert imported.code == 0, imported.err
        assert [m["match_id"] for m in imported.json()["imported"]] == ids
        second = tmp_path / f"again.{fmt}"
        assert fresh("export", "--all", "--include-abandoned", "--format", fmt, "-o", str(second)).code == 0
        assert second.read_bytes() == first.read_bytes()
        assert fresh("verify").code == 0
        assert (
            fresh("replay", "gold-7", "--json").json()["results"] == cli("replay", "gold-7", "--json").json()["results"]
        )
    document = json.loads((tmp_path / "all.json").read_text())
    (tensho,) = [m for m in document["matches"] if m["match_id"] == "gold-7"]
    assert tensho["head_hash"] == tensho["events"][-1]["hash"]
    assert {"event_id", "hash", "prev_hash", "seq", "recorded_by", "recorded_at"} <= set(tensho["events"][0])


def test_csv_has_a_row_per_round_and_a_standings_table(cli: Cli) -> None:
    record_three_games(cli)
    lines = cli("export", "gold-7", "--format", "csv").out.splitlines()
    assert lines[0] == (
        "match,game,ruleset,date,round,dealer,winner,reason,yaku,han,fu,limit,"
        "seat 0,points 0,seat 1,points 1,seat 2,points 2,seat 3,points 3"
    )
    # The hand-checked golden match: East wins rounds 1 by chaff, West rounds 2 and 3.
    assert [line.split(",")[4:8] + line.split(",")[12:] for line in lines[1:]] == [
        ["1", "East", "East", "chaffCount", "East", "1", "West", "0", "", "", "", ""],
        ["2", "East", "West", "chaffCount", "East", "0", "West", "1", "", "", "", ""],
        ["3", "West", "West", "yakuPoints", "East", "0", "West", "1", "", "", "", ""],
    ]
    table = cli("export", "gold-7", "--format", "csv", "--standings").out.splitlines()
    assert table[0] == "match,game,ruleset,date,status,seat,player,points,rank"
    assert [row.split(",")[5:] for row in table[1:]] == [["0", "East", "1", "2"], ["1", "West", "2", "1"]]


def test_importing_a_match_twice_is_refused_and_writes_nothing_more(cli: Cli, tmp_path: Path, db: Path) -> None:
    record_three_games(cli)
    export = tmp_path / "gold.json"
    assert cli("export", "gold-7", "-o", str(export)).code == 0
    before = rows(db)
    again = cli("import", "--format", "json", str(export))
    assert again.code == 1 and "gold-7 is already in" in again.err
    assert rows(db) == before


def edited(tmp_path: Path, name: str, change: str) -> Path:
    """The golden Tensho export with one hand edit, as a person with a text editor would make it."""
    document = json.loads((tmp_path / "gold.json").read_text())
    events = document["matches"][0]["events"]
    if change == "payload":
        events[4]["payload"]["card"] = "pine-crane"  # change the played card, leave the hash
    elif change == "rehashed":
        from events.canonical import dumps
        from events.envelope import envelope_text
        from store.chain import link

        events[7]["payload"]["seat"] = 0
        previous = events[6]["hash"]
        for event in events[7:]:  # a careful forger: every later hash is recomputed, so the chain holds
            body = {k: v for k, v in event.items() if k not in ("prev_hash", "hash", "payload")}
            event["prev_hash"] = previous
            event["hash"] = previous = link(previous, envelope_text(**body, payload_text=dumps(event["payload"])))
        document["matches"][0]["head_hash"] = events[-1]["hash"]
    elif change == "dropped":
        del events[10]
    elif change == "head":
        document["matches"][0]["head_hash"] = "0" * 64
    elif change == "schema":
        events[4]["payload"]["card"] = "pine-dragon"
    elif change == "recorder":
        events[2]["recorded_by"] = "mallory"
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def test_edited_and_corrupted_exports_are_refused_with_one_line(cli: Cli, tmp_path: Path) -> None:
    record_three_games(cli)
    assert cli("export", "gold-7", "-o", str(tmp_path / "gold.json")).code == 0
    cases = {
        edited(tmp_path, "payload.json", "payload"): "event 5: hash does not match",
        edited(tmp_path, "dropped.json", "dropped"): "event 11: seq 12 of gold-7 is out of place",
        edited(tmp_path, "head.json", "head"): "head hash",
        edited(tmp_path, "schema.json", "schema"): "event 5",
        edited(tmp_path, "recorder.json", "recorder"): "event 3: hash does not match",
        edited(
            tmp_path, "rehashed.json", "rehashed"
        ): "seq 8 (play): it is West's (seat 1) turn",  # the chain holds; the rules do not
    }
    truncated = tmp_path / "truncated.json"
    truncated.write_text((tmp_path / "gold.json").read_text()[:5000])
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    lines = tmp_path / "edited.jsonl"
    assert cli("export", "gold-7", "--format", "jsonl", "-o", str(lines)).code == 0
    text = lines.read_text().splitlines()
    text[20] = text[20][:-7]  # a line cut short, as a bad copy and paste leaves it
    lines.write_text("\n".join(text) + "\n")
    fresh_db = tmp_path / "fresh.db"
    fresh = Cli(fresh_db, cli.capsys)
    for path, expected in cases.items():
        result = fresh("import", "--format", "json", str(path))
        assert result.code != 0, path.name
        assert expected in result.err, (path.name, result.err)
        assert "Traceback" not in result.err and result.err.count("\n") == 1, result.err
        assert rows(fresh_db) == [], path.name
        if path.name != "rehashed.json":  # verify --file checks the file on its own: schemas and the chain
            checked = fresh("verify", "--file", str(path))
            assert checked.code == 4 and expected in checked.out, (path.name, checked.out)
    assert fresh("verify", "--file", str(edited(tmp_path, "rehashed2.json", "rehashed"))).code == 0
    for path, expected in ((truncated, "malformed JSON"), (garbage, "invalid UTF-8"), (lines, "line 21")):
        for command in (("import", "--format", "json", str(path)), ("verify", "--file", str(path))):
            result = fresh(*command)
            assert result.code != 0 and expected in result.err, (path.name, command, result.err)
            assert "Traceback" not in result.err and result.err.count("\n") == 1
    assert rows(fresh_db) == []


def test_exporting_many_matches_shows_progress_on_stderr(tmp_path: Path) -> None:
    db = tmp_path / "many.db"
    with EventStore.open(db, create=True) as store:
        for n in range(6):
            store.append(f"sim-{n}", 0, simulated_events("tensho", n, 1, match_id=f"sim-{n}"))
    out = tmp_path / "all.jsonl"
    env = os.environ | {"TTY_COMPATIBLE": "1", "TAIKYOKU_DB": str(db)}  # rich draws bars only on a terminal
    code = "from replay.cli import run; raise SystemExit(run(['export', '--all', '--format', 'jsonl', '-o', %r]))"
    done = subprocess.run([sys.executable, "-c", code % str(out)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "exporting" in done.stderr and "wrote" in done.stdout
    assert len(out.read_text().splitlines()) == len(rows(db)) + 6  # every event, and each match's head line


def test_the_csv_export_is_a_table_a_spreadsheet_can_sort(cli: Cli, tmp_path: Path) -> None:
    import csv

    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "rd-9").code == 0
    assert cli("round", "rd-9").code == 0
    line = "ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m"
    assert cli("result", "rd-9", *line.split()).code == 0
    path = tmp_path / "rounds.csv"
    assert cli("export", "--all", "--format", "csv", "-o", str(path)).code == 0
    with path.open(newline="") as file:
        rows = list(csv.DictReader(file))
    header = list(rows[0].keys())
    assert header[:12] == ["match", "game", "ruleset", "date", "round", "dealer", "winner", "reason", "yaku", "han",
                           "fu", "limit"]  # fmt: skip
    assert header[12:] == ["seat 0", "points 0", "seat 1", "points 1", "seat 2", "points 2", "seat 3", "points 3"]
    assert {len(r) for r in rows} == {20}  # every row of every match has the same columns
    riichi = [r for r in rows if r["match"] == "rd-9"]
    # The example line of test_riichi_result_depth: Nan wins riichi and chun, 40 fu, 2,600 from Sha.
    assert riichi == [riichi[0]] and riichi[0] | {"date": ""} == {
        "match": "rd-9", "game": "riichi", "ruleset": "tenhou", "date": "", "round": "1", "dealer": "Ton",
        "winner": "Nan", "reason": "win", "yaku": "Riichi 1; Yakuhai (chun) 1", "han": "2", "fu": "40",
        "limit": "", "seat 0": "Ton", "points 0": "0", "seat 1": "Nan", "points 1": "2600", "seat 2": "Sha",
        "points 2": "-2600", "seat 3": "Pei", "points 3": "0",
    }  # fmt: skip
    assert all(r["round"].isdigit() for r in rows)  # no standings text in the numeric column
    table = tmp_path / "standings.csv"
    assert cli("export", "--all", "--format", "csv", "--standings", "-o", str(table)).code == 0
    with table.open(newline="") as file:
        standings = [r for r in csv.DictReader(file) if r["match"] == "rd-9"]
    assert [(r["player"], r["points"], r["rank"]) for r in standings] == [
        ("Ton", "25000", "2"), ("Nan", "27600", "1"), ("Sha", "22400", "4"), ("Pei", "25000", "2"),
    ]  # fmt: skip
    assert cli("export", "rd-9", "--format", "json", "--standings").code == 2
