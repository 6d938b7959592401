"""An imported game is dated by when it was played, not by the day it was imported: a Tenhou ref
(``yyyymmddhhgm-...``, the hour the game started in Japan's time) dates every event of the game,
for `matches`, `export` and `stats` alike. A log that says nothing of its time (mjai, a log with
no ref) is dated by its import."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.helpers import Cli
from tests.paths import CORPUS, CORPUS_MORE

TENHOU = CORPUS_MORE / "2013112515gm-00a9-0000-baa070ad.json"  # 2013-11-25 15:00 in Japan: 06:00 UTC
XML = CORPUS_MORE / "xml" / "2013112515gm-00a9-0000-baa070ad.xml"


def test_a_tenhou_game_is_dated_by_its_ref(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(TENHOU), str(CORPUS / "mjai-reviewer-double_ron.json")).code == 0
    started = {m["match_id"]: m["started_at"] for m in cli("matches", "--json").json()}
    assert started["2013112515gm-00a9-0000-baa070ad"] == "2013-11-25T06:00:00Z"
    assert not started["mjai-reviewer-double-ron"].startswith("2013")  # no ref: the day it was imported
    log = cli("log", "2013112515gm-00a9-0000-baa070ad", "--json").json()
    assert {e["recorded_at"] for e in log} == {"2013-11-25T06:00:00Z"}
    rows = list(csv.DictReader(io.StringIO(cli("export", "--all", "--format", "csv").out)))
    assert {r["date"] for r in rows if r["match"].startswith("2013")} == {"2013-11-25"}
    day = cli("stats", "--since", "2013-11-25", "--until", "2013-11-25", "--json").json()
    assert day["matches"] == 1
    later = cli("stats", "--since", "2014-01-01", "--json").json()
    assert later["matches"] == 1  # the other game, dated by its import


def test_the_servers_xml_is_dated_by_its_file_name(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(XML)).code == 0
    (row,) = cli("matches", "--json").json()
    assert row["started_at"] == "2013-11-25T06:00:00Z"


def test_a_ref_that_is_not_a_real_time_dates_the_game_by_its_import(cli: Cli, tmp_path: Path) -> None:
    import json

    log = json.loads(TENHOU.read_text(encoding="utf-8"))
    log["ref"] = "2013133115gm-00a9-0000-baa070ad"  # a 13th month
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    assert cli("import", str(path)).code == 0
    (row,) = cli("matches", "--json").json()
    assert not row["started_at"].startswith("2013")
