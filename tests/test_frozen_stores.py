"""A store written today must replay the same in ten years. Each folder of `tests/data/stores/`
holds a store made by an earlier version and what that version printed of it; today's code opens
a copy and must print the same: it verifies with the same fingerprint (every stored event
unchanged: ids, seqs, hashes), lists the same matches and standings, and every replay and audit
gives what it gave. A document may have gained fields since; every value the old one had must
be there, unchanged, but for a value the old version printed wrongly (``CORRECTED``, each with
why). A folder is added for each release and never removed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.paths import ROOT

# What an older version printed wrongly and today's code prints rightly, each said once with why;
# every other value must stay as it was.
CORRECTED = {
    # A riichi match listed complete after the first hand of its hanchan (its own replay said
    # complete: false); a match is finished when its rules end it.
    ("2026-12-01", "matches.out[4].status: 'complete', now 'in play'"),
    # The audit never held a log's own final results against the rules': this Tenhou game's sc says
    # +70.7, -53.2, -17.5, and the match, recorded before riichi.finalRounding was declared, rounds to
    # whole thousands (+70, -53, -17) as that version did. The audit now says so.
    ("2026-12-01", "audit 2024010120gm-00b9-0000-e324b88a.code: 0, now 1"),
    ("2026-12-01", "audit 2024010120gm-00b9-0000-e324b88a.out.ok: True, now False"),
    (
        "2026-12-01",
        "audit 2024010120gm-00b9-0000-e324b88a.out.findings: 0 items, now [{'kind': 'claim', 'code': "
        "'claim.final_differs', 'message': 'final scores and results are 75700 (+70.7), 6800 (-53.2), 22500 "
        "(-17.5); ",
    ),
}

STORES = sorted(p for p in (ROOT / "tests" / "data" / "stores").iterdir() if p.is_dir())


def _run(cli: Cli, *args: str) -> dict[str, Any]:
    result = cli(*args)
    return {"code": result.code, "out": json.loads(result.out) if result.out.strip() else None}


@pytest.mark.parametrize("folder", STORES, ids=[p.name for p in STORES])
def test_a_store_an_older_version_wrote_reads_and_replays_as_it_did(tmp_path: Path, capsys: Any, folder: Path) -> None:
    copy = tmp_path / "store.sqlite3"
    shutil.copy(folder / "store.sqlite3", copy)
    cli = Cli(copy, capsys)
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    # `stats` was printed too, but what the report groups and how is today's choice (anonymous
    # players, three-player riichi apart), not the store's record: it is not compared.
    expected.pop("stats", None)
    now = {"verify": _run(cli, "verify", "--json", "--heads"), "matches": _run(cli, "matches", "--json")}
    for match in [row["match_id"] for row in expected["matches"]["out"]]:
        now[f"replay {match}"] = _run(cli, "replay", match, "--json")
        now[f"audit {match}"] = _run(cli, "audit", match, "--json")
    # The same fingerprint and heads: no stored event changed (verify's own report may have gained fields).
    assert (now["verify"]["code"], now["verify"]["out"]["fingerprint"], now["verify"]["out"]["heads"]) == (
        expected["verify"]["code"], expected["verify"]["out"]["fingerprint"], expected["verify"]["out"]["heads"])  # fmt: skip
    for key in sorted(expected):
        changed = [c for c in _changed(expected[key], now[key], key) if (folder.name, c) not in CORRECTED]
        assert changed == [], key
    assert sorted(now) == sorted(expected)


def _changed(old: Any, new: Any, where: str) -> list[str]:
    """Where ``new`` does not hold every value ``old`` holds (fields added since are allowed)."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{where}: now {new!r}"]
        found = []
        for key, value in old.items():
            found += [f"{where}.{key}: gone"] if key not in new else _changed(value, new[key], f"{where}.{key}")
        return found
    if isinstance(old, list):
        if not isinstance(new, list) or len(old) != len(new):
            return [f"{where}: {len(old)} items, now {new!r}"[:200]]
        found = []
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            found += _changed(a, b, f"{where}[{index}]")
        return found
    return [] if old == new else [f"{where}: {old!r}, now {new!r}"]


def test_a_new_three_player_match_under_tenhou_is_still_refused(tmp_path: Path, capsys: Any) -> None:
    """The ruleset replays the three-player matches recorded under it; a new one is tenhou-sanma's."""
    cli = Cli(tmp_path / "new.db", capsys)
    refused = cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "--ruleset", "tenhou")
    assert refused.code == 2
    assert "the tenhou ruleset is for 4 players; for 3, use --ruleset tenhou-sanma" in refused.err
