"""A club night exported whole: its own stream and every table it seated, imported into another
store as the same night (its sheet, its standings, its chains); `verify` says it checked the
night's own chain. Real SQLite files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import Cli

EIGHT = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Hana"]


def test_a_night_exported_holds_its_tables_and_is_the_same_night_where_it_is_imported(
    cli: Cli, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plant: the night's own events alone (its tables left behind), or an import refusing a
    night's stream as a match that does not start with match_started."""
    assert (
        cli("night", "open", "riichi", *[a for n in EIGHT for a in ("-p", n)], "--id", "night-x", "--seed", "1").code
        == 0
    )
    tables = [t["match_id"] for t in cli("night", "seat", "night-x", "--json").json()["sessions"][0]["tables"]]
    assert tables == ["night-x-t1", "night-x-t2"]
    for table in tables:
        assert cli("round", table).code == 0
        assert cli("result", table, "ron", "S", "mangan", "from", "N").code == 0
    exported = tmp_path / "night.json"
    assert cli("export", "night-x", "-o", str(exported)).code == 0
    document = json.loads(exported.read_text())
    assert [m["events"][0]["match_id"] for m in document["matches"]] == ["night-x", "night-x-t1", "night-x-t2"]
    rows = cli("export", "night-x", "--format", "csv").out.splitlines()
    assert [row.split(",")[0] for row in rows[1:]] == ["night-x-t1", "night-x-t2"]  # a round a row: the tables'

    elsewhere = Cli(tmp_path / "elsewhere.db", capsys)
    imported = elsewhere("import", str(exported))
    assert imported.code == 0, imported.err
    assert imported.out.splitlines() == [
        f"imported {stream} from night.json: 3 events, head {document['matches'][n]['head_hash'][:12]}"
        for n, stream in enumerate(["night-x", "night-x-t1", "night-x-t2"])
    ]
    assert elsewhere("night", "show", "night-x").out == cli("night", "show", "night-x").out
    # Each table: the non-dealer South's mangan from North, 8,000: 33,000 and 17,000 (30,000
    # returned, 20 oka, uma 20/10/-10/-20): +43.0, +5.0, -15.0, -33.0.
    standings = elsewhere("night", "show", "night-x", "--json").json()["standings"]["riichi"]
    assert sorted(r["shown"] for r in standings) == sorted(["+43.0", "+5.0", "-15.0", "-33.0"] * 2)
    assert elsewhere("verify").out == (
        "ok: 9 events in 2 matches and 1 club night; hash chains intact; every event valid against its schema\n"
    )
    assert elsewhere("verify", "night-x").out.startswith("ok: 3 events in night night-x; hash chains intact")
    assert elsewhere("verify", "--json").json()["nights"] == 1
