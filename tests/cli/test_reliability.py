"""Inputs an adversary (or an accident) brings: each is refused in one line with nothing written,
or handled as a user at the table would expect. Real SQLite files, the real command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from store import EventStore
from tests.helpers import Cli, rows
from tests.paths import CORPUS


def test_a_bad_busy_timeout_setting_is_one_line_not_a_traceback(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    monkeypatch.setenv("TAIKYOKU_BUSY_TIMEOUT_MS", "abc")
    result = cli("matches")
    assert result.code == 2
    assert result.err.startswith("taikyoku: error: TAIKYOKU_BUSY_TIMEOUT_MS is 'abc'; set it to a whole number")
    assert "Traceback" not in result.err and result.err.count("\n") == 1


def test_a_ten_megabyte_match_id_is_not_echoed_whole(cli: Cli, db: Path) -> None:
    huge = "a" * 10_000_000
    event = {"match_id": huge, "type": "annotation", "payload": {"seq": 1, "kind": "note", "text": "x"}}
    result = cli("record", "m-1", stdin=json.dumps(event))
    assert result.code == 2
    assert len(result.err) < 500, len(result.err)
    assert result.err.count("\n") == 1
    assert rows(db) == []


def test_a_ten_megabyte_event_type_is_not_echoed_whole(cli: Cli, db: Path) -> None:
    event = {"type": "x" * 10_000_000, "payload": {}}
    result = cli("record", "m-1", stdin=json.dumps(event))
    assert result.code == 2
    assert len(result.err) < 1000, len(result.err)  # the type cut, then the list of known types
    assert rows(db) == []


def test_every_riichi_hand_can_be_replayed_by_its_number(cli: Cli) -> None:
    assert cli("simulate", "riichi", "--seed", "3", "--hands", "4", "--id", "r-1").code == 0
    for number in (1, 2, 3, 4):
        shown = cli("replay", "r-1", "--round", str(number), "--json")
        assert shown.code == 0, shown.err
        assert shown.json()["round"]["hand"] == number  # riichi numbers its hands in the match
    missing = cli("replay", "r-1", "--round", "5")
    assert missing.code == 2 and "there is no round 5" in missing.err


def test_simulating_more_hands_than_the_match_lasts_ends_the_match_where_the_rules_end_it(cli: Cli) -> None:
    result = cli("simulate", "riichi", "--seed", "1", "--hands", "120", "--id", "r-long", "--json")
    assert result.code == 0, result.err
    played = result.json()["rounds"]
    assert 4 <= played < 120  # a hanchan ends at South 4 at the latest, or its extension
    log = cli("log", "r-long", "--json").json()
    assert log[-1]["type"] == "match_ended" and log[-1]["payload"]["reason"] == "completed"


def _note_batch(ids: list[str]) -> str:
    return "\n".join(
        json.dumps({"event_id": i, "type": "annotation", "payload": {"seq": 1, "kind": "note", "text": f"n{n}"}})
        for n, i in enumerate(ids)
    )


ID_A = "0b0e3f52-6f0c-4b1e-9a0e-3d9a1f6c2b11"
ID_B = "0b0e3f52-6f0c-4b1e-9a0e-3d9a1f6c2b12"


def test_two_events_with_one_id_in_a_batch_are_bad_input_not_a_conflict(cli: Cli, db: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    before = rows(db)
    result = cli("record", "m-1", stdin=_note_batch([ID_A, ID_A]))
    assert result.code == 2, result.err
    assert "appears twice in one batch" in result.err
    assert rows(db) == before


def test_resending_a_stored_batch_with_its_ids_is_a_no_op(cli: Cli, db: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    first = cli("record", "m-1", "--json", stdin=_note_batch([ID_A, ID_B]))
    assert first.code == 0, first.err
    stored = rows(db)
    again = cli("record", "m-1", "--json", stdin=_note_batch([ID_A, ID_B]))
    assert again.code == 0, again.err
    assert rows(db) == stored  # nothing twice
    assert [e["seq"] for e in again.json()] == [e["seq"] for e in first.json()]  # the stored events, as stored
    changed = _note_batch([ID_A, ID_B]).replace('"n1"', '"other"')
    refused = cli("record", "m-1", stdin=changed)
    assert refused.code == 2 and "with other content" in refused.err  # no retry clears it
    assert rows(db) == stored


def test_the_store_takes_an_exact_resend_whatever_seq_the_sender_saw(tmp_path: Path) -> None:
    from store import EventStore
    from tests.helpers import note, start

    with EventStore.open(tmp_path / "s.db", create=True) as store:
        store.append("m-1", 0, [start()])
        batch = [note(1), note(1)]
        first = store.append("m-1", 1, batch)
        store.append("m-1", 3, [note(1)])
        assert store.append("m-1", 4, batch) == first  # the head moved on since: still the same batch
        assert store.count() == 4


# ---- export -o: never the database, never an existing file without --force, never half a file ----


def test_export_refuses_to_write_over_the_database_it_reads(cli: Cli, db: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    before = db.read_bytes()
    for args in (("-o", str(db)), ("-o", str(db), "--force")):
        result = cli("export", "m-1", *args)
        assert result.code == 2 and "is the store's database" in result.err, result.err
    link = db.parent / "other-name.db"
    link.hardlink_to(db)  # the same file under another name: the same inode
    assert cli("export", "m-1", "-o", str(link), "--force").code == 2
    assert db.read_bytes() == before
    assert cli("matches").code == 0


def test_export_replaces_an_existing_file_only_with_force(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    target = tmp_path / "out.json"
    target.write_text("keep me")
    refused = cli("export", "m-1", "-o", str(target))
    assert refused.code == 2 and "already exists" in refused.err and "--force" in refused.err
    assert target.read_text() == "keep me"
    assert cli("export", "m-1", "-o", str(target), "--force").code == 0
    assert json.loads(target.read_text())["matches"][0]["match_id"] == "m-1"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_export_to_a_folder_is_one_line(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    result = cli("export", "m-1", "-o", str(tmp_path))
    assert result.code == 2 and "is a folder" in result.err


def test_an_export_that_cannot_be_written_whole_leaves_no_file(cli: Cli, db: Path, tmp_path: Path) -> None:
    """A write that fails half-way (here the file-size limit, as a full disk would) leaves nothing."""
    import subprocess
    import sys

    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "8", "--id", "m-1").code == 0
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "out.json"
    limit = 40_000  # room for SQLite's 32 KiB shared-memory file, not for the export (over 100 KB)
    script = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "from replay.cli import run\n"
        f"sys.exit(run(['export', 'm-1', '-o', {str(target)!r}, '--db', {str(db)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"taikyoku: error: could not write {target}:")
    assert "nothing was written" in done.stderr and done.stderr.count("\n") == 1
    assert list(target.parent.iterdir()) == []  # neither the file nor its temporary


# ---- what verify would call corrupt is refused at the door ----------------------------------


@pytest.mark.parametrize(
    ("args", "env", "says"),
    [
        (
            ("new", "tensho", "-p", "A" * 65, "-p", "B"),
            {},
            "player 0's name 'AAAAAAAAAAAAAAAAAAAA'... is 65 characters",
        ),
        (("new", "tensho", "-p", "", "-p", "B"), {}, "player 0's name is empty"),
        (("new", "tensho", "-p", "A", "-p", "B", "--by", "r" * 201), {}, "--by (or TAIKYOKU_RECORDER) is 201"),
        (("new", "tensho", "-p", "A", "-p", "B"), {"TAIKYOKU_RECORDER": "r" * 300}, "is 300 characters long"),
        (("new", "tensho", "-p", "A", "-p", "B", "--length", "1001"), {}, "--length"),
        (("new", "tensho", "-p", "A", "-p", "B", "--length", "99999999999999999999"), {}, "--length"),
    ],
    ids=["long-name", "empty-name", "long-by", "long-recorder-env", "length", "huge-length"],
)
def test_a_new_match_that_verify_would_reject_is_refused_and_nothing_is_written(
    cli: Cli, db: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], env: dict[str, str], says: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = cli(*args)
    assert result.code == 2, result.err
    assert says in result.err and result.err.count("\n") == 1
    assert not db.exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("note", "m-1", "1", "t" * 4001), "text is 4001 characters long; it may be at most 4000"),
        (("dispute", "m-1", "1", "t" * 4001), "text is 4001 characters long; it may be at most 4000"),
        (("note", "m-1", "1", "ok", "--by", "r" * 201), "--by (or TAIKYOKU_RECORDER) is 201"),
        (("claim", "m-1", "--round", "1", "--points", "99999999999999,0"), "points[0] is 99999999999999"),
    ],
    ids=["long-note", "long-dispute", "long-by", "huge-claim"],
)
def test_a_record_that_verify_would_reject_is_refused_and_nothing_is_written(
    cli: Cli, db: Path, args: tuple[str, ...], says: str
) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    before = rows(db)
    result = cli(*args)
    assert result.code == 2, result.err
    assert says in result.err and result.err.count("\n") == 1
    assert rows(db) == before
    assert cli("verify").code == 0


def test_the_store_itself_refuses_a_recorder_verify_would_reject(tmp_path: Path) -> None:
    from events.envelope import new_event
    from events.errors import InputError
    from store import EventStore
    from tests.helpers import tensho_started

    with EventStore.open(tmp_path / "s.db", create=True) as store:
        with pytest.raises(InputError, match="recorded_by is 201 characters long"):
            store.append("m-1", 0, [new_event(tensho_started(), recorded_by="r" * 201)])
        assert store.count() == 0
        store.append("m-1", 0, [new_event(tensho_started(), recorded_by="r" * 200)])
        assert store.verify() == []


# ---- imports: each game all or nothing; --strict all or nothing for the command -----------------


def _two_match_export(cli: Cli, tmp_path: Path) -> Path:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    assert cli("simulate", "tensho", "--seed", "2", "--rounds", "1", "--id", "m-2").code == 0
    path = tmp_path / "both.json"
    assert cli("export", "--all", "-o", str(path)).code == 0
    return path


def test_import_as_stores_one_exported_match_again_under_a_new_id_and_new_event_ids(cli: Cli, tmp_path: Path) -> None:
    path = _two_match_export(cli, tmp_path)
    one = tmp_path / "m-1.jsonl"
    assert cli("export", "m-1", "--format", "jsonl", "-o", str(one)).code == 0
    before = rows(cli.db)
    result = cli("import", str(one), "--as", "m-1-table-4")
    assert result.code == 0, result.err
    assert result.out.startswith("imported m-1-table-4 from m-1.jsonl: 42 events")
    original = cli("export", "m-1").json()["matches"][0]["events"]
    again = cli("export", "m-1-table-4").json()["matches"][0]["events"]
    assert [(e["payload"], e["recorded_at"], e["recorded_by"]) for e in again] == [
        (e["payload"], e["recorded_at"], e["recorded_by"]) for e in original
    ]
    assert {e["event_id"] for e in again}.isdisjoint(e["event_id"] for e in original)
    assert cli("verify").code == 0
    # Refused with nothing written: an export of two matches, a Tenhou log, a bad id, an id taken.
    stored = rows(cli.db)
    assert len(stored) == len(before) + 42
    two = cli("import", str(path), "--as", "m-3")
    assert two.code == 2 and two.err == (
        "taikyoku: error: --as m-3 names one match, and the files hold 2; export that one match alone\n"
    )
    log = cli("import", str(CORPUS / "mjai-reviewer-rinshan.json"), "--as", "m-3")
    assert log.code == 2 and "--as takes a taikyoku json or jsonl export" in log.err
    assert cli("import", str(one), "--as", "Bad Id").code == 2
    taken = cli("import", str(one), "--as", "m-2")
    assert taken.code == 1 and "match m-2 is already in" in taken.err
    assert rows(cli.db) == stored
    assert not (tmp_path / "fresh.db").exists()
    assert cli("import", str(path), "--as", "m-3", "--db", str(tmp_path / "fresh.db")).code == 2
    assert not (tmp_path / "fresh.db").exists()


def test_a_match_listed_twice_in_an_export_is_skipped_once_and_the_rest_imported(cli: Cli, tmp_path: Path) -> None:
    path = _two_match_export(cli, tmp_path)
    document = json.loads(path.read_text())
    document["matches"].insert(1, document["matches"][0])  # m-1, m-1 again, m-2
    path.write_text(json.dumps(document))
    target = tmp_path / "target.db"
    result = cli("import", str(path), "--format", "json", "--db", str(target), "--json")
    assert result.code == 1, result.err  # a finding, not a conflict to retry
    report = result.json()
    assert [e["match_id"] for e in report["imported"]] == ["m-1", "m-2"]
    assert [e["match_id"] for e in report["skipped"]] == ["m-1"]
    assert cli("verify", "--db", str(target)).code == 0


def test_strict_imports_nothing_when_one_match_is_already_there(cli: Cli, tmp_path: Path) -> None:
    path = _two_match_export(cli, tmp_path)
    target = tmp_path / "target.db"
    single = tmp_path / "m2.json"
    assert cli("export", "m-2", "-o", str(single)).code == 0
    assert cli("import", str(single), "--format", "json", "--db", str(target)).code == 0
    before = rows(target)
    result = cli("import", str(path), "--format", "json", "--strict", "--db", str(target))
    assert result.code == 1 and "match m-2 is already in" in result.err
    assert rows(target) == before  # m-1 was not imported either


def test_a_log_file_whose_name_is_too_short_for_an_id_still_imports(cli: Cli, db: Path, tmp_path: Path) -> None:

    log = json.loads((CORPUS / "mjai-reviewer-ryukyoku.json").read_text())
    log.pop("ref", None)
    short = tmp_path / "1.json"
    short.write_text(json.dumps(log))
    other = tmp_path / "other-log.json"
    other.write_text(json.dumps(log))
    result = cli("import", str(short), str(other), "--json")
    assert result.code == 0, result.err
    assert [e["match_id"] for e in result.json()["imported"]] == ["tenhou-1", "other-log"]


def _renamed(match: dict, new_id: str) -> dict:  # type: ignore[type-arg]
    """The same events under another match id, the chain re-hashed as a forger would."""
    from events.canonical import dumps
    from events.envelope import envelope_text
    from store.chain import GENESIS, link

    previous, events = GENESIS, []
    for event in match["events"]:
        body = {**event, "match_id": new_id}
        text = envelope_text(
            match_id=new_id, seq=body["seq"], event_id=body["event_id"], type=body["type"],
            schema_version=body["schema_version"], recorded_at=body["recorded_at"],
            recorded_by=body["recorded_by"], payload_text=dumps(body["payload"]),
        )  # fmt: skip
        body["prev_hash"], body["hash"] = previous, link(previous, text)
        previous = body["hash"]
        events.append(body)
    return {"match_id": new_id, "events": events, "head_hash": previous, "event_count": len(events)}


def test_a_match_whose_event_ids_are_stored_already_is_skipped_and_the_others_imported(
    cli: Cli, tmp_path: Path
) -> None:
    path = _two_match_export(cli, tmp_path)
    document = json.loads(path.read_text())
    m1, m2 = document["matches"]
    document["matches"] = [m1, _renamed(m2, "m-2-copy"), m2]  # the copy reuses m-2's event ids
    path.write_text(json.dumps(document))
    target = tmp_path / "target.db"
    result = cli("import", str(path), "--format", "json", "--db", str(target), "--json")
    assert result.code == 1, result.err  # a finding: never exit 3, never a half-done command
    report = result.json()
    assert [e["match_id"] for e in report["imported"]] == ["m-1", "m-2-copy"]
    assert [e["match_id"] for e in report["skipped"]] == ["m-2"]
    strict_target = tmp_path / "strict.db"
    strict = cli("import", str(path), "--format", "json", "--strict", "--db", str(strict_target))
    assert strict.code == 1 and "event ids already stored" in strict.err
    assert rows(strict_target) == []


# ---- an export carries each match's head and event count: a cut file is refused ---------------


def test_a_jsonl_export_cut_by_thirty_lines_is_refused(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "2", "--id", "m-1").code == 0
    path = tmp_path / "m.jsonl"
    assert cli("export", "m-1", "--format", "jsonl", "-o", str(path)).code == 0
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-30]) + "\n")
    target = tmp_path / "t.db"
    imported = cli("import", str(path), "--format", "jsonl", "--db", str(target))
    assert imported.code == 1 and "has no head" in imported.err and "was cut" in imported.err
    assert rows(target) == []
    verified = cli("verify", "--file", str(path))
    assert verified.code == 4 and "has no head" in verified.out


def test_a_json_export_with_its_last_events_and_head_removed_is_refused(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "2", "--id", "m-1").code == 0
    path = tmp_path / "m.json"
    assert cli("export", "m-1", "-o", str(path)).code == 0
    document = json.loads(path.read_text())
    match = document["matches"][0]
    match["events"] = match["events"][:-5]
    del match["head_hash"]
    path.write_text(json.dumps(document))
    target = tmp_path / "t.db"
    assert cli("import", str(path), "--format", "json", "--db", str(target)).code == 1
    assert not target.exists()  # nothing imported: no database left behind either
    match["head_hash"] = match["events"][-1]["hash"]  # a head made to fit: the count still says more
    path.write_text(json.dumps(document))
    result = cli("import", str(path), "--format", "json", "--db", str(target))
    assert result.code == 1 and "but its head says" in result.err
    assert rows(target) == []


def _rehashed(match: dict[str, object]) -> None:
    """Recompute an edited match's chain and head, as a forger with the export alone would."""
    from events.canonical import dumps
    from events.envelope import envelope_text
    from store.chain import GENESIS, link

    previous = GENESIS
    events = match["events"]
    assert isinstance(events, list)
    for event in events:
        event["prev_hash"] = previous
        text = envelope_text(
            match_id=event["match_id"], seq=event["seq"], event_id=event["event_id"], type=event["type"],
            schema_version=event["schema_version"], recorded_at=event["recorded_at"],
            recorded_by=event["recorded_by"], payload_text=dumps(event["payload"]),
        )  # fmt: skip
        event["hash"] = previous = link(previous, text)
    match["head_hash"] = previous


def _yaku_set_flipped(cli: Cli, seed: int, tmp_path: Path) -> Path:
    """Simulate a one-round Tensho match, export it, and forge the export: the other yaku set, re-hashed."""
    source = tmp_path / f"source-{seed}.db"
    assert cli("simulate", "tensho", "--seed", str(seed), "--rounds", "1", "--id", "m-1", "--db", str(source)).code == 0
    path = tmp_path / f"forged-{seed}.json"
    assert cli("export", "m-1", "-o", str(path), "--db", str(source)).code == 0
    document = json.loads(path.read_text())
    match = document["matches"][0]
    chosen = [e for e in match["events"] if e["type"] == "tensho.yaku_set_chosen"]
    assert len(chosen) == 1
    chosen[0]["payload"]["yaku_set"] = 3 - chosen[0]["payload"]["yaku_set"]
    _rehashed(match)
    path.write_text(json.dumps(document))
    return path


def test_a_rehashed_yaku_set_change_is_refused_where_it_makes_a_recorded_move_illegal(cli: Cli, tmp_path: Path) -> None:
    # Seed 4's round is played under set 1; under set 2 a capture at seq 26 completes an instant
    # win (Red Four or the back Elder are set 2's), so the round ends there and seq 27's draw
    # cannot have happened. The chain and head are consistent: only the rules can see it.
    forged = _yaku_set_flipped(cli, 4, tmp_path)
    target = tmp_path / "t.db"
    assert cli("verify", "--file", str(forged)).code == 0  # the chain alone is whole
    result = cli("import", str(forged), "--format", "json", "--db", str(target))
    assert result.code == 1 and "seq 27 (draw)" in result.err and "no round is in progress" in result.err
    assert rows(target) == []


def test_a_rehashed_yaku_set_change_the_rules_allow_is_caught_only_by_a_published_fingerprint(
    cli: Cli, tmp_path: Path
) -> None:
    # Seed 1's round plays out the same under either set: the forgery imports and verifies (the
    # README says so), and only the fingerprint published from the real store tells it apart.
    forged = _yaku_set_flipped(cli, 1, tmp_path)
    published = cli("verify", "--heads", "--json", "--db", str(tmp_path / "source-1.db"))
    fingerprint = json.loads(published.out)["fingerprint"]
    target = tmp_path / "t.db"
    assert cli("import", str(forged), "--format", "json", "--db", str(target)).code == 0
    assert cli("verify", "--db", str(target)).code == 0
    checked = cli("verify", "--against", fingerprint, "--db", str(target))
    assert checked.code == 4 and "do not match the published fingerprint" in checked.out
    assert cli("verify", "--against", fingerprint, "--db", str(tmp_path / "source-1.db")).code == 0


def test_an_export_of_the_old_version_without_counts_is_refused_with_what_to_do(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "taikyoku", "version": 1, "matches": []}))
    result = cli("import", str(path), "--format", "json", "--db", str(tmp_path / "t.db"))
    assert result.code == 2 and "export the matches again" in result.err


# ---- a store on a read-only file system is read, not called corrupt ----------------------------


@pytest.fixture
def readonly_store(cli: Cli, db: Path, tmp_path: Path) -> Iterator[Path]:
    """The store on a read-only bind mount (root mounts it; CI runs as root, so it always runs there)."""
    import os
    import subprocess

    if os.geteuid() != 0 and not os.environ.get("CI"):
        pytest.skip("mounting a read-only file system needs root; CI runs this as root")
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    with EventStore.open(db) as store:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    import tempfile

    mount = Path(tempfile.mkdtemp(prefix="taikyoku-disc-"))
    subprocess.run(["mount", "--bind", str(db.parent), str(mount)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(mount)], check=True)
        yield mount / db.name
    finally:
        subprocess.run(["umount", "--lazy", str(mount)], check=True)
        mount.rmdir()


def test_a_store_on_a_read_only_file_system_is_read_and_refuses_writes_in_one_line(
    cli: Cli, readonly_store: Path
) -> None:
    writable = Path(str(readonly_store).replace(str(readonly_store.parent), str(cli.db.parent)))  # the same file
    before = rows(writable)
    for command in (("matches",), ("log", "m-1"), ("replay", "m-1"), ("verify",), ("export", "m-1")):
        result = cli(*command, "--db", str(readonly_store))
        assert result.code == 0, (command, result.err)
    refused = cli("note", "m-1", "1", "hello", "--db", str(readonly_store))
    assert refused.code == 2 and "is read-only" in refused.err
    assert rows(writable) == before
