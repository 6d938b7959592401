"""MCR's ruleset, declared once, and its options as a match reads them from its first event."""

from __future__ import annotations

from collections.abc import Mapping

from events.match import MatchStarted, OptionValue
from replay.engine.options import RuleOption, RulesetSpec
from replay.games.mcr.state import McrOptions

DEFAULT_RULESET = "mcr-ema"
RULESETS = (
    RulesetSpec(
        DEFAULT_RULESET,
        "mcr",
        "Chinese Official rules (MCR) as the EMA plays them: 144 tiles with the flowers, the 81 fans, 8 to win "
        "(flowers not counted), 8 from every player and the fans from the discarder or, self-drawn, from each; "
        "a false mahjong pays 10 to each other player; 16 hands, the deal passing every hand, the players changing "
        "places after each wind round (docs/mcr.md)",
        (4,),
        "rounds",
        16,
        (
            RuleOption("mcr.minimum", "int", 8, "Points a win needs, flowers not counted.", minimum=1),
            RuleOption("mcr.base", "int", 8, "What each other player pays a winner besides the fans.", minimum=0),
            RuleOption("mcr.falseWin", "int", 10, "What a false mahjong pays each other player.", minimum=0),
            RuleOption(
                "mcr.seating",
                "str",
                "greenBook",
                "How the players change places between wind rounds: as the Green Book says, or fixed all session.",
                choices=("greenBook", "fixed"),
            ),
        ),
    ),
)


def options_of(started: MatchStarted) -> McrOptions:
    """A match's options as its match_started records them (checked by kind when it started)."""
    return options_from(started.ruleset.options)


def options_from(given: Mapping[str, OptionValue]) -> McrOptions:
    """The typed options of recorded option values, every option read."""

    def number(name: str) -> int:
        value = given[name]
        assert isinstance(value, int)  # the option's kind, checked when the match started
        return value

    seating = given["mcr.seating"]
    assert isinstance(seating, str)
    return McrOptions(number("mcr.minimum"), number("mcr.base"), number("mcr.falseWin"), seating)
