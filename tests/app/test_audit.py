"""`taikyoku audit`: every finding kind triggered on purpose, against real SQLite files.

The illegal and unbalanced matches are written with ``EventStore.append`` directly, the way a
buggy tool or an old version might have stored them: the store keeps any schema-valid event, and
only the audit's replay through the rules can say what is wrong with it.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from events import registry
from events.envelope import PendingEvent, new_event
from events.riichi import RiichiRoundStarted
from store import EventStore
from tests.cli.test_riichi_cli import started
from tests.helpers import RECORDER, Cli
from tests.paths import GOLDEN


def golden_events(name: str) -> list[PendingEvent]:
    events = []
    for line in (GOLDEN / name).read_text().splitlines():
        doc = json.loads(line)
        model = registry.model_for(doc["type"], registry.current_version(doc["type"]))
        events.append(new_event(model.model_validate(doc["payload"]), recorded_by=RECORDER))
    return events


def store_directly(db: Path, match: str, events: list[PendingEvent]) -> None:
    with EventStore.open(db, create=True) as store:
        store.append(match, 0, events)


def findings(cli: Cli, *args: str) -> tuple[int, list[dict[str, Any]], dict[str, Any]]:
    result = cli("audit", *args, "--json")
    assert result.err == ""
    report = result.json()
    return result.code, report["findings"], report


def test_a_clean_golden_match_has_no_findings(cli: Cli) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    code, found, report = findings(cli, "gold-7")
    assert (code, found, report["rounds"], report["ok"]) == (0, [], 3, True)
    human = cli("audit", "gold-7")
    assert human.code == 0 and "no findings" in human.out


def test_integrity_a_row_altered_behind_the_stores_back(cli: Cli, db: Path) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        # The dealer's first play, forged to a card that changes nothing else about the row.
        conn.execute("UPDATE events SET recorded_by = 'mallory' WHERE match_id = 'gold-7' AND seq = 5")
    code, found, _ = findings(cli, "gold-7")
    assert code != 0
    kinds = {(f["kind"], f["code"], f["seq"]) for f in found}
    assert ("integrity", "store.chain.hash", 5) in kinds


def test_integrity_a_payload_that_no_longer_fits_its_schema(cli: Cli, db: Path) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("""UPDATE events SET payload = '{"card":"pine-dragon","seat":0}' WHERE seq = 5""")
    code, found, _ = findings(cli, "gold-7")
    assert code != 0
    integrity = [f for f in found if f["kind"] == "integrity" and f["seq"] == 5]
    assert any("schema" in f["code"] for f in integrity), integrity


def test_legality_the_first_illegal_event_of_each_round_with_the_state_before(cli: Cli, db: Path) -> None:
    events = golden_events("tensho-seed7.jsonl")
    # seq 8 is West's first play of round 1; record it as East's instead.
    play = events[7].payload
    assert events[7].type == "tensho.play" and play.seat == 1  # type: ignore[attr-defined]
    events[7] = new_event(play.model_copy(update={"seat": 0}), recorded_by=RECORDER)
    # And in round 3 a card West never held.
    round3 = next(i for i, e in enumerate(events) if e.type == "round_started" and e.payload.round == 3)  # type: ignore[attr-defined]
    first_play = next(i for i in range(round3, len(events)) if events[i].type == "tensho.play")
    dead = events[first_play - 1].payload.dead[0]  # type: ignore[attr-defined]
    wrong = events[first_play].payload.model_copy(update={"card": dead})
    events[first_play] = new_event(wrong, recorded_by=RECORDER)
    store_directly(db, "bad-1", events)
    code, found, _ = findings(cli, "bad-1")
    assert code == 1
    legality = [f for f in found if f["kind"] == "legality"]
    assert [(f["round"], f["seq"]) for f in legality] == [(1, 8), (3, first_play + 1)]
    assert legality[0]["code"] == "tensho.turn" or legality[0]["code"].startswith("tensho.")
    assert "turn" in legality[0]["message"]
    state = legality[0]["detail"]["state_before"]
    assert state["to_move"] == 1 and "maple-blue" in state["hands"][1] and "maple-blue" not in state["hands"][0]
    assert dead in legality[1]["message"]
    only3 = findings(cli, "bad-1", "--round", "3")[1]
    assert [(f["kind"], f["round"]) for f in only3] == [("legality", 3)]
    human = cli("audit", "bad-1")
    assert human.code == 1 and f"seq {first_play + 1}" in human.out and legality[0]["code"] in human.out


def test_claims_difference_by_difference(cli: Cli, tmp_path: Path) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    assert cli("claim", "gold-7", "--round", "1", "--points", "1,0", "--winner", "0").code == 0  # agrees
    assert cli("claim", "gold-7", "--round", "3", "--points", "1,0", "--winner", "0", "--by", "carol").code == 0
    # `claim` refuses a round that is not there; a claim that comes by `record` (or an import) is audited.
    late = tmp_path / "claim.json"
    late.write_text(json.dumps({"type": "claim", "payload": {"round": 5, "points": [0, 1]}}))
    assert cli("record", "gold-7", str(late)).code == 0
    code, found, _ = findings(cli, "gold-7")
    assert code == 1
    claims = {f["round"]: f for f in found if f["kind"] == "claim"}
    assert set(claims) == {3, 5}
    message = claims[3]["message"]
    assert "claimed seat 0 (East) won; the rules say seat 1 (West)" in message
    assert "claimed +1 to seat 0 (East); the cards give +0" in message
    assert "claimed +0 to seat 1 (West); the cards give +1" in message
    assert "West wins on yaku points: 100 to 0" in message
    assert claims[3]["detail"] == {"claimed": [1, 0], "computed": [0, 1]}
    assert claims[5]["code"] == "claim.no_round"


def test_history_lists_retractions_disputes_and_notes_with_who_and_when(cli: Cli) -> None:
    assert cli("record", "gold-7", str(GOLDEN / "tensho-seed7.jsonl")).code == 0
    assert cli("note", "gold-7", "3", "agreed at the table", "--by", "alice").code == 0
    assert cli("dispute", "gold-7", "112", "East says the crane was played", "--by", "bob").code == 0
    assert cli("dispute", "gold-7", "125", "the match is not over", "--by", "carol").code == 0
    code, found, report = findings(cli, "gold-7")
    assert code == 1
    assert [(f["kind"], f["code"], f["seq"]) for f in found] == [
        ("dispute", "history.dispute", 127),
        ("dispute", "history.dispute", 128),
    ]
    assert "disputed by bob: East says the crane was played" in found[0]["message"]
    # The second dispute is settled by retracting the disputed event: no longer a finding, still history.
    assert cli("retract", "gold-7", "125", "--reason", "ended too early", "--by", RECORDER).code == 0
    code, found, report = findings(cli, "gold-7")
    assert [(f["kind"], f["seq"]) for f in found] == [("dispute", 127)]
    history = [(h["seq"], h["what"], h.get("target"), h["by"]) for h in report["history"]]
    assert history == [
        (126, "note", 3, "alice"),
        (127, "dispute", 112, "bob"),
        (128, "dispute", 125, "carol"),
        (129, "retract", 125, RECORDER),
    ]
    assert all(h["at"].endswith("Z") for h in report["history"])
    human = cli("audit", "gold-7")
    assert "seq 129 retract seq 125 by tester" in human.out and "ended too early" in human.out


def test_balance_riichi_scores_not_carried_and_sticks_lost(cli: Cli, db: Path) -> None:
    assert cli("simulate", "riichi", "--seed", "3", "--hands", "3", "--id", "sim-3").code == 0
    with EventStore.open(db) as store:
        stored = store.read("sim-3")
    events = []
    starts = 0
    for row in stored:
        payload = registry.decode(row.type, row.schema_version, row.payload_text)
        if isinstance(payload, RiichiRoundStarted):
            starts += 1
            if starts == 2:
                scores = list(payload.scores)
                scores[0] += 1000  # a thousand points appear from nowhere
                payload = payload.model_copy(update={"scores": tuple(scores), "sticks": payload.sticks + 1})
        events.append(new_event(payload, recorded_by=row.recorded_by))
    store_directly(db, "sim-3-bad", events)
    assert findings(cli, "sim-3")[0] == 0
    code, found, _ = findings(cli, "sim-3-bad")
    assert code == 1
    balance = [(f["code"], f["round"], f["seq"]) for f in found if f["kind"] == "balance"]
    # Hand 2 starts with points and a stick from nowhere; hand 3 then starts from hand 2's true end,
    # which is not where hand 2 (from its forged start) ended.
    assert balance == [
        ("balance.scores_carried", 2, 55),
        ("balance.sticks_carried", 2, 55),
        ("balance.scores_carried", 3, 121),
    ]
    message = next(f["message"] for f in found if f["code"] == "balance.scores_carried")
    assert message == "hand 2 starts from [27500, 23500, 25000, 25000] but hand 1 ended at [26500, 23500, 25000, 25000]"


def test_riichi_repricing_side_by_side(cli: Cli) -> None:
    started(cli, "ema2016")  # a renhou: a mangan under EMA, no yaku at all under Tenhou and Mahjong Soul
    for args in (("draw", "r-1", "5s"), ("discard", "r-1", "5s"), ("ron", "r-1", "--seat", "1")):
        assert cli(*args).code == 0
    result = cli("audit", "r-1", "--ruleset", "tenhou,mahjongsoul,ema2016", "--json")
    assert result.code == 0, result.err
    (win,) = result.json()["repricing"]
    prices = {p["ruleset"]: p for p in win["prices"]}
    assert (win["hand"], win["seat"], win["kind"]) == (1, 1, "ron")
    assert prices["ema2016"]["payments"] == [-8000, 8000, 0, 0]
    assert prices["tenhou"]["priced"] is False and prices["mahjongsoul"]["priced"] is False
    human = cli("audit", "r-1", "--ruleset", "tenhou,ema2016")
    assert human.code == 0 and "tenhou" in human.out and "ema2016" in human.out and "8000" in human.out
    bad = cli("audit", "r-1", "--ruleset", "tenhou,nope")
    assert bad.code == 2 and "nope" in bad.err and bad.err.count("\n") == 1


def test_a_claim_for_a_round_that_is_not_recorded_is_refused_at_once(cli: Cli, db: Path) -> None:
    assert cli("simulate", "riichi", "--seed", "3", "--hands", "1", "--id", "one-hand").code == 0
    refused = cli("claim", "one-hand", "--round", "9", "--points", "0,0,0,0")
    assert refused.code == 2 and refused.err == (
        "taikyoku: error: match one-hand has 1 hand recorded; claim one of them (--round 1 to 1)\n"
    )
    assert cli("claim", "one-hand", "--round", "1", "--points", "0,0,0,0").code == 0
