"""Real Tenhou games that hold the rarer wins, replayed move by move: every hand's payments must
be the ones the server recorded. A handful of logs, chosen for what they hold, so that the rules
of a win (haitei, houtei, double riichi, rinshan, chankan, pao, several rons, kita, tenhou) are
checked against real play in a few seconds."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.envelope import PendingEvent, new_event_id, now_timestamp
from replay.app import service
from replay.app.log_files import games_of
from replay.engine.logs import Imported
from store import EventStore
from tests.paths import CORPUS, CORPUS_MORE

# Each log, and what the server's own result lines say it holds (read off the logs by hand).
LOGS = {
    "haitei, double riichi": (CORPUS_MORE / "2022060107gm-00a9-0000-a990aa36.json", {"Haitei Raoyue", "Double Riichi"}),
    "houtei, double riichi": (CORPUS_MORE / "2017081719gm-00a9-0000-2ad81a60.json", {"Houtei Raoyui", "Double Riichi"}),
    "haitei, rinshan, ura": (
        CORPUS / "mjlog2json-2019081518gm-00a9-0000-cce9d00c.json",
        {"Haitei Raoyue", "Rinshan Kaihou", "Ura Dora"},
    ),
    "rinshan": (CORPUS / "mjai-reviewer-rinshan.json", {"Rinshan Kaihou"}),
    "chankan after two added kans": (CORPUS / "mjai-reviewer-double_kakan_then_chankan.json", {"Chankan"}),
    "a double ron": (CORPUS / "mjai-reviewer-double_ron.json", set()),
    "pao on daisangen": (CORPUS / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json", {"Daisangen"}),
    "tenhou (the dealer's first draw)": (CORPUS_MORE / "2016090900gm-00a9-0000-a2a25bb6.json", {"Tenhou", "Ippatsu"}),
    "three players, kita": (CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-e324b88a.json", {"Ura Dora"}),
}
SEVERAL_RONS = {"haitei, double riichi": 1, "a double ron": 1, "pao on daisangen": 1}  # hands won by two
LIABLE = {"pao on daisangen": 1}  # wins paid by a liable seat
KITA = {"three players, kita": 6}  # norths set aside in the winners' hands, all wins together


@pytest.mark.parametrize("name", list(LOGS))
def test_every_hand_is_paid_as_the_server_paid_it(tmp_path: Path, name: str) -> None:
    log, holds = LOGS[name]
    (game,) = [g for g in games_of(log) if isinstance(g, Imported)]
    assert game.problem is None
    with EventStore.open(tmp_path / "real.db", create=True) as store:
        stamp = now_timestamp()
        store.append(game.match_id, 0, [PendingEvent(p, new_event_id(), stamp, "t") for p in game.payloads])
        folded = service.replay_match(store, game.match_id)
    claims = {c.payload.round: tuple(c.payload.points) for c in folded.history.claims}
    results = folded.state.results
    assert len(results) == game.hands
    for result in results:
        assert result.depth == "moves", result.number
        assert result.paid == claims[result.number], (result.number, result.explanation)
    wins = [w for r in results for w in r.wins]
    assert holds <= {y for w in wins for y, _ in getattr(w.priced, "yaku", ())}
    assert sum(len(r.wins) > 1 for r in results) == SEVERAL_RONS.get(name, 0)
    assert sum(w.hand.pao_seat is not None for w in wins) == LIABLE.get(name, 0)
    assert sum(w.hand.kita for w in wins) == KITA.get(name, 0)
