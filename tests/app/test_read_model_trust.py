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


def test_a_forgery_with_a_fresh_seal_is_caught_by_verify_deep_and_by_verify_against_deep(cli: Cli, club: Path) -> None:
    """A forger who holds this installation's secret, so can seal: stats cannot tell, nor can the
    plain verify (it reads seals); --deep folds the matches again and can."""
    fingerprint = cli("verify", "--heads", "--json").json()["fingerprint"]
    head, body = _row(club, "m-2")
    _put(club, "m-2", json.loads(stats.DIGESTS.sealed("m-2", head, _forged(body))))
    assert "Mallory" in _standings(cli)
    assert cli("verify").code == 0  # the seal holds: what the plain check reads
    found = cli("verify", "--deep", "--json")
    assert found.code == 4
    assert [(f["code"], f["match_id"]) for f in found.json()["findings"]] == [("store.read_model.differs", "m-2")]
    against = cli("verify", "--against", fingerprint, "--deep")
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


def _public_seal(model: str, match_id: str, head: str, code: str, text: str) -> str:
    """The seal as anyone could make it without the installation's key: SHA-256 over the same inputs."""
    import hashlib

    return hashlib.sha256(f"{model}\n{match_id}\n{head}\n{code}\n{text}".encode()).hexdigest()


def _canonical(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def test_a_digest_resealed_without_the_key_is_never_shown_and_verify_names_it(cli: Cli, club: Path) -> None:
    """Plant: the seal as a plain SHA-256 over public inputs (a forger rewrote the row and sealed it
    again, and stats showed Mallory while verify passed)."""
    truth = _standings(cli)
    head, body = _row(club, "m-2")
    made = _forged(body)
    code = body["code"]
    _put(club, "m-2", {"code": code, "seal": _public_seal(stats.DIGEST_MODEL, "m-2", head, code, _canonical(made)),
                       "value": made})  # fmt: skip
    assert _standings(cli) == truth  # not shown: stats folds m-2 again
    _put(club, "m-2", {"code": code, "seal": _public_seal(stats.DIGEST_MODEL, "m-2", head, code, _canonical(made)),
                       "value": made})  # fmt: skip
    found = cli("verify", "--json")
    assert found.code == 4
    assert [(f["code"], f["match_id"]) for f in found.json()["findings"]] == [("store.read_model.altered", "m-2")]


def _results(db: Path) -> list[tuple[str, str, dict[str, Any]]]:
    with sqlite3.connect(db) as conn:
        found = conn.execute(
            "SELECT match_id, head_hash, body FROM read_models WHERE model = ?", [stats.RESULT_MODEL]
        ).fetchall()
    return [(key, head, json.loads(body)) for key, head, body in found]


def _put_result(db: Path, key: str, body: dict[str, Any]) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE read_models SET body = ? WHERE match_id = ? AND model = ?",
                     [json.dumps(body), key, stats.RESULT_MODEL])  # fmt: skip


def test_kept_statistics_rewritten_and_resealed_are_never_shown_and_verify_checks_them(cli: Cli, club: Path) -> None:
    """Plant: verify not checking the kept statistics rows, or their seal a plain SHA-256."""
    truth = cli("stats", "--json").json()
    ((key, made_at, body),) = _results(club)
    forged = json.loads(body["value"]["json"])
    forged["matches"] = forged["matches"] + 40
    value = body["value"] | {"json": json.dumps(forged)}
    seal = _public_seal(stats.RESULT_MODEL, key, made_at, body["code"], _canonical(value))
    _put_result(club, key, {"code": body["code"], "seal": seal, "value": value})
    assert cli("stats", "--json").json() == truth  # added up again, not the forgery
    _put_result(club, key, {"code": body["code"], "seal": seal, "value": value})
    found = cli("verify", "--json")
    assert found.code == 4 and [f["code"] for f in found.json()["findings"]] == ["store.read_model.altered"]
    # Sealed with this installation's own key (only its code can), a lie is still found by adding up again.
    _put_result(club, key, json.loads(stats.RESULTS.sealed(key, made_at, value)))
    found = cli("verify", "--json")
    assert found.code == 4 and [f["code"] for f in found.json()["findings"]] == ["store.read_model.differs"]
    assert cli("stats", "--rebuild").code == 0 and cli("verify").code == 0
    assert cli("stats", "--json").json() == truth


def test_where_the_secret_cannot_be_read_nothing_is_kept_and_everything_is_folded(
    cli: Cli, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    truth = _standings(cli)
    bad = tmp_path / "not-a-secret"
    bad.write_text("hello")
    bad.chmod(0o600)
    monkeypatch.setenv("TAIKYOKU_SECRET_FILE", str(bad))
    assert _standings(cli) == truth  # every kept row unsealed to this key: folded, and nothing kept
    with sqlite3.connect(club) as conn:
        conn.execute("DELETE FROM read_models")
    assert _standings(cli) == truth and cli("matches", "--json").code == 0
    with sqlite3.connect(club) as conn:
        assert conn.execute("SELECT count(*) FROM read_models").fetchone() == (0,)


def test_rows_another_installation_sealed_are_neither_shown_nor_called_altered(
    cli: Cli, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two machines sharing one store under different secrets (a club's PostgreSQL server): each
    folds for itself what the other kept, and `verify` on either finds nothing wrong. Plant: every
    row that fails this installation's seal called altered (verify failed on the other machine's)."""
    truth = _standings(cli)
    monkeypatch.setenv("TAIKYOKU_SECRET_FILE", str(tmp_path / "other-machine"))
    assert _standings(cli) == truth  # the rows kept under the first secret: folded again here
    assert cli("verify").code == 0
    monkeypatch.delenv("TAIKYOKU_SECRET_FILE")
    assert cli("verify").code == 0 and _standings(cli) == truth
