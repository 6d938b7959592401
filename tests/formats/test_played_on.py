"""A server's log that goes on where the rules end the match is kept as recorded, with a finding:
the fold lets the next hand start only after a `riichi.played_on` that says why the rules would
have stopped, and only where they would have.

The log is a real Tenhou hanchan (South game) relabelled as East-only ("鳳東喰赤"): under the
East-only rules the match is over after East 4, where the top player holds 30,000 or more, and
Tenhou's record plays on into South."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.riichi import RiichiDrawResult, RiichiPlayedOn, RiichiRoundStarted
from replay.engine.fold import IllegalEvent
from tests.games.riichi.support import Hand
from tests.helpers import Cli
from tests.paths import CORPUS

GAME = CORPUS / "mjlog2json-2019123123gm-00a9-0000-f4386d0e.json"


def _east_only(tmp_path: Path) -> Path:
    document = json.loads(GAME.read_text(encoding="utf-8"))
    assert document["rule"]["disp"] == "鳳南喰赤" and len(document["log"]) == 12
    document["rule"]["disp"] = "鳳東喰赤"
    path = tmp_path / "east-only.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_log_that_plays_past_the_rules_end_is_imported_whole_with_a_finding(cli: Cli, tmp_path: Path) -> None:
    path = _east_only(tmp_path)
    result = cli("import", str(path), "--json")
    assert result.code == 1  # imported, with findings
    report = result.json()
    assert report["skipped"] == []
    (entry,) = report["imported"]
    assert entry["hands"] == 12
    first = entry["findings"][0]
    assert first.startswith("east-only.json: hand 8: start: the rules end the match before this hand")
    assert "(the last hand is played)" in first and first.endswith("[riichi.match.over]")
    match = entry["match_id"]
    # Every hand is there as Tenhou recorded it: the export gives the log back hand for hand.
    out = tmp_path / "out.json"
    assert cli("export", match, "--format", "tenhou6", "-o", str(out)).code == 0
    assert json.loads(out.read_text())["log"] == json.loads(path.read_text())["log"]
    audit = cli("audit", match, "--json").json()
    played_on = [f for f in audit["findings"] if f["code"] == "import.played_on"]
    assert played_on and "after round 7 (the last hand is played)" in played_on[0]["message"]
    assert cli("verify").code == 0


def test_strict_refuses_it_and_writes_nothing(cli: Cli, db: Path, tmp_path: Path) -> None:
    result = cli("import", str(_east_only(tmp_path)), "--strict")
    assert result.code == 1 and "the log plays on" in result.err
    assert not db.exists()


def test_played_on_is_refused_where_the_match_goes_on_and_lets_the_next_hand_start_where_it_ends(
    tmp_path: Path,
) -> None:
    hand = Hand(tmp_path / "p.db", "tenhou")
    # East 1: nobody tenpai; the match goes on, so played_on has nothing to override.
    hand.record(
        RiichiRoundStarted(dealer=0, hand=1, honba=0, round_wind="E", scores=(25000,) * 4, sticks=0),
        RiichiDrawResult(tenpai=()),
    )
    with pytest.raises(IllegalEvent) as caught:
        hand.record(RiichiPlayedOn(refused="nothing ends here"))
    assert caught.value.code == "riichi.played_on.not_over"
    # South 4: the dealer (seat 3) noten, seat 0 alone tenpai reaches 31,000: the match is over.
    hand.record(
        RiichiRoundStarted(dealer=3, hand=4, honba=1, round_wind="S", scores=(28000, 24000, 24000, 24000), sticks=0),
        RiichiDrawResult(tenpai=(0,)),
    )
    west = RiichiRoundStarted(dealer=0, hand=1, honba=2, round_wind="W", scores=(31000, 23000, 23000, 23000), sticks=0)
    with pytest.raises(IllegalEvent) as over:
        hand.record(west)
    assert over.value.code == "riichi.match.over"
    hand.record(RiichiPlayedOn(refused="the last hand is played"), west)
    assert hand.state.round is not None and hand.state.round.round_wind == "3z"
    hand.close()
