"""Table mode's words for Sendai-hana: a teyaku shown, go or stop, and the fishing turn."""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from replay.engine.game import Question
from replay.games.hanafuda.entry import FishingTable
from replay.games.sendai.fold import legal_moves
from replay.games.sendai.scoring import teyaku_held


class SendaiTable(FishingTable):
    def question(self, state: Any) -> Question | None:
        rnd, names = state.round, state.names
        if rnd.phase == "play" and rnd.opening and state.options is not None:
            for seat, hand in enumerate(rnd.dealt):
                held = [t for t in teyaku_held(hand, four_as_two_pairs=state.options.four_as_two_pairs)
                        if t.key not in rnd.exposed[seat]]  # fmt: skip
                if held:
                    offer = "; ".join(f"expose {t.key} --seat {seat}" for t in held)
                    return (
                        f"teyaku-{seat}",
                        f"{names[seat]} holds {held[0].name}: {offer}; or pass",
                        frozenset({"expose"}),
                    )
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "decide":
            return None
        if head in ("go", "koikoi", "koi-koi"):
            return ["koikoi"]
        if head == "stop":
            return ["stop"]
        raise InputError("a new dekiyaku: say go or stop")

    def decision_words(self, phase: str) -> list[str] | None:
        return ["go", "stop"] if phase == "decide" else None

    def opening_words(self) -> list[str]:
        return ["expose"]


ENTRY = SendaiTable(legal_moves)
