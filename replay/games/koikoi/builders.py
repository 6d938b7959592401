"""Koi-koi's verbs: the hanafuda games' (``replay/games/hanafuda/builders.py``); what is its own
(go and stop, a teyaku shown, the misdeal) is declared by its game (``Game.declared``)."""

from __future__ import annotations

from replay.engine.intents import Builder
from replay.games.hanafuda import builders as hanafuda

BUILDERS: dict[str, Builder] = dict(hanafuda.BUILDERS)
