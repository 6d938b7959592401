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
from events.riichi import AbortiveDraw, RiichiDiscard, RiichiHandShown, RiichiUnseenDeal, RiichiWin
from replay.app.log_files import games_of
from replay.engine.fold import META_TYPES, IllegalEvent, Step
from replay.engine.logs import Imported
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


def _full_of(name: str) -> list[Payload]:
    log = next(p for p in LOGS if name in p.name)
    [game] = [g for g in games_of(log) if isinstance(g, Imported)]
    return list(game.payloads)


def _public_of(name: str) -> list[Payload]:
    return list(public_view(_full_of(name)))


def _refused(payloads: list[Payload]) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as refused:
        folded(payloads)
    return refused.value


def test_a_fifth_5m_shown_is_refused(cli: Cli) -> None:
    """Each seat in turn discards a 5m from its unseen hand: four are in the set, the fifth is refused."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-5",
               "--option", "riichi.redFives=0").code == 0  # fmt: skip
    assert cli("round", "pub-5").code == 0 and cli("deal", "pub-5", "--dora", "3m").code == 0
    for _ in range(4):
        assert cli("discard", "pub-5", "5m").code == 0
    fifth = cli("discard", "pub-5", "5m")
    assert fifth.code == 2 and "[riichi.tiles.fifth_copy]" in fifth.err and "a fifth 5m" in fifth.err


def test_a_pon_on_a_discard_that_is_not_the_last_is_refused(cli: Cli) -> None:
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-p").code == 0
    assert cli("round", "pub-p").code == 0 and cli("deal", "pub-p", "--dora", "3m").code == 0
    assert cli("discard", "pub-p", "7p").code == 0  # A
    assert cli("discard", "pub-p", "1z").code == 0  # B: the last discard is 1z now
    late = cli("call", "pub-p", "pon", "777p", "--seat", "3")
    assert late.code == 2 and "[riichi.call.shape]" in late.err and "the called 1z among them" in late.err


def test_a_ron_on_a_tile_the_winner_discarded_is_furiten(cli: Cli) -> None:
    """A discards 5m, then waits on 2m-5m with a hand laid open: B's 5m cannot be won on."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-f").code == 0
    assert cli("round", "pub-f").code == 0 and cli("deal", "pub-f", "--dora", "1z").code == 0
    for tile in ("5m", "9p", "9p", "9p", "2z"):  # A, B, C, D, A
        assert cli("discard", "pub-f", tile).code == 0
    assert cli("discard", "pub-f", "5m").code == 0  # B's 5m, on which A would win
    ron = cli("ron", "pub-f", "--seat", "A", "--hand", "34m678p789s234p55s")
    assert ron.code == 2 and "[riichi.win.furiten]" in ron.err


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


def test_a_hand_known_where_it_is_known(cli: Cli) -> None:
    """A player's own phone knows its own hand: dealt known, the others unseen. A discard from the
    known hand must be in it; the unseen hands give any tile not seen four times."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-k").code == 0
    assert cli("round", "pub-k").code == 0
    dealt = cli(
        "deal", "pub-k", "--hand", "123456789m1122z", "--hand", "-", "--hand", "-", "--hand", "-", "--dora", "3m"
    )
    assert dealt.code == 0
    assert cli("draw", "pub-k", "5p").code == 0  # A's own draw, known to A's phone
    refused = cli("discard", "pub-k", "7p")
    assert refused.code == 2 and "[riichi.discard.not_in_hand]" in refused.err
    assert cli("discard", "pub-k", "5p").code == 0
    assert cli("discard", "pub-k", "1z").code == 0  # B: the draw implied, the tile shown
    hands = cli("replay", "pub-k", "--json").json()["round"]["hands"]
    assert hands == ["123456789m1122z", "?" * 13, "?" * 13, "?" * 13]
    assert cli("discard", "pub-k", "1z").code == 0  # C: A holds two, B and C showed one each: four
    fifth = cli("discard", "pub-k", "1z")  # D: a fifth
    assert fifth.code == 2 and "[riichi.tiles.fifth_copy]" in fifth.err


def test_a_tensho_hand_known_on_its_own_phone(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "pub-t2").code == 0
    assert cli("round", "pub-t2").code == 0 and cli("yaku-set", "pub-t2", "1").code == 0
    field = ("pine-crane,plum-warbler,cherry-curtain,wisteria-cuckoo,iris-bridge,peony-butterflies,clover-boar,"
             "susuki-moon,maple-deer")  # fmt: skip
    hand = "pine-poetry,plum-poetry,cherry-poetry,wisteria-chaff-1,iris-chaff-1,peony-chaff-1"
    assert cli("deal", "pub-t2", "--hand", hand, "--hand", "-", "--field", field).code == 0
    refused = cli("play", "pub-t2", "maple-blue")  # not in Aki's known hand
    assert refused.code == 2 and "[tensho.play.not_in_hand]" in refused.err
    assert cli("play", "pub-t2", "pine-poetry").code == 0
    assert cli("draw", "pub-t2", "willow-rainman").code == 0
    assert cli("play", "pub-t2", "maple-blue").code == 0  # Beni's hand is unseen: any unseen card
    shown = cli("replay", "pub-t2", "--json").json()["round"]["hands"]
    assert shown[0] == ["plum-poetry", "cherry-poetry", "wisteria-chaff-1", "iris-chaff-1", "peony-chaff-1"]
    assert shown[1] == ["?"] * 5


def test_a_hand_laid_open_holds_its_drawn_tile_only_where_its_player_drew_it() -> None:
    """Over every real game: a tsumo winner's hand is shown with the tile just drawn, and so is a
    hand shown for nine terminals (on its own draw, with the seat said or left to the turn); a ron
    winner's hand and a tenpai hand at an exhaustive draw have none (the tenpai seat next to play
    included). Plants: the drawn tile given to every hand shown, or to the seat next to play
    whatever the phase; the seat of nine terminals not taken from the turn when left out."""
    seen = {"tsumo": 0, "ron": 0, "tenpai": 0, "nine": 0}
    for log in LOGS:
        for game in (g for g in games_of(log) if isinstance(g, Imported) and g.problem is None):
            payloads = list(game.payloads)
            nine = [p.model_copy(update={"seat": None}) if isinstance(p, AbortiveDraw) else p for p in payloads]
            for source in (payloads, nine):
                public = list(public_view(source))
                for at, shown in enumerate(public):
                    if not isinstance(shown, RiichiHandShown):
                        continue
                    ending = next(p for p in public[at:] if not isinstance(p, RiichiHandShown))
                    if isinstance(ending, RiichiWin) and ending.kind == "tsumo":
                        assert shown.drawn is not None, log.name
                        seen["tsumo"] += 1
                    elif isinstance(ending, AbortiveDraw):
                        assert ending.kind == "kyuushu_kyuuhai" and shown.drawn is not None, log.name
                        seen["nine"] += 1
                    else:
                        assert shown.drawn is None, (log.name, ending)
                        seen["ron" if isinstance(ending, RiichiWin) else "tenpai"] += 1
    assert min(seen.values()) > 0, seen


def test_the_public_view_of_a_record_the_rules_refuse_names_the_event_by_its_seq() -> None:
    """Plants: the events counted from 0 or 2, or folded without their type."""
    public = list(_full_of("chankan"))
    at = next(i for i, p in enumerate(public) if isinstance(p, RiichiDiscard))
    wrong = public[at].model_copy(update={"tile": "9z"})
    with pytest.raises(IllegalEvent) as refused:
        list(public_view([*public[:at], wrong, *public[at + 1 :]]))
    assert (refused.value.seq, refused.value.event_type) == (at + 1, "riichi.discard")
