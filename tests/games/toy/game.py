"""Tsuki-awase, declared once: the registry finds it here through ``TAIKYOKU_GAMES=tests.games.toy``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from events.cards import DECK
from replay.engine.game import Game, GameRules
from tests.games.toy.rules import RULESETS

if TYPE_CHECKING:
    from tests.games.toy.rules import ToyResult, ToyRound, ToyState


def _rules() -> GameRules[ToyState, ToyRound, ToyResult]:
    from replay.games.hanafuda import drawing  # the deck's cards, as the pages draw them
    from tests.games.toy import rules

    return GameRules(
        projection=rules.projection,
        drawing=drawing.DRAWING,
        view=rules.View(),
        parse_result_line=rules.parse_result_line,
        takes_another_result=rules.takes_another_result,
        result_of=rules.result_of,
        simulate=rules.simulate,
        entry=rules.Entry(),
        legal_moves=rules.legal_moves,
        review=rules.Review(),
        layout=rules.layout,
        builders=rules.BUILDERS,
    )


GAME = Game(
    name="toy",
    title="Tsuki-awase",
    round_word="round",
    players=(2,),
    default_players=("Dealer", "Other"),
    pieces=len(DECK),
    rulesets=RULESETS,
    default_ruleset="toy-standard",
    load=_rules,
    stats_section=("toy",),
    page_package="tests.games.toy",
)
