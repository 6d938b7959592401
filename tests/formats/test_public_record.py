"""Riichi's public record: what the table saw of a game (every hand dealt unseen, every draw unseen,
the discards, calls, riichi and dora as they came, a hand laid open for a win, a tenpai at an
exhaustive draw, nine terminals). For every real Tenhou game in tests/data, the public record and
the full one give the same scores, results, yaku and payments for every hand; `import --public`
stores it; the fold refuses what the public record cannot hold, each with its stable code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from events.model import Payload
from events.riichi import RiichiDiscard, RiichiHandShown, RiichiUnseenDeal, RiichiUnseenDraw, RiichiWin
from replay.app.importing import games_of
from replay.app.log_import import Imported
from replay.engine.fold import META_TYPES, IllegalEvent, Step
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.public import public_view
from tests.helpers import Cli
from tests.paths import ROOT

DATA = ROOT / "tests" / "data"
LOGS = sorted(
    [
        *DATA.glob("tenhou6/*.json"),
        *DATA.glob("tenhou6-more/*.json"),
        *DATA.glob("tenhou6-more/*.xml*"),
        *DATA.glob("tenhou6-more/*/*"),
    ]
)


def folded(payloads: list[Payload]) -> Any:
    projection = RiichiProjection()
    state = projection.initial()
    for seq, payload in enumerate(payloads, 1):
        if payload.EVENT_TYPE not in META_TYPES:
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return state


def hands(state: Any) -> list[Any]:
    return [(r.points, r.scores, r.next_dealer, r.sticks, [(w.seat, w.priced) for w in r.wins]) for r in state.results]


def test_the_corpus_is_all_there() -> None:
    assert len(LOGS) >= 80


@pytest.mark.parametrize("log", LOGS, ids=[p.name for p in LOGS])
def test_the_public_record_of_each_real_game_scores_as_its_full_record(log: Path) -> None:
    games = [g for g in games_of(log) if isinstance(g, Imported) and g.problem is None]
    assert games
    for game in games:
        public = list(public_view(game.payloads))
        assert not any(p.EVENT_TYPE in ("riichi.deal", "riichi.draw") for p in public)  # nothing unseen is kept
        assert hands(folded(public)) == hands(folded(game.payloads))


def test_import_public_stores_what_the_table_saw_and_exports_it_as_it_can(cli: Cli, tmp_path: Path) -> None:
    log = next(p for p in LOGS if "chankan" in p.name)
    public_db, full_db = tmp_path / "public.db", tmp_path / "full.db"
    assert cli("import", str(log), "--public", "--db", str(public_db)).code == 0
    assert cli("import", str(log), "--db", str(full_db)).code == 0
    match = cli("matches", "--json", "--db", str(public_db)).json()[0]["match_id"]
    public = cli("replay", match, "--json", "--db", str(public_db)).json()
    full = cli("replay", match, "--json", "--db", str(full_db)).json()
    assert public["results"] == full["results"]
    assert [h.count("?") for h in public["round"]["hands"]] == [13, 13, 0, 10]  # the winner's hand laid open
    refused = cli("export", match, "--format", "tenhou6", "-o", str(tmp_path / "t.json"), "--db", str(public_db))
    assert refused.code == 2 and "public record" in refused.err and not (tmp_path / "t.json").exists()
    assert cli("export", match, "--format", "mjai", "-o", str(tmp_path / "m.mjai"), "--db", str(public_db)).code == 0
    assert '"tehais":[["?","?"' in (tmp_path / "m.mjai").read_text()
    assert cli("verify", "--db", str(public_db)).code == 0


def _public_of(name: str) -> list[Payload]:
    log = next(p for p in LOGS if name in p.name)
    [game] = [g for g in games_of(log) if isinstance(g, Imported)]
    return list(public_view(game.payloads))


def _refused(payloads: list[Payload]) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as refused:
        folded(payloads)
    return refused.value


def test_a_fifth_copy_shown_is_refused() -> None:
    public = _public_of("chankan")
    first = next(i for i, p in enumerate(public) if isinstance(p, RiichiDiscard))
    seat = public[first].seat  # type: ignore[attr-defined]
    # Four 1m discarded from the unseen hand before the real first discard, then a fifth.
    fives = [RiichiDiscard(seat=seat, tile="1m", tsumogiri=False)] * 5
    made: list[Payload] = []
    for discard in fives:
        made += [RiichiUnseenDraw(seat=seat), discard]
    refused = _refused([*public[: first - 1], *made])
    assert refused.code in ("riichi.tiles.fifth_copy", "riichi.turn.wrong_seat")


def test_a_hand_shown_that_contradicts_the_tiles_seen_is_refused() -> None:
    public = _public_of("chankan")
    at = next(i for i, p in enumerate(public) if isinstance(p, RiichiHandShown))
    shown = public[at]
    assert isinstance(shown, RiichiHandShown)
    # The winner's hand as shown, but with a 6s: four are in the added kan already, a fifth.
    wrong = shown.model_copy(update={"tiles": (*shown.tiles[:-1], "6s")})
    refused = _refused([*public[:at], wrong, *public[at + 1 :]])
    assert refused.code in ("riichi.tiles.fifth_copy", "riichi.shown.contradicts")
    fewer = shown.model_copy(update={"tiles": shown.tiles[:-1]})
    assert _refused([*public[:at], fewer]).code == "riichi.shown.count"


def test_a_win_before_its_hand_is_shown_is_refused() -> None:
    public = _public_of("chankan")
    at = next(i for i, p in enumerate(public) if isinstance(p, RiichiHandShown))
    win = next(p for p in public[at:] if isinstance(p, RiichiWin))
    assert _refused([*public[:at], win]).code == "riichi.win.incomplete"
    assert isinstance(public[0], RiichiUnseenDeal) or any(isinstance(p, RiichiUnseenDeal) for p in public)


def test_the_public_record_from_the_command_line(cli: Cli) -> None:
    """A hand dealt unseen: a closed kan on one's own turn (its draw implied), the replacement tile
    drawn unseen by the next discard; a tenpai hand laid open must hold the concealed count."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-c").code == 0
    assert cli("round", "pub-c").code == 0
    assert cli("deal", "pub-c", "--dora", "3m").code == 0
    kan = cli("call", "pub-c", "ankan", "1111z")
    assert kan.code == 0 and "unseen draw by A" in kan.out and "to draw the replacement tile" in kan.out
    assert cli("discard", "pub-c", "9m").code == 0
    shown = cli("replay", "pub-c", "--json").json()["round"]
    assert shown["hands"][0] == "?" * 10 and shown["wall_left"] == 68  # 70, less A's draw and the replacement
    early = cli("exhaustive", "pub-c", "--tenpai", "A", "--shown", "A=123m456p789s2z")
    fifth = cli("exhaustive", "pub-c", "--tenpai", "A", "--shown", "A=123m456p789s1z")  # four 1z in the kan
    assert fifth.code == 2 and "[riichi.tiles.fifth_copy]" in fifth.err
    assert early.code == 2 and "[riichi.draw.not_exhausted]" in early.err
    log = [e["type"] for e in cli("log", "pub-c", "--json").json()]
    assert log[-4:] == ["riichi.unseen_draw", "riichi.call", "riichi.unseen_draw", "riichi.discard"]
