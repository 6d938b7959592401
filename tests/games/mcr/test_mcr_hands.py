"""MCR hands recorded as a table records them, from the command line into a real SQLite file,
and replayed: every figure below is worked by hand from the rules (docs/mcr.md), not read from
the product.

Players Ann, Bo, Cy, Di (seats 0-3); mcr-ema: 8 to win, flowers aside; 8 from each other player
and the fans from the discarder, or from each when self-drawn; a false mahjong pays 10 to each.

Hand 1 (Ann deals; East wind, Ann East). Ann's 14 tiles hold a flower and four 1m. She sets the
plum (1f) aside and draws 5s, declares a concealed kong of 1m and draws 5s from the wall's end:
234p 567p 789s 5s5s and the kong. Fans: Out with Replacement Tile 8 (not Self-Drawn), Fully
Concealed Hand 4 (not Concealed Hand, not Self-Drawn), Concealed Kong 2, Short Straight 1 (234p
567p), Pung of Terminals or Honors 1 (the kong of 1m), No Honors 1, Single Wait 1 (only 5s), one
flower 1: 19. Each pays 8 + 19 = 27: Ann +81, the others -27.

Hand 2 (Bo deals; Cy is South). Bo discards 7p, Di pungs it and discards 3m, Ann chows 123m and
discards 9p; Ann declares a false mahjong (-30, +10 to each other). Bo draws and discards 1p, Cy
draws and discards 1z, Di draws the last 7p and adds it to his pung: Cy robs the kong with 5p6p
123m456m789m 9s9s. Fans: Pure Straight 16 (not Short Straight), Robbing the Kong 8 (not Last Tile,
though the three other 7p are shown), Concealed Hand 2, All Chows 2 (not No Honors): 28. Di pays
8 + 28 = 36, Ann and Bo 8: Cy +52. With the penalty: Ann -38, Bo +2, Cy +62, Di -26.

Hand 3, by its fans: Ann wins on Bo's discard with All Pungs 6, Half Flush 6 and two flowers: 14;
Bo pays 22, Cy and Di 8: Ann +38. Hand 4, the hand laid open: Di self-drawn with 11m 33m 55p 77p
99s 11z 77z: Seven Pairs 24 (not Concealed Hand, not Single Wait), All Types 6, Self-Drawn 1: 31,
39 from each: Di +117. Hand 5 is drawn: nothing paid.

Scores: Ann 81 - 38 + 38 - 39 = 42; Bo -27 + 2 - 22 - 39 = -86; Cy -27 + 62 - 8 - 39 = -12;
Di -27 - 26 - 8 + 117 = 56. Table points as if the session ended now: Di 4, Ann 2, Cy 1, Bo 0.
"""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import Cli
from tests.paths import ROOT

PLAYERS = ("Ann", "Bo", "Cy", "Di")
HAND_1 = ("1m1m1m1m 2p3p4p 5p6p7p 7s8s9s 1f", "2m3m4m 6m7m8m 2s3s4s 6p6p 8p9p", "3m4m5m 9m9m 1p1p 2s3s4s 7z7z 6z",
          "5m6m7m8m 1s1s 2s3s4s 5z5z 3p3p")  # fmt: skip
HAND_2 = ("1m2m 4p4p 5s6s7s 3z3z 6z6z 9p9p", "7p 2s3s4s5s 2p3p 8p8p 1s1s 7z7z 3z", "5p6p 1m2m3m 4m5m6m 7m8m9m 9s9s",
          "3m 7p7p 2z2z 4z 6s6s 8s8s 1p1p 5z")  # fmt: skip


def _hands(tiles: tuple[str, ...]) -> list[str]:
    return [word for hand in tiles for word in ("--hand", hand)]


def _ok(cli: Cli, *args: str) -> None:
    said = cli(*args)
    assert said.code == 0, (args, said.err)


def _record(cli: Cli) -> None:
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-1")
    _ok(cli, "round", "mcr-1")
    _ok(cli, "deal", "mcr-1", *_hands(HAND_1))
    first: tuple[tuple[str, ...], ...] = (
        ("flower", "1f"),
        ("draw", "5s"),
        ("kong", "1m"),
        ("draw", "5s"),
        ("mahjong",),
    )
    for move in first:
        _ok(cli, move[0], "mcr-1", *move[1:])
    _ok(cli, "round", "mcr-1")
    _ok(cli, "deal", "mcr-1", *_hands(HAND_2))
    for move in (("discard", "7p"), ("pung", "--seat", "Di"), ("discard", "3m"), ("chow", "123m"), ("discard", "9p"),
                 ("false-mahjong", "Ann"), ("draw", "1p"), ("discard", "1p"), ("draw", "1z"), ("discard", "1z"),
                 ("draw", "7p"), ("kong", "7p"), ("mahjong", "--seat", "Cy")):  # fmt: skip
        _ok(cli, move[0], "mcr-1", *move[1:])
    _ok(cli, "result", "mcr-1", "Ann", "from", "Bo", "all_pungs", "half_flush", "flowers=2")
    _ok(cli, "result", "mcr-1", "Di", "11m33m55p77p99s11z7z", "+7z")
    _ok(cli, "result", "mcr-1", "draw")


def test_five_hands_recorded_at_the_table_replay_to_the_hand_worked_figures(cli: Cli) -> None:
    _record(cli)
    data = cli("replay", "mcr-1", "--json").json()
    results = data["results"]
    assert [r["points"] for r in results] == [[81, -27, -27, -27], [-38, 2, 62, -26], [38, -22, -8, -8],
                                              [-39, -39, -39, 117], [0, 0, 0, 0]]  # fmt: skip
    assert [(f["id"], f["count"]) for f in results[0]["fans"]] == [
        ("out_with_replacement_tile", 1), ("fully_concealed_hand", 1), ("concealed_kong", 1), ("short_straight", 1),
        ("pung_of_terminals_or_honors", 1), ("no_honors", 1), ("single_wait", 1), ("flower_tiles", 1),
    ]  # fmt: skip
    assert [r["total"] for r in results] == [19, 28, 14, 31, 0]
    assert [(f["id"], f["points"]) for f in results[1]["fans"]] == [
        ("pure_straight", 16), ("robbing_the_kong", 8), ("concealed_hand", 2), ("all_chows", 2)
    ]  # fmt: skip
    assert [f["id"] for f in results[3]["fans"]] == ["seven_pairs", "all_types", "self_drawn"]
    assert [(r["winner"], r["from_seat"], r["reason"], r["depth"]) for r in results] == [
        (0, None, "self_drawn", "moves"), (2, 3, "discard", "moves"), (0, 1, "discard", "result"),
        (3, None, "self_drawn", "result"), (None, None, "draw", "result"),
    ]  # fmt: skip
    assert data["standings"] == [42, -86, -12, 56]
    added = next(e["seq"] for e in cli("log", "mcr-1", "--json").json() if e["payload"].get("kind") == "added_kong")
    robbed = cli("replay", "mcr-1", "--at", str(added), "--json").json()["round"]
    assert robbed["melds"][3] == [{"kind": "kong", "tiles": ["7p"] * 4, "from_seat": 1}] and robbed["owes"] == 3
    assert robbed["rivers"][1] == ["1p"]  # Bo's 7p went into Di's pung; his 1p lies there
    assert data["table_points"] == [2, 0, 1, 4]
    audit = cli("audit", "mcr-1")
    assert audit.code == 0 and "no findings" in audit.out, audit.out


REFUSED_IN_HAND_1 = [
    (("discard", "2p"), "[mcr.flower.not_replaced]"),  # the plum dealt is set aside first
    (("draw", "5s"), "[mcr.turn.wrong_seat]"),  # Ann discards; nobody draws
    (("discard", "1f"), "1f is a flower: set it aside with `flower 1f`; it is never discarded"),
    (("flower", "5m"), "5m is no flower: the flowers and seasons are 1f to 8f (a tile is discarded)"),
    (("deal", "--hand", "1m"), "an MCR deal is 4 hands, one --hand per seat; 1 given"),
    (("draw", "0m"), "'0m': MCR has no red fives; write 5m"),
    (("pung", "--seat", "Bo"), "there is no discard to claim now"),
    (("flower", "1f"), None),
    (("discard", "2p"), "[mcr.replacement.owed]"),
    (("draw", "5s"), None),
    (("mahjong",), "[mcr.win.not_mahjong]"),  # four 1m in hand are no set until declared
    (("drawn-hand",), "[mcr.draw.wall_not_empty]"),
    (("discard", "7s"), None),
    (("chow", "789s", "--seat", "Di"), "[mcr.chow.not_next]"),
    (("chow", "789s"), "[mcr.tile.not_in_hand]"),  # Bo holds no 8s 9s
    (("pung", "--seat", "Ann"), "[mcr.claim.own_discard]"),
    (("draw", "1m"), "[mcr.tile.too_many]"),  # Ann holds all four
    (("result", "Bo", "all_pungs", "half_flush"), "[mcr.result.after_deal]"),
    (("round",), "[mcr.hand.unfinished]"),
]
REFUSED_RESULTS = [
    (("Ann", "from", "Bo", "half_flush", "flowers=3"), "[mcr.win.under_minimum]"),  # 6, the flowers aside
    (("Ann", "from", "Bo", "big_four_winds", "all_pungs"), "[mcr.fans.implied]"),
    (("Ann", "from", "Bo", "all_pungs", "all_pungs"), "[mcr.fans.too_often]"),
    (("Ann", "from", "Ann", "all_pungs", "half_flush"), "[mcr.win.own_discard]"),
    (("Ann", "from", "Bo", "chicken"), "'chicken' is not a fan"),
    (("Ann", "from"), "say whose discard the win was on: `from SEAT`"),
    (("Ann", "+5m5m"), "give the winning tile once, as +TILE (+5m)"),
    (("Ann", "1m", "+5m", "foo:123m"), "'foo:123m': a set is pung:555p, chow:345m, kong:7777s or ckong:1111z"),
    (("Ann", "flowers=9", "all_pungs"), "'flowers=9': flowers=N, N from 0 to 8"),
    (("Ann", "1m2m3m", "+4m"), "[mcr.win.not_mahjong]"),
    (("Ann", "1m1m1m1m1m2m3m4m5m6m7m8m9m", "+9m"), "[mcr.tile.too_many]"),
]


def test_the_hand_is_checked_as_it_is_recorded_and_a_refusal_writes_nothing(cli: Cli) -> None:
    """Each refusal in one line with its stable code (or, for what never reaches the rules, its
    words); the log is as long after it as before. Plant: any of the fold's checks dropped."""
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-2")
    _ok(cli, "round", "mcr-2")
    _ok(cli, "deal", "mcr-2", *_hands(HAND_1))
    for move, refused in REFUSED_IN_HAND_1:
        before = len(cli("log", "mcr-2", "--json").json())
        said = cli(move[0], "mcr-2", *move[1:])
        if refused is None:
            assert said.code == 0, (move, said.err)
            continue
        assert said.code == 2 and refused in said.err and said.err.count("\n") == 1, (move, said.err)
        assert len(cli("log", "mcr-2", "--json").json()) == before
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-3")
    for words, refused in REFUSED_RESULTS:
        said = cli("result", "mcr-3", *words)
        assert said.code == 2 and refused in said.err and said.err.count("\n") == 1, (words, said.err)
    assert [e["type"] for e in cli("log", "mcr-3", "--json").json()] == ["match_started"]


def test_a_false_mahjong_costs_its_seat_the_penalty_in_the_hand_it_was_declared_in(cli: Cli) -> None:
    """Bo's false mahjong before the result of hand 1: Bo -30, the others +10, then Ann's win
    by fans (12 on Cy's discard: Cy -20, Bo and Di -8, Ann +36) in the same hand: Ann 10 + 36 = 46,
    Bo -30 - 8 = -38, Cy 10 - 20 = -10, Di 10 - 8 = 2."""
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-4")
    _ok(cli, "result", "mcr-4", "false", "Bo")
    _ok(cli, "result", "mcr-4", "Ann", "from", "Cy", "all_pungs", "half_flush")
    data = cli("replay", "mcr-4", "--json").json()
    assert [r["points"] for r in data["results"]] == [[46, -38, -10, 2]]


def test_a_hand_recorded_in_table_mode_by_the_words_said_at_the_table(cli: Cli) -> None:
    """Table mode: a flower or a tile alone is what the moment asks (set aside, drawn, discarded);
    hand 1 above, said as the table says it, stores what the commands store."""
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-5")
    said = ["round", "deal " + " ".join(f"--hand {h.replace(' ', '')}" for h in HAND_1), "1f", "5s", "kong 1m", "5s",
            "mahjong"]  # fmt: skip
    run = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"
    entered = subprocess.run([sys.executable, "-c", run, "table", "mcr-5", "--db", str(cli.db)], cwd=ROOT,
                             input="\n".join(said) + "\n", capture_output=True, text=True, timeout=120)  # fmt: skip
    assert entered.returncode == 0, entered.stderr
    assert "Ann wins self-drawn: 19 points" in entered.stdout and not entered.stderr
    data = cli("replay", "mcr-5", "--json").json()
    assert [r["points"] for r in data["results"]] == [[81, -27, -27, -27]]
    types = [e["type"] for e in cli("log", "mcr-5", "--json").json()]
    assert types[2:] == ["mcr.deal", "mcr.flower", "mcr.draw", "mcr.meld", "mcr.draw", "mcr.win"]
    dealt = cli("replay", "mcr-5", "--at", "3")  # the terminal's layout, a flower still in Ann's hand
    assert dealt.code == 0 and "11112345677p789s1f" not in dealt.out and "1111m234567p789s1f" in dealt.out, dealt.out


def test_review_weighs_each_discard_by_shanten_against_the_best(cli: Cli) -> None:
    """Ann's 14: 123m 456m 789m 11p 99s 7z. Letting 7z go leaves her ready (0 from ready, waiting
    on 1p or 9s); letting 1m go breaks a set: 23m 456m 789m 11p 99s 7z is 1 from ready. Every other
    discard also leaves her 1 away, so 7z alone is the best. Plant: the shanten of the hand before
    the discard, or the best taken as the discard made."""
    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-6")
    _ok(cli, "round", "mcr-6")
    others = ("2m3m4m 6m7m8m 2s3s4s 6p6p 8p9p", "3m4m5m 9m9m 3p3p 2s3s4s 7z7z 6z", "5m6m7m8m 1s1s 2s3s4s 5z5z 4p4p")
    _ok(cli, "deal", "mcr-6", *_hands(("1m2m3m 4m5m6m 7m8m9m 1p1p 9s9s 7z", *others)))
    _ok(cli, "discard", "mcr-6", "1m")
    found = cli("review", "mcr-6", "--json").json()
    assert [(d["discard"], d["shanten_after"], d["best_shanten"], d["best"], d["lost"]) for d in found["discards"]] == [
        ("1m", 1, 0, ["7z"], True)
    ]
    assert found["summary"] == [{"player": "Ann", "discards": 1, "as_good_as_the_best": 0, "lost_ground": 1}]
    shown = cli("review", "mcr-6")
    assert "Ann discards 1m (1-shanten); best 7z (0-shanten)" in shown.out
    from replay.app.application import Application

    drawn = Application(str(cli.db)).replay_frames("mcr-6", where="the test's store")  # what the replay page draws
    assert [f["weighed"] for f in drawn["frames"] if "weighed" in f] == [
        {"discard": "1m", "shanten_after": 1, "best": ["7z"], "best_shanten": 0, "lost": True}
    ]


def test_the_claims_are_offered_as_the_rules_rank_them(cli: Cli) -> None:
    """Ann discards 5p: Di's 123m456m789m 4p6p 1s1s wins on it (a closed wait in a Pure Straight),
    Cy holds two 5p, Bo (next) holds 3p4p. Mahjong is offered first, the pung next, the chow last;
    then the draws. Plant: the claims in seat order (Bo's chow before Cy's pung)."""
    from replay.app.application import Application

    _ok(cli, "new", "mcr", *[w for p in PLAYERS for w in ("-p", p)], "--id", "mcr-7")
    _ok(cli, "round", "mcr-7")
    _ok(cli, "deal", "mcr-7", *_hands(("5p 1z1z 2z2z 3z 9p9p 9s9s 8s 7s 2m 9m", "3p4p 2s3s4s 6s7s8s 4z4z 5z5z 6z",
                                       "5p5p 1p2p3p 6m6m 7z7z 3z3z 6z 8p", "123456789m 4p6p 1s1s")))  # fmt: skip
    _ok(cli, "discard", "mcr-7", "5p")
    offered = Application(str(cli.db)).moves("mcr-7")["moves"]
    assert offered[:4] == ["mahjong --seat 3", "pung --seat 2", "chow 345p", "draw 1m"]
