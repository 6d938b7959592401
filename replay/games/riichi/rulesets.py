"""Riichi's rulesets (Tenhou, Mahjong Soul, the EMA's, the tournaments'), declared once as data
(docs/rules.md); ``options.py`` reads a match's options of them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from replay.engine.options import RuleChange, RuleOption, RulesetSpec, option


# docs/riichi.md §2, one column per ruleset. Open cells are options with the notes' proposals.
def _riichi(
    *,
    yakuman_stack: bool,
    double_yakuman: bool,
    kazoe: bool,
    renhou: str,
    red_fives: int,
    triple_ron: str,
    sticks_multi_ron: str,
    honba_multi_ron: str,
    pao_stacked: str,
    pao_ron_honba: str,
    pao_honba_reconstructed: bool = False,
    noten_payment: int = 3000,
    nagashi: bool,
    abortive: bool,
    tobi: bool,
    start: int,
    target: int,
    goal: int = 30000,
    uma: tuple[int, ...],
    leftover: str,
    leftover_from_contents: bool = False,  # read from a rulebook's contents, not its section's words
    abortive_ends: bool = True,
    extension_hands: str = "endAtGoal",
    chombo: str = "reverseMangan",
    chombo_points: int = 8000,
    final_rounding: str = "exact",
    tied_places: str = "bySeat",
    multiple_ron: str = "allWin",
    uma_below_start: tuple[int, ...] = (),
    kiriage: bool = False,
    ippatsu: bool = True,
    ura_dora: bool = True,
    time_up: str = "endAfterHand",
    chombo_at_time_up: bool = False,
) -> tuple[RuleOption, ...]:
    return (
        option("riichi.yakumanStacking", "bool", yakuman_stack, "Different yakuman in one hand add up"),
        option(
            "riichi.doubleYakuman",
            "bool",
            double_yakuman,
            "13-sided kokushi, suuankou tanki, junsei chuuren and daisuushi count double",
        ),
        option("riichi.kazoeYakuman", "bool", kazoe, "13+ han without a yakuman is a yakuman (else sanbaiman)"),
        option(
            "riichi.kiriageMangan",
            "bool",
            kiriage,
            "4 han 30 fu and 3 han 60 fu round up to mangan",
            confidence="medium",
        ),
        option(
            "riichi.multipleRon",
            "str",
            multiple_ron,
            "Two or three players ron one tile: allWin, each is paid; headBump (atamahane), only the player "
            "nearest the discarder in turn order wins",
            choices=("allWin", "headBump"),
            absent_means="allWin",
        ),
        option("riichi.ippatsu", "bool", ippatsu, "Ippatsu is a yaku (JPML's A rules have none)", absent_means=True),
        option(
            "riichi.uraDora",
            "bool",
            ura_dora,
            "A riichi winner turns the ura dora (JPML's A rules turn none)",
            absent_means=True,
        ),
        option(
            "riichi.timeUp",
            "str",
            time_up,
            "When a session's clock runs out: endAfterHand, the hand in play is the last; oneMoreHand, one "
            "more hand is played after it",
            choices=("endAfterHand", "oneMoreHand"),
            absent_means="endAfterHand",
        ),
        option(
            "riichi.chomboAtTimeUp",
            "bool",
            chombo_at_time_up,
            "A chombo in the last hand after the clock has run out ends the match (false: that hand is played again)",
            absent_means=False,
        ),
        option(
            "riichi.renhou",
            "str",
            renhou,
            "Renhou: not a yaku, or a mangan not cumulative with anything",
            choices=("none", "mangan"),
        ),
        option("riichi.redFives", "int", red_fives, "Red fives in the set (one each of 5m, 5p, 5s)", minimum=0),
        option("riichi.openTanyao", "bool", True, "Tanyao counts in an open hand"),
        option("riichi.tripleRon", "str", triple_ron, "Three players ron one tile", choices=("abortive", "allWin")),
        option(
            "riichi.multiRonSticks",
            "str",
            sticks_multi_ron,
            "Who takes the riichi sticks on a multiple ron",
            choices=("nearestWinner", "ownBackRestNearest"),
        ),
        option(
            "riichi.multiRonHonba",
            "str",
            honba_multi_ron,
            "Who takes the honba on a multiple ron",
            choices=("nearestWinner", "eachWinner"),
            reconstruction=honba_multi_ron != "nearestWinner",
        ),
        option(
            "riichi.paoWithStackedYakuman",
            "str",
            pao_stacked,
            "On tsumo, the liable player pays the whole hand or only the pao yakuman",
            choices=("wholeHand", "paoYakumanOnly"),
        ),
        option(
            "riichi.paoRonHonba",
            "str",
            pao_ron_honba,
            "On a ron with a liable player, who pays the honba: the liable player, or the discarder",
            choices=("liable", "discarder"),
            reconstruction=pao_honba_reconstructed,
            confidence="low" if pao_honba_reconstructed else "high",
            absent_means="discarder",
        ),
        option(
            "riichi.notenPayment",
            "int",
            noten_payment,
            "At an exhaustive draw, what the noten seats pay the tenpai seats in all",
            minimum=0,
            absent_means=3000,
        ),
        option("riichi.nagashiMangan", "bool", nagashi, "Nagashi mangan is paid at an exhaustive draw"),
        option(
            "riichi.abortiveDraws",
            "bool",
            abortive,
            "Kyuushu kyuuhai, four riichi, four kans and four winds abort the hand",
        ),
        option("riichi.tobi", "bool", tobi, "The game ends when a player goes below zero"),
        option(
            "riichi.westExtension",
            "bool",
            tobi,
            "If nobody has the return points after the last hand, play on into the next wind until someone does",
        ),
        option(
            "riichi.leaderStops",
            "bool",
            tobi,
            "A last-hand dealer who keeps the deal while first (a tie goes to the seat nearer the first dealer) "
            "with the goal points ends the game",
        ),
        option(
            "riichi.leaderStopsAtDraw",
            "bool",
            tobi,
            "leaderStops also when the leading last dealer keeps the deal by being tenpai at an exhaustive draw "
            "(false: only a win stops; after a draw the dealer plays on)",
            absent_means=True,
        ),
        option(
            "riichi.abortiveDrawEnds",
            "bool",
            abortive_ends,
            "An abortive draw can end the game: a leading last dealer stops, or someone holds the goal in the "
            "extension (false: the hand is played again, as no one won or was tenpai)",
            absent_means=True,
            confidence="high" if not abortive_ends else "medium",
        ),
        option(
            "riichi.extensionHands",
            "str",
            extension_hands,
            "How a hand of the extension ends the game: endAtGoal, as soon as the top player holds the goal; "
            "likeLastHand, as the last hand does (a dealer who keeps the deal from behind plays on, and the "
            "extension's last hand ends it otherwise)",
            choices=("endAtGoal", "likeLastHand"),
            absent_means="endAtGoal",
            confidence="high" if extension_hands == "likeLastHand" else "medium",
        ),
        option(
            "riichi.goalPoints",
            "int",
            goal,
            "What the top player must hold after the last hand for the game to end, and for a leading dealer to stop",
            minimum=0,
            confidence="medium" if goal != target else "high",
            absent_means=30000,
        ),
        option("riichi.startingPoints", "int", start, "Points each player starts with", minimum=0),
        option("riichi.returnPoints", "int", target, "Points returned for oka (oka = 4 x (return - start))", minimum=0),
        option("riichi.uma", "ints", uma, "Uma for 1st to 4th place (1st to 3rd at three players), in points"),
        option(
            "riichi.umaBelowStart",
            "ints",
            uma_below_start,
            "Uma by how many players end below the starting points (JPML's A rules, Pantheon's complex uma): "
            "a row of uma for 1st to last place when one player is below, then two, then three (four players: "
            "12 values; three players: 6); empty, the one uma above whatever the scores",
            absent_means=(),
        ),
        option(
            "riichi.finalRounding",
            "str",
            final_rounding,
            "How the final scores become results in thousands: exact, every point kept (results to a tenth); "
            "halfAwayThousand, each score but first place's rounded to a thousand, a 500 away from zero (7,500 "
            "counts 8, -1,500 counts -2), first place taking what balances the table (Tenhou until 2020-2022); "
            "halfUpThousand, the same with a 500 always up (-1,500 counts -1: what matches recorded before this "
            "option was declared were given)",
            choices=("exact", "halfAwayThousand", "halfUpThousand"),
            absent_means="halfUpThousand",
        ),
        option(
            "riichi.tiedPlaces",
            "str",
            tied_places,
            "Players who end on the same score: bySeat, the seat nearer the first dealer takes the better place "
            "(Tenhou, Mahjong Soul); shareUma, they share the place and split its uma and oka equally (EMA, WRC)",
            choices=("bySeat", "shareUma"),
            absent_means="bySeat",
        ),
        option(
            "riichi.chombo",
            "str",
            chombo,
            "A chombo at a real table (online servers have none): reverseMangan, the seat at fault pays as if "
            "it had lost a mangan tsumo, the dealer 4000 to each, others 4000 to the dealer and 2000 to the rest; "
            "finalPenalty, chomboPoints off its final result after uma, the table's scores untouched; the hand "
            "is played again either way",
            choices=("reverseMangan", "finalPenalty"),
            absent_means=chombo,  # no match could record a chombo before: the ruleset's own rule
            confidence="high" if chombo == "finalPenalty" else "medium",
        ),
        option(
            "riichi.chomboPoints",
            "int",
            chombo_points,
            "finalPenalty: the points a chombo takes off the final result",
            minimum=0,
            absent_means=chombo_points,
        ),
        option(
            "riichi.leftoverSticks",
            "str",
            leftover,
            "Riichi sticks left on the table at the end: to first place (where tied players share places, split "
            "equally between those tied first, each share rounded down to 100), or lost",
            choices=("firstPlace", "lost"),
            confidence="medium" if leftover_from_contents else "high",
            reconstruction=leftover == "lost",
        ),
    )


# Tenhou's blog, 2010-05-18, "ラス親トップの自動聴牌止め導入": from June 2010 a leading last dealer
# (the extension's dealers too) who is tenpai at an exhaustive draw ends the match; until then the
# dealer kept the deal. The post names the month, not the day: June 1, Japan's time, is taken.
_TENPAI_STOP = RuleChange(
    since="2010-06-30T15:00:00Z",
    known_from="2010-05-31T15:00:00Z",
    before={"riichi.leaderStopsAtDraw": False},
    source="Tenhou's blog, 2010-05-18: the automatic tenpai stop from June 2010, its day not given; a real game "
    "of 2010-06-01 06:00 in Japan still plays on after the leading last dealer's tenpai",
)
# Tenhou's final results: whole thousands, each score but first place's rounded half away from zero
# (7,500 counts 8, 11,500 counts 12, -1,500 counts -2, -4,500 counts -5: every such score in the real
# games of tests/data), first place balancing the table; later every hundred kept (45,200 -> +55.2).
# The server's own records date the change: whole numbers in a game of 2020-02-03 16:00 and in
# every earlier one of tests/data, tenths in every game from 2022-06-01 00:00 (Japan's time) on.
# Tenhou's announcement was not found: a game between is read by the rule its own results follow.
_FINAL_TENTHS = RuleChange(
    since="2022-05-31T15:00:00Z",
    known_from="2020-02-03T07:00:00Z",
    before={"riichi.finalRounding": "halfAwayThousand"},
    source="the server's own final results (sc, owari) in real games: whole thousands to 2020-02-03, tenths "
    "from 2022-06-01",
)

# Mahjong Soul ranked, four players; three players change only what follows.
_MAHJONG_SOUL: dict[str, Any] = {
    "yakuman_stack": True,
    "double_yakuman": True,
    "kazoe": True,
    "renhou": "none",
    "red_fives": 3,
    "triple_ron": "allWin",
    "sticks_multi_ron": "nearestWinner",
    "honba_multi_ron": "nearestWinner",
    "pao_stacked": "paoYakumanOnly",
    "pao_ron_honba": "discarder",
    "pao_honba_reconstructed": True,
    "nagashi": True,
    "abortive": True,
    "tobi": True,
    "start": 25000,
    "target": 25000,
    "uma": (15000, 5000, -5000, -15000),
    "leftover": "firstPlace",
}
_MAHJONG_SOUL_THREE: dict[str, Any] = {
    "triple_ron": "abortive",  # two rons at most: there are only two other players
    "noten_payment": 2000,
    "start": 35000,
    "target": 35000,
    "goal": 40000,
    "uma": (15000, 0, -15000),
}

# The tournament rulesets (docs/riichi.md §2, a column each). Pantheon's presets (MahjongPantheon,
# Common/rulesets/*.php) give the figures a tournament's scoring uses; what they do not model
# (red fives, renhou, liability) is taken from the rules text the docs cite, or from EMA 2016 where
# a later ruleset is said to keep it.
_EMA2025: dict[str, Any] = {
    "yakuman_stack": False,  # withMultiYakumans false
    "double_yakuman": False,
    "kazoe": False,
    "renhou": "mangan",
    "red_fives": 0,
    "triple_ron": "allWin",
    "sticks_multi_ron": "ownBackRestNearest",  # doubleronRiichiAtamahane false
    "honba_multi_ron": "eachWinner",  # doubleronHonbaAtamahane false
    "pao_stacked": "wholeHand",
    "pao_ron_honba": "discarder",
    "nagashi": False,
    "abortive": False,
    "tobi": False,
    "chombo": "finalPenalty",
    "chombo_points": 20000,
    "tied_places": "shareUma",  # equalizeUma
    "start": 30000,
    "target": 30000,
    "uma": (15000, 5000, -5000, -15000),
    "leftover": "firstPlace",  # riichiGoesToWinner, split between players tied first
    "kiriage": True,
    "time_up": "oneMoreHand",
    "chombo_at_time_up": True,
}
_WRC: dict[str, Any] = {
    "multiple_ron": "headBump",  # withAtamahane
    "sticks_multi_ron": "nearestWinner",
    "honba_multi_ron": "nearestWinner",
    "time_up": "endAfterHand",
}
_JPML_A: dict[str, Any] = _EMA2025 | {
    "renhou": "none",
    "abortive": True,
    "multiple_ron": "headBump",
    "sticks_multi_ron": "nearestWinner",
    "honba_multi_ron": "nearestWinner",
    "leftover": "lost",  # riichiGoesToWinner false
    "kiriage": False,
    "uma": (8000, 4000, -4000, -8000),
    # One below 30,000: +8/+3/+1/-12; two: the simple uma; three: +12/-1/-3/-8.
    "uma_below_start": (8000, 3000, 1000, -12000, 8000, 4000, -4000, -8000, 12000, -1000, -3000, -8000),
    "ippatsu": False,
    "ura_dora": False,
    "time_up": "endAfterHand",
    "chombo_at_time_up": False,
}
_RRC: dict[str, Any] = _EMA2025 | {
    "yakuman_stack": True,
    "kazoe": True,
    "abortive": True,
    "kiriage": False,
}
_MLEAGUE: dict[str, Any] = {
    "yakuman_stack": False,
    "double_yakuman": False,
    "kazoe": True,
    "renhou": "none",
    "red_fives": 3,
    "triple_ron": "allWin",
    "multiple_ron": "headBump",
    "sticks_multi_ron": "nearestWinner",
    "honba_multi_ron": "nearestWinner",
    "pao_stacked": "wholeHand",
    "pao_ron_honba": "discarder",
    "nagashi": True,
    "abortive": True,
    "tobi": False,
    "chombo": "finalPenalty",
    "chombo_points": 20000,
    "tied_places": "shareUma",
    "start": 25000,
    "target": 30000,
    "uma": (30000, 10000, -10000, -30000),
    "leftover": "firstPlace",
}
# Riichi City's ranked rules are Mahjong Soul's but for these.
_RIICHI_CITY: dict[str, Any] = _MAHJONG_SOUL | {
    "triple_ron": "abortive",
    "pao_stacked": "wholeHand",
    "pao_honba_reconstructed": False,
    "target": 30000,
    "uma": (30000, 10000, -10000, -30000),
}
_RIICHI_CITY_THREE: dict[str, Any] = {
    "noten_payment": 2000,
    "start": 35000,
    "target": 40000,
    "goal": 40000,
    "uma": (20000, 0, -20000),
}


def _hanchan(ruleset: str, doc: str, players: int, rules: dict[str, Any]) -> RulesetSpec:
    """A ruleset of hanchan for ``players``, its options from ``rules`` (``_riichi``'s arguments)."""
    return RulesetSpec(ruleset, "riichi", doc, (players,), "hanchan", 1, _riichi(**rules))


_RULESETS = (
    RulesetSpec(
        "tenhou",
        "riichi",
        "Tenhou ranked rules (docs/riichi.md §2, Tenhou column)",
        (4,),
        "hanchan",
        1,
        _riichi(
            yakuman_stack=True,
            double_yakuman=False,
            kazoe=True,
            renhou="none",
            red_fives=3,
            triple_ron="abortive",
            sticks_multi_ron="nearestWinner",
            honba_multi_ron="nearestWinner",
            pao_stacked="wholeHand",
            pao_ron_honba="liable",
            nagashi=True,
            abortive=True,
            tobi=True,
            start=25000,
            target=30000,
            uma=(20000, 10000, -10000, -20000),
            leftover="firstPlace",
            abortive_ends=False,
            extension_hands="likeLastHand",
        ),
        # Until tenhou-sanma was declared, tenhou took three players too: a match recorded so
        # replays under tenhou as it was recorded (tests/test_frozen_stores.py).
        recorded_players=(3,),
        changes=(_TENPAI_STOP, _FINAL_TENTHS),
    ),
    RulesetSpec(
        "tenhou-sanma",
        "riichi",
        "Tenhou ranked three-player rules (docs/riichi.md §4): no 2m-8m, kita, no chi, tsumo loss",
        (3,),
        "hanchan",
        1,
        _riichi(
            yakuman_stack=True,
            double_yakuman=False,
            kazoe=True,
            renhou="none",
            red_fives=3,
            triple_ron="abortive",  # two rons at most: there are only two other players
            sticks_multi_ron="nearestWinner",
            honba_multi_ron="nearestWinner",
            pao_stacked="wholeHand",
            pao_ron_honba="liable",
            noten_payment=2000,
            nagashi=True,
            abortive=True,
            tobi=True,
            start=35000,
            target=40000,
            goal=40000,
            uma=(20000, 0, -20000),
            leftover="firstPlace",
            abortive_ends=False,
            extension_hands="likeLastHand",
        ),
        changes=(_TENPAI_STOP, _FINAL_TENTHS),
    ),
    RulesetSpec(
        "mahjongsoul",
        "riichi",
        "Mahjong Soul ranked (docs/riichi.md §2)",
        (4,),
        "hanchan",
        1,
        _riichi(**_MAHJONG_SOUL),
        # Until mahjongsoul-sanma was declared, mahjongsoul took three players too: such a match
        # replays under mahjongsoul as it was recorded.
        recorded_players=(3,),
    ),
    RulesetSpec(
        "mahjongsoul-sanma",
        "riichi",
        "Mahjong Soul ranked three-player (docs/riichi.md §2): 35,000 each, 40,000 to end, uma 15/0/-15",
        (3,),
        "hanchan",
        1,
        _riichi(**(_MAHJONG_SOUL | _MAHJONG_SOUL_THREE)),
    ),
    RulesetSpec(
        "ema2016",
        "riichi",
        "EMA Riichi Competition Rules 2016 (docs/riichi.md §2)",
        (4,),
        "hanchan",
        1,
        _riichi(
            yakuman_stack=False,
            double_yakuman=False,
            kazoe=False,
            renhou="mangan",
            red_fives=0,
            triple_ron="allWin",
            sticks_multi_ron="ownBackRestNearest",
            honba_multi_ron="eachWinner",
            pao_stacked="wholeHand",
            pao_ron_honba="discarder",
            nagashi=False,
            abortive=False,
            tobi=False,
            chombo="finalPenalty",  # EMA 2016: 20,000 after uma
            chombo_points=20000,
            tied_places="shareUma",  # EMA 2016: tied players share the uma of the places they tie for
            start=30000,
            target=30000,
            uma=(15000, 5000, -5000, -15000),
            # EMA 2016, 3.6.1 "Winner bonus", under "End of the game": sticks left on the table go to
            # the winner (there is no oka to be that bonus); Pantheon's ema preset the same
            # (riichiGoesToWinner). Tied winners share places, so they split them (docs/riichi.md).
            leftover="firstPlace",
            leftover_from_contents=True,
            time_up="oneMoreHand",  # Pantheon's ema preset: one more hand after time
        ),
    ),
    _hanchan(
        "ema2025", "EMA Riichi Competition Rules 2025 (docs/riichi.md §2; Pantheon's ema2025 preset)", 4, _EMA2025
    ),
    _hanchan(
        "wrc",
        "World Riichi Championship rules (docs/riichi.md §2; Pantheon's wrc preset): EMA 2025 with head bump",
        4,
        _EMA2025 | _WRC,
    ),
    _hanchan(
        "jpml-a",
        "JPML's A rules (docs/riichi.md §2; Pantheon's jpmlA preset): uma by how many end below 30,000",
        4,
        _JPML_A,
    ),
    _hanchan("rrc", "Russian Riichi Championship rules (docs/riichi.md §2; Pantheon's rrc preset)", 4, _RRC),
    _hanchan(
        "mleague",
        "M.League (docs/riichi.md §2; riichi.wiki's M.League page): 25,000 to 30,000, +50/+10/-10/-30",
        4,
        _MLEAGUE,
    ),
    _hanchan(
        "riichicity",
        "Riichi City ranked (docs/riichi.md §2; riichi.wiki's Riichi City page): 25,000 to 30,000, uma 30/10",
        4,
        _RIICHI_CITY,
    ),
    _hanchan(
        "riichicity-sanma",
        "Riichi City ranked three-player (docs/riichi.md §2 and §4): 35,000 to 40,000, uma 20/0/-20",
        3,
        _RIICHI_CITY | _RIICHI_CITY_THREE,
    ),
)
RULESETS = tuple(replace(spec, other_length_units=("tonpuusen",)) for spec in _RULESETS)  # an east-only game too
DEFAULT_RULESET = "tenhou"
