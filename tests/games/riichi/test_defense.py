"""Each tier of a discard's safety worked by hand on literal rivers and sights
(``replay/games/riichi/defense.py``). ``seen`` counts the copies the discarder sees, by kind 0-33
(1m-9m, 1p-9p, 1s-9s, then east, south, west, north, white, green, red)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replay.games.riichi.defense import RANK, least_safe, safer_held, tier
from tests.helpers import Cli
from tests.paths import ROOT


def _seen(**shown: int) -> list[int]:
    """Copies in sight by tile name: _seen(m2=4) is all four 2m in sight."""
    found = [0] * 34
    for name, copies in shown.items():
        suit, number = name[0], int(name[1])
        found[(27 if suit == "z" else 9 * "mps".index(suit)) + number - 1] = copies
    return found


NOTHING = _seen()


@pytest.mark.parametrize(
    ("tile", "river", "seen", "expected"),
    [
        # In the threat's river: furiten on it.
        ("6p", ["1m", "6p"], NOTHING, "genbutsu"),
        ("0p", ["5p"], NOTHING, "genbutsu"),  # a red five is a five
        # Suji: 4m's two-sided waits are 23m (1m-4m) and 56m (4m-7m); both 1m and 7m discarded.
        ("4m", ["1m", "7m"], NOTHING, "suji"),
        ("4m", ["1m"], NOTHING, "unsafe"),  # 56m still waits on 4m-7m: half suji is no suji
        ("1m", ["4m"], NOTHING, "suji"),  # 1m's only two-sided wait is 23m, with 4m
        ("9s", ["6s"], NOTHING, "suji"),  # 78s waits 6s-9s
        ("7m", ["4m"], NOTHING, "suji"),  # 56m waits 4m-7m; 89m waits 7m alone (edge)
        ("4m", ["7m"], NOTHING, "unsafe"),  # 23m still waits on 1m-4m
        ("3p", ["6p"], NOTHING, "suji"),  # 45p waits 3p-6p; 12p waits 3p alone (edge), not two-sided
        ("6p", ["3p"], NOTHING, "unsafe"),  # 78p waits 6p-9p still
        # No-chance: 3s's two-sided shape is 45s alone (and 12s is an edge); all four 4s in sight.
        ("3s", [], _seen(s4=4), "no-chance"),
        ("3s", [], _seen(s5=4), "no-chance"),
        # 5m: 67m blocked by all 6m in sight, 34m covered by 2m discarded (suji on that side).
        ("5m", ["2m"], _seen(m6=4), "no-chance"),
        ("5m", [], _seen(m6=4), "unsafe"),  # 34m still waits on 2m-5m
        # One-chance: three 4s in sight; a fourth could still make 45s.
        ("3s", [], _seen(s4=3), "one-chance"),
        ("3s", [], _seen(s5=3), "one-chance"),  # 45s needs a 5s too
        ("5m", ["2m"], _seen(m6=3), "one-chance"),
        # Honours by the copies unseen: east with three in sight can be a single wait only.
        ("1z", [], _seen(z1=3), "honour, last copy"),
        ("1z", [], _seen(z1=4), "honour, none unseen"),
        ("7z", [], _seen(z7=2), "honour, two unseen"),
        ("5z", [], NOTHING, "honour, four unseen"),
        ("5z", ["5z"], NOTHING, "genbutsu"),
    ],
)
def test_a_tile_against_one_threat(tile: str, river: list[str], seen: list[int], expected: str) -> None:
    assert tier(tile, river, seen) == expected


def test_against_two_threats_a_tile_counts_as_its_least_safe() -> None:
    """4m is genbutsu to the first riichi (in its river) and suji to the second (1m and 7m): suji;
    to a third with nothing of it, unsafe."""
    first, second, third = ["4m"], ["1m", "7m"], ["9p"]
    assert least_safe("4m", [first, second], NOTHING) == "suji"
    assert least_safe("4m", [first, second, third], NOTHING) == "unsafe"
    # By the tiers' order, not their names: suji to one, one-chance to another (56m needs a 6m, three
    # in sight; 23m is covered by the 1m): one-chance.
    assert least_safe("4m", [second, ["1m"]], _seen(m6=3)) == "one-chance"


def test_the_tiles_held_safer_than_the_discard_safest_first() -> None:
    """Against a riichi whose river is 1m 7m 9p, with three east in sight: the hand holds 9p
    (genbutsu), east (last copy), 4m (suji) and 5s (unsafe). Discarding 5s, the three were safer;
    discarding 9p, none was."""
    hand = ["4m", "4m", "5s", "9p", "1z", "2p", "3p", "4p", "6s", "7s", "8s", "2z", "2z", "5s"]
    river = ["1m", "7m", "9p"]
    seen = _seen(z1=3, z2=2)
    assert safer_held(hand, "5s", [river], seen) == ["9p", "1z", "4m", "2z"]
    assert safer_held(hand, "9p", [river], seen) == []


def test_a_real_deal_in_is_marked_with_its_tier_and_the_safer_tiles_held(cli: Cli) -> None:
    """mjai-reviewer's double-ron game: A is in riichi (river 1z 1s 8s 8p 1p 9s 7z 1p*, then 1s);
    after the riichi C discarded 5s and 4p. D discards 7m (its only two-sided wait 56m, neither 4m
    furiten nor a 5m or 6m wall: unsafe) into A's and C's double ron, holding 1s (A's river) and
    5s (passed: genbutsu), 7p and 2s (suji of the passed 4p and 5s), and 3s, 4s, 6s, 7s (all four
    5s in sight: C's two, D's own red and plain five; no-chance, or suji on the other side)."""
    assert cli("import", str(ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-double_ron.json")).code == 0
    review = cli("review", "mjai-reviewer-double-ron", "--json").json()
    dealt = [d for d in review["discards"] if d["dealt_in_to"]]
    assert [(d["seq"], d["player"], d["discard"], d["dealt_in_to"]) for d in dealt] == [(83, "D", "7m", ["A", "C"])]
    assert dealt[0]["defense"] == {
        "against": {"A": "unsafe"},
        "tier": "unsafe",
        "safer_held": ["1s", "0s", "7p", "2s", "3s", "4s", "6s", "7s"],
        "rank": 9,  # eight kinds safer, of the eleven held (2p 5p 7p 1s-7s 7m)
        "choices": 11,
    }
    rows = {r["player"]: (r["deals_in"], r["deals_in_safer_held"]) for r in review["summary"]}
    assert rows == {"A": (0, 0), "B": (0, 0), "C": (0, 0), "D": (2, 2)}  # a double ron: a win on it each
    before = [d for d in review["discards"] if d["seq"] < 66]
    assert before and all(d["defense"] is None for d in before)  # no one in riichi yet: nothing weighed for safety


def test_a_three_player_deal_in_is_rated_as_four_players_are(cli: Cli) -> None:
    """A real three-player game (tests/data/tenhou6-more/sanma, 2024010120gm-...-e324b88a): れすこ
    riichi at seq 421 (river 1z 3z 7z 6z 1m 2z 5z 6z 3s, then 6z 4p 7s); passed since: 9p, 1z, 9p,
    7p, 7p, 5p, 2s. 傍若無人51 (0p 6p 7p 4s 4s 4s 6s 6s 8s 9s 9s, a pon of white) discards 8s, whose
    one two-sided wait 67s with 5s has neither 5s furiten nor 6s or 7s in sight thrice: unsafe, into
    the ron. Held safer: 0p and 7p (passed: genbutsu) and 4s (56s covered by the 7s in the river;
    23s with 1s by three 2s in sight: one-chance)."""
    assert cli("import", str(ROOT / "tests" / "data" / "tenhou6-more" / "sanma")).code == 0
    review = cli("review", "2024010120gm-00b9-0000-e324b88a", "--json").json()
    dealt = next(d for d in review["discards"] if d["seq"] == 445)
    assert (dealt["player"], dealt["discard"], dealt["dealt_in_to"]) == ("傍若無人51", "8s", ["れすこ"])
    assert dealt["defense"] == {"against": {"れすこ": "unsafe"}, "tier": "unsafe", "safer_held": ["0p", "7p", "4s"],
                                "rank": 4, "choices": 7}  # fmt: skip  # 5p 6p 7p 4s 6s 8s 9s held


KINDS_NAMED = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


@given(
    tile=st.sampled_from(KINDS_NAMED),
    furiten=st.sets(st.sampled_from(KINDS_NAMED), max_size=12),
    more=st.sampled_from(KINDS_NAMED),
    seen=st.lists(st.integers(0, 4), min_size=34, max_size=34),
    kind=st.integers(0, 33),
)
def test_knowing_more_never_makes_a_tile_less_safe(
    tile: str, furiten: set[str], more: str, seen: list[int], kind: int
) -> None:
    """One more tile the threat is furiten on, or one more copy in sight, never moves a tile to a less
    safe tier (the tiers only read furiten and copies in sight as reasons for safety)."""
    before = RANK[tier(tile, furiten, seen)]
    assert RANK[tier(tile, furiten | {more}, seen)] <= before
    if seen[kind] < 4:
        assert RANK[tier(tile, furiten, [*seen[:kind], seen[kind] + 1, *seen[kind + 1 :]])] <= before


def test_an_open_hand_is_a_threat_on_its_own_river(cli: Cli) -> None:
    """A real game (tests/data/tenhou6, 2019123123gm-...-f4386d0e), seq 181: C has called three sets
    (chi 6s0s7s, chi 789s, pon of east; river 1s 3z 4p 4z 2m 2m 8m 8p 9m) and no one is in riichi.
    D (3m 6m 1p 1p 2p 3p 7p 8p 9p 4s 5s 5s 6z 6z) discards 6m: 78m is covered by the 9m in C's
    river, 45m is open (one 4m and no 5m in sight): unsafe, and C wins on it (4577m). Held safer: 8p
    (C's river), 1p and 7p (suji of the 4p), 6z (two unseen), 4s (56s needs a 5s, three in sight:
    D's two and C's red; 23s is suji of the 1s)."""
    assert (
        cli("import", str(ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019123123gm-00a9-0000-f4386d0e.json")).code
        == 0
    )
    review = cli("review", "2019123123gm-00a9-0000-f4386d0e", "--json").json()
    dealt = next(d for d in review["discards"] if d["seq"] == 181)
    assert (dealt["player"], dealt["discard"], dealt["dealt_in_to"]) == ("D", "6m", ["C"])
    assert dealt["defense"] == {"against": {"C": "unsafe"}, "tier": "unsafe",
                                "safer_held": ["8p", "1p", "7p", "6z", "4s"], "rank": 6, "choices": 11}  # fmt: skip
    # C's second call is at seq 158 (chi 789s after chi 6s0s7s): two calls all of one suit, a red
    # five among them, are a threat already. C's own discards are weighed against no one (a player
    # is never their own threat). D's 1m at seq 161 (D: 1m 1m 1p 1p 2p 3p 7p 8p 9p 4s 5s 6z 6z 6m;
    # C's river 1s 3z 4p 4z 2m 2m): its one two-sided wait 23m needs a 2m, three in sight (B's one,
    # C's two): one-chance. Safer: 1p and 7p (suji of the 4p), 6z (two unseen); rank 4 of 11 kinds.
    weighed = {d["seq"]: d for d in review["discards"]}
    assert [weighed[seq]["defense"] for seq in (159, 179)] == [None, None]
    assert weighed[161]["defense"] == {"against": {"C": "one-chance"}, "tier": "one-chance",
                                       "safer_held": ["1p", "7p", "6z"], "rank": 4, "choices": 11}  # fmt: skip


def test_two_calls_are_a_threat_when_they_show_dora_or_one_suit() -> None:
    """Two calls: a pon of the dora (indicator 1z: south) or a red five, or both sets of one suit
    with honours, make a threat; a chi of manzu and a chi of pinzu without dora do not. Three-player:
    indicator 1m makes 9m dora."""
    from replay.games.riichi.analysis import dora_kinds, threatens
    from replay.games.riichi.state import Meld, RiichiRound

    def hand_of(*melds: Meld, dora: str = "1z", players: int = 4) -> RiichiRound:
        return RiichiRound(1, "1z", 1, 0, 0, 0, (25000,) * players, players, melds=((), melds, (), ())[:players],
                           riichi=(False,) * players, dora=(dora,))  # fmt: skip

    manzu, pinzu = Meld("chi", ("1m", "2m", "3m"), "1m", 0), Meld("chi", ("4p", "5p", "6p"), "4p", 0)
    assert not threatens(hand_of(manzu, pinzu), 1)
    assert threatens(hand_of(manzu, pinzu, Meld("chi", ("1s", "2s", "3s"), "1s", 0)), 1)  # three calls: always
    assert threatens(hand_of(manzu, Meld("pon", ("2z", "2z", "2z"), "2z", 0)), 1)  # south, the dora; one suit too
    assert threatens(
        hand_of(pinzu, Meld("pon", ("9p",) * 3, "9p", 0), dora="7m"), 1
    )  # pinzu alone: a flush in the making
    assert threatens(hand_of(manzu, Meld("chi", ("4p", "0p", "6p"), "4p", 0)), 1)  # a red five shown
    assert threatens(hand_of(manzu, Meld("pon", ("8p",) * 3, "8p", 0), dora="7p"), 1)  # 7p shows 8p
    assert not threatens(hand_of(manzu, Meld("pon", ("8p",) * 3, "8p", 0), dora="8p"), 1)  # 8p shows 9p
    assert not threatens(hand_of(manzu), 1)  # one call
    assert dora_kinds(hand_of(dora="9s")) == {18} and dora_kinds(hand_of(dora="4z")) == {27}
    assert dora_kinds(hand_of(dora="7z")) == {31} and dora_kinds(hand_of(dora="1m", players=3)) == {8}
    assert dora_kinds(hand_of(dora="9m", players=3)) == {0} and dora_kinds(hand_of(dora="1m")) == {1}


def test_a_closed_kan_is_no_call() -> None:
    """Three sets, one of them a closed kan, are two calls: not yet an open hand taken as tenpai."""
    from replay.games.riichi.analysis import called_sets
    from replay.games.riichi.state import Meld, RiichiRound

    sets = (Meld("pon", ("1z", "1z", "1z"), "1z", 0), Meld("chi", ("1m", "2m", "3m"), "1m", 0),
            Meld("ankan", ("9p", "9p", "9p", "9p")))  # fmt: skip
    rnd = RiichiRound(1, "1z", 1, 0, 0, 0, (25000,) * 4, 4, melds=((), sets, (), ()))
    assert called_sets(rnd, 1) == 2
    assert called_sets(rnd._replace(melds=((), (*sets[:2], Meld("daiminkan", ("9p",) * 4, "9p", 2)), (), ())), 1) == 3


def test_a_called_tile_is_seen_once_not_in_the_river_and_the_meld_both(tmp_path: Path) -> None:
    """Nan pons Ton's east: three easts lie open (the pon), not four (the taken tile is the pon's,
    shown in Ton's river as taken). To Sha one east is unseen: east is a last copy, not 'none unseen'."""
    from events.riichi import RiichiCall, RiichiDiscard, RiichiDraw
    from replay.games.riichi.analysis import _unseen_to
    from tests.games.riichi.support import Hand

    hand = Hand(tmp_path / "pon.db", "tenhou")
    hand.begin({1: "1z1z123m456p789s23s"}, reserved="1z")
    hand.record(RiichiDraw(seat=0, tile="1z"), RiichiDiscard(seat=0, tile="1z", tsumogiri=True))
    hand.record(RiichiCall(kind="pon", seat=1, tiles=("1z", "1z", "1z"), called="1z", from_seat=0))
    state = hand.state
    east = 27
    assert _unseen_to(state, 2)[east] == 1
    assert tier("1z", [], [4 - n for n in _unseen_to(state, 2)]) == "honour, last copy"
    hand.close()
