"""An ended match stays ended, in every game at every table size: whatever is recorded after its
match_ended is refused with one code (``match.ended``), between rounds and in the middle of one,
by the command line and in the store's own events; only a retract of the end reopens it. A store
an older version let such events into says so (`audit`, `verify --deep`, `matches`) instead of
failing whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.envelope import new_event
from events.match import RoundStarted
from store import EventStore
from tests.helpers import Cli

ENDED = "the match has ended (abandoned: left); nothing more is recorded in it; retract match_ended to record more"

# (game and table, the match as made, what was recorded before the abandon, what is refused, the event refused)
CASES = [
    ("tensho 2 players, between rounds", ["tensho", "-p", "Aki", "-p", "Beni"], [],
     ["round"], "seq 3 (round started)"),
    ("tensho 2 players, in a round", ["tensho", "-p", "Aki", "-p", "Beni"], [["round"]],
     ["yaku-set", "@", "2", "--decided-by", "dealer"], "seq 4 (yaku set chosen)"),
    ("koi-koi 2 players, between rounds", ["koikoi", "-p", "Aki", "-p", "Beni"], [],
     ["round"], "seq 3 (round started)"),
    ("koi-koi 2 players, in a round", ["koikoi", "-p", "Aki", "-p", "Beni"], [["round"]],
     ["deal", "@", "--field", "pine-crane,pine-poetry,plum-warbler,plum-poetry,cherry-curtain,cherry-poetry,"
      "wisteria-cuckoo,wisteria-ribbon"], "seq 4 (field dealt)"),
    ("Sendai-hana 3 players, between rounds",
     ["sendai", "-p", "Aki", "-p", "Beni", "-p", "Chie", "--option", "sendai.teyakuMode=winRound"], [],
     ["round"], "seq 3 (round started)"),
    ("riichi 4 players, between hands", ["riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai"], [],
     ["round"], "seq 3 (round started)"),
    ("riichi 4 players, in a hand", ["riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai"], [["round"]],
     ["result", "@", "ron", "E", "from", "S", "mangan"], "seq 4 (declared win)"),
    ("riichi 3 players, between hands",
     ["riichi", "--ruleset", "tenhou-sanma", "-p", "Aki", "-p", "Beni", "-p", "Chie"], [],
     ["round"], "seq 3 (round started)"),
    ("riichi 3 players, in a hand",
     ["riichi", "--ruleset", "tenhou-sanma", "-p", "Aki", "-p", "Beni", "-p", "Chie"], [["round"]],
     ["result", "@", "ron", "E", "from", "S", "mangan"], "seq 4 (declared win)"),
]  # fmt: skip


@pytest.mark.parametrize(("table", "made", "before", "refused", "where"), CASES, ids=[c[0] for c in CASES])
def test_every_game_refuses_what_comes_after_its_end(
    cli: Cli, table: str, made: list[str], before: list[list[str]], refused: list[str], where: str
) -> None:
    """Plants: the check left to each game's own fold (riichi's took every later hand, Tensho's and
    koi-koi's any move of a round in play); a refusal that stored the event anyway."""
    assert cli("new", *made, "--id", "ended-1").code == 0
    for command in before:
        assert cli(command[0], "ended-1", *command[1:]).code == 0
    assert cli("abandon", "ended-1", "--reason", "left").code == 0
    head = len(cli("log", "ended-1", "--json").json())
    command = [word if word != "@" else "ended-1" for word in refused]
    if "@" not in refused:
        command.insert(1, "ended-1")
    said = cli(*command)
    assert (said.code, said.out) == (2, "")
    assert said.err == f"taikyoku: error: {where}: {ENDED} [match.ended]\n"
    assert len(cli("log", "ended-1", "--json").json()) == head  # nothing written
    assert cli("audit", "ended-1").code == 0


def test_a_retract_of_the_end_is_the_one_way_on(cli: Cli) -> None:
    """Plant: the retract of match_ended refused as any other event after the end."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "ended-2").code == 0
    assert cli("abandon", "ended-2", "--reason", "left").code == 0
    assert cli("retract", "ended-2", "2", "--reason", "we play on").code == 0
    assert cli("round", "ended-2").code == 0
    assert [e["type"] for e in cli("log", "ended-2", "--json").json()] == [
        "match_started", "match_ended", "retract", "riichi.round_started",
    ]  # fmt: skip


def test_a_match_stored_with_events_after_its_end_is_found_and_listed_not_a_failure_of_the_store(
    cli: Cli, db: Path
) -> None:
    """A store an older version let a hand into after the end (its events appended past the fold,
    as that version did): `audit` names the event, `verify --deep` finds it (exit 4), `matches`
    lists the match as illegal and `stats` leaves it out while the other matches count. Plants:
    the ended check at record time only; an illegal match failing `matches` and `stats` whole."""
    assert cli("simulate", "tensho", "--seed", "7", "--rounds", "1", "--id", "fine-1").code == 0
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "late-1").code == 0
    assert cli("abandon", "late-1", "--reason", "left").code == 0
    with EventStore.open(db) as store:
        store.append("late-1", 2, [new_event(RoundStarted(round=1, dealer=0), recorded_by="an older version")])
    audit = cli("audit", "late-1")
    assert audit.code == 1
    assert f"legality [match.ended] seq 3: round 1: seq 3 (round started): {ENDED}" in " ".join(audit.out.split()), (
        audit.out
    )
    deep = cli("verify", "--deep")
    assert deep.code == 4
    assert deep.out.splitlines()[0] == (
        "FAIL match.illegal: match late-1: the rules refuse its events from seq 3 [match.ended]; "
        "`taikyoku audit late-1` says why"
    )
    listed = {row["match_id"]: row["status"] for row in cli("matches", "--json").json()}
    assert listed == {"fine-1": "complete", "late-1": "illegal"}
    assert [row["match_id"] for row in cli("matches", "--status", "illegal", "--json").json()] == ["late-1"]
    stats = cli("stats", "--json")
    assert stats.code == 0, stats.err
    assert stats.json()["matches"] == 1
