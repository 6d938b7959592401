"""The games and their rules as an adapter (the CLI, the served pages) shows and parses them: the
registry of games (each declared once in ``replay/games``), the rulesets and their options, and
the names of pieces a person types (Tensho's deck, Sendai-hana's teyaku, riichi's winds). Read
only: what an adapter may ask of the rules without recording anything."""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from replay.engine.game import Game
from replay.engine.options import RulesetSpec, show_value
from replay.games import GAMES, markdown, ruleset, ruleset_ids, rulesets

__all__ = ["GAMES", "Game", "RulesetSpec", "markdown", "ruleset", "ruleset_ids", "rulesets", "show_value"]


def check_game_name(name: str, flag: str = "--game") -> str:
    """``name`` if it is a game's, else a one-line refusal that lists them."""
    if name not in GAMES:
        names = list(GAMES)
        raise InputError(f"{flag} is {', '.join(names[:-1])} or {names[-1]}, not {name!r}")
    return name


def hanafuda_games() -> frozenset[str]:
    """The games played by matching cards on a field (Tensho, Sendai-hana)."""
    return frozenset(name for name, game in GAMES.items() if game.fishing is not None)


def tensho_deck() -> frozenset[str]:
    """The cards of Tensho's own deck (the Mekuri cards it plays with)."""
    from replay.games.tensho.scoring import TENSHO_IDS

    return frozenset(TENSHO_IDS)


def teyaku_keys() -> dict[str, Any]:
    """Sendai-hana's teyaku by the key a person types."""
    from replay.games.sendai.scoring import TEYAKU_BY_KEY

    return dict(TEYAKU_BY_KEY)


def teyaku_held(hand: Any, *, four_as_two_pairs: bool) -> list[Any]:
    """The teyaku a dealt Sendai-hana hand makes, best first."""
    from replay.games.sendai.scoring import teyaku_held as held

    return list(held(hand, four_as_two_pairs=four_as_two_pairs))


def triple_choices(rnd: Any) -> list[tuple[str, str]]:
    """Tensho: the pairs of a same-suit triple on the field the dealer may take."""
    from replay.games.tensho.fold import triple_choices as choices

    return choices(rnd)


def field_matches(card: str, field: Any) -> list[str]:
    """The field cards of ``card``'s month."""
    from replay.games.hanafuda.fishing import matches

    return list(matches(card, field))


def wind_name(wind: str) -> str:
    """A riichi round wind (E, S, W, N) in words."""
    from replay.games.riichi.view import WIND_NAMES

    return str(WIND_NAMES[wind])
