"""A declared hand at every edge, worked out by hand from the scoring rules: basic points =
fu x 2^(han + 2) below a mangan (2,000), each limit's first han, ron and tsumo, dealer and not, four
and three players, honba and sticks; and every refusal of a declared hand or a chombo, whole."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from events.riichi import DeclaredValue
from replay.games.riichi.declared import basic_points, declared_payments, limit_of
from replay.games.riichi.options import RULESETS, RiichiOptions
from tests.helpers import Cli


def rules(ruleset: str = "tenhou", players: int = 4) -> RiichiOptions:
    spec = next(s for s in RULESETS if s.id == ruleset)
    return RiichiOptions.of(ruleset, spec.defaults(), players)


TENHOU, KIRIAGE = rules(), replace(rules(), kiriage=True)


@pytest.mark.parametrize(
    ("han", "fu", "limit", "basic"),
    [
        (1, 30, "", 240), (2, 25, "", 400), (3, 60, "", 1920), (4, 30, "", 1920), (3, 70, "", 2000),
        (3, 80, "mangan", 2000), (4, 40, "mangan", 2000), (5, None, "mangan", 2000), (6, None, "haneman", 3000),
        (7, None, "haneman", 3000), (8, None, "baiman", 4000), (10, None, "baiman", 4000),
        (11, None, "sanbaiman", 6000), (12, None, "sanbaiman", 6000),
    ],
)  # fmt: skip
def test_each_limit_from_its_first_han(han: int, fu: int | None, limit: str, basic: int) -> None:
    # 3 han 70 fu: 70 x 32 = 2,240, capped at the mangan's 2,000 (its limit named from 2,000 up).
    value = DeclaredValue(seat=1, han=han, fu=fu)
    expected_limit = "mangan" if (han, fu) == (3, 70) else limit
    assert (limit_of(value, TENHOU), basic_points(value, TENHOU)) == (expected_limit, basic)


def test_kiriage_rounds_4_han_30_fu_and_3_han_60_fu_up_to_a_mangan() -> None:
    for han, fu in ((4, 30), (3, 60)):
        value = DeclaredValue(seat=1, han=han, fu=fu)
        assert (limit_of(value, TENHOU), limit_of(value, KIRIAGE)) == ("", "mangan")
    assert limit_of(DeclaredValue(seat=1, han=2, fu=60), KIRIAGE) == ""  # 1,920 is not 4 han 30 fu
    assert limit_of(DeclaredValue(seat=1, limit="yakuman"), TENHOU) == "yakuman"
    assert basic_points(DeclaredValue(seat=1, limit="double_yakuman"), TENHOU) == 16000


@pytest.mark.parametrize(
    ("value", "tsumo", "dealer", "from_seat", "players", "honba", "sticks", "paid"),
    [
        # Seat 1 wins 1 han 30 fu (240): a ron 960 -> 1,000; the dealer's ron (seat 1 deals) 1,440 -> 1,500.
        (DeclaredValue(seat=1, han=1, fu=30), False, 0, 2, 4, 0, 0, (0, 1000, -1000, 0)),
        (DeclaredValue(seat=1, han=1, fu=30), False, 1, 2, 4, 0, 0, (0, 1500, -1500, 0)),
        # Tsumo: 240 from each non-dealer -> 300, 480 from the dealer -> 500; a dealer's tsumo 500 all.
        (DeclaredValue(seat=1, han=1, fu=30), True, 0, None, 4, 0, 0, (-500, 1100, -300, -300)),
        (DeclaredValue(seat=1, han=1, fu=30), True, 1, None, 4, 0, 0, (-500, 1500, -500, -500)),
        # Pinfu tsumo, 2 han 20 fu: 320 -> 400 and 640 -> 700.
        (DeclaredValue(seat=2, han=2, fu=20), True, 0, None, 4, 0, 0, (-700, -400, 1500, -400)),
        # Two honba: a ron 300 each (+600), a tsumo 100 from each (+200 from each of three); two sticks.
        (DeclaredValue(seat=1, han=1, fu=30), False, 0, 3, 4, 2, 2000, (0, 3600, 0, -1600)),
        (DeclaredValue(seat=1, han=1, fu=30), True, 0, None, 4, 2, 0, (-700, 1700, -500, -500)),
        # Three players: a ron's honba is 200; a tsumo's missing seat does not pay (tsumo loss).
        (DeclaredValue(seat=1, han=1, fu=30), False, 0, 2, 3, 1, 0, (0, 1200, -1200)),
        (DeclaredValue(seat=1, han=1, fu=30), True, 0, None, 3, 1, 0, (-600, 1000, -400)),
        # A mangan: 8,000 by ron, 2,000/4,000 by tsumo; a dealer's 12,000 and 4,000 all.
        (DeclaredValue(seat=1, han=5), False, 0, 3, 4, 0, 0, (0, 8000, 0, -8000)),
        (DeclaredValue(seat=0, han=5), True, 0, None, 4, 0, 0, (12000, -4000, -4000, -4000)),
        (DeclaredValue(seat=1, limit="yakuman"), True, 0, None, 4, 0, 0, (-16000, 32000, -8000, -8000)),
    ],
)  # fmt: skip
def test_what_each_seat_pays(
    value: DeclaredValue, tsumo: bool, dealer: int, from_seat: int | None, players: int, honba: int, sticks: int,
    paid: tuple[int, ...],
) -> None:  # fmt: skip
    assert declared_payments(value, tsumo=tsumo, dealer=dealer, from_seat=from_seat, players=players, honba=honba,
                             sticks=sticks, rules=rules(players=players)) == paid  # fmt: skip


NAMES = ("Aki", "Beni", "Chie", "Dai")


@pytest.mark.parametrize(
    ("ruleset", "line", "said"),
    [
        ("tenhou", "ron Beni 3han from Aki", "Beni: 3 han needs its fu (20 to 110) [riichi.declared.fu]"),
        ("tenhou", "ron Beni 0han30fu from Aki",
         "Beni: give the han (1 to 12) or a limit, e.g. mangan [riichi.declared.value]"),
        ("tenhou", "ron Beni 1han30fu Beni 1han30fu from Aki",
         "a player is named twice; name each winner and riichi once [riichi.declared.twice]"),
        ("tenhou", "tsumo Beni 1han30fu from Aki",
         "a tsumo has one winner and no one who dealt in [riichi.declared.tsumo]"),
        ("tenhou", "tsumo Beni 1han30fu Chie 1han30fu",
         "a tsumo has one winner and no one who dealt in [riichi.declared.tsumo]"),
        ("tenhou", "ron Beni 4han from Aki", "Beni: 4 han needs its fu (20 to 110) [riichi.declared.fu]"),
        ("tenhou", "ron Beni 1han20fu from Aki",
         "Beni: a ron scores at least 30 fu (25 for seven pairs); 20 fu is a pinfu tsumo [riichi.declared.fu]"),
        ("tenhou", "tsumo Beni 1han20fu",
         "Beni: 20 fu comes with 2 han at least (pinfu tsumo, seven pairs) [riichi.declared.fu]"),
        ("tenhou", "tsumo Beni 1han25fu",
         "Beni: 25 fu comes with 2 han at least (pinfu tsumo, seven pairs) [riichi.declared.fu]"),
        ("tenhou", "ron Beni mangan 3han30fu from Aki",
         "Beni: give a limit or han and fu, not both [riichi.declared.value]"),
        ("tenhou", "ron Beni mangan 3han from Aki", "Beni: give a limit or han and fu, not both [riichi.declared.value]"),
        ("tenhou", "tsumo Beni 1han30fu yaku houtei",
         "Beni: houtei is only made by a ron [riichi.declared.yaku]"),
        ("tenhou", "ron Beni 1han30fu yaku Menzen_Tsumo from Aki",
         "Beni: menzen-tsumo is only made by a tsumo [riichi.declared.yaku]"),
        ("ema2016", "ron Beni double_yakuman from Aki",
         "under ema2016 no hand counts double yakuman and yakuman do not add up; record it as yakuman "
         "[riichi.declared.double_yakuman]"),
        ("tenhou", "ron Beni 1han30fu from Beni",
         "Beni cannot ron their own discard: the one who dealt in is another [riichi.declared.from_seat]"),
        ("tenhou", "ron Beni 1han30fu Chie 1han30fu Dai 1han30fu from Aki",
         "three rons on one tile abort the hand under tenhou: record abort triple_ron [riichi.win.triple_ron]"),
        ("tenhou", "ron Beni 1han30fu yaku ippatsu from Aki",
         "Beni: ippatsu needs riichi; name Beni among the riichi [riichi.declared.yaku]"),
        ("tenhou", "ron Beni 1han30fu yaku menzen-tsumo from Aki",
         "Beni: menzen-tsumo is only made by a tsumo [riichi.declared.yaku]"),
        ("tenhou", "ron Beni 1han30fu yaku chombo-ron from Aki",
         "Beni: 'chombo-ron' is not a yaku a table declares; use one of: "),
    ],
)  # fmt: skip
def test_a_declared_hand_the_rules_refuse_is_said_whole_and_nothing_is_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, line: str, said: str
) -> None:
    cli = Cli(tmp_path / "club.db", capsys)
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--ruleset", ruleset, "--id", "edge").code == 0
    before = len(cli("log", "edge", "--json").json())
    refused = cli("result", "edge", *line.split())
    assert refused.code == 2
    assert refused.err.startswith("taikyoku: error: seq "), refused.err
    assert said in refused.err and refused.err.count("\n") == 1, refused.err
    if said.endswith("]"):
        assert refused.err.endswith(f"{said}\n"), refused.err
    else:  # the list of yaku follows
        assert refused.err.endswith("[riichi.declared.yaku_unknown]\n"), refused.err
    assert len(cli("log", "edge", "--json").json()) == before


def test_a_result_after_the_hands_moves_began_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli = Cli(tmp_path / "club.db", capsys)
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--id", "moves").code == 0
    assert cli("round", "moves").code == 0
    assert cli("deal", "moves", "--dora", "3m").code == 0  # the hand is recorded move by move from here
    said = "this hand is being recorded move by move; finish it with its win or draw [riichi.result.after_moves]\n"
    for line in (("ron", "Beni", "1han30fu", "from", "Aki"), ("chombo", "Beni")):
        refused = cli("result", "moves", *line)
        assert refused.code == 2 and refused.err.startswith("taikyoku: error: seq 4 (") and refused.err.endswith(said)


def test_a_declared_seat_the_table_does_not_have_is_refused_by_the_fold() -> None:
    # The command line names only seats it has; a raw event (an import) may name any: seat 3 at three.
    from events.riichi import RiichiChombo, RiichiDeclaredWin, RiichiRoundStarted
    from replay.app.service import build_match_started
    from replay.engine.fold import IllegalEvent, Step
    from replay.games.riichi.fold import RiichiProjection

    projection = RiichiProjection()
    started = build_match_started("riichi", ["Aki", "Beni", "Chie"], ruleset_id="tenhou-sanma")
    state = projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
    hand = RiichiRoundStarted(round_wind="E", hand=1, honba=0, sticks=0, scores=(35000,) * 3, dealer=0)
    state = projection.apply(state, Step(2, hand.EVENT_TYPE, hand))
    for event in (RiichiDeclaredWin(kind="ron", from_seat=0, wins=(DeclaredValue(seat=3, han=1, fu=30),)),
                  RiichiChombo(seat=3)):  # fmt: skip
        with pytest.raises(IllegalEvent) as refused:
            projection.apply(state, Step(3, event.EVENT_TYPE, event))
        assert (refused.value.code, refused.value.reason) == ("match.seat.unknown", "seats are 0 to 2")
    # Seat 2 is a seat: the same win stands.
    fine = RiichiDeclaredWin(kind="ron", from_seat=0, wins=(DeclaredValue(seat=2, han=1, fu=30),))
    assert projection.apply(state, Step(3, fine.EVENT_TYPE, fine)).results[-1].points == (-1000, 0, 1000)


@pytest.mark.parametrize(
    ("line", "limit", "note"),
    [
        (("ron", "Beni", "2han40fu", "from", "Aki"), "", "2 han 40 fu"),
        (("ron", "Beni", "4han30fu", "from", "Aki"), "", "4 han 30 fu"),
        (("ron", "Beni", "5han", "from", "Aki"), "mangan", "5 han"),  # no fu needed from 5 han
        (("ron", "Beni", "7han", "from", "Aki"), "haneman", "7 han"),
        (("ron", "Beni", "haneman", "from", "Aki"), "haneman", "haneman"),
        (("ron", "Beni", "double-yakuman", "from", "Aki"), "2x yakuman", "2x yakuman"),
        (("tsumo", "Beni", "1han30fu", "yaku", "menzen_tsumo"), "", "1 han 30 fu"),
        (("ron", "Beni", "1han30fu", "yaku", "houtei", "from", "Aki"), "", "1 han 30 fu"),
    ],
)  # fmt: skip
def test_a_declared_hand_says_what_the_table_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: tuple[str, ...], limit: str, note: str
) -> None:
    cli = Cli(tmp_path / "club.db", capsys)
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "said").code == 0
    done = cli("result", "said", *line)
    assert done.code == 0, done.err
    (win,) = cli("replay", "said", "--json").json()["results"][0]["wins"]
    priced = win["result"]
    assert (priced["ruleset"], priced["limit"]) == ("tenhou", limit)
    assert priced["notes"] == [f"declared at the table: {note}; no tiles recorded, so not priced from them"]


def test_a_match_ended_after_a_reverse_mangan_chombo_has_its_final_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Tenhou: Dai's chombo (a reverse mangan, 2,000 to each non-dealer, 4,000 to the dealer Aki) from
    # 8,000 leaves him at 0; then Aki rons him for 1,500: below zero, over. Final: Aki 26,000 + 4,000 +
    # 1,500 = 31,500, Beni and Chie 24,000 + 2,000 = 26,000, Dai -1,500. Every hundred kept: Aki 1.5 + 40
    # = +41.5; Beni -4.0 + 10 = +6.0; Chie -4.0 - 10 = -14.0; Dai -31.5 - 20 = -51.5.
    cli = Cli(tmp_path / "club.db", capsys)
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "chombo").code == 0
    assert cli("round", "chombo", "--scores", "26000,24000,24000,8000", "--dealer", "0").code == 0
    for line in (("chombo", "Dai"), ("ron", "Aki", "1han30fu", "from", "Dai")):
        assert cli("result", "chombo", *line).code == 0
    final = cli("replay", "chombo", "--json").json()
    assert final["complete"] is True and final["final"]["scores"] == [31500, 26000, 26000, -1500]
    assert [str(r) for r in final["final"]["results"]] == ["41.5", "6.0", "-14.0", "-51.5"]


@pytest.mark.parametrize(
    ("points", "said"),
    [(1000, None), (900, "Chie holds 900 points: riichi needs a 1,000-point stick [riichi.declared.riichi]")],
)
def test_riichi_needs_a_thousand_point_stick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], points: int, said: str | None
) -> None:
    # Chie, not the winner, declared riichi: her stick goes to Beni with the hand (1,000 + 1,000).
    cli = Cli(tmp_path / "club.db", capsys)
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "stick").code == 0
    scores = f"30000,30000,{points},{40000 - points}"
    assert cli("round", "stick", "--scores", scores, "--dealer", "0").code == 0
    done = cli("result", "stick", "ron", "Beni", "1han30fu", "from", "Aki", "riichi", "Chie")
    if said is None:
        assert done.code == 0, done.err
        assert cli("replay", "stick", "--json").json()["results"][0]["points"] == [-1000, 2000, -1000, 0]
    else:
        assert done.code == 2 and done.err.endswith(f"{said}\n"), done.err


def test_a_double_ron_pays_the_honba_and_sticks_to_the_winner_nearer_the_discarder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Chie (seat 2) deals into Dai (seat 3) and Aki (seat 0, the dealer), 1 han 30 fu each (Dai 1,000;
    # Aki, dealing, 1,440 up to 1,500), with 1 honba and 1 stick on the table: Dai sits next after
    # Chie, so he takes the 300 and the 1,000 (Tenhou): Dai +2,300, Aki +1,500, Chie -2,800.
    cli = Cli(tmp_path / "club.db", capsys)
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "double").code == 0
    assert cli("round", "double", "--honba", "1", "--sticks", "1", "--scores", "25000,25000,25000,24000").code == 0
    assert cli("result", "double", "ron", "Aki", "1han30fu", "Dai", "1han30fu", "from", "Chie").code == 0
    assert cli("replay", "double", "--json").json()["results"][0]["points"] == [1500, 0, -2800, 2300]


def test_a_double_ron_under_honba_to_each_winner_prices_each_declared_hand_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same double ron where every winner takes the honba (riichi.multiRonHonba=eachWinner):
    each declared hand is priced again with its share, from its own declared value: Dai, 1 han 30
    fu, 1,000 + 300 + the stick 1,000; Aki, dealing, 2 han 30 fu (480 x 6 = 2,880, up to 2,900) +
    300; Chie pays 1,300 + 3,200 = 4,500. Plants: a hand priced again from the other winner's
    value, or from no value."""
    cli = Cli(tmp_path / "club.db", capsys)
    made = cli(
        "new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "each", "-O", "riichi.multiRonHonba=eachWinner"
    )
    assert made.code == 0, made.err
    assert cli("round", "each", "--honba", "1", "--sticks", "1", "--scores", "25000,25000,25000,24000").code == 0
    assert cli("result", "each", "ron", "Aki", "2han30fu", "Dai", "1han30fu", "from", "Chie").code == 0
    [result] = cli("replay", "each", "--json").json()["results"]
    assert result["points"] == [3200, 0, -4500, 2300]
    assert [(w["seat"], w["result"]["han"], w["result"]["fu"]) for w in result["wins"]] == [(3, 1, 30), (0, 2, 30)]


def test_a_declared_ron_without_the_one_who_dealt_in_or_from_the_winner_is_refused_by_the_fold() -> None:
    """The command line always names who dealt in; a raw event (an import, the API) may not, or
    may name the winner. Plants: the refusal's code or words changed; the self-ron said of seat 1."""
    from events.riichi import RiichiDeclaredWin, RiichiRoundStarted
    from replay.app.service import build_match_started
    from replay.engine.fold import IllegalEvent, Step
    from replay.games.riichi.fold import RiichiProjection

    projection = RiichiProjection()
    started = build_match_started("riichi", list(NAMES), ruleset_id="tenhou")
    state = projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
    hand = RiichiRoundStarted(round_wind="E", hand=1, honba=0, sticks=0, scores=(25000,) * 4, dealer=0)
    state = projection.apply(state, Step(2, hand.EVENT_TYPE, hand))
    for event, said in (
        (RiichiDeclaredWin(kind="ron", wins=(DeclaredValue(seat=2, han=1, fu=30),)),
         ("riichi.declared.from_seat", "a ron names the player who dealt in")),
        (RiichiDeclaredWin(kind="ron", from_seat=0, wins=(DeclaredValue(seat=0, han=1, fu=30),)),
         ("riichi.declared.from_seat", "Aki cannot ron their own discard: the one who dealt in is another")),
    ):  # fmt: skip
        with pytest.raises(IllegalEvent) as refused:
            projection.apply(state, Step(3, event.EVENT_TYPE, event))
        assert (refused.value.code, refused.value.reason, refused.value.seq) == (*said, 3)


@pytest.mark.parametrize("line", ["ron Beni mangan from Aki riichi", "ron Beni mangan from Aki riichi yaku riichi"])
def test_riichi_without_its_seats_is_refused_not_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    """A declared line's riichi names the seats in riichi: the word alone would count no one in
    riichi (the stick, the rates), so it is refused in one line and nothing is stored."""
    cli = Cli(tmp_path / "club.db", capsys)
    players = [a for n in NAMES for a in ("-p", n)]
    assert cli("new", "riichi", *players, "--id", "bare").code == 0
    before = len(cli("log", "bare", "--json").json())
    refused = cli("result", "bare", *line.split())
    assert refused.code == 2
    assert refused.err.startswith("taikyoku: error: riichi takes the seats in riichi, e.g. riichi Mika;"), refused.err
    assert refused.err.count("\n") == 1
    assert len(cli("log", "bare", "--json").json()) == before
