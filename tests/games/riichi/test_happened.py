"""Each "what happened" check (``replay/games/riichi/happened.py``, docs/riichi.md) on a hand built
to show it and one built not to, recorded through the real store. Seats: Ton (0, the dealer unless
said), Nan (1), Sha (2), Pei (3); East round, so Nan's wind is south, Sha's west, Pei's north.

Every draw that matters is named and kept out of the other hands (``reserved``); the rest are
junk tiles drawn and discarded at once. Shanten of the dealt hands was counted by hand and with
the ``mahjong`` package's ``Shanten`` (not the product's)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from events.riichi import ExhaustiveDraw, RiichiDeclared, RiichiDiscard, RiichiDraw, RiichiWin
from replay.app import steps as match_steps
from replay.app.log_files import games_of
from replay.engine.fold import META_TYPES, Step, history
from replay.engine.logs import Imported
from replay.games.riichi.happened import CHECKS, happened
from replay.games.riichi.public import public_view
from tests.games.riichi.support import Hand
from tests.helpers import Cli
from tests.paths import CORPUS, CORPUS_MORE

TON, NAN, SHA, PEI = 0, 1, 2, 3
NAMES = ("Ton", "Nan", "Sha", "Pei")


def found_in(hand: Hand) -> list[dict[str, object]]:
    """Every check found in the hand's match, each said of this match's one hand, at one of its
    events, with words."""
    steps = history(match_steps.read_steps(hand.store, hand.match_id)).effective
    found, skipped, _ = happened(steps)
    assert skipped == []  # every hand is shown in these records
    for check in found:
        assert check["hand"] == 1 and 1 <= check["seq"] <= hand.count(), check
        assert isinstance(check["detail"], str) and check["detail"], check
    return found


def checks(hand: Hand) -> set[tuple[str, str]]:
    """(check, player) of every check found in the hand's match."""
    return {(str(f["check"]), str(f["player"])) for f in found_in(hand)}


def said(hand: Hand) -> set[tuple[str, str, str]]:
    """(check, player, what it says) of every check found in the hand's match."""
    return {(str(f["check"]), str(f["player"]), str(f["detail"])) for f in found_in(hand)}


def play(hand: Hand, seat: int, draw: str, discard: str | None = None, *, riichi: bool = False) -> None:
    """One turn with a named draw: kept and ``discard`` thrown, or thrown at once."""
    hand.record(RiichiDraw(seat=seat, tile=draw))
    if riichi:
        hand.record(RiichiDeclared(seat=seat))
    out = discard or draw
    hand.record(RiichiDiscard(seat=seat, tile=out, tsumogiri=out == draw))


def ron(hand: Hand, seat: int, giver: int, **extra: object) -> None:
    hand.record(RiichiWin(seat=seat, kind="ron", from_seat=giver, **extra))  # type: ignore[arg-type]


def tsumo(hand: Hand, seat: int, tile: str, **extra: object) -> None:
    hand.record(RiichiDraw(seat=seat, tile=tile), RiichiWin(seat=seat, kind="tsumo", **extra))  # type: ignore[arg-type]


def new(tmp_path: Path, label: str, ruleset: str = "tenhou") -> Hand:
    return Hand(tmp_path / f"{label}.db", ruleset)


def with_red_fives(hand: Hand) -> None:
    """The rulesets' sets have one red five a suit: the last plain five of each suit in the junk
    becomes the red one (``Hand`` deals plain tiles; these hands draw deep into the wall)."""
    for suit in "mps":
        places = [i for i, tile in enumerate(hand.junk) if tile == f"5{suit}"]
        if places:
            hand.junk[places[-1]] = f"0{suit}"


# Nan's riichi hand: 234m 456p 789s and the pairs 1z 2z, waiting on east or south (two kinds).
NAN_SHANPON = "234m456p789s1122z"
# Sha's closed hand with a white triplet (a yaku without riichi): 78m waits on 6m or 9m.
SHA_WHITE = "78m555z123p456s99s"


def test_dealt_in_with_the_riichi_tile_to_a_dama_hand(tmp_path: Path) -> None:
    """Nan draws 9m and declares riichi with it; Sha, closed and not in riichi, rons it: Nan dealt in
    with the riichi tile, to dama, while tenpai, and his riichi lost to dama."""
    hand = new(tmp_path, "show")
    hand.begin({NAN: NAN_SHANPON, SHA: SHA_WHITE}, reserved="9m9p")
    play(hand, TON, "9p")
    play(hand, NAN, "9m", riichi=True)
    ron(hand, SHA, NAN)
    found = checks(hand)
    assert {("dealt-in-with-riichi-tile", "Nan", "to Sha"), ("dealt-in-to-dama", "Nan", "to Sha"),
            ("dealt-in-while-tenpai", "Nan", "to Sha"), ("riichi-lost-to-dama", "Nan", "to Sha")} <= said(hand)  # fmt: skip
    assert not {c for c, who in found if who == "Sha" and not c.startswith("started")}
    hand.close()


def test_a_tile_after_the_riichi_tile_is_not_the_riichi_tile(tmp_path: Path) -> None:
    """Nan declares with 9p; a go-round later his 9m is ronned: dealt in to dama, not with the riichi tile."""
    hand = new(tmp_path, "near")
    hand.begin({NAN: NAN_SHANPON, SHA: SHA_WHITE}, reserved="9m9p1p1s2p")
    play(hand, TON, "2p")
    play(hand, NAN, "9p", riichi=True)
    play(hand, SHA, "1p")
    play(hand, PEI, "1s")
    play(hand, TON, "9p")
    play(hand, NAN, "9m")
    ron(hand, SHA, NAN)
    found = checks(hand)
    assert ("dealt-in-to-dama", "Nan") in found
    assert ("dealt-in-with-riichi-tile", "Nan") not in found
    hand.close()


# Sha's riichi hand: 78m waits on 6m or 9m; riichi is its yaku.
SHA_RIICHI = "78m123p345p456s99s"


def test_a_later_riichi_chases_and_wins_with_ippatsu(tmp_path: Path) -> None:
    """Nan declares riichi, Sha declares after him, and Nan's next tile (9m) is Sha's within Sha's
    first go-round: Nan chased and lost, and dealt in to ippatsu while tenpai; Sha chased and won
    with ippatsu. Sha was in riichi: no dama checks."""
    hand = new(tmp_path, "chase")
    hand.begin({NAN: NAN_SHANPON, SHA: SHA_RIICHI}, reserved="9m9p1p2s3s4s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "2s", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "4s")
    play(hand, NAN, "9m")
    ron(hand, SHA, NAN)
    found = checks(hand)
    assert {("chased-and-lost", "Nan", "to Sha's later riichi"), ("chased-and-won", "Sha", "after Nan's riichi"),
            ("won-with-ippatsu", "Sha", "by ron within the riichi's first go-round"),
            ("dealt-in-to-ippatsu", "Nan", "to Sha"), ("dealt-in-while-tenpai", "Nan", "to Sha")} <= said(hand)  # fmt: skip
    assert not {
        c for c, _ in found if c in ("riichi-lost-to-dama", "dealt-in-to-dama", "chased-and-won") and _ != "Sha"
    }
    assert ("riichi-lost-to-dama", "Nan") not in found and ("dealt-in-to-dama", "Nan") not in found
    hand.close()


def test_the_summary_counts_each_players_checks_and_a_player_is_reviewed_alone(tmp_path: Path) -> None:
    """The chase above, reviewed for Sha alone: his two checks (chased and won, ippatsu), both good;
    for Nan alone: his three (chased and lost, dealt in to ippatsu, while tenpai), all bad."""
    from replay.games.riichi.analysis import review

    hand = new(tmp_path, "alone")
    hand.begin({NAN: NAN_SHANPON, SHA: SHA_RIICHI}, reserved="9m9p1p2s3s4s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "2s", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "4s")
    play(hand, NAN, "9m")
    ron(hand, SHA, NAN)
    steps = history(match_steps.read_steps(hand.store, hand.match_id)).effective
    sha, nan = review(steps, "Sha"), review(steps, "Nan")
    assert sorted(h["check"] for h in sha["happened"]) == ["chased-and-won", "won-with-ippatsu"]
    assert [(r["player"], r["went_well"], r["went_badly"]) for r in sha["summary"]] == [("Sha", 2, 0)]
    assert sorted(h["check"] for h in nan["happened"]) == ["chased-and-lost", "dealt-in-to-ippatsu",
                                                           "dealt-in-while-tenpai"]  # fmt: skip
    assert [(r["player"], r["went_well"], r["went_badly"]) for r in nan["summary"]] == [("Nan", 0, 3)]
    hand.close()


def test_the_first_riichi_winning_is_no_chase_and_a_later_go_round_no_ippatsu(tmp_path: Path) -> None:
    """Nan declares, Sha declares after, and a go-round later Sha's tile (1z) is Nan's: no chase
    (the first riichi won), no ippatsu (Nan had drawn again since his riichi)."""
    hand = new(tmp_path, "first")
    hand.begin({NAN: NAN_SHANPON, SHA: SHA_RIICHI}, reserved="9p1p2s3s4s5s1z6s7s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "2s", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "4s")
    play(hand, NAN, "5s")
    play(hand, SHA, "1z")
    ron(hand, NAN, SHA)
    found = checks(hand)
    assert not {
        c for c, _ in found if c in ("chased-and-lost", "chased-and-won", "won-with-ippatsu", "dealt-in-to-ippatsu")
    }
    assert ("dealt-in-while-tenpai", "Sha") in found
    hand.close()


def test_the_first_riichi_winning_on_a_single_wait_beats_a_later_good_wait(tmp_path: Path) -> None:
    """Nan's riichi waits on east alone; Sha's later riichi on 6m or 9m. Nan wins on Sha's east: Sha
    lost a good wait to a bad one, though the first riichi won (no chase)."""
    hand = new(tmp_path, "first-tanki")
    hand.begin({NAN: "234m456p789s123s1z", SHA: SHA_RIICHI}, reserved="9p1p2s3s4s5s1z")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "2s", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "4s")
    play(hand, NAN, "5s")
    play(hand, SHA, "1z")
    ron(hand, NAN, SHA)
    found = said(hand)
    assert ("good-wait-lost-to-bad-wait", "Sha", "6m 9m against 1z") in found
    assert not {c for c in found if c[0] in ("chased-and-lost", "chased-and-won")}
    hand.close()


def test_head_bumped_in_riichi_by_a_nearer_dama_win(tmp_path: Path) -> None:
    """EMA: one ron, the nearest. Ton's 9m is Nan's (dama, white) and Sha's (riichi on 6m-9m, not
    furiten): Nan wins, Sha was head-bumped and his riichi lost to dama."""
    hand = new(tmp_path, "bump", "ema2016")
    hand.begin({NAN: SHA_WHITE, SHA: SHA_RIICHI}, reserved="9m9p1p2s3s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p")
    play(hand, SHA, "2s", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "9m")
    ron(hand, NAN, TON)
    assert {("head-bumped", "Sha", "waited on Ton's discard too"), ("riichi-lost-to-dama", "Sha", "to Nan"),
            ("dealt-in-to-dama", "Ton", "to Nan")} <= said(hand)  # fmt: skip
    hand.close()


def test_a_furiten_riichi_is_not_head_bumped(tmp_path: Path) -> None:
    """The same, but Sha declared riichi with a 6m: furiten on his own wait, he could not have won.
    (Nan waits on 9m alone here, with a single 9m, so that Sha's 6m is no tile of his.)"""
    hand = new(tmp_path, "furiten", "ema2016")
    hand.begin({NAN: "123m555z123p456s9m", SHA: SHA_RIICHI}, reserved="9m9p1p6m3s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p")
    play(hand, SHA, "6m", riichi=True)
    play(hand, PEI, "3s")
    play(hand, TON, "9m")
    ron(hand, NAN, TON)
    found = checks(hand)
    assert ("head-bumped", "Sha") not in found
    assert ("riichi-lost-to-dama", "Sha") in found
    hand.close()


def test_a_two_kind_riichi_lost_to_a_closed_wait(tmp_path: Path) -> None:
    """Nan's riichi waits on east and south; Sha wins on 2m with 13m (one kind, a closed wait)."""
    hand = new(tmp_path, "bad", "tenhou")
    hand.begin({NAN: NAN_SHANPON, SHA: "13m555z123p456s99s"}, reserved="9p1p2m3s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "3s")
    play(hand, PEI, "2m")
    ron(hand, SHA, PEI)
    assert ("good-wait-lost-to-bad-wait", "Nan", "1z 2z against 2m") in said(hand)
    hand.close()


def test_a_single_wait_riichi_has_no_good_wait_to_lose(tmp_path: Path) -> None:
    """Nan's riichi is a single wait on east (one kind): losing to Sha's closed wait is no bad beat."""
    hand = new(tmp_path, "tanki")
    hand.begin({NAN: "234m456p789s123s1z", SHA: "13m555z123p456s99s"}, reserved="9p1p2m3s")
    play(hand, TON, "9p")
    play(hand, NAN, "1p", riichi=True)
    play(hand, SHA, "3s")
    play(hand, PEI, "2m")
    ron(hand, SHA, PEI)
    found = checks(hand)
    assert ("good-wait-lost-to-bad-wait", "Nan") not in found
    assert ("riichi-lost-to-dama", "Nan") in found
    hand.close()


# Ton's scattered hand holding 9p and south: 1m 4m 7m 2p 5p 8p 3s 6s 9s 5z 6z and the two.
TON_WITH_9P = "147m2589p369s256z"
TON_WITHOUT_9P = "147m1258p369s256z"


def test_dealt_in_to_a_riichi_holding_its_genbutsu(tmp_path: Path) -> None:
    """Nan declares with 9p; within his first go-round Ton throws south, Nan's wait, while holding
    a 9p (in Nan's river): Ton dealt in holding genbutsu, and to ippatsu; Nan won with ippatsu."""
    hand = new(tmp_path, "genbutsu")
    hand.begin({TON: TON_WITH_9P, NAN: NAN_SHANPON}, reserved="3p9p4s5s7s")
    play(hand, TON, "3p")
    play(hand, NAN, "9p", riichi=True)
    play(hand, SHA, "4s")
    play(hand, PEI, "5s")
    play(hand, TON, "7s", "2z")
    ron(hand, NAN, TON)
    found = checks(hand)
    assert {("dealt-in-holding-genbutsu", "Ton", "held 9p"), ("dealt-in-to-ippatsu", "Ton", "to Nan"),
            ("won-with-ippatsu", "Nan", "by ron within the riichi's first go-round")} <= said(hand)  # fmt: skip
    assert ("dealt-in-while-tenpai", "Ton") not in found and ("dealt-in-to-dama", "Ton") not in found
    hand.close()


def test_dealt_in_holding_nothing_safe_a_go_round_later(tmp_path: Path) -> None:
    """Ton holds no tile of Nan's river (9p 8s) nor of those thrown since his riichi (4s 5s 7s 9m
    6p), and deals in a go-round after Nan's first: no genbutsu held, no ippatsu."""
    hand = new(tmp_path, "nothing")
    hand.begin({TON: TON_WITHOUT_9P, NAN: NAN_SHANPON}, reserved="3p9p4s5s7s8s9m6p3m")
    play(hand, TON, "3p")
    play(hand, NAN, "9p", riichi=True)
    play(hand, SHA, "4s")
    play(hand, PEI, "5s")
    play(hand, TON, "7s")
    play(hand, NAN, "8s")
    play(hand, SHA, "9m")
    play(hand, PEI, "6p")
    play(hand, TON, "3m", "2z")
    ron(hand, NAN, TON)
    found = checks(hand)
    assert not {c for c, who in found if who == "Ton" and c in ("dealt-in-holding-genbutsu", "dealt-in-to-ippatsu")}
    assert ("won-with-ippatsu", "Nan") not in found
    hand.close()


def fold_after_riichi(tmp_path: Path, third: str) -> set[tuple[str, str]]:
    """Nan declares with 9p; Sha throws 9p (Nan's river), 3s (passed by Pei since the riichi) and
    ``third``; Nan wins by tsumo on east."""
    hand = new(tmp_path, f"fold-{third}")
    hand.begin({NAN: NAN_SHANPON}, reserved="9p9p3s3s4s5s6s7s8s1z" + third)
    play(hand, TON, "5s")
    play(hand, NAN, "9p", riichi=True)
    play(hand, SHA, "9p")
    play(hand, PEI, "3s")
    play(hand, TON, "6s")
    play(hand, NAN, "4s")
    play(hand, SHA, "3s")
    play(hand, PEI, "7s")
    play(hand, TON, "8s")
    play(hand, NAN, "9s" if third != "9s" else "1s")
    play(hand, SHA, third)
    play(hand, PEI, "2s")
    play(hand, TON, "1s" if third != "1s" else "9s")
    tsumo(hand, NAN, "1z")
    found = checks(hand)
    hand.close()
    return found


def test_three_genbutsu_after_a_riichi_is_a_safe_fold(tmp_path: Path) -> None:
    """Sha's third discard is 4s, in Nan's own river: three tiles Nan could not win on. Only Sha
    folded: Pei's 3s and Ton's 5s were no genbutsu when thrown, and Nan is the riichi."""
    assert {c for c in fold_after_riichi(tmp_path, "4s") if c[0] == "folded-safely"} == {("folded-safely", "Sha")}


def test_a_fold_that_deals_in_to_another_is_no_safe_fold(tmp_path: Path) -> None:
    """The same three genbutsu, but Pei (35s, white) waits on 4s dama and rons Sha's third: Sha
    dealt in, so no safe fold, though every tile was safe against Nan."""
    hand = new(tmp_path, "fold-dealt")
    hand.begin({NAN: NAN_SHANPON, PEI: "35s555z123p456m99m"}, reserved="9p9p3s3s4s5s6s7s8s4s")
    play(hand, TON, "5s")
    play(hand, NAN, "9p", riichi=True)
    play(hand, SHA, "9p")
    play(hand, PEI, "3s")
    play(hand, TON, "6s")
    play(hand, NAN, "4s")  # Pei lets it pass: furiten until Pei's next discard
    play(hand, SHA, "3s")
    play(hand, PEI, "7s")
    play(hand, TON, "8s")
    play(hand, NAN, "9s")
    play(hand, SHA, "4s")
    ron(hand, PEI, SHA)
    found = checks(hand)
    assert ("dealt-in-to-dama", "Sha") in found
    assert ("folded-safely", "Sha") not in found
    hand.close()


def test_one_tile_not_genbutsu_is_no_safe_fold(tmp_path: Path) -> None:
    """Sha's third discard is 5m, which no one threw since Nan's riichi: not a fold."""
    assert ("folded-safely", "Sha") not in fold_after_riichi(tmp_path, "5m")


# Nan's pinfu: 234m 456p 789s 23s and the 5m pair, waiting on 1s or 4s. Dealt five from tenpai
# (the mahjong package's Shanten: 5) with 3m 5m 8s 5p 3s out and 9m 1p 5z 6z 7z in; four from
# tenpai (Shanten: 4) with the 3s kept and the 7z out.
FIVE_FROM_TENPAI = "24m5m9m146p279s567z"
FOUR_FROM_TENPAI = "24m5m9m146p2379s56z"


def test_won_from_five_shanten(tmp_path: Path) -> None:
    """Dealt 5 from tenpai, Nan draws 3s 5m 8s 5p 3m (throwing the honours, 1p and 9m) and wins by
    tsumo on 1s (pinfu, tsumo: no mangan)."""
    hand = new(tmp_path, "five")
    hand.begin({NAN: FIVE_FROM_TENPAI}, reserved="3s5m8s5p3m1s1s1s1s4s4s4s4s")
    for draw, discard in (("3s", "7z"), ("5m", "6z"), ("8s", "5z"), ("5p", "1p"), ("3m", "9m")):
        hand.turn(TON)
        play(hand, NAN, draw, discard)
        hand.turn(SHA)
        hand.turn(PEI)
    hand.turn(TON)
    tsumo(hand, NAN, "1s")
    found = checks(hand)
    assert {("started-at-five-shanten", "Nan", "dealt 5 from tenpai"),
            ("won-from-five-shanten", "Nan", "dealt 5 from tenpai")} <= said(hand)  # fmt: skip
    assert ("dama-mangan", "Nan") not in found and ("paid-as-dealer-for-a-big-tsumo", "Ton") not in found
    hand.close()


def test_won_from_four_shanten_is_no_five_shanten_start(tmp_path: Path) -> None:
    hand = new(tmp_path, "four")
    hand.begin({NAN: FOUR_FROM_TENPAI}, reserved="5m8s5p3m1s1s1s1s4s4s4s4s")
    for draw, discard in (("5m", "6z"), ("8s", "5z"), ("5p", "1p"), ("3m", "9m")):
        hand.turn(TON)
        play(hand, NAN, draw, discard)
        hand.turn(SHA)
        hand.turn(PEI)
    hand.turn(TON)
    tsumo(hand, NAN, "1s")
    found = checks(hand)
    assert not {c for c, who in found if who == "Nan" and "five" in c}
    hand.close()


def stuck(tmp_path: Path, draws: int) -> set[tuple[str, str, str]]:
    """Nan is one from tenpai (234m 456p 789s, east pair, south, west: Shanten 1) and throws every
    draw; after his ``draws``-th, Sha wins by tsumo on 2m (13m, white)."""
    hand = new(tmp_path, f"stuck-{draws}")
    hand.begin({NAN: "234m456p789s11z23z", SHA: "13m555z123p456s99s"}, reserved="2m2m2m")
    for turn in range(draws):
        hand.turn(TON)
        hand.turn(NAN)
        if turn < draws - 1:
            hand.turn(SHA)
            hand.turn(PEI)
    tsumo(hand, SHA, "2m")
    found = said(hand)
    hand.close()
    return found


def test_nine_draws_one_from_tenpai_is_stuck(tmp_path: Path) -> None:
    assert ("stuck-at-one-from-tenpai", "Nan", "9 draws one from tenpai") in stuck(tmp_path, 9)


def test_eight_draws_one_from_tenpai_is_not(tmp_path: Path) -> None:
    assert not {c for c in stuck(tmp_path, 8) if c[0] == "stuck-at-one-from-tenpai"}


# Nan's dama with a white triplet, dealt tenpai on 2m (13m).
NAN_KANCHAN = "13m555z123p456s99s"
# Sha's scattered hand holding a 9p to throw.
SHA_SCATTERED = "147m258s369p1357z"


def test_a_winning_tile_drawn_and_kept_by_another(tmp_path: Path) -> None:
    """Sha draws 2m, Nan's wait, keeps it and throws 9p; Nan later wins by tsumo on another 2m."""
    hand = new(tmp_path, "kept")
    hand.begin({NAN: NAN_KANCHAN, SHA: SHA_SCATTERED}, reserved="2m2m")
    hand.turn(TON)
    hand.turn(NAN)
    play(hand, SHA, "2m", "9p")
    hand.turn(PEI)
    hand.turn(TON)
    tsumo(hand, NAN, "2m")
    assert ("winning-tile-drawn-by-another", "Nan", "Sha drew 2m and kept it") in said(hand)
    hand.close()


def test_a_winning_tile_drawn_and_thrown_is_not_kept(tmp_path: Path) -> None:
    """Sha draws 2m and throws it: Nan rons it."""
    hand = new(tmp_path, "thrown")
    hand.begin({NAN: NAN_KANCHAN, SHA: SHA_SCATTERED}, reserved="2m2m")
    hand.turn(TON)
    hand.turn(NAN)
    play(hand, SHA, "2m")
    ron(hand, NAN, SHA)
    assert ("winning-tile-drawn-by-another", "Nan") not in checks(hand)
    hand.close()


def to_the_draw(hand: Hand, last: tuple[int, str] | None = None) -> None:
    """Junk turns until the wall's 70 tiles are drawn (the 70th by Nan); ``last`` names Nan's last draw."""
    with_red_fives(hand)
    for turn in range(70):
        seat = turn % 4
        if turn == 69 and last is not None:
            play(hand, seat, last[1])
        else:
            hand.turn(seat)


def test_every_unseen_copy_of_the_waits_in_the_dead_wall(tmp_path: Path) -> None:
    """Nan is tenpai on east and south from the deal; the other two of each are never drawn (kept
    out of every hand and the wall drawn from): at the draw all 4 lay in the dead wall."""
    hand = new(tmp_path, "dead")
    hand.begin({NAN: NAN_SHANPON}, reserved="1122z")
    to_the_draw(hand)
    hand.record(ExhaustiveDraw(tenpai=(NAN,)))
    found = checks(hand)
    assert ("waits-in-the-dead-wall", "Nan") in found
    steps = history(match_steps.read_steps(hand.store, hand.match_id)).effective
    said = [f for f in happened(steps)[0] if f["check"] == "waits-in-the-dead-wall"]
    assert said[0]["detail"] == "4 of 4 copies of 1z 2z in the dead wall"
    hand.close()


def test_half_the_unseen_copies_in_the_dead_wall_is_enough_and_less_is_not(tmp_path: Path) -> None:
    """Pei holds one east and one south; the other east and south are never drawn: 2 of the 4 copies
    Nan could not see lie in the dead wall, half. With Pei holding a south more (1z, 2z 2z), 1 of 4."""
    hand = new(tmp_path, "half")
    hand.begin({NAN: NAN_SHANPON, PEI: "147m258p369s12z57z"}, reserved="12z")
    to_the_draw(hand)
    hand.record(ExhaustiveDraw(tenpai=(NAN,)))
    assert ("waits-in-the-dead-wall", "Nan", "2 of 4 copies of 1z 2z in the dead wall") in said(hand)
    hand.close()
    less = new(tmp_path, "less")
    less.begin({NAN: NAN_SHANPON, PEI: "147m258p369s1227z"}, reserved="1z")
    to_the_draw(less)
    less.record(ExhaustiveDraw(tenpai=(NAN,)))
    assert not {c for c in said(less) if c[0] == "waits-in-the-dead-wall"}
    less.close()


def test_waits_held_by_another_are_not_in_the_dead_wall(tmp_path: Path) -> None:
    """Pei holds the other east and south pairs: none is in the dead wall."""
    hand = new(tmp_path, "held")
    hand.begin({NAN: NAN_SHANPON, PEI: "147m258p369s1122z"})
    to_the_draw(hand)
    hand.record(ExhaustiveDraw(tenpai=(NAN,)))
    assert ("waits-in-the-dead-wall", "Nan") not in checks(hand)
    hand.close()


def test_won_on_the_last_tile_and_dealt_in_with_the_last_discard(tmp_path: Path) -> None:
    """Nan's 70th draw, the wall's last tile, is 2m; he throws it and Sha (13m, white) rons it: houtei."""
    hand = new(tmp_path, "houtei")
    hand.begin({SHA: NAN_KANCHAN}, reserved="2m2m2m2m")
    to_the_draw(hand, last=(NAN, "2m"))
    ron(hand, SHA, NAN)
    assert {("won-on-the-last-tile", "Sha", "houtei"), ("dealt-in-with-the-last-discard", "Nan", "to Sha")} <= said(
        hand
    )
    hand.close()


def test_a_tsumo_on_the_walls_last_tile_is_haitei(tmp_path: Path) -> None:
    """Nan, tenpai on east and south from the deal, draws the wall's 70th tile, an east, and wins."""
    hand = new(tmp_path, "haitei")
    hand.begin({NAN: NAN_SHANPON}, reserved="1122z")
    with_red_fives(hand)
    for turn in range(69):
        hand.turn(turn % 4)
    tsumo(hand, NAN, "1z")
    assert ("won-on-the-last-tile", "Nan", "haitei") in said(hand)
    hand.close()


def test_a_win_before_the_last_tile_is_not_on_it(tmp_path: Path) -> None:
    """Nan's 66th-tile discard, 2m, is ronned: not the last."""
    hand = new(tmp_path, "early")
    hand.begin({SHA: NAN_KANCHAN}, reserved="2m2m2m2m")
    with_red_fives(hand)
    for turn in range(65):
        hand.turn(turn % 4)
    play(hand, NAN, "2m")
    ron(hand, SHA, NAN)
    found = checks(hand)
    assert not {c for c, _ in found if c in ("won-on-the-last-tile", "dealt-in-with-the-last-discard")}
    hand.close()


def test_the_last_copy_of_a_single_wait(tmp_path: Path) -> None:
    """Nan changes his single wait from 9p to east after Ton threw an east, with an east the dora
    indicator: one east left unseen to him. He wins by tsumo on it."""
    hand = new(tmp_path, "last")
    hand.begin({NAN: "234m456p789s123s9p"}, reserved="1z1z1z", dora="1z")
    play(hand, TON, "1z")
    play(hand, NAN, "1z", "9p")
    hand.turn(SHA)
    hand.turn(PEI)
    hand.turn(TON)
    tsumo(hand, NAN, "1z")
    assert ("won-on-the-last-copy", "Nan", "on 1z") in said(hand)
    hand.close()


def test_two_copies_unseen_is_not_the_last(tmp_path: Path) -> None:
    """The same with 7p the dora indicator and the fourth east in Sha's hand: two easts unseen to
    Nan when he made the wait (Sha's is not in his sight)."""
    hand = new(tmp_path, "two")
    hand.begin({NAN: "234m456p789s123s9p", SHA: SHA_SCATTERED}, reserved="1z1z1z")
    play(hand, TON, "1z")
    play(hand, NAN, "1z", "9p")
    hand.turn(SHA)
    hand.turn(PEI)
    hand.turn(TON)
    tsumo(hand, NAN, "1z")
    assert ("won-on-the-last-copy", "Nan") not in checks(hand)
    hand.close()


def test_a_dama_haneman_by_tsumo_hits_the_dealer(tmp_path: Path) -> None:
    """Sha, closed and not in riichi, wins by tsumo on white: 123m 456m 789m, 11m, 555z: white,
    tsumo, half flush (3 closed), straight (2 closed): 7 han, haneman. Ton, the dealer, pays half."""
    hand = new(tmp_path, "haneman")
    hand.begin({SHA: "123456789m11m55z"}, reserved="5z")
    for seat in (TON, NAN, SHA, PEI, TON, NAN):  # a go-round first: Sha's first draw would be chiihou
        hand.turn(seat)
    tsumo(hand, SHA, "5z")
    assert hand.state.results[-1].points == (-6000, -3000, 12000, -3000)
    assert {("dama-mangan", "Sha", "haneman"), ("paid-as-dealer-for-a-big-tsumo", "Ton", "haneman to Sha")} <= said(
        hand
    )
    hand.close()


def test_a_small_dama_tsumo_hits_no_one(tmp_path: Path) -> None:
    """Sha's white and tsumo, no flush: 2 han; 20 fu, 2 for the tsumo, 8 for the closed white
    triplet, 2 for the east pair (the round's wind): 32, 40 fu. Base 640: 1,300 from Ton, 700 each
    from the others."""
    hand = new(tmp_path, "small")
    hand.begin({SHA: "123m456p789s11z55z"}, reserved="5z")
    for seat in (TON, NAN, SHA, PEI, TON, NAN):
        hand.turn(seat)
    tsumo(hand, SHA, "5z")
    found = checks(hand)
    assert hand.state.results[-1].points == (-1300, -700, 2700, -700)
    assert not {c for c, _ in found if c in ("dama-mangan", "paid-as-dealer-for-a-big-tsumo")}
    hand.close()


# The match's last hand: South 4, Pei the dealer. Nan's pinfu riichi (234m 456p 789s 23s 55m)
# wins by tsumo on 1s a go-round after his riichi: riichi, tsumo, pinfu, 3 han 20 fu, 700 from
# each non-dealer and 1,300 from Pei; with ura indicator 4m the 5m pair is two ura: 5 han,
# mangan, 2,000 and 4,000.
PINFU = "234m456p789s23s55m"


def last_hand(
    tmp_path: Path, scores: tuple[int, int, int, int], ura: str, number: int = 4, ruleset: str = "tenhou"
) -> Hand:
    hand = new(tmp_path, f"last-{scores[1]}-{ura}-{number}-{ruleset}", ruleset)
    start = {"dealer": PEI, "hand": 4, "round_wind": "S"} if number == 4 else {}
    hand.begin({NAN: PINFU}, reserved="9p1s1s1s1s4s4s4s4s", scores=scores, **start)
    # The dealer draws first; a go-round before the riichi (in the first it would be a double riichi).
    for seat in [PEI, TON, NAN, SHA, PEI, TON] if number == 4 else [TON, NAN, SHA, PEI, TON]:
        hand.turn(seat)
    play(hand, NAN, "9p", riichi=True)
    for seat in (SHA, PEI, TON, NAN, SHA, PEI, TON):  # a go-round more: no ippatsu
        hand.turn(seat)
    tsumo(hand, NAN, "1s", ura_indicators=(ura,) if ura else ())
    return hand


def test_the_last_hand_s_tsumo_and_its_ura_move_the_places(tmp_path: Path) -> None:
    """Before: Ton 33,000 (1st), Sha 26,000, Pei 21,000, Nan 20,000. With the ura: Ton 31,000, Nan
    28,000, Sha 24,000, Pei 17,000; without it Nan would have 22,700 and Sha 25,300. Sha lost 2nd to
    the ura; Sha (2nd to 3rd) and Pei (3rd to 4th) dropped to the tsumo; Nan rose 4th to 2nd."""
    hand = last_hand(tmp_path, (33000, 20000, 26000, 21000), "4m")
    assert hand.state.results[-1].scores == (31000, 28000, 24000, 17000)
    found = {said_ for said_ in said(hand) if "placement" in said_[0]}
    assert found == {("placement-lost-to-ura", "Sha", "2nd without Nan's ura, 3rd with it"),
                     ("placement-lost-to-last-hand-tsumo", "Sha", "2nd to 3rd"),
                     ("placement-lost-to-last-hand-tsumo", "Pei", "3rd to 4th"),
                     ("placement-gained-in-last-hand", "Nan", "4th to 2nd")}  # fmt: skip
    hand.close()


def test_an_ura_that_changes_no_place(tmp_path: Path) -> None:
    """Nan starts at 24,000 and Sha at 25,000: Nan passes Sha with or without the ura."""
    hand = last_hand(tmp_path, (33000, 24000, 25000, 18000), "4m")
    found = {pair for pair in checks(hand) if "placement" in pair[0]}
    assert ("placement-lost-to-ura", "Sha") not in found
    assert ("placement-lost-to-last-hand-tsumo", "Sha") in found
    hand.close()


def test_the_leader_winning_the_last_hand_gains_no_place(tmp_path: Path) -> None:
    """Nan leads (40,000) and wins South 4: first before and after, no place gained or lost."""
    hand = last_hand(tmp_path, (20000, 40000, 20000, 20000), "4m")
    assert not {c for c in said(hand) if "placement" in c[0]}
    hand.close()


def test_a_tie_in_the_final_places_is_the_rulesets(tmp_path: Path) -> None:
    """Before South 4: Ton 33,600, Sha 23,400, Pei 23,000, Nan 20,000. Nan's riichi pinfu tsumo (3 han
    20 fu, no ura: 700 each, 1,300 from Pei, his stick back) leaves Ton 32,900, Nan and Sha 22,700,
    Pei 21,700. Under Tenhou a tie goes to the seat nearer the first dealer: Nan 2nd, Sha 3rd, so
    Sha dropped a place; under EMA tied players share the place: Nan and Sha both 2nd, Sha dropped
    none. Pei 3rd to 4th under both."""
    dropped = {}
    for ruleset in ("tenhou", "ema2016"):
        hand = last_hand(tmp_path, (33600, 20000, 23400, 23000), "", ruleset=ruleset)
        assert hand.state.results[-1].scores == (32900, 22700, 22700, 21700), ruleset
        dropped[ruleset] = {c for c in said(hand) if c[0] == "placement-lost-to-last-hand-tsumo"}
        hand.close()
    assert dropped["tenhou"] == {("placement-lost-to-last-hand-tsumo", "Sha", "2nd to 3rd"),
                                 ("placement-lost-to-last-hand-tsumo", "Pei", "3rd to 4th")}  # fmt: skip
    assert dropped["ema2016"] == {("placement-lost-to-last-hand-tsumo", "Pei", "3rd to 4th")}


def test_the_same_win_before_the_last_hand_moves_no_final_place(tmp_path: Path) -> None:
    hand = last_hand(tmp_path, (33000, 20000, 26000, 21000), "4m", number=1)
    assert not {pair for pair in checks(hand) if "placement" in pair[0]}
    hand.close()


def test_every_declared_check_is_shown_by_a_hand_here() -> None:
    """Each check in CHECKS is asserted found by one of the hands above (its name in this file)."""
    text = Path(__file__).read_text(encoding="utf-8")
    assert len(CHECKS) >= 20
    assert [c.name for c in CHECKS if f'("{c.name}", ' not in text] == []


REAL = "mjlog2json-2019123123gm-00a9-0000-f4386d0e.json"


def _real_steps(public: bool = False) -> list[Step]:
    [game] = [g for g in games_of(CORPUS / REAL) if isinstance(g, Imported)]
    payloads = public_view(game.payloads) if public else game.payloads
    kept = [p for p in payloads if p.EVENT_TYPE not in META_TYPES]
    return [Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(kept, 1)]


def test_a_real_games_last_hand_worked_from_its_log() -> None:
    """South 4 of a real Tenhou game, D the dealer, from the log: A 41,800, B 20,600, D 19,000,
    C 18,600 (places A B D C). A declares riichi; C wins by tsumo, closed and without riichi:
    門前清自摸和, 平和, 断幺九, ドラ 2, 満貫 2000-4000; D pays 4,000. After: A 38,800, C 27,600,
    B 18,600, D 15,000. So: C's dama mangan, D paid as dealer, A's riichi lost to dama; B fell
    2nd to 3rd and D 3rd to 4th to the tsumo, C rose 4th to 2nd. No ura (no riichi won)."""
    found, skipped, _ = happened(_real_steps())
    last = {(f["check"], f["player"], f["detail"]) for f in found if f["hand"] == 12}
    assert {("dama-mangan", "C", "mangan"), ("paid-as-dealer-for-a-big-tsumo", "D", "mangan to C"),
            ("riichi-lost-to-dama", "A", "to C"),
            ("placement-lost-to-last-hand-tsumo", "B", "2nd to 3rd"),
            ("placement-lost-to-last-hand-tsumo", "D", "3rd to 4th"),
            ("placement-gained-in-last-hand", "C", "4th to 2nd")} <= last  # fmt: skip
    assert not {c for c, _, _ in last if c == "placement-lost-to-ura"}
    assert skipped == []


def test_a_real_games_five_shanten_starts_from_its_log() -> None:
    """The log's fifth hand deals (tenhou.net/6 numbering, 11-19 man, 21-29 pin,
    31-39 sou, 41-47 honours, 51-53 red fives) A 0m 1m 3m 5m 9m 0p 2p 9p 4s 5s 9s east west,
    B 2m 6m 6m 1p 4p 8p 2s 6s 9s south west white red, C 1m 1m 4m 7m 8m 2p 5p 7p 9p 4s 9s east green,
    D 1m 5m 6m 9m 7p 1s 5s 6s 9s east south south red: each 5 from tenpai (counted with the mahjong
    package's Shanten: no set, and too few pairs and pieces in any form)."""
    found, _, _ = happened(_real_steps())
    fifth = sorted(f["player"] for f in found if f["hand"] == 5 and f["check"] == "started-at-five-shanten")
    assert fifth == ["A", "B", "C", "D"]


def test_a_public_record_is_checked_from_what_it_shows() -> None:
    """The same game with every hand and draw hidden: the checks of the record are found as on the
    full record, and those needing hidden tiles are named as skipped, none of them found."""
    full, _, _ = happened(_real_steps())
    found, skipped, _ = happened(_real_steps(public=True))
    hidden = {c.name for c in CHECKS if c.sees != "record"}
    assert set(skipped) == hidden
    assert not {f["check"] for f in found} & hidden
    on_record = [(f["check"], f["player"], f["hand"]) for f in full if f["check"] not in hidden]
    assert [(f["check"], f["player"], f["hand"]) for f in found] == on_record
    assert ("dama-mangan", "C", 12) in on_record


def test_a_public_record_reviewed_from_what_the_table_saw(cli: Cli) -> None:
    """mjai-reviewer's double ron imported as its public record (hands and draws unseen): no discard
    is weighed, but D's deal-in is still rated from what lay open (A's riichi river 1z 1s 8s 8p 1p
    9s 7z 1p, then 1s; C's 5s and 4p since): 7m's two-sided wait 56m is neither suji (no 4m) nor
    walled: unsafe, to A and C. The checks of the record are found; those needing hidden tiles are
    named as skipped."""
    assert cli("import", "--public", str(CORPUS / "mjai-reviewer-double_ron.json")).code == 0
    review = cli("review", "mjai-reviewer-double-ron", "--json").json()
    assert review["discards"] == []
    [dealt] = [d for d in review["unshown_discards"] if d["dealt_in_to"]]
    assert (dealt["seq"], dealt["player"], dealt["discard"], dealt["dealt_in_to"]) == (83, "D", "7m", ["A", "C"])
    assert dealt["defense"] == {"against": {"A": "unsafe"}, "tier": "unsafe"} and dealt["riichi"] is True
    # C's three discards after A's riichi are rated too, though no one won on them: by the log's C
    # column, 35 (5s), 24 (4p) and 60 (the 35 just taken, 5s again).
    assert [(d["discard"], d["dealt_in_to"]) for d in review["unshown_discards"] if d["player"] == "C"] == [
        ("5s", []), ("4p", []), ("5s", [])]  # fmt: skip
    alone = cli("review", "mjai-reviewer-double-ron", "--player", "D", "--json").json()
    assert {d["player"] for d in alone["unshown_discards"]} == {"D"}
    assert {h["player"] for h in alone["happened"]} <= {"D"}
    assert set(review["checks_skipped"]) == {c.name for c in CHECKS if c.sees != "record"}
    printed = cli("review", "mjai-reviewer-double-ron")
    assert "D deals in with 7m to A, C (unsafe against A; the hand not shown)" in printed.out


def test_a_three_player_game_is_checked_as_four_players_are() -> None:
    """A real three-player game (tests/data/tenhou6-more/sanma, ...-e324b88a). Its second hand, from
    the log: 代々木寿人, dealer, wins 跳満 18,000 from れすこ with 一盃口, 断幺九, ドラ 3, 赤ドラ 2, no
    riichi (一盃口 is a closed hand's): a dama haneman, and れすこ dealt in to dama. Its seventh:
    傍若無人51 deals 8s in to れすこ's riichi holding 0p and 7p, both passed since the riichi
    (tests/games/riichi/test_defense.py works the same deal-in)."""
    [game] = [g for g in games_of(CORPUS_MORE / "sanma" / "2024010120gm-00b9-0000-e324b88a.json")
              if isinstance(g, Imported)]  # fmt: skip
    kept = [p for p in game.payloads if p.EVENT_TYPE not in META_TYPES]
    found, skipped, _ = happened([Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(kept, 1)])
    said = {(f["hand"], f["check"], f["player"], f["detail"]) for f in found}
    assert {(2, "dama-mangan", "代々木寿人", "haneman"), (2, "dealt-in-to-dama", "れすこ", "to 代々木寿人"),
            (7, "dealt-in-holding-genbutsu", "傍若無人51", "held 0p 7p")} <= said  # fmt: skip
    assert skipped == []


def test_a_double_ron_is_read_once_both_wins_are_in() -> None:
    """mjai-reviewer's double ron: D declares riichi with 7m and A and C both ron it. D dealt in
    with the riichi tile to each, while tenpai; against A's riichi D held 1s (A's river) and the
    two fives of sou passed since it (genbutsu). Both winners counted, not the first alone."""
    [game] = [g for g in games_of(CORPUS / "mjai-reviewer-double_ron.json") if isinstance(g, Imported)]
    kept = [p for p in game.payloads if p.EVENT_TYPE not in META_TYPES]
    found, _, _ = happened([Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(kept, 1)])
    dealt = sorted((f["check"], f["detail"]) for f in found if f["player"] == "D")
    assert dealt == [("dealt-in-holding-genbutsu", "held 1s 0s 5s"), ("dealt-in-while-tenpai", "to A"),
                     ("dealt-in-while-tenpai", "to C"), ("dealt-in-with-riichi-tile", "to A"),
                     ("dealt-in-with-riichi-tile", "to C")]  # fmt: skip


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4]))
def test_what_happened_is_the_records_and_the_same_on_its_public_view(seed: int, players: int) -> None:
    """On random legal matches: every check found is declared, of a seated player, at an event of
    the match; the fold gives the same answer twice; and the public record finds exactly the record
    checks of the full one, naming the others skipped."""
    from events.match import PlayerSeat
    from replay.app import service
    from replay.games.riichi.simulate import payloads

    names = ["Ton", "Nan", "Sha", "Pei"][:players]
    started = service.build_match_started("riichi", names, ruleset_id="tenhou" if players == 4 else "tenhou-sanma")
    assert [p.name for p in started.players] == names and all(isinstance(p, PlayerSeat) for p in started.players)
    made = list(payloads(started, seed, 3))
    steps = [Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(made, 1)]
    found, skipped, _ = happened(steps)
    assert (found, skipped) == happened(steps)[:2]
    assert skipped == []
    for check in found:
        assert check["check"] in {c.name for c in CHECKS} and check["player"] == names[check["seat"]]
        assert 1 <= check["seq"] <= len(steps)
    public = [p for p in public_view(made) if p.EVENT_TYPE not in META_TYPES]
    seen, hidden, _ = happened([Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(public, 1)])
    on_record = {c.name for c in CHECKS if c.sees == "record"}
    assert [(f["check"], f["seat"], f["hand"]) for f in seen] == [
        (f["check"], f["seat"], f["hand"]) for f in found if f["check"] in on_record
    ]
    assert set(hidden) <= {c.name for c in CHECKS if c.sees != "record"}


def test_an_open_hand_tenpai_dealing_in_is_tenpai(tmp_path: Path) -> None:
    """Nan pons Ton's white and throws south: 123m 456p 789s and an east, the pon beside them, is
    tenpai on east (ten tiles and a called set). He throws 9m into Sha's 78m (green triplet): dealt
    in while tenpai."""
    from events.riichi import RiichiCall

    hand = new(tmp_path, "open")
    hand.begin({NAN: "55z123m456p789s12z", SHA: "78m234p456s99s666z"}, reserved="5z6666m999m")
    play(hand, TON, "5z")
    hand.record(RiichiCall(kind="pon", seat=NAN, tiles=("5z", "5z", "5z"), called="5z", from_seat=TON))
    hand.record(RiichiDiscard(seat=NAN, tile="2z"))
    for seat in (SHA, PEI, TON):
        hand.turn(seat)
    play(hand, NAN, "9m")
    ron(hand, SHA, NAN)
    assert ("dealt-in-while-tenpai", "Nan", "to Sha") in said(hand)
    hand.close()


def test_a_hand_dealt_tenpai_waits_from_the_deal(tmp_path: Path) -> None:
    """Nan is dealt tenpai on 2m; Ton, the dealer, draws a 2m on the very first turn and keeps it
    (throwing 9p), before Nan has discarded anything."""
    hand = new(tmp_path, "dealt-tenpai")
    hand.begin({TON: SHA_SCATTERED, NAN: NAN_KANCHAN}, reserved="2m2m")
    play(hand, TON, "2m", "9p")
    tsumo(hand, NAN, "2m")
    assert ("winning-tile-drawn-by-another", "Nan", "Ton drew 2m and kept it") in said(hand)
    hand.close()


def test_a_riichi_that_won_a_double_ron_lost_nothing_to_the_other_win() -> None:
    """mjai-reviewer's suukantsu_1, its second hand, from the log: C's discard is won twice, by D
    (四槓子, a yakuman, 32,000) and by A (立直, 役牌 白, ドラ 2, 裏ドラ 4: baiman 16,000), A in riichi
    on 4p or 7p and D on the single 7p. A won: not head-bumped, no good wait lost to D's single,
    and the hand was five from tenpai when dealt to A, who won it."""
    [game] = [g for g in games_of(CORPUS / "mjai-reviewer-suukantsu_1.json") if isinstance(g, Imported)]
    kept = [p for p in game.payloads if p.EVENT_TYPE not in META_TYPES]
    found, _, _ = happened([Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(kept, 1)])
    second = {(f["check"], f["player"]) for f in found if f["hand"] == 2}
    assert ("won-from-five-shanten", "A") in second
    assert not {c for c, who in second if who == "A" and c in ("head-bumped", "good-wait-lost-to-bad-wait",
                                                               "riichi-lost-to-dama", "chased-and-lost")}  # fmt: skip
