"""Altering a stored row behind the store's back is caught by verify (exit 4, naming the row)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.helpers import NO_UPDATE_TRIGGER, Cli


def recorded(cli: Cli) -> str:
    match = cli("new", "tensho", "-p", "Alice", "-p", "Bob", "--id", "m-1").out.strip()
    lines = '{"type":"round_started","payload":{"round":1,"dealer":0}}\n' + "\n".join(
        f'{{"type":"annotation","payload":{{"seq":2,"kind":"note","text":"n{i}"}}}}' for i in range(3)
    )
    assert cli("record", match, stdin=lines).code == 0
    return match


def test_altered_payload_fails_verify_naming_the_row(cli: Cli, db: Path) -> None:
    recorded(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("""UPDATE events SET payload = '{"kind":"note","seq":2,"text":"forged"}' WHERE seq = 4""")
        position = conn.execute("SELECT position, event_id FROM events WHERE seq = 4").fetchone()
    result = cli("verify")
    assert result.code == 4
    assert "store.trigger_missing" in result.out
    assert f"m-1 seq 4 (row {position[0]}, event {position[1]})" in result.out
    assert "store.chain.hash" in result.out
    report = cli("verify", "m-1", "--json").json()
    chain = [f for f in report["findings"] if f["code"].startswith("store.chain")]
    assert [(f["seq"], f["position"]) for f in chain] == [(4, position[0])]  # the first broken link only


def test_reordered_history_fails_verify(cli: Cli, db: Path) -> None:
    recorded(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute("DELETE FROM events WHERE seq = 3")
    result = cli("verify", "--json")
    assert result.code == 4
    codes = [f["code"] for f in result.json()["findings"]]
    assert "store.chain.gap" in codes


def test_rehashed_row_still_fails_on_the_next_link(cli: Cli, db: Path) -> None:
    # A forger who recomputes one hash breaks the next event's prev_hash link.
    from events.envelope import envelope_text
    from store.chain import link

    recorded(cli)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        row = conn.execute(
            "SELECT match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, prev_hash "
            "FROM events WHERE seq = 3"
        ).fetchone()
        forged = '{"kind":"note","seq":2,"text":"forged"}'
        text = envelope_text(
            match_id=row[0],
            seq=row[1],
            event_id=row[2],
            type=row[3],
            schema_version=row[4],
            recorded_at=row[5],
            recorded_by=row[6],
            payload_text=forged,
        )
        conn.execute("UPDATE events SET payload = ?, hash = ? WHERE seq = 3", (forged, link(row[7], text)))
    result = cli("verify", "--json")
    assert result.code == 4
    findings = result.json()["findings"]
    assert [(f["code"], f["seq"]) for f in findings if f["code"].startswith("store.chain")] == [
        ("store.chain.prev_hash", 4)
    ]


def test_schema_invalid_row_is_reported(cli: Cli, db: Path) -> None:
    recorded(cli)
    from events.canonical import dumps
    from events.envelope import envelope_text
    from store.chain import link

    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        rows = conn.execute(
            "SELECT position, match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, payload "
            "FROM events ORDER BY seq"
        ).fetchall()
        prev = "0" * 64
        for position, match_id, seq, event_id, type_, version, at, by, payload in rows:
            if seq == 2:
                payload = dumps({"round": 1, "dealer": 0, "extra": 1})
            text = envelope_text(
                match_id=match_id,
                seq=seq,
                event_id=event_id,
                type=type_,
                schema_version=version,
                recorded_at=at,
                recorded_by=by,
                payload_text=payload,
            )
            digest = link(prev, text)
            conn.execute(
                "UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE position = ?",
                (payload, prev, digest, position),
            )
            prev = digest
        conn.execute(NO_UPDATE_TRIGGER)
    result = cli("verify", "--json")
    assert result.code == 4
    findings = result.json()["findings"]
    # The re-hashed chain holds together; the schema catches the edit, and the head written with
    # the last event no longer matches the rewritten chain's end.
    assert [(f["code"], f["seq"]) for f in findings] == [("store.schema", 2), ("store.head_mismatch", 5)]
    assert "unexpected field 'extra'" in findings[0]["message"]


def _rehash(conn: sqlite3.Connection, seq: int, prev_hash: str, payload: str | None = None) -> str:
    """Recompute one row's hash from its columns the way the README documents it, with hashlib and
    the json module alone (no code of ours), and write it back with the given previous hash."""
    import hashlib
    import json

    row = conn.execute(
        "SELECT match_id, seq, event_id, type, schema_version, recorded_at, recorded_by, payload FROM events "
        "WHERE seq = ?",
        (seq,),
    ).fetchone()
    text = payload if payload is not None else row[7]
    envelope = {"event_id": row[2], "match_id": row[0], "payload": json.loads(text), "recorded_at": row[5],
                "recorded_by": row[6], "schema_version": row[4], "seq": row[1], "type": row[3]}  # fmt: skip
    canonical = json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256((prev_hash + canonical).encode("utf-8")).hexdigest()
    conn.execute("UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?", (text, prev_hash, digest, seq))
    return digest


def _forge_seq_3(conn: sqlite3.Connection) -> str:
    """The forger's first step: seq 3's note rewritten and its own hash made right again."""
    conn.execute("DROP TRIGGER events_no_update")
    before = conn.execute("SELECT prev_hash FROM events WHERE seq = 3").fetchone()[0]
    return _rehash(conn, 3, before, '{"kind":"note","seq":2,"text":"forged"}')


def test_a_row_and_the_next_link_rehashed_together_fail_on_the_row_after(cli: Cli, db: Path) -> None:
    # The forger rewrites seq 3 and points seq 4's prev_hash at the new hash; seq 4's own hash
    # covered the old prev_hash, so the chain breaks there.
    recorded(cli)
    with sqlite3.connect(db) as conn:
        forged = _forge_seq_3(conn)
        conn.execute("UPDATE events SET prev_hash = ? WHERE seq = 4", (forged,))
    result = cli("verify", "--json")
    assert result.code == 4
    chain = [(f["code"], f["seq"]) for f in result.json()["findings"] if f["code"].startswith("store.chain")]
    assert chain == [("store.chain.hash", 4)]


def test_a_chain_rehashed_to_its_end_is_caught_by_the_head_written_with_it(cli: Cli, db: Path) -> None:
    # Every link from seq 3 to the last recomputed: each row checks out on its own, but the head
    # the store wrote in the same transaction as the events still names the old last hash.
    recorded(cli)
    with sqlite3.connect(db) as conn:
        prev = _forge_seq_3(conn)
        for seq in range(4, 6):
            prev = _rehash(conn, seq, prev)
    result = cli("verify", "--json")
    assert result.code == 4
    codes = [f["code"] for f in result.json()["findings"]]
    assert not [c for c in codes if c.startswith("store.chain")]  # the forgery is consistent
    assert "store.head_mismatch" in codes
