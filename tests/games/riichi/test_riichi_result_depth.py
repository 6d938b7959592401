"""Riichi hands recorded at result depth: one line, priced from the tiles by the same rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import Cli, rows

EXAMPLE = "ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m"


def started(cli: Cli, ruleset: str = "tenhou", match: str = "rd-1") -> None:
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", ruleset,
               "--id", match).code == 0  # fmt: skip
    assert cli("round", match).code == 0


def test_the_issues_example_line(cli: Cli) -> None:
    started(cli)
    recorded = cli("result", "rd-1", *EXAMPLE.split())
    assert recorded.code == 0, recorded.err
    # Riichi and chun, 40 fu (a shanpon won on the dragon: an open pung of honours, 4 fu): 2,600;
    # Nan's own riichi stick comes back to him.
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["depth"] == "result"
    assert result["points"] == [0, 2600, -2600, 0] and result["scores"] == [25000, 27600, 22400, 25000]
    win = result["wins"][0]
    assert (win["seat"], win["kind"], win["from_seat"]) == (1, "ron", 2)
    assert win["result"]["han"] == 2 and win["result"]["fu"] == 40
    assert json.dumps([win["honba"], win["sticks"]]) == "[0, 1]"  # Nan's own stick, a whole one
    assert "recorded at result depth" in cli("replay", "rd-1").out
    assert cli("audit", "rd-1").code == 0
    assert cli("round", "rd-1").code == 0  # the match goes on: South's deal next


def test_result_depth_prices_a_chiihou_as_the_moves_do(cli: Cli, tmp_path: Path) -> None:
    # The same chiihou recorded move by move in test_riichi_cli: Nan wins on his first draw.
    started(cli)
    assert cli("result", "rd-1", "tsumo", "S", "123m456p34789s55z", "+5s", "chiihou", "dora", "3m").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["points"] == [-16000, 32000, -8000, -8000]
    assert result["wins"][0]["conditions"] == ["chiihou"]
    moves = Cli(tmp_path / "moves.db", cli.capsys)
    from tests.cli.test_riichi_cli import HANDS

    assert moves("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", "tenhou",
                 "--id", "r-1").code == 0  # fmt: skip
    assert moves("round", "r-1").code == 0
    assert moves("deal", "r-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m").code == 0
    for args in (("draw", "r-1", "7m"), ("discard", "r-1", "7m"), ("draw", "r-1", "5s"), ("tsumo", "r-1")):
        assert moves(*args).code == 0
    (by_moves,) = moves("replay", "r-1", "--json").json()["results"]
    assert by_moves["depth"] == "moves"
    assert by_moves["points"] == result["points"] and by_moves["wins"][0]["result"] == result["wins"][0]["result"]


def test_melds_and_seat_numbers(cli: Cli) -> None:
    started(cli)
    line = "ron 2 from 0 1m234p567s chi:345m pon:777z +1m dora 7p"
    assert cli("result", "rd-1", *line.split()).code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["points"] == [-1000, 0, 1000, 0]  # chun, open: 1 han 30 fu
    assert [y["name"] for y in result["wins"][0]["result"]["yaku"]] == ["Yakuhai (chun)"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "ron S from W 234m567p345s11s7z +7z dora 3p",
            "seq 3 (hand result): with 0 melds the concealed hand holds 13 tiles besides the winning one, not 12 [riichi.result.tiles]",
        ),
        (
            "ron S from W 234m567p345s11s77z +7z dora 3p ura 8m",
            "seq 3 (hand result): ura dora are turned only for a riichi winner; check the conditions said [riichi.result.conditions]",
        ),
        (
            "ron S from W 234m567p345s11s77z +7z ippatsu dora 3p",
            "seq 3 (hand result): ippatsu needs riichi; check the conditions said [riichi.result.conditions]",
        ),
        (
            "tsumo S 123m456p34789s55z +5s tenhou dora 3m",
            "seq 3 (hand result): tenhou is the dealer's tsumo; check the conditions said [riichi.result.conditions]",
        ),
        (
            "ron S from S 234m567p345s11s77z +7z dora 3p",
            "seq 3 (hand result): a ron names the seat that dealt in; a tsumo names none [riichi.result.from_seat]",
        ),
        (
            "ron X from W 234m567p345s11s77z +7z dora 3p",
            "'X' is not a seat: give a player's name (Ton, Nan, Sha, Pei), its wind this hand (E S W N, E is the dealer) or 0 to 3",
        ),
        (
            "ron S from W 234m567p345s11s77z +7z",
            "give the dora indicators after dora, e.g. dora 3p; e.g. ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m",
        ),
        (
            "ron S from W 234m567p345s11s77z dora 3p",
            "give the winning tile after a +, e.g. +7z; e.g. ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m",
        ),
        (
            "ron S from W 234m567p345s11s77z +7z dora 3p lucky",
            "'lucky' is not a tile; write 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N white green red), 0m/0p/0s for red fives, or the mjai letters E S W N P F C and 5mr",
        ),
        (
            "ron S from W 1111m567p345s11s7z +7z dora 1m",
            "seq 3 (hand result): more than four 1m in the hand and indicators [riichi.result.five]",
        ),
        (
            "ron S from W 234m567p345s11s67z +7z dora 3p",
            "seq 3 (hand result): 234m567p11345s677z is not a complete hand [riichi.win.incomplete]",
        ),
        (
            "tsumo E 123m456p789s1z pon:555p +1z dora 4s",
            "seq 3 (hand result): this win does not stand under tenhou: the hand has no yaku [riichi.win.no_win]",
        ),
        (
            "ron S from W 234m567p3459s pon:112z +9s dora 3p",
            "seq 3 (hand result): pon 112z is not a pon [riichi.result.meld]",
        ),
        (
            "ron S from W 234m567p345s11s77z +7z dora 3p 5x",
            "'5x' is not a tile; write 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N white green red), 0m/0p/0s for red fives, or the mjai letters E S W N P F C and 5mr",
        ),
    ],
)
def test_bad_lines_are_refused_in_one_line_and_store_nothing(cli: Cli, db: Path, line: str, expected: str) -> None:
    started(cli)
    before = rows(db)
    refused = cli("result", "rd-1", *line.split())
    assert refused.code == 2
    assert refused.err == f"taikyoku: error: {expected}\n"  # whole: one line, every word
    assert rows(db) == before


def test_moves_and_result_depth_do_not_mix_in_one_hand(cli: Cli) -> None:
    from tests.cli.test_riichi_cli import HANDS

    started(cli)
    assert cli("deal", "rd-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m").code == 0
    refused = cli("result", "rd-1", *EXAMPLE.split())
    assert refused.code == 2
    assert refused.err == (
        "taikyoku: error: seq 4 (hand result): this hand is being recorded move by move; finish it with its "
        "win or draw [riichi.result.after_moves]\n"
    )


def test_a_table_session_records_a_hand_at_result_depth(cli: Cli, db: Path) -> None:
    from replay.cli.table_commands import Session

    started(cli)
    session = Session("rd-1", db, "scorer")
    assert session.enter(EXAMPLE) == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["depth"] == "result" and result["points"] == [0, 2600, -2600, 0]
    assert session.enter("ron S from W 234m567p345s11s77z +7z riichi dora 3p") == 2  # the hand is over
    assert "next round" in session.prompt()


def test_other_riichi_sticks_go_to_the_winner(cli: Cli) -> None:
    started(cli)
    assert cli("result", "rd-1", *EXAMPLE.split(), "also-riichi", "N").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    # Nan: 2,600 from Sha, both sticks back (his and Pei's), less his own stick: +3,600. Pei: -1,000.
    assert result["points"] == [0, 3600, -2600, -1000] and result["sticks_left"] == 0
    assert cli("audit", "rd-1").code == 0


def test_an_exhaustive_draw_at_result_depth(cli: Cli, db: Path) -> None:
    started(cli)
    assert cli("result", "rd-1", "draw", "tenpai", "E", "W", "riichi", "W").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["depth"] == "result" and result["kind"] == "exhaustive"
    assert result["points"] == [1500, -1500, 500, -1500] and result["sticks_left"] == 1
    assert result["next_dealer"] == 0  # the dealer was tenpai
    assert cli("audit", "rd-1").code == 0  # the changes and the stick left on the table balance
    assert cli("round", "rd-1").code == 0
    hand2 = cli("replay", "rd-1", "--json").json()["round"]
    assert hand2["honba"] == 1 and hand2["sticks"] == 1
    before = rows(db)
    refused = cli("result", "rd-1", "draw", "tenpai", "E", "riichi", "W")
    assert refused.code == 2 and "a seat in riichi is tenpai" in refused.err
    assert rows(db) == before


def test_an_abortive_draw_at_result_depth(cli: Cli, db: Path) -> None:
    started(cli)
    assert cli("result", "rd-1", "abort", "four-riichi", "riichi", "E", "S", "W", "N").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert (result["kind"], result["abort"], result["depth"]) == ("abortive", "four_riichi", "result")
    assert result["points"] == [-1000] * 4 and result["sticks_left"] == 4 and result["next_dealer"] == 0
    assert cli("audit", "rd-1").code == 0
    assert cli("round", "rd-1").code == 0
    before = rows(db)
    for line, expected in (
        (["abort", "four-riichi", "riichi", "E", "S"], "name the four seats in riichi"),
        (["abort", "sneezing"], "abort takes its kind"),
    ):
        refused = cli("result", "rd-1", *line)
        assert refused.code == 2 and expected in refused.err, refused.err
    assert rows(db) == before


def test_no_abortive_draws_under_ema(cli: Cli) -> None:
    started(cli, "ema2016")
    refused = cli("result", "rd-1", "abort", "four-winds")
    assert refused.code == 2 and "riichi.abort.not_allowed" in refused.err


def test_a_double_ron_at_result_depth_follows_the_ruleset(cli: Cli, tmp_path: Path) -> None:
    """Sha deals in 3m to Nan and Pei; honba 1 and a stick on the table (the match_flow facts)."""
    first = "ron N from W 12m111p999s33z444z +3m dora 9p"  # Pei, nearest the discarder: his seat wind
    second = "ron S from W 12m456p789s11z555z +3m dora 9p"  # Nan: haku
    outcomes = {}
    for ruleset in ("tenhou", "ema2016"):
        db = Cli(tmp_path / f"{ruleset}.db", cli.capsys)
        assert db("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", ruleset,
                  "--id", "dr-1").code == 0  # fmt: skip
        assert db("round", "dr-1", "--honba", "1", "--sticks", "1", "--scores", "25000,25000,25000,24000").code == 0
        assert db("result", "dr-1", *first.split()).code == 0
        recorded = db("result", "dr-1", *second.split())
        assert recorded.code == 0, recorded.err
        (result,) = db("replay", "dr-1", "--json").json()["results"]
        assert [w["seat"] for w in result["wins"]] == [3, 1] and result["depth"] == "result"
        assert sum(result["points"]) + 1000 * (result["sticks_left"] - 1) == 0
        outcomes[ruleset] = result["points"]
        assert db("audit", "dr-1").code == 0
        refused = db("result", "dr-1", *first.split())
        assert refused.code == 2 and "riichi.win.twice" in refused.err  # Pei has won already
    # Tenhou: the honba and the stick go to the winner nearest the discarder (Pei); EMA: honba to each.
    assert outcomes["tenhou"] != outcomes["ema2016"]


def test_nagashi_mangan_at_result_depth(cli: Cli) -> None:
    started(cli, "tenhou")
    assert cli("result", "rd-1", "draw", "tenpai", "S", "nagashi", "W").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    # Sha, a non-dealer: a mangan tsumo's payments, 4,000 from the dealer and 2,000 from each other.
    assert result["points"] == [-4000, -2000, 8000, -2000] and result["next_dealer"] == 1
    assert result["explanation"] == "nagashi mangan: seat 2" and result["depth"] == "result"
    assert cli("audit", "rd-1").code == 0
    started(cli, "ema2016", match="rd-2")
    refused = cli("result", "rd-2", "draw", "tenpai", "none", "nagashi", "W")
    assert refused.code == 2 and "riichi.nagashi.not_allowed" in refused.err


def test_price_and_replay_say_how_the_returned_riichi_stick_is_counted(cli: Cli) -> None:
    started(cli)
    assert cli("result", "rd-1", *EXAMPLE.split()).code == 0
    priced = cli("price", "rd-1", "--round", "1", "--ruleset", "tenhou").out
    assert "+3600" in priced  # 2,600 for the ron and Nan's own stick back
    assert "every riichi stick on the table (a winner's own comes back)" in " ".join(priced.split())
    replayed = " ".join(cli("replay", "rd-1").out.split())
    assert "Nan +2600" in replayed and "(riichi sticks put down counted: Nan)" in replayed
    assert cli("replay", "rd-1", "--json").json()["results"][0]["riichi_sticks_put_down"] == [0, 1, 0, 0]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ron S from W 234m567p3459s pon:111z +9s riichi dora 3p",
         'seq 3 (hand result): riichi needs a closed hand; check the conditions said [riichi.result.conditions]'),
        ("ron S from W 234m567p345s11s77z +7z rinshan dora 3p",
         "seq 3 (hand result): rinshan is a tsumo on a kan's replacement tile; check the conditions said [riichi.result.conditions]"),
        ("tsumo S 234m567p345s11s77z +7z chankan dora 3p",
         'seq 3 (hand result): chankan and houtei are rons; check the conditions said [riichi.result.conditions]'),
        ("tsumo S 234m567p345s11s77z +7z houtei dora 3p",
         'seq 3 (hand result): chankan and houtei are rons; check the conditions said [riichi.result.conditions]'),
        ("tsumo S 234m567p345s11s77z +7z rinshan dora 3p",
         "seq 3 (hand result): rinshan is a tsumo on a kan's replacement tile; check the conditions said "
         "[riichi.result.conditions]"),
        ("ron S from W 1111m2222m345s1s7z +7z dora 1m 2m",
         "seq 3 (hand result): more than four 1m, 2m in the hand and indicators [riichi.result.five]"),
        ("ron S from W 234m567p345s11s77z +7z haitei dora 3p",
         'seq 3 (hand result): haitei is a tsumo; check the conditions said [riichi.result.conditions]'),
        ("tsumo E 234m567p345s11s77z +7z chiihou dora 3p",
         "seq 3 (hand result): chiihou is a non-dealer's tsumo; check the conditions said [riichi.result.conditions]"),
        ("ron S from W 234m567p345s11s77z +7z chiihou dora 3p",
         "seq 3 (hand result): chiihou is a non-dealer's tsumo; check the conditions said [riichi.result.conditions]"),
        ("ron E from W 234m567p345s11s77z +7z renhou dora 3p",
         "seq 3 (hand result): renhou is a non-dealer's ron; check the conditions said [riichi.result.conditions]"),
        ("tsumo S 234m567p345s11s77z +7z renhou dora 3p",
         "seq 3 (hand result): renhou is a non-dealer's ron; check the conditions said [riichi.result.conditions]"),
        ("ron S from W 234m567p3459s pon:111z +9s renhou dora 3p",
         'seq 3 (hand result): a first go-around win has no melds; check the conditions said [riichi.result.conditions]'),
        ("tsumo S 234m567p3459s pon:111z +9s chiihou dora 3p",
         'seq 3 (hand result): a first go-around win has no melds; check the conditions said [riichi.result.conditions]'),
        ("tsumo E 234m567p3459s pon:111z +9s tenhou dora 3p",
         'seq 3 (hand result): a first go-around win has no melds; check the conditions said [riichi.result.conditions]'),
        ("ron S from W 234m567p345s11s77z +7z dora 3p also-riichi S",
         'seq 3 (hand result): others_in_riichi names the other seats that declared riichi [riichi.result.riichi]'),
        ("ron S from W 234m567p345s pon:777z +1s dora 3p",
         'seq 3 (hand result): with 1 meld the concealed hand holds 10 tiles besides the winning one, not 9 [riichi.result.tiles]'),
        ("ron S from W 234m567p3459s chi:135m +9s dora 3p",
         'seq 3 (hand result): chi 135m is not a chi [riichi.result.meld]'),
        ("ron S from W 234m567p3459s chi:123z +9s dora 3p",
         'seq 3 (hand result): chi 123z is not a chi [riichi.result.meld]'),
        ("ron S from W 234m567p3459s pon:776z +9s dora 3p",
         'seq 3 (hand result): pon 677z is not a pon [riichi.result.meld]'),
    ],
)  # fmt: skip
def test_each_condition_that_cannot_be_is_refused_with_its_code(cli: Cli, db: Path, line: str, expected: str) -> None:
    started(cli)
    before = rows(db)
    refused = cli("result", "rd-1", *line.split())
    assert refused.code == 2
    assert refused.err == f"taikyoku: error: {expected}\n"  # whole: a word changed is caught
    assert rows(db) == before


def test_the_echo_of_a_meld_is_in_words_not_python(cli: Cli) -> None:
    started(cli)
    said = cli("result", "rd-1", *["ron", "S", "from", "W", "234m567p345s1s", "pon:777z", "+1s", "dora", "3p"])
    assert said.code == 0, said.err
    assert "melds pon 7z,7z,7z" in said.out and "{" not in said.out and "'" not in said.out
    listed = cli("log", "rd-1").out
    assert "{" not in listed and "'kind'" not in listed


PEI_RON = "ron N from W 12m111p999s33z444z +3m dora 9p"  # Pei on Sha's 3m: his seat wind
NAN_RON = "ron S from W 12m456p789s11z555z +3m dora 9p"  # Nan on the same tile: haku
TON_RON = "ron E from W 45m123s678s22z666z +3m dora 9p"  # Ton on the same tile: hatsu


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (PEI_RON, "ron S from E 12m456p789s11z555z +3m dora 9p",
         "seq 4 (hand result): the other ron is on Sha's 3m, the same discard [riichi.result.second_win]"),
        (PEI_RON, "ron S from W 13m456p789s11z555z +2m dora 9p",
         "seq 4 (hand result): the other ron is on Sha's 3m, the same discard [riichi.result.second_win]"),
        (PEI_RON, "ron S from W 12m456p789s11z555z +3m dora 8p",
         "seq 4 (hand result): this hand's dora indicators are 9p [riichi.result.dora]"),
        (PEI_RON, PEI_RON, "seq 4 (hand result): Pei has already won on this tile [riichi.win.twice]"),
        (PEI_RON.replace("dora 9p", "dora 9p 1m"), NAN_RON,
         "seq 4 (hand result): this hand's dora indicators are 9p 1m [riichi.result.dora]"),
        # Pei deals in: Sha (two seats on) recorded before Nan (one seat on).
        ("ron W from N 12m111p999s44z666z +3m dora 9p", "ron S from N 12m456p789s11z555z +3m dora 9p",
         "seq 4 (hand result): record the rons in turn order from the discarder [riichi.win.order]"),
        (NAN_RON, PEI_RON,
         "seq 4 (hand result): record the rons in turn order from the discarder [riichi.win.order]"),
    ],
)  # fmt: skip
def test_each_second_ron_that_cannot_be_is_refused_in_its_own_words(
    cli: Cli, db: Path, first: str, second: str, expected: str
) -> None:
    started(cli)
    assert cli("result", "rd-1", *first.split()).code == 0
    before = rows(db)
    refused = cli("result", "rd-1", *second.split())
    assert refused.code == 2
    assert refused.err == f"taikyoku: error: {expected}\n"
    assert rows(db) == before


def test_a_third_ron_is_refused_where_the_ruleset_aborts_and_taken_where_it_does_not(cli: Cli) -> None:
    started(cli, "tenhou")
    assert cli("result", "rd-1", *PEI_RON.split()).code == 0
    assert cli("result", "rd-1", *TON_RON.split()).code == 0
    refused = cli("result", "rd-1", *NAN_RON.split())
    assert refused.code == 2
    assert refused.err == (
        "taikyoku: error: seq 5 (hand result): three rons on one tile abort the hand under this ruleset: "
        "record abort triple_ron [riichi.win.triple_ron]\n"
    )
    started(cli, "ema2016", match="rd-2")
    for line in (PEI_RON, TON_RON, NAN_RON):
        assert cli("result", "rd-2", *line.split()).code == 0
    (result,) = cli("replay", "rd-2", "--json").json()["results"]
    assert [w["seat"] for w in result["wins"]] == [3, 0, 1]


def test_no_ron_follows_a_tsumo_at_result_depth(cli: Cli, db: Path) -> None:
    # The command line says the hand is over; the line recorded as an event is refused by the fold.
    # (After a ron, a tsumo line finds no hand in progress: only a ron may follow a ron.)
    started(cli)
    assert cli("result", "rd-1", "tsumo", "N", "12m111p999s33z444z", "+3m", "dora", "9p").code == 0
    nan = {"conditions": [], "dora_indicators": ["9p"], "from_seat": 2, "kind": "ron", "melds": [],
           "hand": ["1m", "2m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z", "5z"],
           "others_in_riichi": [], "seat": 1, "ura_indicators": [], "win_tile": "3m"}  # fmt: skip
    before = rows(db)
    refused = cli("record", "rd-1", stdin=json.dumps({"type": "riichi.hand_result", "payload": nan}))
    assert refused.code == 2
    assert refused.err == (
        "taikyoku: error: seq 4 (hand result): a second win in one hand is another ron on the same discard, "
        "recorded the same way [riichi.result.second_win]\n"
    )
    assert rows(db) == before


def test_rons_from_the_north_seat_are_taken_in_turn_order(cli: Cli) -> None:
    started(cli)
    assert cli("result", "rd-1", "ron", "S", "from", "N", "12m456p789s11z555z", "+3m", "dora", "9p").code == 0
    assert cli("result", "rd-1", "ron", "W", "from", "N", "12m111p999s44z666z", "+3m", "dora", "9p").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert [w["seat"] for w in result["wins"]] == [1, 2]


@pytest.mark.parametrize(
    ("line", "yaku", "han", "fu"),
    [
        # A closed kan keeps the hand closed for riichi; the tsumo on its replacement tile is rinshan.
        # 20 fu, 2 for the tsumo, 16 for a concealed kan of simples: 38, so 40.
        ("tsumo S 234m567p22s78s ankan:6666m +9s riichi rinshan dora 3p",
         ["Menzen Tsumo", "Riichi", "Rinshan Kaihou"], 3, 40),
        # Double riichi is a riichi: ura dora are turned for it. Chun, 2 han for double riichi.
        ("ron S from W 234m567p345s11s77z +7z double-riichi dora 3p ura 8m",
         ["Double Riichi", "Yakuhai (chun)"], 3, 40),
        # Each condition said is the yaku it names, on a pinfu hand waiting on 6s-9s (no tanyao: 11s, 9s).
        ("ron S from W 234m567p345s11s77z +7z riichi ippatsu dora 3p",
         ["Ippatsu", "Riichi", "Yakuhai (chun)"], 3, 40),
        ("ron S from W 234m567p345s11s78s +9s chankan dora 3p", ["Chankan", "Pinfu"], 2, 30),
        ("tsumo S 234m567p345s11s78s +9s haitei dora 3p", ["Haitei Raoyue", "Menzen Tsumo", "Pinfu"], 3, 20),
        ("ron S from W 234m567p345s11s78s +9s houtei dora 3p", ["Houtei Raoyui", "Pinfu"], 2, 30),
        # Ura indicator 2m: the ura dora is 3m, one in the hand.
        ("ron S from W 234m567p345s11s78s +9s riichi dora 3p ura 2m", ["Pinfu", "Riichi", "Ura Dora"], 3, 30),
    ],
)  # fmt: skip
def test_lines_that_are_right_are_priced(cli: Cli, line: str, yaku: list[str], han: int, fu: int) -> None:
    started(cli)
    recorded = cli("result", "rd-1", *line.split())
    assert recorded.code == 0, recorded.err
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    priced = result["wins"][0]["result"]
    assert sorted(y["name"] for y in priced["yaku"]) == yaku
    assert (priced["han"], priced["fu"]) == (han, fu)


@pytest.mark.parametrize(
    ("seat", "from_seat", "others", "expected"),
    [
        (3, None, [], "seats are 0 to 2 [match.seat.unknown]"),
        (1, 3, [], "seats are 0 to 2 [match.seat.unknown]"),
        (1, None, [3], "others_in_riichi names the other seats that declared riichi [riichi.result.riichi]"),
    ],
)
def test_a_seat_past_the_table_is_refused_in_a_three_player_match(
    cli: Cli, db: Path, seat: int, from_seat: int | None, others: list[int], expected: str
) -> None:
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "--ruleset", "tenhou-sanma",
               "--id", "s-1").code == 0  # fmt: skip
    assert cli("round", "s-1").code == 0
    payload = {"conditions": [], "dora_indicators": ["9p"], "from_seat": from_seat,
               "kind": "tsumo" if from_seat is None else "ron", "melds": [], "others_in_riichi": others,
               "hand": ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z"],
               "seat": seat, "ura_indicators": [], "win_tile": "5z"}  # fmt: skip
    before = rows(db)
    refused = cli("record", "s-1", stdin=json.dumps({"type": "riichi.hand_result", "payload": payload}))
    assert refused.code == 2
    assert refused.err == f"taikyoku: error: seq 3 (hand result): {expected}\n"
    assert rows(db) == before


def test_a_tenhou_at_result_depth_is_the_dealers_yakuman(cli: Cli) -> None:
    started(cli)
    assert cli("result", "rd-1", "tsumo", "E", "234m567p345s11s78s", "+9s", "tenhou", "dora", "3p").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert [y["name"] for y in result["wins"][0]["result"]["yaku"]] == ["Tenhou"]
    assert result["points"] == [48000, -16000, -16000, -16000]  # 16,000 from each


def test_a_renhou_at_result_depth_is_a_mangan_under_ema(cli: Cli) -> None:
    started(cli, "ema2016")
    assert cli("result", "rd-1", "ron", "S", "from", "W", "234m567p345s11s78s", "+9s", "renhou", "dora", "3p").code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["points"] == [0, 8000, -8000, 0]


def test_the_honba_are_paid_at_result_depth(cli: Cli) -> None:
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--ruleset", "tenhou",
               "--id", "rd-1").code == 0  # fmt: skip
    assert cli("round", "rd-1", "--honba", "2").code == 0
    assert cli("result", "rd-1", *EXAMPLE.split()).code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["points"] == [0, 3200, -3200, 0]  # 2,600 and 300 a honba; Nan's own stick back


def test_a_second_ron_keeps_the_first_winners_riichi_stick_where_it_went(cli: Cli) -> None:
    # Pei (riichi 1, north 1, three concealed pungs 2, chanta 2, three dora 1p: 9 han, a baiman,
    # 16,000) and Nan (haku, 50 fu 1 han: 1,600) both ron Sha's 3m. Under Tenhou the stick goes to
    # the winner nearest the discarder, Pei, whose own it is; nobody else put one down.
    started(cli)
    assert cli("result", "rd-1", *PEI_RON.split(), "riichi").code == 0
    assert cli("result", "rd-1", *NAN_RON.split()).code == 0
    (result,) = cli("replay", "rd-1", "--json").json()["results"]
    assert result["points"] == [0, 1600, -17600, 16000]
    assert result["riichi_sticks_put_down"] == [0, 0, 0, 1]
