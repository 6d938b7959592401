"""Rulesets as data: every option each game's rules can take, with its default and source.

A match records its ruleset id and *every* option value in ``match_started``; replay reads
them from there, never from these defaults, so changing a default here never changes the
result of a match already recorded. Options marked ``reconstruction`` are points the
sources leave open (see docs/rules.md); their defaults are the proposals of the rules notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from events.match import GameName, MatchLength, MatchStarted, OptionValue

Confidence = Literal["high", "medium", "low"]
Kind = Literal["bool", "int", "str", "list", "ints"]


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One named rule option. ``default`` None means the players must choose it."""

    name: str
    kind: Kind
    default: OptionValue | None
    doc: str
    choices: tuple[str, ...] = ()
    confidence: Confidence = "high"
    reconstruction: bool = False
    minimum: int | None = None

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed for this option, or None."""
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.kind == "str":
            ok = isinstance(value, str)
        elif self.kind == "ints":
            ok = isinstance(value, tuple | list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        else:
            ok = isinstance(value, tuple | list) and all(isinstance(v, str) for v in value)
        if not ok:
            return f"option {self.name} takes a {self.kind}, not {value!r}"
        if self.kind == "str" and self.choices and value not in self.choices:
            return f"option {self.name} must be one of {', '.join(self.choices)}; got {value!r}"
        if self.kind == "list" and self.choices and isinstance(value, tuple | list):
            bad = [v for v in value if v not in self.choices]
            if bad:
                return f"option {self.name} may hold only {', '.join(self.choices)}; got {bad[0]!r}"
        if self.kind == "int" and self.minimum is not None and isinstance(value, int) and value < self.minimum:
            return f"option {self.name} must be at least {self.minimum}; got {value!r}"
        return None

    def parse(self, text: str) -> OptionValue:
        """Read a value typed on the command line (``--option name=text``)."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"option {self.name} takes true or false; got {text!r}")
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number; got {text!r}") from None
        if self.kind == "list":
            return tuple(part.strip() for part in text.split(",") if part.strip())
        if self.kind == "ints":
            try:
                return tuple(int(part) for part in text.split(",") if part.strip())
            except ValueError:
                raise ValueError(f"option {self.name} takes whole numbers separated by commas; got {text!r}") from None
        return text


@dataclass(frozen=True, slots=True)
class RulesetSpec:
    id: str
    game: GameName
    doc: str
    players: tuple[int, ...]
    length_unit: Literal["rounds", "hanchan", "tonpuusen"]
    default_length: int
    options: tuple[RuleOption, ...]

    def option(self, name: str) -> RuleOption | None:
        by_name = _OPTIONS_BY_NAME.get(self.id)
        if by_name is None:
            by_name = _OPTIONS_BY_NAME[self.id] = {option.name: option for option in self.options}
        return by_name.get(name)

    def defaults(self) -> dict[str, OptionValue | None]:
        return {o.name: o.default for o in self.options}


_OPTIONS_BY_NAME: dict[str, dict[str, RuleOption]] = {}  # by ruleset id: every match_started looks its options up


def _opt(name: str, kind: Kind, default: OptionValue | None, doc: str, **extra: object) -> RuleOption:
    return RuleOption(name, kind, default, doc, **extra)  # type: ignore[arg-type]


# hanafuda.md §3.8. The yaku set is chosen per round (a `tensho.yaku_set_chosen` event) and the
# number of rounds is the match length, so neither is an option here.
TENSHO_OPTIONS = (
    _opt(
        "tensho.back2Card",
        "str",
        "swallow",
        "Willow card in the back One-Two-Three and One-Two-Ten",
        choices=("swallow", "rainman"),
    ),
    _opt(
        "tensho.tenHorseKing",
        "str",
        "peony",
        "Card of 11 in Ten Horse King: Peony, or the Chrysanthemum variant on both sides or on the back only",
        choices=("peony", "chrysanthemum", "chrysanthemumBackOnly"),
        confidence="medium",
    ),
    _opt(
        "tensho.compoundYaku",
        "str",
        "supersede",
        "Whether Eight Islands King and Women Young and Old replace the three-card yaku they contain, or add to them",
        choices=("supersede", "stack"),
        confidence="medium",
        reconstruction=True,
    ),
    _opt(
        "tensho.phoenixDealtToField",
        "str",
        "uncapturable",
        "What happens to a Phoenix dealt to the field",
        choices=("uncapturable", "dealerCaptures", "dealerMayTakeInsteadOfPlay"),
    ),
    _opt(
        "tensho.dealerTripleOption", "bool", True, "The dealer may take 2 of 3 same-suit field cards, then plays second"
    ),
    _opt(
        "tensho.fourOfSuitOnField",
        "str",
        "misdeal",
        "Four cards of one suit dealt to the field",
        choices=("misdeal", "dealerTakesAll"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "capture.twoMatches",
        "str",
        "choose",
        "A card matching two field cards: the player chooses one",
        choices=("choose",),
        confidence="medium",
    ),
    _opt(
        "capture.threeMatches",
        "str",
        "takeAll",
        "A card matching three field cards takes all three",
        choices=("takeAll",),
        confidence="medium",
    ),
    _opt("capture.mandatoryIfMatch", "bool", True, "A matching card must capture", confidence="medium"),
    _opt(
        "tensho.tieBreak",
        "list",
        ("yakuPoints", "chaffCount", "cardValueSum", "draw"),
        "Tie-break tiers in order; the last says what a full tie does (draw: dealer keeps the deal)",
        choices=("yakuPoints", "chaffCount", "cardValueSum", "draw", "dealerWins"),
        reconstruction=True,
    ),
    _opt(
        "tensho.roundScore",
        "str",
        "roundsWon",
        "What a won round adds to the standings",
        choices=("roundsWon", "winnerYakuTotal", "yakuDifference"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "tensho.instantWinValue",
        "int",
        300,
        "Points of an Instant Win under winnerYakuTotal or yakuDifference",
        confidence="low",
        reconstruction=True,
        minimum=0,
    ),
)

# hanafuda.md §4.3. teyakuMode has no default: the source does not know the rule, so the
# players must say which they play.
SENDAI_OPTIONS = (
    _opt("sendai.misdealFourOnField", "bool", True, "Four cards of one month on the field is a misdeal"),
    _opt(
        "sendai.turnOrder",
        "str",
        "anticlockwise",
        "Play runs anticlockwise from the dealer",
        choices=("anticlockwise",),
        confidence="medium",
    ),
    _opt(
        "sendai.chaffThresholdBySeat",
        "ints",
        (7, 8, 9),
        "Chaff needed for the Chaff yaku by turn order: dealer, 2nd, 3rd",
    ),
    _opt(
        "sendai.sakeCupCountsAsChaff",
        "bool",
        False,
        "The Sake Cup also counts as a chaff",
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.willowCardsCountAsRibbons",
        "bool",
        False,
        "Every Willow card counts toward ribbon yaku",
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.teyakuMode",
        "str",
        None,
        "What exposing a teyaku does: paid and play continues, or the round ends",
        choices=("claimAndContinue", "winRound"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.teyakuGroupExclusive",
        "bool",
        True,
        "Only the single best teyaku of a hand counts",
        confidence="medium",
        reconstruction=True,
    ),
    _opt(
        "sendai.fourOfAKindCountsAsTwoPairs",
        "bool",
        False,
        "Four of a month can make two of Three Pairs' pairs",
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.koiKoi.forfeitOnOpponentStop",
        "bool",
        True,
        "A player who went on loses his dekiyaku when an opponent stops",
    ),
    _opt(
        "sendai.koiKoi.multipliers",
        "str",
        "none",
        "Koi-Koi's doubling multipliers",
        choices=("none", "koikoi"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.exhaustiveDraw",
        "str",
        "noScore_dealerStays",
        "Nobody stopped before the hands ran out",
        choices=("noScore_dealerStays", "dealerPrivilege"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.payment",
        "str",
        "stopperScores",
        "The stopper adds his total, or each opponent pays it",
        choices=("stopperScores", "eachOpponentPays"),
        confidence="low",
        reconstruction=True,
    ),
    _opt(
        "sendai.nextDealer",
        "str",
        "roundWinner",
        "Who deals next",
        choices=("roundWinner",),
        confidence="low",
        reconstruction=True,
    ),
)


# riichi.md §2, one column per ruleset. Open cells are options with the notes' proposals.
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
    nagashi: bool,
    abortive: bool,
    tobi: bool,
    start: int,
    target: int,
    uma: tuple[int, ...],
    leftover: str,
) -> tuple[RuleOption, ...]:
    return (
        _opt("riichi.yakumanStacking", "bool", yakuman_stack, "Different yakuman in one hand add up"),
        _opt(
            "riichi.doubleYakuman",
            "bool",
            double_yakuman,
            "13-sided kokushi, suuankou tanki, junsei chuuren and daisuushi count double",
        ),
        _opt("riichi.kazoeYakuman", "bool", kazoe, "13+ han without a yakuman is a yakuman (else sanbaiman)"),
        _opt(
            "riichi.kiriageMangan", "bool", False, "4 han 30 fu and 3 han 60 fu round up to mangan", confidence="medium"
        ),
        _opt(
            "riichi.renhou",
            "str",
            renhou,
            "Renhou: not a yaku, or a mangan not cumulative with anything",
            choices=("none", "mangan"),
        ),
        _opt("riichi.redFives", "int", red_fives, "Red fives in the set (one each of 5m, 5p, 5s)", minimum=0),
        _opt("riichi.openTanyao", "bool", True, "Tanyao counts in an open hand"),
        _opt("riichi.tripleRon", "str", triple_ron, "Three players ron one tile", choices=("abortive", "allWin")),
        _opt(
            "riichi.multiRonSticks",
            "str",
            sticks_multi_ron,
            "Who takes the riichi sticks on a multiple ron",
            choices=("nearestWinner", "ownBackRestNearest"),
        ),
        _opt(
            "riichi.multiRonHonba",
            "str",
            honba_multi_ron,
            "Who takes the honba on a multiple ron",
            choices=("nearestWinner", "eachWinner"),
            reconstruction=honba_multi_ron != "nearestWinner",
        ),
        _opt(
            "riichi.paoWithStackedYakuman",
            "str",
            pao_stacked,
            "On tsumo, the liable player pays the whole hand or only the pao yakuman",
            choices=("wholeHand", "paoYakumanOnly"),
        ),
        _opt("riichi.nagashiMangan", "bool", nagashi, "Nagashi mangan is paid at an exhaustive draw"),
        _opt(
            "riichi.abortiveDraws",
            "bool",
            abortive,
            "Kyuushu kyuuhai, four riichi, four kans and four winds abort the hand",
        ),
        _opt("riichi.tobi", "bool", tobi, "The game ends when a player goes below zero"),
        _opt(
            "riichi.westExtension",
            "bool",
            tobi,
            "If nobody has the return points after the last hand, play on into the next wind until someone does",
        ),
        _opt(
            "riichi.leaderStops",
            "bool",
            tobi,
            "A last-hand dealer who keeps the deal while alone in first place with the return points ends the game",
        ),
        _opt("riichi.startingPoints", "int", start, "Points each player starts with", minimum=0),
        _opt("riichi.returnPoints", "int", target, "Points returned for oka (oka = 4 x (return - start))", minimum=0),
        _opt("riichi.uma", "ints", uma, "Uma for 1st to 4th place, in points"),
        _opt(
            "riichi.leftoverSticks",
            "str",
            leftover,
            "Riichi sticks left on the table at the end",
            choices=("firstPlace", "lost"),
            reconstruction=leftover == "lost",
        ),
    )


RULESETS: tuple[RulesetSpec, ...] = (
    RulesetSpec(
        "tensho-fudawiki",
        "tensho",
        "Tensho as on fudawiki's Tensho page (hanafuda.md §3)",
        (2,),
        "rounds",
        6,
        TENSHO_OPTIONS,
    ),
    RulesetSpec(
        "sendai-fudawiki",
        "sendai",
        "Sendai-hana as on fudawiki's Sendai-hana page (hanafuda.md §4)",
        (3,),
        "rounds",
        12,
        SENDAI_OPTIONS,
    ),
    RulesetSpec(
        "tenhou",
        "riichi",
        "Tenhou ranked rules (riichi.md §2, Tenhou column)",
        (4, 3),
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
            nagashi=True,
            abortive=True,
            tobi=True,
            start=25000,
            target=30000,
            uma=(20000, 10000, -10000, -20000),
            leftover="firstPlace",
        ),
    ),
    RulesetSpec(
        "mahjongsoul",
        "riichi",
        "Mahjong Soul ranked (riichi.md §2)",
        (4, 3),
        "hanchan",
        1,
        _riichi(
            yakuman_stack=True,
            double_yakuman=True,
            kazoe=True,
            renhou="none",
            red_fives=3,
            triple_ron="allWin",
            sticks_multi_ron="nearestWinner",
            honba_multi_ron="nearestWinner",
            pao_stacked="paoYakumanOnly",
            nagashi=True,
            abortive=True,
            tobi=True,
            start=25000,
            target=25000,
            uma=(15000, 5000, -5000, -15000),
            leftover="firstPlace",
        ),
    ),
    RulesetSpec(
        "ema2016",
        "riichi",
        "EMA Riichi Competition Rules 2016 (riichi.md §2)",
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
            nagashi=False,
            abortive=False,
            tobi=False,
            start=30000,
            target=30000,
            uma=(15000, 5000, -5000, -15000),
            leftover="lost",
        ),
    ),
)

DEFAULT_RULESET: dict[GameName, str] = {"tensho": "tensho-fudawiki", "sendai": "sendai-fudawiki", "riichi": "tenhou"}


def ruleset(ruleset_id: str) -> RulesetSpec | None:
    return next((r for r in RULESETS if r.id == ruleset_id), None)


def ruleset_ids(game: GameName | None = None) -> list[str]:
    return [r.id for r in RULESETS if game is None or r.game == game]


def check_match_started(started: MatchStarted) -> tuple[str, str] | None:
    """(code, reason) when ``match_started`` names an unknown ruleset or bad options, players or length."""
    spec = ruleset(started.ruleset.id)
    if spec is None or spec.game != started.game:
        return (
            "match.ruleset.unknown",
            f"ruleset {started.ruleset.id!r} is not a {started.game} ruleset; "
            f"use one of: {', '.join(ruleset_ids(started.game))}",
        )
    options = started.ruleset.options
    for name in options:
        if spec.option(name) is None:
            return "match.option.unknown", f"ruleset {spec.id} has no option {name!r}; known: " + ", ".join(
                o.name for o in spec.options
            )
    for option in spec.options:
        if option.name not in options:
            return (
                "match.option.missing",
                f"option {option.name} is missing; every option is recorded in match_started"
                + ("" if option.default is None else f" (the default is {option.default!r})"),
            )
        problem = option.check(options[option.name])
        if problem is not None:
            return "match.option.invalid", problem
    count = len(started.players)
    if count not in spec.players:
        return "match.players.count", f"{spec.id} is played by {' or '.join(map(str, spec.players))}, not {count}"
    if sorted(p.seat for p in started.players) != list(range(count)):
        return "match.players.seats", f"seats must be 0 to {count - 1}, each once"
    if len({p.name for p in started.players}) != count:
        return "match.players.names", "two players have the same name; give each a different name"
    if started.first_dealer >= count:
        return "match.seat.unknown", f"first_dealer {started.first_dealer} is not a seat (0 to {count - 1})"
    units = ("hanchan", "tonpuusen") if spec.game == "riichi" else (spec.length_unit,)
    if started.length.unit not in units:
        return "match.length.unit", f"a {spec.game} match is measured in {spec.length_unit}, not {started.length.unit}"
    return None


def default_length(spec: RulesetSpec) -> MatchLength:
    return MatchLength(unit=spec.length_unit, count=spec.default_length)


def markdown() -> str:
    """docs/rules.md: every ruleset and option, reconstructions marked (a test keeps it current)."""
    lines = [
        "# Rulesets and rule options",
        "",
        "Generated by `taikyoku rules --markdown` from `replay/rules.py`; a test fails when it drifts.",
        "",
        "Every option is recorded in full in a match's `match_started` event, so a replay reads the",
        "rules the table agreed on, never today's defaults. An option marked **RECONSTRUCTION** is a",
        "point the sources leave open (see `../shared/rules/`): its default is the proposal of the rules",
        "notes, and a table that plays it differently says so with `--option name=value` at `taikyoku new`.",
        "An option with no default must be chosen when the match is created.",
        "",
    ]
    for spec in RULESETS:
        lines += [
            f"## `{spec.id}` ({spec.game})",
            "",
            f"{spec.doc}. Players: {' or '.join(map(str, spec.players))}. "
            f"Length: {spec.default_length} {spec.length_unit} unless `--length` says otherwise.",
            "",
            "| option | default | choices | confidence | what it decides |",
            "|---|---|---|---|---|",
        ]
        for option in spec.options:
            default = "*(must be chosen)*" if option.default is None else f"`{_show(option.default)}`"
            choices = ", ".join(f"`{c}`" for c in option.choices) or option.kind
            note = " **RECONSTRUCTION**" if option.reconstruction else ""
            lines.append(f"| `{option.name}` | {default} | {choices} | {option.confidence}{note} | {option.doc} |")
        lines.append("")
    return "\n".join(lines)


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)
