"""mjai: every corpus game exported as mjai is what mjai-reviewer's own converter (convlog-rs)
makes of the same tenhou.net/6 file, and mjai read back and written again is byte-identical."""

from __future__ import annotations

import json
from pathlib import Path

import convlog_rs
import pytest

from store import EventStore
from tests.helpers import Cli, rows
from tests.paths import CORPUS, CORPUS_MORE

GAMES = sorted(CORPUS_MORE.glob("*.json")) + sorted(CORPUS.glob("*.json"))
# What convlog and we write differently, each checked to be exactly this:
# - confusing_nakis_2 contradicts itself; its hand is kept as the log recorded it, without the
#   moves after the refusal, so its mjai ends there (issue 15 item 8).
# - suukantsu_0: four kans by one player in a row; convlog turns the pending kan dora over at
#   the next kan, we with the next discard, as Tenhou's log does. The same indicators, in another place.
DIFFERENT = {"mjai-reviewer-confusing_nakis_2.json", "mjai-reviewer-suukantsu_0.json"}
# convlog reads Tenhou's own export only, not the viewer's one-hand-per-line shape.
CONVLOG_CANNOT = {"viewer-2019080322gm-00a9-0000-81e85e04-one-hand-per-line.json"}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from replay.cli import run

    db = tmp_path_factory.mktemp("mjai") / "corpus.db"
    assert run(["import", *map(str, GAMES), "--db", str(db), "--json"]) == 1  # two logs with findings
    return db


def _match_ids(db: Path) -> dict[str, str]:
    """File name -> match id, from the import's own naming."""
    from replay.games.riichi.logs.tenhou6.read import read
    from replay.games.riichi.logs.tenhou6.reading import match_id_for

    found = {}
    for path in GAMES:
        (game, *_) = read(path.read_bytes(), path.name)
        found[path.name] = match_id_for(game, 0, 1)
    return found


def test_the_mjai_export_of_every_game_is_what_mjai_reviewers_converter_makes(
    store: Path, cli: Cli, tmp_path: Path
) -> None:
    same = 0
    for name, match_id in _match_ids(store).items():
        if name in CONVLOG_CANNOT:
            with pytest.raises(Exception, match="failed to parse"):
                convlog_rs.tenhou_to_mjai((CORPUS / name).read_text(encoding="utf-8"))
            continue
        source = CORPUS_MORE / name if (CORPUS_MORE / name).exists() else CORPUS / name
        expected = convlog_rs.tenhou_to_mjai(source.read_text(encoding="utf-8"))
        out = tmp_path / f"{match_id}.mjson"
        assert cli("export", match_id, "--format", "mjai", "-o", str(out), "--db", str(store)).code == 0
        lines = out.read_text(encoding="utf-8").splitlines()
        if name in DIFFERENT:
            assert lines != expected
            continue
        assert lines == expected, name
        same += 1
    assert same == 81  # 57 + 27, less the two above and the one convlog cannot read


def test_mjai_read_back_and_written_again_is_byte_identical(store: Path, cli: Cli, tmp_path: Path) -> None:
    """Every game written as mjai, the 83 files read back in one import (into a store of their own),
    and each match written again: the same bytes."""
    first_dir, again = tmp_path / "first", tmp_path / "again.db"
    first_dir.mkdir()
    names = {}
    for name, match_id in _match_ids(store).items():
        if name == "mjai-reviewer-confusing_nakis_2.json":
            continue
        first = first_dir / f"{match_id}.mjson"
        assert cli("export", match_id, "--format", "mjai", "-o", str(first), "--db", str(store)).code == 0
        names[first.name] = name
    imported = cli("import", str(first_dir), "--db", str(again), "--json")
    assert imported.code == 1, imported.err  # one log with findings: the stick confusing_nakis_1 leaves out
    report = imported.json()
    assert report["skipped"] == []
    with_findings = sorted(names[r["file"].rsplit("/", 1)[-1]] for r in report["imported"] if r["findings"])
    assert with_findings == ["mjai-reviewer-confusing_nakis_1.json"]
    checked = 0
    for done in report["imported"]:
        first = first_dir / done["file"].rsplit("/", 1)[-1]
        second = tmp_path / f"{done['match_id']}-again.mjson"
        assert cli("export", done["match_id"], "--format", "mjai", "-o", str(second), "--db", str(again)).code == 0
        assert first.read_bytes() == second.read_bytes(), names[first.name]
        checked += 1
    assert checked == 83


def test_an_mjai_import_of_convlogs_output_stores_what_the_tenhou6_import_stores(cli: Cli, tmp_path: Path) -> None:
    # A game with kans, a liable (pao) daisangen and red fives, read from both formats.
    source = CORPUS / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    mjai_file = tmp_path / "2019103023gm-00a9-0000-f90e0fe9.mjson"
    mjai_file.write_text("\n".join(convlog_rs.tenhou_to_mjai(source.read_text(encoding="utf-8"))) + "\n")
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert cli("import", str(source), "--db", str(a)).code == 0
    assert cli("import", str(mjai_file), "--db", str(b)).code == 0
    with EventStore.open(a) as left, EventStore.open(b) as right:
        (x,), (y,) = [m.match_id for m in left.matches()], [m.match_id for m in right.matches()]
        moves_a = [_move(e.type, e.payload) for e in left.read(x) if e.type not in ("claim", "match_started")]
        moves_b = [_move(e.type, e.payload) for e in right.read(y) if e.type not in ("claim", "match_started")]
    assert len(moves_a) == 614 and moves_a == moves_b


def _move(kind: str, payload: dict[str, object]) -> tuple[str, dict[str, object]]:
    """A move, with a pon's or kan's tiles in one order: Tenhou's call strings place them by the seat
    called from, mjai lists the hand's tiles then the called one; the tiles are the same."""
    if kind == "riichi.call" and payload["kind"] != "chi":
        tiles = payload["tiles"]
        assert isinstance(tiles, list)
        return kind, payload | {"tiles": sorted(tiles)}
    return kind, payload


def test_a_three_player_game_round_trips_through_mjai(cli: Cli, tmp_path: Path) -> None:
    # convlog reads no three-player log (it says so); ours round-trips, kita as nukidora.
    source = CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-e324b88a.json"
    with pytest.raises(Exception, match="failed to parse"):
        convlog_rs.tenhou_to_mjai(source.read_text(encoding="utf-8"))
    db = tmp_path / "t.db"
    assert cli("import", str(source), "--db", str(db)).code == 0
    first, second = tmp_path / "first.mjson", tmp_path / "second.mjson"
    assert (
        cli("export", "2024010120gm-00b9-0000-e324b88a", "--format", "mjai", "-o", str(first), "--db", str(db)).code
        == 0
    )
    assert '{"type":"nukidora","actor":0,"pai":"N"}' in first.read_text(encoding="utf-8")
    again = tmp_path / "again.db"
    assert cli("import", str(first), "--db", str(again)).code == 0
    assert cli("export", "first", "--format", "mjai", "-o", str(second), "--db", str(again)).code == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        (['{"type":"tsumo","actor":0,"pai":"1m"}'], "an mjai game begins with start_game, not tsumo"),
        (
            ['{"type":"start_game","names":["A","B","C","D"]}', '{"type":"tsumo","actor":0,"pai":"1m"}'],
            "tsumo comes outside a hand",
        ),
        (['{"type":"start_game","names":["A","B","C","D"]}', "{not json"], "line 2: not JSON"),
        (
            ['{"type":"start_game","names":["A","B","C","D"]}', '{"type":"fly","actor":0}'],
            "'fly' is not an mjai event taikyoku reads",
        ),
    ],
)
def test_a_broken_mjai_file_is_refused_in_one_line(cli: Cli, tmp_path: Path, lines: list[str], says: str) -> None:
    path = tmp_path / "bad.mjson"
    path.write_text("\n".join(lines) + "\n")
    db = tmp_path / "t.db"
    result = cli("import", str(path), "--format", "mjai", "--db", str(db))
    assert result.code == 1 and says in result.err and result.err.count("\n") == 1, result.err
    assert rows(db) == []


def test_an_mjai_move_the_rules_refuse_is_named_with_its_line(cli: Cli, tmp_path: Path) -> None:
    source = CORPUS / "mjai-reviewer-rinshan.json"
    lines = convlog_rs.tenhou_to_mjai(source.read_text(encoding="utf-8"))
    first_dahai = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "dahai")
    event = json.loads(lines[first_dahai])
    event["pai"] = "9m" if event["pai"] != "9m" else "1m"  # a tile the dealer does not hold
    lines[first_dahai] = json.dumps(event)
    path = tmp_path / "edited.mjson"
    path.write_text("\n".join(lines) + "\n")
    result = cli("import", str(path), "--db", str(tmp_path / "t.db"))
    assert (
        result.code == 1
        and f"edited.mjson line {first_dahai + 1}:" in result.err
        and "[riichi.discard.not_in_hand]" in result.err
    )


# ---- files of several games, and files that only look like mjai ----------------------------


def _convlog(name: str) -> list[str]:
    return list(convlog_rs.tenhou_to_mjai((CORPUS / name).read_text(encoding="utf-8")))


def test_each_game_of_an_mjai_file_is_its_own_match(cli: Cli, tmp_path: Path) -> None:
    first, second = _convlog("mjai-reviewer-rinshan.json"), _convlog("mjai-reviewer-chankan.json")
    path = tmp_path / "night.mjson"
    path.write_text("\n".join(first + second) + "\n")
    db = tmp_path / "t.db"
    done = cli("import", str(path), "--db", str(db), "--json")
    assert done.code == 0, done.err
    assert [e["match_id"] for e in done.json()["imported"]] == ["night-1", "night-2"]
    alone_a, alone_b = tmp_path / "a.mjson", tmp_path / "b.mjson"
    alone_a.write_text("\n".join(first) + "\n")
    alone_b.write_text("\n".join(second) + "\n")
    each = [cli("import", str(p), "--db", str(tmp_path / f"{p.stem}.db"), "--json").json() for p in (alone_a, alone_b)]
    assert [e["imported"][0]["hands"] for e in each] == [e["hands"] for e in done.json()["imported"]]
    assert [e["imported"][0]["events"] for e in each] == [e["events"] for e in done.json()["imported"]]


def test_a_line_after_end_game_that_starts_no_game_is_named(cli: Cli, tmp_path: Path) -> None:
    lines = _convlog("mjai-reviewer-rinshan.json")
    path = tmp_path / "tail.mjson"
    path.write_text("\n".join([*lines, '{"type":"tsumo","actor":0,"pai":"1m"}']) + "\n")
    db = tmp_path / "t.db"
    result = cli("import", str(path), "--db", str(db))
    assert result.code == 1
    assert f"tail.mjson line {len(lines) + 1}: tsumo comes after end_game; a game ends there" in result.err
    assert rows(db) == []


def test_a_tenhou_log_whose_first_line_says_start_game_is_read_as_tenhou(cli: Cli, tmp_path: Path) -> None:
    source = CORPUS / "mjai-reviewer-rinshan.json"
    log = json.loads(source.read_text(encoding="utf-8"))
    log["type"] = "start_game"  # a key mjai's opening has, on Tenhou's one line
    log["names"] = ["A", "B", "C", "D"]
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(log))
    db = tmp_path / "t.db"
    done = cli("import", str(path), "--db", str(db), "--json")
    assert done.code == 0, done.err
    (entry,) = done.json()["imported"]
    plain = cli("import", str(source), "--db", str(tmp_path / "plain.db"), "--json").json()["imported"][0]
    assert (entry["hands"], entry["events"]) == (plain["hands"], plain["events"])
    assert entry["hands"] >= 1


def test_a_game_of_no_hand_is_not_stored_and_the_formats_tried_are_named(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "empty.mjson"
    path.write_text('{"type":"start_game","names":["A","B","C","D"]}\n{"type":"end_game"}\n')
    db = tmp_path / "t.db"
    result = cli("import", str(path), "--db", str(db))
    assert result.code == 1
    assert result.err == (
        "taikyoku: skipped: empty.mjson: no game could be read: as mjai, it holds a game of no hand; "
        'as tenhou6, not a tenhou.net/6 log: no "log" list; give --format to say which it is\n'
    )
    assert result.out == "0 imported, 1 skipped\n"
    assert not db.exists()
