"""A read model is a cache derived from events, never a source of truth: `stats` shows a kept
digest only when this code made it at the match's head, and `verify` re-derives every kept digest
and names a match whose cache lies. Real SQLite files, rows changed the way a forger would."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from replay.app import stats
from tests.helpers import Cli


@pytest.fixture
def club(cli: Cli, db: Path) -> Path:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "2", "--id", "m-1").code == 0
    assert cli("simulate", "tensho", "--seed", "2", "--rounds", "2", "--id", "m-2").code == 0
    assert cli("stats", "--json").code == 0  # the digests are kept
    return db


def _row(db: Path, match_id: str) -> tuple[str, dict[str, Any]]:
    with sqlite3.connect(db) as conn:
        head, body = conn.execute(
            "SELECT head_hash, body FROM read_models WHERE match_id = ? AND model = ?", [match_id, stats.DIGEST_MODEL]
        ).fetchone()
    return head, json.loads(body)


def _put(db: Path, match_id: str, body: dict[str, Any]) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE read_models SET body = ? WHERE match_id = ? AND model = ?",
            [json.dumps(body), match_id, stats.DIGEST_MODEL],
        )


def _standings(cli: Cli) -> dict[str, tuple[int, int]]:
    rows = cli("stats", "--json").json()["standings"]["tensho"]
    return {r["player"]: (r["matches"], r["points"]) for r in rows}


def _forged(body: dict[str, Any]) -> dict[str, Any]:
    made = dict(body["value"])
    made["players"] = ["Mallory", *made["players"][1:]]
    made["points"] = [999, *made["points"][1:]]
    return made


def test_a_kept_digest_changed_in_the_database_is_never_shown_and_verify_names_its_match(cli: Cli, club: Path) -> None:
    truth = _standings(cli)
    assert "Mallory" not in truth
    _, body = _row(club, "m-1")
    _put(club, "m-1", body | {"value": _forged(body)})  # the body edited, the seal left as it was
    found = cli("verify")
    assert found.code == 4
    assert "FAIL store.read_model.altered: match m-1: its cached statistics were changed" in found.out
    assert "m-2" not in found.out
    assert _standings(cli) == truth  # stats folds m-1 again, and keeps the true digest
    assert cli("verify").code == 0


def test_a_forgery_with_a_fresh_seal_is_caught_by_verify_and_by_verify_against(cli: Cli, club: Path) -> None:
    """A forger who knows the seal's recipe: stats cannot tell, verify re-derives and can."""
    fingerprint = cli("verify", "--heads", "--json").json()["fingerprint"]
    head, body = _row(club, "m-2")
    _put(club, "m-2", json.loads(stats.DIGESTS.sealed("m-2", head, _forged(body))))
    assert "Mallory" in _standings(cli)
    found = cli("verify", "--json")
    assert found.code == 4
    assert [(f["code"], f["match_id"]) for f in found.json()["findings"]] == [("store.read_model.differs", "m-2")]
    against = cli("verify", "--against", fingerprint)
    assert against.code == 4
    assert "FAIL store.read_model.differs: match m-2" in against.out
    assert "ok:" not in against.out
    assert cli("stats", "--rebuild").code == 0
    assert cli("verify").code == 0
    assert "Mallory" not in _standings(cli)


def test_a_digest_another_code_version_made_is_folded_again(cli: Cli, club: Path) -> None:
    truth = _standings(cli)
    head, body = _row(club, "m-1")
    made = _forged(body)
    text = json.dumps(made, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    old = "0.0.1+0000000000000000"
    _put(club, "m-1", {"code": old, "seal": stats.DIGESTS.seal("m-1", head, old, text), "value": made})
    assert _standings(cli) == truth  # not this code's fold: stats folds the match itself
    assert _row(club, "m-1")[1]["code"] != old  # and keeps its own
    assert cli("verify").code == 0


@pytest.mark.postgres
def test_on_postgresql_a_changed_digest_is_not_shown_and_verify_names_it(cli: Cli, pg_url: str) -> None:
    import psycopg

    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "2", "--id", "m-1", "--db", pg_url).code == 0
    truth = cli("stats", "--json", "--db", pg_url).json()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE read_models SET body = replace(body, '\"points\":[', '\"points\":[999,')")
    found = cli("verify", "--db", pg_url)
    assert found.code == 4 and "FAIL store.read_model.altered: match m-1" in found.out
    assert cli("stats", "--json", "--db", pg_url).json() == truth
