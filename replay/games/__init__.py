"""The games, each declared once in its own package (``replay/games/<game>/``), and their rulesets.

Every game package has the same module names: ``game`` (its descriptor), ``options``, ``state``,
``fold``, ``scoring``, ``view``, ``result_line`` and ``simulate``; riichi adds its own. Rulesets
are data, so they are gathered here without loading any game's fold.
"""

from __future__ import annotations

from typing import Any

from events.match import GameName
from replay.engine.fold import Projection
from replay.engine.options import RulesetSpec
from replay.engine.options import markdown as _markdown
from replay.games.riichi import options as _riichi
from replay.games.sendai import options as _sendai
from replay.games.tensho import options as _tensho

RULESETS: tuple[RulesetSpec, ...] = (*_tensho.RULESETS, *_sendai.RULESETS, *_riichi.RULESETS)
DEFAULT_RULESET: dict[GameName, str] = {
    "tensho": _tensho.DEFAULT_RULESET,
    "sendai": _sendai.DEFAULT_RULESET,
    "riichi": _riichi.DEFAULT_RULESET,
}


def ruleset(ruleset_id: str) -> RulesetSpec | None:
    return next((r for r in RULESETS if r.id == ruleset_id), None)


def ruleset_ids(game: GameName | None = None) -> list[str]:
    return [r.id for r in RULESETS if game is None or r.game == game]


def rulesets_of(game: GameName) -> tuple[RulesetSpec, ...]:
    return tuple(r for r in RULESETS if r.game == game)


def markdown() -> str:
    """docs/rules.md: every ruleset and option, reconstructions marked (a test keeps it current)."""
    return _markdown(RULESETS)


def projection_for(game: GameName) -> Projection[Any]:
    """The fold of ``game``'s matches (each game's projection wraps the match-level one)."""
    if game == "tensho":
        from replay.games.tensho.fold import TenshoProjection

        return TenshoProjection()
    if game == "riichi":
        from replay.games.riichi.fold import RiichiProjection

        return RiichiProjection()
    from replay.games.sendai.fold import SendaiProjection

    return SendaiProjection()
