"""Table mode's words for Tensho: the yaku set, the dealer's triple, and the fishing turn."""

from __future__ import annotations

from events.cards import BY_ID
from events.errors import InputError
from replay.engine.game import Question
from replay.games.hanafuda.entry import FishingTable
from replay.games.tensho.fold import legal_moves, triple_choices
from replay.games.tensho.scoring import TENSHO_IDS
from replay.games.tensho.state import TenshoState


class TenshoTable(FishingTable[TenshoState]):
    @property
    def help(self) -> tuple[str, ...]:
        return (
            *super().help,
            "1 or 2 for the yaku set",
            "or, instead of a deal and its moves, each seat's captured cards: pine-crane 01-1 ... / 12-0 ...",
        )

    def deck(self, state: TenshoState) -> list[str]:
        return [c for c in BY_ID if c in TENSHO_IDS]

    def question(self, state: TenshoState) -> Question | None:
        rnd, names = state.round, state.names
        if rnd is not None and rnd.phase == "play" and rnd.opening:
            pairs = triple_choices(rnd)
            if pairs:
                shown = "; ".join(f"triple {a} {b}" for a, b in pairs)
                return (
                    "triple",
                    f"{names[rnd.dealer]} may take two of the triple: {shown}; or pass",
                    frozenset({"triple"}),
                )
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "set":
            return None
        if head in ("1", "2"):
            return ["yaku-set", head, *rest]
        raise InputError("choose the yaku set first: 1 (shichi-bu yaku) or 2 (han yaku)")

    def decision_words(self, phase: str) -> list[str] | None:
        return ["1", "2"] if phase == "set" else None

    def opening_words(self) -> list[str]:
        return ["triple"]


ENTRY = TenshoTable(legal_moves)
